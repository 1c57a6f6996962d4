"""The heading and move ticker in the top left corner never run into a seat's
cards or plate, nor the piles: at every supported size, 2 to 10 seats, the log
open or folded, in English and Chinese, with short and long (wrapped) lines."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.table import widgets as tw
from game.table.layout import TableLayout, compute_layout
from game.table.renderer import _draw_info
from game.ui import draw_kit as kit

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1024, 768), (1920, 1080), (2560, 1440),
         (1600, 640), (3840, 2160)]
NAMES = {"en": ["Huang", "Zhou"], "zh": ["今天也要加油", "小明"]}


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.font.init()


def _tickers(lang: str) -> list[tuple[str, ...]]:
    """Three one-row lines, and three that wrap (the longest the log writes)."""
    a, b = NAMES[lang]
    short = tuple(i18n.tl(lang, "log.play", name=n, cards=i18n.tl(lang, "colour.green") + " 3")
                  for n in (a, b, "Ivy"))
    long = (i18n.tl(lang, "log.reshuffle", n=96),
            i18n.tl(lang, "log.caught", name=a, target=b) + i18n.tl(lang, "log.sep")
            + i18n.tl(lang, "log.challenge.innocent", name=b, target=a),
            i18n.tl(lang, "log.caught", name=b, target=a))
    return [short, long]


def _ink(surf: pygame.Surface, pos: tuple[int, int]) -> pygame.Rect:
    return surf.get_bounding_rect().move(pos)


def _obstacles(lay: TableLayout, lang: str) -> list[tuple[str, pygame.Rect]]:
    """What the ticker must keep clear of, as drawn at its largest: each seat with
    a fan of more backs than shown (the "+N" pill), UNO called, on turn and
    thinking; the piles with the colour ring, its chip and the penalty."""
    out: list[tuple[str, pygame.Rect]] = []
    name = NAMES[lang][0]
    line2 = (i18n.ntl(lang, "tbl.cards", 30), i18n.tl(lang, "tbl.score", n=500))
    for seat, spot in lay.seats.items():
        fan = (spot.fan_center[0] - spot.plate.x, spot.fan_center[1] - spot.plate.y)
        img, off = tw.seat_sprite(lay, spot.plate.size, fan, 30, name, ("Normal",), line2,
                                  True, False, 0, True)
        out.append((f"seat {seat}", _ink(img, (spot.plate.x - off[0], spot.plate.y - off[1]))))
        dots = max(3, spot.plate.h // 10) + 1  # the thinking mark on the plate's top edge
        out.append((f"thinking {seat}", spot.plate.inflate(0, 2 * dots)))
    ring = tw.colour_ring(lay)
    swatch = pygame.Rect(0, 0, lay.px(50), lay.px(50))
    swatch.center = (ring.right - lay.px(6), ring.top + lay.px(6))
    label = kit.text(i18n.tl(lang, "tbl.pile", n=108), lay.font_px(13))
    pile = label.get_rect(midtop=(lay.draw_pile.centerx, lay.draw_pile.bottom + lay.px(6)))
    out += [("draw pile", lay.draw_pile.inflate(lay.px(12), lay.px(12)).union(pile)),
            ("discard", ring.union(swatch)), ("corner buttons", lay.corner)]
    if lay.bottom is not None:
        out += [("own plate", lay.bottom.plate), ("own hand", lay.hand), ("action row", lay.bar)]
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_ticker_never_runs_into_a_seat_or_the_piles(size: tuple[int, int], lang: str) -> None:
    heading = i18n.tl(lang, "tbl.round", n=12) + " · " + i18n.tl(lang, "score.target", n=500)
    for n in range(2, 11):
        for log_open in (False, True):
            lay = compute_layout(size, n, 0, log_open=log_open)
            blocked = _obstacles(lay, lang)
            for lines in _tickers(lang):
                rec = kit.Recorder()
                _draw_info(rec, lay, (heading, lines))
                assert len(rec.blits) >= 2, "the heading and at least the newest line"
                for surf, pos in rec.blits:
                    ink = _ink(surf, pos)
                    assert lay.table.contains(ink), (n, log_open, ink)
                    for what, r in blocked:
                        assert not ink.colliderect(r), (n, log_open, what, r, ink)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_newest_line_too_long_for_the_rows_is_cut_short(lang: str) -> None:
    from game.resources import get_font
    from game.table.renderer import ticker_lines
    from game.ui.wrap import wrap_text

    font = get_font(13)
    lines = _tickers(lang)[1]
    assert len(wrap_text(lines[1], font, 120)) > 1
    [(cut, shade)] = ticker_lines(lines[:2], font, 120, 1)
    assert shade == kit.CREAM and cut.endswith("…") and lines[1].startswith(cut[:-1])
    assert len(wrap_text(cut, font, 120)) == 1
    # older lines give way to the newest, whole
    shown = ticker_lines(lines, font, 400, len(wrap_text(lines[2], font, 400)))
    assert shown == [(lines[2], kit.CREAM)]
