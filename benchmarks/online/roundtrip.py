"""Online figures over loopback (docs/ONLINE.md): connect by code and act -> state round trip.

The library's mailbox server and transit relay run on 127.0.0.1 (their packages);
the host's table runs in this process as the desktop does (pump + poll_ai every
2 ms), and each guest is a process of its own (``benchmarks.online.guest_bot``)
playing its seat until the round ends. A round trip is the time from a guest
sending an act to that guest receiving the state that includes it. Join time is
from the guest starting to pair with the code to its seat's channel open.
Three paths: ``direct`` (each side offers 127.0.0.1, no relay), ``relayed`` (no
listener: everything through the transit relay, as between two homes behind NAT)
and ``both`` (the default configuration: a listener on 127.0.0.1 and the relay;
Dilation takes whichever connection is ready first).

    python -m benchmarks.online.roundtrip [--guests 2 8] [--rounds 3] [--paths direct relayed both]
        [--relay-nodelay]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

os.environ.setdefault("UNO_GAME_HOME", tempfile.mkdtemp(prefix="uno-online-bench-"))

from benchmarks.online.loopback import loopback_only  # noqa: E402
from benchmarks.online.stats import summary  # noqa: E402
from benchmarks.online.table import OnlineTable  # noqa: E402
from game.online.selfhost import LocalServers  # noqa: E402

# path -> (relay used, listener on 127.0.0.1)
PATHS = {"direct": (False, True), "relayed": (True, False), "both": (True, True)}


def guests(codes: list[str], servers: LocalServers, path: str, seed: int,
           until: str = "round", frames_dir: str = "", drop: dict[int, int] | None = None,
           ) -> list[subprocess.Popen[str]]:
    procs = []
    for i, code in enumerate(codes):
        cmd = [sys.executable, "-m", "benchmarks.online.guest_bot", code,
               "--mailbox", servers.mailbox_url,
               "--relay", servers.relay if PATHS[path][0] else "",
               "--until", until, "--seed", str(seed * 100 + i)]
        cmd += ["--loopback"] if PATHS[path][1] else ["--no-listen"]
        if frames_dir:
            cmd += ["--frames", os.path.join(frames_dir, f"seat{i}.jsonl")]
        if drop and i in drop:
            cmd += ["--drop-at", str(drop[i])]
        procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True))
    return procs


def results(procs: list[subprocess.Popen[str]], timeout: float) -> list[dict[str, Any]]:
    out = []
    for p in procs:
        text, _ = p.communicate(timeout=timeout)
        out.append(json.loads(text.strip().splitlines()[-1]))
    return out


NODELAY_SITE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nodelay_site")


def run(n: int, path: str, seed: int, relay_nodelay: bool = False,
        ) -> tuple[list[float], list[float]]:
    env = {"PYTHONPATH": NODELAY_SITE} if relay_nodelay else None
    with LocalServers(relay_env=env) as servers:
        table = OnlineTable("p" * n + "a", seed, mailbox=servers.mailbox_url,
                            relay=servers.relay if PATHS[path][0] else "",
                            listen=PATHS[path][1])
        with table:
            codes = [table.host.seat_code(s, timeout=20) for s in range(n)]
            procs = guests(codes, servers, path, seed)
            got = results(procs, 300)
    bad = [g for g in got if "error" in g]
    if bad:
        raise RuntimeError(f"a guest failed: {bad}")
    return [g["join_ms"] for g in got], [x for g in got for x in g["latencies_ms"]]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--guests", type=int, nargs="+", default=[2, 8])
    ap.add_argument("--rounds", type=int, default=3, help="rounds (one match each) per setting")
    ap.add_argument("--paths", nargs="+", choices=tuple(PATHS), default=["direct", "relayed"])
    ap.add_argument("--relay-nodelay", action="store_true",
                    help="experiment: the relay with TCP_NODELAY on its sockets (nodelay_site/)")
    args = ap.parse_args()
    import wormhole

    loopback_only()
    print(f"python {sys.version.split()[0]}, magic-wormhole {wormhole.__version__}, "
          f"{os.cpu_count()} CPUs, loopback")
    for path in args.paths:
        for n in args.guests:
            joins, rtts = [], []
            start = time.perf_counter()
            for r in range(args.rounds):
                joined, trips = run(n, path, r + 1, args.relay_nodelay)
                joins += joined
                rtts += trips
            relay = " (relay with TCP_NODELAY)" if args.relay_nodelay and PATHS[path][0] else ""
            label = f"[{path}{relay}, {n} guests]"
            print(summary(f"{label} join by code", joins))
            print(summary(f"{label} act -> state round trip", rtts)
                  + f" ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
