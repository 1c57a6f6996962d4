"""Statistics screen: numbers after recorded matches, the chart, the player drop-down."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from ui_driver import buttons, choose, click, make_app

from game import i18n
from game.app import App
from game.config import MatchConfig, SeatConfig
from game.controller import MatchController
from game.rules.settings import OFFICIAL
from game.scenes.saves_scene import SavesScene
from game.scenes.stats import StatsScene, level_name, level_rows, player_rows
from game.storage.stats import Entry, StatsStore
from game.ui.chart import draw_line_chart, plot_points


def autoplay(seed: int, target: int = 100) -> MatchController:
    """A whole match between bots through the real controller (stats and replay recorded)."""
    seats = (SeatConfig("Ann", "ai", "random"), SeatConfig("Bob", "ai", "easy"),
             SeatConfig("Cat", "ai", "random"))
    ctl = MatchController(MatchConfig(seats, OFFICIAL.with_(target_score=target), seed),
                          anim_speed="off", think_ms=10)
    now = 0.0
    while not ctl.game.is_over:
        now += 1.0
        if ctl.game.round_over:
            ctl.next_round()
        else:
            ctl.poll_ai(now)
    assert ctl.flush_saves()  # the archive is written in the background
    return ctl


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en")
    yield a
    a.shutdown()


def test_strings_exist_in_both_languages() -> None:
    missing = i18n.missing_keys()
    assert not (missing["zh"] | missing["en"])
    assert {"stats.title", "saves.title"} <= i18n.keys("zh")


def test_scene_shows_the_recorded_numbers(app: App) -> None:
    autoplay(1)
    autoplay(2)
    store = StatsStore.load()
    ann = store.bots["random"]["Ann"]  # a bot (autoplay): under its level
    assert ann.matches_played == 2
    click(app, buttons(app)["Statistics"])
    scene = app.scenes.top
    assert isinstance(scene, StatsScene)
    scene.select("Ann")
    app.pump(1)
    rows = dict(player_rows(scene.player))
    assert rows["Matches played / won"] == f"2 / {ann.matches_won}"
    assert rows["Rounds played / won"] == f"{ann.rounds_played} / {ann.rounds_won}"
    assert rows["UNO calls missed"] == str(ann.uno_missed)
    assert rows["Catches made"] == str(ann.catches_made)
    assert rows["Challenges won / lost"] == f"{ann.challenges_won} / {ann.challenges_lost}"
    assert scene.plotted == 2  # the chart drew both matches
    levels = {r[0]: r for r in level_rows(scene.store)}
    assert levels[level_name("easy")][1] == "2" and levels[level_name("random")][1] == "4"


def test_drop_down_picks_the_player_and_back_returns(app: App) -> None:
    autoplay(3)
    click(app, buttons(app)["Statistics"])
    scene = app.scenes.top
    assert isinstance(scene, StatsScene) and scene.dropdown is not None
    choose(app, scene.dropdown, "Bob (Easy)")
    assert scene.selected == Entry("Bob", "easy")
    app.pump(1)
    assert scene.plotted == 0  # one match: no curve yet, a hint instead
    click(app, buttons(app)["Back"])
    assert type(app.scenes.top).__name__ == "MenuScene"


def test_replays_button_lists_finished_matches(app: App) -> None:
    autoplay(4)
    click(app, buttons(app)["Statistics"])
    click(app, buttons(app)["Replays"])
    top = app.scenes.top
    assert isinstance(top, SavesScene) and top.mode == "replays"
    assert len(top.infos) == 1 and not top.infos[0].damaged


def test_empty_statistics_in_chinese() -> None:
    a = make_app("--lang", "zh")
    try:
        a.scenes.push(StatsScene(a))
        a.pump(2)
        scene = a.scenes.top
        assert scene.player is None and scene.dropdown is None
        assert "返回" in buttons(a)
    finally:
        a.shutdown()


def test_chart_draws_points() -> None:
    surf = pygame.Surface((400, 240))
    surf.fill((0, 0, 0))
    before = pygame.image.tobytes(surf, "RGB")
    pts = [("2025-01-01T10:00:00+00:00", 1.0), ("2025-01-02T10:00:00+00:00", 0.5),
           ("2025-01-03T10:00:00+00:00", 2 / 3)]
    assert draw_line_chart(surf, surf.get_rect(), pts, x_label="Matches") == 3
    assert pygame.image.tobytes(surf, "RGB") != before
    assert draw_line_chart(surf, surf.get_rect(), pts[:1], empty_text="none") == 0
    plot = pygame.Rect(0, 0, 100, 50)
    assert plot_points([0.0, 1.0], plot) == [(0, 50), (100, 0)]


def test_in_chinese_the_statistics_call_you_what_the_table_does() -> None:
    """#39 (7): Statistics in 中文 showed "You" while the table said 你."""
    seats = (SeatConfig("You", "human"), SeatConfig("Bob", "ai", "easy"))
    store = StatsStore.load()
    cfg = MatchConfig(seats, OFFICIAL, 1)
    from game.rules.events import Event

    store.record_event(cfg, Event("match_end", seat=0, value=0))
    store.save()
    a = make_app("--lang", "zh")
    try:
        a.scenes.push(StatsScene(a))
        a.pump(2)
        scene = a.scenes.top
        assert scene.dropdown is not None
        assert scene.dropdown.selected_option[0] == "你"
        choose(a, scene.dropdown, "Bob（简单）")
        assert scene.selected == Entry("Bob", "easy")
        choose(a, scene.dropdown, "你")
        assert scene.selected == Entry("You")
    finally:
        a.shutdown()
