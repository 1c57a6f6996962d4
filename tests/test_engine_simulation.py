"""Random simulation of the engine: thousands of seeded actions over 2-10 players
and random settings. Invariants after every action, legal = accepted, replay
equality, JSON round trip at powers of two, every game ends."""

from __future__ import annotations

import json
import random

import pytest
from engine_play import random_seats, random_settings, step

from game.rules.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    JumpIn,
    NextRound,
    Pass,
    Play,
    WrongPlay,
)
from game.rules.cards import COLOURS, DECK
from game.rules.engine import Game
from game.rules.errors import IllegalAction
from game.rules.settings import OFFICIAL, SHEET_HOUSE_RULES


def _probe_actions(g: Game, seat: int, rng: random.Random) -> list:
    """Candidate actions of every type, legal or not, for the legal = accepted check."""
    hand = g.hands[seat]
    cards = list(hand) + [rng.randrange(len(DECK))]
    out: list = [Draw(seat), Pass(seat), Challenge(seat), Accept(seat), CallUno(seat),
                 NextRound(seat), ChooseColour(seat, rng.choice(COLOURS))]
    out += [Catch(seat, t) for t in range(g.n)]
    for c in cards:
        out += [Play(seat, (c,)), Play(seat, (c,), rng.choice(COLOURS)), JumpIn(seat, c),
                WrongPlay(seat, c)]
    if len(hand) >= 2:
        a, b = rng.sample(hand, 2)
        out += [Play(seat, (a, b)), Play(seat, (a, b), rng.choice(COLOURS))]
    return out


def play_checked(settings, seats: int, seed: int, max_actions: int = 4000,
                 probe_every: int = 3) -> Game:
    g = Game.new(settings, seats, seed)
    g.check_invariants()
    rng = random.Random(seed)
    n_actions = 0
    while not g.is_over and n_actions < max_actions:
        if g.round_over:
            g.apply(NextRound(g.to_act))
        else:
            if n_actions % probe_every == 0:
                seat = rng.randrange(seats)
                legal = set(g.legal_actions(seat))
                before = g.to_dict()
                for a in _probe_actions(g, seat, rng):
                    accepted = g.refusal(a) is None
                    assert accepted == (a in legal), (a, accepted)
                    if not accepted:
                        with pytest.raises(IllegalAction):
                            g.apply(a)
                assert g.to_dict() == before, "a refused action changed the state"
            seat, action = step(g, rng)
            assert action in g.legal_actions(seat)
            g.apply(action)
        n_actions += 1
        g.check_invariants()
        if n_actions & (n_actions - 1) == 0:  # JSON round trip at powers of two
            d = g.to_dict()
            g2 = Game.from_dict(json.loads(json.dumps(d)))
            assert g2.to_dict() == d
    return g


@pytest.mark.parametrize("seats", range(2, 11))
@pytest.mark.parametrize("preset", [OFFICIAL, SHEET_HOUSE_RULES], ids=["official", "sheet"])
def test_presets_invariants_and_legal_equals_accepted(preset, seats):
    for seed in range(3):
        g = play_checked(preset.with_(target_score=150), seats, seed)
        assert g.is_over, "every game ends"


def test_random_settings_simulation():
    rng = random.Random(2026)
    games = 0
    for i in range(12):
        s = random_settings(rng).with_(target_score=100)
        n = random_seats(rng, s)
        g = play_checked(s, n, 1000 + i, max_actions=30_000, probe_every=13)
        assert g.is_over, f"game {i} did not end: {s} seats={n}"
        games += 1
    assert games == 12


def test_replay_equality_and_determinism():
    rng = random.Random(7)
    for i in range(20):
        s = random_settings(rng)
        n = random_seats(rng, s)
        g = Game.new(s, n, i)
        r = random.Random(i)
        for _ in range(300):
            if g.is_over:
                break
            if g.round_over:
                g.apply(NextRound(g.to_act))
            else:
                g.apply(step(g, r)[1])
        again = Game.replay(s, n, i, list(g.actions))
        assert again.to_dict() == g.to_dict()
        # same settings + seed + actions -> the same events too
        third = Game.new(s, n, i)
        assert [e.to_dict() for e in third.initial_events] == \
            [e.to_dict() for e in Game.new(s, n, i).initial_events]


def test_reshuffle_keeps_top_card():
    """T7 invariant: after a reshuffle the top card is still on the discard pile."""
    seen = 0
    for seed in range(40):
        g = Game.new(OFFICIAL, 6, seed)
        rng = random.Random(seed)
        while not (g.round_over or g.is_over):
            top = g.discard[-1]
            events = g.apply(step(g, rng)[1])
            for i, e in enumerate(events):
                if e.kind == "reshuffle":
                    seen += 1
                    assert g.discard[0] in (top, *[c for ev in events[:i] for c in ev.cards])
        if seen >= 5:
            break
    assert seen >= 1


def test_declared_colour_lives_on_state_not_card():
    g = Game.new(OFFICIAL, 4, 3)
    rng = random.Random(3)
    for _ in range(400):
        if g.round_over or g.is_over:
            break
        g.apply(step(g, rng)[1])
        top = DECK[g.discard[-1]]
        if top.is_wild:
            assert top.colour is None and g.colour is not None


@pytest.mark.soak
def test_soak_many_games():
    rng = random.Random(99)
    for i in range(1500):
        s = random_settings(rng)
        n = random_seats(rng, s)
        g = play_checked(s, n, 50_000 + i, max_actions=20_000, probe_every=11)
        assert g.is_over
