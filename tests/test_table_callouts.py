"""#39, the table's callouts: the cream "Keep" had white words (unreadable);
callouts stood over the piles' counts (your own "UNO!" over the draw pile's
"84 left"); callouts draw above the plates and their badges."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from table_helpers import config, make_app, pump  # noqa: E402

from game import i18n  # noqa: E402
from game.rules.events import EventKind  # noqa: E402
from game.table import director as d  # noqa: E402
from game.table import widgets as tw  # noqa: E402
from game.table.animations import Animator  # noqa: E402
from game.table.director import Director, Stage  # noqa: E402
from game.table.layout import TableLayout, compute_layout  # noqa: E402
from game.table.model import TableModel  # noqa: E402
from game.table.renderer import bubble_rect  # noqa: E402
from game.ui import draw_kit as kit  # noqa: E402

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1600, 900), (1920, 1080)]
FILLS = sorted({*d._BUBBLES.values(), d.RED, d.GOLD})  # every callout's fill


def _words_contrast(img: pygame.Surface, fill: tuple[int, int, int]) -> float:
    """The contrast between a bubble's fill and its words' ink (the pixel that
    differs most from the fill inside the pill, away from the white rim)."""
    w, h = img.get_size()
    best = 1.0
    for x in range(h // 2, w - h // 2):
        for y in range(h // 4, h - h // 4):
            rgb = tuple(img.get_at((x, y))[:3])
            best = max(best, kit.contrast(rgb, fill))  # type: ignore[arg-type]
    return best


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("fill", FILLS)
def test_every_callout_reads_on_its_fill(lang: str, fill: tuple[int, int, int]) -> None:
    pygame.init()
    i18n.set_language(lang)
    try:
        img = tw.bubble(i18n.t("bubble.pass"), 22, fill, 2)
        assert _words_contrast(img, fill) >= 4.5, fill  # WCAG AA for text
    finally:
        i18n.set_language("en")


def test_ink_on_picks_dark_words_on_light_fills() -> None:
    assert kit.ink_on(kit.CREAM) == kit.INK and kit.ink_on(kit.GOLD) == kit.INK
    assert kit.ink_on(kit.RED) == kit.WHITE
    assert kit.contrast(kit.WHITE, kit.CREAM) < 1.2 < kit.contrast(kit.INK, kit.CREAM)


def _director(lay_of: list[TableLayout], n: int) -> Director:
    model = TableModel(0, n)
    return Director(Stage(anim=Animator("normal"), sound=lambda name: None,
                          layout=lambda: lay_of[0], model=lambda: model, viewer=lambda: 0,
                          card_rect=lambda lay, card: None))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_callout_covers_the_piles_or_their_counts(size: tuple[int, int], lang: str) -> None:
    """Every callout at every seat (yours too), stacked two high, from 2 to 10
    seats, log open or folded: inside the felt and clear of the piles, the draw
    pile's count and the penalty pill."""
    pygame.init()
    i18n.set_language(lang)
    texts = [i18n.t(f"bubble.{k.value}") for k in d._BUBBLES] + [
        i18n.t("bubble.guilty"), i18n.t("bubble.not_guilty"), i18n.t("bubble.direction"),
        i18n.t("bubble.draws", n=12), i18n.t("tbl.out", n=10)]
    try:
        for n in range(2, 11):
            for log_open in (False, True):
                lay_of = [compute_layout(size, n, 0, "medium", log_open)]
                lay = lay_of[0]
                director = _director(lay_of, n)
                piles = lay.piles_area()
                for text in texts:
                    img = tw.bubble(text, lay.font_px(22), kit.GOLD, lay.px(2))
                    for seat in range(n):
                        anchor = director.plate_point(seat)
                        for row in (0, 1):
                            for progress in (0.0, 1.0):
                                r = bubble_rect(lay, anchor, img.get_size(), progress, row)
                                where = (n, log_open, seat, text, row, progress, r)
                                assert lay.table.contains(r), where
                                assert not r.colliderect(piles), (*where, piles)
    finally:
        i18n.set_language("en")


def test_the_piles_area_holds_the_count_and_the_penalty_pill() -> None:
    """What piles_area promises: the count under the draw pile and the penalty pill
    drawn on the ring are inside it."""
    pygame.init()
    for size in SIZES:
        lay = compute_layout(size, 4, 0)
        rec = kit.Recorder()
        tw.draw_draw_pile(rec, lay, 84, "84 left")
        tw.draw_colour_marks(rec, lay, None, "+12")
        assert rec.bounds is not None and lay.piles_area().contains(rec.bounds), size


def test_callouts_draw_above_the_plates_and_their_badges() -> None:
    """A callout over a seat covers its plate and badge, never the other way round."""
    app = make_app((1024, 640), "en", "normal")
    app.start_match(config(10, 1, 3))
    table = app.scenes.top
    pump(app, 1, 0.001)  # type: ignore[arg-type]
    table.anim.effects.clear()
    lay = table.layout
    for seat, kind in ((1, EventKind.CAUGHT), (2, EventKind.CHALLENGE), (3, EventKind.PASS)):
        table.director._bubble(kind, seat)
        table.director._mark(seat, "+6", d.RED)
    table.draw(app.screen)
    for e in table.anim.effects:
        img = tw.bubble(e.text, lay.font_px(22), e.colour, lay.px(2))
        r = bubble_rect(lay, e.pos, img.get_size(), e.progress, e.row)
        spot = (r.left + lay.px(6), r.centery)  # inside the pill, left of the words
        got = tuple(app.screen.get_at(spot)[:3])
        assert all(abs(a - b) <= 8 for a, b in zip(got, e.colour, strict=True)), (e.text, got)
    table.exit()
