"""Frame time of a 10-seat table while cards fly (dummy video driver).

    .venv/bin/python benchmarks/frame_time.py [--runs 3] [--frames 600] [--size 1920x1080]

Prints the median and 95th percentile of update+draw per frame (only frames
with an animation running), per run and overall. Target: p95 < 4 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game import i18n  # noqa: E402
from game.config import MatchConfig, SeatConfig  # noqa: E402
from game.rules.settings import OFFICIAL  # noqa: E402
from game.scenes.base import SceneStack  # noqa: E402


class _Settings:
    language = "en"
    anim_speed = "normal"
    colourblind = False
    card_size = "medium"
    hard_think_ms = 50


class _Silent:
    def play(self, name: str) -> None: ...


class BenchApp:
    def __init__(self, size: tuple[int, int]) -> None:
        pygame.init()
        self.screen = pygame.display.set_mode(size)
        self.size = size
        self.settings = _Settings()
        theme: Any = None
        try:
            from game.ui.theme import build_theme
            theme = build_theme(size)
        except ImportError:
            pass
        self.ui = pygame_gui.UIManager(size, theme)
        self.audio = _Silent()
        self.scenes = SceneStack()

    def back_to_menu(self) -> None: ...
    def start_match(self, config: MatchConfig, loaded: Any = None) -> None: ...


def run(seed: int, frames: int, size: tuple[int, int]) -> list[float]:
    from game.controller import MatchController
    from game.scenes.table import TableScene

    app = BenchApp(size)
    i18n.set_language("en")
    seats = tuple(SeatConfig(f"Bot {i + 1}", "ai", "random") for i in range(10))
    config = MatchConfig(seats, OFFICIAL, seed)
    ctl = MatchController(config, anim_speed="normal", persist=False)
    table = TableScene(app, config, controller=ctl)
    app.scenes.push(table)
    times: list[float] = []
    dt = 1 / 60
    for _ in range(frames):
        t0 = time.perf_counter()
        app.ui.update(dt)
        top = app.scenes.top
        if top is not None:
            top.update(dt)
        for scene in app.scenes.visible():
            scene.draw(app.screen)
        app.ui.draw_ui(app.screen)
        elapsed = time.perf_counter() - t0
        if table.anim.busy():
            times.append(elapsed * 1000)
        if top is not table:  # a scoreboard: carry on with the next round
            app.scenes.pop()
            table.next_round()
    app.scenes.pop()
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--size", default="1920x1080")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    run(99, 60, (w, h))  # warm the caches (card art, fonts)
    everything: list[float] = []
    for r in range(args.runs):
        times = run(r + 1, args.frames, (w, h))
        everything += times
        q = statistics.quantiles(times, n=20)
        print(f"run {r + 1}: {len(times)} animated frames, median {statistics.median(times):.2f} ms,"
              f" p95 {q[18]:.2f} ms, max {max(times):.2f} ms")
    q = statistics.quantiles(everything, n=20)
    print(f"all  : {len(everything)} animated frames at {w}x{h}, 10 seats: "
          f"median {statistics.median(everything):.2f} ms, p95 {q[18]:.2f} ms (target < 4 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
