"""S2-S5 on a prepared deal (Game.prepared, deal.stacked_pile): the tutorial's
way to start from a given deck order, with no global random and no rigging."""

from __future__ import annotations

import random

import pytest
from rigging import Faces

from game.rules.actions import Draw, Play
from game.rules.cards import deck_size
from game.rules.deal import stacked_pile
from game.rules.engine import Game
from game.rules.events import EventKind
from game.rules.persist import from_dict
from game.rules.settings import OFFICIAL
from game.rules.view import Phase


def test_S3_stacked_pile_puts_the_named_cards_on_top_in_order():
    pile = stacked_pile(random.Random(5), [10, 20, 30])
    assert sorted(pile) == list(range(deck_size("classic")))
    assert pile[-3:] == [30, 20, 10]  # the last id is drawn first
    assert stacked_pile(random.Random(5), [10, 20, 30]) == pile  # the seed decides the rest


def test_S3_stacked_pile_without_top_is_a_shuffle_of_the_deck():
    assert sorted(stacked_pile(random.Random(1))) == list(range(deck_size("classic")))


@pytest.mark.parametrize("top", [[1, 1], [108], [-1]])
def test_D1_stacked_pile_refuses_a_card_twice_or_outside_the_deck(top):
    with pytest.raises(ValueError):
        stacked_pile(random.Random(0), top)


def test_S2_S3_prepared_deal_deals_from_the_dealers_left_one_at_a_time():
    c = Faces()
    hands = [c.ids("R1 R2 R3 R4 R5 R6 R7"), c.ids("Y1 Y2 Y3 Y4 Y5 Y6 Y7"),
             c.ids("G1 G2 G3 G4 G5 G6 G7")]
    start, after = c("B5"), c.ids("B9 W")
    dealer = 2  # deals to seat 0 first
    order = [hands[s][i] for i in range(7) for s in (0, 1, 2)]
    g = Game.prepared(OFFICIAL, 3, 7, dealer=dealer, top=[*order, start, *after])
    g.check_invariants()
    assert g.dealer == dealer
    assert [sorted(h) for h in g.hands] == [sorted(h) for h in hands]
    assert g.discard == [start] and g.to_act == 0 and g.phase is Phase.PLAY  # S5
    assert g.draw_pile[-2:] == [after[1], after[0]]
    kinds = [e.kind for e in g.initial_events]
    assert kinds[0] is EventKind.DEALER and EventKind.DEALER_DRAW not in kinds
    g.apply(Draw(0))  # R1..R7 on B5: nothing fits; B9 comes off the top
    assert after[0] in g.hands[0]


def test_S4_prepared_start_card_acts_as_any_start_card():
    c = Faces()
    deal = c.ids(" ".join(["R1"] * 2 + ["R2"] * 2 + ["R3"] * 2 + ["R4"] * 2 + ["R5"] * 2
                          + ["R6"] * 2 + ["R7"] * 2))
    g = Game.prepared(OFFICIAL, 2, 1, dealer=0, top=[*deal, c("GS")])
    assert g.to_act == 0  # S5: the Skip skips seat 1, the dealer's left


def test_S3_prepared_deal_is_a_normal_match_afterwards():
    c = Faces()
    top = c.ids("R1 G1 R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 R7 G7 R9")
    g = Game.prepared(OFFICIAL, 2, 3, dealer=1, top=top)
    g.apply(Play(0, (top[0],)))
    back = Game.from_dict(g.to_dict())  # saved and loaded like any match
    assert back.hands == g.hands and back.draw_pile == g.draw_pile
    state, actions = from_dict(g.to_dict())
    assert len(actions) == 1 and state.dealer == 1


def test_S2_prepared_deal_refuses_a_dealer_who_is_not_a_seat():
    with pytest.raises(ValueError):
        Game.prepared(OFFICIAL, 3, 0, dealer=3, top=[])
