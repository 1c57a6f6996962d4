"""#39: the replay of your own match started with your hand face down, as a
stranger's. With one person at the table their hand is face up at the bottom
from the first step (the others stay face down until "Show all hands")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_stats_scene import autoplay
from ui_driver import make_app

from game.app import App
from game.config import MatchConfig, SeatConfig
from game.controller import MatchController
from game.rules.settings import OFFICIAL
from game.scenes.replay import ReplayScene
from game.storage.saves import list_replays


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en")
    yield a
    a.shutdown()


def _played_by(seats: tuple[SeatConfig, ...], seed: int = 4) -> Path:
    """A whole short match: the person plays their first legal action each turn."""
    ctl = MatchController(MatchConfig(seats, OFFICIAL.with_(target_score=60), seed),
                          anim_speed="off", think_ms=10)
    humans = {i for i, s in enumerate(seats) if s.kind == "human"}
    now = 0.0
    for _ in range(20000):
        if ctl.game.is_over:
            break
        now += 1.0
        if ctl.game.round_over:
            ctl.next_round()
        elif ctl.game.to_act in humans:
            ctl.human_act(ctl.legal(ctl.game.to_act)[0])
        else:
            ctl.poll_ai(now)
    assert ctl.game.is_over and ctl.flush_saves()
    return list_replays()[0].path


def _open(app: App, path: Path) -> ReplayScene:
    scene = ReplayScene(app, path)
    app.scenes.push(scene)
    app.pump(2)
    return scene


def test_your_own_replay_shows_your_hand_from_the_start(app: App) -> None:
    path = _played_by((SeatConfig("Bob", "ai", "random"), SeatConfig("You", "human"),
                       SeatConfig("Cat", "ai", "easy")))
    scene = _open(app, path)
    for k in (0, 5, 12):
        scene.goto(k)
        frame = scene.frame()
        assert frame is not None and scene.stepper is not None
        mine = scene.stepper.view(1).hand
        assert mine and frame.open_hands[1] == tuple(mine)
        assert frame.open_hands[0] == () and frame.open_hands[2] == ()  # theirs stay hidden
        assert scene.layout.bottom is not None and scene.layout.bottom.seat == 1  # you at the bottom
    scene.toggle_show_all()
    frame = scene.frame()
    assert frame is not None and all(frame.open_hands)


def test_a_replay_between_bots_stays_face_down(app: App) -> None:
    autoplay(5, target=60)
    scene = _open(app, list_replays()[0].path)
    scene.goto(5)
    frame = scene.frame()
    assert frame is not None and frame.open_hands == ()
    assert scene.owner == -1


def test_a_replays_plates_name_you_in_the_screens_language(app: App) -> None:
    """"You" is a label, not a name (i18n.seat_name): in 中文 the replay's plates
    say 你 as the table and the log do, a bot keeps its name."""
    from game import i18n

    path = _played_by((SeatConfig("Bob", "ai", "random"), SeatConfig("You", "human")))
    i18n.set_language("zh")
    try:
        scene = _open(app, path)
        assert scene.table is not None
        assert scene.table.names == ["Bob", i18n.tl("zh", "tbl.you")]
    finally:
        i18n.set_language("en")
