"""Table text fitted on metrics: the same picture as shrinking by trial renders."""

from __future__ import annotations

import math

import pygame
import pytest

from game.resources import get_font
from game.ui import draw_kit as kit


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.font.init()


def _by_trial(s: str, size: int, max_w: int, bold: bool) -> pygame.Surface:
    """fit_text by trial renders: shrink a pixel at a time (to 80%), then cut."""
    floor = max(kit.MIN_FIT_PX, math.ceil(size * 0.8))
    img = get_font(size, bold).render(s, True, kit.CREAM)
    while img.get_width() > max_w and size > floor:
        size -= 1
        img = get_font(size, bold).render(s, True, kit.CREAM)
    while img.get_width() > max_w and len(s) > 2:
        s = s[:-2] + "…"
        img = get_font(size, bold).render(s, True, kit.CREAM)
    return img


LINES = ["Bot 2 plays Wild Draw Four, naming Blue; Bot 3 faces +4", "Bot 10", "7 cards · 0 pts",
         "机器人 3 质疑 机器人 2：有罪！", "abc", "ab"]


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", [10, 13, 22, 25])
def test_fit_text_matches_shrinking_by_trial(size: int, bold: bool) -> None:
    for s in LINES:
        for max_w in (4, 30, 59, 120, 247, 600):
            ours = kit.fit_text(s, size, max_w, kit.CREAM, bold)
            ref = _by_trial(s, size, max_w, bold)
            assert ours.get_size() == ref.get_size(), (s, max_w)
            assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(ref, "RGBA")
            if len(s) > 2 and max_w > 100:
                assert ours.get_width() <= max_w


def test_fit_chooses_size_and_cut() -> None:
    assert kit.fit("Bot 1", 22, 500) == ("Bot 1", 22)
    s, px = kit.fit("Bot 2 plays Wild Draw Four, naming Blue; Bot 3 faces +4", 22, 120)
    assert px == 18 and s.endswith("…")  # shrunk to 80% of 22 at most, then cut


def test_text_in_any_colour_is_the_font_s_own_rendering() -> None:
    for colour in (kit.CREAM, kit.MUTED, kit.GOLD, kit.INK, (0, 0, 0)):
        for s, bold in (("Bot 3 plays Wild, naming Red", False), ("第 1 局开始：老王 发牌", True)):
            ours = kit.text(s, 22, colour, bold)
            ref = get_font(22, bold).render(s, True, colour)
            assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(ref, "RGBA")
