"""Journey (issue 38): the host quitting and Continuing brings the guest back on its own.

Two game windows under one Xvfb over magic-wormhole with its servers on 127.0.0.1,
joined and played as in test_online.py (tests/journeys/online_steps.py) until the
guest has played a card. Then the host quits the match as a player does (the
table's Menu -> Quit to menu -> yes): the match is autosaved with the seat's rejoin
code and the guest is told ``bye paused``; the guest's table says the host paused.
The host presses Continue on the main menu: the online seat opens with the saved
rejoin code (no code to read out) and the guest's game pairs with it by itself,
with no input on the guest's window. The host presses Start on the online join
screen, and both play on until the guest has played one more card and seen a move
of the host's. Screenshots of both windows at each step, in English and Chinese;
the time from the host's Continue click to the guest being back is printed
(``pytest -s``).
"""

from __future__ import annotations

import re
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from game.i18n import tl
from game.online import available
from journeys.driver import Display, Game, button, has_button, state
from journeys.online_steps import GUEST, both_shots, front, leave_table, play_until, seat_the_guest

pytestmark = pytest.mark.skipif(not available(), reason='needs pip install -e ".[online,online-servers]"')

BACK_LINE = "online guest: back at the host's table by the rejoin code"


def _link(p: dict[str, Any]) -> dict[str, str]:
    """The guest's link to the host as its table reports it (status, standing line)."""
    link: dict[str, str] = p["table"]["link"]
    return link


def _back_in_log(guest: Game) -> float | None:
    """When the guest's game logged that it was back at the host's table (epoch s)."""
    path = guest.home / "logs" / "uno-game.log"
    text = path.read_text("utf-8", errors="replace") if path.exists() else ""
    for line in text.splitlines():
        if BACK_LINE in line:
            stamp = re.match(r"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3})", line)
            if stamp:
                return datetime.strptime(stamp.group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
    return None


# Seeds where the round runs long enough for a card of the guest's before the host
# quits and another after it Continues (80: a Wild first, the guest names its colour;
# 15: the host does).
@pytest.mark.parametrize(("lang", "seed"), [("en", 80), ("zh", 15)])
def test_online_host_quits_and_continue_brings_the_guest_back(
        display: Display, tmp_path: Path, servers: Any, lang: str, seed: int) -> None:
    host = Game(display, tmp_path / "host", f"online_continue_{lang}_host")
    guest = Game(display, tmp_path / "guest", f"online_continue_{lang}_guest")
    try:
        seat_the_guest(host, guest, lang, seed)
        guest_played, _ = play_until(host, guest)
        assert guest_played, "the guest never played a card before the host quit"
        both_shots(host, guest, "before the host quits")

        # The host quits the match as a player does: Menu -> Quit to menu -> yes.
        assert leave_table(host, ask_shot="the quit question"), "the host was not asked"
        p = host.wait(lambda p: p["scene"] == "MenuScene" and button(p, "menu.continue")["enabled"],
                      "the main menu with Continue")
        saved = host.autosave()
        assert saved["config"]["online_rejoin"][GUEST], "no rejoin code kept in the autosave"

        # The guest's table says the host paused (status paused, the standing line).
        paused_line = tl(lang, "online.host_paused")
        p = guest.wait(lambda p: _link(p) == {"status": "paused", "notice": paused_line},
                       "the guest told the host paused", 30, fresh=False)
        inputs, at_quit = p["inputs"], state(p)  # the last table stays while it waits
        both_shots(host, guest, "the host paused")

        # The host presses Continue: the online seat opens with the saved rejoin code.
        front(host)
        p = host.probe()
        clicked = time.monotonic()
        clicked_wall = time.time()
        host.click(button(p, "menu.continue")["rect"])
        p = host.wait(lambda p: p["scene"] == "OnlineJoinScene", "the online join screen", 30)
        seen = p["online"]["states"][str(GUEST)]
        assert p["online"]["codes"][str(GUEST)] == "", "a code to read out after Continue"
        host.shot(f"after Continue ({seen})")

        # The guest comes back by itself: nothing typed or clicked on its window.
        p = guest.wait(lambda p: _link(p)["status"] == "connected", "the guest back", 60,
                       fresh=False)
        shown = time.monotonic() - clicked
        logged = _back_in_log(guest)
        paired = logged - clicked_wall if logged is not None else float("nan")
        print(f"\n[{lang}] the guest was back {paired:.2f} s after the host's Continue click "
              f"(its log); its table's probe showed it {shown:.2f} s after, once the "
              f"change's toast had gone ({_link(p)['notice'] or 'no standing line'}); "
              f"the host's seat was {seen!r} on its first probe")
        assert p["inputs"] == inputs, "the guest's window was given input"
        assert _link(p)["notice"] in ("", tl(lang, "online.wait_start"))
        both_shots(host, guest, "the guest is back")

        p = host.wait(lambda p: GUEST in p["online"]["joined"] and has_button(p, "party.start"),
                      "the guest joined again", 30)
        front(host)  # (the guest's window overlaps the host's Start)
        host.click(button(p, "party.start")["rect"])
        host.wait(lambda p: p["scene"] == "TableScene", "the host's table again")
        p = guest.wait(lambda p: _link(p) == {"status": "connected", "notice": ""},
                       "the guest's table running again", 30, fresh=False)
        assert p["inputs"] == inputs, "the guest's window was given input"
        assert (state(p)["hand_sizes"], state(p)["top"]) == (at_quit["hand_sizes"], at_quit["top"])
        both_shots(host, guest, "the match runs again")

        guest_played, host_seen = play_until(host, guest)
        both_shots(host, guest, "played on")
        assert guest_played, "the guest never played a card after Continue"
        assert host_seen, "the guest never saw the host's move after Continue"
        assert _link(guest.probe())["status"] == "connected"
    finally:
        guest.kill()
        host.kill()
