"""Text bugs a new player saw, each pinned by a test (issue 13)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from table_helpers import config  # noqa: E402

from game import i18n  # noqa: E402
from game.config import MatchConfig, SeatConfig  # noqa: E402
from game.controller import MatchController  # noqa: E402
from game.rules.settings import OFFICIAL  # noqa: E402


def _zh_match() -> MatchController:
    seats = (SeatConfig("你", "human"), SeatConfig("小明", "ai", "random"),
             SeatConfig("玩家2", "ai", "random"), SeatConfig("Bob", "ai", "random"))
    return MatchController(MatchConfig(seats, OFFICIAL, 3), anim_speed="off")


def test_default_labels_follow_the_language_mid_match_bot_names_stay() -> None:
    """"You" and "Player N" are labels in the screen's language; a bot's name stays
    as the match was set up (#39 7: Ada no longer becomes 小明)."""
    i18n.set_language("zh")
    try:
        ctl = _zh_match()
        assert ctl.names == ["你", "小明", "玩家2", "Bob"]
        i18n.set_language("en")
        assert ctl.names == ["You", "小明", "Player 2", "Bob"]
    finally:
        i18n.set_language("en")


def test_typed_names_are_left_alone() -> None:
    ctl = MatchController(config(3), anim_speed="off")
    i18n.set_language("zh")
    try:
        assert ctl.names == ["Ann", "Li", "Wang"]
    finally:
        i18n.set_language("en")


def test_refusals_read_as_sentences_without_internal_ids() -> None:
    from game.rules.errors import IllegalAction
    from game.ui.event_text import illegal_text

    turn = IllegalAction("turn", "refusal.not_your_turn")
    t1 = IllegalAction("T1", "refusal.t1_no_cards")
    assert illegal_text(turn, "en") == "It is not your turn."
    assert illegal_text(t1, "en") == "Play at least one card."
    for err in (turn, t1):
        zh = illegal_text(err, "zh")
        assert err.rule not in zh and ":" not in zh and "：" not in zh[:4]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in zh)


def _facing_wd4():
    import pygame
    from rigging import Faces, rig, run
    from table_helpers import make_app, pump

    from game.rules.actions import Play
    from game.rules.cards import Colour
    from game.session import Session
    from game.table.scene import TableScene

    c = Faces()
    game = rig(hands=[c.ids("Y1 Y2 Y3"), c.ids("B1 B2 B3"), c.ids("W4 R8 G9")], top=c("R5"),
               draw_pile=c.ids("G1 G2 G3 G4 G5 G6 G7 G8"), to_act=2)
    run(game, Play(2, (game.hands[2][0],), Colour.BLUE))
    app = make_app((1024, 640), "en", "off")
    cfg = config(3, 1, 3)
    ctl = MatchController(cfg, game, persist=False)
    table = TableScene(app, Session(ctl, fresh=False))
    app.scenes.push(table)
    pump(app, 20, 0.05)
    return app, table, pygame


def test_D_facing_a_wild_draw_four_accepts_it() -> None:
    from table_helpers import key, pump

    app, table, pygame = _facing_wd4()
    assert table.ctl.view(0).phase.value == "challenge"
    pump(app, 1, events=key(pygame.K_d))
    pump(app, 5, 0.05)
    toast = table.cues.toast[0] if table.cues.toast else ""
    assert "not your turn" not in toast
    assert len(table.ctl.view(0).hand) == 7, "D takes the four cards"


def _table_with(game, humans: int = 1):
    from table_helpers import make_app

    from game.session import Session
    from game.table.scene import TableScene

    app = make_app((1280, 720), "en", "off")
    cfg = config(len(game.hands), humans, 3)
    ctl = MatchController(cfg, game, persist=False)
    table = TableScene(app, Session(ctl, fresh=False))
    app.scenes.push(table)
    return app, table


def test_round_start_lines_are_logged_once() -> None:
    from rigging import Faces, rig
    from table_helpers import pump

    from game.scenes.scoreboard import ScoreboardScene

    c = Faces()
    game = rig(hands=[c.ids("R5"), c.ids("G7 B1 Y2"), c.ids("B3 G4"), c.ids("Y9 Y8")],
               top=c("R3"), to_act=0, uno_declared=0)
    app, table = _table_with(game)
    pump(app, 3, 0.05)
    table.click_card(0)  # the last card: the round ends
    for _ in range(200):
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        pump(app, 1, 0.05)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene)
    board.press("next")
    pump(app, 60, 0.05)
    lines = table.journal.panel.lines
    starts = [line for line in lines if line.startswith("Round 2 begins")]
    piles = [line for line in lines if line.endswith("starts the discard pile")]
    assert len(starts) == 1, lines
    assert len(piles) == 1, lines
    assert len(set(table.journal.ticker)) == len(table.journal.ticker), table.journal.ticker


def test_a_resumed_match_keeps_its_log_across_a_language_switch() -> None:
    from rigging import Faces, rig
    from table_helpers import pump

    c = Faces()
    game = rig(hands=[c.ids("R5 R6"), c.ids("G7 B1 Y2"), c.ids("B3 G4"), c.ids("Y9 Y8")],
               top=c("R3"), to_act=1)
    app, table = _table_with(game)
    pump(app, 40, 0.05)
    before = list(table.journal.panel.lines)
    assert before
    app.settings.language = "zh"
    try:
        app.apply_settings()
        after = table.journal.panel.lines
        assert len(after) == len(before)
        assert all(any("\u4e00" <= ch <= "\u9fff" for ch in line) for line in after), after
    finally:
        i18n.set_language("en")


def test_storage_gives_keys_and_the_ui_the_words(tmp_path) -> None:
    from game.scenes.strings_menus import notice_text
    from game.storage.saves import Notice, load_with_recovery

    path = tmp_path / "slot.json"
    path.write_bytes(b'{"format": 1, "checks')
    loaded, notices = load_with_recovery(path)
    assert loaded is None
    assert all(isinstance(n, Notice) for n in notices)
    assert [n.key for n in notices] == ["save.damaged", "save.lost"]
    i18n.set_language("zh")
    try:
        text = notice_text(notices[0])
    finally:
        i18n.set_language("en")
    assert "slot.json" in text and "truncated" not in text and "文件不完整" in text
