"""The bot protocol: a PlayerView and its legal actions in, an action out.

Agents never see the game state, only what their seat may know. ``choose``
may return a bare action or a :class:`Choice` that also explains it (shown on
the table's Hint button, in both languages).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.rules.actions import Action
from game.rules.cards import Colour
from game.rules.view import PlayerView

Reason = tuple[str, Colour | None, int]


@dataclass(frozen=True, slots=True)
class Choice:
    action: Action
    reason_en: str = ""
    reason_zh: str = ""
    reasons: tuple[Reason, ...] = ()
    """Why, as message keys for the UI: ``("most_colour", Colour.RED, 0)`` is
    catalogue id ``hint.most_colour`` with ``{colour}`` and ``{n}``. Built-in
    levels fill it; ``reason_en``/``reason_zh`` are for bots that do not."""


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


# The random agent lives in its own module (compiled with the engine by setup.py).
from .random_agent import RandomAgent  # noqa: E402

__all__ = ["Agent", "Choice", "RandomAgent", "as_choice"]
