"""The table's record of what happened: event batches in, sentences out.

A :class:`Journal` keeps every batch the controller sent *unredacted*
(``history``, the newest 400 batches), so the whole log can be told again
for another viewer (hot-seat: nothing the last player saw stays) or another
language. Each batch is told as the viewer may see it (:func:`redact`), each
event when its animation starts (game.table.log_feed): the three newest lines
are the ``ticker`` over the table, all of them go to the log panel when it exists. The scoreboard's :class:`Scores` reads ``history``.
Whether the panel is open is the player's setting (``log_panel``: open,
closed, or auto: open on a window 1280 pixels wide or more).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.rules.events import Event, redact
from game.table.log_feed import TICKER, LogFeed
from game.table.widgets import LogPanel

KEPT_BATCHES = 400
TICKER_LINES = TICKER
AUTO_OPEN_WIDTH = 1280


def opens(remembered: str, width: int) -> bool:
    """Whether the log panel starts open: the ``log_panel`` setting, for a window ``width`` wide."""
    return remembered == "open" or (remembered == "auto" and width >= AUTO_OPEN_WIDTH)


def remembered(is_open: bool) -> str:
    """The ``log_panel`` setting that keeps the panel as the player left it."""
    return "open" if is_open else "closed"


class Journal:
    """History, ticker and log panel of one table. The sentences come from a
    :class:`~game.table.log_feed.LogFeed`: a batch is said as its steps start
    playing (the director calls :meth:`tell`), or at once with ``told``."""

    def __init__(self, names: Callable[[], Sequence[str]] = tuple) -> None:
        self.history: list[list[Event]] = []
        """unredacted batches, oldest first"""
        self.feed = LogFeed(self.history, names)

    @property
    def panel(self) -> LogPanel | None:
        """the log panel (made when the scene enters)"""
        return self.feed.panel

    @panel.setter
    def panel(self, panel: LogPanel | None) -> None:
        self.feed.panel = panel

    @property
    def ticker(self) -> list[str]:
        """the newest lines, as the viewer saw them"""
        return self.feed.ticker

    def add(self, events: list[Event], viewer: int, told: bool = False) -> list[Event]:
        """Keep a batch, to be said as it plays (``told``: said now, e.g. the round
        so far of a continued match); the batch as ``viewer`` may see it is returned."""
        self.feed.viewer = viewer
        self.feed.add(events, told=told)
        del self.history[:-KEPT_BATCHES]
        return [redact(e, viewer) for e in events]

    def tell(self, count: int = 1) -> None:
        """``count`` more events started playing: the log says them now."""
        self.feed.tell(count)

    def retell(self, viewer: int, box: pygame.Rect, scale: float) -> None:
        """Tell the whole log again for ``viewer`` and today's language (what has
        not played yet left out); lay the panel in ``box``."""
        self.feed.retell(viewer)
        if self.panel is not None:
            self.panel.build(box, scale)
