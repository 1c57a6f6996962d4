"""Where everything sits on the table, for any window from 1024x640 to 4K.

Pure geometry (pygame.Rect only): seat plates around an ellipse with the
viewing seat at the bottom, the piles in the middle, the hand fan at the
bottom, the button bar above it and the log panel on the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

BASE_W, BASE_H = 1024, 640
CARD_SCALE = {"small": 0.85, "medium": 1.0, "large": 1.18}
CARD_RATIO = 1.5  # height / width
MIN_TEXT_PX = 12  # the table's smallest text (badges, ticker lines cut rather than shrunk)


@dataclass(frozen=True)
class SeatSpot:
    seat: int
    center: tuple[int, int]
    plate: pygame.Rect
    fan_center: tuple[int, int]  # where the small card backs are fanned
    toward: tuple[float, float]  # unit vector from the seat to the table centre


@dataclass
class TableLayout:
    size: tuple[int, int]
    scale: float
    card_w: int
    card_h: int
    mini_w: int
    mini_h: int
    table: pygame.Rect  # the felt (window minus the log panel)
    log: pygame.Rect  # log panel (width 0 when closed)
    centre: tuple[int, int]
    draw_pile: pygame.Rect
    discard: pygame.Rect
    hand: pygame.Rect  # area of the viewer's hand fan
    bar: pygame.Rect  # contextual action buttons row
    corner: pygame.Rect  # Menu / Hint / Log buttons (top right of the felt)
    seats: dict[int, SeatSpot] = field(default_factory=dict)
    bottom: SeatSpot | None = None  # the viewer's own plate
    legend: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """the keys' one-line legend along the felt's bottom edge (height 0: hidden)"""

    def px(self, v: float) -> int:
        """A base-resolution length in pixels."""
        return max(1, round(v * self.scale))

    def font_px(self, v: float) -> int:
        """A base-resolution text size in pixels, never below a readable 12."""
        return max(MIN_TEXT_PX, round(v * self.scale))

    def prompt_top(self) -> int:
        """The top of the turn prompt's band, just above the action row (the
        prompt stands on ``bar.top - px(8)``; its line is about 1.5 font heights)."""
        return self.bar.top - self.px(8) - round(self.font_px(17) * 1.5) - self.px(6)

    def piles_area(self) -> pygame.Rect:
        """The piles with what counts on them: the draw pile and its count under
        it, the discard pile in its colour ring and the penalty pill on the
        ring's bottom right (#39: no callout stands over them)."""
        ring = self.discard.inflate(2 * self.px(22), 2 * self.px(22))
        label_bottom = self.draw_pile.bottom + self.px(6) + round(self.font_px(13) * 1.5)
        left = self.draw_pile.left - self.px(16)
        right = ring.right + self.px(34)
        bottom = max(ring.bottom + self.px(12), label_bottom)
        return pygame.Rect(left, ring.top, right - left, bottom - ring.top)

    def spot(self, seat: int) -> SeatSpot | None:
        """Where ``seat`` sits: a plate around the table or the bottom one."""
        if self.bottom is not None and self.bottom.seat == seat:
            return self.bottom
        return self.seats.get(seat)

    def seat_area(self, spot: SeatSpot) -> pygame.Rect:
        """All a seat around the table may cover: its plate with the turn's glow,
        the thinking dots and the UNO pill, and its fan of backs at its widest
        (twelve shown, the "+N" pill on the fan's top right corner)."""
        fan = pygame.Rect(0, 0, round(self.mini_w * 4.1), self.mini_h)
        fan.center = spot.fan_center
        more = pygame.Rect(0, 0, round(self.mini_w * 1.3), round(self.mini_h * 0.5))
        more.center = fan.topright
        uno = pygame.Rect(0, 0, self.px(56), self.px(28))
        uno.center = (spot.plate.right - self.px(4), spot.plate.top - self.px(2))
        return spot.plate.inflate(self.px(12), self.px(12)).union(fan).union(more).union(uno)

    def seat_pos(self, seat: int) -> tuple[int, int]:
        if self.bottom is not None and self.bottom.seat == seat:
            return self.hand.center
        spot = self.seats.get(seat)
        return spot.fan_center if spot else self.centre


