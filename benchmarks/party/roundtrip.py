"""Party mode figures over loopback (docs/PARTY.md): an action's round trip from a
phone's tap to the table's update and back, and a 10-phone match driven at once.

The table runs as the desktop does (pump + poll_ai per frame) at a given frame
period: 1/60 s is the app rendering at full rate, 0.03 s its idle pacing.
Phones are real WebSocket clients in threads that act as soon as their state
says it is their turn. A round trip is the time from a phone sending an action
to that phone receiving the state that includes it (the table applied it in
between). Loopback only (127.0.0.1).

    python -m benchmarks.party.roundtrip [--actions 600] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("UNO_GAME_HOME", tempfile.mkdtemp(prefix="uno-party-bench-"))

from websockets.exceptions import ConnectionClosed

from tests.party_helpers import Phone, PhoneBot, TableLoop, party_config


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


def flood(seed: int, messages: int) -> dict[str, float]:
    """One phone sends ``messages`` stale actions as fast as it can while the table
    (frame period 2 ms) waits for it: the table's frames during the flood."""
    with TableLoop(party_config("pa", seed=seed)) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        phone.wait(lambda m: m["type"] == "state" and m["to_act"] == 0)
        loop.inspect(lambda c: loop.frame_s_seen.clear())
        start = time.perf_counter()
        msg = json.dumps({"v": 1, "type": "act", "at": 10 ** 6, "action": {"kind": "draw"}})
        try:
            for _ in range(messages):
                phone.ws.send(msg)
            while True:
                phone.recv()
        except ConnectionClosed:
            pass
        elapsed = time.perf_counter() - start
        frames = loop.inspect(lambda c: [x * 1000 for x in loop.frame_s_seen])
        taken = loop.max_taken
        phone.close()
    return {"seconds": elapsed, "frames": len(frames), "median_ms": statistics.median(frames),
            "p99_ms": _pct(frames, 99), "max_ms": max(frames), "max_taken": taken}


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
    f = flood(3, 2000)
    print(f"flood of 2000 messages from one phone (rate-limited, then closed) in "
          f"{f['seconds']:.2f} s: {f['frames']} table frames, median {f['median_ms']:.2f} ms, "
          f"p99 {f['p99_ms']:.2f} ms, max {f['max_ms']:.2f} ms; "
          f"at most {f['max_taken']:.0f} messages handled in one frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
