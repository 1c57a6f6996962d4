"""game.table.moves: what a gesture on the hand means among the legal actions
(plain values, no scene); and the scene carrying a move out."""

from __future__ import annotations

from game.rules.actions import Accept, CallUno, ChooseColour, Draw, JumpIn, Pass, Play, WrongPlay
from game.rules.cards import Colour
from game.table.moves import (
    Arm,
    Pick,
    Refuse,
    Select,
    Send,
    card_click,
    chosen,
    coloured,
    first_of,
)
from tests.rigging import Faces

c = Faces()
R5, R7, G7, W, W4 = c("R5"), c("R7"), c("G7"), c("W"), c("W4")
WILD_PLAYS = [Play(0, (W,), col) for col in Colour]


def test_a_playable_card_is_sent_at_once():
    legal = [Play(0, (R5,)), Draw(0)]
    assert card_click(legal, R5) == Send(Play(0, (R5,)))


def test_a_wild_asks_for_its_colour_and_warns_first():
    assert card_click([*WILD_PLAYS, Draw(0)], W) == Pick((W,), warn=True)


def test_H3_a_jump_in_is_sent():
    assert card_click([JumpIn(0, G7)], G7) == Send(JumpIn(0, G7))


def test_T8_an_unplayable_card_is_refused_then_offered_when_the_house_rule_charges_it():
    assert card_click([Play(0, (R5,)), Draw(0)], G7) == Refuse(G7, None)
    legal = [Play(0, (R5,)), Draw(0), WrongPlay(0, G7)]
    assert card_click(legal, G7) == Refuse(G7, WrongPlay(0, G7))


def test_H4_select_and_confirm_each_play_come_before_playing():
    legal = [Play(0, (R5,))]
    assert card_click(legal, R5, select=True) == Select(R5)
    assert card_click(legal, R5, confirm=True) == Arm(R5)
    assert card_click(legal, R5, select=True, confirm=True) == Select(R5)


def test_a_buttons_play_asks_for_a_colour_only_when_its_top_card_is_wild():
    assert chosen(Play(0, (R7, R5))) == Send(Play(0, (R7, R5)))
    assert chosen(Play(0, (R5, W4), Colour.RED)) == Pick((R5, W4))  # no bluff warning here
    assert chosen(Draw(0)) == Send(Draw(0))


def test_the_pickers_colour_for_a_play_or_for_S4():
    assert coloured(WILD_PLAYS, (W,), Colour.GREEN) == Play(0, (W,), Colour.GREEN)
    s4 = [ChooseColour(0, col) for col in Colour]
    assert coloured(s4, (), Colour.BLUE) == ChooseColour(0, Colour.BLUE)
    assert coloured(s4, (W,), Colour.BLUE) is None  # that play is gone: the picker just closes
    assert coloured(WILD_PLAYS, (), Colour.BLUE) is None


def test_a_shortcut_takes_the_first_legal_action_of_its_kinds():
    legal = [Play(0, (R5,)), Pass(0), CallUno(0)]
    assert first_of(legal, (Draw, Pass, Accept)) == Pass(0)
    assert first_of(legal, (CallUno,)) == CallUno(0)
    assert first_of(legal, (Draw,)) is None
