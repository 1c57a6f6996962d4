"""Determinization and a fast rollout simulator for the Hard level.

The Hard level never touches the real game: it samples the hidden cards from
what its :class:`PlayerView` shows (:mod:`game.ai.belief`) into a small
:class:`World` of plain lists, and plays that world out with a cheap greedy
policy. The simulator is a simplified UNO (T1/T3/T4, T7, R1, teams and the
elimination of seats already out): it ignores challenges, UNO calls, jump-ins,
stacking, multi-card plays after the first move and what D3's new wild
cards do beyond a Wild's colour. It is an estimate, made
fast (tens of microseconds per turn) so that hundreds of games fit in a
think budget; the engine stays the only judge of the real game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.rules.cards import COLOURS, DECK, Kind
from game.rules.turns import seat_after

from .normal import SPARE_HIT, THREAT_AT
from .tracking import COLOUR_INDEX

# Card tables indexed by id.
COL: tuple[int, ...] = tuple(-1 if c.colour is None else COLOUR_INDEX[c.colour] for c in DECK)
# D3's Wild Shuffle Hands and Wild Customizable play out as plain Wilds here:
# the simulator is an estimate (their effects are the engine's, T10/T11).
_KIND_CODE = {Kind.NUMBER: 0, Kind.SKIP: 1, Kind.REVERSE: 2, Kind.DRAW_TWO: 3, Kind.WILD: 4,
              Kind.WILD_DRAW_FOUR: 5, Kind.WILD_SHUFFLE_HANDS: 4, Kind.WILD_CUSTOMIZABLE: 4}
KIND: tuple[int, ...] = tuple(_KIND_CODE[c.kind] for c in DECK)
FACE: tuple[int, ...] = tuple(
    (c.number if c.number is not None else 9 + KIND[c.id]) if c.colour is not None else -1
    for c in DECK)
PTS: tuple[int, ...] = tuple(c.points for c in DECK)
NUMBER, SKIP, REVERSE, DRAW_TWO, WILD, WILD4 = range(6)


@dataclass(slots=True)
class World:
    """A complete, sampled deal: every hand, the draw pile and the pile below the top."""

    hands: list[list[int]]
    pile: list[int]  # draw pile, drawn from the end
    under: list[int]  # discard pile below the top card (reshuffled by T7)
    top: int
    colour: int
    direction: int
    out: tuple[int, ...]  # seats out of the round (R4)
    team: list[int]  # team per seat (each seat its own team without R5)
    until_playable: bool

    def copy(self) -> World:
        return World([h[:] for h in self.hands], self.pile[:], self.under[:], self.top,
                     self.colour, self.direction, self.out, self.team,
                     self.until_playable)

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play (the rules' count)."""
        return seat_after(seat, self.direction, len(self.hands), self.out)

    def playing(self) -> int:
        """How many seats are still in the round."""
        return len(self.hands) - len(self.out)


def _draw(w: World, seat: int, count: int, rng: random.Random) -> None:
    pile = w.pile
    hand = w.hands[seat]
    for _ in range(count):
        if not pile:
            if not w.under:
                return
            pile.extend(w.under)
            w.under.clear()
            rng.shuffle(pile)
        hand.append(pile.pop())


def colour_counts(hand: list[int]) -> list[int]:
    """How many cards of each colour (by index) ``hand`` holds; wilds aside."""
    counts = [0, 0, 0, 0]
    for cid in hand:
        c = COL[cid]
        if c >= 0:
            counts[c] += 1
    return counts


def follow_score(held: list[int], cid: int) -> float:
    """The rollout policy's liking for playing ``cid`` from a hand holding
    ``held`` of each colour: follow the colour held most, shed points within
    it, a wild last (``choose_card`` adds its hits; ``belief.seat_likelihood`` reads
    the same liking)."""
    c = COL[cid]
    return 10.0 * held[c] + PTS[cid] / 10.0 if c >= 0 else -100.0


def best_colour(hand: list[int]) -> int:
    counts = colour_counts(hand)
    best = 0
    for c in (1, 2, 3):
        if counts[c] > counts[best]:
            best = c
    return best


