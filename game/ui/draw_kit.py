"""The drawing kit the table and the menus share: the palette, cached text
(fitted to a width, or wrapped into a block) and rounded panels.

Every helper here only blits, so a :class:`Recorder` can stand in for the
surface (the table records a layer once and replays it).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.resources import get_font
from game.ui.wrap import wrap_text

CREAM = (245, 240, 225)
GOLD = (232, 197, 71)
MUTED = (176, 200, 184)
RED = (222, 41, 48)
INK = (10, 24, 16)
WHITE = (255, 255, 255)

RGB = tuple[int, int, int]


def luminance(colour: RGB) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""
    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = colour
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours (1 .. 21; 4.5 reads as body text)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(fill: RGB) -> RGB:
    """The text colour that reads best on ``fill``: dark ink or white."""
    return INK if contrast(INK, fill) >= contrast(WHITE, fill) else WHITE


@lru_cache(maxsize=512)
def text(s: str, size: int, colour: tuple[int, int, int] = CREAM, bold: bool = False) -> pygame.Surface:
    # Anti-aliased text is the colour everywhere with the ink in the alpha, so
    # tinting one white rendering gives each colour exactly (a ticker line
    # turns from cream to muted when the next one comes).
    img = _white_text(s, size, bold).copy()
    img.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return img


@lru_cache(maxsize=256)
def _white_text(s: str, size: int, bold: bool) -> pygame.Surface:
    return get_font(size, bold).render(s, True, (255, 255, 255))


Blit = tuple[pygame.Surface, tuple[int, int]]


class Recorder:
    """Takes the place of a surface for the drawing helpers here (they only
    blit): keeps the blits, to replay them later, and the area they cover."""

    def __init__(self) -> None:
        self.blits: list[Blit] = []
        self.bounds: pygame.Rect | None = None

    def blit(self, source: pygame.Surface, dest: tuple[int, int] | pygame.Rect) -> pygame.Rect:
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else dest
        pos = (int(x), int(y))
        self.blits.append((source, pos))
        r = pygame.Rect(pos, source.get_size())
        self.bounds = r if self.bounds is None else self.bounds.union(r)
        return r


Canvas = pygame.Surface | Recorder


MIN_FIT_PX = 12  # never below a readable size (issue 14)
MIN_FIT_SHARE = 0.8  # text shrinks to at most 80% of its size, then is cut with "…"


def min_fit_px(size: int) -> int:
    """The smallest size :func:`fit_text` shrinks ``size`` to (a long line is cut
    rather than shrunk into an unreadable smudge)."""
    return max(MIN_FIT_PX, math.ceil(size * MIN_FIT_SHARE))


def fit_text(s: str, size: int, max_w: int, colour: tuple[int, int, int] = CREAM,
             bold: bool = False) -> pygame.Surface:
    """``s`` rendered no wider than ``max_w``: at the largest size from ``size``
    down to :func:`min_fit_px` that fits, else at that size cut short with an ellipsis."""
    fitted, px = fit(s, size, max_w, bold)
    return text(fitted, px, colour, bold)


@lru_cache(maxsize=64)
def text_block(s: str, size: int, max_w: int, colour: tuple[int, int, int] = CREAM,
               bold: bool = False, centre: bool = True) -> pygame.Surface:
    """``s`` broken into rows no wider than ``max_w`` (Chinese by character:
    :func:`game.ui.wrap.wrap_text`), at ``size``; centred or flush left."""
    font = get_font(size, bold)
    rows = [text(row, size, colour, bold) for row in wrap_text(s, font, max_w)]
    if not rows:
        return pygame.Surface((0, 0), pygame.SRCALPHA)
    w = max(r.get_width() for r in rows)
    surf = pygame.Surface((w, sum(r.get_height() for r in rows)), pygame.SRCALPHA)
    y = 0
    for row in rows:
        surf.blit(row, ((w - row.get_width()) // 2 if centre else 0, y))
        y += row.get_height()
    return surf


@lru_cache(maxsize=512)
def fit(s: str, size: int, max_w: int, bold: bool = False) -> tuple[str, int]:
    """What :func:`fit_text` draws: (text, pixel size), chosen on the font's
    metrics (nothing rendered)."""
    size = _fit_size(s, size, max_w, bold)
    font = get_font(size, bold)
    if len(s) > 2 and font.size(s)[0] > max_w:
        lo, hi = 1, len(s) - 2  # keep s[:n] + "…" for the longest n that fits (or 1)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(s[:mid] + "…")[0] <= max_w:
                lo = mid
            else:
                hi = mid - 1
        s = s[:lo] + "…"
    return s, size


def _fit_size(s: str, size: int, max_w: int, bold: bool) -> int:
    """The largest size from ``size`` down to :func:`min_fit_px` at which ``s``
    is no wider than ``max_w`` (the smallest if none)."""
    floor = min_fit_px(size)
    width = get_font(size, bold).size(s)[0]
    if width <= max_w or size <= floor:
        return size
    # The width grows about in proportion to the size: start next to the answer.
    k = max(floor, min(size - 1, size * max_w // max(1, width)))
    while k + 1 < size and get_font(k + 1, bold).size(s)[0] <= max_w:
        k += 1
    while k > floor and get_font(k, bold).size(s)[0] > max_w:
        k -= 1
    return k


@lru_cache(maxsize=256)
def panel_surface(size: tuple[int, int], radius: int, fill: tuple[int, int, int, int],
           border: tuple[int, int, int, int], bw: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    if bw:
        pygame.draw.rect(surf, border, surf.get_rect(), width=bw, border_radius=radius)
    return surf


def panel(surface: Canvas, rect: pygame.Rect, radius: int,
          fill: tuple[int, int, int, int] = (6, 34, 22, 215),
          border: tuple[int, int, int, int] = (70, 130, 95, 255), bw: int = 1) -> None:
    surface.blit(panel_surface(rect.size, radius, fill, border, bw), rect.topleft)
