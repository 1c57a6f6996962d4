"""The game log and the ticker, told as the animations play (#39).

A batch of events arrives at once (a bot's whole move: its play, the seat it
skips, the next turn) but the table shows it step by step. The log says each
event when its step starts (:meth:`LogFeed.tell`, called by the director), so
it never reads "Ada is skipped" while the card is still in the air and the
label still says "Max's turn". A line that joins several events ("Max plays
Blue Skip; Ada is skipped") grows as they play.

The feed keeps the unredacted batches (the scene's ``history``) and how many
events at their end are not told yet; :meth:`retell` tells them again for
another viewer or language, without what has not played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game import i18n
from game.rules.events import Event, redact
from game.table.widgets import LogPanel
from game.ui.event_text import describe_events

TICKER = 3  # lines the ticker keeps


class LogFeed:
    def __init__(self, history: list[list[Event]], names: Callable[[], Sequence[str]]) -> None:
        self.history = history
        """the match's batches, unredacted (the scene's list, trimmed there)"""
        self.names = names
        self.untold = 0
        """events at the end of ``history`` whose steps have not started"""
        self.viewer = -1
        self.panel: LogPanel | None = None
        self._before: list[str] = []  # the last lines before the batch being told
        self._tail: list[str] = []  # the lines told so far of the batch being told

    @property
    def ticker(self) -> list[str]:
        """The newest lines told (the top left of the felt)."""
        return (self._before + self._tail)[-TICKER:]

    def _lines(self, batch: Sequence[Event]) -> list[str]:
        return describe_events([redact(e, self.viewer) for e in batch], self.names(),
                               i18n.language())

    def _next(self) -> tuple[int, int]:
        """The batch holding the next event to tell, and how many of it are told."""
        left, i = self.untold, len(self.history)
        while left > 0 and i > 0:
            i -= 1
            if len(self.history[i]) >= left:
                return i, len(self.history[i]) - left
            left -= len(self.history[i])
        return len(self.history), 0

    def _start_batch(self) -> None:
        self._before = (self._before + self._tail)[-TICKER:]
        self._tail = []

    def add(self, batch: list[Event], told: bool = False) -> None:
        """A new batch: said as its steps start (``told``: at once, not animated)."""
        if not batch:
            return
        if told:
            self.tell(self.untold)
            self.history.append(batch)
            self._start_batch()
            self._tail = self._lines(batch)
            if self.panel is not None:
                self.panel.add(self._tail)
            return
        self.history.append(batch)
        self.untold += len(batch)

    def tell(self, count: int = 1) -> None:
        """``count`` more events have started playing: say them."""
        while count > 0 and self.untold > 0:
            i, done = self._next()
            if i >= len(self.history):
                self.untold = 0
                return
            batch = self.history[i]
            take = min(count, len(batch) - done)
            if done == 0:
                self._start_batch()
            self.untold -= take
            count -= take
            self._show(self._lines(batch[:done + take]))

    def _show(self, lines: list[str]) -> None:
        """The batch being told now reads ``lines`` (its last line may have grown)."""
        keep = 0  # lines already shown that stay as they are
        while keep < min(len(lines), len(self._tail)) and lines[keep] == self._tail[keep]:
            keep += 1
        if self.panel is not None and lines != self._tail:
            self.panel.replace_last(len(self._tail) - keep, lines[keep:])
        self._tail = lines

    def retell(self, viewer: int) -> list[str]:
        """Every line told so far, for ``viewer`` in the current language (the
        panel's new text; the ticker's too)."""
        self.viewer = viewer
        i, done = self._next()
        lines = [line for batch in self.history[:i] for line in self._lines(batch)]
        self._tail = self._lines(self.history[i][:done]) if done else []
        self._before = lines[-TICKER:]
        lines += self._tail
        if self.panel is not None:
            self.panel.lines = lines
        return lines
