"""RULES.md T5 (Wild Draw Four challenge) and T6 (UNO call), on rigged decks."""

from __future__ import annotations

import pytest
from rigging import Faces, drew, of_kind, rig, run, skipped

from game.rules.actions import Accept, CallUno, Catch, Challenge, Draw, Play
from game.rules.cards import Colour
from game.rules.errors import IllegalAction
from game.rules.events import redact
from game.rules.settings import OFFICIAL
from game.rules.view import Phase


def wd4_game(mine: str, settings=OFFICIAL, **kw):
    """Seat 0 holds W4 + ``mine`` on a red R5; 3 players."""
    c = Faces()
    g = rig(settings, hands=[c.ids(f"W4 {mine}"), c.ids("Y1 Y2 Y3"), c.ids("B1 B2 B3")],
            top=c("R5"), draw_pile=c.ids("G1 G2 G3 G4 G5 G6 G7 G8"), **kw)
    return g, g.hands[0][0]


# ---------------------------------------------------------------- T5 challenge
def test_T5_challenge_guilty_offender_draws_4():
    g, wd4 = wd4_game("R8 G9")
    run(g, Play(0, (wd4,), Colour.BLUE))
    ev = run(g, Challenge(1))
    verdict = of_kind(ev, "challenge")[0]
    assert (verdict.seat, verdict.target, verdict.value) == (1, 0, 1)
    assert drew(ev, 0, "challenge") == 4 and drew(ev, 1) == 0
    assert len(g.hands[0]) == 6 and len(g.hands[1]) == 3
    assert g.to_act == 1 and g.phase is Phase.PLAY, "the challenger takes their turn normally"
    assert not skipped(ev)
    assert g.colour is Colour.BLUE


def test_T5_challenge_guilty_draw_6_setting():
    g, wd4 = wd4_game("R8 G9", OFFICIAL.with_(challenge_guilty_draw=6))
    ev = run(g, Play(0, (wd4,), Colour.BLUE), Challenge(1))
    assert drew(ev, 0, "challenge") == 6 and drew(ev, 1) == 0
    assert g.to_act == 1


def test_T5_challenge_not_guilty_challenger_draws_6_and_loses_turn():
    g, wd4 = wd4_game("G8 G9")
    ev = run(g, Play(0, (wd4,), Colour.BLUE), Challenge(1))
    assert of_kind(ev, "challenge")[0].value == 0
    assert drew(ev, 1, "challenge") == 6 and drew(ev, 0) == 0
    assert skipped(ev) == [1] and g.to_act == 2


def test_T5_not_guilty_draws_6_whatever_challenge_guilty_draw():
    g, wd4 = wd4_game("G8 G9", OFFICIAL.with_(challenge_guilty_draw=6))
    ev = run(g, Play(0, (wd4,), Colour.BLUE), Challenge(1))
    assert drew(ev, 1) == 6


def test_T5_accept_draws_4_without_reveal():
    g, wd4 = wd4_game("R8 G9")
    ev = run(g, Play(0, (wd4,), Colour.BLUE), Accept(1))
    assert drew(ev, 1, "penalty") == 4 and not of_kind(ev, "challenge")
    assert g.to_act == 2


def test_T5_hand_shown_to_challenger_only():
    g, wd4 = wd4_game("R8 G9")
    run(g, Play(0, (wd4,), Colour.BLUE))
    hand = tuple(g.hands[0])
    ev = of_kind(run(g, Challenge(1)), "challenge")[0]
    assert ev.cards == hand
    assert redact(ev, 1).cards == hand
    assert redact(ev, 0).cards == hand, "the offender knows their own hand"
    assert redact(ev, 2).cards == ()
    assert redact(ev, -1).cards == ()
    assert redact(ev, 2).value == 1, "the verdict itself is public"
    seen_by_2 = [e for e in g.view(2).log if e.kind == "challenge"]
    assert seen_by_2 and seen_by_2[0].cards == ()
    assert [e for e in g.view(1).log if e.kind == "challenge"][0].cards == hand


