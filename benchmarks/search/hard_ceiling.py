"""How much of Hard's gap is hidden information? A measuring device, not a level.

``OracleHard`` is Hard's search with one change: instead of sampling the
hidden cards from its view, every world it searches is the TRUE deal (the
other hands and the draw pile in their real order, read from the engine's
game). Everything else (candidates, rollout policy, cut-off value, budget,
the choice between moves) is Hard's. It cheats on purpose, exists only here,
and is never registered as a level.

If the oracle wins little more than Hard, the limit is the search itself
(rollout policy, value, candidates); if it wins much more, it is the hidden
cards, and better sampling/opponent models are where strength lies.

    .venv/bin/python -m benchmarks.search.hard_ceiling --opponent keepwilds --seats 4 --games 400
"""

from __future__ import annotations

import argparse
import time

from benchmarks.strength.gauntlet import play_device
from game.ai.hard import HardAgent
from game.ai.rollout import World
from game.ai.tracking import COLOUR_INDEX, Knowledge
from game.rules.engine import Game
from game.rules.view import PlayerView
from game.sim import wilson


class OracleHard(HardAgent):
    """Hard searching the real deal (reads ``self.game``: benchmark only)."""

    name = "hard-oracle"

    def __init__(self, game: Game, seed: int, shuffle_pile: bool = False) -> None:
        super().__init__(seed)
        self.game = game
        self.shuffle_pile = shuffle_pile

    def _sample(self, view: PlayerView, know: Knowledge) -> World:
        r = self.game.round
        n = view.num_seats
        pile = list(r.draw_pile)
        if self.shuffle_pile:  # the hands only: the order of the draws stays hidden
            self.rng.shuffle(pile)
        return World([list(h) for h in r.hands], pile, list(r.discard[:-1]),
                     r.discard[-1], COLOUR_INDEX[view.colour] if view.colour else 0,
                     view.direction, view.out,
                     list(view.teams) if view.teams else list(range(n)),
                     view.settings.draw == "until_playable")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", default="keepwilds")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--rules", default="official")
    ap.add_argument("--seed", type=int, default=1, help="same deal seeds as the gauntlet's")
    ap.add_argument("--shuffle-pile", action="store_true",
                    help="see the true hands only, not the order of the draw pile")
    args = ap.parse_args()
    t0 = time.perf_counter()
    wins = sum(play_device(lambda g, seed: OracleHard(g, seed, args.shuffle_pile), args.opponent,
                           args.seats, args.games, args.rules, args.seed, "ceiling"))
    lo, hi = wilson(wins, args.games)
    fair = 1.0 / args.seats
    seen = "true hands" if args.shuffle_pile else "true hands and draw pile"
    print(f"oracle Hard ({seen}) vs {args.seats - 1} x {args.opponent}, "
          f"{args.rules}: {wins}/{args.games} = {wins / args.games:.1%} [{lo:.1%}, {hi:.1%}], "
          f"{wins / args.games / fair:.2f}x fair share (low {lo / fair:.2f}) "
          f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
