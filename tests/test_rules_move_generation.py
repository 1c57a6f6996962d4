"""H4 move generation: every legal multi-card play, found without judging each subset anew."""

from __future__ import annotations

from itertools import combinations

import pytest

from game.rules import legality
from game.rules.actions import Play
from game.rules.settings import SHEET_HOUSE_RULES
from tests.rigging import Faces, rig


def _eight_sevens_game():  # type: ignore[no-untyped-def]
    c = Faces()
    sevens = c.ids("R7 R7 Y7 Y7 G7 G7 B7 B7")
    return rig(SHEET_HOUSE_RULES, hands=[sevens + c.ids("B1"), c.ids("G2 G3")], top=c("R3")), sevens


def test_H4_group_plays_are_exactly_the_accepted_ones() -> None:
    g, sevens = _eight_sevens_game()
    offered = {a for a in g.legal_actions(0) if isinstance(a, Play) and len(a.cards) > 1}
    accepted = set()
    for n in range(2, len(sevens) + 1):
        for chosen in combinations(sorted(sevens), n):
            for top in chosen:
                play = Play(seat=0, cards=(*[c for c in chosen if c != top], top))
                if g.refusal(play) is None:
                    accepted.add(play)
    assert offered == accepted and len(offered) > 500


def test_H4_group_plays_judge_a_lead_once_per_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three or more cards are judged by their count: the 247 subsets of eight
    sevens need at most two judgements per pair and one per card and size."""
    g, sevens = _eight_sevens_game()
    calls = 0
    real = legality.card_error

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(legality, "card_error", counting)
    g.legal_actions(0)
    k = len(sevens)
    singles = k + 1
    assert calls <= singles + 2 * (k * (k - 1) // 2) + k * (k - 2)
