"""Hypothesis: any combination of settings is either refused when made
(SettingsConflict naming rule IDs) or plays a whole seeded round to its end
with the invariants holding after every action (stateful play)."""

from __future__ import annotations

import random

from engine_play import step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from game.rules.actions import NextRound
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
    "seven_zero": st.booleans(),
    "challenge_guilty_draw": st.integers(0, 8),
    "false_uno_penalty": st.integers(0, 6),
    "wrong_play_penalty": st.integers(0, 3),
    "target_score": st.integers(50, 600),
})


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


class PlayMachine(RuleBasedStateMachine):
    """Stateful play: Hypothesis picks the settings, the seed and every action
    (any seat's legal action, out-of-turn ones included); after each step the
    invariants hold, the JSON round trip is exact and replay reproduces it."""

    @initialize(values=SETTINGS, seed=st.integers(0, 2**32), seats=st.integers(2, 10))
    def start(self, values, seed, seats):
        try:
            s = RuleSettings(**values)
            check_seats(s, seats)
        except SettingsConflict:
            s = RuleSettings()
        self.settings, self.seats, self.seed = s, seats, seed
        self.g = Game.new(s, seats, seed)

    @rule(data=st.data())
    def act(self, data):
        g = self.g
        if g.is_over:
            return
        if g.round_over:
            g.apply(NextRound(g.to_act))
            return
        seats = [g.to_act, *g.out_of_turn_seats()]
        seat = data.draw(st.sampled_from(seats))
        legal = g.legal_actions(seat)
        g.apply(data.draw(st.sampled_from(legal)))

    @invariant()
    def consistent(self):
        if not hasattr(self, "g"):
            return
        self.g.check_invariants()

    def teardown(self):
        if hasattr(self, "g"):
            d = self.g.to_dict()
            assert Game.from_dict(d).to_dict() == d
            again = Game.replay(self.settings, self.seats, self.seed, list(self.g.actions))
            assert again.to_dict() == d


PlayMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=60, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow])
TestPlayMachine = PlayMachine.TestCase
