"""How well does Hard guess the hidden hands? A measuring device, not a level.

The hero plays as Normal against ``seats - 1`` outside bots. At each of its
own searched turns (play or keep-or-play with a choice) it asks Hard's world
sampler for ``--samples`` worlds and compares them with the TRUE hands, read
from the engine (only here, to score the guess; the sampler sees the view):

* Brier score of "opponent holds at least one card of colour c" (4 colours)
  and "holds a wild", averaged over opponents and decisions (0 is perfect);
* card accuracy: the share of an opponent's true cards (by colour and face)
  that a sampled hand holds, averaged.

``plain`` is the sampler with the hard constraints only (hand sizes, known
cards, colours and wilds known missing); ``hard`` is what Hard searches
(``HardAgent._sample``: the plain sampler plus the choice among worlds by the
recent plays). Same seeds and positions for both, so their difference is
paired. A better sampler scores lower Brier and higher accuracy; the oracle
(``hard_ceiling.py``) is Brier 0, accuracy 1.

    .venv/bin/python -m benchmarks.search.belief --opponent keepwilds --seats 4 --games 60
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence

from benchmarks.search.style_oracle import PROPOSALS, KeepWildsBelief
from benchmarks.strength.gauntlet import play_device
from game.ai import hard as hard_level
from game.ai import tracking
from game.ai.base import Choice
from game.ai.belief import sample_world
from game.ai.hard import HardAgent
from game.ai.normal import NormalAgent
from game.ai.rollout import COL, FACE
from game.ai.tracking import track
from game.rules.actions import Action, CallUno, Play, WrongPlay
from game.rules.engine import Game
from game.rules.view import Phase, PlayerView


def _events(hand: Sequence[int]) -> list[int]:
    """Holds colour 0..3, holds a wild (1/0 each)."""
    cols = {COL[c] for c in hand}
    return [int(c in cols) for c in (0, 1, 2, 3, -1)]


def _faces(hand: Sequence[int]) -> Counter[tuple[int, int]]:
    return Counter((COL[c], FACE[c]) for c in hand)


class Scorer:
    """Brier and card accuracy of one sampler, accumulated over decisions."""

    def __init__(self) -> None:
        self.brier: list[float] = []
        self.accuracy: list[float] = []

    def add(self, sampled: list[list[list[int]]], truth: list[list[int]], seats: list[int]) -> None:
        for s in seats:
            true_hand = truth[s]
            if not true_hand:
                continue
            hands = [w[s] for w in sampled]
            p = [statistics.fmean(col) for col in zip(*(_events(h) for h in hands), strict=True)]
            t = _events(true_hand)
            self.brier.append(statistics.fmean((a - b) ** 2 for a, b in zip(p, t, strict=True)))
            want = _faces(true_hand)
            self.accuracy.append(statistics.fmean(
                sum((want & _faces(h)).values()) / len(true_hand) for h in hands))


class Probe:
    """Plays as Normal; before each searched own turn, scores the samplers."""

    name = "belief-probe"

    def __init__(self, game: Game, seed: int, samples: int,
                 scorers: dict[str, Scorer], exact_style: bool = False) -> None:
        self.game = game
        self.normal = NormalAgent(seed)
        self.hard = KeepWildsBelief(seed) if exact_style else HardAgent(seed)
        self.rng = random.Random(seed)
        self.samples = samples
        self.scorers = scorers

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        real = [a for a in legal if not isinstance(a, (WrongPlay, CallUno))]
        if (view.to_act == view.seat and view.phase in (Phase.PLAY, Phase.KEEP_OR_PLAY)
                and len(real) > 1 and any(isinstance(a, Play) for a in real)):
            self._score(view)
        return self.normal.choose(view, legal)

    def _score(self, view: PlayerView) -> None:
        know = track(view)
        truth = [list(h) for h in self.game.round.hands]
        others = [s for s in range(view.num_seats) if s != view.seat and s not in view.out]
        state = self.rng.getstate()
        plain = [sample_world(view, know, self.rng).hands for _ in range(self.samples)]
        self.rng.setstate(state)
        self.hard.rng.setstate(state)
        hard = [self.hard._sample(view, know).hands for _ in range(self.samples)]
        self.scorers["plain"].add(plain, truth, others)
        self.scorers["hard"].add(hard, truth, others)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", default="keepwilds")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--samples", type=int, default=60, help="worlds per decision and sampler")
    ap.add_argument("--rules", default="official")
    ap.add_argument("--seed", type=int, default=1, help="same deal seeds as the gauntlet's")
    ap.add_argument("--deals", type=int, default=hard_level.RESAMPLE,
                    help=f"deals Hard chooses each world among (default {hard_level.RESAMPLE})")
    ap.add_argument("--window", type=int, default=tracking.PLAY_WINDOW,
                    help="own moves back whose since-plays the likelihood reads "
                         f"(default {tracking.PLAY_WINDOW})")
    ap.add_argument("--exact-style", action="store_true",
                    help="score style_oracle.KeepWildsBelief's sampler as 'hard' (the exact "
                         f"keepwilds rule, each hand among {PROPOSALS} deals) instead of Hard's")
    args = ap.parse_args(argv)
    hard_level.RESAMPLE = args.deals
    tracking.PLAY_WINDOW = args.window
    scorers = {"plain": Scorer(), "hard": Scorer()}
    t0 = time.perf_counter()
    play_device(lambda g, seed: Probe(g, seed, args.samples, scorers, args.exact_style),
                args.opponent,
                args.seats, args.games, args.rules, args.seed, "belief")
    print(f"belief vs {args.seats - 1} x {args.opponent}, {args.rules}, {args.games} games, "
          f"{args.samples} worlds per decision, each among "
          f"{PROPOSALS if args.exact_style else args.deals} deals"
          f"{' weighed by the exact keepwilds rule' if args.exact_style else ''}, "
          f"plays since our {args.window} latest moves "
          f"({time.perf_counter() - t0:.0f} s)")
    for name, sc in scorers.items():
        print(f"  {name:6} Brier {statistics.fmean(sc.brier):.4f}  card accuracy "
              f"{statistics.fmean(sc.accuracy):.4f}  ({len(sc.brier)} opponent hands)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
