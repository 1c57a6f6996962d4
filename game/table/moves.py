"""What a gesture on the hand means among the viewer's legal actions.

Plain values in, a :data:`Move` out: a click on a card, a card dropped on the
discard pile, a pressed button, a colour from the picker, a shortcut key.
No pygame and no scene: the scene carries the move out (sends the action,
opens the colour picker, says why not).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.actions import Action, ChooseColour, JumpIn, Play, WrongPlay
from game.rules.cards import DECK, Colour


@dataclass(frozen=True, slots=True)
class Send:
    """Send ``action`` to the match."""

    action: Action


@dataclass(frozen=True, slots=True)
class Pick:
    """Open the colour picker for a play of ``cards`` (a wild's colour)."""

    cards: tuple[int, ...]
    warn: bool = False
    """a single card clicked: say first when it is a T2 bluff"""
    colour: Colour | None = None
    """the colour the picker offers first (the one a hint named)"""


@dataclass(frozen=True, slots=True)
class Refuse:
    """Say why ``card`` cannot be played; then send ``then`` (T8: offering an
    unplayable card costs the penalty) when it is not None."""

    card: int
    then: Action | None = None


@dataclass(frozen=True, slots=True)
class Select:
    """H4: add ``card`` to the multi-play selection, or take it out."""

    card: int


@dataclass(frozen=True, slots=True)
class Arm:
    """"Confirm each play": raise ``card`` and wait for its confirm step."""

    card: int


Move = Send | Pick | Refuse | Select | Arm


def card_click(legal: Sequence[Action], card: int, *, select: bool = False,
               confirm: bool = False) -> Move:
    """A click on ``card`` in the viewer's hand (``legal``: their legal actions).

    ``select``: H4 multi-play is on and Ctrl/Shift was held; ``confirm``: each
    play needs a confirm step and ``card`` is not yet waiting for it."""
    if select:
        return Select(card)
    if confirm:
        return Arm(card)
    for a in legal:
        if isinstance(a, Play) and a.cards == (card,):
            return Pick((card,), warn=True) if a.colour is not None else Send(a)
    for a in legal:
        if isinstance(a, JumpIn) and a.card == card:  # H3
            return Send(a)
    return Refuse(card, next((a for a in legal
                              if isinstance(a, WrongPlay) and a.card == card), None))


def chosen(action: Action) -> Move:
    """A button's action: a play whose top card is wild asks for its colour first."""
    if isinstance(action, Play) and (action.colour is not None or DECK[action.cards[-1]].is_wild):
        return Pick(action.cards)
    return Send(action)


def hinted(action: Action, *, confirm: bool = False, armed: int = -1) -> Move:
    """Enter with no card highlighted follows the hint as a click on its card
    would (#39): a wild opens the colour picker on the colour the hint named (and
    warns first of a T2 bluff) rather than naming it unseen; with "Confirm each
    play" the card is raised to wait for its confirm step; another action is sent."""
    if isinstance(action, Play):
        if len(action.cards) == 1 and confirm and armed != action.cards[0]:
            return Arm(action.cards[0])
        if action.colour is not None or DECK[action.cards[-1]].is_wild:
            return Pick(action.cards, warn=len(action.cards) == 1, colour=action.colour)
    return Send(action)


def coloured(legal: Sequence[Action], cards: tuple[int, ...], colour: Colour) -> Action | None:
    """The picker's ``colour`` for a play of ``cards``, or for S4 when ``cards``
    is empty; None when no such action is legal (the picker just closes)."""
    for a in legal:
        if not cards and isinstance(a, ChooseColour) and a.colour is colour:
            return a
        if cards and isinstance(a, Play) and a.cards == cards and a.colour is colour:
            return a
    return None


def coloured_plays(legal: Sequence[Action], cards: tuple[int, ...]) -> list[Action]:
    """Every legal play of ``cards`` whatever colour it names (the picker's choices)."""
    return [a for a in legal if isinstance(a, Play) and a.cards == cards]


def first_of(legal: Sequence[Action], kinds: tuple[type[Action], ...]) -> Action | None:
    """A shortcut key: the first legal action of one of ``kinds``."""
    return next((a for a in legal if isinstance(a, kinds)), None)
