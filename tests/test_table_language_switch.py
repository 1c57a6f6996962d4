"""Switching the language from the pause menu's Settings mid-match: back at the
table, every button is there again (found by the journey suite in a real window)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ui_driver import buttons, click, make_app

from game import debug_probe
from game.app import App


def shown(app: App) -> set[str]:
    """The text of every button a player can see."""
    return {b["text"] for b in debug_probe.buttons(app)}


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en", "--players", "human,normal", "--seed", "11")
    yield a
    a.shutdown()


def test_table_buttons_come_back_after_a_language_switch_in_pause_settings(app: App) -> None:
    app.pump(5)
    table = app.scenes.top
    assert type(table).__name__ == "TableScene"
    assert {"Hint", "Log", "Menu"} <= shown(app)
    click(app, table.controls.corner.buttons["menu"])
    click(app, buttons(app)["Settings"])
    app.settings.language = "zh"  # what the language drop-down does
    app.apply_settings()
    app.pump(2)
    click(app, buttons(app)["返回"])
    click(app, buttons(app)["继续"])
    app.pump(2)
    assert app.scenes.top is table
    assert {"提示", "记录", "菜单"} <= shown(app)
