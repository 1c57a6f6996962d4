"""The gauntlet with D3's 112-card deck: every AI level plays Wild Shuffle Hands
(T10) and Wild Customizable (T11, each house effect H8-H10) through seeded
whole matches, never chooses an illegal action, never crashes, and every card
of the deck stays in exactly one place after every action."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from benchmarks.strength import gauntlet
from game.ai.base import Choice
from game.ai.registry import make_agent
from game.rules.actions import Action, NextRound
from game.rules.cards import DECK, Kind
from game.rules.engine import Game
from game.rules.settings import CHOICES, OFFICIAL
from game.rules.view import Phase

LEVELS = ("easy", "normal", "hard", "random")
NEW = (Kind.WILD_SHUFFLE_HANDS, Kind.WILD_CUSTOMIZABLE)


def _answer(agent: object, g: Game, seat: int) -> Action | None:
    legal = g.legal_actions(seat)
    if not legal:
        return None
    result = agent.choose(g.view(seat), legal)  # type: ignore[attr-defined]
    act = result.action if isinstance(result, Choice) else result
    if act is not None:
        assert act in legal, f"seat {seat} chose {act!r}, not offered"
    return act


def _match(settings, seats: int, seed: int, plays: Counter) -> None:
    agents = [make_agent(LEVELS[(seed + s) % len(LEVELS)], seed=seed * 31 + s, think_ms=10)
              for s in range(seats)]
    g = Game.new(settings, seats, seed)
    for _ in range(20_000):
        if g.phase is Phase.MATCH_OVER:
            return
        if g.phase is Phase.ROUND_OVER:
            g.apply(NextRound(g.to_act))
            continue
        for s in g.out_of_turn_seats():  # T6 catches and calls, H3 jump-ins
            act = _answer(agents[s], g, s)
            if act is not None:
                g.apply(act)
                g.check_invariants()
                break
        if g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            continue
        seat = g.to_act
        act = _answer(agents[seat], g, seat)
        assert act is not None, "a level declined its own turn"
        for e in g.apply(act):
            if e.kind == "play" and DECK[e.cards[-1]].kind in NEW:
                plays[(LEVELS[(seed + e.seat) % len(LEVELS)], DECK[e.cards[-1]].kind)] += 1
        g.check_invariants()  # each of the 112 cards in exactly one place
        assert sum(map(len, g.hands)) + len(g.draw_pile) + len(g.discard) == 112
    raise AssertionError(f"match {seed} did not end")


@pytest.mark.parametrize("custom", CHOICES["custom_wild"])
def test_D3_gauntlet_every_level_plays_the_112_card_deck(custom: str) -> None:
    plays: Counter = Counter()
    for seed in range(16):
        settings = OFFICIAL.with_(deck="official", custom_wild=custom, target_score=150,
                                  shuffle_deal=CHOICES["shuffle_deal"][seed % 2])
        _match(settings, 2 + seed % 5, seed, plays)
    for level in LEVELS:
        for kind in NEW:
            assert plays[(level, kind)], f"{level} never played a {kind.value}"


def test_D3_gauntlet_runs_with_the_official_deck(capsys, tmp_path) -> None:
    out_json = tmp_path / "g.json"
    assert gauntlet.main(["--games", "6", "--heroes", "normal", "--opponents", "keepwilds",
                          "--seats", "4", "--deck", "official", "--json", str(out_json)]) == 0
    assert "deck official" in capsys.readouterr().out
    [row] = json.loads(out_json.read_text())
    assert row["games"] == 6
    assert gauntlet.rules_of("sheet+112") == gauntlet.rules_of("sheet").with_(deck="official")
