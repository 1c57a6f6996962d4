"""The tutorial's progress file (game/storage/tutorial_progress.py, #39): kept
atomically, read without ever raising, anything that is not a tutorial's
progress treated as none (a damaged file set aside)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.session import tutorial_deal
from game.storage.tutorial_progress import (
    clear_progress,
    has_progress,
    load_progress,
    progress_path,
    save_progress,
)
from game.tutorial.script import SEATS, STEPS


def test_kept_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    g = tutorial_deal()
    assert save_progress(3, g, path)
    got = load_progress(SEATS, len(STEPS), path)
    assert got is not None and got.step == 3
    assert got.game.hands == g.hands and got.game.draw_pile == g.draw_pile
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic write left no temp file


def test_in_the_games_data_folder() -> None:
    assert progress_path().parent.name == "data"
    assert not has_progress()
    assert save_progress(0, tutorial_deal())
    assert has_progress()
    clear_progress()
    assert not has_progress() and load_progress(SEATS, len(STEPS)) is None


@pytest.mark.parametrize("doc", [
    {"format": 2, "step": 0},  # a later version's
    {"format": 1, "step": 99},  # past the last step
    {"format": 1, "step": True},
    {"format": 1, "step": 1, "game": {"engine_version": "2.0"}},  # no valid match
    [1, 2, 3],
])
def test_anything_else_is_no_progress(tmp_path: Path, doc: object) -> None:
    path = tmp_path / "tutorial.json"
    if isinstance(doc, dict) and "game" not in doc:
        doc = {**doc, "game": tutorial_deal().to_dict()}
    path.write_text(json.dumps(doc), "utf-8")
    assert load_progress(SEATS, len(STEPS), path) is None


def test_a_match_of_other_seats_is_not_the_tutorial(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    assert save_progress(0, Game.new(OFFICIAL, 4, 1), path)
    assert load_progress(SEATS, len(STEPS), path) is None


def test_a_damaged_file_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    path.write_text("{not json", "utf-8")
    assert load_progress(SEATS, len(STEPS), path) is None
    assert not path.exists() and list(tmp_path.iterdir())  # moved aside, not lost


class Prefs:
    hard_think_ms = 50
    anim_speed = "off"
    party_bot_after = 0


def test_a_resumed_tutorial_counts_its_match_from_the_prepared_deal() -> None:
    """The scoreboard's numbers replay the match from its deal: for the tutorial
    that is the prepared deal, not a shuffle of the seed (which would refuse the
    first play)."""
    from test_tutorial import play_to

    from game.session import start_tutorial

    g, _ = play_to("wd4")
    assert save_progress(len(STEPS) - 1, g)
    session = start_tutorial(prefs=Prefs())
    try:
        assert not session.fresh and session.guide is not None
        assert session.guide.at == len(STEPS) - 1
        numbers = session.controller.match_numbers()
        played = sum(len(a.cards) for a in g.actions if a.kind == "play")
        assert sum(numbers.cards_played) == played
    finally:
        session.close()
    assert has_progress()  # left part way: kept


def test_restart_forgets_the_progress() -> None:
    from game.session import start_tutorial

    assert save_progress(4, tutorial_deal())
    session = start_tutorial(prefs=Prefs(), restart=True)
    try:
        assert session.fresh and session.guide is not None and session.guide.at == 0
    finally:
        session.close()
