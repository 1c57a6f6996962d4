"""Every round ends (T6, T7): no sequence of legal actions repeats a state for ever.

The agents here prefer what keeps a round going without progress: out-of-turn
actions (UNO calls, catches) and do-nothing actions (draw, keep, accept, wrong
play). An action that changes nothing is refused or ends the turn, and the
stalemate rule (a full circle of turns in which no card is played or drawn)
ends what is left.
"""

from __future__ import annotations

import random

import pytest
from engine_play import random_seats, random_settings

from game.rules.actions import NextRound
from game.rules.engine import ROUND_TURN_LIMIT, Game
from game.rules.settings import PRESETS

ROUND_BOUND = 2 * ROUND_TURN_LIMIT
"""Actions in one round, at most: turns are capped, and a turn allows only a few
out-of-turn actions (UNO calls, catches) besides the ones that take cards."""

_IDLE = frozenset({"call_uno", "catch", "draw", "pass", "accept", "wrong_play"})


def idle_step(g: Game, rng: random.Random) -> None:
    """One action, preferring out-of-turn actions, then do-nothing ones."""
    for seat in g.out_of_turn_seats():
        legal = g.legal_actions(seat)
        if legal and rng.random() < 0.9:
            g.apply(rng.choice(legal))
            return
    legal = g.legal_actions(g.to_act)
    idle = [a for a in legal if a.kind in _IDLE]
    g.apply(rng.choice(idle if idle and rng.random() < 0.9 else legal))


def longest_round(g: Game, rng: random.Random, rounds: int = 2) -> int:
    """Play ``rounds`` rounds (or to the match end); the most actions one took."""
    worst = 0
    for _ in range(rounds):
        n = 0
        while not (g.round_over or g.is_over):
            idle_step(g, rng)
            n += 1
            assert n <= ROUND_BOUND, f"round {g.round_no} did not end within {ROUND_BOUND} actions"
        worst = max(worst, n)
        if g.is_over:
            break
        g.apply(NextRound(g.to_act))
    return worst


@pytest.mark.parametrize("seats", range(2, 11))
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_T7_every_round_ends_under_every_preset(name, seats):
    for seed in range(3):
        longest_round(Game.new(PRESETS[name], seats, seed), random.Random(seed))


def test_T7_every_round_ends_under_random_settings():
    rng = random.Random(12)
    for i in range(24):
        s = random_settings(rng)
        longest_round(Game.new(s, random_seats(rng, s), i), random.Random(i))


def test_T6_false_uno_call_refused_when_nothing_is_left_to_draw():
    from rigging import Faces, rig

    from game.rules.actions import CallUno
    from game.rules.settings import SHEET_HOUSE_RULES

    c = Faces()
    g = rig(SHEET_HOUSE_RULES, hands=[c.ids("R1 R2 R3"), c.ids("G1 G2")], top=c("B9"),
            leftover="discard")
    g.round.draw_pile = []
    g.round.discard = [g.discard[-1]]
    g.hands[1] += [x for x in range(108) if x not in set(g.hands[0] + g.hands[1] + g.discard)]
    g.check_invariants()
    assert g.refusal(CallUno(0)) is not None
    assert CallUno(0) not in g.legal_actions(0)
