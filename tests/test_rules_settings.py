"""RuleSettings: presets per RULES.md "Presets", conflicts, seat checks, JSON form."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from game.rules.engine import Game
from game.rules.errors import SettingsConflict
from game.rules.settings import (
    CHOICES,
    INT_LIMITS,
    OFFICIAL,
    PRESETS,
    RULE_ID,
    SHEET_HOUSE_RULES,
    RuleSettings,
    check_seats,
    conflicts,
    preset,
)

FIELD_NAMES = [f.name for f in fields(RuleSettings)]

OFFICIAL_VALUES = {
    "start_card": "official",  # S4
    "start_match": "full",  # S4
    "first_player": "left_of_dealer",  # S5
    "wd4_rule": "no_matching_colour",  # T2
    "draw": "one",  # T3
    "forced_play": False,  # T3
    "challenge_guilty_draw": 4,  # T5
    "false_uno_penalty": 0,  # T6 (no official value: off)
    "wrong_play_penalty": 0,  # T8
    "scoring": "winner_takes",  # R2
    "target_score": 500,  # R2
    "teams": False,  # R5
    "stack_rule": "off",  # H1
    "skip_relay": False,  # H2
    "jump_in": "off",  # H3
    "multi_play": False,  # H4
    "pair_on_plus4": False,  # H4
    "deflect": False,  # H5
    "no_action_finish": False,  # H6
    "seven_zero": False,  # H7
    "deck": "classic",  # D1/D3 (the 112-card deck is a setting, #39)
    "shuffle_deal": "evenly",  # T10
    "custom_wild": "wild",  # T11
}


def test_presets_official_matches_rules_md():
    assert OFFICIAL.to_dict() == OFFICIAL_VALUES
    assert OFFICIAL == RuleSettings()
    assert preset("official") is OFFICIAL
    assert OFFICIAL.preset_name == "official"


def test_presets_sheet_house_rules_matches_rules_md():
    want = dict(OFFICIAL_VALUES, stack_rule="plus2_to_plus4", skip_relay=True,
                jump_in="numbers", multi_play=True, challenge_guilty_draw=6,
                false_uno_penalty=2, target_score=300, start_card="reflip_actions")
    assert SHEET_HOUSE_RULES.to_dict() == want
    assert preset("sheet") is SHEET_HOUSE_RULES
    assert SHEET_HOUSE_RULES.preset_name == "sheet"


def test_presets_custom_and_unknown():
    assert OFFICIAL.with_(deflect=True).preset_name == "custom"
    assert set(PRESETS) == {"official", "sheet"}
    with pytest.raises(SettingsConflict) as e:
        preset("nope")
    assert e.value.rules == ("settings",)


def test_every_setting_names_its_rule_id():
    assert set(RULE_ID) == set(FIELD_NAMES)
    ids = {"S4", "S5", "T2", "T3", "T5", "T6", "T8", "R2", "R5", "H1", "H2", "H3", "H4",
           "H5", "H6", "H7", "D3", "T10", "T11"}
    assert set(RULE_ID.values()) == ids


CONFLICTS = [
    (dict(pair_on_plus4=True, stack_rule="same_kind"), ("H4",)),
    (dict(pair_on_plus4=True, multi_play=True), ("H4", "H1")),
    (dict(first_player="count_off"), ("S5", "S4")),
    (dict(teams=True, scoring="penalty_points"), ("R5", "R2")),
    (dict(teams=True, scoring="elimination"), ("R5", "R2")),
]


@pytest.mark.parametrize("changes,rules", CONFLICTS)
def test_conflicts_refused_at_construction(changes, rules):
    with pytest.raises(SettingsConflict) as e:
        RuleSettings(**changes)
    assert e.value.rules == rules
    with pytest.raises(SettingsConflict):
        OFFICIAL.with_(**changes)
    with pytest.raises(SettingsConflict):
        RuleSettings.from_dict(changes)


@pytest.mark.parametrize("changes,rules", CONFLICTS)
def test_conflicts_lists_each_reason(changes, rules):
    values = {**RuleSettings().to_dict(), **changes}  # (a RuleSettings would refuse them)
    assert [c.rules for c in conflicts(values)] == [rules]


def test_conflicts_fixed_by_companion_settings():
    assert conflicts(OFFICIAL) == [] and conflicts(SHEET_HOUSE_RULES) == []
    RuleSettings(pair_on_plus4=True, multi_play=True, stack_rule="same_kind")
    RuleSettings(first_player="count_off", start_card="reflip_actions")
    RuleSettings(teams=True, scoring="winner_takes")


def test_conflicts_several_at_once():
    values = {**RuleSettings().to_dict(), "pair_on_plus4": True}
    assert [c.rules for c in conflicts(values)] == [("H4",), ("H4", "H1")]


@pytest.mark.parametrize("name", list(CHOICES))
def test_bad_choice_value_names_rule(name):
    with pytest.raises(SettingsConflict) as e:
        RuleSettings(**{name: "bogus"})
    assert e.value.rules == (RULE_ID[name],)


@pytest.mark.parametrize("name", ["forced_play", "teams", "skip_relay", "multi_play",
                                  "pair_on_plus4", "deflect", "no_action_finish",
                                  "seven_zero"])
def test_bool_settings_refuse_non_bool(name):
    with pytest.raises(SettingsConflict) as e:
        RuleSettings(**{name: 1})
    assert e.value.rules == (RULE_ID[name],)


@pytest.mark.parametrize("name", list(INT_LIMITS))
def test_int_settings_limits(name):
    lo, hi = INT_LIMITS[name]
    RuleSettings(**{name: lo})
    RuleSettings(**{name: hi})
    for bad in (lo - 1, hi + 1, True, "4", 4.0):
        with pytest.raises(SettingsConflict) as e:
            RuleSettings(**{name: bad})
        assert e.value.rules == (RULE_ID[name],)


def test_check_seats_S1():
    for n in (2, 10):
        check_seats(OFFICIAL, n)
    for n in (1, 11):
        with pytest.raises(SettingsConflict) as e:
            check_seats(OFFICIAL, n)
        assert e.value.rules == ("S1",)


def test_check_seats_R5_teams_need_even_count_of_at_least_4():
    s = OFFICIAL.with_(teams=True)
    for n in (4, 6, 8, 10):
        check_seats(s, n)
    for n in (2, 3, 5, 7):
        with pytest.raises(SettingsConflict) as e:
            check_seats(s, n)
        assert e.value.rules == ("R5",)
        with pytest.raises(SettingsConflict):
            Game.new(s, n, 1)


def test_check_seats_R4_elimination_needs_3():
    s = OFFICIAL.with_(scoring="elimination")
    check_seats(s, 3)
    with pytest.raises(SettingsConflict) as e:
        check_seats(s, 2)
    assert e.value.rules == ("R4",)


@pytest.mark.parametrize("s", [OFFICIAL, SHEET_HOUSE_RULES,
                               RuleSettings(teams=True, deflect=True, wd4_rule="free",
                                            false_uno_penalty=5, target_score=50)])
def test_from_dict_to_dict_round_trip(s):
    d = s.to_dict()
    assert set(d) == set(FIELD_NAMES)
    assert RuleSettings.from_dict(d) == s
    assert RuleSettings.from_dict({}) == OFFICIAL


def test_from_dict_refuses_unknown_keys():
    with pytest.raises(SettingsConflict) as e:
        RuleSettings.from_dict(dict(OFFICIAL.to_dict(), stacking=True))
    assert e.value.rules == ("settings",)
    assert "stacking" in e.value.message


# Each setting at each of its values: the game can be set up and played a while.
COMPANIONS = {
    ("first_player", "count_off"): dict(start_card="reflip_actions"),
    ("pair_on_plus4", True): dict(multi_play=True, stack_rule="plus2_to_plus4"),
    **{("custom_wild", v): dict(deck="official") for v in CHOICES["custom_wild"]},
    **{("shuffle_deal", v): dict(deck="official") for v in CHOICES["shuffle_deal"]},
}
VALUES = {**{k: list(v) for k, v in CHOICES.items()}, **{b: [False, True] for b in
          ("forced_play", "teams", "skip_relay", "multi_play", "pair_on_plus4", "deflect",
           "no_action_finish", "seven_zero")},
          "challenge_guilty_draw": [4, 6], "false_uno_penalty": [0, 2, 5],
          "wrong_play_penalty": [0, 2], "target_score": [300, 500]}
CASES = [(k, v) for k, vs in VALUES.items() for v in vs]


def test_values_table_covers_every_field():
    assert set(VALUES) == set(FIELD_NAMES)


@pytest.mark.parametrize("name,value", CASES)
def test_each_setting_value_plays(name, value):
    s = RuleSettings(**{name: value, **COMPANIONS.get((name, value), {})})
    seats = 4
    g = Game.new(s, seats, 7)
    rng = random.Random(3)
    for _ in range(150):
        if g.is_over:
            break
        options = [a for seat in range(seats) for a in g.legal_actions(seat)]
        assert options
        g.apply(rng.choice(options))
    g.check_invariants()
    assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_D3_a_preset_played_with_the_112_card_deck_stays_that_preset():
    assert OFFICIAL.with_(deck="official").preset_name == "official"
    assert SHEET_HOUSE_RULES.with_(deck="official", shuffle_deal="same_counts",
                                   custom_wild="pass_hands").preset_name == "sheet"
    assert OFFICIAL.with_(deck="official", deflect=True).preset_name == "custom"
