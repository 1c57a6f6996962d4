"""Failed writes, told to the player once, in the player's words.

All evening the game writes on its own: the settings after each change, the
statistics after each counted round, the autosave after each move. When the
disk refuses (full, read-only), the next write tries again and fails again.
:class:`WriteNotices` (the app owns one: ``app.write_notices``) keeps, per
kind of write, why the current run of failures happens, and hands out that
run's notice once (:meth:`WriteNotices.take`); a write of that kind that works
ends the run, and a failure after it is news again. The app shows what it
takes as a toast over the screen on top (:class:`Toasts`); a scene that shows
a kind itself says so in ``writes_shown`` (the table's standing notice for the
autosave) and takes that kind's notices.

A click that writes (Save here, Export) is answered by a dialog on every
click, in the same words (:func:`game.scenes.strings_menus.write_reason_text`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game.i18n import t
from game.scenes.strings_menus import write_reason_text
from game.ui import draw_kit as kit
from game.ui import theme

# The writes the game makes on its own (``write.failed.<kind>`` in the catalogue).
KINDS = ("settings", "stats", "autosave", "online_seat")
TOAST_S = 6.0  # seconds a toast stays up


@dataclass(frozen=True)
class WriteNotice:
    """One run of failed writes the player is to be told of."""

    kind: str
    """one of :data:`KINDS`"""
    reason: str
    """why: ``disk_full``, ``read_only``, ``other`` or ``newer_format``"""

    def text(self) -> str:
        """The notice in the current language."""
        return t(f"write.failed.{self.kind}", reason=write_reason_text(self.reason))


class WriteNotices:
    """Why each kind of write fails now, and the runs of failures not told yet.

    :meth:`report` may be called from any thread (the autosave writes on its
    own); :meth:`take` is the screens' (main thread).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failing: dict[str, str] = {}  # kind -> reason of the current run
        self._untold: dict[str, str] = {}

    def report(self, kind: str, reason: str) -> None:
        """A write of ``kind`` worked (``reason`` is ``""``) or failed for ``reason``.
        A new run starts with the first failure, or when the reason changes."""
        assert kind in KINDS, kind
        with self._lock:
            if not reason:
                self._failing.pop(kind, None)
                self._untold.pop(kind, None)
            elif self._failing.get(kind) != reason:
                self._failing[kind] = reason
                self._untold[kind] = reason

    def take(self, kinds: Iterable[str] = KINDS) -> list[WriteNotice]:
        """The runs of ``kinds`` not told yet; each is handed out once."""
        with self._lock:
            return [WriteNotice(kind, self._untold.pop(kind)) for kind in kinds
                    if kind in self._untold]


class Toasts:
    """What the app shows over every screen for :data:`TOAST_S` seconds: the
    notices it took, newest at the bottom, in the language of the moment."""

    def __init__(self) -> None:
        self._shown: list[tuple[WriteNotice, float]] = []  # (notice, seconds left)

    def __bool__(self) -> bool:
        return bool(self._shown)

    def add(self, notices: Iterable[WriteNotice]) -> None:
        self._shown += [(notice, TOAST_S) for notice in notices]

    def update(self, dt: float) -> None:
        self._shown = [(notice, left - dt) for notice, left in self._shown if left > dt]

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        """Each notice in a red box, centred near the top of ``surface``."""
        def px(value: float) -> int:
            return theme.px(value, scale)

        w = surface.get_width()
        y = px(12)
        for notice, _left in self._shown:
            img = kit.text_block(notice.text(), theme.font_size("body", scale),
                                min(px(640), w - px(80)), kit.CREAM, True)
            r = img.get_rect(midtop=(w // 2, y + px(10)))
            box = r.inflate(px(28), px(20))
            kit.panel(surface, box, px(10), (70, 14, 14, 240), (*kit.RED, 255), px(2))
            surface.blit(img, r)
            y = box.bottom + px(8)