def play_cards(w: World, seat: int, ids: tuple[int, ...], colour: int,
               rng: random.Random) -> int:
    """Apply a play (one card or an H4 group, last on top). Returns the seat to
    move next, or ``-2 - seat`` when ``seat`` went out."""
    hand = w.hands[seat]
    for cid in ids:
        hand.remove(cid)
        w.under.append(w.top)
        w.top = cid
    top = ids[-1]
    w.colour = COL[top] if COL[top] >= 0 else colour
    k = KIND[top]
    count = len(ids)
    if not hand:
        if k == DRAW_TWO or k == WILD4:
            _draw(w, w.next_seat(seat), (2 if k == DRAW_TWO else 4) * count, rng)
        return -2 - seat
    if k == NUMBER or k == WILD:
        return w.next_seat(seat)
    if k == SKIP:
        s = w.next_seat(seat)
        for _ in range(count):
            s = w.next_seat(s)
        return s
    if k == REVERSE:
        if w.playing() == 2:
            s = w.next_seat(seat)
            for _ in range(count):
                s = w.next_seat(s)
            return s
        if count % 2:
            w.direction = -w.direction
        return w.next_seat(seat)
    victim = w.next_seat(seat)
    _draw(w, victim, (2 if k == DRAW_TWO else 4) * count, rng)
    return w.next_seat(victim)


def choose_card(w: World, seat: int, rng: random.Random, noise: float) -> int:
    """The rollout policy (Normal's lessons, made cheap): follow the colour held
    most and shed points within it, play a wild only when nothing else fits,
    hit the next player when they are down to one card, and otherwise spend a
    Skip or Draw Two only on the opponent with the fewest cards (from
    ``THREAT_AT`` down), keeping it while it would land on anyone else. Index
    of the card to play, or -1 to draw."""
    hand = w.hands[seat]
    colour = w.colour
    face = FACE[w.top]
    nxt = w.next_seat(seat)
    team = w.team[seat]
    hostile = w.team[nxt] != team
    size = len(w.hands[nxt])
    low = size <= 1 and hostile
    spare = 0.0
    if hostile and not low and w.playing() > 2:
        fewest = min(len(w.hands[s]) for s in range(len(w.hands))
                     if s not in w.out and w.team[s] != team)
        if size > fewest:
            spare = -SPARE_HIT
        elif size <= THREAT_AT:
            spare = SPARE_HIT
    held = colour_counts(hand)
    best = -1
    best_score = -1e9
    for i, cid in enumerate(hand):
        c = COL[cid]
        k = KIND[cid]
        if c == colour or (c >= 0 and FACE[cid] == face):
            score = follow_score(held, cid)
            if k == SKIP or k == DRAW_TWO:
                score += 200.0 if low else spare
        elif c < 0:
            score = follow_score(held, cid) + (300.0 if low and k == WILD4 else 0.0)
        else:
            continue
        if noise:
            score += rng.random() * noise
        if score > best_score:
            best_score = score
            best = i
    return best


def rollout(w: World, seat: int, rng: random.Random, max_turns: int = 300,
            noise: float = 8.0) -> int:
    """Play ``w`` out from ``seat``'s turn; the seat that goes out first (-1 if none)."""
    for _ in range(max_turns):
        nxt = _turn(w, seat, rng, noise)
        if nxt <= -2:
            return -2 - nxt
        seat = nxt
    return -1


def _turn(w: World, seat: int, rng: random.Random, noise: float) -> int:
    """One turn of the rollout policy; the next seat or ``-2 - seat``."""
    i = choose_card(w, seat, rng, noise)
    if i < 0:
        return draw_turn(w, seat, rng)
    hand = w.hands[seat]
    cid = hand[i]
    colour = COL[cid]
    if colour < 0:
        colour = best_colour(hand[:i] + hand[i + 1:])
    return play_cards(w, seat, (cid,), colour, rng)


