"""Hard's cut-off value (``rollout.position_value``, ``rollout.playout``):
after a few turns a world is judged by its hands instead of being played to
the end, so fewer cards and more wilds are worth more, and a seat that goes
out within the turns played wins outright."""

from __future__ import annotations

import random

from game.ai.rollout import COL, World, playout, position_value
from game.rules.cards import DECK


def _ids(*faces: str) -> list[int]:
    taken: set[int] = set()
    out = []
    for face in faces:
        cid = next(c.id for c in DECK if c.short() == face and c.id not in taken)
        taken.add(cid)
        out.append(cid)
    return out


def _world(mine: list[int], theirs: list[int], top: int) -> World:
    used = set(mine) | set(theirs) | {top}
    pile = [c for c in range(len(DECK)) if c not in used]
    return World([mine, theirs], pile, [], top, COL[top], 1,
                 [True, True], [0, 1], False)


def test_T1_fewer_cards_and_more_wilds_are_worth_more() -> None:
    cards = _ids("R1", "R2", "G3", "G4", "B5", "B6", "Y7", "Y8", "W", "R9")
    few = _world(cards[:2], cards[2:8], cards[9])
    assert position_value(few, 0) > 0.6
    assert abs(position_value(few, 0) + position_value(few, 1) - 1.0) < 1e-9
    wild = _world([cards[0], cards[8]], cards[2:4], cards[9])
    plain = _world(cards[0:2], cards[2:4], cards[9])
    assert position_value(wild, 0) > position_value(plain, 0) > position_value(wild, 1)


def test_T1_a_seat_that_goes_out_within_the_cut_off_wins_outright() -> None:
    cards = _ids("R1", "G3", "G4", "B5", "R9")
    w = _world([cards[0]], cards[1:4], cards[4])  # our last card is red, on red
    assert playout(w, 0, 0, random.Random(1), depth=3) == 1.0
