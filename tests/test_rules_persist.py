"""Persistence: to_dict after every action costs what the action added, not the match."""

from __future__ import annotations

import random

from engine_play import step

from game.rules.actions import action_to_dict
from game.rules.engine import Game
from game.rules.settings import OFFICIAL


def test_to_dict_converts_each_action_once() -> None:
    """Each action's JSON form is made once and reused by every later to_dict."""
    g = Game.new(OFFICIAL, 4, 1)
    rng = random.Random(1)
    made: list[dict] = []
    for _ in range(60):
        if g.round_over or g.is_over:
            break
        g.apply(step(g, rng)[1])
        d = g.to_dict()
        assert d["actions"] == [action_to_dict(a) for a in g.actions]
        assert all(a is b for a, b in zip(d["actions"], made)), "converted again"
        made = d["actions"]
    assert len(made) > 10


def test_to_dict_follows_a_replaced_action_list() -> None:
    g = Game.new(OFFICIAL, 3, 2)
    rng = random.Random(2)
    for _ in range(10):
        g.apply(step(g, rng)[1])
    assert len(g.to_dict()["actions"]) == 10
    g.actions = g.actions[:4]
    assert g.to_dict()["actions"] == [action_to_dict(a) for a in g.actions]
    again = Game.from_dict(g.to_dict())
    assert again.to_dict() == g.to_dict()
