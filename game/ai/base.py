"""The bot protocol: a PlayerView and its legal actions in, an action out.

Agents never see the game state, only what their seat may know. ``choose``
may return a bare action or a :class:`Choice` that also explains it (shown on
the table's Hint button): catalogue ids with parameters (:class:`Reason`), or
a bot's own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from game.rules.actions import Action
from game.rules.cards import Colour
from game.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason for a choice, for the table to put into words."""

    key: str
    """Catalogue id of the words (``"hint.most_colour"``), in every language's ``.po``."""
    colour: Colour | None = None
    """Fills the text's ``{colour}`` (named in the reader's language)."""
    n: int = 0
    """Fills the text's ``{n}``."""


@dataclass(frozen=True, slots=True)
class Choice:
    action: Action
    """One of the legal actions offered."""
    text: str = ""
    """A bot's own words for it, in one language (for bots from outside the game;
    the table shows them through the text gate, as any text from outside)."""
    reasons: tuple[Reason, ...] = field(default=(), kw_only=True)
    """Why, as catalogue ids with parameters (the built-in levels): the table
    joins their texts in the reader's language."""


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

__all__ = ["Agent", "Choice", "RandomAgent", "Reason", "as_choice"]
