"""Issue 39 (controls): a one-line legend of the keys along the table's bottom
edge (D, U, C, H, L, arrows and Enter, Ctrl/Shift-click when H4 is on), in both
languages, clear of everything at 1024x640 with 10 seats; hidden by K at the
table or by Settings, and remembered."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import config, key, make_app, pump

from game import i18n
from game.rules.settings import OFFICIAL
from game.table.layout import legend_px
from game.table.renderer import legend_image
from game.table.scene import TableScene
from game.ui import draw_kit as kit

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def _table(size: tuple[int, int], lang: str, n: int = 10, log_open: bool = False,
           multi: bool = True) -> tuple[object, TableScene]:
    app = make_app(size, lang, "off")
    app.settings.log_panel = "open" if log_open else "closed"
    app.start_match(config(n, 1, 5, settings=OFFICIAL.with_(multi_play=multi)))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    pump(app, 2)
    return app, table


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("log_open", [False, True], ids=["log_folded", "log_open"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_legend_is_whole_and_clear_of_everything(size: tuple[int, int], log_open: bool,
                                                     lang: str) -> None:
    app, table = _table(size, lang, log_open=log_open)
    try:
        lay = table.layout
        text = table.frame().legend
        for part in ("controls.legend", "controls.legend.several", "controls.legend.hide"):
            assert i18n.t(part) in text
        img = legend_image(lay, text)
        drawn = img.get_rect(center=lay.legend.center)
        assert lay.table.contains(drawn), (drawn, lay.table)
        px = legend_px(lay.scale)  # whole, at a readable size: neither cut nor shrunk
        assert px >= 12 and kit.fit(text, px, lay.legend.w) == (text, px)
        blocked = [("hand", lay.hand), ("bar", lay.bar), ("log", lay.log),
                   ("own plate", lay.bottom.plate if lay.bottom else pygame.Rect(0, 0, 0, 0))]
        blocked += [(f"seat{s}", lay.seat_area(spot)) for s, spot in lay.seats.items()]
        blocked += [(f"corner {k}", b.rect) for k, b in table.controls.corner.buttons.items()]
        blocked += [(f"bar {k}", b.rect) for k, b in table.controls.bar.buttons.items()]
        for name, r in blocked:
            assert not (r.w and drawn.colliderect(r)), (name, r, drawn)
    finally:
        table.exit()


def test_the_legend_names_several_cards_only_with_H4() -> None:
    app, table = _table((1024, 640), "en", n=4, multi=False)
    try:
        assert i18n.t("controls.legend.several") not in table.frame().legend
        assert i18n.t("controls.legend") in table.frame().legend
    finally:
        table.exit()


def test_K_hides_the_legend_and_shows_it_again_and_it_is_kept() -> None:
    app, table = _table((1024, 640), "en")
    try:
        hand_bottom = table.layout.hand.bottom
        pump(app, 1, events=key(pygame.K_k))
        assert app.settings.table_legend is False and app.settings_saved >= 1
        assert table.frame().legend == "" and table.layout.legend.h == 0
        assert table.layout.hand.bottom > hand_bottom  # the hand takes the room back
        pump(app, 1, events=key(pygame.K_k))
        assert app.settings.table_legend is True and table.frame().legend
    finally:
        table.exit()


def test_the_setting_off_means_no_legend_from_the_start() -> None:
    app = make_app((1024, 640), "en", "off")
    app.settings.table_legend = False
    app.start_match(config(4, 1, 5))
    table = app.scenes.top
    try:
        pump(app, 2)
        assert table.frame().legend == "" and table.layout.legend.h == 0
    finally:
        table.exit()
