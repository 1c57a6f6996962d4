"""Every illegal action raises IllegalAction with the right ``.rule`` and changes nothing."""

from __future__ import annotations

import pytest
from rigging import Faces, rig, run

from game.rules.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    JumpIn,
    NextRound,
    Pass,
    Play,
    WrongPlay,
)
from game.rules.cards import Colour
from game.rules.errors import IllegalAction
from game.rules.settings import OFFICIAL
from game.rules.view import Phase


def table(settings=OFFICIAL, *hands: str, top: str = "R5", **kw):
    c = Faces()
    hands = hands or ("R8 G9 W B7", "Y1 Y2 Y3", "B1 B2 B3")
    return rig(settings, hands=[c.ids(h) for h in hands], top=c(top),
               draw_pile=c.ids("G1 G2 G3 G4 G5 G6 G7"), **kw)


def assert_refused(g, action, rule):
    before = g.to_dict()
    err = g.refusal(action)
    assert err is not None and err.rule == rule, err
    assert action not in g.legal_actions(action.seat)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert (e.value.rule, e.value.key) == (err.rule, err.key), str(e.value)
    assert g.to_dict() == before, "a refused action leaves the state unchanged"
    g.check_invariants()


def test_wrong_seat():
    g = table()
    assert_refused(g, Play(1, (g.hands[1][0],)), "turn")
    assert_refused(g, Draw(2), "turn")


@pytest.mark.parametrize("seat", [-1, 3, 99])
def test_no_such_seat(seat):
    assert_refused(table(), Draw(seat), "turn")


def test_wrong_phase_actions_in_play_phase():
    g = table()
    assert_refused(g, ChooseColour(0, Colour.RED), "phase")
    assert_refused(g, Accept(0), "phase")
    assert_refused(g, NextRound(0), "phase")


def test_draw_in_challenge_phase():
    g = table(OFFICIAL, "W4 G9 B7", "Y1 Y2 Y3", "B1 B2 B3")
    run(g, Play(0, (g.hands[0][0],), Colour.BLUE))
    assert_refused(g, Draw(1), "phase")
    assert_refused(g, Pass(1), "phase")


def test_unheld_card():
    g = table()
    assert_refused(g, Play(0, (g.hands[1][0],)), "T1")
    assert_refused(g, Play(0, (g.discard[-1],)), "T1")


def test_empty_play():
    assert_refused(table(), Play(0, ()), "T1")


def test_unmatched_card_T1():
    g = table()
    assert_refused(g, Play(0, (g.hands[0][1],)), "T1")


def test_wild_without_colour_T4():
    g = table()
    assert_refused(g, Play(0, (g.hands[0][2],)), "T4")


def test_coloured_card_with_colour_T4():
    g = table()
    assert_refused(g, Play(0, (g.hands[0][0],), Colour.RED), "T4")


def test_pass_when_nothing_drawn():
    assert_refused(table(), Pass(0), "phase")


def test_play_other_card_after_drawing_T3():
    c = Faces()
    g = rig(hands=[c.ids("R8 G9"), c.ids("Y1 Y2")], top=c("R5"), draw_pile=c.ids("R7"))
    run(g, Draw(0))
    assert g.phase is Phase.KEEP_OR_PLAY
    assert_refused(g, Play(0, (g.hands[0][0],)), "T3")
    assert_refused(g, Draw(0), "phase")


def test_forced_play_draw_T3():
    assert_refused(table(OFFICIAL.with_(forced_play=True)), Draw(0), "T3")


def test_challenge_when_not_hit():
    g = table()
    assert_refused(g, Challenge(0), "T5")


def test_catch_with_no_exposure():
    g = table()
    assert_refused(g, Catch(1, 0), "T6")
    assert_refused(g, Catch(1, 2), "T6")


def test_false_call_when_penalty_off():
    assert_refused(table(), CallUno(0), "T6")


def test_call_out_of_turn_with_two_cards():
    g = table(OFFICIAL, "R8 G9 B7", "Y1 Y2", "B1 B2 B3")
    assert_refused(g, CallUno(1), "T6")


def test_jump_in_off():
    g = table(OFFICIAL, "R8 G9 B7", "Y1 Y2 Y3", "R8 B2 B3")
    run(g, Play(0, (g.hands[0][0],)))
    assert_refused(g, JumpIn(2, g.hands[2][0]), "H3")


def test_jump_in_by_player_to_act():
    g = table(OFFICIAL.with_(jump_in="numbers"), "R8 G9 B7", "R8 Y2 Y3", "B1 B2 B3")
    run(g, Play(0, (g.hands[0][0],)))
    assert_refused(g, JumpIn(1, g.hands[1][0]), "H3")


