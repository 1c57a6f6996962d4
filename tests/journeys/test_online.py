"""Journey (issue 38): two game windows under one Xvfb, a host and a guest, over
magic-wormhole with its servers on 127.0.0.1 (game/online/selfhost.py;
UNO_ONLINE_SERVER / UNO_ONLINE_RELAY point both games at them). The steps are
tests/journeys/online_steps.py's, shared with test_online_continue.py.

The host: New game with an Online seat -> Start -> the online join screen shows
the seat's code. The guest: Join online -> the code typed with xdotool (spaces for
dashes) -> Enter -> its own table, waiting. The host presses Start; both play until
the guest has played a card and has seen a move of the host's. Screenshots of both
windows, in English and in Chinese. Skipped without the online extras.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.online import available
from journeys.driver import Display, Game
from journeys.online_steps import front, play_until, seat_the_guest

pytestmark = pytest.mark.skipif(not available(), reason='needs pip install -e ".[online,online-servers]"')


# Seed 80 turns up a Wild first with the guest on turn: the guest names its colour
# through the host (S4); seed 15 has the host do it. Both then play on.
@pytest.mark.parametrize(("lang", "seed"), [("en", 80), ("zh", 15)])
def test_online_host_and_guest_windows(display: Display, tmp_path: Path, servers: Any,
                                       lang: str, seed: int) -> None:
    host = Game(display, tmp_path / "host", f"online_{lang}_host")
    guest = Game(display, tmp_path / "guest", f"online_{lang}_guest")
    try:
        seat_the_guest(host, guest, lang, seed)
        guest_played, host_seen = play_until(host, guest)
        front(host)
        host.shot("the host's table")
        front(guest)
        guest.shot("the guest's table")
        assert guest_played, "the guest never played a card"
        assert host_seen, "the guest never saw the host's move"
    finally:
        guest.kill()
        host.kill()
