"""AI strength benchmark (not a unit test): prints a table.

Official preset, ONE round per game, the first player out wins; the measured
agent's seat rotates with the game number. Two worker processes.

    .venv/bin/python -m benchmarks.strength.ai_strength                 # all lines, 2000 games
    .venv/bin/python -m benchmarks.strength.ai_strength --games 200 --lines normal-random
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import statistics
import time
from collections.abc import Sequence

from benchmarks.strength.bots import RandomPlayer
from game.ai.base import Agent, as_choice
from game.ai.registry import make_agent
from game.rules.actions import Action, CallUno
from game.rules.engine import Game
from game.rules.settings import OFFICIAL


def agent_for(spec: str, seed: int, think_ms: int) -> Agent:
    if spec == "randplay":
        return RandomPlayer(seed)
    return make_agent(spec, seed, think_ms)


# name -> (measured agent, opponents, seats)
LINES: dict[str, tuple[str, str, int]] = {
    "hard-randplay": ("hard", "randplay", 4),
    "hard-normal": ("hard", "normal", 4),
    "normal-randplay": ("normal", "randplay", 4),
    "hard-normal-2p": ("hard", "normal", 2),
    "hard-random": ("hard", "random", 4),
    "normal-random": ("normal", "random", 4),
    "easy-randplay": ("easy", "randplay", 4),
}
TARGETS: dict[str, float] = {
    "hard-randplay": 1.30, "hard-normal": 1.0, "normal-randplay": 1.20, "hard-normal-2p": 1.10,
    "hard-random": 1.30, "normal-random": 1.20, "easy-randplay": 0.0,
}
DEFAULT_LINES = "hard-randplay,hard-normal,normal-randplay,hard-normal-2p"


def play_one(args: tuple[str, str, int, int, int]) -> tuple[bool, list[float], int]:
    """One game: (measured agent won, its think times in ms, actions)."""
    hero_spec, opp_spec, seats, seed, think_ms = args
    hero = seed % seats
    g = Game.new(OFFICIAL, seats, seed)
    agents: list[Agent] = [
        agent_for(hero_spec if s == hero else opp_spec, seed * 31 + s, think_ms)
        for s in range(seats)
    ]
    times: list[float] = []
    steps = 0

    def ask(seat: int, legal: Sequence[Action]) -> Action | None:
        t0 = time.perf_counter()
        res = agents[seat].choose(g.view(seat), legal)
        if seat == hero:
            times.append((time.perf_counter() - t0) * 1000.0)
        return None if res is None else as_choice(res).action

    while not g.round_over and not g.is_over and steps < 5000:
        acted = True
        while acted:
            acted = False
            seats_oot = g.out_of_turn_seats()
            exposed = g.uno_exposed
            seats_oot.sort(key=lambda s: s != exposed)  # T6: the call wins
            for s in seats_oot:
                legal = g.legal_actions(s)
                if not legal:
                    continue
                a = ask(s, legal)
                if a is not None:
                    g.apply(a)
                    steps += 1
                    acted = True
                    break
        if g.round_over or g.is_over:
            break
        legal = g.legal_actions(g.to_act)
        a = ask(g.to_act, legal)
        assert a is not None and (a in legal or isinstance(a, CallUno)), a
        g.apply(a)
        steps += 1
    return g.winner == hero, times, steps


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--lines", default=DEFAULT_LINES, help=", ".join(LINES))
    ap.add_argument("--think-ms", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"Official preset, one round, first out wins; {args.games} games per line; "
          f"think budget {args.think_ms} ms; {args.workers} workers")
    header = (f"{'line':<16}{'games':>6}{'wins':>6}{'win%':>8}{'95% CI':>17}{'fair':>7}"
              f"{'ratio':>7}{'target':>8}  think ms median/p95/max (searched p95)")
    print(header)
    for name in args.lines.split(","):
        hero, opp, seats = LINES[name]
        jobs = [(hero, opp, seats, args.seed * 1_000_003 + i, args.think_ms)
                for i in range(args.games)]
        t0 = time.time()
        with mp.get_context("spawn").Pool(args.workers) as pool:  # (see gauntlet._results)
            results = pool.map(play_one, jobs, chunksize=4)
        wins = sum(1 for r in results if r[0])
        times = [t for r in results for t in r[1]]
        searched = [t for t in times if t >= 1.0]
        lo, hi = wilson(wins, args.games)
        fair = 1.0 / seats
        rate = wins / args.games
        think = "-"
        if hero == "hard":
            think = (f"{statistics.median(times):.1f}/{pct(times, 0.95):.1f}/{max(times):.1f} "
                     f"({pct(searched, 0.95):.1f})")
        print(f"{name:<16}{args.games:>6}{wins:>6}{rate * 100:>7.1f}%"
              f"  [{lo * 100:5.1f}%, {hi * 100:5.1f}%]{fair * 100:>6.1f}%"
              f"{rate / fair:>7.2f}{TARGETS[name]:>7.2f}x  {think}"
              f"   ({time.time() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
