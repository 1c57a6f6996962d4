"""The viewer's hand: cards side by side (overlapping only when the width runs
out), hover lift, keyboard focus, legal-card highlights, an H4
multi-selection, the card being dragged, and cards sliding to their places."""

from __future__ import annotations

import math

import pygame

from game.rules.cards import DECK, Card
from game.table.hand_layout import LIFT, hand_rects, hit_card, reach_rects
from game.table.hand_sort import arrange
from game.table.layout import TableLayout
from game.ui import card_art

FOCUS = (120, 200, 255)
SELECTED = (120, 230, 140)
ARMED = (255, 214, 90)  # a card waiting for its confirm step
SLIDE_TIME = 0.07  # seconds for a sliding card to cover ~63% of its way (normal speed)


def render_card(card_id: int, width: int, face_up: bool, colourblind: bool = False,
                dimmed: bool = False) -> pygame.Surface:
    if not face_up or card_id < 0:
        return card_art.card_back(width)
    return card_art.card_face(DECK[card_id], width, colourblind, dimmed)


class HandView:
    """``order`` is "sorted" (colour then number) or "dealt" (as the cards came)."""

    def __init__(self, order: str = "sorted") -> None:
        self.order = order
        self.cards: list[Card] = []
        self.hovered = -1
        self.focus = -1  # keyboard focus index (-1: none shown)
        self.selected: list[int] = []  # card ids picked for a multi-play (H4)
        self.legal: set[int] = set()  # card ids with a legal play right now
        self.active = False  # the viewer may act (highlights shown)
        self.armed = -1  # card id waiting for the "confirm each play" step (-1: none)
        self.dragging = -1  # card id following the pointer (-1: none)
        self.drag_at: tuple[int, int] = (0, 0)  # its top-left while dragged
        self.drag_over = False  # ... and it would land on the discard pile if let go
        self.slide_factor = 1.0  # animation speed factor (0: cards jump to their places)
        self._raw: list[Card] = []  # the hand in the engine's order
        self._shown: dict[int, tuple[float, float]] = {}  # card id -> drawn top-left
        self._targets: dict[int, tuple[int, int]] = {}
        self._rects: list[pygame.Rect] = []
        self._layout: TableLayout | None = None

    # ------------------------------------------------------------ cards
    def set_cards(self, cards: list[Card]) -> None:
        if [c.id for c in cards] == [c.id for c in self._raw]:
            return
        self._raw = list(cards)
        self._place(arrange(cards, self.order))

    def set_order(self, order: str) -> None:
        if order != self.order:
            self.order = order
            self._place(arrange(self._raw, order))

    def _place(self, cards: list[Card]) -> None:
        """Show ``cards`` in this order, keeping hover and focus on the same cards."""
        old = [c.id for c in self.cards]
        hovered = old[self.hovered] if 0 <= self.hovered < len(old) else -1
        focus = old[self.focus] if 0 <= self.focus < len(old) else -1
        self.cards = list(cards)
        ids = [c.id for c in self.cards]
        self.selected = [i for i in self.selected if i in ids]
        self.hovered = ids.index(hovered) if hovered in ids else -1
        self.focus = ids.index(focus) if focus in ids else min(self.focus, len(ids) - 1)
        if self.armed not in ids:
            self.armed = -1
        if self.dragging not in ids:
            self.dragging = -1
        self._shown = {i: p for i, p in self._shown.items() if i in ids}
        self._rects = []

    def index_of(self, card_id: int) -> int:
        return next((i for i, c in enumerate(self.cards) if c.id == card_id), -1)

    def highlighted(self) -> int:
        """The card Enter acts on: the one waiting for confirmation, else the raised one."""
        armed = self.index_of(self.armed)
        if armed >= 0:
            return armed
        return self.hovered if self.hovered >= 0 else self.focus

    # ------------------------------------------------------------ geometry
    def _raised(self) -> tuple[int, frozenset[int]]:
        lifted = frozenset(i for i, c in enumerate(self.cards)
                           if c.id in self.selected or c.id == self.armed)
        return (self.hovered if self.hovered >= 0 else self.focus), lifted

    def rects(self, layout: TableLayout) -> list[pygame.Rect]:
        """Where each card belongs now (hit tests use these; drawing slides toward them)."""
        lift_idx, lifted = self._raised()
        self._rects = hand_rects(layout, len(self.cards), lift_idx, lifted)
        self._layout = layout
        self._targets = {c.id: r.topleft for c, r in zip(self.cards, self._rects, strict=True)}
        return self._rects

    def card_rect(self, layout: TableLayout, card_id: int) -> pygame.Rect | None:
        """Where ``card_id`` is drawn now (the dragged card: under the pointer)."""
        if card_id == self.dragging:
            return pygame.Rect(self.drag_at, (layout.card_w, layout.card_h))
        for c, r in zip(self.cards, self.rects(layout), strict=False):
            if c.id == card_id:
                x, y = self._shown.get(card_id, r.topleft)
                return pygame.Rect(round(x), round(y), r.w, r.h)
        return None

    def hit(self, layout: TableLayout, pos: tuple[int, int]) -> int:
        """Index of the card under ``pos`` (-1 none). The raised card keeps the
        pointer while it is over any part of it; otherwise the card showing
        under ``pos`` in the row as it lies without that card raised."""
        lift_idx, lifted = self._raised()
        if 0 <= self.hovered < len(self.cards):
            reach = reach_rects(layout, self.rects(layout), lift_idx, lifted)
            if reach[self.hovered].collidepoint(pos):
                return self.hovered
        calm = -1 if self.hovered >= 0 else lift_idx
        rest = hand_rects(layout, len(self.cards), calm, lifted)
        return hit_card(reach_rects(layout, rest, calm, lifted), pos)

    def move_focus(self, step: int) -> None:
        if not self.cards:
            self.focus = -1
            return
        if self.focus < 0:
            self.focus = 0 if step > 0 else len(self.cards) - 1
        else:
            self.focus = (self.focus + step) % len(self.cards)
        self.hovered = -1

    def toggle_select(self, card_id: int) -> None:
        if card_id in self.selected:
            self.selected.remove(card_id)
        else:
            self.selected.append(card_id)

    # ------------------------------------------------------------ motion
    def drop_back(self, card_id: int) -> None:
        """A dragged card let go: it slides back from where it was dropped."""
        if card_id == self.dragging:
            self._shown[card_id] = (float(self.drag_at[0]), float(self.drag_at[1]))
            self.dragging = -1
            self.drag_over = False

    def shown(self) -> dict[int, tuple[float, float]]:
        """Card id -> where it is drawn now (cards still sliding to their places)."""
        return dict(self._shown)

    def show_at(self, shown: dict[int, tuple[float, float]]) -> None:
        """Draw these cards at these top-lefts (a frame's copy of a sliding hand)."""
        self._shown = dict(shown)

    def update(self, dt: float, layout: TableLayout) -> None:
        """Move every shown card a step toward its place in ``layout``; a card new to
        the hand (dealt or drawn) starts from the middle of the hand, where its flight ended."""
        lay = layout
        self.rects(lay)
        new = (lay.hand.centerx - lay.card_w / 2, lay.hand.centery - lay.card_h / 2)
        k = 1.0 if self.slide_factor <= 0 else 1 - math.exp(-dt / (SLIDE_TIME * self.slide_factor))
        for cid, (tx, ty) in self._targets.items():
            x, y = self._shown.get(cid, new)
            x, y = x + (tx - x) * k, y + (ty - y) * k
            if abs(tx - x) < 0.5 and abs(ty - y) < 0.5:
                x, y = tx, ty
            self._shown[cid] = (x, y)

    def sliding(self) -> bool:
        return any(self._shown.get(cid, t) != t for cid, t in self._targets.items())

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, layout: TableLayout, colourblind: bool,
             face_up: bool = True, hidden: set[int] | None = None) -> None:
        rects = self.rects(layout)
        w = layout.card_w
        pad = card_art.outline_pad(w)
        dragged: tuple[Card, pygame.Rect] | None = None
        for i, (card, target) in enumerate(zip(self.cards, rects, strict=False)):
            if hidden and card.id in hidden:
                continue
            x, y = self._shown.get(card.id, target.topleft)
            r = pygame.Rect(round(x), round(y), target.w, target.h)
            if card.id == self.dragging:
                dragged = (card, pygame.Rect(self.drag_at, r.size))
                continue
            self._draw_card(surface, card, r, w, pad, colourblind, face_up)
            if i == self.focus and self.hovered < 0:
                pygame.draw.rect(surface, FOCUS, r.inflate(pad * 2, pad * 2),
                                 width=max(2, pad // 2), border_radius=round(w * 0.12))
        if dragged is not None:
            card, r = dragged
            if self.drag_over:
                pygame.draw.rect(surface, ARMED, layout.discard.inflate(pad * 4, pad * 4),
                                 width=max(3, pad), border_radius=round(w * 0.14))
            self._draw_card(surface, card, r, w, pad, colourblind, face_up)

    def _draw_card(self, surface: pygame.Surface, card: Card, r: pygame.Rect, w: int, pad: int,
                   colourblind: bool, face_up: bool) -> None:
        sp = max(2, round(w * 0.06))
        surface.blit(card_art.card_shadow(w), (r.x - sp + sp // 2, r.y - sp + sp))
        playable = card.id in self.legal
        dim = face_up and self.active and not playable
        surface.blit(card_art.sprite(render_card(card.id, w, face_up, colourblind, dim)), r)
        if face_up and self.active and playable:
            surface.blit(card_art.card_outline(w), (r.x - pad, r.y - pad))
        if card.id in self.selected:
            surface.blit(card_art.card_outline(w, SELECTED), (r.x - pad, r.y - pad))
        if card.id == self.armed:
            surface.blit(card_art.card_outline(w, ARMED), (r.x - pad, r.y - pad))


def drop_hits_discard(layout: TableLayout, card_topleft: tuple[int, int],
                      pointer: tuple[int, int]) -> bool:
    """A dragged card counts as dropped on the discard pile when the pointer is
    over the pile (with a margin) or a third of the card's width lies on it."""
    card = pygame.Rect(card_topleft, (layout.card_w, layout.card_h))
    zone = layout.discard.inflate(layout.px(LIFT), layout.px(LIFT))
    return zone.collidepoint(pointer) or (
        card.colliderect(layout.discard) and card.clip(layout.discard).w * 3 >= layout.card_w
        and card.clip(layout.discard).h * 2 >= layout.card_h)
