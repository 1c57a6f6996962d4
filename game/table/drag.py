"""Press, drag and release on the table (pure: positions and rects only).

A press on a card or the draw pile does nothing yet. Released where it was
pressed (the pointer never left it), it is a click. Moved further than a few
pixels, the card follows the pointer: dropped on the discard pile it is
played, dropped anywhere else the gesture is cancelled and the card goes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame

Point = tuple[int, int]


class Outcome(Enum):
    NONE = "none"  # nothing was pressed
    CLICK = "click"  # released on what was pressed
    DROP = "drop"  # a card dragged onto the discard pile
    CANCEL = "cancel"  # released elsewhere: nothing happens


@dataclass
class Press:
    """What the button went down on."""

    target: str  # "card" or "pile"
    card: int  # the card's id (-1 for the pile)
    start: Point
    offset: Point  # pointer minus the card's top-left, kept while dragging
    multi: bool = False  # Ctrl/Shift held: pick for a multi-play (H4)
    pos: Point = (0, 0)
    dragging: bool = False


class Pointer:
    """One gesture at a time; ``threshold`` pixels of motion turn a press into a drag."""

    def __init__(self, threshold: int = 6) -> None:
        self.threshold = threshold
        self.press: Press | None = None

    def down(self, target: str, card: int, pos: Point, rect: pygame.Rect,
             multi: bool = False) -> None:
        self.press = Press(target, card, pos, (pos[0] - rect.x, pos[1] - rect.y), multi, pos)

    def move(self, pos: Point) -> None:
        p = self.press
        if p is None:
            return
        p.pos = pos
        far = max(abs(pos[0] - p.start[0]), abs(pos[1] - p.start[1])) > self.threshold
        if far and p.target == "card":
            p.dragging = True

    def dragged(self) -> Press | None:
        """The press whose card follows the pointer now, if any."""
        return self.press if self.press is not None and self.press.dragging else None

    def up(self, pos: Point, still_on_target: bool, on_discard: bool) -> tuple[Outcome, Press | None]:
        """End the gesture: ``still_on_target`` says the pointer is over what was
        pressed, ``on_discard`` that it is over the discard pile."""
        p = self.press
        if p is None:
            return Outcome.NONE, None
        self.move(pos)
        self.press = None
        if p.dragging:
            return (Outcome.DROP if on_discard else Outcome.CANCEL), p
        return (Outcome.CLICK if still_on_target else Outcome.CANCEL), p

    def cancel(self) -> None:
        self.press = None
