"""Quick play and New game never silently discard the match Continue would resume.

Driven through the real menu buttons of the real App.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import buttons, click, key, make_app

from game import i18n
from game.app import App
from game.rules.engine import Game
from game.scenes.dialog import DialogScene
from game.scenes.menu import MenuScene, quick_play_config
from game.scenes.new_game import NewGameScene
from game.storage.saves import autosave, autosave_path
from game.table.scene import TableScene


def _in_progress() -> bytes:
    config = quick_play_config(seed=5)
    autosave(config, Game.new(config.settings, seats=len(config.seats), seed=config.seed))
    return autosave_path().read_bytes()


@pytest.fixture(params=["en", "zh"])
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def app(lang: str) -> Iterator[App]:
    a = make_app("--lang", lang)
    yield a
    a.shutdown()
    i18n.set_language("en")


@pytest.fixture
def saved(app: App) -> bytes:
    data = _in_progress()
    app.back_to_menu()
    app.pump(2)
    return data


def _label(key_: str) -> str:
    return i18n.t(key_)


def _unchanged(saved: bytes) -> None:
    assert autosave_path().read_bytes() == saved


def test_quick_play_asks_before_discarding_and_cancel_keeps_the_match(
        app: App, saved: bytes) -> None:
    click(app, buttons(app)[_label("menu.quick")])
    dialog = app.scenes.top
    assert isinstance(dialog, DialogScene)
    assert dialog.title == _label("menu.discard_title")
    labels = [text for text, _cb in dialog.buttons]
    assert labels == [_label("dialog.cancel"), _label("menu.discard")]
    click(app, buttons(app)[_label("dialog.cancel")])
    assert isinstance(app.scenes.top, MenuScene) and len(app.scenes) == 1
    _unchanged(saved)
    assert app.scenes.top.continue_button.is_enabled


def test_quick_play_discard_starts_a_new_match(app: App, saved: bytes) -> None:
    click(app, buttons(app)[_label("menu.quick")])
    click(app, buttons(app)[_label("menu.discard")])
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table._fresh  # a new deal, not the saved match


def test_escape_on_the_question_keeps_the_match(app: App, saved: bytes) -> None:
    click(app, buttons(app)[_label("menu.quick")])
    assert isinstance(app.scenes.top, DialogScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    _unchanged(saved)


def test_new_game_start_asks_before_discarding(app: App, saved: bytes) -> None:
    click(app, buttons(app)[_label("menu.new")])
    setup = app.scenes.top
    assert isinstance(setup, NewGameScene)
    click(app, setup.start_button)
    dialog = app.scenes.top
    assert isinstance(dialog, DialogScene) and dialog.title == _label("menu.discard_title")
    click(app, buttons(app)[_label("dialog.cancel")])
    assert app.scenes.top is setup
    _unchanged(saved)
    click(app, setup.start_button)
    click(app, buttons(app)[_label("menu.discard")])
    assert isinstance(app.scenes.top, TableScene)


def test_continue_is_the_default_when_a_match_can_be_continued(app: App, saved: bytes) -> None:
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    assert menu.focused() is menu.continue_button
    assert menu.continue_button.object_ids[-1] == "#primary"
    assert buttons(app)[_label("menu.quick")].object_ids[-1] != "#primary"
    key(app, pygame.K_RETURN)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.config.seed == quick_play_config(seed=5).seed


def test_without_a_match_quick_play_is_the_default_and_asks_nothing(
        app: App, uno_game_home: Path) -> None:
    assert not autosave_path().exists()
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    quick = buttons(app)[_label("menu.quick")]
    assert menu.focused() is quick and quick.object_ids[-1] == "#primary"
    click(app, quick)
    assert isinstance(app.scenes.top, TableScene)


def test_loading_a_saved_game_asks_before_discarding(app: App, saved: bytes) -> None:
    """Load in Saved games replaces the match Continue would resume: it asks first."""
    from game.scenes.saves_scene import SavesScene
    from game.storage.saves import save_slot

    config = quick_play_config(seed=9)
    other = Game.new(config.settings, seats=len(config.seats), seed=config.seed)
    save_slot("Other match", config, other)
    app.scenes.push(SavesScene(app))
    app.pump(2)
    scene = app.scenes.top
    scene.select(0)
    click(app, buttons(app)[_label("saves.load")])
    dialog = app.scenes.top
    assert isinstance(dialog, DialogScene) and dialog.title == _label("menu.discard_title")
    click(app, buttons(app)[_label("dialog.cancel")])
    assert app.scenes.top is scene
    _unchanged(saved)
    click(app, buttons(app)[_label("saves.load")])
    click(app, buttons(app)[_label("menu.discard")])
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.ctl.config.seed == 9  # the loaded match, not the one that was continued (seed 5)
