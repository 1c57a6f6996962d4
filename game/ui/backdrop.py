"""The main menu's backdrop, drawn with pygame alone: the felt, the title art and
where the art stands.

The first frame (game/first_frame.py) draws it before pygame_gui, the fonts and
the scenes are imported; the menu then draws the same picture and adds its
buttons over it, so the window does not jump when the menu arrives (issue #37).
"""

from __future__ import annotations

import logging
from functools import lru_cache

import pygame

from game.resources import open_binary
from game.ui import theme

log = logging.getLogger(__name__)

TITLE_ART_FILE = "title_art.png"  # the menu's render_title_art(TITLE_ART_PX), tools/make_title_art.py
TITLE_ART_PX = 720
# Button metrics of the menu's column (game/scenes/menu.py), at ui scale 1.
BUTTON_W, BUTTON_H, BUTTON_GAP = 320, 52, 12


@lru_cache(maxsize=4)
def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """A radial green-felt gradient with a soft vignette, cached per size."""
    w, h = max(1, size[0]), max(1, size[1])
    sw, sh = 64, 40
    small = pygame.Surface((sw, sh))
    cx, cy = (sw - 1) / 2, (sh - 1) * 0.42
    maxd = ((sw / 2) ** 2 + (sh * 0.6) ** 2) ** 0.5
    light, dark = theme.FELT_LIGHT, theme.FELT_DARK
    for y in range(sh):
        for x in range(sw):
            d = min(1.0, (((x - cx) ** 2 + (y - cy) ** 2) ** 0.5) / maxd)
            k = d**1.6
            small.set_at((x, y), tuple(round(light[i] * (1 - k) + dark[i] * k) for i in range(3)))
    return pygame.transform.smoothscale(small, (w, h))


def wide(size: tuple[int, int]) -> bool:
    """A wide window: the menu's art on the left, its buttons on the right."""
    return size[0] / size[1] >= 1.45


def menu_layout(size: tuple[int, int], rows: int) -> tuple[pygame.Rect, int, int, int]:
    """Where the menu puts its title art and its column of ``rows`` buttons in a
    window of ``size``: (the art's rect, the column's centre x, its top y, the
    buttons' height, lower than usual when the column would reach the footer)."""
    w, h = size
    scale = theme.ui_scale(size)

    def px(value: float) -> int:
        return theme.px(value, scale)

    bh, gap = px(BUTTON_H), px(BUTTON_GAP)
    room = h - px(124)  # centred, the column stands clear of the footer's buttons
    if rows * bh + (rows - 1) * gap > room:
        bh = (room - (rows - 1) * gap) // rows
    total = rows * bh + (rows - 1) * gap
    art_h = min(int(h * 0.62), px(470))
    if wide(size):  # the art on the left, the buttons on the right
        art = pygame.Rect(0, 0, int(art_h * 1.35), art_h)
        art.center = (int(w * 0.33), h // 2 - px(10))
        return art, int(w * 0.70), (h - total) // 2 + px(10), bh
    art_h = min(art_h, h - total - px(90))
    art = pygame.Rect(0, 0, int(art_h * 1.35), art_h)
    art.midtop = (w // 2, px(16))
    return art, w // 2, art.bottom + px(8), bh


@lru_cache(maxsize=4)
def saved_title_art(height: int) -> pygame.Surface | None:
    """The title art ``height`` tall from the copy in ``assets/`` (drawing it afresh
    costs about 100 ms), or None when taller than that copy or unreadable."""
    if height > TITLE_ART_PX:
        return None
    try:
        img = pygame.image.load(open_binary(TITLE_ART_FILE), TITLE_ART_FILE)
        if pygame.display.get_surface() is not None:
            img = img.convert_alpha()
        size = (round(img.get_width() * height / img.get_height()), height)
        return img if size == img.get_size() else pygame.transform.smoothscale(img, size)
    except Exception as exc:  # missing or unreadable: the menu draws it
        log.info("title art drawn afresh: %s", exc)
        return None
