"""Inference from the public record: what a seat may deduce about the others.

Everything here is computed from a :class:`PlayerView` alone (its hand, the
discard pile, the hand sizes and this round's log, redacted for the viewer),
so two games that look the same to the viewer give the same knowledge.

* ``not_colour[s][c]``: how many of seat ``s``'s cards are known *not* to be
  colour ``c``. When a player draws by choice while colour ``c`` is in effect
  they (most likely) could not follow it: all the cards they held then are
  taken to be non-``c``; a drawn card that could not be played is non-``c``
  too. Cards drawn later are unknown; each non-``c`` card the player plays may
  have come from the constrained part, so the count drops by one.
* ``not_wild[s]``: how many of seat ``s``'s cards are known not to be wilds,
  by the same reading: a player who draws instead of playing could not play,
  so held no wild either (a player who keeps wilds back breaks this; most
  players do not); each non-wild card they play lowers the count by one.
* ``not_face[s][f]``: the same for the card's number or symbol (``FACE``): a
  player who draws instead of playing on a red 5 held no 5 either (T1).
* ``recent_plays``: the single-card plays of the other seats since our
  ``PLAY_WINDOW``-th latest move (:class:`SeenPlay`): what a player chose, and the colour it
  named for a wild, tell which hands are likely (``belief.seat_likelihood``).
* ``known[s]``: cards seen in ``s``'s hand (shown to us in a challenge, T5)
  and not played since.
* ``unseen``: the cards that may be in other hands or in the draw pile
  (the deck, D1/D3, minus our hand, the discard pile and the known cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from game.rules.cards import COLOURS, DECK, FACE, Colour, deck_size
from game.rules.turns import seat_after
from game.rules.verdicts import shuffle_counts
from game.rules.view import PlayerView

COLOUR_INDEX: dict[Colour, int] = {c: i for i, c in enumerate(COLOURS)}
FACES = max(FACE) + 1  # numbers and symbols (the two wild faces included)
PLAY_WINDOW = 5  # recent_plays: the others' plays since our PLAY_WINDOW-th latest move


class SeenPlay(NamedTuple):
    """One card another seat played: what it chose, from what it faced."""

    seat: int
    card: int
    colour: int  # colour index in effect before the play
    top: int  # top card before the play
    named: int  # colour index it named for a wild (-1 for a coloured card)


@dataclass(slots=True)
class Knowledge:
    seat: int
    n: int
    not_colour: list[list[int]]  # [seat][colour index] -> count of cards known not of it
    known: list[list[int]]  # [seat] -> card ids seen in that hand
    unseen: list[int]  # card ids whose place is hidden from us
    colour_before_last: Colour | None = None  # colour in effect before the latest play
    top_before_last: int = -1  # top card before the latest play
    last_player: int = -1  # seat of the latest play
    choice_draws: list[int] = field(default_factory=list)  # draws by choice per seat
    not_wild: list[int] = field(default_factory=list)  # [seat] -> count of cards known not wild
    recent_plays: list[SeenPlay] = field(default_factory=list)
    not_face: list[list[int]] = field(default_factory=list)  # [seat][FACE] -> count known not it

    def void_colours(self, seat: int, hand_size: int) -> list[Colour]:
        """Colours ``seat`` seems to hold none of (all its cards known non-c)."""
        return [c for i, c in enumerate(COLOURS)
                if hand_size > 0 and self.not_colour[seat][i] >= hand_size]

    def p_holds_colour(self, seat: int, colour: Colour, hand_size: int) -> float:
        """Chance that ``seat`` holds at least one ``colour`` card (hypergeometric
        over the unseen pool for the cards we know nothing about)."""
        ci = COLOUR_INDEX[colour]
        if any(DECK[c].colour is colour for c in self.known[seat]):
            return 1.0
        free = max(0, hand_size - len(self.known[seat]))
        free = min(free, max(0, hand_size - self.not_colour[seat][ci]))
        pool = len(self.unseen)
        good = sum(1 for c in self.unseen if DECK[c].colour is colour)
        if free <= 0 or good <= 0 or pool <= 0:
            return 0.0
        p_none = 1.0
        for k in range(free):
            if pool - k <= 0:
                break
            p_none *= max(0.0, (pool - good - k) / (pool - k))
        return 1.0 - p_none


T = TypeVar("T")


def _swap(per_seat: list[T], a: int, b: int) -> None:
    per_seat[a], per_seat[b] = per_seat[b], per_seat[a]


def _rotate(per_seat: list[T], order: list[int]) -> None:
    """Each ``order[i]``'s entry moves to ``order[i + 1]`` (cyclically)."""
    moved = [per_seat[s] for s in order]
    for i, item in enumerate(moved):
        per_seat[order[(i + 1) % len(order)]] = item