def clear_boxes(corner: tuple[int, int], most: tuple[int, int],
                blocked: list[pygame.Rect]) -> list[pygame.Rect]:
    """Boxes with their top left at ``corner``, at most ``most`` in size, that
    touch none of ``blocked``: one at the widest and one at each width where a
    blocked rect begins, each as tall as it can be at that width (0 when a
    blocked rect covers ``corner``)."""
    x, y = corner
    full_w, full_h = most

    def height(w: int) -> int:
        column = pygame.Rect(x, y, w, full_h)
        return min([full_h, *(r.top - y for r in blocked if r.colliderect(column))])

    widths = {full_w, *(r.left - x for r in blocked if 0 < r.left - x < full_w)}
    return [pygame.Rect(x, y, w, max(0, height(w))) for w in widths]


def seat_angles(n_others: int) -> list[float]:
    """Screen angles (degrees, y down) for the other seats, clockwise from the left."""
    if n_others <= 0:
        return []
    if n_others == 1:
        return [270.0]
    span = min(240.0, 90.0 * (n_others - 1))
    start = 270.0 - span / 2
    return [start + i * span / (n_others - 1) for i in range(n_others)]


def _fan_options(plate: pygame.Rect, toward: tuple[float, float], mini_w: int, mini_h: int,
                 corner: pygame.Rect) -> list[pygame.Rect]:
    """Where a seat's small card backs may peek out from behind its plate, best
    first: above it for the seats on the sides, below it for the seats across
    the table (and for a side seat whose backs would go under the corner
    buttons); then the other of the two, each also slid a little sideways; then
    level with the plate, toward the centre or away from it."""
    ux, uy = toward
    above = pygame.Rect(0, 0, round(mini_w * 4.1), mini_h)
    above.center = (plate.centerx, plate.top - round(mini_h * 0.22))
    below = above.copy()
    below.center = (plate.centerx, plate.bottom + round(mini_h * 0.2))
    on_right, on_left = above.copy(), above.copy()
    on_right.midleft = (plate.right - round(mini_w * 0.3), plate.centery)
    on_left.midright = (plate.left + round(mini_w * 0.3), plate.centery)
    first, second = (below, above) if uy > 0.8 or above.colliderect(corner) else (above, below)
    step = round(mini_w * 0.5) * (1 if ux >= 0 else -1)  # toward the centre
    slides = (1, 2, 3, -1, -2)
    return [first, *(first.move(k * step, 0) for k in slides),
            second, *(second.move(k * step, 0) for k in slides),
            *((on_right, on_left) if ux >= 0 else (on_left, on_right))]


def _choose_fans(options: list[list[pygame.Rect]], budget: int = 4000) -> list[pygame.Rect]:
    """One fan per seat from its ``options`` (best first) with no two fans
    overlapping (#39: ten seats beside the log had backs over a neighbour's):
    the first such choice in order of preference, searched depth first within
    ``budget`` steps; failing that each seat's best."""
    chosen: list[pygame.Rect] = []
    steps = 0

    def place(i: int) -> bool:
        nonlocal steps
        if i == len(options):
            return True
        for fan in options[i]:
            steps += 1
            if steps > budget:
                return False
            if fan.collidelist(chosen) < 0:
                chosen.append(fan)
                if place(i + 1):
                    return True
                chosen.pop()
        return False

    return chosen if place(0) else [opts[0] for opts in options]


def legend_px(scale: float) -> int:
    """The legend's text size: the table's smallest readable one."""
    return max(MIN_TEXT_PX, round(12 * scale))


