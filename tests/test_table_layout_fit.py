"""Issue 14, layout: at up to 10 seats and down to 1024x640 no button covers a
seat or a card fan, and the table's text never drops below a readable size."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import config, make_app, pump

from game import i18n
from game.config import MatchConfig, SeatConfig
from game.rules.settings import OFFICIAL
from game.table.layout import TableLayout
from game.table.scene import TableScene

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
MIN_TEXT_PX = 12  # status text, names, badges and log lines: never smaller


def _seat_areas(lay: TableLayout) -> list[tuple[str, pygame.Rect]]:
    out = []
    for seat, spot in lay.seats.items():
        fan = pygame.Rect(0, 0, round(lay.mini_w * 4.1), lay.mini_h)
        fan.center = spot.fan_center
        out += [(f"plate{seat}", spot.plate), (f"fan{seat}", fan)]
    if lay.bottom is not None:
        out += [("own plate", lay.bottom.plate), ("own hand", lay.hand)]
    return out


def _table(size: tuple[int, int], n: int, lang: str = "en",
           match: MatchConfig | None = None) -> tuple[object, TableScene]:
    app = make_app(size, lang, "off")
    app.start_match(match or config(n, 1, 5))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    pump(app, 2)
    return app, table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 4, 7, 10])
@pytest.mark.parametrize("log_open", [False, True])
def test_no_button_covers_a_seat_or_a_fan(size: tuple[int, int], n: int, log_open: bool) -> None:
    app, table = _table(size, n)
    try:
        if table.log_open != log_open:
            table.press("log")
        lay = table.layout
        # a busy action row: UNO!, a catch naming the longest name, Draw
        assert table.controls.bar is not None and table.controls.corner is not None
        table.controls.bar.set([("uno", i18n.t("tbl.uno"), True),
                       ("catch1", i18n.t("tbl.catch", name="Huang"), True),
                       ("draw", i18n.t("tbl.draw"), False)], lay.bar, lay.scale)
        buttons = [(f"corner {k}", b.rect) for k, b in table.controls.corner.buttons.items()]
        buttons += [(f"bar {k}", b.rect) for k, b in table.controls.bar.buttons.items()]
        for bname, br in buttons:
            for sname, sr in _seat_areas(lay):
                assert not br.colliderect(sr), (bname, br, sname, sr)
    finally:
        table.exit()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_status_text_stays_readable_at_ten_seats(size: tuple[int, int], lang: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import draw_kit as kit

    sizes: list[tuple[int, str]] = []
    real = kit._white_text

    def white(s: str, px: int, bold: bool) -> pygame.Surface:
        sizes.append((px, s))
        return real(s, px, bold)

    kit._white_text.cache_clear()
    monkeypatch.setattr(kit, "_white_text", white)
    app, table = _table(size, 10, lang)
    try:
        table.cues.show("x" * 20)
        table.draw(app.screen)
        small = [(px, s) for px, s in sizes if px < MIN_TEXT_PX]
        assert not small, small
    finally:
        table.exit()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 10])
def test_T5_the_colour_picker_never_covers_the_challenge_warning(size: tuple[int, int], n: int,
                                                                 lang: str) -> None:
    from game.table import widgets as tw
    from game.table.renderer import toast_rect
    from game.ui import draw_kit as kit

    app, table = _table(size, n, lang)
    try:
        for log_open in (False, True):
            if table.log_open != log_open:
                table.press("log")
            lay = table.layout
            warning = i18n.t("tbl.wd4_bluff", colour=i18n.t("colour.blue"))
            img = kit.text_block(warning, lay.font_px(16), lay.table.w - lay.px(60), kit.GOLD, True)
            box = tw.ColourPicker().layout(lay)
            r = toast_rect(lay, img.get_size(), picker=box)
            assert not r.colliderect(box), (r, box)
            assert lay.table.contains(r), (r, lay.table)
    finally:
        table.exit()
        i18n.set_language("en")


# Names a player may give (the longest beside the Chinese badge: a 6-character nickname).
PLATE_NAMES = {"en": ["Ann", "Li", "Wang", "Zhang", "Chen", "Liu", "Yang", "Zhao", "Huang", "Zhou"],
               "zh": ["李雷", "小明", "阿杰", "小美", "大伟", "晓雨", "阿强", "小芳", "老王", "今天也要加油"]}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_bot_badge_gives_way_to_the_seats_name(size: tuple[int, int], lang: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """At 10 seats of the longest badge ("Random moves"), every seat's name is
    drawn in full at the plate's name size, and each bot still shows its badge,
    in one wording at the whole table."""
    from game.ui import draw_kit as kit

    drawn: list[tuple[str, int]] = []
    real = kit.text

    def text(s: str, px: int, *a: object, **k: object) -> pygame.Surface:
        drawn.append((s, px))
        return real(s, px, *a, **k)

    monkeypatch.setattr(kit, "text", text)
    names = PLATE_NAMES[lang]
    seats = tuple(SeatConfig(name, "ai" if i else "human", "random")
                  for i, name in enumerate(names))
    _app, table = _table(size, len(names), lang, MatchConfig(seats, OFFICIAL, 1))
    try:
        fs = table.layout.font_px(15)
        # the name at its size, never shrunk or cut with "…" on any plate
        short = [(s, px) for s, px in drawn for name in names
                 if (s == name and px != fs) or (s.endswith("…") and name.startswith(s[:-1]))]
        assert not short, short
        assert all((name, fs) in drawn for name in names), [n for n in names if (n, fs) not in drawn]
        badges = {i18n.t("level.random"), i18n.t("tbl.badge.random")}
        worn = [s for s, _px in drawn if s in badges]
        assert len(worn) >= len(names) - 1 and len(set(worn)) == 1, worn  # one wording a table
    finally:
        table.exit()
        i18n.set_language("en")


def test_the_full_badge_stays_while_every_name_beside_it_fits() -> None:
    from game.table import widgets as tw
    from game.table.layout import compute_layout

    pygame.init()
    lay = compute_layout((1280, 800), 10, 0)
    forms = ("Random moves", "Random")
    w = lay.seats[1].plate.w
    assert tw.shared_badges(lay, [(w, "Ada", forms), (w, "Kai", forms)]) == {forms: forms}
    assert tw.shared_badges(lay, [(w, "Ada", forms), (w, "Huang", forms),
                                  (w, "Kai", ("Hard",))]) == {forms: ("Random",), ("Hard",): ("Hard",)}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", [2, 4, 7, 10])
def test_a_hint_never_covers_the_turn_prompt(size: tuple[int, int], n: int, lang: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: at 10 seats the hint's box stood over "Your turn" (both half read)
    and over the names of the seats beside it. The prompt stands clear of the
    toast, or gives way to it while it shows; the toast wraps between the plates
    and stays off the piles' counts."""
    from game.table import renderer

    panels: list[tuple[tuple[int, ...], pygame.Rect]] = []
    real = renderer.kit.panel

    def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, fill: tuple[int, ...],
              *rest: object) -> None:
        panels.append((tuple(fill), pygame.Rect(rect)))
        real(surface, rect, radius, fill, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(renderer.kit, "panel", panel)
    app, table = _table(size, n, lang)
    try:
        table.draw(app.screen)
        prompts = [r for fill, r in panels if fill == renderer.PROMPT_FILL]
        assert prompts, "the turn prompt is drawn when no toast shows"
        panels.clear()
        yellow = i18n.t("colour.yellow")
        table.cues.show(i18n.t("tbl.hint_prefix") + f"{yellow} 7 — "
                        + i18n.t("hint.most_colour", colour=yellow), secs=60)
        table.draw(app.screen)
        toasts = [r for fill, r in panels if fill == renderer.TOAST_FILL]
        prompts = [r for fill, r in panels if fill == renderer.PROMPT_FILL]
        assert toasts, "the toast is drawn"
        for p in prompts:
            assert not p.colliderect(toasts[0]), (p, toasts[0])
        lay = table.layout
        wrapped = toasts[0].w <= renderer.toast_width(lay) + lay.px(28)
        for seat, spot in lay.seats.items():  # no room to wrap: across the felt instead
            assert not wrapped or not spot.plate.colliderect(toasts[0]), (seat, toasts[0])
        assert not lay.piles_area().colliderect(toasts[0]), (lay.piles_area(), toasts[0])
        assert table.controls.bar is not None
        for key, b in table.controls.bar.buttons.items():
            assert not b.rect.colliderect(toasts[0]), (key, b.rect, toasts[0])
    finally:
        table.exit()
        i18n.set_language("en")
