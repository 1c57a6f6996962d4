"""Hypothesis: any combination of settings is either refused when made
(SettingsConflict naming rule IDs) or plays a whole seeded round to its end
with the invariants holding after every action (stateful play)."""

from __future__ import annotations

import random

from engine_play import step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.engine import Game
from game.rules.errors import SettingsConflict
from game.rules.settings import CHOICES, RULE_ID, RuleSettings, check_seats, conflicts

SETTINGS = st.fixed_dictionaries({
    **{name: st.sampled_from(opts) for name, opts in CHOICES.items()},
    "forced_play": st.booleans(),
    "teams": st.booleans(),
    "skip_relay": st.booleans(),
    "multi_play": st.booleans(),
    "pair_on_plus4": st.booleans(),
    "deflect": st.booleans(),
    "no_action_finish": st.booleans(),
    "challenge_guilty_draw": st.integers(0, 8),
    "false_uno_penalty": st.integers(0, 6),
    "wrong_play_penalty": st.integers(0, 3),
    "target_score": st.integers(50, 600),
})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=SETTINGS, seats=st.integers(1, 11), seed=st.integers(0, 2**32))
def test_settings_refused_up_front_or_round_plays_out(values, seats, seed):
    try:
        s = RuleSettings(**values)
    except SettingsConflict as exc:
        assert exc.rules and all(r in set(RULE_ID.values()) | {"settings"} for r in exc.rules)
        return
    assert conflicts(s) == []
    try:
        check_seats(s, seats)
    except SettingsConflict as exc:
        assert exc.rules[0] in ("S1", "R5", "R4")
        return
    g = Game.new(s, seats, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if g.round_over or g.is_over:
            break
        _, action = step(g, rng)
        g.apply(action)
        g.check_invariants()
    assert g.round_over or g.is_over


@given(st.integers(50, 5000))
def test_target_score_in_range_accepted(target):
    assert RuleSettings(target_score=target).target_score == target
