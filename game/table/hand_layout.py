"""Where the cards of the viewer's hand sit (pure geometry, pygame.Rect only).

Cards lie side by side with a small gap while the hand area has room; past
that they overlap, each later card on top of the one before, only as much as
the width requires. A raised card (hovered, focused or picked for a
multi-play) is "opened": the card after it moves right so the raised card is
seen whole and covers no neighbour, and the other cards close up to pay for
it. The opened card's new place always contains the strip it showed before,
so the pointer that raised it stays on it.
"""

from __future__ import annotations

import math

import pygame

from game.table.layout import TableLayout

GAP = 8  # base-resolution pixels between cards that do not overlap
LIFT = 22  # how far a raised card rises (base pixels)
SAG = 8  # how much lower the cards at the ends of a long hand sit (base pixels)
MIN_STRIP = 12  # the narrowest strip of a card left showing while another opens (base pixels)


def card_steps(avail: int, card_w: int, n: int, gap: int, opened: frozenset[int] = frozenset(),
               min_strip: int = 0) -> list[float]:
    """Distances from each card's left edge to the next one's (``n - 1`` of them).

    ``avail`` is the width the hand may use. Cards never overlap while
    ``n * card_w`` plus gaps fits; otherwise the row fills ``avail`` exactly.
    Indices in ``opened`` (before the last card) get a whole card's width when
    the others can keep at least ``min_strip`` each (or as much as they can).
    """
    if n <= 1:
        return []
    full = card_w + gap
    if card_w + (n - 1) * full <= avail:
        return [float(full)] * (n - 1)
    flat = max(0.0, (avail - card_w) / (n - 1))
    opened = frozenset(i for i in opened if 0 <= i < n - 1)
    rest = n - 1 - len(opened)
    if flat >= card_w or not opened or rest == 0:
        return [flat] * (n - 1)
    spare = avail - card_w
    others = (spare - len(opened) * card_w) / rest
    wide = float(card_w)
    if others < min_strip:
        others = min(flat, float(min_strip))
        wide = max(flat, (spare - rest * others) / len(opened))
    return [wide if i in opened else others for i in range(n - 1)]


def hand_rects(layout: TableLayout, n: int, hovered: int = -1,
               lifted: frozenset[int] = frozenset()) -> list[pygame.Rect]:
    """Rects of ``n`` cards in the hand area; ``hovered`` and ``lifted`` are raised and opened."""
    if n <= 0:
        return []
    cw, ch = layout.card_w, layout.card_h
    area = layout.hand
    raised = lifted | ({hovered} if 0 <= hovered < n else set())
    steps = card_steps(area.w, cw, n, layout.px(GAP), frozenset(raised), layout.px(MIN_STRIP))
    total = cw + sum(steps)
    x0 = area.x + math.floor((area.w - total) / 2 + 1e-6)
    sag_max = layout.px(SAG)
    base_y = area.bottom - ch - sag_max
    lift = layout.px(LIFT)
    mid = (n - 1) / 2
    out: list[pygame.Rect] = []
    at = 0.0
    for i in range(n):
        # A gentle arc: cards at the ends sit a little lower.
        sag = 0.0 if n < 3 else ((i - mid) / max(mid, 1)) ** 2 * sag_max
        y = base_y + sag - (lift if i in raised else 0)
        out.append(pygame.Rect(x0 + math.floor(at + 1e-6), round(y), cw, ch))
        if i < n - 1:
            at += steps[i]
    return out


def reach_rects(layout: TableLayout, rects: list[pygame.Rect], hovered: int = -1,
                lifted: frozenset[int] = frozenset()) -> list[pygame.Rect]:
    """``rects`` with each raised card stretched down to where it rests, so the
    pointer that raised a card does not drop it by standing below it."""
    lift = layout.px(LIFT)
    return [r.union(r.move(0, lift)) if i == hovered or i in lifted else r
            for i, r in enumerate(rects)]


def hit_card(rects: list[pygame.Rect], pos: tuple[int, int]) -> int:
    """Index of the topmost card under ``pos`` (later cards overlap earlier ones), or -1."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].collidepoint(pos):
            return i
    return -1
