"""Replay viewer: stepping forwards and back, show-all, play, export."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_stats_scene import autoplay
from ui_driver import buttons, click, click_at, key, make_app

from game.app import App
from game.paths import data_dir
from game.replay import SNAPSHOT_EVERY
from game.rules.engine import Game
from game.scenes.dialog import DialogScene
from game.scenes.replay import ReplayScene
from game.scenes.saves_scene import SavesScene
from game.storage.saves import list_replays, load_match


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en")
    yield a
    a.shutdown()


@pytest.fixture
def replay_path() -> Path:
    autoplay(5, target=200)
    return list_replays()[0].path


def open_replay(app: App, path: Path) -> ReplayScene:
    app.scenes.push(ReplayScene(app, path))
    app.pump(2)
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    return scene


def state_after(path: Path, k: int) -> dict:
    loaded = load_match(path)
    c = loaded.config
    return Game.replay(c.settings, len(c.seats), c.seed, loaded.game.actions[:k]).to_dict()


def test_stepping_forward_to_the_end_gives_the_final_state(app: App, replay_path: Path) -> None:
    scene = open_replay(app, replay_path)
    final = load_match(replay_path).game.to_dict()
    assert scene.total > SNAPSHOT_EVERY and scene.k == 0
    for _ in range(scene.total):
        scene.step_forward()
    assert scene.k == scene.total
    assert scene.stepper.game.to_dict() == final
    scene.step_forward()  # nothing past the end
    assert scene.k == scene.total


def test_back_one_step_equals_replaying_one_action_less(app: App, replay_path: Path) -> None:
    scene = open_replay(app, replay_path)
    n = scene.total
    key(app, pygame.K_END)
    assert scene.k == n
    key(app, pygame.K_LEFT)
    assert scene.k == n - 1
    assert scene.stepper.game.to_dict() == state_after(replay_path, n - 1)
    for k in (SNAPSHOT_EVERY + 3, 7, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, 0, n):
        scene.goto(k)
        assert scene.stepper.game.to_dict() == state_after(replay_path, k), k
    click(app, buttons(app)["Previous"])
    assert scene.k == n - 1
    click(app, buttons(app)["Next"])
    assert scene.k == n


def test_show_all_hands_changes_the_picture(app: App, replay_path: Path) -> None:
    scene = open_replay(app, replay_path)
    scene.goto(20)
    app.pump(1)
    felt = pygame.Rect(0, 0, app.size[0], scene.bar_rect().top - 12)  # not the hovered buttons

    def picture() -> bytes:
        return pygame.image.tobytes(app.screen.subsurface(felt), "RGB")

    hidden = picture()
    assert not scene.show_all
    click(app, buttons(app)["Show all hands"])
    assert scene.show_all
    assert picture() != hidden
    assert "Hide hands" in buttons(app)
    click(app, buttons(app)["Hide hands"])
    assert picture() == hidden


def test_play_advances_and_pauses(app: App, replay_path: Path) -> None:
    scene = open_replay(app, replay_path)
    click(app, buttons(app)["Speed 1×"])
    click(app, buttons(app)["Play"])
    assert scene.playing and scene.is_animating()
    app.pump(10, dt=0.25)
    assert scene.k >= 3
    key(app, pygame.K_SPACE)
    assert not scene.playing
    k = scene.k
    app.pump(5, dt=0.25)
    assert scene.k == k


def test_export_writes_a_loadable_file(app: App, replay_path: Path) -> None:
    scene = open_replay(app, replay_path)
    click(app, buttons(app)["Export…"])
    assert isinstance(app.scenes.top, DialogScene)
    files = list((data_dir() / "exports").glob("replay-*.json"))
    assert len(files) == 1
    assert str(files[0]) in app.scenes.top.message
    assert load_match(files[0]).game.to_dict() == load_match(replay_path).game.to_dict()
    click(app, buttons(app)["OK"])
    assert app.scenes.top is scene
    key(app, pygame.K_ESCAPE)
    assert type(app.scenes.top).__name__ == "MenuScene"


def test_watch_from_the_replays_list_in_chinese(replay_path: Path) -> None:
    a = make_app("--lang", "zh")
    try:
        a.scenes.push(SavesScene(a, mode="replays"))
        a.pump(2)
        scene = a.scenes.top
        watch = buttons(a)["观看"]
        assert not watch.is_enabled  # nothing chosen yet: Watch waits for a choice
        assert not buttons(a)["删除"].is_enabled
        click(a, watch)
        assert a.scenes.top is scene
        click_at(a, scene.row_rect(0).center)  # a real click on the first replay
        assert scene.selected == 0 and watch.is_enabled and buttons(a)["删除"].is_enabled
        click(a, watch)
        assert isinstance(a.scenes.top, ReplayScene)
        assert "下一步" in buttons(a)
    finally:
        a.shutdown()


def test_watch_is_enabled_once_a_replay_is_chosen_with_the_keyboard(app: App,
                                                                    replay_path: Path) -> None:
    app.scenes.push(SavesScene(app, mode="replays"))
    app.pump(2)
    assert not buttons(app)["Watch"].is_enabled
    key(app, pygame.K_DOWN)
    assert app.scenes.top.selected == 0
    assert buttons(app)["Watch"].is_enabled
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ReplayScene)


def test_a_damaged_replay_shows_a_message(app: App, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope", encoding="utf-8")
    app.scenes.push(ReplayScene(app, bad))
    app.pump(2)
    assert isinstance(app.scenes.top, DialogScene)
    click(app, buttons(app)["OK"])
    assert type(app.scenes.top).__name__ == "MenuScene"


def _fans_drawn(app: App, scene: ReplayScene, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Opponents' fans of card backs drawn in one frame by a renderer that has drawn nothing yet."""
    from game.table import widgets
    from game.table.renderer import TableRenderer

    counts: list[int] = []
    real = widgets.draw_mini_fan

    def spy(surface: pygame.Surface, layout: object, center: tuple[int, int], count: int,
            vertical: bool = False) -> None:
        if count > 0:
            counts.append(count)
        real(surface, layout, center, count, vertical)  # type: ignore[arg-type]

    monkeypatch.setattr(widgets, "draw_mini_fan", spy)
    scene.renderer = TableRenderer()
    app.pump(1)
    monkeypatch.undo()
    return counts


def test_show_all_hands_draws_no_face_down_fans_underneath(
        app: App, replay_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_replay(app, replay_path)
    scene.goto(20)
    assert _fans_drawn(app, scene, monkeypatch)  # hidden hands: fans of backs
    scene.toggle_show_all()
    assert _fans_drawn(app, scene, monkeypatch) == []  # open hands replace them
