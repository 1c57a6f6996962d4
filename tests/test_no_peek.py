"""No-peek: re-deal every card hidden from a seat (same public history) and
its PlayerView does not change (OpenSpiel-style observer test)."""

from __future__ import annotations

import random

from engine_play import random_seats, random_settings, step

from game.rules.actions import NextRound
from game.rules.engine import Game
from game.rules.events import Event, EventKind, redact
from game.rules.resample import redeal_hidden


def test_redealing_hidden_cards_keeps_every_view():
    rng = random.Random(11)
    checks = changed = 0
    for i in range(30):
        s = random_settings(rng)
        n = random_seats(rng, s)
        g = Game.new(s, n, i)
        r = random.Random(i)
        for k in range(120):
            if g.is_over:
                break
            if g.round_over:
                g.apply(NextRound(g.to_act))
                continue
            if k % 10 == 0:
                seat = r.randrange(n)
                other = redeal_hidden(g, seat, random.Random(k))
                changed += other.hands != g.hands
                assert other.view(seat) == g.view(seat)
                assert other.legal_actions(seat) == g.legal_actions(seat)
                checks += 1
            g.apply(step(g, r)[1])
    assert checks > 200
    assert changed > checks // 2, "the re-deal must really move hidden cards"


def test_views_hide_other_hands_in_the_log():
    g = Game.new(random_settings(random.Random(3)), 4, 5)
    for seat in range(4):
        v = g.view(seat)
        own = set(c.id for c in v.hand)
        for e in v.log:
            if e.kind in ("deal", "draw") and e.seat != seat:
                assert e.cards == () and e.hidden > 0
        dealt_to_me = {c for e in v.log if e.kind == "deal" and e.seat == seat for c in e.cards}
        assert dealt_to_me <= own | {c.id for c in v.discard}


def test_challenge_reveal_only_to_challenger():
    e = Event(EventKind.CHALLENGE, seat=1, target=0, value=1, cards=(3, 4))
    assert redact(e, 1).cards == (3, 4)
    assert redact(e, 0).cards == (3, 4)
    assert redact(e, 2).cards == ()
    assert redact(e, -1).cards == ()
