"""Party mode figures over loopback (docs/PARTY.md): an action's round trip from a
phone's tap to the table's update and back, and a 10-phone match driven at once.

The table runs as the desktop does (pump + poll_ai per frame) at a given frame
period: 1/60 s is the app rendering at full rate, 0.03 s its idle pacing.
Phones are real WebSocket clients in threads that act as soon as their state
says it is their turn. A round trip is the time from a phone sending an action
to that phone receiving the state that includes it (the table applied it in
between). Loopback only (127.0.0.1).

    python benchmarks/party_roundtrip.py [--actions 600] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("UNO_GAME_HOME", tempfile.mkdtemp(prefix="uno-party-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from party_helpers import PhoneBot, TableLoop, party_config  # noqa: E402


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def run(kinds: str, seed: int, frame_s: float, target: int, min_actions: int,
        timeout: float) -> dict[str, float]:
    config = party_config(kinds, seed=seed, target=target)
    loop = TableLoop(config, frame_s=frame_s)
    start = time.perf_counter()
    with loop:
        bots = [PhoneBot(loop.port, loop.url_token(s), seed * 10 + s).start()
                for s in config.phones]
        end = time.monotonic() + timeout
        while not loop.inspect(lambda c: c.game.is_over):
            if min_actions and loop.inspect(lambda c: len(c.game.actions)) >= min_actions:
                break
            if time.monotonic() > end:
                break
            time.sleep(0.05)
        elapsed = time.perf_counter() - start
        actions = loop.inspect(lambda c: len(c.game.actions))
        over = loop.inspect(lambda c: c.game.is_over)
    for b in bots:
        b.join(5)
    lat = [x * 1000 for b in bots for x in b.latencies]
    return {"phones": len(bots), "actions": actions, "over": float(over), "seconds": elapsed,
            "round_trips": len(lat), "median_ms": statistics.median(lat),
            "p95_ms": _pct(lat, 95), "max_ms": max(lat),
            "messages": sum(len(b.phone.got) for b in bots),
            "max_frame_ms": loop.max_frame_s * 1000}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=600, help="actions per round-trip run")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, loopback")
    for label, frame_s in (("60 fps", 1 / 60), ("idle pacing 30 ms", 0.03)):
        r = run("pp", args.seed, frame_s, 5000, args.actions, 300)
        print(f"round trip, 2 phones, table at {label}: {r['round_trips']} actions, "
              f"median {r['median_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, max {r['max_ms']:.1f} ms")
    r = run("pppppppppp", args.seed, 1 / 60, 50, 0, 600)
    print(f"10 phones at once, one match to 50 points at 60 fps: finished={bool(r['over'])}, "
          f"{r['actions']} actions in {r['seconds']:.1f} s, {r['messages']} messages to phones, "
          f"round trip median {r['median_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, "
          f"longest table frame {r['max_frame_ms']:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
