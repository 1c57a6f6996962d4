"""TableRenderer: draws a :class:`TableFrame` on a layout, and owns its caches.

Reads the frame and the layout only: it changes no table state. Each table
(and each replay) has its own renderer, so its caches (the layered felt, the
direction ring's tiles, the seats' sprites) are its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import pygame

from game.resources import get_font
from game.rules.cards import Card, Colour
from game.table import widgets as tw
from game.table.frame import Flourish, SeatFrame, TableFrame
from game.table.hand import render_card
from game.table.hand_layout import hand_rects
from game.table.layout import TableLayout, clear_boxes, legend_px
from game.ui import card_art
from game.ui import draw_kit as kit
from game.ui.widgets import felt_background
from game.ui.wrap import Measures, wrap_text

PROMPT_FILL = (0, 0, 0, 110)  # the turn prompt's pill
TOAST_FILL = (6, 24, 16, 235)  # the toast's box
RING_SCALE = 2.3  # the direction ring's size, in card heights
PULSE_GROWTH = 0.15  # how much it swells in the "direction" pulse
SEAT_SPRITES = 128  # seat sprites kept (a round's worth of plate changes)

Part = tuple[object, Callable[[kit.Recorder], object]]


def worn_badges(lay: TableLayout, seats: tuple[SeatFrame, ...]) -> tuple[SeatFrame, ...]:
    """``seats`` with each badge down to the forms the whole table wears
    (:func:`tw.shared_badges`): one wording per badge, the names first."""
    spots = [*lay.seats.values(), *([lay.bottom] if lay.bottom is not None else [])]
    shared = tw.shared_badges(lay, [(spot.plate.w, seats[spot.seat].name, seats[spot.seat].badge)
                                    for spot in spots if 0 <= spot.seat < len(seats)])
    return tuple(seat if shared.get(seat.badge, seat.badge) == seat.badge
                 else replace(seat, badge=shared[seat.badge]) for seat in seats)


class Layer:
    """One opaque surface: a background and parts drawn over it in order (the
    direction ring, the opponents, the ticker, the piles...). Blitted whole
    each frame; when a part changes only its area is redrawn (the background
    there, then every part reaching into it, in order, clipped to it): the same
    pixels as drawing everything every frame, for one blit."""

    def __init__(self) -> None:
        self.base_key: object = None
        self.background: pygame.Surface | None = None
        self.surf: pygame.Surface | None = None
        self.keys: list[object] = []
        self.parts: list[tuple[list[kit.Blit], pygame.Rect | None]] = []

    def update(self, base_key: object, make_background: Callable[[], pygame.Surface],
               parts: list[tuple[object, Callable[[kit.Recorder], object]]]) -> pygame.Surface:
        """The layer for ``parts`` ((key, draw) pairs: ``draw`` runs only when
        its key changed) over ``make_background()`` (called again when
        ``base_key`` changes)."""
        if (base_key != self.base_key or self.surf is None or self.background is None
                or len(parts) != len(self.parts)):
            self.background = make_background()
            self.surf = self.background.copy()
            self.keys, self.parts = [], []
            for key, draw in parts:
                self.keys.append(key)
                self.parts.append(self._record(draw))
                self.surf.blits(self.parts[-1][0], doreturn=False)
            self.base_key = base_key
            return self.surf
        dirty: list[pygame.Rect] = []
        for i, (key, draw) in enumerate(parts):
            if key == self.keys[i]:
                continue
            old = self.parts[i][1]
            self.keys[i] = key
            self.parts[i] = self._record(draw)
            new = self.parts[i][1]
            for r in (old, new):
                if r is not None:
                    _add_area(dirty, r)
        surf, background = self.surf, self.background
        for area in dirty:
            surf.blit(background, area, area)
            surf.set_clip(area)
            for blits, bounds in self.parts:
                if bounds is not None and bounds.colliderect(area):
                    surf.blits(blits, doreturn=False)
            surf.set_clip(None)
        return surf

    @staticmethod
    def _record(draw: Callable[[kit.Recorder], object]) -> tuple[list[kit.Blit], pygame.Rect | None]:
        rec = kit.Recorder()
        draw(rec)
        return rec.blits, rec.bounds


def _add_area(areas: list[pygame.Rect], r: pygame.Rect) -> None:
    """Add ``r`` to ``areas``, merged with any it mostly overlaps (a part's old
    and new places, neighbours): each pixel is then redrawn once, not twice."""
    r = r.copy()
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(areas):
            if a.colliderect(r):
                u = a.union(r)
                if u.w * u.h <= a.w * a.h + r.w * r.h:
                    r = u
                    del areas[i]
                    merged = True
                    break
    areas.append(r)




def ring_px(lay: TableLayout, growth: float = 0.0) -> int:
    """The direction ring's size in pixels (``growth``: part of the pulse)."""
    return round(lay.card_h * RING_SCALE * (1 + growth))


