"""Fit ``rollout.position_value``'s weights: who goes out first, from a position.

Plays the rollout policy against itself from fresh deals (``--seats`` seats,
Official draw-one), keeps every third position of each game with who went out
first, and grid-searches the two weights of the value Hard uses at the end of
a cut-off rollout (each seat weighs exp(WILD x its wilds) / cards ** SIZE,
normalised over the seats) for the largest log-likelihood of the real winner.
It prints the best pair and the likelihood of a uniform guess to compare.

    .venv/bin/python benchmarks/rollout_fit.py --seats 2 --games 3000
    .venv/bin/python benchmarks/rollout_fit.py --seats 4 --games 1500
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.rollout import COL, KIND, WILD, World, _turn  # noqa: E402

Position = tuple[list[int], list[int], int]  # hand sizes, wilds per seat, winner


def fresh(seats: int, rng: random.Random) -> World:
    deck = list(range(108))
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(7)] for _ in range(seats)]
    while KIND[deck[-1]] >= WILD:  # S4 simplified: a coloured card starts
        rng.shuffle(deck)
    top = deck.pop()
    return World(hands, deck, [], top, COL[top], 1, [True] * seats, list(range(seats)), False)


def positions(seats: int, games: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    for _ in range(games):
        w = fresh(seats, rng)
        seat = 0
        seen: list[tuple[list[int], list[int]]] = []
        for _turn_no in range(400):
            seen.append(([len(h) for h in w.hands],
                         [sum(1 for c in h if COL[c] < 0) for h in w.hands]))
            nxt = _turn(w, seat, rng, 8.0)
            if nxt <= -2:
                out.extend((sizes, wilds, -2 - nxt) for sizes, wilds in seen[::3])
                break
            seat = nxt
    return out


def log_likelihood(rows: list[Position], size: float, wild: float) -> float:
    total = 0.0
    for sizes, wilds, winner in rows:
        scores = [wild * wilds[s] - size * math.log(sizes[s]) for s in range(len(sizes))]
        top = max(scores)
        total += scores[winner] - top - math.log(sum(math.exp(x - top) for x in scores))
    return total / len(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rows = positions(args.seats, args.games, args.seed)
    grid = [(log_likelihood(rows, a / 100, b / 10), a / 100, b / 10)
            for a in range(50, 131, 2) for b in range(5, 10)]
    best = max(grid)
    print(f"{len(rows)} positions from {args.games} games at {args.seats} seats: best SIZE "
          f"{best[1]:.2f}, WILD {best[2]:.1f}, log-likelihood {best[0]:.4f} per position "
          f"(uniform guess {-math.log(args.seats):.4f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
