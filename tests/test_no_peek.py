"""No-peek: re-deal every card hidden from a seat (same public history) and
its PlayerView does not change (OpenSpiel-style observer test)."""

from __future__ import annotations

import random

from engine_play import random_seats, random_settings, step

from game.rules.actions import NextRound
from game.rules.engine import Game
from game.rules.events import Event, EventKind, redact


def redeal_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``g`` where every card hidden from ``seat`` is shuffled among the
    hidden places (other hands and the draw pile), keeping every count and every
    card that was ever shown publicly to this seat where it is."""
    d = g.to_dict()
    hands = d["hands"]
    # cards this seat saw (they played, were revealed in a challenge to this seat...)
    visible: set[int] = set()
    for e in g.log:
        r = redact(e, seat)
        if r.kind in ("play", "jump_in", "wrong_play", "challenge", "start_card",
                      "start_card_return", "dealer_draw", "round_end") or r.seat == seat:
            visible.update(r.cards)
    places: list[tuple[str, int, int]] = []
    pool: list[int] = []
    for s, hand in enumerate(hands):
        if s == seat:
            continue
        for i, c in enumerate(hand):
            if c not in visible:
                places.append(("hand", s, i))
                pool.append(c)
    for i, c in enumerate(d["draw_pile"]):
        places.append(("pile", 0, i))
        pool.append(c)
    drawer = d["to_act"]
    drawn_at = hands[drawer].index(d["drawn"]) if d["drawn"] >= 0 else -1
    rng.shuffle(pool)
    for (where, s, i), c in zip(places, pool):
        if where == "hand":
            hands[s][i] = c
        else:
            d["draw_pile"][i] = c
    if drawn_at >= 0:  # T3: the drawn card moved with the re-deal; follow it
        d["drawn"] = hands[drawer][drawn_at]
    d["log"] = [e.to_dict() for e in g.log]  # the public history stays the same
    other = Game.from_dict(d)
    return other


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
