"""Fit ``rollout.position_value``'s weights: who goes out first, from a position.

Plays the rollout policy against itself from fresh deals (``--seats`` seats,
Official draw-one), keeps every third position of each game with who went out
first, and fits the value Hard uses at the end of a cut-off rollout: each seat
weighs exp(weights . its features) (``rollout.seat_features``: log of its
cards, its wilds, its Wild Draw Fours, its Skips, Reverses and Draw Twos, how
many colours it holds, whether it moves now, whether it moves now and can
play, whether it moves next, whether it holds one card), normalised over the
seats. The weights are the maximum-likelihood ones (a multinomial logit,
Newton's method). It prints them, the log-likelihood of the real winner per
position on these games and on as many fresh ones (held out), and the same
for the weights in ``rollout.py`` and for a uniform guess.

    .venv/bin/python -m benchmarks.search.rollout_fit --seats 2 --games 3000
    .venv/bin/python -m benchmarks.search.rollout_fit --seats 4 --games 1500
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from game.ai.rollout import (
    COL,
    KIND,
    WILD,
    World,
    _turn,
    seat_features,
    value_weights,
)

# The names of rollout.seat_features' columns, in order (for the printout).
FEATURES = ("log cards", "wilds", "wild4s", "actions", "colours", "to move", "can play",
            "next", "one card")

Position = tuple[list[list[float]], int]  # features per seat, the seat that went out first


def fresh(seats: int, rng: random.Random) -> World:
    deck = list(range(108))
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(7)] for _ in range(seats)]
    while KIND[deck[-1]] >= WILD:  # S4 simplified: a coloured card starts
        rng.shuffle(deck)
    top = deck.pop()
    return World(hands, deck, [], top, COL[top], 1, (), list(range(seats)), False)


def positions(seats: int, games: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    for _ in range(games):
        w = fresh(seats, rng)
        seat = 0
        seen: list[list[list[float]]] = []
        for turn in range(400):
            if turn % 3 == 0:
                features = seat_features(w, seat)
                seen.append([features[s] for s in range(seats)])
            nxt = _turn(w, seat, rng, 8.0)
            if nxt <= -2:
                out.extend((features, -2 - nxt) for features in seen)
                break
            seat = nxt
    return out


def _chances(weights: Sequence[float], features: list[list[float]]) -> list[float]:
    scores = [sum(w * x for w, x in zip(weights, f, strict=True)) for f in features]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def log_likelihood(rows: list[Position], weights: Sequence[float]) -> float:
    return sum(math.log(_chances(weights, f)[winner]) for f, winner in rows) / len(rows)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def only(rows: list[Position], kept: int) -> list[Position]:
    """The positions with only the first ``kept`` features."""
    return [([f[:kept] for f in features], winner) for features, winner in rows]


def fit(rows: list[Position], steps: int = 12, ridge: float = 1e-6) -> list[float]:
    """Maximum-likelihood weights of the multinomial logit over the seats."""
    k = len(rows[0][0][0])
    weights = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for features, winner in rows:
            p = _chances(weights, features)
            mean = [sum(p[s] * features[s][j] for s in range(len(p))) for j in range(k)]
            for j in range(k):
                grad[j] += features[winner][j] - mean[j]
            for s, f in enumerate(features):
                d = [f[j] - mean[j] for j in range(k)]
                for i in range(k):
                    di = p[s] * d[i]
                    if di:
                        row = hess[i]
                        for j in range(k):
                            row[j] += di * d[j]
        for i in range(k):
            hess[i][i] += ridge * len(rows)
        step = _solve(hess, grad)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
    return weights


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rows = positions(args.seats, args.games, args.seed)
    held_out = positions(args.seats, args.games, args.seed + 1)
    weights = fit(rows)
    current = value_weights(args.seats)
    print(f"{len(rows)} positions from {args.games} games at {args.seats} seats "
          f"({len(held_out)} held out)")
    for name, w, now in zip(FEATURES, weights, current, strict=True):
        print(f"  {name:10} {w:+.3f}   (rollout.py {now:+.3f})")
    print(f"log-likelihood per position, fitted / held out: {log_likelihood(rows, weights):.4f}"
          f" / {log_likelihood(held_out, weights):.4f}; rollout.py's weights "
          f"{log_likelihood(rows, current):.4f} / {log_likelihood(held_out, current):.4f}; "
          f"uniform guess {-math.log(args.seats):.4f}")
    plain = fit(only(rows, 3))
    print(f"cards and wilds only (log cards {plain[0]:+.3f}, wilds {plain[1]:+.3f}, wild4s "
          f"{plain[2]:+.3f}): {log_likelihood(only(rows, 3), plain):.4f} / "
          f"{log_likelihood(only(held_out, 3), plain):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
