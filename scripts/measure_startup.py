#!/usr/bin/env python3
"""Time to the first frame of the source install and of the frozen builds.

    .venv/bin/python scripts/measure_startup.py            # 7 runs each, markdown table
    .venv/bin/python scripts/measure_startup.py --runs 11 --only source onedir
    .venv/bin/python scripts/measure_startup.py --only onedir --target before=/tmp/old/uno/uno

Each run starts the game with ``UNO_FIRST_FRAME_FILE=<file>`` set: the
launcher (:func:`game.selftest.entry`, the frozen builds' entry point and
what the ``source`` row runs too, through :func:`game.launch.main` as ``uno``
does) writes ``time.time()`` into the file after every
``pygame.display.flip()`` up to the menu's first frame, and exits then. Time
to first frame = the first stamp (game/first_frame.py: the window with the
menu's backdrop) minus the moment before the process was started (wall clock,
same machine); "menu" = the last stamp (the menu with its buttons, the first
frame the App draws). "CPU to first frame" is the game process's own CPU
time up to its first frame (``time.process_time()``, written beside each
stamp): it hardly moves with the machine's load, the wall clock does (the
one-file build's unpacking runs in its parent process and is not in it).
A throw-away ``UNO_GAME_HOME`` keeps every run on first-launch defaults. The column "--frames 1" is the whole run of
``uno --frames 1`` (start, one frame, shutdown), for comparison.

Uses the X display in ``$DISPLAY`` when there is one (e.g. under Xvfb),
otherwise SDL's dummy video driver; the heading names which, with the load
average, because both change the figures a lot. The published figures
(README, docs/BUILD.md) are taken under Xvfb, a real X11 window as players
get it. One warm-up run per target is not counted (disk cache).
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

ROOT = Path(__file__).resolve().parents[1]
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""


def targets(python: str) -> dict[str, list[str]]:
    return {
        "source": [python, "-c", "import sys; from game.launch import main; sys.exit(main())"],
        "onedir": [str(ROOT / "dist" / "onedir" / "uno" / f"uno{EXE_SUFFIX}")],
        "onefile": [str(ROOT / "dist" / "onefile" / f"uno{EXE_SUFFIX}")],
    }


def _env(home: str, stamp: str | None) -> dict[str, str]:
    env = dict(os.environ)
    env["UNO_GAME_HOME"] = home
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if not env.get("DISPLAY") and sys.platform.startswith("linux"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.pop("UNO_FIRST_FRAME_FILE", None)
    if stamp is not None:
        env["UNO_FIRST_FRAME_FILE"] = stamp
    return env


def first_frame(cmd: list[str], extra: list[str], cpu: list[float] | None = None) -> tuple[float, float]:
    """Seconds from the start to (the first frame, the menu's first frame); the game
    process's CPU seconds up to the first frame are added to ``cpu``."""
    cpu = [] if cpu is None else cpu
    with tempfile.TemporaryDirectory(prefix="uno-startup-") as tmp:
        stamp = os.path.join(tmp, "first-frame.txt")
        start = time.time()
        proc = subprocess.run([*cmd, *extra], cwd=ROOT, env=_env(os.path.join(tmp, "home"), stamp),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
        if not os.path.exists(stamp):
            raise RuntimeError(f"{cmd[0]} drew no frame (exit {proc.returncode}): "
                               f"{proc.stderr.decode(errors='replace')[-400:]}")
        lines = Path(stamp).read_text(encoding="utf-8").splitlines()
        stamps = [float(line.split()[0]) for line in lines]
        first = lines[0].split()
        if len(first) > 1:  # (an older timer wrote the time alone)
            cpu.append(float(first[1]))
        return stamps[0] - start, stamps[-1] - start


def whole_run(cmd: list[str], extra: list[str]) -> float:
    with tempfile.TemporaryDirectory(prefix="uno-startup-") as tmp:
        start = time.perf_counter()
        subprocess.run([*cmd, *extra, "--frames", "1"], cwd=ROOT,
                       env=_env(os.path.join(tmp, "home"), None),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, check=True)
        return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--only", nargs="+", choices=("source", "onedir", "onefile"))
    p.add_argument("--python", default=sys.executable, help="interpreter of the source install")
    p.add_argument("--args", default="--lang en --size 1280x720",
                   help="game arguments for every run (default: %(default)s)")
    p.add_argument("--target", action="append", default=[], metavar="NAME=EXECUTABLE",
                   help="also time this frozen executable (e.g. an older build), "
                        "interleaved with the others; repeatable")
    opts = p.parse_args(argv)
    extra = opts.args.split()
    chosen = {}
    more = {}
    for spec in opts.target:
        name, sep, exe = spec.partition("=")
        if not sep or not name or not exe:
            p.error(f"--target {spec!r}: NAME=EXECUTABLE")
        more[name] = [str(Path(exe).resolve())]
    for name, cmd in {**targets(opts.python), **more}.items():
        if opts.only and name not in opts.only and name not in more:
            continue
        if name != "source" and not Path(cmd[0]).exists():
            print(f"skip {name}: {cmd[0]} not built", file=sys.stderr)
            continue
        chosen[name] = cmd
        first_frame(cmd, extra)  # warm-up, not counted
    # Interleaved (source, onedir, onefile, source, ...) so that changes in the
    # machine's load hit every target alike.
    times: dict[str, list[float]] = {name: [] for name in chosen}
    menus: dict[str, list[float]] = {name: [] for name in chosen}
    cpus: dict[str, list[float]] = {name: [] for name in chosen}
    total: dict[str, list[float]] = {name: [] for name in chosen}
    for i in range(opts.runs):
        for name, cmd in chosen.items():
            to_first, to_menu = first_frame(cmd, extra, cpus[name])
            times[name].append(to_first)
            menus[name].append(to_menu)
            if i < max(3, opts.runs // 2):
                total[name].append(whole_run(cmd, extra))
    rows: list[tuple[str, list[float], list[float], list[float], list[float]]] = [
        (name, times[name], menus[name], cpus[name], total[name]) for name in chosen]
    for name, t, m, _, _ in rows:
        print(f"{name}: first frame {[round(x, 3) for x in t]}", file=sys.stderr)
        print(f"{name}: menu {[round(x, 3) for x in m]}", file=sys.stderr)
    if not rows:
        return 1
    base = statistics.median(rows[0][1]) if rows[0][0] == "source" else None
    display = os.environ.get("DISPLAY") or "SDL dummy driver"
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "-"
    print(f"\nTime to first frame, {opts.runs} runs each (display: {display}, args: {opts.args}, "
          f"{os.cpu_count()} CPUs, load average {load})\n")
    print("| build | first frame median | min | max | vs source | menu median | min | max "
          "| CPU to first frame (median) | `--frames 1` whole run (median) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, firsts, menu, cpu, whole in rows:
        med = statistics.median(firsts)
        ratio = f"{med / base:.2f}x" if base else "-"
        print(f"| {name} | {med:.3f} s | {min(firsts):.3f} s | {max(firsts):.3f} s | {ratio} "
              f"| {statistics.median(menu):.3f} s | {min(menu):.3f} s | {max(menu):.3f} s "
              f"| {f'{statistics.median(cpu):.3f} s' if cpu else '-'} "
              f"| {statistics.median(whole):.3f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
