"""The menu's title picture: loaded from assets/ (our own drawing, saved by
tools/make_title_art.py) and the same picture the code draws today."""

from __future__ import annotations

import pygame
import pytest

from game.resources import asset_exists
from game.scenes import menu


@pytest.fixture(scope="module", autouse=True)
def _display() -> None:
    pygame.init()
    pygame.display.set_mode((64, 64))


def _small(img: pygame.Surface, h: int = 120) -> bytes:
    size = (round(img.get_width() * h / img.get_height()), h)
    return pygame.image.tobytes(pygame.transform.smoothscale(img, size), "RGBA")


def test_saved_title_art_is_what_the_code_draws_now():
    """Fails after a change to the card art or the logo until
    ``python tools/make_title_art.py`` saves the new picture."""
    assert asset_exists(menu.TITLE_ART_FILE)
    menu.title_art.cache_clear()
    saved = menu.title_art(menu.TITLE_ART_PX)
    fresh = menu.render_title_art(menu.TITLE_ART_PX)
    assert saved.get_size() == fresh.get_size()
    a, b = _small(saved), _small(fresh)
    diff = sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)
    assert diff < 2.0, f"assets/{menu.TITLE_ART_FILE} is stale (mean difference {diff:.2f})"


def test_title_art_scales_the_saved_picture_and_draws_beyond_it():
    menu.title_art.cache_clear()
    small = menu.title_art(446)
    assert small.get_height() == 446 and abs(small.get_width() - 446 * 1.35) <= 2
    big = menu.title_art(menu.TITLE_ART_PX + 100)  # 4K: drawn at its size
    assert big.get_height() == menu.TITLE_ART_PX + 100
    assert big.get_at((big.get_width() // 2, big.get_height() // 2)).a > 0
