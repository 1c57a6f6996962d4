"""A host's game as a process of its own, for the crash tests of tests/test_online_rejoin.py.

    python tests/online_host_proc.py new|continue --mailbox URL --relay HINT

Runs the real composition root (``game.session.start_session``, autosave on)
in the game home ``UNO_GAME_HOME`` the test gives it, with one online seat
(seat 0) and an easy bot (seat 1). ``new`` prints ``{"code": ...}`` (the code to
read out) and starts the match once the guest is in; ``continue`` loads the
autosave, as the menu's Continue does, prints ``{"continued": N}`` (the actions
so far) and starts it again. Then the frame loop runs until the process is
killed: a crash, with no ``bye`` to anyone.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.config import MatchConfig, SeatConfig  # noqa: E402
from game.party.protocol import new_secret  # noqa: E402
from game.rules.settings import RuleSettings  # noqa: E402
from game.session import start_session  # noqa: E402
from game.storage import saves  # noqa: E402


@dataclass
class Prefs:
    hard_think_ms: int = 0
    anim_speed: str = "off"
    party_bot_after: int = 0  # the match waits for the guest while it is away
    online_server: str = ""
    online_relay: str = ""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=("new", "continue"))
    ap.add_argument("--mailbox", required=True)
    ap.add_argument("--relay", required=True)
    args = ap.parse_args()
    prefs = Prefs(online_server=args.mailbox, online_relay=args.relay)
    if args.mode == "new":
        seats = (SeatConfig("Guest", "online", "normal"), SeatConfig("Bot", "ai", "easy"))
        session = start_session(MatchConfig(seats, RuleSettings(), 11, new_secret()), prefs=prefs)
        host = session.online
        assert host is not None, session.online_error
        print(json.dumps({"code": host.seat_code(0, timeout=20)}), flush=True)
        while 0 not in host.connected():
            session.pump()
            time.sleep(0.01)
    else:
        loaded, _notes = saves.load_autosave()
        assert loaded is not None, "no autosave to continue"
        session = start_session(loaded.config, loaded, prefs=prefs)
        print(json.dumps({"continued": len(loaded.game.actions)}), flush=True)
    session.begin()
    ctl = session.controller
    while True:
        session.pump()
        ctl.poll_ai(time.monotonic())
        ctl.take_events()
        time.sleep(0.005)


if __name__ == "__main__":
    sys.exit(main())