# position_value: each seat still in weighs exp(weights . seat_features), the
# weights fitted (maximum likelihood) to which seat went out first in
# rollout-policy self-play from fresh deals: benchmarks/search/rollout_fit.py
# (heads-up 3,000 games). At more seats the fit of all nine features
# (-1.47, 0.66, 0.80, 0.11, 0.04, -0.42, 0.76, 0.08, -0.20 from 1,500
# games) predicted little better than cards and wilds alone and won no more
# games (docs/BOT_STRENGTH.md), so the table keeps those two weights.
HEADS_UP_WEIGHTS = (-0.705, 0.444, 1.090, 0.214, -0.249, -0.126, 0.491, 0.126, 0.026)
TABLE_WEIGHTS = (-1.2, 0.7, 0.7, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


def value_weights(seats_in: int) -> tuple[float, ...]:
    """``position_value``'s weights with ``seats_in`` seats still in the round."""
    return HEADS_UP_WEIGHTS if seats_in <= 2 else TABLE_WEIGHTS


def seat_features(w: World, mover: int) -> dict[int, list[float]]:
    """What ``position_value`` reads of each seat still in, ``mover`` to move
    in this order: the log of its cards, its wilds, its Wild Draw Fours, its
    Skips, Reverses and Draw Twos, how many colours it holds, whether it moves
    now, whether it moves now and can play, whether it moves next, whether it
    holds one card (``benchmarks/search/rollout_fit.py`` names them)."""
    out: dict[int, list[float]] = {}
    seat = mover
    for turn in range(w.playing()):
        hand = w.hands[seat]
        wilds = wild4s = actions = 0
        colours = set()
        playable = False
        for cid in hand:
            k = KIND[cid]
            c = COL[cid]
            if c < 0:
                playable = True
                if k == WILD4:
                    wild4s += 1
                else:
                    wilds += 1
                continue
            colours.add(c)
            if k != NUMBER:
                actions += 1
            if c == w.colour or FACE[cid] == FACE[w.top]:
                playable = True
        out[seat] = [math.log(max(1, len(hand))), float(wilds), float(wild4s), float(actions),
                     float(len(colours)), float(turn == 0), float(turn == 0 and playable),
                     float(turn == 1), float(len(hand) == 1)]
        seat = w.next_seat(seat)
    return out


def position_value(w: World, me: int, mover: int) -> float:
    """Estimated chance that ``me``'s team goes out first from ``w`` with
    ``mover`` to move: each seat in the round weighs exp(weights .
    ``seat_features``), normalised over the seats."""
    weights = value_weights(w.playing())
    mine = 0.0
    total = 0.0
    for s, features in seat_features(w, mover).items():
        v = math.exp(sum(a * x for a, x in zip(weights, features, strict=True)))
        total += v
        if w.team[s] == w.team[me]:
            mine += v
    return mine / total if total else 0.0


def playout(w: World, seat: int, me: int, rng: random.Random, depth: int,
            noise: float = 8.0) -> float:
    """``me``'s value after at most ``depth`` turns of the rollout policy from
    ``seat``'s turn: 1 or 0 once a seat went out, else ``position_value``."""
    for _ in range(depth):
        nxt = _turn(w, seat, rng, noise)
        if nxt <= -2:
            return 1.0 if w.team[-2 - nxt] == w.team[me] else 0.0
        seat = nxt
    return position_value(w, me, seat)


def draw_turn(w: World, seat: int, rng: random.Random) -> int:
    """Our Draw (T3) in a world: draw, play the card if it fits. Next seat or ``-2 - seat``."""
    hand = w.hands[seat]
    while True:
        before = len(hand)
        _draw(w, seat, 1, rng)
        if len(hand) == before:
            return w.next_seat(seat)
        cid = hand[-1]
        c = COL[cid]
        if c < 0 or c == w.colour or FACE[cid] == FACE[w.top]:
            return play_cards(w, seat, (cid,), best_colour(hand[:-1]) if c < 0 else c, rng)
        if not w.until_playable:
            return w.next_seat(seat)


__all__ = ["COLOURS", "World", "rollout", "play_cards", "draw_turn", "best_colour"]
