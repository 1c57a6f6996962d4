"""The random agent: a uniformly random legal action (the baseline and the
benchmark's player). Its own module so the optional compiled build
(setup.py, UNO_COMPILE=1) can compile it with the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from game.rules.actions import Action, Draw, WrongPlay
from game.rules.view import PlayerView

_DRAW: Final = Draw
_WRONG: Final = WrongPlay


class RandomAgent:
    """Plays a uniformly random legal action, never a T8 wrong play, and draws
    only when it cannot play (as RLCard's random UNO agent); out of turn it
    takes one of its options half of the time."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._random: Callable[[], float] = self.rng.random  # bound once

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        rand = self._random
        if view.to_act != view.seat:
            if rand() < 0.5:
                return None  # out of turn: react only half of the time
            return legal[int(rand() * float(len(legal)))]
        moves = legal if isinstance(legal, list) else list(legal)  # (a list: read natively)
        options: list[Action] = [a for a in moves
                                 if type(a) is not _DRAW and type(a) is not _WRONG]
        if not options:
            options = moves
        return options[int(rand() * float(len(options)))]
