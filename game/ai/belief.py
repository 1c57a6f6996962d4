"""What Hard believes about the hidden cards: sampled deals that fit the record.

:func:`deal_hands` deals the cards unseen by a seat (``tracking.Knowledge``)
into the other hands, keeping hand sizes, cards seen in a challenge and what
the record says a hand lacks (a colour, a number or symbol, wilds: T1/T3);
the rest is the draw pile. :func:`seat_likelihood` says how well a hand
explains what its player chose lately (follow the colour held most, keep
wilds, name the colour held most for a wild), and :func:`sample_fitting`
picks each hand among several dealt for it by that. Only the view is read,
never the game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from game.rules.cards import FACE
from game.rules.view import PlayerView

from .rollout import COL, World, colour_counts, follow_score
from .tracking import COLOUR_INDEX, Knowledge, SeenPlay

TRIES = 12  # random picks before a constrained card is looked for by scanning


def _take(pool: list[int], rng: random.Random, cols: set[int], faces: set[int]) -> int:
    """Remove and return a random card of ``pool`` whose colour (-1: wild) is
    not in ``cols`` and whose face is not in ``faces``; any card if none fits."""
    n = len(pool)
    i = int(rng.random() * n)
    if cols or faces:
        for _ in range(TRIES):
            cid = pool[i]
            if COL[cid] not in cols and FACE[cid] not in faces:
                break
            i = int(rng.random() * n)
        else:
            fits = [j for j, cid in enumerate(pool) if COL[cid] not in cols and FACE[cid] not in faces]
            if fits:
                i = fits[int(rng.random() * len(fits))]
    cid = pool[i]
    pool[i] = pool[-1]
    pool.pop()
    return cid


Bans = list[tuple[int, set[int], set[int]]]  # (dealt so far below which, colours, faces)


def _bans(view: PlayerView, know: Knowledge, seat: int) -> Bans:
    """What ``seat``'s unknown cards must avoid: its ``j``-th dealt card
    avoids each colour (-1: wilds) and face known missing from more than
    ``j`` of its cards, so the most constrained cards are dealt first; the
    bans change only where one of them runs out."""
    need = view.hand_sizes[seat] - len(know.known[seat])
    limits = know.not_colour[seat]
    no_wild = know.not_wild[seat] if know.not_wild else 0
    no_face = know.not_face[seat] if know.not_face else []
    out: Bans = []
    j = 0
    for cut in [*sorted({k for k in (*limits, no_wild, *no_face) if 0 < k < need}), need]:
        cols = {ci for ci in range(4) if limits[ci] > j}
        if no_wild > j:
            cols.add(-1)  # COL of a wild
        out.append((cut, cols, {f for f, k in enumerate(no_face) if k > j}))
        j = cut
    return out


def _deal_hand(know: Knowledge, seat: int, bans: Bans, pool: list[int],
               rng: random.Random) -> list[int]:
    """``seat``'s hand: its known cards and the rest taken from ``pool``
    under ``bans``."""
    hand = list(know.known[seat])
    j = 0
    for cut, cols, faces in bans:
        while j < cut and pool:
            hand.append(_take(pool, rng, cols, faces))
            j += 1
    return hand


Likelihood = Callable[[list[int], list[SeenPlay]], float]  # hand, its plays -> weight


def deal_hands(view: PlayerView, know: Knowledge, rng: random.Random,
               proposals: int = 1, likelihood: Likelihood | None = None,
               ) -> tuple[list[list[int]], list[int]]:
    """Every hand (ours as it is) and the cards left for the draw pile, in no
    particular order. With ``proposals`` > 1 each other seat whose recent
    plays we saw gets one of that many hands dealt for it, drawn with chance
    by how well each explains those plays (``likelihood``, by default
    :func:`seat_likelihood`), seat after seat (sequential importance
    sampling)."""
    like = seat_likelihood if likelihood is None else likelihood
    n = view.num_seats
    me = view.seat
    pool = know.unseen[:]
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[me] = [c.id for c in view.hand]
    for s in range(n):
        if s == me:
            continue
        bans = _bans(view, know, s)
        plays = [p for p in know.recent_plays if p.seat == s] if proposals > 1 else []
        if not plays:
            hands[s] = _deal_hand(know, s, bans, pool, rng)
            continue
        options = []
        for _ in range(proposals):
            left = pool[:]
            options.append((_deal_hand(know, s, bans, left, rng), left))
        weights = [like(hand, plays) for hand, _ in options]
        hands[s], pool = rng.choices(options, weights)[0]
    return hands, pool


def world_of(view: PlayerView, hands: list[list[int]], pile: list[int],
             rng: random.Random) -> World:
    """The world of a deal: ``pile`` is shuffled into the draw pile."""
    rng.shuffle(pile)
    n = view.num_seats
    discard = [c.id for c in view.discard]
    top = discard[-1] if discard else 0
    colour = COLOUR_INDEX[view.colour] if view.colour is not None else 0
    team = list(view.teams) if view.teams else list(range(n))
    return World(hands, pile, discard[:-1], top, colour, view.direction, view.out, team,
                 view.settings.draw == "until_playable")


def sample_world(view: PlayerView, know: Knowledge, rng: random.Random) -> World:
    """One deal consistent with the view (:func:`deal_hands`), as a world."""
    hands, pile = deal_hands(view, know, rng)
    return world_of(view, hands, pile, rng)


def sample_fitting(view: PlayerView, know: Knowledge, rng: random.Random,
                   proposals: int, likelihood: Likelihood | None = None) -> World:
    """A world whose hands explain the others' recent plays: each seat's hand
    chosen among ``proposals`` (:func:`deal_hands`)."""
    hands, pile = deal_hands(view, know, rng, proposals, likelihood)
    return world_of(view, hands, pile, rng)


PLAY_SHARPNESS = 0.1  # the play model: softmax of follow_score times this
ODD_PLAY = 0.25  # share of plays the model does not explain (any playable card)
ODD_NAME = 0.1  # share of wild colours not the colour the player holds most


# the play model's weight of a card, exp(PLAY_SHARPNESS x (follow_score - 50)),
# as a product of a factor by the count held of its colour and one by card
_BY_HELD = tuple(math.exp(PLAY_SHARPNESS * 10.0 * k) for k in range(len(COL) + 1))
_BY_CARD = tuple(math.exp(PLAY_SHARPNESS * (follow_score([0, 0, 0, 0], cid) - 50.0))
                 for cid in range(len(COL)))


def _liking(held: list[int], cid: int) -> float:
    c = COL[cid]
    return _BY_CARD[cid] * _BY_HELD[held[c]] if c >= 0 else _BY_CARD[cid]


def seat_likelihood(hand: list[int], plays: list[SeenPlay]) -> float:
    """How likely a seat holding ``hand`` now made ``plays`` (its own, oldest
    first) under a model of a sensible player: follow the colour held most,
    shed points, keep wilds (``follow_score``, softened), with a share
    ``ODD_PLAY`` of any playable card; a wild names the colour the hand holds
    most (but for ``ODD_NAME``). The hand a card was played from is taken to
    be the hand now plus the cards played since (the cards drawn since cannot
    be told apart)."""
    like = 1.0
    later: list[int] = []  # the cards played after the one looked at
    for _, card, colour, top, named in reversed(plays):
        rest = hand + later
        later.append(card)
        held = colour_counts(rest)
        c = COL[card]
        if c >= 0:
            held[c] += 1
        face = FACE[top]
        total = chosen = _liking(held, card)
        playable = 1
        for cid in rest:
            c = COL[cid]
            if c >= 0 and c != colour and FACE[cid] != face:
                continue
            playable += 1
            total += _liking(held, cid)
        like *= (1.0 - ODD_PLAY) * chosen / total + ODD_PLAY / playable
        if named >= 0:
            most = max(held)
            like *= (1.0 - ODD_NAME) * (held[named] == most) / held.count(most) + ODD_NAME / 4
    return like
