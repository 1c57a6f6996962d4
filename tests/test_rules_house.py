"""RULES.md H1-H6: the house rules, each at each of its values."""

from __future__ import annotations

import pytest
from rigging import Faces, drew, kinds, of_kind, rig, run, skipped

from game.rules.actions import Accept, Draw, JumpIn, Play
from game.rules.cards import DECK, Colour
from game.rules.errors import IllegalAction
from game.rules.settings import OFFICIAL
from game.rules.view import Phase

PILE = "G1 G2 G3 G4 G5 G6 G7 G8 G9 B9 B8 B7 B6"


def table(settings, *hands: str, top: str = "R5", **kw):
    c = Faces()
    g = rig(settings, hands=[c.ids(h) for h in hands], top=c(top),
            draw_pile=c.ids(PILE), **kw)
    return g


def refused(g, action, rule):
    before = g.to_dict()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert g.to_dict() == before


# ---------------------------------------------------------------- H1 stacking
def test_H1_off_draw_two_cannot_be_stacked():
    g = table(OFFICIAL, "R+2 Y1", "Y+2 Y2", "B1 B2")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert drew(ev, 1, "penalty") == 2 and skipped(ev) == [1] and g.to_act == 2
    assert any(DECK[x].short() == "Y+2" for x in g.hands[1])