def test_T5_only_the_hit_player_may_challenge():
    g, wd4 = wd4_game("R8 G9")
    run(g, Play(0, (wd4,), Colour.BLUE))
    with pytest.raises(IllegalAction) as e:
        g.apply(Challenge(2))
    assert e.value.rule == "turn"


def test_T5_draw_two_cannot_be_challenged():
    c = Faces()
    g = rig(OFFICIAL.with_(stack_rule="same_kind"),
            hands=[c.ids("R+2 G1"), c.ids("Y+2 Y2"), c.ids("B1 B2")], top=c("R5"))
    run(g, Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.PENALTY
    with pytest.raises(IllegalAction) as e:
        g.apply(Challenge(1))
    assert e.value.rule == "T5"


@pytest.mark.parametrize("stack_rule", ["same_kind", "plus2_to_plus4"])
def test_T5_wd4_on_a_stack_cannot_be_challenged(stack_rule):
    c = Faces()
    g = rig(OFFICIAL.with_(stack_rule=stack_rule),
            hands=[c.ids("W4 G1"), c.ids("W4 R2 R3"), c.ids("W4 B1 B2")], top=c("R5"))
    run(g, Play(0, (g.hands[0][0],), Colour.RED))
    assert g.phase is Phase.CHALLENGE
    run(g, Play(1, (g.hands[1][0],), Colour.GREEN))  # guilty by T2 (holds red), but stacked
    assert g.phase is Phase.PENALTY and g.to_act == 2 and g.view(g.to_act).pending_penalty == 8
    assert Challenge(2) not in g.legal_actions(2)
    with pytest.raises(IllegalAction) as e:
        g.apply(Challenge(2))
    assert e.value.rule == "T5"
    ev = run(g, Accept(2))
    assert drew(ev, 2, "penalty") == 8


def test_T5_unanswerable_stacked_wd4_is_drawn_at_once():
    # Engine choice: a player who cannot answer a pending stack takes it automatically.
    c = Faces()
    g = rig(OFFICIAL.with_(stack_rule="same_kind"),
            hands=[c.ids("W4 G1"), c.ids("W4 R2 R3"), c.ids("B1 B2")], top=c("R5"))
    ev = run(g, Play(0, (g.hands[0][0],), Colour.RED), Play(1, (g.hands[1][0],), Colour.GREEN))
    assert not of_kind(ev, "challenge")
    assert drew(ev, 2, "penalty") == 8 and g.to_act == 0


def test_T5_wd4_on_a_draw_two_stack_cannot_be_challenged():
    c = Faces()
    g = rig(OFFICIAL.with_(stack_rule="plus2_to_plus4"),
            hands=[c.ids("R+2 G1"), c.ids("W4 R2 R3"), c.ids("W4 B1 B2")], top=c("R5"))
    run(g, Play(0, (g.hands[0][0],)), Play(1, (g.hands[1][0],), Colour.GREEN))
    assert g.phase is Phase.PENALTY and g.view(g.to_act).pending_penalty == 6
    with pytest.raises(IllegalAction) as e:
        g.apply(Challenge(2))
    assert e.value.rule == "T5"


# ---------------------------------------------------------------- T6 UNO
def uno_game(settings=OFFICIAL, mine="R8 G9"):
    c = Faces()
    g = rig(settings, hands=[c.ids(mine), c.ids("Y1 Y2 Y3"), c.ids("B1 B2 B3")],
            top=c("R5"), draw_pile=c.ids("G1 G2 G3 G4 G5 G6"))
    return g


def test_T6_call_before_playing_second_to_last_card():
    g = uno_game()
    assert CallUno(0) in g.legal_actions(0)
    ev = run(g, CallUno(0))
    assert of_kind(ev, "uno")[0].seat == 0 and g.round.uno_declared == 0
    run(g, Play(0, (g.hands[0][0],)))
    assert g.uno_exposed == -1
    for seat in (1, 2):
        assert g.refusal(Catch(seat, 0)) is not None


def test_T6_call_after_playing_second_to_last_card():
    g = uno_game()
    run(g, Play(0, (g.hands[0][0],)))
    assert g.uno_exposed == 0
    assert CallUno(0) in g.legal_actions(0), "out of turn, before anyone catches"
    ev = run(g, CallUno(0))
    assert of_kind(ev, "uno") and g.uno_exposed == -1


def test_T6_catch_within_window_draws_2():
    g = uno_game()
    run(g, Play(0, (g.hands[0][0],)))
    assert Catch(2, 0) in g.legal_actions(2) and 2 in g.out_of_turn_seats()
    ev = run(g, Catch(2, 0))
    assert of_kind(ev, "caught")[0].target == 0
    assert drew(ev, 0, "uno") == 2 and len(g.hands[0]) == 3
    assert g.to_act == 1, "a catch does not change whose turn it is"
    with pytest.raises(IllegalAction):
        g.apply(Catch(1, 0))


def test_T6_catch_by_the_next_player_before_acting():
    g = uno_game()
    run(g, Play(0, (g.hands[0][0],)))
    ev = run(g, Catch(1, 0))
    assert drew(ev, 0, "uno") == 2


def test_T6_catch_too_late_after_next_player_acted():
    g = uno_game()
    run(g, Play(0, (g.hands[0][0],)), Draw(1))
    if g.phase is Phase.KEEP_OR_PLAY:
        run(g, Play(1, (g.round.drawn,)))
    with pytest.raises(IllegalAction) as e:
        g.apply(Catch(2, 0))
    assert e.value.rule == "T6"


def test_T6_call_precedence_called_then_catch_refused():
    g = uno_game()
    run(g, Play(0, (g.hands[0][0],)), CallUno(0))
    with pytest.raises(IllegalAction) as e:
        g.apply(Catch(2, 0))
    assert e.value.rule == "T6"


def test_T6_false_uno_penalty_0_refuses_the_call():
    g = uno_game(mine="R8 G9 G7")
    assert CallUno(0) not in g.legal_actions(0)
    with pytest.raises(IllegalAction) as e:
        g.apply(CallUno(0))
    assert e.value.rule == "T6"


def test_T6_false_uno_penalty_2_draws_two():
    g = uno_game(OFFICIAL.with_(false_uno_penalty=2), mine="R8 G9 G7")
    ev = run(g, CallUno(0))
    assert of_kind(ev, "false_uno")[0].seat == 0
    assert drew(ev, 0, "false_uno") == 2 and len(g.hands[0]) == 5
    assert g.to_act == 0


def test_T6_false_uno_penalty_5_setting():
    g = uno_game(OFFICIAL.with_(false_uno_penalty=5), mine="R8 G9 G7")
    ev = run(g, CallUno(0))
    assert drew(ev, 0, "false_uno") == 5


def test_T6_call_with_one_card_is_not_a_false_call():
    g = uno_game(OFFICIAL.with_(false_uno_penalty=2), mine="G9")
    try:
        ev = g.apply(CallUno(0))
    except IllegalAction:
        return  # refusing it is fine too
    assert drew(ev, 0, "false_uno") == 0


def test_T6_no_catch_when_nobody_exposed():
    g = uno_game()
    with pytest.raises(IllegalAction) as e:
        g.apply(Catch(1, 0))
    assert e.value.rule == "T6"


def test_T6_cannot_catch_yourself():
    g = uno_game()
    run(g, Play(0, (g.hands[0][0],)))
    with pytest.raises(IllegalAction):
        g.apply(Catch(0, 0))


def test_T6_multi_play_down_to_one_card_calls_after():
    # Engine choice: an early call needs exactly two cards in hand; a player who goes
    # from three cards to one with an H4 pair calls just after playing.
    g = uno_game(OFFICIAL.with_(multi_play=True), mine="R8 G8 Y9")
    assert g.refusal(CallUno(0)) is not None
    run(g, Play(0, tuple(g.hands[0][:2])))
    assert g.uno_exposed == 0
    run(g, CallUno(0))
    assert g.refusal(Catch(1, 0)) is not None
