"""Our own logo (game.ui.logo): a dark plate over the four card colours, used by
the title picture and the card back, and nothing like Mattel's red oval."""

from __future__ import annotations

import pygame
import pytest

from game.scenes import menu
from game.ui import card_art, logo


@pytest.fixture(scope="module", autouse=True)
def _display() -> None:
    pygame.init()
    pygame.display.set_mode((64, 64))


def _is_red(colour: pygame.Color) -> bool:
    return colour.a > 200 and colour.r > 150 and colour.g < 80 and colour.b < 80


def test_logo_is_a_dark_plate_over_the_four_colours() -> None:
    mark = logo.logo(120)
    w, h = mark.get_size()
    assert h == 120 and w >= 2.5 * h
    assert tuple(mark.get_at((w // 10, h // 4)))[:3] == logo.PLATE
    ribbon_y = h - 2
    seen = {tuple(mark.get_at((x, ribbon_y)))[:3] for x in range(0, w, 4)}
    assert set(logo.RIBBON) <= seen
    red = sum(_is_red(mark.get_at((x, y))) for x in range(0, w, 3) for y in range(0, h * 3 // 4, 3))
    assert red == 0, "no red oval behind the letters"


def test_title_picture_and_card_back_carry_our_logo() -> None:
    # The middle of the card back is the plate, not a red oval.
    back = card_art.card_back(160)
    centre = back.get_at((back.get_width() // 2 - 30, back.get_height() // 2 - 8))
    assert tuple(centre)[:3] == logo.PLATE
    assert not any(_is_red(back.get_at((x, y))) for x in range(0, back.get_width(), 4)
                   for y in range(0, back.get_height() * 2 // 5, 4))
    art = menu.render_title_art(300)
    w, h = art.get_size()
    assert tuple(art.get_at((w // 2 - 40, int(h * 0.80) - 8)))[:3] == logo.PLATE
