"""Round-end and match-end scoreboard."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import config, key, make_app, pump

from game.rules.settings import OFFICIAL
from game.scenes.scoreboard import ScoreboardScene


def until_board(app, limit=40000):
    for _ in range(limit):
        pump(app, 1, 0.05)
        if isinstance(app.scenes.top, ScoreboardScene):
            return app.scenes.top
    raise AssertionError("no scoreboard")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_round_end_board_then_next_round(lang):
    app = make_app(lang=lang)
    app.start_match(config(4, 0, 8, OFFICIAL))
    table = app.scenes.top
    board = until_board(app)
    assert board.match is None and set(board.buttons) == {"next", "menu"}
    d = board.data
    assert d["winner"] >= 0 and len(d["hands"]) == 4
    assert d["hands"][d["winner"]] == []
    assert sum(d["points"]) == d["gained"][d["winner"]]  # R2 winner takes every hand (D2)
    pump(app, 1)
    pump(app, 1, events=key(pygame.K_RETURN))
    assert app.scenes.top is table
    assert table.ctl.game.view(-1).round_no == 2


@pytest.mark.parametrize("settings", [
    OFFICIAL.with_(scoring="elimination"),
    OFFICIAL.with_(teams=True, target_score=50),
    OFFICIAL.with_(scoring="penalty_points", target_score=50),
])
def test_match_end_variants(settings):
    app = make_app()
    app.start_match(config(4, 0, 4, settings))
    for _ in range(30):
        board = until_board(app)
        if board.match is not None:
            break
        pump(app, 1, events=key(pygame.K_RETURN))
    assert board.match is not None and set(board.buttons) == {"again", "menu"}
    pump(app, 2)
    pump(app, 1, events=key(pygame.K_ESCAPE))
    assert app.menu