def pulse_arrow(lay: TableLayout, clockwise: bool) -> pygame.Surface:
    """The gold direction arrow at its largest in the "direction" pulse (shared:
    copy it before changing it)."""
    return card_art.direction_arrow(ring_px(lay, PULSE_GROWTH), clockwise, kit.GOLD, None)


RING_ALPHA = 70  # the faint direction ring on the felt

class TableRenderer:
    """Draws frames of one table. ``draw(surface, layout, frame)``."""

    def __init__(self) -> None:
        self.layer = Layer()
        self._felt: dict[object, pygame.Surface] = {}
        self._ring_tiles: dict[object, tuple[pygame.Surface, pygame.Rect]] = {}
        self._seats: dict[object, tuple[pygame.Surface, tuple[int, int]]] = {}

    # ------------------------------------------------------------ caches
    def felt(self, lay: TableLayout, size: tuple[int, int]) -> pygame.Surface:
        """Felt and the log backdrop (cached for the current size, with the log
        open and folded: every overlay folds it and unfolds it after)."""
        key = (size, tuple(lay.log))
        surf = self._felt.get(key)
        if surf is None:
            if len(self._felt) >= 2:
                self._felt.clear()
                self._ring_tiles.clear()
            surf = pygame.Surface(size)
            surf.blit(felt_background(size), (0, 0))
            if lay.log.w:
                kit.panel(surf, lay.log, 0, (4, 24, 15, 235), (70, 130, 95, 255), 1)
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
            self._felt[key] = surf
        return surf

    def ring_tile(self, felt: pygame.Surface, size: int, clockwise: bool,
                  centre: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect]:
        """The faint direction ring already laid on the felt under it: an opaque
        tile (redrawing it is a copy, not a blend of 200 000 translucent pixels)."""
        key = (id(felt), size, clockwise, centre)
        tile = self._ring_tiles.get(key)
        if tile is None:
            arrow = tw.faded((size, clockwise), RING_ALPHA)
            where = arrow.get_rect(center=centre)
            rect = where.clip(felt.get_rect())
            surf = felt.subsurface(rect).copy()
            surf.blit(arrow, (where.x - rect.x, where.y - rect.y))
            tile = self._ring_tiles[key] = (surf, rect)
        return tile

    def seat_sprite(self, lay: TableLayout, plate: tuple[int, int], fan: tuple[int, int],
                    seat: SeatFrame) -> tuple[pygame.Surface, tuple[int, int]]:
        """One opponent (card backs + name plate) as a sprite and its plate offset."""
        key = (lay.scale, lay.mini_w, lay.mini_h, plate, fan, seat)
        sprite = self._seats.get(key)
        if sprite is None:
            if len(self._seats) >= SEAT_SPRITES:
                self._seats.clear()
            sprite = self._seats[key] = tw.seat_sprite(lay, plate, fan, *seat.plate_args())
        return sprite

    # ------------------------------------------------------------ the frame
    def draw(self, surface: pygame.Surface, lay: TableLayout, frame: TableFrame) -> None:
        frame = replace(frame, seats=worn_badges(lay, frame.seats))
        size = surface.get_size()
        base = (size, tuple(lay.log), lay.scale)
        surface.blit(self.layer.update(base, lambda: self.felt(lay, size),
                                       self._parts(lay, frame, size)), (0, 0))
        if frame.log is not None:
            tw.draw_log(surface, frame.log)
        if frame.viewer >= 0:
            self._draw_bottom(surface, lay, frame)
        thinking = lay.spot(frame.thinking)
        if thinking is not None:
            tw.draw_thinking_mark(surface, thinking.plate, frame.now)
        for sprite in frame.sprites:
            img = card_art.sprite(render_card(sprite.card, sprite.width, sprite.face_up,
                                              frame.colourblind))
            x, y = sprite.centre
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if frame.legend and lay.legend.h:
            draw_legend(surface, lay, frame.legend)
        toast = toast_box(lay, frame)
        self._draw_prompt(surface, lay, frame, toast[0] if toast else None)
        for eff in frame.effects:  # callouts over the prompt and the toast
            self._draw_effect(surface, lay, frame, eff)
        if frame.picker is not None:
            p = frame.picker
            picker = tw.ColourPicker()
            picker.open, picker.focus = True, p.focus
            picker.draw(surface, lay, p.title, p.hint, p.names, frame.colourblind, p.mouse)
        if frame.top is not None:
            chooser = tw.TopChooser()
            chooser.show(frame.top.cards)
            chooser.focus = frame.top.focus
            chooser.draw(surface, lay, frame.top.title, frame.top.hint, frame.colourblind,
                         frame.top.mouse)
        if toast is not None:  # over the picker's veil, never under its box
            box, img, col = toast
            kit.panel(surface, box, lay.px(10), TOAST_FILL, (*col, 255), lay.px(2))
            surface.blit(img, img.get_rect(center=box.center))
        if frame.notice:
            draw_notice(lay, surface, frame.notice)

    def _parts(self, lay: TableLayout, frame: TableFrame, size: tuple[int, int]) -> list[Part]:
        """What the table layer shows, in drawing order, each with its key."""
        parts: list[Part] = []
        ring = ring_px(lay)
        clockwise = frame.direction >= 0
        felt = self.felt(lay, size)

        def draw_ring(rec: kit.Recorder) -> None:
            tile, rect = self.ring_tile(felt, ring, clockwise, lay.centre)
            rec.blit(tile, rect)

        parts.append(((id(felt), ring, lay.centre, clockwise), draw_ring))
        for seat, spot in lay.seats.items():
            plate = spot.plate.size
            fan = (spot.fan_center[0] - spot.plate.x, spot.fan_center[1] - spot.plate.y)
            state = frame.seats[seat]
            if _open(frame, seat):
                state = replace(state, count=0)  # the open hand replaces the fan of backs
            parts.append(((lay.scale, lay.mini_w, lay.mini_h, spot.plate.topleft, plate, fan,
                           state), self._seat_drawer(lay, spot.plate.topleft, plate, fan, state)))

        geometry = (lay.size, lay.scale, lay.card_w, lay.mini_w, lay.mini_h, tuple(lay.table),
                    lay.centre, tuple(lay.draw_pile), tuple(lay.discard),
                    tuple((tuple(spot.plate), spot.fan_center) for spot in lay.seats.values()))
        info = (frame.heading, frame.ticker)
        parts.append(((geometry, info), lambda rec: _draw_info(rec, lay, info)))
        away, more = frame.away, frame.away_more
        parts.append(((geometry, away, more), lambda rec: draw_away(away, rec, lay, more)))

        # The piles, in four parts (a card on the discard leaves the draw pile be).
        cb, colour, count, label = frame.colourblind, frame.colour, frame.draw_count, frame.pile_label
        discard, penalty = frame.discard, frame.penalty
        parts.append(((geometry, colour), lambda rec: tw.draw_halo(rec, lay, colour)))
        parts.append(((geometry, count, label),
                      lambda rec: tw.draw_draw_pile(rec, lay, count, label)))
        parts.append(((geometry, discard, cb), lambda rec: tw.draw_discard(rec, lay, discard, cb)))
        parts.append(((geometry, colour, penalty),
                      lambda rec: tw.draw_colour_marks(rec, lay, colour, penalty)))

        if frame.viewer < 0:  # a spectator's bottom seat does not move: it joins the layer
            parts.append(((geometry, tuple(lay.hand), self._bottom_key(lay, frame)),
                          lambda rec: self._draw_bottom(rec, lay, frame)))
        if frame.open_hands:
            parts.append(((geometry, frame.open_hands, cb),
                          lambda rec: _draw_open_hands(rec, lay, frame.open_hands, cb)))
        return parts

    def _seat_drawer(self, lay: TableLayout, topleft: tuple[int, int], plate: tuple[int, int],
                     fan: tuple[int, int], state: SeatFrame) -> Callable[[kit.Recorder], object]:
        def draw(rec: kit.Recorder) -> None:
            img, offset = self.seat_sprite(lay, plate, fan, state)
            rec.blit(img, (topleft[0] - offset[0], topleft[1] - offset[1]))
        return draw

    @staticmethod
    def _bottom_key(lay: TableLayout, frame: TableFrame) -> tuple[Any, ...]:
        bottom = lay.bottom
        if bottom is None or bottom.seat < 0:
            return ()
        return (tuple(bottom.plate), frame.seats[bottom.seat], _open(frame, bottom.seat))

    def _draw_bottom(self, surface: kit.Canvas, lay: TableLayout, frame: TableFrame) -> None:
        bottom = lay.bottom
        if bottom is None or bottom.seat < 0:
            return
        seat = frame.seats[bottom.seat]
        if frame.hand is not None:
            assert isinstance(surface, pygame.Surface)
            frame.hand.view().draw(surface, lay, frame.colourblind)
        elif not _open(frame, bottom.seat):
            # Spectator: the bottom seat's cards stay face down.
            back = card_art.card_back(lay.card_w)
            for r in hand_rects(lay, seat.count):
                surface.blit(back, r.topleft)
        tw.draw_plate(surface, lay, bottom.plate, seat.name, seat.badge, seat.line2,
                      active=seat.on_turn, out=seat.out, team=seat.team, uno=seat.uno,
                      choice=seat.choice)

    def _draw_prompt(self, surface: pygame.Surface, lay: TableLayout, frame: TableFrame,
                     toast: pygame.Rect | None = None) -> None:
        px = lay.px
        y = (frame.bar_top if frame.bar_top >= 0 else lay.bar.top) - px(8)
        msg, tip = frame.prompt, frame.tip
        if msg and frame.picker is None and not tip:
            img = kit.text(msg, lay.font_px(17), frame.prompt_colour, True)
            r = img.get_rect(midbottom=(lay.table.centerx, y))
            back = r.inflate(px(20), px(6))
            if toast is not None and back.colliderect(toast):
                return  # at a crowded table the toast stands here: the prompt gives way
            kit.panel(surface, back, back.h // 2, PROMPT_FILL, (0, 0, 0, 0), 0)
            surface.blit(img, r)
        if tip:
            # Why the hovered card cannot be played: in place of the turn prompt.
            img = kit.fit_text(tip, lay.font_px(15), lay.table.w - px(60), kit.CREAM, True)
            r = img.get_rect(midbottom=(lay.table.centerx, y))
            box = r.inflate(px(20), px(6))
            kit.panel(surface, box, box.h // 2, (70, 14, 14, 245), (*kit.RED, 255), 1)
            surface.blit(img, r)

    def _draw_effect(self, surface: pygame.Surface, lay: TableLayout, frame: TableFrame,
                     e: Flourish) -> None:
        px = lay.px
        p = e.progress
        if e.kind == "bubble":
            alpha = 255 if p < 0.75 else round(255 * (1 - p) / 0.25)
            bubble = tw.bubble(e.text, lay.font_px(22), e.colour, px(2))
            bubble.set_alpha(alpha)
            surface.blit(bubble, bubble_rect(lay, e.pos, bubble.get_size(), p, e.row))
        elif e.kind == "colour" and e.icon:
            col = Colour(e.icon)
            rad = round(lay.card_w * (0.6 + 0.8 * p))
            ring = pygame.Surface((2 * rad + 4, 2 * rad + 4), pygame.SRCALPHA)
            rgb = card_art.colour_rgb(col)
            pygame.draw.circle(ring, (*rgb, round(220 * (1 - p))), (rad + 2, rad + 2), rad,
                               max(2, px(6)))
            surface.blit(ring, ring.get_rect(center=(round(e.pos[0]), round(e.pos[1]))))
        elif e.kind == "reveal":
            draw_reveal(surface, lay, e.text, e.cards, frame.colourblind)
        elif e.kind == "pulse":
            if e.icon == "direction":
                size = ring_px(lay, PULSE_GROWTH * math.sin(p * math.pi))
                peak = pulse_arrow(lay, frame.direction >= 0)
                # Drawing the arrow afresh at each size took ~50 ms a frame.
                img = (peak.copy() if size >= peak.get_width()
                       else pygame.transform.smoothscale(peak, (size, size)))
                img.set_alpha(round(200 * (1 - p)))
                surface.blit(img, img.get_rect(center=lay.centre))
            else:
                rad = round(lay.card_w * (0.5 + p))
                ring = pygame.Surface((2 * rad + 4, 2 * rad + 4), pygame.SRCALPHA)
                pygame.draw.circle(ring, (255, 255, 255, round(160 * (1 - p))),
                                   (rad + 2, rad + 2), rad, max(2, px(4)))
                surface.blit(ring, ring.get_rect(center=(round(e.pos[0]), round(e.pos[1]))))


def legend_image(lay: TableLayout, text: str) -> pygame.Surface:
    """The keys' legend as drawn: one line, cut with "…" to the felt's width."""
    return kit.fit_text(text, legend_px(lay.scale), lay.legend.w, kit.MUTED)


def draw_legend(surface: pygame.Surface, lay: TableLayout, text: str) -> None:
    """The keys' one-line legend, centred along the felt's bottom edge."""
    img = legend_image(lay, text)
    surface.blit(img, img.get_rect(center=lay.legend.center))


def _toast_image(lay: TableLayout, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """The toast's text, wrapped between the side plates when its lines fit
    between the piles and the action row, else across the felt (fewer lines)."""
    size, width = lay.font_px(16), toast_width(lay)
    font = get_font(size, True)
    room = lay.bar.top - lay.px(12) - lay.piles_area().bottom - lay.px(10)
    if len(wrap_text(text, font, width)) * font.get_linesize() > room:
        width = lay.table.w - lay.px(60)
    return kit.text_block(text, size, width, colour, True)


def toast_width(lay: TableLayout) -> int:
    """The toast's widest line: between the seat plates beside its band (under the
    piles, over the action row), so at a crowded table it wraps instead of
    covering the names of the seats at its sides."""
    band_top, band_bottom = lay.discard.bottom, lay.bar.top
    left, right = lay.table.left, lay.table.right
    for spot in lay.seats.values():
        p = spot.plate
        if p.bottom > band_top and p.top < band_bottom:
            if p.centerx < lay.table.centerx:
                left = max(left, p.right)
            else:
                right = min(right, p.left)
    return max(lay.px(240), right - left - lay.px(60))


def toast_box(lay: TableLayout, frame: TableFrame
              ) -> tuple[pygame.Rect, pygame.Surface, tuple[int, int, int]] | None:
    """The toast (a hint, a refusal, a warning) as drawn: its box with the frame,
    its text and colour; None without a toast. Clear of the picker (T5)."""
    if frame.toast is None:
        return None
    text, col = frame.toast
    img = _toast_image(lay, text, col)
    picker = tw.ColourPicker().layout(lay) if frame.picker is not None else None
    r = toast_rect(lay, img.get_size(), picker)
    return r.inflate(lay.px(28), lay.px(14)), img, col


def toast_rect(lay: TableLayout, size: tuple[int, int],
               picker: pygame.Rect | None = None) -> pygame.Rect:
    """Where a toast's text of ``size`` stands: under the discard pile; with the
    colour picker's box open, just under it (above it when there is no room),
    so the picker never hides a warning such as "this can be challenged" (T5)."""
    r = pygame.Rect((0, 0), size)
    r.center = (lay.table.centerx, lay.discard.bottom + lay.px(44))
    r.top = max(r.top, lay.piles_area().bottom + lay.px(10))  # a wrapped toast grows down,
    r.bottom = min(r.bottom, lay.bar.top - lay.px(12))  # never over the action row
    if picker is not None:
        gap = lay.px(18)  # the toast's frame and a margin
        r.top = picker.bottom + gap
        if r.bottom + gap > lay.table.bottom:
            r.bottom = picker.top - gap
    return r.clamp(lay.table)


def bubble_rect(lay: TableLayout, anchor: tuple[float, float], size: tuple[int, int],
                progress: float, row: int = 0) -> pygame.Rect:
    """Where a callout bubble of ``size`` stands over ``anchor`` (a plate's top
    centre) at ``progress`` 0..1 of its life (it rises a little). Always inside
    the felt: a seat at the top edge gets its bubble over its plate, not cut off.
    ``row`` stacks bubbles over one seat ("Guilty!", then "+4"): each a bubble's
    height further up, or down where the felt ends above. A bubble never covers
    the piles and their counts (:meth:`TableLayout.piles_area`): the viewer's
    own, over the turn prompt, stands beside them on its plate's side."""
    px = lay.px
    area = lay.table.inflate(-2 * px(4), -2 * px(4))
    r = pygame.Rect((0, 0), size)
    r.midbottom = (round(anchor[0]), round(anchor[1] - px(6) - px(14) * progress))
    r = r.clamp(area)
    if row:
        step = (r.height + px(4)) * row
        r.y = r.y - step if r.y - step >= area.top else r.y + step
    piles = lay.piles_area()
    if r.colliderect(piles):  # never over the counts (#39): beside the piles, the seat's side
        if anchor[0] > piles.centerx + px(4):
            r.left = piles.right + px(6)
        else:
            r.right = piles.left - px(6)
        r = r.clamp(area)
    return r


def draw_reveal(surface: pygame.Surface, lay: TableLayout, title: str, cards: tuple[int, ...],
                colourblind: bool) -> None:
    """T5: the hand a challenge revealed, in a pop-up over the table's centre."""
    px = lay.px
    head = kit.text(title, lay.font_px(17), kit.GOLD, True)
    w = round(lay.card_w * 0.8)
    room = lay.table.w - px(80)
    step = min(w + px(6), (room - w) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    row_w = round(w + step * (len(cards) - 1))
    box = pygame.Rect(0, 0, max(row_w, head.get_width()) + px(32),
                      head.get_height() + round(w * 1.5) + px(40))
    box.center = lay.centre
    box.clamp_ip(lay.table)
    kit.panel(surface, box, px(14), (6, 34, 22, 245), (*kit.GOLD, 255), px(2))
    surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + px(12))))
    x0 = box.centerx - row_w / 2
    y = box.y + px(20) + head.get_height()
    for i, cid in enumerate(cards):
        surface.blit(render_card(cid, w, True, colourblind), (round(x0 + step * i), y))


TICKER_ROWS = 4  # the ticker's most rows: its last lines, wrapped


def _taken(lay: TableLayout, *more: pygame.Rect) -> list[pygame.Rect]:
    """What words written on the felt keep clear of, with a margin: every seat
    (plate and fan of backs at their largest), the piles with the colour ring,
    the corner buttons, the action row, the hand, the bottom plate and ``more``."""
    px = lay.px
    gap = px(4)
    blocked = [lay.seat_area(spot) for spot in lay.seats.values()]
    blocked += [tw.colour_ring(lay).inflate(px(30), px(30)),
                lay.draw_pile.inflate(px(12), px(12)).union(lay.draw_pile.move(0, px(30))),
                lay.corner, lay.bar, lay.hand, *more]
    if lay.bottom is not None:
        blocked.append(lay.bottom.plate)
    return [r.inflate(2 * gap, 2 * gap) for r in blocked]


def info_box(lay: TableLayout) -> pygame.Rect:
    """Where the heading and the ticker may write, top left of the felt: up to a
    third of it wide (330 base pixels) and the heading and four rows high, then
    narrowed or cut short, whichever leaves more room, to stay clear of every
    seat (plate and fan of backs at their largest), the piles and the buttons."""
    px = lay.px
    head = get_font(lay.font_px(14), True).get_height() + px(2)
    row = get_font(lay.font_px(13)).get_height()
    most = (min(lay.table.w // 3, px(330)), head + TICKER_ROWS * row)
    boxes = clear_boxes((lay.table.x + px(12), px(10)), most, _taken(lay))
    # A readable column with a row under the heading, the most room for rows first.
    return max(boxes, key=lambda b: (b.w >= px(120) and b.h >= head + row,
                                     b.w * (b.h - head), b.h))


def ticker_lines(lines: tuple[str, ...], font: Measures, width: int,
                 rows: int) -> list[tuple[str, tuple[int, int, int]]]:
    """What the ticker shows in ``rows`` rows ``width`` wide: the newest of
    ``lines`` that fit whole, each wrapped (Chinese by character), the newest in
    cream; a newest line too long on its own is cut short with "…"."""
    out: list[tuple[str, tuple[int, int, int]]] = []
    used = 0
    for i in range(len(lines) - 1, -1, -1):
        shade = kit.MUTED if i < len(lines) - 1 else kit.CREAM
        n = len(wrap_text(lines[i], font, width))
        if used + n <= rows:
            out.insert(0, (lines[i], shade))
            used += n
            continue
        if not out and rows > 0:
            out = [(_cut_to_rows(lines[i], font, width, rows), shade)]
        break
    return out


def _cut_to_rows(line: str, font: Measures, width: int, rows: int) -> str:
    """The longest start of ``line``, with "…", that wraps into ``rows`` rows."""
    lo, hi = 0, len(line)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if len(wrap_text(line[:mid].rstrip() + "…", font, width)) <= rows:
            lo = mid
        else:
            hi = mid - 1
    return line[:lo].rstrip() + "…"


def _draw_info(surface: kit.Canvas, lay: TableLayout, info: tuple[str, tuple[str, ...]]) -> None:
    """The heading (round, target) and the last lines of the ticker, top left,
    inside :func:`info_box`."""
    box = info_box(lay)
    head, lines = info
    img = kit.fit_text(head, lay.font_px(14), box.w, kit.GOLD, True)
    surface.blit(img, box.topleft)
    y = box.y + img.get_height() + lay.px(2)
    size = lay.font_px(13)
    font = get_font(size)
    for line, shade in ticker_lines(lines, font, box.w, (box.bottom - y) // font.get_height()):
        img = kit.text_block(line, size, box.w, shade, centre=False)
        surface.blit(img, (box.x, y))
        y += img.get_height()


def _open(frame: TableFrame, seat: int) -> bool:
    """Whether ``seat``'s hand is shown face up (in place of its backs)."""
    return 0 <= seat < len(frame.open_hands) and bool(frame.open_hands[seat])


def _draw_open_hands(surface: kit.Canvas, lay: TableLayout,
                     hands: tuple[tuple[Card, ...], ...], colourblind: bool) -> None:
    """Every hand face up: the bottom seat in the big fan, the others as small fans
    (where their backs would be: below a plate across the table, above one at the sides)."""
    if lay.bottom is not None and 0 <= lay.bottom.seat < len(hands):
        cards = hands[lay.bottom.seat]
        for card, r in zip(cards, hand_rects(lay, len(cards)), strict=False):
            surface.blit(render_card(card.id, lay.card_w, True, colourblind), r)
    w = round(lay.mini_w * 1.3)
    h = round(w * 1.5)
    for seat, spot in lay.seats.items():
        cards = hands[seat] if seat < len(hands) else ()
        if not cards:
            continue
        step = min(w * 0.55, (lay.table.w * 0.3 - w) / max(1, len(cards) - 1))
        total = w + step * (len(cards) - 1)
        area = pygame.Rect(0, 0, round(total), h)
        area.centerx = spot.plate.centerx
        if spot.fan_center[1] > spot.plate.centery:  # across the table: below the plate
            area.top = spot.plate.bottom + lay.px(4)
        else:  # at the sides: above it
            area.bottom = spot.plate.top - lay.px(4)
        area.clamp_ip(lay.table.inflate(-lay.px(16), -lay.px(16)))
        for i, card in enumerate(cards):
            surface.blit(render_card(card.id, w, True, colourblind),
                         (round(area.x + step * i), area.y))


NOTICE_PX = 14  # the standing notice's text size (base pixels)


def _notice_span(lay: TableLayout) -> tuple[int, int]:
    """The standing notice's right edge and the widest its words may be."""
    px = lay.px
    left = lay.table.x + px(24) + min(lay.table.w // 3, px(330))  # the ticker's width
    right = lay.table.right - lay.corner.w - px(20)  # the corner buttons' left edge
    return right, max(px(120), right - left - px(20))


def notice_fit(lay: TableLayout, msg: str) -> tuple[str, int]:
    """What :func:`draw_notice` writes of ``msg``: its words (cut short with an
    ellipsis when they do not fit on the one line) and their pixel size."""
    return kit.fit(msg, lay.font_px(NOTICE_PX), _notice_span(lay)[1], True)


def draw_notice(lay: TableLayout, surface: pygame.Surface, msg: str) -> None:
    """A standing notice (an autosave that fails, a guest's link to the host) in
    the top row of the felt, between the round's heading and ticker and the corner
    buttons: one line (:func:`notice_fit`)."""
    px = lay.px
    img = kit.text(*notice_fit(lay, msg), kit.CREAM, True)
    r = img.get_rect(midright=(_notice_span(lay)[0] - px(10), lay.corner.centery))
    box = r.inflate(px(20), px(10))
    kit.panel(surface, box, px(8), (70, 14, 14, 240), (*kit.RED, 255), px(2))
    surface.blit(img, r)


AWAY_PX = 15  # the away lines' text size (base pixels)
AWAY_W = 360  # their widest, pill included (base pixels)


def away_rows(lay: TableLayout, lines: tuple[str, ...],
              more: tuple[str, ...]) -> tuple[pygame.Rect, list[str]]:
    """Where party mode's away lines stand and what shows: a pill a line,
    wrapped, one under another; when they do not all fit, the last lines give
    way to ``more[k - 1]``, the tally of the ``k`` left out. The box is free
    felt (clear of all :func:`_taken` lists, the ticker and the prompt) under
    a blocked rect, from the felt's left edge or a blocked rect's right edge:
    the one that names or counts the most seats, then shows the most lines
    whole, then lies leftmost and topmost (under the ticker while there is
    room there, else between the seats and the piles)."""
    px = lay.px
    area = lay.table.inflate(-2 * px(12), -2 * px(10))
    prompt = pygame.Rect(area.x, lay.prompt_top(), area.w, lay.bar.top - lay.prompt_top())
    blocked = _taken(lay, info_box(lay), prompt)
    lefts = {area.left, *(r.right for r in blocked if area.left < r.right < area.right)}
    tops = {r.bottom for r in blocked if area.top <= r.bottom < area.bottom}
    boxes = {tuple(b) for x in lefts for y in tops
             for b in clear_boxes((x, y), (min(px(AWAY_W), area.right - x), area.bottom - y),
                                  blocked) if b.w >= px(120)}
    font = get_font(lay.font_px(AWAY_PX), True)

    @cache
    def tall(row: str, w: int) -> int:  # a pill and the gap under it
        return len(wrap_text(row, font, w - px(20))) * font.get_height() + px(8) + px(6)

    def shown(box: pygame.Rect) -> tuple[pygame.Rect, int, list[str]]:
        """``box``, how many lines it shows whole and what it shows."""
        room, whole = box.h + px(6), 0
        while whole < len(lines) and tall(lines[whole], box.w) <= room:
            room -= tall(lines[whole], box.w)
            whole += 1
        if whole == len(lines):
            return box, whole, list(lines)
        for k in range(whole, -1, -1):  # the lines that fit with the tally of the rest
            tally = more[len(lines) - k - 1]
            if tall(tally, box.w) <= room:
                return box, k, [*lines[:k], tally]
            if k:
                room += tall(lines[k - 1], box.w)
        return box, 0, []

    def rank(option: tuple[pygame.Rect, int, list[str]]) -> tuple[int, int, int, int]:
        box, whole, rows = option  # seats named or counted, lines whole, leftmost, topmost
        return (len(lines) if len(rows) > whole else whole, whole, -box.x, -box.y)

    none: tuple[pygame.Rect, int, list[str]] = (pygame.Rect(area.topleft, (0, 0)), 0, [])
    box, _, rows = max((shown(pygame.Rect(b)) for b in boxes), key=rank, default=none)
    return box, rows


def draw_away(lines: tuple[str, ...], surface: kit.Canvas, layout: TableLayout,
              more: tuple[str, ...]) -> None:
    """Party mode, on the felt: a pill for each phone seat whose phone is away
    (the match waits, or a bot plays for now), where :func:`away_rows` puts it."""
    if not lines:
        return
    box, rows = away_rows(layout, lines, more)
    px, y = layout.px, box.y
    for row in rows:  # each a pill: its words 10 pixels in, 4 down; 6 pixels apart
        img = kit.text_block(row, layout.font_px(AWAY_PX), box.w - px(20), kit.GOLD, True,
                            centre=False)
        r = img.get_rect(topleft=(box.x + px(10), y + px(4)))
        pill = r.inflate(px(20), px(8))
        kit.panel(surface, pill, min(pill.h // 2, px(14)), (60, 20, 10, 220), (*kit.GOLD, 255), 1)
        surface.blit(img, r)
        y = pill.bottom + px(6)
