"""CPU use while nothing moves: the main menu, and the table waiting for the
human's move. Target: under 3% of one core (the app must not spin at full
frame rate when idle). Linux only (reads /proc/<pid>/stat).

    .venv/bin/python -m benchmarks.speed.idle_cpu [--runs 3] [--seconds 10]

Each run starts the real game (``python -m game``) with the dummy video and
audio drivers and a throw-away UNO_GAME_HOME, lets it settle, then measures
user+system CPU time of the process over the window. Time to the first frame
is measured by scripts/measure_startup.py.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def measure(args: list[str], settle: float, seconds: float) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", UNO_GAME_HOME=tempfile.mkdtemp(prefix="uno-idle-"))
    proc = subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(settle)
        if proc.poll() is not None:
            raise RuntimeError(f"game exited early with {proc.returncode}")
        c0, t0 = cpu_seconds(proc.pid), time.monotonic()
        time.sleep(seconds)
        c1, t1 = cpu_seconds(proc.pid), time.monotonic()
        return 100.0 * (c1 - c0) / (t1 - t0)
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=10.0)
    a = ap.parse_args()
    cases = {
        "main menu": (["--lang", "en"], 4.0),
        # Quick play with every AI move instant: the human's first turn comes within seconds.
        "table, waiting for the human": (["--quick", "--seed", "1", "--lang", "en"], 12.0),
    }
    for name, (args, settle) in cases.items():
        values = [measure(args, settle, a.seconds) for _ in range(a.runs)]
        print(f"{name:<30} CPU % of one core: median {statistics.median(values):5.2f}  "
              f"runs {', '.join(f'{v:.2f}' for v in values)}  (target < 3)")


if __name__ == "__main__":
    main()
