"""The rules written once over plain values (game/rules/verdicts.py, turns.seat_after),
tested directly: T1/S4 matching, T2 bluffs, T6 UNO calls, T7 "anything to draw",
and the count of seats the engine and the AI share; plus the two "why not"
doors on Game (the controller forwards them: tests/test_controller.py)."""

from __future__ import annotations

import random

import pytest
from rigging import Faces, rig

from game.ai.belief import world_of
from game.rules import legality
from game.rules.actions import CallUno, Play
from game.rules.cards import FACE, Colour
from game.rules.engine import Game
from game.rules.settings import OFFICIAL, preset
from game.rules.turns import next_seat, seat_after
from game.rules.verdicts import can_draw_from, matching_ids, uno_call_kind, wd4_bluff
from game.rules.view import Phase

RED = Colour.RED


# ------------------------------------------------------------ seat_after
@pytest.mark.parametrize("seat,direction,seats,out,after", [
    (0, 1, 4, (), 1),
    (3, 1, 4, (), 0),  # round the table
    (0, -1, 4, (), 3),
    (1, -1, 2, (), 0),
    (0, 1, 5, (1, 2), 3),  # R4: seats out are passed over
    (4, 1, 5, (0,), 1),
    (3, -1, 5, (2, 1, 0), 4),
    (1, 1, 4, (1,), 2),  # the seat itself may be out (it just went out)
    (0, 1, 3, (1, 2), 0),  # every other seat out: back to the seat
    (0, 1, 3, (0, 1, 2), 1),  # every seat out: the neighbour
])
def test_seat_after(seat, direction, seats, out, after):
    assert seat_after(seat, direction, seats, out) == after


def test_seat_after_is_the_engine_count_and_the_ai_world_count():
    """R4: in an elimination round with a seat out, the engine's next seat and
    the Hard level's sampled world count the same seats."""
    c = Faces()
    g = rig(OFFICIAL.with_(scoring="elimination"),
            hands=[c.ids("R1 R2"), [], c.ids("G1 G2"), c.ids("B1 B2"), c.ids("Y1 Y2")],
            top=c("R5"), out=[1])
    view = g.view(0)
    world = world_of(view, [list(h) for h in g.hands], [], random.Random(1))
    for direction in (1, -1):
        g.round.direction = world.direction = direction
        for seat in range(5):
            assert world.next_seat(seat) == next_seat(g.state, seat)


# --------------------------------------------------------------- T1 / S4
def test_T1_matching_ids_colour_face_or_wild():
    c = Faces()
    r9, b5, w, g8, w4 = c.ids("R9 B5 W G8 W4")
    face = FACE[c("R5")]
    assert matching_ids([r9, b5, w, g8, w4], RED, face) == [r9, b5, w, w4]


def test_S4_colour_only_face_does_not_count():
    c = Faces()
    r9, b5, w = c.ids("R9 B5 W")
    assert matching_ids([r9, b5, w], RED, -1) == [r9, w]


# ------------------------------------------------------------------- T2
@pytest.mark.parametrize("rule,rest,guilty", [
    ("no_matching_colour", "R8 G9", True),
    ("no_matching_colour", "G9 B5", False),  # a face match is not the colour
    ("no_matching_colour", "W G9", False),
    ("no_playable_card", "G9 B5", True),  # the top card's number
    ("no_playable_card", "W G9", True),  # a plain Wild is playable
    ("no_playable_card", "W4 G9", False),  # another Wild Draw Four does not count
    ("no_playable_card", "G9 B1", False),
    ("free", "R8 W", False),
    ("no_matching_colour", "", False),
])
def test_T2_wd4_bluff(rule, rest, guilty):
    c = Faces()
    ids = c.ids(rest) if rest else []
    assert wd4_bluff(rule, ids, RED, FACE[c("R5")]) is guilty


def test_T2_wd4_bluff_colour_only_first_play_counts_colour_and_wilds():
    c = Faces()
    assert not wd4_bluff("no_playable_card", c.ids("G9 B5"), RED, -1)
    assert wd4_bluff("no_playable_card", c.ids("G9 W"), RED, -1)


