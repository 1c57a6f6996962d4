"""The hand's layout (issue 14): side by side while there is room, overlapping
only as needed, and a raised card never covers a neighbour."""

from __future__ import annotations

import pytest

from game.table.hand_layout import GAP, MIN_STRIP, card_steps, hand_rects, hit_card, reach_rects
from game.table.layout import compute_layout

SIZES = [(1024, 640), (1280, 720), (1280, 800), (1920, 1080)]
HAND_SIZES = [1, 2, 3, 5, 7, 9, 12, 16, 20, 25, 30, 40]


def layouts():
    for size in SIZES:
        for log_open in (False, True):
            for card_size in ("small", "medium", "large"):
                yield compute_layout(size, 4, 0, card_size, log_open)


def _visible_left_edges_increase(rects):
    return all(a.x < b.x for a, b in zip(rects, rects[1:], strict=False))


@pytest.mark.parametrize("n", HAND_SIZES)
def test_cards_spread_without_overlap_while_there_is_room(n):
    for lay in layouts():
        rects = hand_rects(lay, n)
        fits = n * lay.card_w + (n - 1) * lay.px(GAP) <= lay.hand.w
        assert all(lay.hand.left <= r.left and r.right <= lay.hand.right for r in rects)
        assert _visible_left_edges_increase(rects)
        if fits:
            for a, b in zip(rects, rects[1:], strict=False):
                assert b.x - a.right == lay.px(GAP), (lay.size, n)
        else:
            # Overlap only as much as needed: the row uses the whole width, evenly.
            assert rects[0].left - lay.hand.left <= 1 and lay.hand.right - rects[-1].right <= 1
            steps = {b.x - a.x for a, b in zip(rects, rects[1:], strict=False)}
            assert max(steps) - min(steps) <= 1


def test_seven_cards_at_1280x800_use_far_more_than_460_pixels():
    lay = compute_layout((1280, 800), 4, 0, "medium", True)
    rects = hand_rects(lay, 7)
    assert rects[-1].right - rects[0].left >= 7 * lay.card_w
    two = hand_rects(lay, 2)
    assert not two[0].colliderect(two[1])


@pytest.mark.parametrize("n", HAND_SIZES)
def test_a_raised_card_covers_no_neighbour_and_keeps_the_pointer(n):
    for lay in layouts():
        flat = hand_rects(lay, n)
        for i in range(n):
            rects = hand_rects(lay, n, hovered=i)
            assert rects[i].y < flat[i].y  # it rises
            for j in range(i + 1, n):  # the cards after it start where it ends
                assert rects[j].left >= rects[i].right or lay.hand.w < 2 * lay.card_w
            # Every other card still shows a strip to click.
            strips = [b.x - a.x for a, b in zip(rects, rects[1:], strict=False)]
            assert min(strips, default=lay.card_w) >= min(lay.px(MIN_STRIP), min(
                [b.x - a.x for a, b in zip(flat, flat[1:], strict=False)], default=lay.card_w))
            # The strip of card i the pointer was on (flat layout) is still on card i.
            visible_right = min(flat[i + 1].x, flat[i].right) if i + 1 < n else flat[i].right
            reach = reach_rects(lay, rects, hovered=i)
            for x in (flat[i].x, visible_right - 1):
                assert hit_card(reach, (x, flat[i].bottom - 2)) == i, (lay.size, n, i)
            assert all(lay.hand.left <= r.left and r.right <= lay.hand.right for r in rects)


def test_selected_cards_open_too():
    lay = compute_layout((1024, 640), 4, 0)
    rects = hand_rects(lay, 20, hovered=5, lifted=frozenset({2, 9}))
    for i in (2, 5, 9):
        assert rects[i + 1].left >= rects[i].right
    assert rects[0].left - lay.hand.left <= 1 and lay.hand.right - rects[-1].right <= 1


def test_card_steps_edge_cases():
    assert card_steps(500, 80, 1, 8) == []
    assert card_steps(500, 80, 3, 8) == [88.0, 88.0]
    assert card_steps(250, 80, 3, 8) == [85.0, 85.0]  # no overlap, smaller gaps
    steps = card_steps(400, 80, 10, 8, frozenset({3}), 12)
    assert steps[3] == 80.0 and sum(steps) == pytest.approx(320)
    # No room to open a card fully: it opens as far as the others allow.
    steps = card_steps(200, 80, 20, 8, frozenset({0}), 12)
    assert sum(steps) == pytest.approx(120) and steps[0] >= steps[1]
