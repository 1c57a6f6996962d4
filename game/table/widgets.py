"""Pieces of the table: seat plates, piles, colour picker,
the action button bar and the scrollable game log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.resources import get_font
from game.rules.cards import COLOURS, DECK, Colour
from game.table.layout import TableLayout
from game.ui import card_art
from game.ui import draw_kit as kit
from game.ui.theme import font_size, ui_scale
from game.ui.theme import px as theme_px
from game.ui.wrap import wrap_text

TEAM = [(90, 160, 255), (255, 140, 90)]
FIELD = (11, 51, 34)  # the theme's scroll-bar track
GOLD_ACTIVE = (201, 165, 50)
CHOOSABLE = (120, 200, 255)  # the ring of a seat a click chooses (H7 swap)


def pill(surface: kit.Canvas, label: str, center: tuple[int, int], size: int,
         fill: tuple[int, int, int], fg: tuple[int, int, int] = kit.CREAM) -> pygame.Rect:
    img = kit.text(label, size, fg, True)
    r = img.get_rect().inflate(size, size // 3)
    r.center = center
    kit.panel(surface, r, r.h // 2, (*fill, 235), (255, 255, 255, 120), 1)
    surface.blit(img, img.get_rect(center=r.center))
    return r


@lru_cache(maxsize=8)
def _outline(size: tuple[int, int], width: int, radius: int) -> pygame.Surface:
    """A white rounded-rect outline on a clear surface (the empty draw pile)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (255, 255, 255), surf.get_rect(), width=width, border_radius=radius)
    return surf


@lru_cache(maxsize=256)
def rotated_card(card_id: int, width: int, angle: int, colourblind: bool) -> pygame.Surface:
    return pygame.transform.rotate(card_art.card_face(DECK[card_id], width, colourblind), angle)


@lru_cache(maxsize=16)
def faded(surf_key: tuple[int, bool], alpha: int) -> pygame.Surface:
    size, clockwise = surf_key
    img = card_art.direction_arrow(size, clockwise, (255, 255, 255), None).copy()
    img.set_alpha(alpha)
    return img


def card_angle(card_id: int) -> int:
    """A stable small tilt for a card on the discard pile."""
    return ((card_id * 37) % 25) - 12


# ---------------------------------------------------------------- seats


