"""Issue 13: bot decisions and autosaves run off the frame loop.

A slow bot (standing in for Hard, whose search takes its whole think budget)
must not stall ``poll_ai``; its seat shows as thinking meanwhile; an answer
computed for a state that has moved on is dropped; closing mid-thought is
clean; the autosave's snapshot (``Game.to_dict``) and write never run on the
thread that calls the controller.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from table_helpers import config, make_app, pump  # noqa: E402

from game.controller import MatchController  # noqa: E402
from game.rules.actions import WrongPlay  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.table import warmup  # noqa: E402
from game.table import widgets as tw  # noqa: E402
from game.table.scene import TableScene  # noqa: E402

THINK = 0.3  # seconds a slow bot takes, like Hard with its default budget


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path))


class SlowBot:
    """Answers the first legal action after ``THINK`` seconds; records its thread."""

    def __init__(self) -> None:
        self.threads: list[str] = []
        self.calls = 0

    def choose(self, view: Any, legal: Any) -> Any:
        self.threads.append(threading.current_thread().name)
        self.calls += 1
        time.sleep(THINK)
        if view.to_act != view.seat:
            return None  # declines out-of-turn offers
        plain = [a for a in legal if not isinstance(a, WrongPlay)]
        return plain[0]


def slow_controller(background: bool = True) -> tuple[MatchController, SlowBot]:
    ctl = MatchController(config(3, 0, 5), anim_speed="off", persist=False,
                          background=background)
    bot = SlowBot()
    for seat in list(ctl.agents):
        ctl.agents[seat] = bot
    ctl.take_events()
    return ctl, bot


def wait_for_events(ctl: MatchController, now: float, limit: float = 5.0) -> list[Any]:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        events = ctl.poll_ai(now)
        if events:
            return events
        time.sleep(0.01)
    raise AssertionError("the bot never answered")


def test_a_slow_bot_does_not_stall_the_frame_and_shows_as_thinking() -> None:
    ctl, bot = slow_controller()
    seat = ctl.game.to_act
    assert ctl.thinking_seat() == -1
    t0 = time.perf_counter()
    assert ctl.poll_ai(1.0) == []
    assert time.perf_counter() - t0 < THINK / 3  # the frame goes on while the bot thinks
    assert ctl.thinking_seat() == seat
    n = len(ctl.game.actions)
    events = wait_for_events(ctl, 1.0)
    assert events and len(ctl.game.actions) == n + 1
    assert ctl.thinking_seat() == -1
    assert threading.main_thread().name not in bot.threads
    ctl.close()


def test_a_decision_for_a_stale_state_is_dropped() -> None:
    ctl, bot = slow_controller()
    seat = ctl.game.to_act
    assert ctl.poll_ai(1.0) == []
    assert ctl.thinking_seat() == seat
    # The state moves on while the bot thinks (here: the table applies a move itself).
    ctl.apply([a for a in ctl.legal(seat) if not isinstance(a, WrongPlay)][0])
    moved = len(ctl.game.actions)
    time.sleep(THINK * 1.5)
    ctl.poll_ai(1.0)  # the old answer arrives and is dropped; a new question may go out
    assert len(ctl.game.actions) == moved
    ctl.close()


def test_closing_mid_thought_is_clean() -> None:
    ctl, bot = slow_controller()
    assert ctl.poll_ai(1.0) == []
    n = len(ctl.game.actions)
    t0 = time.perf_counter()
    ctl.close()
    assert time.perf_counter() - t0 < THINK / 3  # nobody waits for the bot
    time.sleep(THINK * 1.5)
    assert ctl.poll_ai(2.0) == [] and len(ctl.game.actions) == n
    assert ctl.thinking_seat() == -1
    workers = [t for t in threading.enumerate() if t.name.startswith("bot")]
    assert all(t.daemon for t in workers)


def test_without_background_the_bot_answers_in_the_call() -> None:
    """Tools and tests drive the controller without a frame loop."""
    ctl, bot = slow_controller(background=False)
    assert ctl.poll_ai(1.0)
    assert bot.threads == [threading.current_thread().name]


def test_the_table_thinks_in_the_background_and_marks_the_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1024, 640), "en", "off")
    app.start_match(config(3, 0, 5))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    bot = SlowBot()
    for seat in list(table.ctl.agents):
        table.ctl.agents[seat] = bot
    marked: list[int] = []
    real = tw.draw_thinking_mark

    def mark(surface: Any, rect: Any, now: float) -> None:
        marked.append(1)
        real(surface, rect, now)

    monkeypatch.setattr(tw, "draw_thinking_mark", mark)
    for _ in range(40):
        pump(app, 1, 1 / 60)
        if table.ctl.thinking_seat() >= 0:
            break
    assert table.ctl.thinking_seat() >= 0
    frames, end = 0, time.monotonic() + 5
    while table.ctl.thinking_seat() >= 0 and time.monotonic() < end:
        pump(app, 1, 1 / 60)  # the table keeps drawing while the bot thinks
        frames += 1
    assert frames >= 2
    assert marked
    app.scenes.pop()  # leaving the table mid-thought is clean
    assert table.ctl.thinking_seat() == -1


def test_autosave_snapshot_and_write_run_off_the_calling_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.storage import saves

    threads: list[str] = []
    real = Game.to_dict

    def to_dict(self: Game) -> dict[str, Any]:
        threads.append(threading.current_thread().name)
        return real(self)

    ctl = MatchController(config(3, 1, 2), anim_speed="off", persist=True)
    monkeypatch.setattr(Game, "to_dict", to_dict)
    now = 0.0
    for _ in range(200):
        if ctl.human_to_act() >= 0:
            ctl.apply([a for a in ctl.legal(ctl.human_to_act())
                       if not isinstance(a, WrongPlay)][0])
        now += 10
        ctl.poll_ai(now)
    assert threading.current_thread().name not in threads
    monkeypatch.setattr(Game, "to_dict", real)
    assert ctl.flush_saves()
    loaded = saves.load_match(saves.autosave_path()).game
    assert loaded.to_dict() == ctl.game.to_dict()
    ctl.close()


def test_a_thinking_bot_hands_the_lock_back_to_the_frame_loop_quickly() -> None:
    """Python's lock switch interval is 5 ms: a drawing thread that releases the
    lock for every blit waited up to 5 ms each time while a bot thought, and a
    frame of ~20 blits took 40-70 ms. Starting the bot thread shortens it."""
    import sys

    from game.workers import FRAME_SWITCH_S

    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        ctl = MatchController(config(4, 0, 3), anim_speed="off", persist=False, background=True)
        ctl.poll_ai(time.monotonic())
        assert sys.getswitchinterval() <= FRAME_SWITCH_S
        ctl.close()
    finally:
        sys.setswitchinterval(before)


def test_the_direction_ring_of_both_directions_is_drawn_before_it_is_needed() -> None:
    """The first Reverse of a match drew the faint counter-clockwise ring (~50 ms at
    1080p) inside a frame: the table draws both directions while nothing moves."""
    from game.table import widgets as tw
    from game.table.renderer import ring_px

    app = make_app((1920, 1080))
    app.start_match(config(4, 1, 2))
    table = app.scenes.top
    tw.faded.cache_clear()
    table.relayout()
    while table._warm:
        warmup.warm_up(table._warm, 1.0)
    cached = tw.faded.cache_info().currsize
    size = ring_px(table.layout)
    tw.faded((size, True), 70)
    tw.faded((size, False), 70)
    assert tw.faded.cache_info().currsize == cached  # both were drawn already
