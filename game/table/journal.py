"""The table's record of what happened: event batches in, sentences out.

A :class:`Journal` keeps every batch the controller sent *unredacted*
(``history``, the newest 400 batches), so the whole log can be told again
for another viewer (hot-seat: nothing the last player saw stays) or another
language. Each batch is told as the viewer may see it (:func:`redact`): the
three newest lines are the ``ticker`` over the table, all of them go to the
log panel when it exists. The scoreboard's :class:`Scores` reads ``history``.
Whether the panel is open is the player's setting (``log_panel``: open,
closed, or auto: open on a window 1280 pixels wide or more).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import i18n
from game.rules.events import Event, redact
from game.table.widgets import LogPanel
from game.ui.event_text import describe_events

KEPT_BATCHES = 400
TICKER_LINES = 3
AUTO_OPEN_WIDTH = 1280


def opens(remembered: str, width: int) -> bool:
    """Whether the log panel starts open: the ``log_panel`` setting, for a window ``width`` wide."""
    return remembered == "open" or (remembered == "auto" and width >= AUTO_OPEN_WIDTH)


def remembered(is_open: bool) -> str:
    """The ``log_panel`` setting that keeps the panel as the player left it."""
    return "open" if is_open else "closed"


class Journal:
    """History, ticker and log panel of one table."""

    def __init__(self) -> None:
        self.history: list[list[Event]] = []
        """unredacted batches, oldest first"""
        self.ticker: list[str] = []
        """the newest lines, as the viewer saw them"""
        self.panel: LogPanel | None = None
        """the log panel (made when the scene enters)"""

    def add(self, events: list[Event], viewer: int, names: Sequence[str]) -> list[Event]:
        """Keep a batch and tell it; the batch as ``viewer`` may see it is returned."""
        self.history.append(events)
        del self.history[:-KEPT_BATCHES]
        seen = [redact(e, viewer) for e in events]
        self.tell(seen, names)
        return seen

    def tell(self, seen: list[Event], names: Sequence[str]) -> None:
        """Add an already redacted batch's sentences to the ticker and the panel."""
        lines = describe_events(seen, names, i18n.language())
        self.ticker = (self.ticker + lines)[-TICKER_LINES:]
        if self.panel is not None:
            self.panel.add(lines)

    def retell(self, viewer: int, names: Sequence[str], box: pygame.Rect, scale: float) -> None:
        """Tell the whole log again for ``viewer`` and today's language; lay the panel in ``box``."""
        lang = i18n.language()
        lines = [line for batch in self.history
                 for line in describe_events([redact(e, viewer) for e in batch], names, lang)]
        self.ticker = lines[-TICKER_LINES:]
        if self.panel is not None:
            self.panel.lines = lines
            self.panel.build(box, scale)
