"""Reasons for the Hint button: catalogue ids with their parameters.

Every level explains its choice with one or two :class:`~game.ai.base.Reason`
records (``Reason("hint.most_colour", Colour.RED)``); the table puts them into
words in the reader's language (``game/ui/hint_text.py``). Each id is written
out where it is used, so a search for it finds the code, and
``tests/test_catalogue_ids.py`` checks that both catalogues have it.
"""

from __future__ import annotations

from game.rules.actions import Action

from .base import Choice, Reason


def reason(action: Action, *why: Reason | str) -> Choice:
    """``action``, explained by ``why``: each a :class:`Reason`, or the bare
    catalogue id of a reason without parameters."""
    return Choice(action, reasons=tuple(w if isinstance(w, Reason) else Reason(w) for w in why))
