"""What the table tells the player in passing: the toast and the sound cues.

One toast at a time stands over the table (a refusal, a hint, the UNO! tip,
the guest's link news): a :class:`~game.table.wording.Toast`'s sentence and
colour, until the table's clock passes its seconds. A refusal also sounds
"error"; the director's moves and the buttons' clicks sound through
:meth:`Cues.sound`, which stays quiet when the audio cannot play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rules.errors import IllegalAction
from game.table import wording
from game.ui import draw_kit as kit

Shown = tuple[str, tuple[int, int, int], float]
"""the toast as it stands: its text, its colour, the table's time it goes"""


class Cues:
    """The table's toast and sounds (``clock``: the table's time now)."""

    def __init__(self, audio: Any, clock: Callable[[], float]) -> None:
        self.audio = audio
        self.clock = clock
        self.toast: Shown | None = None

    def say(self, toast: wording.Toast) -> None:
        self.show(toast.text, toast.colour, toast.secs)

    def show(self, msg: str, colour: tuple[int, int, int] = kit.CREAM, secs: float = 2.5) -> None:
        self.toast = (msg, colour, self.clock() + secs)

    def refuse(self, err: IllegalAction) -> None:
        """Why ``err`` was refused, said with the error sound."""
        self.say(wording.refusal(err))
        self.sound("error")

    def acted(self) -> None:
        """The viewer acted: a hint is done with (:func:`wording.kept_after_acting`)."""
        self.toast = wording.kept_after_acting(self.toast)

    def expire(self, outlived: bool) -> None:
        """The toast goes when its time is up, or at once when ``outlived``."""
        if self.toast is not None and (self.clock() > self.toast[2] or outlived):
            self.toast = None

    def sound(self, name: str) -> None:
        try:
            self.audio.play(name)
        except Exception:  # noqa: BLE001 - sound is optional
            pass