def compute_layout(size: tuple[int, int], n_seats: int, viewer: int, card_size: str = "medium",
                   log_open: bool = False, legend: bool = False) -> TableLayout:
    w, h = max(320, size[0]), max(240, size[1])
    scale = min(w / BASE_W, h / BASE_H)
    log_w = max(200, round(w * 0.18)) if log_open else 0  # under a fifth from 1024 wide
    log_w = min(log_w, w // 2)
    table = pygame.Rect(0, 0, w - log_w, h)
    log = pygame.Rect(table.right, 0, log_w, h)
    card_w = round(78 * scale * CARD_SCALE.get(card_size, 1.0))
    card_h = round(card_w * CARD_RATIO)
    mini_w = max(18, round(34 * scale))
    mini_h = round(mini_w * CARD_RATIO)

    def px(v: float) -> int:
        return max(1, round(v * scale))

    lift = px(22)
    # the legend's line (its text a readable 12 px and more) under the hand
    legend_h = round(legend_px(scale) * 1.45) if legend else 0
    legend_rect = pygame.Rect(table.x + px(10), table.bottom - legend_h - px(2),
                              table.w - px(20), legend_h)
    hand = pygame.Rect(0, 0, table.w - px(40), card_h + lift + px(8))
    hand.midbottom = (table.centerx, table.bottom - px(10) - (legend_h - px(6) if legend else 0))
    bar = pygame.Rect(0, 0, table.w - px(40), px(38))
    bar.midbottom = (table.centerx, hand.top - px(6))
    corner = pygame.Rect(0, 0, px(300), px(32))
    corner.topright = (table.right - px(8), px(8))

    plate_w, plate_h = px(150), px(50)
    top_y = px(16) + plate_h // 2 + corner.h // 2
    cy = round(table.h * 0.42)
    cx = table.centerx
    ry = cy - top_y
    rx = table.w / 2 - plate_w / 2 - px(14)
    others = [s for s in range(n_seats) if s != viewer] if viewer >= 0 else list(range(n_seats))
    if viewer >= 0:
        others = sorted(others, key=lambda s: (s - viewer) % n_seats)
        bottom_seat = viewer
    else:
        bottom_seat = -1
    seats: dict[int, SeatSpot] = {}
    if viewer < 0 and others:
        # Spectator: seat 0 sits at the bottom too, just without a face-up hand.
        bottom_seat = others.pop(0)
    centre_y = min(cy + px(10), bar.top - card_h // 2 - px(34))
    gap = px(26)
    discard = pygame.Rect(0, 0, card_w, card_h)
    discard.midleft = (cx + gap // 2, centre_y)
    draw_pile = pygame.Rect(0, 0, card_w, card_h)
    draw_pile.midright = (cx - gap // 2, centre_y)
    piles = draw_pile.union(discard.inflate(2 * px(22), 2 * px(22)))  # with the colour ring

    placed: list[tuple[int, pygame.Rect, tuple[float, float]]] = []
    for seat, ang in zip(others, seat_angles(len(others)), strict=True):
        a = math.radians(ang)
        x = cx + rx * math.cos(a)
        y = cy + ry * math.sin(a)
        toward = (cx - x, cy - y)
        norm = math.hypot(*toward) or 1.0
        plate = pygame.Rect(0, 0, plate_w, plate_h)
        plate.center = (round(x), round(y))
        plate.clamp_ip(table)
        placed.append((seat, plate, (toward[0] / norm, toward[1] / norm)))
    plates = [plate for _, plate, _ in placed]
    blocked = [piles, bar, corner.inflate(px(8), px(8))]
    options = [_fan_options(plate, u, mini_w, mini_h, corner.inflate(px(8), px(8)))
               for _, plate, u in placed]
    options = [[f for f in opts if table.contains(f) and f.collidelist(blocked) < 0
                and f.collidelist([r for r in plates if r is not plate]) < 0] or opts[:1]
               for opts, plate in zip(options, plates, strict=True)]
    fans = _choose_fans(options)
    for (seat, plate, u), fan in zip(placed, fans, strict=True):
        seats[seat] = SeatSpot(seat, plate.center, plate, fan.center, u)

    bottom_plate = pygame.Rect(0, 0, plate_w, plate_h)
    bottom_plate.midleft = (table.left + px(10), bar.centery)
    bottom = SeatSpot(bottom_seat, bottom_plate.center, bottom_plate, hand.center, (0.0, -1.0))

    return TableLayout((w, h), scale, card_w, card_h, mini_w, mini_h, table, log, (cx, centre_y),
                       draw_pile, discard, hand, bar, corner, seats, bottom,
                       legend_rect if legend else pygame.Rect(0, 0, 0, 0))