@lru_cache(maxsize=64)
def bubble(label: str, size: int, colour: tuple[int, int, int], border: int) -> pygame.Surface:
    """A speech bubble ("UNO!", "Skipped!"): a filled pill with a white rim, its
    words in whichever of dark ink or white reads best on the fill (#39: white
    on the cream "Keep" could not be read)."""
    fg = kit.text(label, size, kit.ink_on(colour), True)
    box = fg.get_rect().inflate(size, size // 2)
    surf = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*colour, 255), surf.get_rect(), border_radius=box.h // 2)
    pygame.draw.rect(surf, (255, 255, 255, 255), surf.get_rect(), width=max(1, border),
                     border_radius=box.h // 2)
    surf.blit(fg, fg.get_rect(center=(box.w // 2, box.h // 2)))
    return surf


def seat_sprite(layout: TableLayout, plate: tuple[int, int], fan: tuple[int, int], count: int,
                name: str, badge: Sequence[str], line2: Sequence[str], active: bool, out: bool,
                team: int, uno: bool, choice: int = 0) -> tuple[pygame.Surface, tuple[int, int]]:
    """One opponent (card backs + name plate) as a sprite and its plate offset
    (drawn afresh: the table's renderer keeps the ones it shows)."""
    scale, mini = layout.scale, (layout.mini_w, layout.mini_h)
    margin = max(8, round(14 * scale))
    # the plate and its backs wherever they peek out (above, below or beside it)
    backs = pygame.Rect(0, 0, round(mini[0] * 4.6), round(1.6 * mini[1]))
    backs.center = fan
    reach = pygame.Rect((0, 0), plate).union(backs).inflate(2 * margin, 2 * margin)
    surf = pygame.Surface(reach.size, pygame.SRCALPHA)
    ox, oy = -reach.x, -reach.y
    draw_mini_fan(surf, layout, (ox + fan[0], oy + fan[1]), count)
    draw_plate(surf, layout, pygame.Rect(ox, oy, *plate), name, badge, line2, active=active,
               out=out, team=team, uno=uno, choice=choice)
    ink = surf.get_bounding_rect()  # clear margins only cost blending time
    if ink.w and ink.h and ink.size != surf.get_size():
        surf = surf.subsurface(ink).copy()
        ox, oy = ox - ink.x, oy - ink.y
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf, (ox, oy)


def plate_line(parts: Sequence[str], size: int, width: int,
               gap: int) -> list[tuple[pygame.Surface, int]]:
    """A plate's second line from its ``parts`` (cards, score), each image with
    its x offset: "a · b" when it fits, else a at the left and b at the right,
    else the first part alone; never a part cut in the middle when it can be helped."""
    whole = " · ".join(parts)
    if kit.fit(whole, size, width)[0] == whole or len(parts) < 2:
        return [(kit.fit_text(whole, size, width, kit.MUTED), 0)]
    left, right = kit.fit_text(parts[0], size, width, kit.MUTED), kit.fit_text(parts[-1], size, width, kit.MUTED)
    if left.get_width() + gap + right.get_width() <= width and all(
            kit.fit(p, size, width)[0] == p for p in (parts[0], parts[-1])):
        return [(left, 0), (right, width - right.get_width())]
    return [(left, 0)]


def plate_badge(forms: Sequence[str], size: int, room: int, inset: int) -> str:
    """The first of a badge's ``forms`` (longest first) whose pill, ``inset``
    wider than its text, fits in ``room``; else the shortest ("" for none)."""
    font = get_font(size, True)
    for form in forms:
        if font.size(form)[0] + inset <= room:
            return form
    return forms[-1] if forms else ""


def _name_badge(layout: TableLayout, width: int, name: str, forms: Sequence[str]) -> str:
    """The badge form a plate ``width`` wide shows beside ``name`` (the name's
    full width first, the badge in what is left)."""
    px = layout.px
    room = width - 2 * px(8) - px(4) - get_font(layout.font_px(15), True).size(name)[0]
    return plate_badge(forms, layout.font_px(11), room, px(10))


def shared_badges(layout: TableLayout, plates: Sequence[tuple[int, str, tuple[str, ...]]]
                  ) -> dict[tuple[str, ...], tuple[str, ...]]:
    """One wording per badge at a table: for each badge's forms worn on the
    ``plates`` (width, name, forms), the forms from the longest that fits beside
    every name wearing it ("Random" on each Random bot once one plate needs it)."""
    start: dict[tuple[str, ...], int] = {}
    for width, name, forms in plates:
        if forms:
            i = forms.index(_name_badge(layout, width, name, forms))
            start[forms] = max(start.get(forms, 0), i)
    return {forms: forms[i:] for forms, i in start.items()}


def draw_plate(surface: kit.Canvas, layout: TableLayout, rect: pygame.Rect, name: str,
               badge: Sequence[str], line2: Sequence[str], *, active: bool, out: bool,
               team: int = -1, uno: bool = False, choice: int = 0) -> None:
    """A seat's plate: the name and the badge on the first line (the name first:
    the badge takes a shorter form rather than cut it), cards and score on the second.
    ``choice`` (H7, a swap target asked): 1 a seat a click chooses, ringed in
    light blue; 2 the one the keyboard picked, ringed wider in white."""
    px = layout.px
    r = px(10)
    if choice:
        ring = rect.inflate(px(14), px(14))
        colour = (255, 255, 255, 255) if choice == 2 else (*CHOOSABLE, 255)
        kit.panel(surface, ring, r + px(7), (*CHOOSABLE, 70 if choice == 2 else 35), colour,
                  px(4) if choice == 2 else px(2))
    if active:
        glow = rect.inflate(px(10), px(10))
        kit.panel(surface, glow, r + px(5), (232, 197, 71, 60), (232, 197, 71, 200), px(3))
    fill = (6, 34, 22, 150) if out else (6, 34, 22, 225)
    border = (*TEAM[team % 2], 255) if team >= 0 else (70, 130, 95, 255)
    kit.panel(surface, rect, r, fill, border, max(1, px(2) if team >= 0 else 1))
    pad = px(8)
    fs, bs = layout.font_px(15), layout.font_px(11)
    label = _name_badge(layout, rect.w, name, badge)
    badge_img = kit.text(label, bs, kit.INK, True) if label else None
    badge_w = badge_img.get_width() + px(10) if badge_img else 0
    name_img = kit.fit_text(name, fs, rect.w - 2 * pad - badge_w - px(4), kit.GOLD if active else kit.CREAM, True)
    surface.blit(name_img, (rect.x + pad, rect.y + px(5)))
    if badge_img is not None:
        br = badge_img.get_rect().inflate(px(10), px(2))
        br.topright = (rect.right - pad, rect.y + px(7))
        kit.panel(surface, br, br.h // 2, (*kit.MUTED, 255), (0, 0, 0, 0), 0)
        surface.blit(badge_img, badge_img.get_rect(center=br.center))
    bottom = rect.bottom - px(5)
    for img, x in plate_line(line2, layout.font_px(13), rect.w - 2 * pad, px(8)):
        surface.blit(img, (rect.x + pad + x, bottom - img.get_height()))
    if uno:
        pill(surface, "UNO", (rect.right - px(4), rect.top - px(2)), layout.font_px(12), kit.RED)


def draw_thinking_mark(surface: pygame.Surface, plate: pygame.Rect, now: float) -> None:
    """Three dots on the top edge of a bot's plate, lit in turn while it thinks."""
    r = max(3, plate.h // 10)
    gap = r * 3
    x0 = plate.centerx - gap
    y = plate.top
    lit = int(now * 4) % 3
    for i in range(3):
        colour = kit.GOLD if i == lit else kit.MUTED
        pygame.draw.circle(surface, kit.INK, (x0 + i * gap, y), r + 1)
        pygame.draw.circle(surface, colour, (x0 + i * gap, y), r)


def draw_mini_fan(surface: pygame.Surface, layout: TableLayout, center: tuple[int, int],
                  count: int, vertical: bool = False) -> None:
    if count <= 0:
        return
    shown = min(count, 12)
    back = card_art.card_back(layout.mini_w)
    step = layout.mini_w * (0.28 if shown > 6 else 0.4)
    total = layout.mini_w + step * (shown - 1)
    x0 = center[0] - total / 2
    y = center[1] - layout.mini_h / 2
    for i in range(shown):
        surface.blit(back, (round(x0 + step * i), round(y)))
    if count > shown:
        pill(surface, f"+{count - shown}", (round(x0 + total), round(y)), layout.font_px(11), kit.INK)


def colour_ring(layout: TableLayout) -> pygame.Rect:
    """The ring round the discard pile that shows the colour in effect (clear of
    the draw pile on its left)."""
    px = layout.px
    return layout.discard.inflate(2 * px(22), 2 * px(22))


def draw_halo(surface: kit.Canvas, layout: TableLayout, colour: Colour | None) -> None:
    """Colour in effect: a wide band in that colour round the discard pile, with
    a light rim (green stays a ring on the green felt) and a tint inside."""
    if colour is None:
        return
    px = layout.px
    ring, band, rim = colour_ring(layout), px(12), px(3)
    rgb = card_art.colour_rgb(colour)
    radius = px(22)
    kit.panel(surface, ring, radius, (*rgb, 70), (*kit.CREAM, 255), band)
    kit.panel(surface, ring.inflate(-2 * rim, -2 * rim), radius - rim, (0, 0, 0, 0), (*rgb, 255),
          band - rim)
    kit.panel(surface, ring.inflate(-2 * band, -2 * band), radius - band, (0, 0, 0, 0),
          (*kit.INK, 160), max(1, px(2)))


def draw_draw_pile(surface: kit.Canvas, layout: TableLayout, draw_count: int,
                   pile_label: str) -> None:
    """The draw pile (a few stacked backs) and its label."""
    px = layout.px
    back = card_art.card_back(layout.card_w)
    shadow = card_art.card_shadow(layout.card_w)
    dr = layout.draw_pile
    depth = min(4, max(1, draw_count // 20 + 1)) if draw_count else 0
    for i in range(depth):
        if i == 0:
            surface.blit(shadow, (dr.x - px(2), dr.y))
        surface.blit(back, (dr.x - i * px(2), dr.y - i * px(2)))
    if not draw_count:
        surface.blit(_outline(dr.size, px(2), px(8)), dr.topleft)
    lbl = kit.text(pile_label, layout.font_px(13), kit.MUTED)
    surface.blit(lbl, lbl.get_rect(midtop=(dr.centerx, dr.bottom + px(6))))


def draw_discard(surface: kit.Canvas, layout: TableLayout, cards: Sequence[int],
                 colourblind: bool) -> None:
    """The top ``cards`` of the discard pile, each slightly turned."""
    for cid in cards:
        img = rotated_card(cid, layout.card_w, card_angle(cid), colourblind)
        surface.blit(img, img.get_rect(center=layout.discard.center))


def draw_colour_marks(surface: kit.Canvas, layout: TableLayout, colour: Colour | None,
                      penalty_label: str) -> None:
    """The colour's chip with its colour-blind symbol on the ring's top right
    corner, and the penalty pill at its bottom right."""
    px = layout.px
    ring = colour_ring(layout)
    if colour is not None:
        sw = card_art.colour_swatch(colour, px(50), True)
        surface.blit(sw, sw.get_rect(center=(ring.right - px(6), ring.top + px(6))))
    if penalty_label:
        pill(surface, penalty_label, (ring.right, ring.bottom - px(8)), layout.font_px(16), kit.RED)


# ---------------------------------------------------------------- colour picker


class ColourPicker:
    """A modal choice of colour for a wild: click a colour, or Esc to go back."""

    def __init__(self) -> None:
        self.open = False
        self.focus = 0
        self.rects: list[tuple[Colour, pygame.Rect]] = []

    def layout(self, lay: TableLayout) -> pygame.Rect:
        px = lay.px
        size = px(92)
        gap = px(18)
        box = pygame.Rect(0, 0, 4 * size + 5 * gap, size + px(120))
        box.center = lay.centre
        box.clamp_ip(lay.table)
        self.rects = []
        for i, col in enumerate(COLOURS):
            r = pygame.Rect(box.x + gap + i * (size + gap), box.y + px(56), size, size)
            self.rects.append((col, r))
        return box

    def hit(self, pos: tuple[int, int]) -> Colour | None:
        for col, r in self.rects:
            if r.collidepoint(pos):
                return col
        return None

    def draw(self, surface: pygame.Surface, lay: TableLayout, title: str, hint: str,
             names: Sequence[str], colourblind: bool, mouse: tuple[int, int]) -> None:
        veil = kit.panel_surface(lay.table.size, 0, (0, 0, 0, 120), (0, 0, 0, 0), 0)
        surface.blit(veil, lay.table.topleft)
        box = self.layout(lay)
        px = lay.px
        kit.panel(surface, box, px(16), (6, 34, 22, 240), (232, 197, 71, 255), px(2))
        t = kit.text(title, lay.font_px(22), kit.GOLD, True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, box.y + px(14))))
        for i, (col, r) in enumerate(self.rects):
            hot = r.collidepoint(mouse) or i == self.focus
            rr = r.inflate(px(10), px(10)) if hot else r
            sw = card_art.colour_swatch(col, rr.w, colourblind)
            surface.blit(sw, rr)
            if hot:
                pygame.draw.circle(surface, kit.GOLD, rr.center, rr.w // 2 + px(3), px(3))
            lbl = kit.text(names[i], lay.font_px(15), kit.CREAM, True)
            surface.blit(lbl, lbl.get_rect(midtop=(r.centerx, r.bottom + px(8))))
        h = kit.text(hint, lay.font_px(13), kit.MUTED)
        surface.blit(h, h.get_rect(midbottom=(box.centerx, box.bottom - px(8))))


class TopChooser:
    """H4: which card of a play of several lands on top (its colour goes on):
    a card per colour in a box over the table; click one, or arrows and
    Enter, or Esc to go back."""

    def __init__(self) -> None:
        self.open = False
        self.focus = 0
        self.cards: tuple[int, ...] = ()
        self.rects: list[tuple[int, pygame.Rect]] = []

    def show(self, cards: Sequence[int]) -> None:
        self.open, self.focus, self.cards = True, 0, tuple(cards)

    def close(self) -> None:
        self.open, self.cards, self.rects = False, (), []

    def step(self, step: int) -> None:
        if self.cards:
            self.focus = (self.focus + step) % len(self.cards)

    def layout(self, lay: TableLayout) -> pygame.Rect:
        px = lay.px
        w = lay.card_w
        h = round(w * 1.5)
        gap = px(18)
        n = max(1, len(self.cards))
        box = pygame.Rect(0, 0, min(lay.table.w - px(40), max(n * w + (n + 1) * gap, px(520))),
                          h + px(120))
        box.center = lay.centre
        box.clamp_ip(lay.table)
        x0 = box.centerx - (n * w + (n - 1) * gap) // 2
        self.rects = [(cid, pygame.Rect(x0 + i * (w + gap), box.y + px(62), w, h))
                      for i, cid in enumerate(self.cards)]
        return box

    def hit(self, pos: tuple[int, int]) -> int:
        """The card under ``pos`` (-1: none)."""
        for cid, r in self.rects:
            if r.collidepoint(pos):
                return cid
        return -1

    def draw(self, surface: pygame.Surface, lay: TableLayout, title: str, hint: str,
             colourblind: bool, mouse: tuple[int, int]) -> None:
        veil = kit.panel_surface(lay.table.size, 0, (0, 0, 0, 120), (0, 0, 0, 0), 0)
        surface.blit(veil, lay.table.topleft)
        box = self.layout(lay)
        px = lay.px
        kit.panel(surface, box, px(16), (6, 34, 22, 240), (232, 197, 71, 255), px(2))
        head = kit.fit_text(title, lay.font_px(20), box.w - px(24), kit.GOLD, True)
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + px(14))))
        for i, (cid, r) in enumerate(self.rects):
            hot = r.collidepoint(mouse) or i == self.focus
            rr = r.move(0, -px(8)) if hot else r
            surface.blit(card_art.card_face(DECK[cid], r.w, colourblind), rr)
            if hot:
                pygame.draw.rect(surface, kit.GOLD, rr.inflate(px(8), px(8)), px(3),
                                 border_radius=px(10))
        foot = kit.fit_text(hint, lay.font_px(13), box.w - px(24), kit.MUTED)
        surface.blit(foot, foot.get_rect(midbottom=(box.centerx, box.bottom - px(8))))


# ---------------------------------------------------------------- buttons


def settle(*elements: object) -> None:
    """Redraw the shapes of pygame_gui ``elements`` now, in full. pygame_gui
    otherwise rebuilds a new or resized shape 0.35 s later and then one state
    (hovered, selected...) per frame: 1-6 ms bumps while cards fly."""
    for element in elements:
        shape = getattr(element, "drawable_shape", None)
        if shape is None:
            continue
        if getattr(shape, "should_trigger_full_rebuild", False):
            shape.full_rebuild_on_size_change()
        queue = getattr(shape, "states_to_redraw_queue", None)
        while queue:
            shape.redraw_state(queue.popleft())


def button_width(label: str, primary: bool, window: tuple[int, int]) -> int:
    """How wide a row button shows ``label`` whole, in the theme's font for the
    window (a primary button's is larger and bold), with its padding and border."""
    s = ui_scale(window)
    font = get_font(font_size("big_button" if primary else "button", s), primary)
    return font.size(label)[0] + theme_px(28, s)


def bar_rows(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """The buttons of ``widths`` in rows that fit ``room``: in order, each row
    as full as it goes (a button wider than ``room`` alone on its row)."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if rows[-1] and used + gap + w > room:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(i)
    return rows if rows[-1] else []


class ButtonBar:
    """A centred row of pygame_gui buttons, rebuilt only when its set changes.
    Buttons that do not fit the row's width wrap into rows above it."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.buttons: dict[str, UIButton] = {}
        self._spec: list[tuple[str, str, bool]] = []
        self._rect: pygame.Rect | None = None
        self._disabled: frozenset[str] = frozenset()
        self._clear_of: pygame.Rect | None = None

    def set(self, spec: list[tuple[str, str, bool]], rect: pygame.Rect, scale: float,
            disabled: frozenset[str] = frozenset(), clear_of: pygame.Rect | None = None) -> None:
        """``spec``: (key, label, primary) per button; the keys in ``disabled`` are greyed.
        Each row is centred in ``rect``, moved right as little as keeps it off
        ``clear_of`` (the viewer's plate at the row's left); rows that do not fit
        wrap into rows above."""
        if (spec == self._spec and rect == self._rect and disabled == self._disabled
                and clear_of == self._clear_of):
            return
        self.clear()
        self._spec, self._rect, self._disabled = list(spec), rect.copy(), disabled
        self._clear_of = clear_of.copy() if clear_of is not None else None
        if not spec:
            return
        gap = round(10 * scale)
        left = rect.left
        if clear_of is not None and clear_of.right + gap > left:
            left = min(rect.right - rect.w // 2, clear_of.right + gap)
        room = rect.right - left
        widths = [min(room, button_width(label, primary, self.manager.window_resolution))
                  for _, label, primary in spec]
        rows = bar_rows(widths, room, gap)
        for k, row in enumerate(rows):
            y = rect.y - (len(rows) - 1 - k) * (rect.h + gap // 2)
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = rect.centerx - total // 2
            band = pygame.Rect(rect.x, y, rect.w, rect.h)
            if clear_of is not None and band.colliderect(clear_of):
                x = max(x, left)
            for i in row:
                key, label, primary = spec[i]
                r = pygame.Rect(x, y, widths[i], rect.h)
                oid = "#primary" if primary else None
                self.buttons[key] = UIButton(r, label, manager=self.manager, object_id=oid)
                if key in disabled:
                    self.buttons[key].disable()
                x += widths[i] + gap
        settle(*self.buttons.values())

    @property
    def top(self) -> int | None:
        """The top of the highest row shown (None: no buttons)."""
        return min((b.rect.top for b in self.buttons.values()), default=None)

    def key_of(self, element: object) -> str | None:
        for key, btn in self.buttons.items():
            if btn is element:
                return key
        return None

    def clear(self) -> None:
        for btn in self.buttons.values():
            btn.kill()
        self.buttons.clear()
        self._spec = []
        self._rect = None
        self._disabled = frozenset()
        self._clear_of = None

    def show(self, visible: bool) -> None:
        for btn in self.buttons.values():
            btn.show() if visible else btn.hide()


# ---------------------------------------------------------------- log


@dataclass(frozen=True, slots=True)
class LogFrame:
    """The log panel as drawn this frame."""

    rect: pygame.Rect
    """the panel, where the rows are clipped"""
    rows: tuple[str, ...]
    """the rows shown, top to bottom"""
    images: tuple[pygame.Surface, ...]
    """those rows rendered (the panel keeps them)"""
    left: int
    top: int
    """the first row's x and y"""
    line_h: int
    track: pygame.Rect | None = None
    """the scroll bar (None: every row fits)"""
    thumb: pygame.Rect | None = None
    dragging: bool = False


class LogPanel:
    """The scrollable game log on the right. Each line is wrapped once into rows
    (Chinese by character) and each row rendered once when first shown: adding
    a line costs its own rows only (a pygame_gui text box re-laid out its whole
    text, ~27 ms a batch). The table renderer draws it from :meth:`frame`.
    ``scroll``: rows the view is above the newest (0: it follows the newest)."""

    MAX_LINES = 400

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.visible = True
        self.scroll = 0
        self.rows: list[str] = []
        self._counts: list[int] = []  # rows per line
        self._images: dict[int, pygame.Surface] = {}  # by row number since the last build
        self._first = 0  # row number of rows[0]
        self._grab: int | None = None  # the pointer's offset into the dragged thumb

    # ---- geometry, in the theme's text-box look
    def _font_px(self) -> int:
        return font_size("body", self.scale)

    def _pad(self) -> tuple[int, int]:
        return theme_px(6, self.scale), theme_px(4, self.scale)

    def _line_h(self) -> int:
        return round(get_font(self._font_px()).get_linesize() * 1.25)

    def _bar_w(self) -> int:
        return theme_px(8, self.scale)

    def _fits(self) -> int:
        return max(1, (self.rect.h - 2 * self._pad()[1]) // self._line_h())

    def _max_scroll(self) -> int:
        return max(0, len(self.rows) - self._fits())

    def _wrap(self, line: str) -> list[str]:
        width = max(40, self.rect.w - 2 * self._pad()[0] - self._bar_w() - theme_px(4, self.scale))
        return wrap_text(line, get_font(self._font_px()), width) or [""]

    def build(self, rect: pygame.Rect, scale: float) -> None:
        """Lay the panel in ``rect`` (width 0: folded) at the theme's ``scale``;
        re-wraps every line (a new size or language)."""
        self.rect, self.scale, self.visible = rect.copy(), scale, True
        self.lines = self.lines[-self.MAX_LINES:]
        self.rows, self._counts, self._images, self._first = [], [], {}, 0
        self._grab = None
        if rect.w > 0:
            self._append(self.lines)
        self.scroll = min(self.scroll, self._max_scroll())

    def _append(self, lines: Sequence[str]) -> None:
        for line in lines:
            rows = self._wrap(line)
            self.rows.extend(rows)
            self._counts.append(len(rows))

    def add(self, lines: Sequence[str]) -> None:
        """Append ``lines``; a view scrolled up stays on the rows it shows."""
        if not lines:
            return
        self.lines.extend(lines)
        before = len(self.rows)
        if self.rect.w > 0:  # folded: wrapped when it opens
            self._append(lines)
        if self.scroll:
            self.scroll += len(self.rows) - before
        if len(self.lines) > self.MAX_LINES * 2:
            drop = len(self.lines) - self.MAX_LINES
            gone = sum(self._counts[:drop])
            del self.lines[:drop], self._counts[:drop], self.rows[:gone]
            self._images = {n: img for n, img in self._images.items() if n >= self._first + gone}
            self._first += gone
        self.scroll = min(self.scroll, self._max_scroll())

    def replace_last(self, count: int, lines: Sequence[str]) -> None:
        """The last ``count`` lines give way to ``lines`` (a line that grew as
        its events played: "Max plays Blue Skip" then "...; Ada is skipped")."""
        count = min(count, len(self.lines))
        if count:
            rows = sum(self._counts[len(self._counts) - count:]) if self.rect.w > 0 else 0
            del self.lines[len(self.lines) - count:]
            if self.rect.w > 0:
                del self._counts[len(self._counts) - count:]
                del self.rows[len(self.rows) - rows:]
                first_gone = self._first + len(self.rows)
                self._images = {n: img for n, img in self._images.items() if n < first_gone}
                if self.scroll:
                    self.scroll = max(0, self.scroll - rows)
        self.add(lines)

    def scroll_by(self, rows: int) -> None:
        """Positive: towards older rows."""
        self.scroll = max(0, min(self._max_scroll(), self.scroll + rows))

    def show(self, visible: bool) -> None:
        self.visible = visible

    # ---- the scroll bar
    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        fits, total = self._fits(), len(self.rows)
        if total <= fits or self.rect.w <= 0:
            return None
        pad_y = self._pad()[1]
        track = pygame.Rect(self.rect.right - self._bar_w(), self.rect.y + pad_y,
                            self._bar_w(), self.rect.h - 2 * pad_y)
        h = max(theme_px(24, self.scale), track.h * fits // total)
        top = 1 - self.scroll / self._max_scroll()
        return track, pygame.Rect(track.x, track.y + round((track.h - h) * top), track.w, h)

    def press(self, pos: tuple[int, int]) -> bool:
        """A left press: grabs the thumb or pages towards ``pos`` on the track;
        False when ``pos`` is off the scroll bar."""
        bar = self._bar() if self.visible else None
        if bar is None or not bar[0].inflate(theme_px(6, self.scale), 0).collidepoint(pos):
            return False
        track, thumb = bar
        if thumb.top <= pos[1] < thumb.bottom:
            self._grab = pos[1] - thumb.y
        else:
            self.scroll_by(self._fits() if pos[1] < thumb.top else -self._fits())
        return True

    def drag(self, pos: tuple[int, int]) -> bool:
        """The pointer moved: False unless the thumb is held."""
        bar = self._bar()
        if self._grab is None or bar is None:
            return False
        track, thumb = bar
        room = max(1, track.h - thumb.h)
        top = max(0.0, min(1.0, (pos[1] - self._grab - track.y) / room))
        self.scroll = round((1 - top) * self._max_scroll())
        return True

    def release(self) -> bool:
        held, self._grab = self._grab is not None, None
        return held

    # ---- drawing
    def frame(self) -> LogFrame | None:
        """What to draw now (None: folded or hidden); renders rows first shown."""
        if not self.visible or self.rect.w <= 0:
            return None
        fits, total = self._fits(), len(self.rows)
        end = total - self.scroll
        start = max(0, end - fits)
        images = []
        for i in range(start, end):
            img = self._images.get(self._first + i)
            if img is None:
                img = self._images[self._first + i] = get_font(self._font_px()).render(
                    self.rows[i], True, kit.CREAM)
            images.append(img)
        bar = self._bar()
        return LogFrame(rect=self.rect.copy(), rows=tuple(self.rows[start:end]),
                        images=tuple(images), left=self.rect.x + self._pad()[0],
                        top=self.rect.y + self._pad()[1],
                        line_h=self._line_h(), track=bar[0] if bar else None,
                        thumb=bar[1] if bar else None, dragging=self._grab is not None)


def draw_log(surface: pygame.Surface, log: LogFrame) -> None:
    """The log's rows clipped to its panel, and its scroll bar."""
    clip = surface.get_clip()
    surface.set_clip(log.rect)
    y = log.top
    for img in log.images:
        surface.blit(img, (log.left, y + (log.line_h - img.get_height()) // 2))
        y += log.line_h
    surface.set_clip(clip)
    if log.track is not None and log.thumb is not None:
        radius = log.track.w // 2
        pygame.draw.rect(surface, FIELD, log.track, border_radius=radius)
        pygame.draw.rect(surface, kit.GOLD if log.dragging else GOLD_ACTIVE, log.thumb,
                         border_radius=radius)