# ------------------------------------------------------------------- T6
def call(**kw) -> str:
    values = dict(exposed=False, on_turn=True, phase=Phase.PLAY, hand_size=3, declared=False,
                  false_penalty=2, can_draw=True)
    values.update(kw)
    return uno_call_kind(**values)


@pytest.mark.parametrize("kw,kind", [
    (dict(exposed=True, on_turn=False, phase=Phase.CHALLENGE, hand_size=1), "exposed"),
    (dict(exposed=True, phase=Phase.ROUND_OVER, hand_size=1), "exposed"),
    (dict(hand_size=2), "early"),
    (dict(hand_size=2, phase=Phase.KEEP_OR_PLAY), "early"),
    (dict(hand_size=2, phase=Phase.PENALTY), "early"),
    (dict(hand_size=2, phase=Phase.SKIP_RELAY), ""),  # H2: not while answering a Skip
    (dict(hand_size=2, declared=True), ""),  # already called
    (dict(hand_size=2, on_turn=False), ""),
    (dict(hand_size=3), "false"),
    (dict(hand_size=7, false_penalty=5), "false"),
    (dict(hand_size=3, false_penalty=0), ""),  # false calls off
    (dict(hand_size=3, can_draw=False), ""),  # T7: nothing to draw, the call would cost nothing
    (dict(hand_size=3, phase=Phase.KEEP_OR_PLAY), ""),
    (dict(hand_size=3, phase=Phase.CHALLENGE), ""),
    (dict(hand_size=3, on_turn=False), ""),
    (dict(hand_size=1), ""),  # called already, or caught: nothing to call
    (dict(hand_size=2, phase=Phase.CHOOSE_COLOUR), ""),
    (dict(hand_size=2, phase=Phase.CHOOSE_SWAP), ""),
    (dict(hand_size=2, phase=Phase.ROUND_OVER), ""),
])
def test_T6_uno_call_kind(kw, kind):
    assert call(**kw) == kind


def test_T6_view_and_engine_ask_the_same_function_in_play():
    """What the view passes to uno_call_kind is what the engine passes: at every
    decision of seeded sheet-rule games, every seat's view calls a CallUno false
    exactly when the engine would take it as false (the effect of a false call
    is tested on rigged decks, tests/test_bot_api.py)."""
    settings = preset("sheet")
    rng = random.Random(3)
    seen = {True: 0, False: 0}
    for seed in range(6):
        g = Game.new(settings, 4, seed)
        for _ in range(200):
            if g.round_over:
                break
            for seat in range(4):
                false = g.view(seat).is_false_uno(CallUno(seat))
                assert false is (legality.uno_call(g.state, seat) == "false"), (seed, seat)
                seen[false] += 1
            legal = g.legal_actions(g.to_act)
            others = [a for a in legal if not isinstance(a, CallUno)]
            g.apply(others[rng.randrange(len(others))] if others else legal[0])
    assert seen[True] and seen[False]


# ------------------------------------------------------------------- T7
@pytest.mark.parametrize("pile,discard,can", [(1, 1, True), (0, 2, True), (0, 1, False),
                                              (30, 1, True), (0, 0, False)])
def test_T7_can_draw_from(pile, discard, can):
    assert can_draw_from(pile, discard) is can


# ----------------------------------------------------- the why-not doors
def test_why_not_a_card_tells_a_seat_off_turn_it_is_not_its_turn():
    c = Faces()
    g = rig(OFFICIAL, hands=[c.ids("R8 G9"), c.ids("R1 Y2"), c.ids("B1 B2")], top=c("R5"),
            to_act=1, phase=Phase.CHOOSE_COLOUR)
    err = g.why_not(0, g.hands[0][0])
    assert (err.rule, err.key) == ("turn", "refusal.not_your_turn")
    err = g.why_not(1, g.hands[1][0])
    assert err.rule == "phase", "the seat on turn is told no card fits this decision"


def test_why_not_a_playable_wild_is_none_without_naming_a_colour():
    c = Faces()
    g = rig(OFFICIAL, hands=[c.ids("W G9"), c.ids("Y1 Y2"), c.ids("B1 B2")], top=c("R5"))
    assert g.why_not(0, g.hands[0][0]) is None
    assert g.refusal(Play(0, (g.hands[0][0],))).rule == "T4", "the action still names a colour"
    assert g.why_not(0, g.hands[0][1]).rule == "T1"
