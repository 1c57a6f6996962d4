"""What Hard's futility stop costs: the same decisions searched with and without it.

Hard plays ``--games`` games against ``seats - 1`` outside bots. Before each
of its own decisions it is asked twice from the same random state: once with
the futility stop switched off (``hard.FUTILE_FROM`` and
``hard.FUTILE_FROM_HEADS_UP`` out of reach: the search
runs until the leader is clear or the work budget is spent) and once as it
ships; the shipped answer is played. It prints how many searched decisions
came out differently, how often each version left Normal's move, and the
worlds and think time each spent.

    .venv/bin/python -m benchmarks.search.hard_stopping --opponent keepwilds --seats 4 --games 25
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from benchmarks.strength.gauntlet import play_device
from game.ai import hard
from game.ai.base import Choice
from game.ai.hard import HardAgent
from game.ai.normal import choose_turn
from game.ai.tracking import track
from game.rules.actions import Action, CallUno, WrongPlay
from game.rules.view import PlayerView

SHIPPED = (hard.FUTILE_FROM, hard.FUTILE_FROM_HEADS_UP)
OFF = (10**9, 10**9)


def _action(answer: Action | Choice | None) -> Action | None:
    return answer.action if isinstance(answer, Choice) else answer


class Tally:
    def __init__(self) -> None:
        self.decisions = self.differ = 0
        self.left_normal = {"off": 0, "on": 0}
        self.worlds = {"off": 0, "on": 0}
        self.seconds = {"off": 0.0, "on": 0.0}


class TwoWayHard(HardAgent):
    """Hard answering each decision twice: without, then with the futility stop."""

    def __init__(self, seed: int, tally: Tally) -> None:
        super().__init__(seed, think_ms=60_000)
        self.tally = tally

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        state = self.rng.getstate()
        answers = {}
        for mode, futile_from in (("off", OFF), ("on", SHIPPED)):
            self.rng.setstate(state)
            hard.FUTILE_FROM, hard.FUTILE_FROM_HEADS_UP = futile_from
            t0 = time.perf_counter()
            answers[mode] = (self.choose_once(view, legal), self.last_iterations,
                             time.perf_counter() - t0)
        hard.FUTILE_FROM, hard.FUTILE_FROM_HEADS_UP = SHIPPED
        if answers["on"][1]:  # a searched decision
            t = self.tally
            t.decisions += 1
            real = [a for a in legal if not isinstance(a, (WrongPlay, CallUno))]
            normal = choose_turn(view, real, track(view)).action
            for mode, (answer, worlds, seconds) in answers.items():
                t.left_normal[mode] += _action(answer) != normal
                t.worlds[mode] += worlds
                t.seconds[mode] += seconds
            t.differ += _action(answers["on"][0]) != _action(answers["off"][0])
        return answers["on"][0]

    def choose_once(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        return super().choose(view, legal)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", default="keepwilds")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--games", type=int, default=25)
    ap.add_argument("--rules", default="official")
    ap.add_argument("--seed", type=int, default=1, help="same deal seeds as the gauntlet's")
    args = ap.parse_args(argv)
    tally = Tally()
    play_device(lambda g, seed: TwoWayHard(seed, tally), args.opponent, args.seats, args.games,
                args.rules, args.seed, "stopping")
    t = tally
    print(f"Hard vs {args.seats - 1} x {args.opponent}, {args.rules}, {args.games} games: "
          f"{t.decisions} searched decisions, {t.differ} decided differently with the "
          f"futility stop ({t.differ / max(1, t.decisions):.1%})")
    shipped = f"from {SHIPPED[0]} worlds, {SHIPPED[1]} heads-up"
    for mode, label in (("off", "without the stop"), ("on", f"with it ({shipped})")):
        print(f"  {label:40} left Normal's move {t.left_normal[mode]:4}  worlds "
              f"{t.worlds[mode] / max(1, t.decisions):6.1f} a decision  think "
              f"{1000 * t.seconds[mode] / max(1, t.decisions):6.1f} ms a decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
