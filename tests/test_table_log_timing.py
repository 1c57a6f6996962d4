"""#39: the log was ahead of the animation: a bot's whole move was logged when
it arrived ("Li plays Red Skip; Wang is skipped") while its card was still in
the air and the label still said "Li's turn". Each event is said when its
step starts (game.table.log_feed)."""

from __future__ import annotations

import time

import pytest
from rigging import Faces, rig
from table_helpers import config, make_app, pump

from game.controller import MatchController
from game.session import Session
from game.table.scene import TableScene


def _bot_skips(lang: str, speed: str = "normal") -> TableScene:
    """Ann (you) waits; Li, a bot, holds a Red Skip (and two blues) on a Red 3."""
    c = Faces()
    game = rig(hands=[c.ids("B5 G9 Y2"), c.ids("RS B1 B2"), c.ids("Y1 Y4 Y3 Y6")], top=c("R3"),
               to_act=1)
    app = make_app((1280, 800), lang, speed)
    app.settings.log_panel = "open"
    cfg = config(3, 1, 3, level="normal")
    table = TableScene(app, Session(MatchController(cfg, game, persist=False), fresh=False))
    app.scenes.push(table)
    return table


def _run_until_bot_moved(table: TableScene) -> list[tuple[bool, str, int]]:
    """Frames of the bot's move: (its card in the air, the newest log line, the turn shown)."""
    app = table.app
    seen: list[tuple[bool, str, int]] = []
    deadline = time.monotonic() + 30
    moved = False
    while time.monotonic() < deadline:
        if table.ctl.thinking_seat() >= 0:
            time.sleep(0.002)
        pump(app, 1, 1 / 60)  # type: ignore[arg-type]
        moved = moved or any(e.kind == "skip" for batch in table.journal.history for e in batch)
        if moved:
            assert table.journal.panel is not None
            lines = table.journal.panel.lines
            seen.append((bool(table.anim.sprites()), lines[-1] if lines else "",
                         table.model.to_act))
            if not table.anim.busy():
                break
    assert moved, "the bot never played"
    return seen


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_log_says_a_skip_when_it_plays_not_when_it_arrives(lang: str) -> None:
    table = _bot_skips(lang)
    skipped = {"en": "Wang is skipped", "zh": "Wang 被跳过"}[lang]
    frames = _run_until_bot_moved(table)
    flying = [line for air, line, _ in frames if air]
    assert flying, "the card never flew"
    # while Li's Skip is in the air the log says Li plays it, not who is skipped
    assert all(line.startswith("Li") and skipped not in line for line in flying), flying
    # once it has all played, the line is whole and the turn has moved on
    last_air, last_line, to_act = frames[-1]
    assert skipped in last_line and not last_air and to_act == 0, frames[-1]


def test_the_log_never_tells_a_turn_the_label_does_not_show_yet() -> None:
    """Every line the log shows belongs to a step that has started: the ticker and
    the panel show the same newest lines, and none of the bot's move before it flies."""
    table = _bot_skips("en")
    before = list(table.journal.panel.lines) if table.journal.panel is not None else []
    frames = _run_until_bot_moved(table)
    assert table.journal.panel is not None
    assert table.journal.panel.lines[:len(before)] == before
    assert table.journal.ticker[-1] == table.journal.panel.lines[-1]
    grew = [line for _, line, _ in frames if line]
    assert grew[0] != grew[-1], "the line grew as the move played"
    assert grew[-1].startswith(grew[0].rstrip(".")), grew


def test_with_animations_off_the_log_is_told_at_once() -> None:
    table = _bot_skips("en", "off")
    frames = _run_until_bot_moved(table)
    assert "Wang is skipped" in frames[0][1]


def test_a_retold_log_leaves_out_what_has_not_played() -> None:
    """A resize (or language switch) mid-move tells the log again: not ahead either."""
    table = _bot_skips("en")
    app = table.app
    deadline = time.monotonic() + 30
    while not table.anim.sprites() and time.monotonic() < deadline:
        if table.ctl.thinking_seat() >= 0:
            time.sleep(0.002)
        pump(app, 1, 1 / 60)  # type: ignore[arg-type]
    assert table.anim.sprites()
    table.relayout()
    assert table.journal.panel is not None
    assert not any("skipped" in line for line in table.journal.panel.lines), table.journal.panel.lines
    assert any("Li plays Red Skip" in line for line in table.journal.panel.lines)
    while table.anim.busy():
        pump(app, 1, 1 / 60)  # type: ignore[arg-type]
    assert any("Wang is skipped" in line for line in table.journal.panel.lines)
    assert sum("Li plays Red Skip" in line for line in table.journal.panel.lines) == 1