def _new_window(windows: list[list[SeenPlay]]) -> list[SeenPlay]:
    """Our own move: the others' next plays go in a new window."""
    windows.append([])
    return windows[-1]


def _played_other_than(known_not: list[int], own: int) -> None:
    """A played card of colour or face ``own`` (-1: none) may have come from
    the part of the hand known not to be each other one: one fewer of those."""
    for i, k in enumerate(known_not):
        if k > 0 and i != own:
            known_not[i] = k - 1


def _unfit(not_colour: list[int], not_wild: list[int], not_face: list[int], seat: int,
           ci: int, face: int) -> None:
    """One more of ``seat``'s cards (a drawn one it could not play) is known
    not to be colour ``ci``, a wild, or of face ``face``."""
    not_colour[ci] += 1
    not_wild[seat] += 1
    if face >= 0:
        not_face[face] += 1


def track(view: PlayerView) -> Knowledge:
    """Read the view's round log once and return what it tells us."""
    n = view.num_seats
    me = view.seat
    sizes = [0] * n
    not_colour = [[0] * 4 for _ in range(n)]
    not_wild = [0] * n
    not_face = [[0] * FACES for _ in range(n)]
    recent: list[SeenPlay] = []
    windows = [recent]  # the others' plays between our moves, latest last
    known: list[list[int]] = [[] for _ in range(n)]
    choice_draws = [0] * n
    colour: Colour | None = None
    top = -1
    before_colour: Colour | None = None
    before_top = -1
    last_player = -1
    turn_seat = -1
    turn_reason = ""
    pending_draw: tuple[int, Colour, int] | None = None  # (seat, colour, face) of a draw by choice
    gone: set[int] = set()  # R4: seats that went out
    log = view.log
    for ev in log:
        k = ev.kind
        if k == "deal":
            sizes[ev.seat] += len(ev.cards) or ev.hidden
        elif k == "start_card":
            top = ev.cards[0]
            colour = ev.colour
        elif k == "play":
            s = ev.seat
            pending_draw = None
            if s == me:
                recent = _new_window(windows)
            elif len(ev.cards) == 1 and colour is not None and top >= 0:
                named = COLOUR_INDEX[ev.colour] if DECK[ev.cards[0]].colour is None \
                    and ev.colour is not None else -1
                recent.append(SeenPlay(s, ev.cards[0], COLOUR_INDEX[colour], top, named))
            before_colour, before_top, last_player = colour, top, s
            for cid in ev.cards:
                card_colour = DECK[cid].colour
                _played_other_than(not_colour[s],
                                   -1 if card_colour is None else COLOUR_INDEX[card_colour])
                _played_other_than(not_face[s], FACE[cid])
                if card_colour is not None and not_wild[s] > 0:
                    not_wild[s] -= 1
                if cid in known[s]:
                    known[s].remove(cid)
            sizes[s] -= len(ev.cards)
            top = ev.cards[-1]
            colour = ev.colour
        elif k == "colour":
            colour = ev.colour
        elif k == "draw":
            s = ev.seat
            count = len(ev.cards) or ev.hidden
            if s == me and ev.reason == "choice":
                recent = _new_window(windows)
            if ev.reason == "choice" and turn_seat == s and turn_reason == "play" \
                    and colour is not None:
                ci = COLOUR_INDEX[colour]
                face = FACE[top] if DECK[top].colour is not None else -1
                if pending_draw is None:
                    # T3: drawing instead of playing: we take it they could not follow
                    # (T1: nothing of the colour, nothing of the top's number or symbol).
                    not_colour[s][ci] = max(not_colour[s][ci], sizes[s])
                    not_wild[s] = max(not_wild[s], sizes[s])
                    if face >= 0:
                        not_face[s][face] = max(not_face[s][face], sizes[s])
                    choice_draws[s] += 1
                else:
                    _unfit(not_colour[s], not_wild, not_face[s], s, ci, face)
                pending_draw = (s, colour, face)
            sizes[s] += count
        elif k == "turn":
            if pending_draw is not None and not (ev.seat == pending_draw[0]
                                                 and ev.reason == "keep_or_play"):
                s, c, face = pending_draw  # the drawn card could not be played
                _unfit(not_colour[s], not_wild, not_face[s], s, COLOUR_INDEX[c], face)
            pending_draw = None
            turn_seat, turn_reason = ev.seat, ev.reason
        elif k == "challenge":
            if ev.seat == me and ev.cards:
                known[ev.target] = list(ev.cards)
        elif k == "pass":
            pending_draw = None
        elif k == "out":
            gone.add(ev.seat)
        elif k == "swap":  # H7: what we inferred about each hand moves with it
            recent = []
            windows[:] = [recent]
            _swap(sizes, ev.seat, ev.target)
            _swap(choice_draws, ev.seat, ev.target)
            _swap(not_colour, ev.seat, ev.target)
            _swap(not_wild, ev.seat, ev.target)
            _swap(not_face, ev.seat, ev.target)
            _swap(known, ev.seat, ev.target)
        elif k == "rotate":  # H7: every hand passes to the next player still in
            active = [s for s in range(n) if s not in gone]
            order = active if ev.value > 0 else active[::-1]
            recent = []
            windows[:] = [recent]
            _rotate(sizes, order)
            _rotate(choice_draws, order)
            _rotate(not_colour, order)
            _rotate(not_wild, order)
            _rotate(not_face, order)
            _rotate(known, order)
        elif k == "shuffle_hands":  # T10: every hand is new; nothing inferred holds
            active = [s for s in range(n) if s not in gone]
            order = [seat_after(ev.seat, 1, n, gone)]
            while len(order) < len(active):
                order.append(seat_after(order[-1], 1, n, gone))
            dealt = shuffle_counts(view.settings.shuffle_deal, order,
                                   {s: sizes[s] for s in active})
            recent = []
            windows[:] = [recent]
            for s in active:
                sizes[s] = dealt[s]
                choice_draws[s] = 0
                not_colour[s] = [0] * 4
                not_wild[s] = 0
                not_face[s] = [0] * FACES
                known[s] = []
    sizes_now = view.hand_sizes
    for s in range(n):
        for ci in range(4):
            if not_colour[s][ci] > sizes_now[s]:
                not_colour[s][ci] = sizes_now[s]
        not_wild[s] = min(not_wild[s], sizes_now[s])
        not_face[s] = [min(k, sizes_now[s]) for k in not_face[s]]
        if len(known[s]) > sizes_now[s]:
            known[s] = known[s][:sizes_now[s]]
    known[me] = []
    taken = {c.id for c in view.hand} | {c.id for c in view.discard}
    for s in range(n):
        taken.update(known[s])
    unseen = [cid for cid in range(deck_size(view.settings.deck)) if cid not in taken]
    return Knowledge(me, n, not_colour, known, unseen, before_colour, before_top, last_player,
                     choice_draws, not_wild, [p for w in windows[-PLAY_WINDOW:] for p in w], not_face)
