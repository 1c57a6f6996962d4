"""Confetti over the scoreboard when a person at the table wins (#39: winning the
match showed the same static podium as losing).

Pieces in the four card colours fall, sway and spin for :data:`SECONDS`, then
fade; any key or click ends them at once. The motion is from a seeded random
source, so a given win looks the same every time (and tests can count pieces).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.ui.card_art import PALETTE

SECONDS = 3.2  # how long the pieces fall before they fade
FADE_S = 0.6
GRAVITY = 0.55  # of the window height per second squared


@dataclass(slots=True)
class Piece:
    x: float  # in window fractions
    y: float
    vx: float
    vy: float
    spin: float  # radians per second
    angle: float
    sway: float  # phase of the side-to-side drift
    colour: tuple[int, int, int]
    size: float  # of the window height


class Confetti:
    """A burst of ``count`` pieces from the top of a window of ``size``."""

    def __init__(self, size: tuple[int, int], seed: int, count: int = 140,
                 big: bool = True) -> None:
        self.size = size
        self.clock = 0.0
        self.stopped = False
        rng = random.Random(seed)
        colours: list[tuple[int, int, int]] = [*PALETTE.values(), (250, 214, 90)]
        self.pieces = [Piece(x=rng.uniform(0.0, 1.0), y=rng.uniform(-0.4, 0.3),
                             vx=rng.uniform(-0.06, 0.06), vy=rng.uniform(0.05, 0.2),
                             spin=rng.uniform(-7.0, 7.0), angle=rng.uniform(0, math.tau),
                             sway=rng.uniform(0, math.tau), colour=rng.choice(colours),
                             size=rng.uniform(0.008, 0.016) * (1.0 if big else 0.8))
                       for _ in range(count if big else count // 2)]

    @property
    def done(self) -> bool:
        return self.stopped or self.clock >= SECONDS + FADE_S

    def stop(self) -> None:
        """A key or a click: the celebration gives way at once."""
        self.stopped = True

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size  # positions are fractions of the window: nothing else to do

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.clock += dt
        for p in self.pieces:
            p.vy += GRAVITY * dt * 0.35
            p.vy = min(p.vy, 0.4)  # paper flutters: it never falls fast
            p.x += (p.vx + 0.03 * math.sin(p.sway + self.clock * 3.0)) * dt
            p.y += p.vy * dt
            p.angle += p.spin * dt

    def alpha(self) -> int:
        left = SECONDS + FADE_S - self.clock
        return 255 if left >= FADE_S else max(0, int(255 * left / FADE_S))

    def visible(self) -> int:
        """How many pieces are inside the window now."""
        return sum(1 for p in self.pieces if -0.05 <= p.y <= 1.05 and -0.05 <= p.x <= 1.05)

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        w, h = self.size
        alpha = self.alpha()
        for p in self.pieces:
            if not (-0.05 <= p.y <= 1.05):
                continue
            side = max(3, int(p.size * h))
            # a spinning paper rectangle: its width shrinks and grows with the turn
            width = max(1, int(side * abs(math.cos(p.angle))))
            piece = pygame.Surface((width, side), pygame.SRCALPHA)
            piece.fill((*p.colour, alpha))
            turned = pygame.transform.rotate(piece, math.degrees(p.sway + p.angle * 0.3))
            surface.blit(turned, turned.get_rect(center=(int(p.x * w), int(p.y * h))))
