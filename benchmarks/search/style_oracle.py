"""How much could modelling an opponent's style add to Hard's guess? A measuring device.

``KeepWildsBelief`` is Hard with one change: the hands it samples for the
others are weighed by how well they explain the others' recent plays under
the EXACT rule of the ``keepwilds`` bot (``bots.KeepWilds``: among the
playable coloured cards one of the colour held most, highest points first; a
wild only when no coloured card fits, naming the colour held most), instead
of Hard's soft model of a sensible player (``belief.seat_likelihood``), and
each hand is chosen among ``PROPOSALS`` dealt for it instead of
``hard.RESAMPLE``. It knows which bot it faces, so it is an upper bound on
what reading that style could give, never a level. A play the rule does not
explain keeps a weight ``MISS`` (the hand it was played from also held cards
drawn since, which the record cannot tell apart).

``KeepWildsOracle`` knows the bot in both halves of the search: the guess
above, and rollouts in which every opponent plays by that exact rule
(``keepwilds_card``) while Hard's own seat keeps ``rollout``'s policy. What
it still lacks is only the hands themselves.

Against 3 x keepwilds:

    .venv/bin/python -m benchmarks.strength.gauntlet \\
        --heroes benchmarks.search.style_oracle:KeepWildsBelief,benchmarks.search.style_oracle:KeepWildsOracle \\
        --opponents keepwilds --seats 4 --games 2000 --think-ms 5000 --jobs 2
"""

from __future__ import annotations

import random

from game.ai.belief import sample_fitting
from game.ai.hard import HardAgent
from game.ai.rollout import (
    COL,
    FACE,
    PTS,
    World,
    _turn,
    best_colour,
    colour_counts,
    draw_turn,
    play_cards,
    position_value,
)
from game.ai.tracking import Knowledge, SeenPlay
from game.rules.view import PlayerView

PROPOSALS = 32  # hands dealt per seat and world, to pick one the rule explains
MISS = 0.05  # weight of a play the rule does not explain


def keepwilds_key(held: list[int], cid: int) -> tuple[int, int, int]:
    """How much ``bots.KeepWilds`` likes playing ``cid`` from a hand holding
    ``held`` of each colour (higher first): a coloured card of the colour
    held most, highest points first; a wild last."""
    c = COL[cid]
    return (0, 0, 0) if c < 0 else (1, held[c], PTS[cid])


def playable(cid: int, colour: int, top: int) -> bool:
    """T1: ``cid`` fits ``top`` with ``colour`` in effect (a wild always does)."""
    c = COL[cid]
    return c < 0 or c == colour or FACE[cid] == FACE[top]


def keepwilds_fits(hand: list[int], card: int, colour: int, top: int, named: int) -> bool:
    """Would ``bots.KeepWilds`` holding ``hand`` (the card played among it)
    have played ``card`` on ``top`` with ``colour`` in effect (and named
    ``named`` for a wild)?"""
    rest = list(hand)
    rest.remove(card)
    held = colour_counts(hand)
    # bots.most_held: the colour held most, the first on ties, as rollout.best_colour
    if COL[card] < 0 and named >= 0 and named != best_colour(rest):
        return False
    liked = keepwilds_key(held, card)
    return all(keepwilds_key(held, cid) <= liked for cid in rest if playable(cid, colour, top))


def keepwilds_likelihood(hand: list[int], plays: list[SeenPlay]) -> float:
    """``belief.seat_likelihood``'s reading of the record under the keepwilds
    rule: 1 - ``MISS`` per play it explains, ``MISS`` per play it does not."""
    like = 1.0
    later: list[int] = []  # the cards played after the one looked at
    for _, card, colour, top, named in reversed(plays):
        before = [*hand, *later, card]
        later.append(card)
        like *= 1.0 - MISS if keepwilds_fits(before, card, colour, top, named) else MISS
    return like


class KeepWildsBelief(HardAgent):
    """Hard whose belief knows the opponents play exactly as ``keepwilds``."""

    name = "hard-keepwilds-belief"

    def _sample(self, view: PlayerView, know: Knowledge) -> World:
        return sample_fitting(view, know, self.rng, PROPOSALS, keepwilds_likelihood)


def keepwilds_card(w: World, seat: int) -> int:
    """``bots.KeepWilds`` in a sampled world: the index of the card it plays
    (the first it likes most, ``keepwilds_key``), -1 when nothing fits and
    it draws."""
    hand = w.hands[seat]
    held = colour_counts(hand)
    options = [i for i, cid in enumerate(hand) if playable(cid, w.colour, w.top)]
    return max(options, key=lambda i: keepwilds_key(held, hand[i]), default=-1)


def keepwilds_turn(w: World, seat: int, rng: random.Random) -> int:
    """One keepwilds turn in a world (the wild's colour: the one held most,
    ``bots.most_held``); the next seat or ``-2 - seat``."""
    i = keepwilds_card(w, seat)
    if i < 0:
        return draw_turn(w, seat, rng)
    hand = w.hands[seat]
    cid = hand[i]
    colour = COL[cid] if COL[cid] >= 0 else best_colour(hand[:i] + hand[i + 1:])
    return play_cards(w, seat, (cid,), colour, rng)


class KeepWildsOracle(KeepWildsBelief):
    """Hard that knows the opponents play exactly as ``keepwilds``, in its
    guess and in its rollouts: all it lacks is their hands."""

    name = "hard-keepwilds-oracle"

    def _playout(self, w: World, seat: int, me: int, rng: random.Random) -> float:
        for _ in range(self.depth):
            if w.team[seat] == w.team[me]:
                nxt = _turn(w, seat, rng, 8.0)
            else:
                nxt = keepwilds_turn(w, seat, rng)
            if nxt <= -2:
                return 1.0 if w.team[-2 - nxt] == w.team[me] else 0.0
            seat = nxt
        return position_value(w, me, seat)
