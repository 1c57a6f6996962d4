"""The viewer's hand: an overlapping fan with hover lift, keyboard focus,
legal-card highlights and an H4 multi-selection."""

from __future__ import annotations

import pygame

from game.rules.cards import DECK, Card
from game.table.layout import TableLayout, hand_rects, hit_card
from game.ui import card_art

FOCUS = (120, 200, 255)
SELECTED = (120, 230, 140)


def render_card(card_id: int, width: int, face_up: bool, colourblind: bool = False,
                dimmed: bool = False) -> pygame.Surface:
    if not face_up or card_id < 0:
        return card_art.card_back(width)
    return card_art.card_face(DECK[card_id], width, colourblind, dimmed)


class HandView:
    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.hovered = -1
        self.focus = -1  # keyboard focus index (-1: none shown)
        self.selected: list[int] = []  # card ids picked for a multi-play (H4)
        self.legal: set[int] = set()  # card ids with a legal play right now
        self.active = False  # the viewer may act (highlights shown)
        self._rects: list[pygame.Rect] = []
        self._layout: TableLayout | None = None

    def set_cards(self, cards: list[Card]) -> None:
        ids = [c.id for c in cards]
        if ids != [c.id for c in self.cards]:
            self.cards = list(cards)
            self.selected = [i for i in self.selected if i in ids]
            if self.focus >= len(self.cards):
                self.focus = len(self.cards) - 1
            if self.hovered >= len(self.cards):
                self.hovered = -1
            self._rects = []

    def rects(self, layout: TableLayout) -> list[pygame.Rect]:
        lifted = frozenset(i for i, c in enumerate(self.cards) if c.id in self.selected)
        lift_idx = self.hovered if self.hovered >= 0 else self.focus
        self._rects = hand_rects(layout, len(self.cards), lift_idx, lifted)
        self._layout = layout
        return self._rects

    def card_rect(self, layout: TableLayout, card_id: int) -> pygame.Rect | None:
        for c, r in zip(self.cards, self.rects(layout), strict=False):
            if c.id == card_id:
                return r
        return None

    def hit(self, layout: TableLayout, pos: tuple[int, int]) -> int:
        """Index of the card under ``pos`` (-1 none)."""
        flat = hand_rects(layout, len(self.cards))
        i = hit_card(flat, pos)
        if i < 0:
            i = hit_card(self.rects(layout), pos)
        return i

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

    def draw(self, surface: pygame.Surface, layout: TableLayout, colourblind: bool,
             face_up: bool = True, hidden: set[int] | None = None) -> None:
        rects = self.rects(layout)
        w = layout.card_w
        pad = card_art.outline_pad(w)
        shadow = card_art.card_shadow(w)
        sp = max(2, round(w * 0.06))
        for i, (card, r) in enumerate(zip(self.cards, rects, strict=False)):
            if hidden and card.id in hidden:
                continue
            surface.blit(shadow, (r.x - sp + sp // 2, r.y - sp + sp))
            playable = card.id in self.legal
            dim = face_up and self.active and not playable
            img = card_art.sprite(render_card(card.id, w, face_up, colourblind, dim))
            surface.blit(img, r)
            if face_up and self.active and playable:
                surface.blit(card_art.card_outline(w), (r.x - pad, r.y - pad))
            if card.id in self.selected:
                surface.blit(card_art.card_outline(w, SELECTED), (r.x - pad, r.y - pad))
            if i == self.focus and self.hovered < 0:
                pygame.draw.rect(surface, FOCUS, r.inflate(pad * 2, pad * 2),
                                 width=max(2, pad // 2), border_radius=round(w * 0.12))
