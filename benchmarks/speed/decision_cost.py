"""What one decision costs the engine, Official against the sheet house rules (H4).

Two measurements, both printed:

1. The same table under both presets: seeded rounds of the random agent (as
   ``uno-sim`` and the RLCard benchmark play) at ``--seats`` seats, on turn only. A decision is the engine's whole share of it: the
   PlayerView, ``legal_actions`` and ``apply``. Prints mean, p95 and worst per
   decision for each preset, and the sheet/Official ratio of the means.
2. The worst decision with a 40-card hand under the sheet preset: ``--hands``
   random 40-card hands (random top card, the rest in the piles), each timed
   on the view and the legal-action generator for that seat (the least of
   three runs; ``Game.legal_actions`` would answer the second run from its
   per-state cache); then the ``--slowest`` hands (those offering the most
   actions) again in CPU time, the least of 15 runs.

    python -m benchmarks.speed.decision_cost --games 300 --hands 2000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from game.ai.random_agent import RandomAgent
from game.rules.cards import DECK
from game.rules.engine import Game
from game.rules.legality import legal_actions
from game.rules.settings import OFFICIAL, SHEET_HOUSE_RULES, RuleSettings
from game.rules.state import RoundState


def table_costs(settings: RuleSettings, seats: int, seeds: range) -> list[float]:
    """Seconds per decision over seeded rounds of random legal play."""
    clock = time.perf_counter
    costs: list[float] = []
    for seed in seeds:
        g = Game.new(settings, seats, seed)
        agents = [RandomAgent(seed * 100 + s) for s in range(seats)]
        while not (g.round_over or g.is_over):
            seat = g.to_act
            t0 = clock()
            view = g.view(seat)
            legal = g.legal_actions(seat)
            t1 = clock()
            action = agents[seat].choose(view, legal)
            assert action is not None
            t2 = clock()
            g.apply(action)
            costs.append(t1 - t0 + clock() - t2)
    return costs


def big_hand_game(seed: int, size: int = 40) -> Game:
    """A sheet-rules game where seat 0 holds ``size`` random cards and is to play."""
    g = Game.new(SHEET_HOUSE_RULES, 2, seed)
    rng = random.Random(seed)
    ids = list(range(len(DECK)))
    rng.shuffle(ids)
    coloured = [c for c in ids if DECK[c].colour is not None]
    top = coloured[0]
    rest = [c for c in ids if c != top]
    r = g.state.round = RoundState.fresh(2, rest[size + 7:])
    r.hands = [rest[:size], rest[size:size + 7]]
    r.discard = [top]
    r.colour = DECK[top].colour
    r.to_act = r.current = 0
    g.check_invariants()
    return g


def decision(g: Game, clock: Callable[[], float], runs: int) -> float:
    """The least of ``runs`` timings of the view and the legal-action generator
    for seat 0 (``Game.legal_actions`` would answer a second run from its
    per-state cache); then the ``--slowest`` hands (those offering the most
   actions) again in CPU time, the least of 15 runs."""
    best = float("inf")
    for _ in range(runs):
        t0 = clock()
        g.view(0)
        legal_actions(g.state, 0)
        best = min(best, clock() - t0)
    return best


def big_hand_costs(hands: int) -> list[float]:
    """Seconds for the view and legal actions of a 40-card hand (sheet rules),
    the least of three runs: the machine's other load aside."""
    return [decision(big_hand_game(seed), time.perf_counter, 3) for seed in range(hands)]


def slowest_hands(hands: int, count: int) -> list[tuple[int, int, float]]:
    """The ``count`` hands offering the most actions: (seed, actions, CPU seconds,
    the least of 15 runs)."""
    sizes = sorted(((len(legal_actions(big_hand_game(seed).state, 0)), seed)
                    for seed in range(hands)), reverse=True)[:count]
    return [(seed, n, decision(big_hand_game(seed), time.process_time, 15)) for n, seed in sizes]


def summary(costs: list[float]) -> str:
    ms = sorted(c * 1000 for c in costs)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return (f"{len(ms):>7} decisions  mean {statistics.fmean(ms):.4f} ms  "
            f"median {statistics.median(ms):.4f} ms  p95 {p95:.4f} ms  worst {ms[-1]:.3f} ms")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--games", type=int, default=300, help="rounds per preset")
    p.add_argument("--hands", type=int, default=2000, help="40-card hands to time")
    p.add_argument("--slowest", type=int, default=5,
                   help="hands offering the most actions, timed again in CPU time")
    args = p.parse_args()
    table_costs(OFFICIAL, args.seats, range(5))  # warm up
    official: list[float] = []
    sheet: list[float] = []
    for start in range(0, args.games, 10):  # in turns, so the machine's load hits both alike
        seeds = range(start, min(start + 10, args.games))
        official += table_costs(OFFICIAL, args.seats, seeds)
        sheet += table_costs(SHEET_HOUSE_RULES, args.seats, seeds)
    print(f"{args.seats} seats, {args.games} rounds of the random agent per preset")
    print(f"  official: {summary(official)}")
    print(f"  sheet:    {summary(sheet)}")
    print(f"  sheet / official per decision: mean "
          f"{statistics.fmean(sheet) / statistics.fmean(official):.2f}x, median "
          f"{statistics.median(sheet) / statistics.median(official):.2f}x")
    big = big_hand_costs(args.hands)
    print(f"40-card hands, sheet rules, view + legal_actions: {summary(big)}")
    for seed, n, cpu in slowest_hands(args.hands, args.slowest):
        print(f"  hand {seed}: {n} legal actions, {cpu * 1000:.2f} ms CPU (least of 15)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
