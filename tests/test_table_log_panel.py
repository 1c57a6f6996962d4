"""Issue 14, the log panel: wraps Chinese by character with no blank or
hyphen-split rows, can be folded away (remembered), takes less than a fifth of
the window, and is no empty strip while the table is paused."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402
from table_helpers import config, make_app, pump  # noqa: E402

from game.table import widgets as tw  # noqa: E402
from game.table.layout import compute_layout  # noqa: E402

LINES = ["Zhang 打出 万能+4，指定蓝色；Wang 面临 +4 罚牌，这一行非常非常长长长长长长长长长长长长长长长",
         "短的一行",
         "Zhang 打出万能牌指定蓝色Wang面临罚牌这一行非常非常长长长长长长长长长长长长长长长长长长长",
         "Bot 2 plays Wild Draw Four, naming Blue; Bot 3 faces +4 and has to draw four cards"]


def _rows(panel: tw.LogPanel) -> list[str]:
    return list(panel.rows)


@pytest.mark.parametrize("width", [200, 240, 330])
def test_the_log_wraps_chinese_by_character_without_blank_or_split_rows(width: int) -> None:
    pygame.init()
    pygame.display.set_mode((1280, 800))
    from game import i18n
    i18n.set_language("zh")
    try:
        panel = tw.LogPanel()
        panel.build(pygame.Rect(1280 - width, 0, width, 800), 1.0)
        panel.add(LINES)
        rows = [r.strip() for r in _rows(panel)]
        assert all(rows), rows  # no blank row
        assert not any(r.endswith("-") or r.startswith("-") for r in rows), rows
        assert "Zhang" not in rows  # a name does not stand alone before its sentence
        assert "".join(rows).replace(" ", "") == "".join(LINES).replace(" ", "")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1920, 1080), (2560, 1440)])
def test_the_open_log_takes_less_than_a_fifth_of_the_window(size: tuple[int, int]) -> None:
    pygame.init()
    lay = compute_layout(size, 4, 0, "medium", True)
    assert 0 < lay.log.w < size[0] / 5


def test_folding_the_log_is_remembered() -> None:
    app = make_app((1280, 800), "en", "off")
    saved: list[str] = []
    app.save_settings = lambda: saved.append(app.settings.log_panel) or True
    app.settings.log_panel = "auto"
    app.start_match(config(4, 1, 3))
    table = app.scenes.top
    assert table.log_open  # open by default on a wide window
    table.press("log")
    assert not table.log_open and app.settings.log_panel == "closed" and saved == ["closed"]
    table.exit()
    app.start_match(config(4, 1, 3))
    assert not app.scenes.top.log_open  # the next table remembers
    app.scenes.top.exit()


def test_the_paused_table_shows_no_empty_log_strip() -> None:
    app = make_app((1280, 800), "en", "off")
    app.start_match(config(4, 1, 3))
    table = app.scenes.top
    pump(app, 2)
    assert table.layout.log.w > 0
    table.pause()
    assert table.layout.log.w == 0  # the felt fills the window under the menu
    table.resume()
    assert table.layout.log.w > 0 and table.journal.panel.rect.w > 0
    table.exit()


def _open_table() -> tuple[Any, Any]:
    """A 1280x800 English table, two frames in."""
    app = make_app((1280, 800), "en", "off")
    app.start_match(config(4, 1, 3))
    pump(app, 2)
    return app, app.scenes.top


def _shown(table: object) -> list[str]:
    """The rows the panel draws this frame, top to bottom."""
    log = table.frame().log  # type: ignore[attr-defined]
    assert log is not None
    return list(log.rows)


def test_adding_log_lines_costs_no_gui_relayout_and_shows_the_newest() -> None:
    """Issue 13: the log is drawn by the table, not re-laid out by a pygame_gui
    text box (~27 ms per added batch, the slowest frames of the Hard line)."""
    app, table = _open_table()
    assert not [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UITextBox)]
    table.journal.panel.add([f"line {i}" for i in range(500)])
    shown = _shown(table)
    assert shown[-1] == "line 499" and len(shown) > 5
    assert len(table.journal.panel.lines) <= 2 * tw.LogPanel.MAX_LINES
    table.exit()


def test_the_wheel_scrolls_the_log_and_new_lines_keep_the_scrolled_view() -> None:
    app, table = _open_table()
    table.journal.panel.add([f"line {i}" for i in range(100)])
    pygame.mouse.set_pos(table.layout.log.center)
    table.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
    scrolled = _shown(table)
    assert "line 99" not in scrolled and scrolled[-1].startswith("line ")
    table.journal.panel.add(["newest"])
    assert _shown(table) == scrolled  # the player reads on; nothing jumps
    table.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1000))
    assert _shown(table)[-1] == "newest"
    table.exit()


def test_dragging_the_log_scroll_bar_to_the_top_shows_the_first_rows() -> None:
    app, table = _open_table()
    table.journal.panel.lines.clear()
    table.journal.panel.build(table.journal.panel.rect, table.journal.panel.scale)
    table.journal.panel.add([f"line {i}" for i in range(200)])
    log = table.frame().log
    assert log is not None and log.thumb is not None
    grab = log.thumb.center
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=grab))
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(grab[0], 0), rel=(0, 0),
                                          buttons=(1, 0, 0)))
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(grab[0], 0)))
    assert _shown(table)[0] == "line 0"
    assert table.viewer < 0 or not table.hand.selected  # the drag played no card
    table.exit()


def test_the_felt_under_an_open_and_a_folded_log_is_drawn_once_each() -> None:
    """Issue 13: every scoreboard folds the log under it and unfolds it after;
    redrawing the felt and its direction ring each time took ~80 ms at 1080p."""
    pygame.init()
    pygame.display.set_mode((1920, 1080))
    from game.table.renderer import TableRenderer
    renderer = TableRenderer()
    open_, folded = (compute_layout((1920, 1080), 10, 0, "medium", log) for log in (True, False))
    felt = renderer.felt(open_, (1920, 1080))
    ring = renderer.ring_tile(felt, 100, True, open_.centre)
    renderer.felt(folded, (1920, 1080))
    assert renderer.felt(open_, (1920, 1080)) is felt
    assert renderer.ring_tile(felt, 100, True, open_.centre) is ring


def test_a_folded_log_keeps_at_most_twice_max_lines() -> None:
    panel = tw.LogPanel()
    panel.build(pygame.Rect(0, 0, 0, 0), 1.0)
    for i in range(1000):
        panel.add([f"line {i}"])
    assert len(panel.lines) <= 2 * tw.LogPanel.MAX_LINES and panel.lines[-1] == "line 999"


def test_a_continued_match_keeps_its_log_through_a_relayout_and_a_language_switch() -> None:
    """Continue: the round so far is in the log, and stays there when the
    table is laid out again (pause, resize, language) instead of going blank."""
    from game import i18n
    from game.storage.saves import load_autosave

    app = make_app((1280, 800), "en", "off")
    app.start_match(config(4, 0, 3))  # bots only: they play on their own
    table = app.scenes.top
    pump(app, 200, dt=0.1)
    table.exit()
    loaded, _ = load_autosave()
    assert loaded is not None
    app.start_match(config(4, 0, 3), loaded)
    resumed = app.scenes.top
    pump(app, 2)
    before = list(resumed.journal.panel.lines)
    assert len(before) > 3
    resumed.relayout()
    assert resumed.journal.panel.lines == before
    i18n.set_language("zh")
    try:
        resumed.relayout()
        assert len(resumed.journal.panel.lines) == len(before)
        assert resumed.journal.panel.lines != before  # re-told in Chinese
    finally:
        i18n.set_language("en")
    resumed.exit()
