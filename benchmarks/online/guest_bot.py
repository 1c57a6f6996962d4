"""A headless online guest: joins a host by code and plays its seat with a simple policy.

Used by tests/test_online.py and benchmarks/online/roundtrip.py (each guest in a
process of its own, as a friend's computer is) and by anyone checking a host by
hand. Every frame the host sends is written to ``--frames`` (one JSON object a
line) for the no-peek check; the last line is a summary with the round trips.

    python -m benchmarks.online.guest_bot CODE [--mailbox URL] [--relay HINT]
        [--no-listen] [--frames FILE] [--drop-at N] [--seed S] [--until round|match]
"""

from __future__ import annotations

import argparse
import json
import queue
import random
import sys
import time
from typing import Any

from game.online.guest import OnlineGuest
from game.online.wire import OnlineError

GAP_S = 0.07  # no faster than a person taps (the host's rate limit is per seat)


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """UNO when down to two cards, else a play, else the rest (as tests' PhoneBot)."""
    legal = [a for a in state["legal"] if a["kind"] != "wrong_play"]
    uno = [a for a in legal if a["kind"] == "call_uno"]
    if uno and len(state["hand"]) <= 2:
        return uno[0]
    if state["to_act"] != state["seat"]:
        return None
    plays = [a for a in legal if a["kind"] in ("play", "choose_colour", "swap_hands")]
    if plays:
        return rng.choice(plays)
    rest = [a for a in legal if a["kind"] in ("draw", "pass", "accept", "challenge")]
    return rng.choice(rest) if rest else None


def play(guest: OnlineGuest, out: Any, seed: int, drop_at: int, timeout: float,
         until: str = "match") -> dict[str, Any]:
    ends = ("round_over", "match_over") if until == "round" else ("match_over",)
    rng = random.Random(seed)
    acted_at, last_tap, sent = -1, 0.0, None
    latencies: list[float] = []
    frames = drops = 0
    statuses: set[str] = set()
    while True:
        try:
            msg = guest.inbox.get(timeout=timeout)
        except queue.Empty:
            return {"error": f"nothing from the host for {timeout} s", "status": guest.status}
        frames += 1
        out.write(json.dumps(msg, ensure_ascii=False) + "\n")
        statuses.add(guest.status)
        if msg["type"] == "bye":
            return {"error": f"bye {msg.get('reason')}"}
        if msg["type"] != "state":
            continue
        if sent is not None and msg["at"] > sent[0]:
            latencies.append((time.perf_counter() - sent[1]) * 1000)
            sent = None
        if msg["phase"] in ends:
            return {"latencies_ms": latencies, "frames": frames, "drops": drops,
                    "statuses": sorted(statuses)}
        if drop_at and frames == drop_at:
            guest.drop_link()
            drops += 1
        if msg["at"] == acted_at or not msg["started"]:
            continue
        action = choose(msg, rng)
        if action is not None:
            wait = last_tap + GAP_S - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            acted_at, last_tap = msg["at"], time.perf_counter()
            sent = (msg["at"], last_tap)
            guest.act(msg["at"], action)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("code")
    ap.add_argument("--mailbox")
    ap.add_argument("--relay")
    ap.add_argument("--no-listen", action="store_true", help="no direct connections: all by relay")
    ap.add_argument("--loopback", action="store_true", help="offer only 127.0.0.1 for direct links")
    ap.add_argument("--frames", default="-", help="file for every frame received (- : none)")
    ap.add_argument("--drop-at", type=int, default=0, help="cut the link after this many frames")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--until", choices=("round", "match"), default="match")
    args = ap.parse_args()
    if args.loopback:
        from benchmarks.online.loopback import loopback_only

        loopback_only()
    guest = OnlineGuest(mailbox=args.mailbox, relay=args.relay, listen=not args.no_listen)
    import wormhole  # noqa: F401 - imported before the clock starts: join_ms is the pairing

    from game.online import reactor

    reactor.reactor()
    start = time.perf_counter()
    try:
        guest.join(args.code)
    except OnlineError as err:
        print(json.dumps({"error": err.code, "detail": err.detail}), flush=True)
        return 2
    joined_ms = (time.perf_counter() - start) * 1000
    out = open(args.frames, "w", encoding="utf-8") if args.frames != "-" else open("/dev/null", "w")
    with out:
        result = play(guest, out, args.seed, args.drop_at, args.timeout, args.until)
    guest.close()
    print(json.dumps({"join_ms": joined_ms, **result}), flush=True)
    return 0 if "error" not in result else 1


if __name__ == "__main__":
    sys.exit(main())
