"""H7 (7-0, a common published variant): a 7 swaps hands with a chosen player,
a 0 passes every hand to the next player in the direction of play."""

from __future__ import annotations

import pytest
from rigging import Faces, rig

from game.rules.actions import Play, SwapHands
from game.rules.errors import IllegalAction
from game.rules.settings import OFFICIAL
from game.rules.view import Phase

SEVEN_ZERO = OFFICIAL.with_(seven_zero=True)


def test_H7_seven_lets_the_player_choose_whom_to_swap_with():
    c = Faces()
    a, b, d = c.ids("R7 G1 G2"), c.ids("B1"), c.ids("Y1 Y2 Y3")
    g = rig(SEVEN_ZERO, hands=[a, b, d], top=c("R3"))
    g.apply(Play(0, (a[0],)))
    assert g.phase is Phase.CHOOSE_SWAP and g.to_act == 0
    assert set(g.legal_actions(0)) == {SwapHands(0, 1), SwapHands(0, 2)}
    events = g.apply(SwapHands(0, 2))
    assert sorted(g.hands[0]) == sorted(d) and sorted(g.hands[2]) == sorted(a[1:])
    swap = [e for e in events if e.kind == "swap"][0]
    assert swap.seat == 0 and swap.target == 2 and swap.cards == ()  # nothing shown
    assert g.phase is Phase.PLAY and g.to_act == 1
    g.check_invariants()


def test_H7_off_a_seven_is_a_plain_number():
    c = Faces()
    g = rig(OFFICIAL, hands=[c.ids("R7 G1"), c.ids("B1"), c.ids("Y1")], top=c("R3"))
    g.apply(Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.PLAY and g.to_act == 1


def test_H7_zero_passes_every_hand_on_in_the_direction_of_play():
    c = Faces()
    hands = [c.ids("R0 G1"), c.ids("B1 B2"), c.ids("Y1 Y2 Y3")]
    g = rig(SEVEN_ZERO, hands=hands, top=c("R3"))
    g.apply(Play(0, (hands[0][0],)))
    # clockwise: 0 -> 1 -> 2 -> 0
    assert g.hands[1] == [hands[0][1]]
    assert g.hands[2] == hands[1] and g.hands[0] == hands[2]
    assert g.to_act == 1 and any(e.kind == "rotate" for e in g.log)


def test_H7_swap_refused_outside_its_moment_and_with_oneself():
    c = Faces()
    g = rig(SEVEN_ZERO, hands=[c.ids("R7 G1"), c.ids("B1"), c.ids("Y1")], top=c("R3"))
    before = g.to_dict()
    with pytest.raises(IllegalAction) as exc:
        g.apply(SwapHands(0, 1))
    assert exc.value.rule == "H7" and g.to_dict() == before
    g.apply(Play(0, (g.hands[0][0],)))
    with pytest.raises(IllegalAction) as exc:
        g.apply(SwapHands(0, 0))
    assert exc.value.rule == "H7"


def test_H7_last_card_seven_ends_the_round_without_a_swap():
    c = Faces()
    g = rig(SEVEN_ZERO, hands=[c.ids("R7"), c.ids("B1"), c.ids("Y1")], top=c("R3"))
    g.apply(Play(0, (g.hands[0][0],)))
    assert g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
