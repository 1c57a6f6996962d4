"""Our own logo, drawn by code: the word UNO in white on a dark rounded plate
with a gold rim, standing on a ribbon of the four card colours.

It is deliberately unlike Mattel's UNO logo (yellow letters on a tilted red
oval): UNO is a trademark of Mattel and this project is not affiliated with
Mattel (README, About screen). The menu's title picture
(``tools/make_title_art.py``) and the card back use it.
"""

from __future__ import annotations

import pygame

from game.resources import get_font

PLATE = (28, 32, 46)
RIM = (232, 197, 71)
LETTERS = (255, 255, 255)
LETTER_SHADOW = (8, 10, 16)
# Red, yellow, green, blue: the four card colours, left to right.
RIBBON = ((222, 41, 48), (248, 196, 22), (40, 160, 72), (24, 108, 206))


def logo(height: int) -> pygame.Surface:
    """The logo, ``height`` pixels tall (about 2.6 times as wide)."""
    height = max(12, int(height))
    ribbon_h = max(3, height // 7)
    plate_h = height - ribbon_h
    font = get_font(max(8, int(plate_h * 0.62)), bold=True, warm=False)
    text = font.render("UNO", True, LETTERS)
    shadow = font.render("UNO", True, LETTER_SHADOW)
    width = max(text.get_width() + plate_h, int(height * 2.6))
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(3, plate_h // 4)
    rim = max(1, plate_h // 18)
    # The ribbon: four equal bars tucked under the plate, rounded at the outer ends.
    bar_w = (width - 2 * radius) / 4
    for i, colour in enumerate(RIBBON):
        bar = pygame.Rect(round(radius + i * bar_w), plate_h - ribbon_h // 3,
                          round(bar_w) + 1, ribbon_h + ribbon_h // 3)
        pygame.draw.rect(surf, colour, bar,
                         border_bottom_left_radius=ribbon_h // 2 if i == 0 else 0,
                         border_bottom_right_radius=ribbon_h // 2 if i == 3 else 0)
    plate = pygame.Rect(0, 0, width, plate_h)
    pygame.draw.rect(surf, RIM, plate, border_radius=radius)
    pygame.draw.rect(surf, PLATE, plate.inflate(-2 * rim, -2 * rim), border_radius=radius - rim)
    centre = (width // 2, plate_h // 2)
    offset = max(1, plate_h // 24)
    surf.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset)))
    surf.blit(text, text.get_rect(center=centre))
    return surf
