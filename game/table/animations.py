"""Tweens and sprites, queued step by step from engine events.

A :class:`Step` is a group of sprites that move together (one event, or a
deal of many cards); steps run one after another. ``on_start`` callbacks run
when a step begins (a card leaves the hand), ``on_end`` when it lands (the
card joins the pile). With speed "off" each step completes at once, so the
game plays exactly the same. Effects (pulses, UNO bubbles) run beside the
queue and never block play.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}  # "fast" is 2x

Point = tuple[float, float]
CardRenderer = Callable[[int, int, bool], pygame.Surface]  # (card id, width, face_up)


def ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: Point, b: Point, t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Flight:
    """A card moving from ``src`` to ``dst`` (centres), face up or down."""

    card: int
    src: Point
    dst: Point
    width: int
    face_up: bool
    delay: float = 0.0
    dur: float = 0.35
    arc: float = 0.0  # pixels the path bows upward at mid-flight

    def pos(self, t: float) -> tuple[float, float] | None:
        if t < self.delay:
            return None
        k = ease_out((t - self.delay) / self.dur) if self.dur > 0 else 1.0
        x, y = lerp(self.src, self.dst, k)
        return (x, y - self.arc * 4 * k * (1 - k))


@dataclass
class Step:
    flights: list[Flight] = field(default_factory=list)
    hold: float = 0.0  # minimum duration (seconds, before speed scaling)
    on_start: list[Callable[[], None]] = field(default_factory=list)
    on_end: list[Callable[[], None]] = field(default_factory=list)

    @property
    def duration(self) -> float:
        ends = [f.delay + f.dur for f in self.flights]
        return max([self.hold, *ends])


@dataclass
class Effect:
    """A non-blocking flourish: ``kind`` pulse | bubble | colour | reveal, drawn by the table."""

    kind: str
    pos: Point
    life: float
    text: str = ""
    colour: tuple[int, int, int] = (255, 255, 255)
    age: float = 0.0
    icon: str = ""
    cards: tuple[int, ...] = ()  # "reveal": the hand a T5 challenge showed the viewer
    row: int = 0  # "bubble": how many bubbles already stood at ``pos`` when it came (stacked)

    @property
    def progress(self) -> float:
        return min(1.0, self.age / self.life) if self.life > 0 else 1.0


class Animator:
    def __init__(self, speed: str = "normal") -> None:
        self.factor = SPEED.get(speed, 1.0)
        self.queue: deque[Step] = deque()
        self.active: Step | None = None
        self.t = 0.0
        self.effects: list[Effect] = []

    def set_speed(self, speed: str) -> None:
        self.factor = SPEED.get(speed, 1.0)

    @property
    def off(self) -> bool:
        return self.factor <= 0

    def push(self, step: Step) -> None:
        self.queue.append(step)
        if self.off:
            self.finish_all()

    def add_effect(self, effect: Effect) -> None:
        if self.off and effect.kind == "pulse":
            return
        effect.life *= max(self.factor, 0.6) if effect.kind != "toast" else 1.0
        if effect.kind == "bubble":  # "Guilty!" then "+4" over one seat: one above the other
            effect.row = sum(1 for e in self.effects if e.kind == "bubble" and e.progress < 1.0
                             and abs(e.pos[0] - effect.pos[0]) < 1 and abs(e.pos[1] - effect.pos[1]) < 1)
        self.effects.append(effect)

    def busy(self) -> bool:
        """True while a blocking step is queued or running."""
        return self.active is not None or bool(self.queue)

    def animating(self) -> bool:
        return self.busy() or bool(self.effects)

    def finish_all(self) -> None:
        if self.active is not None:
            for cb in self.active.on_end:
                cb()
            self.active = None
        while self.queue:
            step = self.queue.popleft()
            for cb in step.on_start:
                cb()
            for cb in step.on_end:
                cb()

    def update(self, dt: float) -> None:
        for e in self.effects:
            e.age += dt
        self.effects = [e for e in self.effects if e.age < e.life]
        if self.off:
            self.finish_all()
            return
        # Catch up when many steps wait (e.g. a fast series of AI moves).
        rush = 1.0 + max(0, len(self.queue) - 3) * 0.5
        remaining = dt * rush / self.factor
        while remaining > 0:
            if self.active is None:
                if not self.queue:
                    return
                self.active = self.queue.popleft()
                self.t = 0.0
                for cb in self.active.on_start:
                    cb()
            need = self.active.duration - self.t
            if remaining < need:
                self.t += remaining
                return
            remaining -= max(need, 0.0)
            step, self.active = self.active, None
            for cb in step.on_end:
                cb()
            if not self.queue:
                return

    def sprites(self) -> list[tuple[Flight, tuple[float, float]]]:
        """Flights in the air with their current centres (draw order)."""
        if self.active is None:
            return []
        out = []
        for f in self.active.flights:
            p = f.pos(self.t)
            if p is not None:
                out.append((f, p))
        return out

    def draw(self, surface: pygame.Surface, render: CardRenderer) -> None:
        for f, (x, y) in self.sprites():
            img = render(f.card, f.width, f.face_up)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
