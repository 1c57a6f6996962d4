"""Actions are immutable keyword-built records; equal only within one kind."""

from __future__ import annotations

import pytest

from game.rules.actions import (
    ACTION_TYPES,
    Accept,
    CallUno,
    Catch,
    Challenge,
    Draw,
    NextRound,
    Pass,
    Play,
    SwapHands,
    action_from_dict,
    action_to_dict,
)
from game.rules.cards import Colour


def test_actions_of_different_kinds_with_the_same_fields_are_never_equal() -> None:
    one_seat = [Draw(seat=0), Pass(seat=0), Challenge(seat=0), Accept(seat=0), CallUno(seat=0),
                NextRound(seat=0)]
    for i, a in enumerate(one_seat):
        for b in one_seat[i + 1:]:
            assert a != b
    assert Catch(seat=0, target=1) != SwapHands(seat=0, target=1)
    assert Pass(seat=0) not in [Draw(seat=0)]
    assert len({Draw(seat=0), Pass(seat=0), Draw(seat=0)}) == 2


def test_actions_cannot_be_changed() -> None:
    play = Play(seat=0, cards=(3,))
    with pytest.raises(AttributeError):
        play.seat = 1  # type: ignore[misc]
    assert not hasattr(play, "__dict__")


def test_every_kind_names_its_own_type_and_round_trips() -> None:
    samples = [Play(seat=1, cards=(5, 2, 9), colour=Colour.RED), Draw(seat=2),
               Catch(seat=0, target=3)]
    for a in samples:
        assert ACTION_TYPES[a.kind] is type(a)
        assert action_from_dict(action_to_dict(a)) == a


def test_H4_middle_cards_are_kept_in_id_order_whatever_order_they_came_in() -> None:
    assert Play(seat=0, cards=(9, 4, 7, 1)).cards == (4, 7, 9, 1)
    assert Play(seat=0, cards=(9, 4, 7, 1)) == Play(seat=0, cards=(4, 9, 7, 1))
    assert Play(seat=0, cards=(9, 4)).cards == (9, 4)  # (the top card keeps its place)


def test_actions_copy_as_themselves() -> None:
    import copy

    for a in (Play(seat=0, cards=(9, 4, 1), colour=Colour.BLUE), Draw(seat=1), Catch(seat=0, target=2)):
        assert copy.deepcopy(a) == a and type(copy.copy(a)) is type(a)
