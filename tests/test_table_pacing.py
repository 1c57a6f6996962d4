"""Issue 14, pacing: a bot move (thinking mark, card flight, effect) takes
about a second of table time at the default animation speed, half at 2x.

Table time is a fake clock: the test drives the scene with fixed frame
steps, so the measure is the table's own pacing, not the machine's speed."""

from __future__ import annotations

import statistics
import time

from table_helpers import config, make_app, pump

from game.rules.actions import Action
from game.rules.events import Event
from game.table.scene import TableScene


def _bot_move_times(speed: str, moves: int = 12, seed: int = 3) -> list[float]:
    """Table time (s) of each of the first ``moves`` bot actions, at ``speed``."""
    app = make_app((1280, 800), "en", speed)
    app.start_match(config(4, 0, seed))  # four bots: nobody to wait for
    table = app.scenes.top
    assert isinstance(table, TableScene)
    stamps: list[float] = []

    def seen(action: Action, events: list[Event]) -> None:
        stamps.append(table.now)

    table.ctl.on_applied.append(seen)
    deadline = time.monotonic() + 60
    while len(stamps) < moves and time.monotonic() < deadline:
        if table.ctl.thinking_seat() >= 0:
            time.sleep(0.002)  # the bot's thread: real time, the table's clock waits
        pump(app, 1, 1 / 60)
    table.exit()
    assert len(stamps) >= moves, stamps
    return stamps


def _gaps(stamps: list[float]) -> list[float]:
    # The first move waits for the deal; measure from then on.
    return [b - a for a, b in zip(stamps[1:], stamps[2:], strict=False)]


def test_a_bot_move_takes_about_a_second_at_the_default_speed() -> None:
    gaps = _gaps(_bot_move_times("normal"))
    assert min(gaps) >= 0.85, gaps  # never three moves in a second
    assert 0.9 <= statistics.median(gaps) <= 1.3, gaps


def test_a_bot_move_takes_half_as_long_at_2x() -> None:
    normal = statistics.median(_gaps(_bot_move_times("normal")))
    fast = statistics.median(_gaps(_bot_move_times("fast")))
    assert min(_gaps(_bot_move_times("fast"))) >= 0.4
    assert 0.4 <= fast / normal <= 0.6, (fast, normal)


def test_the_first_bot_move_after_a_person_is_paced_too() -> None:
    """After the player's card lands the next bot still shows its thinking mark
    for a while: its move does not follow the player's at once."""
    from game.rules.actions import Draw, Pass

    app = make_app((1280, 800), "en", "normal")
    app.start_match(config(4, 1, 3))
    table = app.scenes.top
    stamps: list[tuple[float, int]] = []
    table.ctl.on_applied.append(lambda action, events: stamps.append((table.now, action.seat)))
    deadline = time.monotonic() + 60
    while not (table.can_act() and table.ctl.game.to_act == 0):
        assert time.monotonic() < deadline
        if table.ctl.thinking_seat() >= 0:
            time.sleep(0.002)
        pump(app, 1, 1 / 60)
    draw = next(a for a in table.ctl.legal(0) if isinstance(a, Draw))
    assert table.act(draw)
    keep = [a for a in table.ctl.legal(0) if isinstance(a, Pass)]
    if keep:  # T3: the drawn card could be played; keep it
        table.anim.finish_all()
        assert table.act(keep[0])
    mine = table.now
    while not [s for s in stamps if s[1] != 0 and s[0] >= mine]:
        assert time.monotonic() < deadline
        if table.ctl.thinking_seat() >= 0:
            time.sleep(0.002)
        pump(app, 1, 1 / 60)
    first_bot = min(s[0] for s in stamps if s[1] != 0 and s[0] >= mine)
    assert first_bot - mine >= 0.85, first_bot - mine
    table.exit()