def test_multi_play_when_H4_off():
    g = table(OFFICIAL, "R8 G8 B7", "Y1 Y2 Y3", "B1 B2 B3")
    assert_refused(g, Play(0, tuple(g.hands[0][:2])), "H4")


def test_multi_play_same_card_twice():
    g = table(OFFICIAL.with_(multi_play=True), "R8 G8 B7", "Y1 Y2 Y3", "B1 B2 B3")
    r8 = g.hands[0][0]
    assert_refused(g, Play(0, (r8, r8)), "H4")


def test_multi_play_different_faces():
    g = table(OFFICIAL.with_(multi_play=True), "R8 G9 B7", "Y1 Y2 Y3", "B1 B2 B3")
    assert_refused(g, Play(0, tuple(g.hands[0][:2])), "H4")


def test_H6_last_action_card():
    g = table(OFFICIAL.with_(no_action_finish=True), "RS", "Y1 Y2 Y3", "B1 B2 B3")
    assert_refused(g, Play(0, (g.hands[0][0],)), "H6")


def test_answering_wd4_with_a_card_when_house_rules_off_T4():
    g = table(OFFICIAL, "W4 G9 B7", "B+2 BS Y3", "B1 B2 B3")
    run(g, Play(0, (g.hands[0][0],), Colour.BLUE))
    assert_refused(g, Play(1, (g.hands[1][0],)), "T4")
    assert_refused(g, Play(1, (g.hands[1][1],)), "T4")


def test_stack_wrong_kind_H1():
    g = table(OFFICIAL.with_(stack_rule="same_kind"), "W4 G9 B7", "B+2 W4 Y3", "B1 B2 B3")
    run(g, Play(0, (g.hands[0][0],), Colour.BLUE))
    assert_refused(g, Play(1, (g.hands[1][0],)), "H1")


def test_deflect_wrong_colour_H5():
    g = table(OFFICIAL.with_(deflect=True), "R+2 G9 B7", "GS RS Y3", "B1 B2 B3")
    run(g, Play(0, (g.hands[0][0],)))
    assert_refused(g, Play(1, (g.hands[1][0],)), "H5")


def test_skip_relay_non_skip_H2():
    g = table(OFFICIAL.with_(skip_relay=True), "RS G9 B7", "GS R1 Y3", "B1 B2 B3")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.SKIP_RELAY
    assert_refused(g, Play(1, (g.hands[1][1],)), "H2")
    assert_refused(g, Draw(1), "phase")


def test_wrong_play_when_off_T8():
    g = table()
    assert_refused(g, WrongPlay(0, g.hands[0][1]), "T8")


def test_wrong_play_of_unheld_or_playable_card_T8():
    g = table(OFFICIAL.with_(wrong_play_penalty=2))
    assert_refused(g, WrongPlay(0, g.hands[1][0]), "T8")
    assert_refused(g, WrongPlay(0, g.hands[0][0]), "T8")


def test_choose_colour_by_other_seat():
    c = Faces()
    g = rig(hands=[c.ids("R8 G9"), c.ids("Y1 Y2")], top=c("W"), colour=None,
            phase=Phase.CHOOSE_COLOUR)
    assert_refused(g, ChooseColour(1, Colour.RED), "turn")
    assert_refused(g, Play(0, (g.hands[0][0],)), "phase")


def test_round_over_refuses_out_of_turn_and_play():
    g = table(OFFICIAL, "R8", "Y1 Y2 Y3", "B1 B2 B3")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.ROUND_OVER
    assert_refused(g, CallUno(1), "R1")
    assert_refused(g, Draw(1), "turn")
    assert_refused(g, NextRound(1), "turn")


def test_match_over_refuses_everything():
    g = table(OFFICIAL, "R8", "Y1 Y2 Y3", "B1 B2 B3", scores=[495, 0, 0])
    run(g, Play(0, (g.hands[0][0],)))
    assert g.is_over
    for action in (NextRound(0), Draw(1), CallUno(1)):
        assert_refused(g, action, "R2")


def test_eliminated_seat_refused_R4():
    c = Faces()
    g = rig(OFFICIAL.with_(scoring="elimination"),
            hands=[c.ids("R3"), c.ids("R4 Y9"), c.ids("R6 B7"), c.ids("R7 G8")], top=c("R5"))
    run(g, Play(0, (g.hands[0][0],)))
    assert_refused(g, CallUno(0), "R4")
    assert_refused(g, Draw(0), "turn")
