"""Saved-games screen: save here during a match, list, load, delete, damaged slots."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ui_driver import buttons, click, click_at, make_app

from game.app import App
from game.scenes.dialog import DialogScene
from game.scenes.menu import quick_play_config
from game.scenes.pause import PauseScene
from game.scenes.saves_scene import SavesScene, describe_slot
from game.storage.saves import list_slots, slot_path, slots_dir


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en")
    yield a
    a.shutdown()



def open_saves(app: App) -> None:
    """What the pause menu's "Saved games" does, through the pause menu."""
    app.open("pause")
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    pause.open_saves()

def start_match(app: App, seed: int = 3):
    app.start_match(quick_play_config(seed))
    app.pump(2)
    table = app.scenes.top
    assert type(table).__name__ == "TableScene"
    return table


def save_from_match(app: App, name: str) -> dict:
    table = start_match(app)
    open_saves(app)  # what the pause menu's "Saved games" does
    scene = app.scenes.top
    assert isinstance(scene, SavesScene) and scene.controller is table.ctl
    assert scene.infos == []
    scene.entry.set_text(name)
    state = table.ctl.game.to_dict()
    click(app, buttons(app)["Save here"])
    assert isinstance(app.scenes.top, DialogScene)
    assert name in app.scenes.top.message
    click(app, buttons(app)["OK"])
    assert app.scenes.top is scene
    return state


def test_save_list_load_delete(app: App) -> None:
    state = save_from_match(app, "Before lunch")
    slots = list_slots()
    assert [s.label for s in slots] == ["Before lunch"]
    label, date, details = describe_slot(slots[0])
    assert label == "Before lunch" and date and "You 0" in details and "round 1" in details

    app.back_to_menu()
    app.scenes.push(SavesScene(app))
    app.pump(2)
    scene = app.scenes.top
    assert scene.controller is None and scene.entry is None
    assert "Save here" not in buttons(app)
    assert not buttons(app)["Load"].is_enabled  # nothing chosen: Load waits for a choice
    click(app, buttons(app)["Load"])
    assert app.scenes.top is scene
    click_at(app, scene.row_rect(0).center)  # a real click on the row
    assert scene.selected == 0
    click(app, buttons(app)["Load"])
    click(app, buttons(app)["Discard"])  # the match Continue would resume is replaced: asked
    table = app.scenes.top
    assert type(table).__name__ == "TableScene"
    assert table.ctl.game.to_dict() == state

    app.back_to_menu()
    app.scenes.push(SavesScene(app))
    app.pump(2)
    scene = app.scenes.top
    scene.select(0)
    click(app, buttons(app)["Delete"])
    assert isinstance(app.scenes.top, DialogScene)
    click(app, buttons(app)["Delete"])  # the dialog's confirm button
    assert app.scenes.top is scene
    assert scene.infos == [] and list_slots() == []


def test_same_name_asks_before_replacing(app: App) -> None:
    save_from_match(app, "Mine")
    scene = app.scenes.top
    scene.entry.set_text("Mine")
    click(app, buttons(app)["Save here"])
    dialog = app.scenes.top
    assert isinstance(dialog, DialogScene) and "already exists" in dialog.message
    click(app, buttons(app)["Replace"])
    assert isinstance(app.scenes.top, DialogScene)  # "Saved as"
    click(app, buttons(app)["OK"])
    assert len(list_slots()) == 1


def test_damaged_slot_is_marked_and_set_aside(app: App) -> None:
    bad = slots_dir() / "broken.json"
    bad.write_text('{"format": 1, "checksum": "x"', encoding="utf-8")
    app.scenes.push(SavesScene(app))
    app.pump(2)
    scene = app.scenes.top
    assert len(scene.infos) == 1 and scene.infos[0].damaged
    assert "damaged" in describe_slot(scene.infos[0])[2]
    scene.select(0)
    click(app, buttons(app)["Load"])
    assert isinstance(app.scenes.top, DialogScene)
    assert "could not be loaded" in app.scenes.top.message
    click(app, buttons(app)["OK"])
    assert app.scenes.top is scene
    assert not bad.exists() and scene.infos == []  # moved aside, not deleted
    assert any(p.name.startswith("broken") for p in slots_dir().iterdir())


def test_saves_screen_in_chinese() -> None:
    a = make_app("--lang", "zh")
    try:
        start_match(a)
        open_saves(a)
        a.pump(2)
        assert {"存到这里", "读取", "删除", "返回"} <= set(buttons(a))
        assert slot_path("x").parent == slots_dir()
    finally:
        a.shutdown()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_empty_list_says_where_the_match_in_progress_is(lang: str) -> None:
    """#39: with a match waiting for Continue the empty Saved games told the player to
    save one from the pause menu, as though nothing were kept."""
    import pygame

    from game import i18n
    from game.paths import autosave_path

    a = make_app("--lang", lang)
    try:
        open_saves(a)
        scene = a.scenes.top
        assert isinstance(scene, SavesScene) and scene.infos == []
        assert scene._empty_key() == "saves.empty"
        path = autosave_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}", encoding="utf-8")
        assert scene._empty_key() == "saves.empty_continue"
        said = i18n.t("saves.empty_continue")
        assert said != "saves.empty_continue" and ("Continue" in said or "继续游戏" in said)
        scene.draw(pygame.Surface(a.size))
    finally:
        a.shutdown()
