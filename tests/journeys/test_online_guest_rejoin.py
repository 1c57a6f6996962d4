"""Journey (issue 38): a guest closes its game and comes back by Rejoin, with no new code.

Two game windows under one Xvfb over magic-wormhole with its servers on 127.0.0.1,
joined and played as in test_online.py (tests/journeys/online_steps.py) until the
guest has played a card. Then the guest leaves as a player does (its table's Menu
-> Quit to menu, then Quit on the main menu: the game closes). Its data folder
keeps the seat's rejoin code; the host's seat waits on it. The guest starts its
game again, opens Join online, which offers Rejoin, clicks it, and is back at its
seat with its own hand; both play on until the guest has played another card and
seen a move of the host's. Screenshots of both windows, in English and Chinese;
the time from the Rejoin click to the guest's table is printed (``pytest -s``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from game.online import available
from journeys.driver import Display, Game, button, has_button, state
from journeys.online_steps import (
    GUEST,
    SIZE,
    both_shots,
    front,
    leave_table,
    play_until,
    seat_the_guest,
)

pytestmark = pytest.mark.skipif(not available(), reason='needs pip install -e ".[online,online-servers]"')


def _kept(guest: Game) -> str:
    """The rejoin code the guest's game keeps in its data folder ("" for none)."""
    path = guest.home / "data" / "online_seat.json"
    return str(json.loads(path.read_text("utf-8"))["code"]) if path.exists() else ""


@pytest.mark.parametrize(("lang", "seed"), [("en", 80), ("zh", 15)])
def test_online_guest_closes_its_game_and_rejoins_without_a_new_code(
        display: Display, tmp_path: Path, servers: Any, lang: str, seed: int) -> None:
    host = Game(display, tmp_path / "host", f"online_rejoin_{lang}_host")
    guest = Game(display, tmp_path / "guest", f"online_rejoin_{lang}_guest")
    try:
        seat_the_guest(host, guest, lang, seed)
        guest_played, _ = play_until(host, guest)
        assert guest_played, "the guest never played a card before leaving"
        kept = _kept(guest)
        assert kept, "the guest's game kept no rejoin code"
        saved = host.autosave()
        assert saved["config"]["online_rejoin"][GUEST] == kept  # the one the host waits on

        # The guest leaves its table and closes its game.
        leave_table(guest)
        p = guest.probe()
        front(guest)
        guest.click(button(p, "menu.quit")["rect"])
        assert guest.stop() == 0
        assert _kept(guest) == kept, "closing the game forgot the kept seat"
        front(host)
        host.shot("the guest has left")

        # The guest starts its game again: Join online offers Rejoin.
        guest.start("--lang", lang, "--size", SIZE)
        guest.xdo("windowmove", guest.window, "560", "340", check=False)
        front(guest)
        guest.click(button(guest.probe(), "menu.join_online")["rect"])
        p = guest.wait(lambda p: p["scene"] == "OnlineGuestScene"
                       and has_button(p, "online.rejoin_button"), "Join online with Rejoin")
        front(guest)
        guest.shot("Join online offers Rejoin")
        clicked = time.monotonic()
        guest.click(button(p, "online.rejoin_button")["rect"])
        p = guest.wait(lambda p: p["scene"] == "TableScene", "the guest's table again", 60)
        print(f"\n[{lang}] the guest's table came back {time.monotonic() - clicked:.2f} s "
              "after its Rejoin click (no code typed)")
        p = guest.wait(lambda p: p["table"]["link"]["status"] == "connected"
                       and bool(state(p)["hand_sizes"]), "the guest's seat", 30, fresh=False)
        front(guest)
        guest.shot("back at the table by Rejoin")

        guest_played, host_seen = play_until(host, guest)
        both_shots(host, guest, "played on")
        assert guest_played, "the guest never played a card after Rejoin"
        assert host_seen, "the guest never saw the host's move after Rejoin"
        assert _kept(guest) not in ("", kept), "no fresh rejoin code kept after Rejoin"
    finally:
        guest.kill()
        host.kill()
