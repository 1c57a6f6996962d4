"""A headless host: the table's frame loop (pump + poll_ai) with online seats, in a thread.

In process for benchmarks/online/roundtrip.py; as a process of its own for
tests/test_online.py:

    python -m benchmarks.online.table KINDS --mailbox URL --relay HINT [--seed S] [--no-listen]

prints one line ``{"codes": [...]}``, waits for the round to end, then prints
``{"actions": [...], "away_seen": [...], ...}`` and exits. KINDS: one letter a
seat, ``p`` online, ``a`` bot.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any

from game.config import MatchConfig, SeatConfig
from game.controller import MatchController
from game.online.host import OnlineHost
from game.party.protocol import new_secret
from game.rules.actions import action_to_dict
from game.rules.settings import RuleSettings


def config_for(kinds: str, seed: int) -> MatchConfig:
    """Online seats are remote seats of the config (``phone``, as the table treats them)."""
    names = {"p": "phone", "a": "ai"}
    seats = tuple(SeatConfig(f"P{i + 1}", names[k], "normal")  # type: ignore[arg-type]
                  for i, k in enumerate(kinds))
    return MatchConfig(seats, RuleSettings(), seed, new_secret())


class OnlineTable:
    """The host's table for one round; use as a context manager."""

    def __init__(self, kinds: str, seed: int, *, mailbox: str, relay: str, listen: bool,
                 frame_s: float = 0.002) -> None:
        self.config = config_for(kinds, seed)
        self.controller = MatchController(self.config, think_ms=0, anim_speed="off",
                                          persist=False)
        online = [i for i, k in enumerate(kinds) if k == "p"]
        self.host = OnlineHost(self.controller, online, mailbox=mailbox, relay=relay,
                               listen=listen)
        self.frame_s = frame_s
        self.lock = threading.Lock()
        self.away_seen: set[int] = set()  # online seats the table showed away after joining
        self.joined: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="online-table", daemon=True)

    def __enter__(self) -> OnlineTable:
        self.host.start()
        self.host.begin()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)
        self.host.stop()

    def _run(self) -> None:
        c = self.controller
        while not self._stop.is_set():
            with self.lock:
                now = time.monotonic()
                self.host.pump(now)
                connected = self.host.connected()
                self.joined |= connected
                self.away_seen |= set(self.host.away()) & self.joined - connected
                if not c.game.round_over:
                    c.poll_ai(now)
                c.take_events()
            time.sleep(self.frame_s)

    def inspect(self, fn: Callable[[MatchController], Any]) -> Any:
        with self.lock:
            return fn(self.controller)

    def wait_round(self, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.inspect(lambda c: c.game.round_over):
                return True
            time.sleep(0.05)
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kinds")
    ap.add_argument("--mailbox", required=True)
    ap.add_argument("--relay", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-listen", action="store_true")
    ap.add_argument("--timeout", type=float, default=240.0)
    args = ap.parse_args()
    os.environ.setdefault("UNO_GAME_HOME", tempfile.mkdtemp(prefix="uno-online-host-"))
    from benchmarks.online.loopback import loopback_only

    loopback_only()
    table = OnlineTable(args.kinds, args.seed, mailbox=args.mailbox, relay=args.relay,
                        listen=not args.no_listen)
    with table:
        codes = [table.host.seat_code(s, timeout=20) for s in table.host.seats]
        print(json.dumps({"codes": codes}), flush=True)
        over = table.wait_round(args.timeout)
        time.sleep(0.5)  # the last states reach the guests before the bye
        actions = table.inspect(lambda c: [action_to_dict(a) for a in c.game.actions])
        print(json.dumps({"round_over": over, "actions": actions,
                          "away_seen": sorted(table.away_seen), "joined": sorted(table.joined),
                          "seed": args.seed}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
