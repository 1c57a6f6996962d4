"""The window opens where the player left it (settings.window_pos), if that is
still on a screen; the position is read when the game closes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ui_driver import make_app

from game import window_place
from game.storage.user_settings import UserSettings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_position_round_trips_and_garbage_is_dropped() -> None:
    save_settings(UserSettings(window_pos=(-1500, 40)))
    assert load_settings().window_pos == (-1500, 40)
    for bad in ([1, 2, 3], ["x", 4], [10**6, 0], [1.5, 2], True):
        settings_path().write_text(json.dumps({"format": 1, "window_pos": bad}), "utf-8")
        assert load_settings().window_pos is None
    settings_path().write_text(json.dumps({"format": 1}), "utf-8")
    assert load_settings().window_pos is None  # files from before the field


@pytest.mark.parametrize("pos, expected", [
    ((100, 80), True), ((1800, 900), True),     # on the 1920x1080 main screen
    ((2500, 100), True),                         # on the second, 1280 wide, screen
    ((-1000, 100), True),                        # a screen may stand left of the main one
    ((3300, 100), False), ((100, 1050), False),  # past the right or bottom edge
    ((100, -20), False),                         # the title bar above the screens
    ((-5000, 100), False),
])
def test_only_a_position_with_its_title_bar_on_a_screen_is_used(
        pos: tuple[int, int], expected: bool) -> None:
    assert window_place.on_screen(pos, (1280, 720), [(1920, 1080), (1280, 1024)]) is expected
    assert not window_place.on_screen(pos, (1280, 720), [])


def test_the_app_puts_the_window_back_and_remembers_where_it_closed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(UserSettings(window_pos=(300, 200)))
    asked: list[tuple[tuple[int, int] | None, tuple[int, int]]] = []
    monkeypatch.setattr(window_place, "restore", lambda pos, size: asked.append((pos, size)))
    monkeypatch.setattr(window_place, "current", lambda: (640, 360))
    app = make_app()
    assert asked == [((300, 200), (1280, 720))]
    app.shutdown()
    assert load_settings().window_pos == (640, 360)


def test_an_unknown_position_keeps_the_remembered_one(monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(UserSettings(window_pos=(300, 200)))
    monkeypatch.setattr(window_place, "current", lambda: None)  # as on Wayland
    app = make_app()
    app.shutdown()
    assert load_settings().window_pos == (300, 200)


def test_headless_drivers_report_no_position() -> None:
    app = make_app()  # the tests run with SDL's dummy driver
    try:
        assert window_place.current() is None
        assert window_place.restore((10, 10), (1280, 720)) is False
    finally:
        app.shutdown()
