"""What the Hard level's search costs per decision (not a unit test): prints a table.

Plays ``ai_strength.py``'s games (Official, one round, Hard against three
Normal players, Hard's seat rotating with the seed) and times every Hard
decision that ran the search, in two modes:

* ``budget``: the default think budget (``--think-ms``, as players get it):
  think time (median, p95, and p95 against the budget), the searches the
  wall-clock cap cut short, and sampled worlds per search;
* ``fixed``: exactly ``--iterations`` sampled worlds per search, no clock, so
  the same seeds play the same games on any build: ms per search and searches
  per second compare two builds directly.

    python -m benchmarks.search.hard_think --games 12
    python -m benchmarks.search.hard_think --games 12 --mode fixed --iterations 100

The first line says whether the engine and the search ran interpreted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence

from benchmarks.strength import ai_strength  # its games, seeds and percentiles
from game.ai import hard, rollout
from game.ai.base import Agent, Choice
from game.rules import engine
from game.rules.actions import Action
from game.rules.view import PlayerView

SEARCHES: list[tuple[float, float, int]] = []  # (wall ms, CPU ms, sampled worlds) per search
CAPPED: list[bool] = []  # per search: the wall-clock cap cut it short


class TimedHard:
    """Hard, recording the time and the sampled worlds of every search it runs."""

    def __init__(self, seed: int, think_ms: int, iterations: int | None) -> None:
        self.inner = hard.HardAgent(seed, think_ms, iterations)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        t0, c0 = time.perf_counter(), time.process_time()
        res = self.inner.choose(view, legal)
        if self.inner.last_iterations:
            SEARCHES.append(((time.perf_counter() - t0) * 1000.0,
                             (time.process_time() - c0) * 1000.0, self.inner.last_iterations))
            CAPPED.append(self.inner.last_capped)
        return res


def kind(module: object) -> str:
    path = str(getattr(module, "__file__", ""))
    return "interpreted" if path.endswith(".py") else "compiled"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--mode", choices=("budget", "fixed"), default="budget")
    ap.add_argument("--think-ms", type=int, default=300)
    ap.add_argument("--iterations", type=int, default=100)
    args = ap.parse_args()
    iterations = args.iterations if args.mode == "fixed" else None
    normal_agent = ai_strength.agent_for

    def agent_for(spec: str, seed: int, think_ms: int) -> Agent:
        if spec == "hard":
            return TimedHard(seed, think_ms, iterations)
        return normal_agent(spec, seed, think_ms)

    ai_strength.agent_for = agent_for  # play_one looks it up per game
    print(f"engine {kind(engine)}, search (hard.py, rollout.py) {kind(hard)}/{kind(rollout)}; "
          f"mode {args.mode}; load average {os.getloadavg()[0]:.1f}")
    wins = 0
    t0 = time.perf_counter()
    for seed in range(args.games):
        won, _, _ = ai_strength.play_one(("hard", "normal", 4, seed, args.think_ms))
        wins += won
    wall = time.perf_counter() - t0
    ms = [m for m, _, _ in SEARCHES]
    cpu = [c for _, c, _ in SEARCHES]
    worlds = [w for _, _, w in SEARCHES]
    print(f"games {args.games}, Hard won {wins}; searches {len(ms)} in {wall:.1f} s of play")
    for label, xs in (("wall", ms), ("CPU", cpu)):
        print(f"{label} ms per search: median {statistics.median(xs):.1f}, "
              f"p95 {ai_strength.pct(xs, 0.95):.1f}; searches/s {1000.0 * len(xs) / sum(xs):.2f}")
    print(f"sampled worlds per search: median {statistics.median(worlds):.0f}, "
          f"mean {statistics.mean(worlds):.1f}; "
          f"worlds per CPU second {1000.0 * sum(worlds) / sum(cpu):.0f}")
    if args.mode == "budget":
        p95 = ai_strength.pct(ms, 0.95)
        print(f"think budget {args.think_ms} ms: p95 {p95:.1f} ms is "
              f"{100.0 * p95 / args.think_ms:.0f}% of it; {sum(CAPPED)} of {len(CAPPED)} "
              f"searches cut short by the cap")
    print(f"load average after {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
