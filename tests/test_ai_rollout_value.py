"""Hard's cut-off value (``rollout.position_value``, ``rollout.playout``):
after a few turns a world is judged by its hands instead of being played to
the end, so fewer cards and more wilds are worth more, and so (heads-up) are
Skips, Reverses and Draw Twos, fewer colours, and moving now with a card
that fits; a seat that goes out within the turns played wins outright. The
weights are fitted by ``benchmarks/search/rollout_fit.py``, checked here on a
made-up sample whose true weights are known."""

from __future__ import annotations

import math
import random

from benchmarks.search.rollout_fit import fit, log_likelihood
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
                 (), [0, 1], False)


def test_T1_fewer_cards_and_more_wilds_are_worth_more() -> None:
    cards = _ids("R1", "R2", "G3", "G4", "B5", "B6", "Y7", "Y8", "W", "R9")
    few = _world(cards[:2], cards[2:8], cards[9])
    assert position_value(few, 0, 0) > 0.6
    assert abs(position_value(few, 0, 0) + position_value(few, 1, 0) - 1.0) < 1e-9
    wild = _world([cards[0], cards[8]], cards[2:4], cards[9])
    plain = _world(cards[0:2], cards[2:4], cards[9])
    assert position_value(wild, 0, 0) > position_value(plain, 0, 0) > position_value(wild, 1, 0)


def test_T1_a_seat_that_goes_out_within_the_cut_off_wins_outright() -> None:
    cards = _ids("R1", "G3", "G4", "B5", "R9")
    w = _world([cards[0]], cards[1:4], cards[4])  # our last card is red, on red
    assert playout(w, 0, 0, random.Random(1), depth=3) == 1.0


def test_T1_heads_up_action_cards_one_colour_and_a_wild_draw_four_are_worth_more() -> None:
    c = _ids("R1", "R2", "RS", "G3", "B4", "B5", "W", "W4", "Y9")
    top = c[8]  # nobody holds a card that fits: only what is held differs
    theirs = [c[3], c[4], c[5]]
    action = _world([c[0], c[2]], theirs, top)
    number = _world([c[0], c[1]], theirs, top)
    assert position_value(action, 0, 1) > position_value(number, 0, 1)
    two_colours = _world([c[0], c[3]], [c[1], c[4], c[5]], top)
    assert position_value(number, 0, 1) > position_value(two_colours, 0, 1)
    wild4 = _world([c[0], c[7]], theirs, top)
    wild = _world([c[0], c[6]], theirs, top)
    assert position_value(wild4, 0, 1) > position_value(wild, 0, 1) > position_value(number, 0, 1)


def test_T1_moving_now_with_a_card_that_fits_is_worth_more() -> None:
    c = _ids("R1", "G2", "R3", "B4", "R9", "Y9")
    both_fit = _world([c[0], c[1]], [c[2], c[3]], c[4])  # red 9 on top: both hold a red
    assert position_value(both_fit, 0, 0) > position_value(both_fit, 0, 1)
    none_fits = _world([c[0], c[1]], [c[2], c[3]], c[5])  # yellow 9: nobody can play
    assert position_value(none_fits, 0, 0) < position_value(both_fit, 0, 0)


def test_the_fit_finds_known_weights_from_their_outcomes() -> None:
    rng = random.Random(3)
    truth = [-1.0, 0.5]
    rows = []
    for _ in range(3000):
        features = [[rng.uniform(0.0, 2.5), float(rng.randint(0, 2))] for _ in range(3)]
        scores = [sum(w * x for w, x in zip(truth, f, strict=True)) for f in features]
        winner = rng.choices(range(3), [math.exp(s) for s in scores])[0]
        rows.append((features, winner))
    weights = fit(rows)
    assert abs(weights[0] - truth[0]) < 0.15 and abs(weights[1] - truth[1]) < 0.15
    assert log_likelihood(rows, weights) >= log_likelihood(rows, truth)
