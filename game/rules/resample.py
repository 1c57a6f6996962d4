"""Resampling what a seat cannot see (OpenSpiel's ``resample_from_infostate``).

:func:`redeal_hidden` gives a copy of a game with the same public history
where every card hidden from one seat is dealt again among the hidden places
(the other hands and the draw pile), every count kept. A seat's view must not
change under it (the no-peek test), nor may a bot's choice (the fairness
test); benchmarks use it to play a position out in worlds the seat could not
tell apart.
"""

from __future__ import annotations

import random

from .engine import Game
from .events import redact

# Events whose cards, once the seat has seen them, stay where they are.
_SHOWN = frozenset({"play", "jump_in", "wrong_play", "challenge", "start_card",
                    "start_card_return", "dealer_draw", "round_end"})


def redeal_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` where every card hidden from ``seat`` is shuffled
    among the hidden places, keeping every count and every card ``seat`` ever
    saw (played, revealed to it in a challenge, drawn by it) where it is."""
    d = game.to_dict()
    hands: list[list[int]] = d["hands"]
    seen: set[int] = set()
    for e in game.log:
        shown = redact(e, seat)
        if shown.kind in _SHOWN or shown.seat == seat:
            seen.update(shown.cards)
    places: list[tuple[int, int]] = []  # (seat, index in hand); seat -1: the draw pile
    pool: list[int] = []
    for s, hand in enumerate(hands):
        if s != seat:
            for i, c in enumerate(hand):
                if c not in seen:
                    places.append((s, i))
                    pool.append(c)
    pile: list[int] = d["draw_pile"]
    places.extend((-1, i) for i in range(len(pile)))
    pool.extend(pile)
    drawer = d["to_act"]
    drawn_at = hands[drawer].index(d["drawn"]) if d["drawn"] >= 0 else -1
    rng.shuffle(pool)
    for (s, i), c in zip(places, pool, strict=True):
        if s >= 0:
            hands[s][i] = c
        else:
            pile[i] = c
    if drawn_at >= 0:  # T3: the card just drawn moved with the re-deal; follow it
        d["drawn"] = hands[drawer][drawn_at]
    return Game.from_dict(d)  # (the log in ``d`` is the history as it was)
