"""The engine's shortcuts change only what is computed, never the answer:
legal actions are made once per state and seat, and an action offered is not
judged again when it is applied."""

from __future__ import annotations

import random

import pytest

from game.rules import engine
from game.rules.actions import Action
from game.rules.engine import Game
from game.rules.errors import IllegalAction
from game.rules.settings import OFFICIAL, SHEET_HOUSE_RULES


def _counting(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    calls = [0]
    real = getattr(engine, name)

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, name, counted)
    return calls


def test_legal_actions_are_made_once_per_state_and_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.new(OFFICIAL, 4, 3)
    made = _counting(monkeypatch, "legal_actions")
    seat = g.to_act
    first = g.legal_actions(seat)
    first.clear()  # a caller's list is its own
    again = g.legal_actions(seat)
    assert made[0] == 1 and again and again == g.legal_actions(seat)
    g.apply(again[0])
    g.legal_actions(g.to_act)
    assert made[0] == 2, "a new state makes its actions anew"


def test_an_offered_action_is_not_judged_again(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.new(OFFICIAL, 4, 3)
    judged = _counting(monkeypatch, "refusal")
    offered = g.legal_actions(g.to_act)
    g.apply(offered[0])
    assert judged[0] == 0
    stale = offered[-1]  # offered for the state before
    try:
        g.apply(stale)
    except IllegalAction:
        pass
    assert judged[0] == 1, "an action offered for an earlier state is judged"


@pytest.mark.parametrize("settings", [OFFICIAL, SHEET_HOUSE_RULES], ids=["official", "sheet"])
def test_offered_actions_match_the_refusal_predicate_over_random_rounds(settings) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(5)
    for seed in range(15):
        g = Game.new(settings, 2 + seed % 4, seed)
        for _ in range(400):
            if g.round_over or g.is_over:
                break
            seat = g.to_act
            legal: list[Action] = g.legal_actions(seat)
            assert all(g.refusal(a) is None for a in legal)
            g.apply(legal[rng.randrange(len(legal))])
            g.check_invariants()
