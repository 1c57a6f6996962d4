"""The observer equals its plain version: PlayerView fields checked by name
against the game state, and the shared, snapshotted log redaction equal to
redacting every event for the viewer."""

from __future__ import annotations

import os
import random

import pytest
from engine_play import random_seats, random_settings, step

from game.rules.cards import DECK
from game.rules.engine import Game
from game.rules.events import EventLog, redact
from game.rules.settings import OFFICIAL
from game.rules.view import VIEW_FIELDS, PlayerView


def expected_view(g: Game, seat: int) -> dict[str, object]:
    mine = 0 <= seat < g.n
    return {
        "seat": seat,
        "num_seats": g.n,
        "settings": g.settings,
        "hand": tuple(DECK[c] for c in g.hands[seat]) if mine else (),
        "hand_sizes": tuple(len(h) for h in g.hands),
        "top_card": DECK[g.discard[-1]],
        "discard": tuple(DECK[c] for c in g.discard),
        "draw_pile_size": len(g.draw_pile),
        "colour": g.colour,
        "direction": g.direction,
        "phase": g.phase,
        "to_act": g.to_act,
        "current": g.current,
        "pending_penalty": g.penalty.amount if g.penalty else 0,
        "drawn_card": (DECK[g.round.drawn] if mine and g.round.drawn >= 0 and seat == g.to_act
                       else None),
        "uno_exposed": g.uno_exposed,
        "uno_declared": g.round.uno_declared,
        "jump_in_card": DECK[g.jump_card] if g.jump_card >= 0 else None,
        "dealer": g.dealer,
        "round_no": g.round_no,
        "scores": tuple(g.scores),
        "round_points": tuple(tuple(r) for r in g.round_points),
        "out": tuple(g.out),
        "teams": g.teams,
        "winner": g.winner,
        "log": tuple(redact(e, seat) for e in g.log),
    }


def test_every_view_field_by_name_over_random_games():
    assert len(VIEW_FIELDS) == 26
    rng = random.Random(5)
    checked = 0
    for i in range(40):
        s = random_settings(rng)
        n = random_seats(rng, s)
        g = Game.new(s, n, 900 + i)
        for _ in range(rng.randrange(1, 250)):
            if g.is_over:
                break
            g.apply(step(g, rng)[1])
            if rng.random() < 0.2:
                for seat in (-1, *range(n)):
                    view = g.view(seat)
                    assert isinstance(view, PlayerView)
                    assert isinstance(view.log, EventLog)
                    want = expected_view(g, seat)
                    got = view.as_dict()
                    assert got.keys() == want.keys()
                    for name, value in want.items():
                        assert got[name] == value, name
                    checked += 1
    assert checked > 500


def test_view_log_is_a_snapshot_that_later_events_do_not_change():
    g = Game.new(random_settings(random.Random(1)), 4, 3)
    rng = random.Random(2)
    before = g.view(0)
    frozen = tuple(before.log)
    for _ in range(30):
        if g.round_over or g.is_over:
            break
        g.apply(step(g, rng)[1])
    assert g.round_no == 1
    assert tuple(before.log) == frozen
    assert len(g.view(0).log) > len(frozen)
    assert before.log[-1] == frozen[-1] and before.log[:3] == frozen[:3]


def test_engine_kind_is_the_one_expected():
    """scripts/test_compiled.sh runs these tests on the mypyc build: make sure
    they really ran against compiled modules there (and source modules here)."""
    import game.rules.engine as engine
    import game.rules.events as events

    compiled = not engine.__file__.endswith(".py")
    assert compiled == (os.environ.get("UNO_EXPECT_COMPILED") == "1"), engine.__file__
    assert compiled == (not events.__file__.endswith(".py"))


def test_views_compare_by_value_and_are_read_only_to_mypy():
    g = Game.new(OFFICIAL, 3, 11)
    a, b = g.view(1), g.view(1)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != g.view(2)
    assert list(a.as_dict()) == list(VIEW_FIELDS)
    assert repr(a).startswith("PlayerView(seat=1, num_seats=3")
    with pytest.raises(AttributeError):
        a.seat = 2  # type: ignore[misc]
