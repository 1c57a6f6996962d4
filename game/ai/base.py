"""The bot protocol: a PlayerView and its legal actions in, an action out.

Agents never see the game state, only what their seat may know. ``choose``
may return a bare action or a :class:`Choice` that also explains it (shown on
the table's Hint button, in both languages).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.rules.actions import Action, Draw, WrongPlay
from game.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class Choice:
    action: Action
    reason_en: str = ""
    reason_zh: str = ""


@runtime_checkable
class Agent(Protocol):
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        """Pick one of ``legal``.

        When ``view.to_act != view.seat`` the legal actions are out-of-turn ones
        (catch, jump-in, UNO call) and returning ``None`` declines them. On your
        own turn you must return one of ``legal``.
        """
        ...


def as_choice(result: Action | Choice) -> Choice:
    return result if isinstance(result, Choice) else Choice(result)


class RandomAgent:
    """Plays a uniformly random legal action, never a T8 wrong play, and draws
    only when it cannot play (as RLCard's random UNO agent); out of turn it
    takes one of its options half of the time."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        if view.to_act != view.seat:
            if self.rng.random() < 0.5:
                return None  # out of turn: react only half of the time
            return legal[self.rng.randrange(len(legal))]
        options: list[Action] = [a for a in legal if not isinstance(a, (WrongPlay, Draw))]
        if not options:
            options = list(legal)
        return options[self.rng.randrange(len(options))]
