"""Reasons for the Hint button: catalogue ids with their parameters.

Every level explains its choice with one or two :class:`~game.ai.base.Reason`
records (``Reason("hint.most_colour", Colour.RED)``); the table puts them into
words in the reader's language (``game/ui/hint_text.py``). Each id is written
out where it is used, so a search for it finds the code, and
``tests/test_catalogue_ids.py`` checks that both catalogues have it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.actions import Action, WrongPlay
from game.rules.view import PlayerView

from .base import Agent, Choice, Reason, as_choice

HINT_LEVEL = "normal"  # the level whose choice the Hint button shows and explains


def hint_for(agent: Agent, view: PlayerView, legal: Sequence[Action]) -> Choice | None:
    """The Hint button's answer for ``view``'s seat: ``agent``'s choice among
    ``legal`` (never a deliberate wrong play), with its reasons; None when there is
    nothing to do. It sees what an agent sees, the seat's own view: a local table and
    a guest's table (game/online/remote.py) hint alike from the same position."""
    options = [a for a in legal if not isinstance(a, WrongPlay)]
    if not options:
        return None
    result = agent.choose(view, options)
    return None if result is None else as_choice(result)


def reason(action: Action, *why: Reason | str) -> Choice:
    """``action``, explained by ``why``: each a :class:`Reason`, or the bare
    catalogue id of a reason without parameters."""
    return Choice(action, reasons=tuple(w if isinstance(w, Reason) else Reason(w) for w in why))