@pytest.mark.parametrize("rule", ["same_kind", "plus2_to_plus4"])
def test_H1_plus2_on_plus2_passes_growing_total(rule):
    g = table(OFFICIAL.with_(stack_rule=rule), "R+2 Y1", "Y+2 Y2", "B+2 B1", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.PENALTY and g.to_act == 1 and g.view(g.to_act).pending_penalty == 2
    ev = run(g, Play(1, (g.hands[1][0],)))
    assert of_kind(ev, "penalty")[-1].value == 4 and g.to_act == 2
    ev = run(g, Play(2, (g.hands[2][0],)))
    # Engine choice: seat 3 holds no answer, so it takes the total at once.
    assert of_kind(ev, "penalty")[-1].value == 6
    assert drew(ev, 3, "penalty") == 6 and skipped(ev) == [3]
    assert g.to_act == 0, "play goes on after the player who drew"
    assert g.colour is Colour.BLUE, "the colour is the last one played"


def test_H1_same_kind_plus4_on_plus4():
    g = table(OFFICIAL.with_(stack_rule="same_kind"), "W4 Y1", "W4 Y2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],), Colour.BLUE))
    ev = run(g, Play(1, (g.hands[1][0],), Colour.GREEN))
    assert drew(ev, 2, "penalty") == 8, "seat 2 cannot answer: takes the total"
    assert g.colour is Colour.GREEN, "the colour is the last one named"
    assert g.to_act == 0


def test_H1_same_kind_refuses_plus4_on_plus2():
    g = table(OFFICIAL.with_(stack_rule="same_kind"), "R+2 Y1", "W4 Y+2 Y2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],)))
    refused(g, Play(1, (g.hands[1][0],), Colour.BLUE), "H1")


def test_H1_same_kind_refuses_plus2_on_plus4():
    g = table(OFFICIAL.with_(stack_rule="same_kind"), "W4 Y1", "R+2 W4 Y2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],), Colour.RED))
    refused(g, Play(1, (g.hands[1][0],)), "H1")


def test_H1_plus2_to_plus4_allows_plus4_on_plus2():
    g = table(OFFICIAL.with_(stack_rule="plus2_to_plus4"), "R+2 Y1", "W4 Y2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],)))
    ev = run(g, Play(1, (g.hands[1][0],), Colour.YELLOW))
    assert drew(ev, 2, "penalty") == 6 and g.colour is Colour.YELLOW and g.to_act == 0


def test_H1_plus2_to_plus4_never_plus2_on_plus4():
    g = table(OFFICIAL.with_(stack_rule="plus2_to_plus4"), "W4 Y1", "R+2 W4 Y2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],), Colour.RED))
    refused(g, Play(1, (g.hands[1][0],)), "H1")
    assert Play(1, (g.hands[1][1],), Colour.RED) in g.legal_actions(1)


@pytest.mark.parametrize("rule", ["same_kind", "plus2_to_plus4"])
def test_H1_new_draw_after_stack_starts_new_count(rule):
    g = table(OFFICIAL.with_(stack_rule=rule), "R+2 Y1 Y3", "Y+2 Y2", "B1 B2", "Y+2 G2 G3")
    ev = run(g, Play(0, (g.hands[0][0],)), Play(1, (g.hands[1][0],)))
    assert drew(ev, 2, "penalty") == 4  # no answer: taken at once
    assert g.to_act == 3 and g.view(g.to_act).pending_penalty == 0
    ev = run(g, Play(3, (g.hands[3][0],)))
    assert of_kind(ev, "penalty")[0].value == 2
    assert drew(ev, 0, "penalty") == 2 and g.to_act == 1


def test_H1_stacking_may_be_declined():
    g = table(OFFICIAL.with_(stack_rule="same_kind"), "R+2 Y1", "Y+2 Y2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],)))
    assert Accept(1) in g.legal_actions(1)
    ev = run(g, Accept(1))
    assert drew(ev, 1) == 2 and g.to_act == 2


# ---------------------------------------------------------------- H2 skip relay
def test_H2_skip_relay_passes_skip_on():
    g = table(OFFICIAL.with_(skip_relay=True), "RS Y1", "GS Y2", "B1 B2", "G1 G3")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.SKIP_RELAY and g.to_act == 1
    ev = run(g, Play(1, (g.hands[1][0],)))
    assert skipped(ev) == [2] and g.to_act == 3
    assert g.colour is Colour.GREEN, "the colour follows the last Skip played"


def test_H2_skip_relay_accept_loses_turn():
    g = table(OFFICIAL.with_(skip_relay=True), "RS Y1", "GS Y2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],)))
    ev = run(g, Accept(1))
    assert skipped(ev) == [1] and g.to_act == 2


def test_H2_skip_relay_only_with_a_skip():
    g = table(OFFICIAL.with_(skip_relay=True), "RS Y1", "GS R2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],)))
    refused(g, Play(1, (g.hands[1][1],)), "H2")


def test_H2_off_skip_cannot_be_relayed():
    g = table(OFFICIAL, "RS Y1", "GS Y2", "B1 B2")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert skipped(ev) == [1] and g.to_act == 2 and g.phase is Phase.PLAY


# ---------------------------------------------------------------- H3 jump-in
def twin_of(g, seat, face):
    return next(x for x in g.hands[seat] if DECK[x].short() == face)


def test_H3_off_refuses_jump_in():
    g = table(OFFICIAL, "R7 Y1 Y4", "Y2 Y3", "R7 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    assert not g.out_of_turn_seats()
    refused(g, JumpIn(2, twin_of(g, 2, "R7")), "H3")


@pytest.mark.parametrize("jump", ["numbers", "all"])
def test_H3_jump_in_identical_number_skips_players_between(jump):
    g = table(OFFICIAL.with_(jump_in=jump), "R7 Y1", "Y2 Y3", "R7 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.to_act == 1 and 2 in g.out_of_turn_seats()
    ev = run(g, JumpIn(2, twin_of(g, 2, "R7")))
    assert kinds(ev)[:2] == ["jump_in", "play"]
    assert g.to_act == 3, "seat 1 lost its turn; play goes on from the jumper"
    assert len(g.hands[1]) == 2


def test_H3_numbers_refuses_action_card_jump():
    g = table(OFFICIAL.with_(jump_in="numbers"), "RS Y1", "Y2 Y3", "RS B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    refused(g, JumpIn(3, g.hands[3][0]), "H3")
    refused(g, JumpIn(2, twin_of(g, 2, "RS")), "H3")


def test_H3_all_allows_action_card_jump():
    g = table(OFFICIAL.with_(jump_in="all"), "RS Y1", "Y2 Y3", "RS B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.to_act == 2
    # Seat 2 is to act and plays normally; seat 1 jumping in is not possible (no twin).
    g = table(OFFICIAL.with_(jump_in="all"), "RS Y1", "Y2 Y3", "Y4 B2", "RS G2")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.to_act == 2
    ev = run(g, JumpIn(3, twin_of(g, 3, "RS")))
    assert skipped(ev) == [0] and g.to_act == 1


def test_H3_jump_needs_identical_card():
    g = table(OFFICIAL.with_(jump_in="all"), "R7 Y1", "Y2 Y3", "B7 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    refused(g, JumpIn(2, g.hands[2][0]), "H3")


def test_H3_jump_window_closes_when_next_player_acts():
    g = table(OFFICIAL.with_(jump_in="numbers"), "R7 Y1", "R2 Y3", "R7 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)), Play(1, (g.hands[1][0],)))
    refused(g, JumpIn(2, twin_of(g, 2, "R7")), "H3")


# ---------------------------------------------------------------- H4 multiple cards
def test_H4_off_refuses_several_cards():
    g = table(OFFICIAL, "R7 G7 Y1", "Y2 Y3", "B1 B2")
    refused(g, Play(0, tuple(g.hands[0][:2])), "H4")


def test_H4_same_number_chosen_top_colour_continues():
    g = table(OFFICIAL.with_(multi_play=True), "R7 G7 B7 Y1", "Y2 Y3", "B1 B2")
    r7, g7, b7, _ = g.hands[0]
    ev = run(g, Play(0, (r7, g7, b7)))
    assert of_kind(ev, "play")[0].cards == (r7, g7, b7)
    assert g.discard[-1] == b7 and g.colour is Colour.BLUE
    assert g.to_act == 1


def test_H4_top_card_may_be_any_of_them():
    g = table(OFFICIAL.with_(multi_play=True), "R7 G7 Y1", "Y2 Y3", "B1 B2")
    r7, g7, _ = g.hands[0]
    legal = g.legal_actions(0)
    assert Play(0, (r7, g7)) in legal and Play(0, (r7,)) in legal
    assert Play(0, (g7, r7)) not in legal, "the first card must be playable"
    refused(g, Play(0, (g7, r7)), "T1")


def test_H4_cards_must_share_number_or_symbol():
    g = table(OFFICIAL.with_(multi_play=True), "R7 R8 Y1", "Y2 Y3", "B1 B2")
    refused(g, Play(0, tuple(g.hands[0][:2])), "H4")


def test_H4_two_skips_skip_two_players():
    g = table(OFFICIAL.with_(multi_play=True), "RS GS Y1", "Y2 Y3", "B1 B2", "G1 G2")
    ev = run(g, Play(0, tuple(g.hands[0][:2])))
    assert skipped(ev) == [1, 2] and g.to_act == 3


@pytest.mark.parametrize("n,direction,next_seat", [(2, 1, 1), (3, -1, 3)])
def test_H4_n_reverses_flip_n_times(n, direction, next_seat):
    hand = " ".join(["RR", "GR", "BR"][:n]) + " Y1"
    g = table(OFFICIAL.with_(multi_play=True), hand, "Y2 Y3", "B1 B2", "G1 G2")
    run(g, Play(0, tuple(g.hands[0][:n])))
    assert g.direction == direction and g.to_act == next_seat


def test_H4_two_draw_twos_add_four():
    g = table(OFFICIAL.with_(multi_play=True), "R+2 G+2 Y1", "Y2 Y3", "B1 B2")
    ev = run(g, Play(0, tuple(g.hands[0][:2])))
    assert drew(ev, 1, "penalty") == 4 and g.to_act == 2 and g.colour is Colour.GREEN


def pair_game(pair_on_plus4: bool, pair: str = "R+2 R+2"):
    s = OFFICIAL.with_(multi_play=True, stack_rule="plus2_to_plus4",
                       pair_on_plus4=pair_on_plus4)
    g = table(s, "W4 Y1", f"{pair} Y2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],), Colour.RED))
    return g


def test_H4_pair_on_plus4_answers_wild_draw_four():
    g = pair_game(True)
    ev = run(g, Play(1, tuple(g.hands[1][:2])))
    assert drew(ev, 2, "penalty") == 8 and g.to_act == 0


def test_H4_pair_on_plus4_needs_one_colour():
    g = pair_game(True, "R+2 G+2")
    refused(g, Play(1, tuple(g.hands[1][:2])), "H1")


def test_H4_pair_on_plus4_off_refuses_pair():
    g = pair_game(False)
    refused(g, Play(1, tuple(g.hands[1][:2])), "H1")


# ---------------------------------------------------------------- H5 deflect
def test_H5_skip_passes_penalty_to_next():
    g = table(OFFICIAL.with_(deflect=True), "R+2 Y1", "RS Y2", "B1 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.PENALTY and g.to_act == 1
    ev = run(g, Play(1, (g.hands[1][0],)))
    d = of_kind(ev, "deflect")[0]
    assert (d.seat, d.target) == (1, 2)
    assert drew(ev, 2, "penalty") == 2 and g.to_act == 3
    assert drew(ev, 1) == 0


def test_H5_reverse_sends_penalty_back():
    g = table(OFFICIAL.with_(deflect=True), "R+2 Y1", "RR Y2", "B1 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    ev = run(g, Play(1, (g.hands[1][0],)))
    assert of_kind(ev, "deflect")[0].target == 0
    assert drew(ev, 0, "penalty") == 2 and g.direction == -1
    assert g.to_act == 3, "play goes on after the player who drew, counter-clockwise"


def test_H5_deflect_wild_draw_four_with_named_colour():
    g = table(OFFICIAL.with_(deflect=True), "W4 Y1", "GS RS Y2", "B1 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],), Colour.GREEN))
    assert g.phase is Phase.CHALLENGE
    refused(g, Play(1, (g.hands[1][1],)), "H5")
    ev = run(g, Play(1, (g.hands[1][0],)))
    assert drew(ev, 2, "penalty") == 4


def test_H5_new_target_may_deflect_again():
    g = table(OFFICIAL.with_(deflect=True), "R+2 Y1", "RS Y2", "RS B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)), Play(1, (g.hands[1][0],)))
    assert g.phase is Phase.PENALTY and g.to_act == 2
    ev = run(g, Play(2, (g.hands[2][0],)))
    assert drew(ev, 3, "penalty") == 2 and g.to_act == 0


def test_H5_off_skip_does_not_deflect():
    g = table(OFFICIAL, "R+2 Y1", "RS Y2", "B1 B2")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert drew(ev, 1, "penalty") == 2 and g.to_act == 2


def test_H5_off_with_stacking_skip_refused():
    g = table(OFFICIAL.with_(stack_rule="same_kind"), "R+2 Y1", "RS Y+2", "B1 B2")
    run(g, Play(0, (g.hands[0][0],)))
    refused(g, Play(1, (g.hands[1][0],)), "H1")


# ---------------------------------------------------------------- H6 no action finish
@pytest.mark.parametrize("last", ["RS", "RR", "W", "W4"])
def test_H6_no_action_finish_refuses_last_card(last):
    g = table(OFFICIAL.with_(no_action_finish=True), last, "Y2 Y3", "B1 B2")
    colour = Colour.RED if last.startswith("W") else None
    refused(g, Play(0, (g.hands[0][0],), colour), "H6")
    assert g.legal_actions(0) == [Draw(0)]
    run(g, Draw(0))
    assert len(g.hands[0]) == 2


def test_H6_draw_two_may_still_finish():
    g = table(OFFICIAL.with_(no_action_finish=True), "R+2", "Y2 Y3", "B1 B2")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.winner == 0


@pytest.mark.parametrize("last", ["RS", "W"])
def test_H6_off_action_card_may_finish(last):
    g = table(OFFICIAL, last, "Y2 Y3", "B1 B2")
    colour = Colour.RED if last == "W" else None
    run(g, Play(0, (g.hands[0][0],), colour))
    assert g.winner == 0 and g.phase is Phase.ROUND_OVER


def test_H6_with_H4_whole_hand_of_skips_refused():
    g = table(OFFICIAL.with_(no_action_finish=True, multi_play=True), "RS GS", "Y2 Y3")
    refused(g, Play(0, tuple(g.hands[0])), "H6")
    run(g, Play(0, (g.hands[0][0],)))


def test_H5_deflect_with_last_card_under_elimination_passes_penalty():
    s = OFFICIAL.with_(deflect=True, scoring="elimination")
    g = table(s, "R+2 Y1 Y2", "RS", "B1 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    ev = run(g, Play(1, (g.hands[1][0],)))
    assert g.out == [1]
    assert drew(ev, 2, "penalty") == 2, "the penalty passes to the next player"
    assert g.to_act == 3


def test_H5_reverse_deflect_with_last_card_under_elimination_sends_penalty_back():
    s = OFFICIAL.with_(deflect=True, scoring="elimination")
    g = table(s, "R+2 Y1 Y2", "RR", "B1 B2", "G1 G2")
    run(g, Play(0, (g.hands[0][0],)))
    ev = run(g, Play(1, (g.hands[1][0],)))
    assert g.out == [1]
    assert drew(ev, 0, "penalty") == 2, "the penalty goes back to the previous player"


@pytest.mark.parametrize("skips", [1, 2, 3, 4])
def test_H4_two_players_skips_always_give_the_player_another_turn(skips):
    hand = " ".join(["RS", "GS", "BS", "YS"][:skips]) + " Y1"
    g = table(OFFICIAL.with_(multi_play=True), hand, "Y2 Y3")
    ev = run(g, Play(0, tuple(g.hands[0][:skips])))
    assert skipped(ev) == [1] * skips and g.to_act == 0


@pytest.mark.parametrize("seats,skips,victims,next_seat", [
    (3, 2, [1, 2], 0),
    (3, 3, [1, 2, 1], 2),
    (4, 4, [1, 2, 3, 1], 2),
    (4, 3, [1, 2, 3], 0),
])
def test_H4_n_skips_skip_n_other_players_never_the_one_who_played(seats, skips, victims,
                                                                  next_seat):
    hand = " ".join(["RS", "GS", "BS", "YS"][:skips]) + " Y1"
    others = ["Y2 Y3", "B1 B2", "G1 G2"][:seats - 1]
    g = table(OFFICIAL.with_(multi_play=True), hand, *others)
    ev = run(g, Play(0, tuple(g.hands[0][:skips])))
    assert skipped(ev) == victims and g.to_act == next_seat


def test_H4_skip_relay_accepted_still_never_skips_the_relayer():
    s = OFFICIAL.with_(multi_play=True, skip_relay=True)
    g = table(s, "RS GS Y1", "YS Y3")
    run(g, Play(0, tuple(g.hands[0][:2])))
    assert g.phase is Phase.SKIP_RELAY and g.to_act == 1
    ev = run(g, Accept(1))
    assert skipped(ev) == [1, 1] and g.to_act == 0


def test_H4_middle_cards_in_any_order():
    g = table(OFFICIAL.with_(multi_play=True), "R5 G5 Y5 B5 Y1", "Y2 Y3", "B1 B2")
    r5, g5, y5, b5, _ = g.hands[0]
    assert y5 < g5, "the middle below is not in id order"
    assert g.refusal(Play(0, (r5, g5, y5, b5))) is None
    ev = run(g, Play(0, (r5, g5, y5, b5)))
    assert set(of_kind(ev, "play")[0].cards) == {r5, g5, y5, b5}
    assert g.discard[-1] == b5 and g.colour is Colour.BLUE


def test_H4_plays_differing_only_in_middle_order_are_one_play():
    g = table(OFFICIAL.with_(multi_play=True), "R5 G5 Y5 B5 Y1", "Y2 Y3", "B1 B2")
    r5, g5, y5, b5, _ = g.hands[0]
    assert Play(0, (r5, y5, g5, b5)) == Play(0, (r5, g5, y5, b5))
    assert Play(0, (r5, y5, g5, b5)) in g.legal_actions(0)


def test_H4_refusals_never_name_an_internal_constraint():
    g = table(OFFICIAL.with_(multi_play=True), "R5 G5 Y5 B5 Y1", "Y2 Y3", "B1 B2")
    hand = g.hands[0]
    for cards in [tuple(hand[:4]), tuple(reversed(hand[:4])), (hand[0], hand[2], hand[1], hand[3])]:
        err = g.refusal(Play(0, cards))
        assert err is None or "internal" not in err.key, err


def test_H4_any_card_below_the_top_may_lead():
    g = table(OFFICIAL.with_(multi_play=True), "R7 G7 B7 Y1", "Y2 Y3", "B1 B2")
    r7, g7, b7, _ = g.hands[0]
    assert Play(0, (g7, r7, b7)) == Play(0, (r7, g7, b7))
    ev = run(g, Play(0, (g7, r7, b7)))
    assert of_kind(ev, "play")[0].cards == (r7, g7, b7) and g.colour is Colour.BLUE


def test_H4_each_set_and_top_is_offered_once():
    """m cards of one face, all playable: m * 2**(m-1) plays (each set of them,
    each of its cards on top), never the same play twice in another order."""
    g = table(OFFICIAL.with_(multi_play=True), "R5 G5 Y5 B5 R5 Y1", "Y2 Y3", "B1 B2",
              top="Y5")
    fives = [c for c in g.hands[0] if DECK[c].number == 5]
    plays = [a for a in g.legal_actions(0) if a.kind == "play" and a.cards[0] in fives]
    assert len(plays) == len(set(plays)) == 5 * 2 ** 4


def test_H4_legal_equals_accepted_in_every_order():
    import itertools

    g = table(OFFICIAL.with_(multi_play=True), "R5 G5 B5 R1", "Y2 Y3", "B1 B2", top="R3")
    legal = set(g.legal_actions(0))
    fives = [c for c in g.hands[0] if DECK[c].number == 5]
    for k in (2, 3):
        for cards in itertools.permutations(fives, k):
            assert (g.refusal(Play(0, cards)) is None) == (Play(0, cards) in legal), cards
