"""Event records: what ``Game.apply`` reports happened, in order.

The table animates events and the game log prints them; nobody diffs state.
An :class:`Event` is one immutable record with an :class:`EventKind`; what
its fields mean depends on the kind:

=================  ==========================================================
kind               meaning
=================  ==========================================================
round_start        ``value`` = round number (1-based), ``seat`` = dealer
dealer_draw        S2: ``seat`` turned ``cards[0]`` to choose the dealer
dealer             S2: ``seat`` deals this round
shuffle            the draw pile was shuffled (``value`` = its size)
deal               S3: ``seat`` was dealt ``cards`` (hidden to others)
start_card         S4: ``cards[0]`` turned to start the discard pile
start_card_return  S4: ``cards[0]`` put back into the pile (reshuffled)
play               ``seat`` played ``cards`` (last on top); ``colour`` = colour now in effect
jump_in            H3: ``seat`` jumped in with ``cards[0]`` (a ``play`` event follows)
colour             ``seat`` named ``colour`` (wild, or S4 first-card choice)
direction          T4: direction of play is now ``value`` (+1 clockwise, -1 counter)
skip               T4/H2: ``seat`` loses its turn
draw               ``seat`` drew ``cards`` (``hidden`` = how many, when redacted);
                   ``reason``: a :class:`DrawReason`
reshuffle          T7: discard pile (all but top) became the draw pile (``value`` cards)
penalty            H1/H5: ``target`` faces a pending draw of ``value`` cards
deflect            H5: ``seat`` passed the pending penalty to ``target``
challenge          T5: ``seat`` challenged ``target``; ``value`` 1 = guilty;
                   ``cards`` = ``target``'s hand, seen by the challenger only
uno                T6: ``seat`` called UNO
false_uno          T6: ``seat`` called UNO while not down to one card
caught             T6: ``seat`` caught ``target`` not calling UNO
pass               T3: ``seat`` kept the drawn card
wrong_play         T8: ``seat`` offered ``cards[0]``, which is not playable
swap               H7: ``seat`` swapped hands with ``target`` (no cards shown)
rotate             H7/H9: every hand passed to the next player (``value`` = direction)
shuffle_hands      T10: ``seat`` collected every hand, shuffled and dealt them
                   out again (``value`` = cards dealt; no cards shown)
turn               ``seat`` must decide now; ``reason`` = the phase
out                R1/R4: ``seat`` went out, ``value`` = rank (1 = first)
round_end          R2-R5: ``seat`` = winner; ``result`` = a :class:`RoundResult`
match_end          ``seat`` = winner (R3: lowest total); ``result`` = a :class:`MatchResult`
=================  ==========================================================

The JSON form (``to_dict``/``from_dict``) is the one saves and replays have
always held: the kind's value, the non-default fields, and ``data`` for a
result.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from itertools import islice
from typing import Any, Final, NamedTuple

from .cards import Colour
from .prefix import Prefix


class EventKind(str, Enum):
    """What an event reports (a ``str``: ``e.kind == "play"`` holds for a play)."""

    ROUND_START = "round_start"
    DEALER_DRAW = "dealer_draw"
    DEALER = "dealer"
    SHUFFLE = "shuffle"
    DEAL = "deal"
    START_CARD = "start_card"
    START_CARD_RETURN = "start_card_return"
    PLAY = "play"
    JUMP_IN = "jump_in"
    COLOUR = "colour"
    DIRECTION = "direction"
    SKIP = "skip"
    DRAW = "draw"
    RESHUFFLE = "reshuffle"
    PENALTY = "penalty"
    DEFLECT = "deflect"
    CHALLENGE = "challenge"
    UNO = "uno"
    FALSE_UNO = "false_uno"
    CAUGHT = "caught"
    PASS = "pass"
    WRONG_PLAY = "wrong_play"
    SWAP = "swap"
    ROTATE = "rotate"
    SHUFFLE_HANDS = "shuffle_hands"
    TURN = "turn"
    OUT = "out"
    ROUND_END = "round_end"
    MATCH_END = "match_end"

    def __str__(self) -> str:
        return self.value


class DrawReason(str, Enum):
    """Why a ``draw`` event's seat drew."""

    CHOICE = "choice"  # T3: drew instead of playing
    PENALTY = "penalty"  # T4/H1/H5/T9: a draw card's total
    UNO = "uno"  # T6: caught not calling UNO
    FALSE_UNO = "false_uno"  # T6: called UNO while not down to one card
    CHALLENGE = "challenge"  # T5: the guilty offender, or the challenger who lost
    WRONG_PLAY = "wrong_play"  # T8: offered an unplayable card

    def __str__(self) -> str:
        return self.value


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(int(x) for x in value)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """R2-R5: how a round ended (the ``result`` of a ``round_end`` event)."""

    winner: int
    """the seat that went out (or won the T7 stalemate)"""
    round: int
    """the round number, 1-based"""
    hands: tuple[tuple[int, ...], ...]
    """every seat's cards left, by id"""
    points: tuple[int, ...]
    """D2 points of every seat's cards left"""
    gained: tuple[int, ...]
    """what every seat scored this round"""
    totals: tuple[int, ...]
    """the match totals after this round"""
    out: tuple[int, ...]
    """R4: the seats in the order they went out"""

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "hands": [list(h) for h in self.hands],
                "points": list(self.points), "gained": list(self.gained),
                "totals": list(self.totals), "out": list(self.out), "round": self.round}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RoundResult:
        return cls(winner=int(d["winner"]), round=int(d["round"]),
                   hands=tuple(_ints(h) for h in d["hands"]), points=_ints(d["points"]),
                   gained=_ints(d["gained"]), totals=_ints(d["totals"]), out=_ints(d["out"]))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """R2-R5: how the match ended (the ``result`` of a ``match_end`` event)."""

    winner: int
    """the winning seat (R3: the lowest total)"""
    winners: tuple[int, ...]
    """the winning seat, or under R5 both seats of the winning team"""
    totals: tuple[int, ...]
    """the final totals per seat"""
    ranking: tuple[int, ...]
    """every seat, best first"""
    rounds: int
    """how many rounds were played"""

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "winners": list(self.winners),
                "totals": list(self.totals), "ranking": list(self.ranking),
                "rounds": self.rounds}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MatchResult:
        return cls(winner=int(d["winner"]), winners=_ints(d["winners"]),
                   totals=_ints(d["totals"]), ranking=_ints(d["ranking"]),
                   rounds=int(d["rounds"]))


Result = RoundResult | MatchResult


class Event(NamedTuple):
    """One thing that happened; build it by keyword (``Event(EventKind.SKIP, seat=2)``).

    Immutable and compared by value. See the module docstring for what each
    field means for each kind."""

    kind: EventKind
    """what happened"""
    seat: int = -1
    """who did it or whom it concerns (-1: nobody)"""
    target: int = -1
    """the other seat concerned: caught, challenged, deflected to, faced with a penalty"""
    cards: tuple[int, ...] = ()
    """card ids shown (empty when hidden from the reader)"""
    hidden: int = 0
    """how many cards were drawn or dealt, when ``cards`` is hidden from the reader"""
    colour: Colour | None = None
    """the colour in effect after a play, or the colour named"""
    value: int = 0
    """a number: round, pile size, direction, penalty total, rank, verdict"""
    reason: str = ""
    """a draw's :class:`DrawReason`, or a turn's phase"""
    result: Result | None = None
    """the round's or the match's result (round_end, match_end)"""

    @property
    def data(self) -> dict[str, Any] | None:
        """The result as the plain dict that saves hold (None without one)."""
        return None if self.result is None else self.result.to_dict()

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind.value}
        if self.seat != -1:
            d["seat"] = self.seat
        if self.target != -1:
            d["target"] = self.target
        if self.cards:
            d["cards"] = list(self.cards)
        if self.hidden:
            d["hidden"] = self.hidden
        if self.colour is not None:
            d["colour"] = self.colour.value
        if self.value:
            d["value"] = self.value
        if self.reason:
            d["reason"] = str(self.reason)
        if self.result is not None:
            d["data"] = self.result.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        kind = EventKind(d["kind"])
        colour = d.get("colour")
        data = d.get("data")
        result: Result | None = None
        if data is not None:
            if kind is EventKind.ROUND_END:
                result = RoundResult.from_dict(data)
            elif kind is EventKind.MATCH_END:
                result = MatchResult.from_dict(data)
            else:
                raise ValueError(f"a {kind.value} event carries no result")
        reason = str(d.get("reason", ""))
        return cls(
            kind=kind,
            seat=int(d.get("seat", -1)),
            target=int(d.get("target", -1)),
            cards=_ints(d.get("cards", ())),
            hidden=int(d.get("hidden", 0)),
            colour=Colour(colour) if colour is not None else None,
            value=int(d.get("value", 0)),
            reason=DrawReason(reason) if kind is EventKind.DRAW and reason else reason,
            result=result,
        )


def owners(event: Event) -> tuple[int, ...]:
    """Who sees ``event``'s cards when others may not: the seat that drew them;
    for a challenge (T5) also the offender whose hand was shown."""
    if event.kind == EventKind.CHALLENGE:  # (==: a plain "challenge" string too)
        return (event.seat, event.target)
    return (event.seat,)


PRIVATE_CARDS: Final = (EventKind.DEAL, EventKind.DRAW, EventKind.CHALLENGE)
"""The kinds whose cards only their :func:`owners` see (``in`` also matches plain strings)."""


def public_version(event: Event) -> Event:
    """The event as every seat but its :func:`owners` sees it."""
    if not event.cards or event.kind not in PRIVATE_CARDS:
        return event
    if event.kind == EventKind.CHALLENGE:
        return event._replace(cards=())
    return event._replace(cards=(), hidden=len(event.cards))


def redact(event: Event, viewer: int) -> Event:
    """The event as ``viewer`` may see it (``viewer`` = -1: a spectator)."""
    return event if viewer in owners(event) else public_version(event)


class RoundLog:
    """A round's events, kept so any seat's view of them is an O(1) snapshot.

    ``full`` is the log as it happened, ``public`` as everyone but a card's
    owner sees it, and ``own[seat]`` maps the positions of that seat's private
    events (its draws, a challenge it made or faced) to their full versions.
    All three are only appended to; a new round starts a new RoundLog.
    """

    __slots__ = ("full", "public", "own")

    def __init__(self, seats: int) -> None:
        self.full: list[Event] = []
        self.public: list[Event] = []
        self.own: list[dict[int, Event] | None] = [None] * seats

    def file(self, e: Event) -> None:
        """Log ``e`` (and note who may see its cards)."""
        shown = public_version(e) if e.cards and e.kind in PRIVATE_CARDS else e
        i = len(self.full)
        self.full.append(e)
        self.public.append(shown)
        if shown is not e:
            for seat in owners(e):
                own = self.own[seat]
                if own is None:
                    own = self.own[seat] = {}
                own[i] = e

    def seen_by(self, seat: int) -> EventLog:
        """The log so far as ``seat`` sees it (-1 or any other number: a spectator)."""
        mine = self.own[seat] if 0 <= seat < len(self.own) else None
        return EventLog(self.public, len(self.public), mine)


class EventLog(Prefix[Event]):
    """An immutable snapshot of the first ``n`` events of a round, as one seat sees them
    (the public log, with this seat's own private events shown whole)."""

    __slots__ = ("_own",)

    def __init__(self, public: list[Event], n: int | None = None,
                 own: dict[int, Event] | None = None) -> None:
        super().__init__(public, len(public) if n is None else n)
        self._own = own

    def _at(self, i: int) -> Event:
        own = self._own
        if own:
            mine = own.get(i)
            if mine is not None:
                return mine
        e: Event = self._items[i]
        return e

    def __iter__(self) -> Iterator[Event]:
        own = self._own
        if not own:
            return super().__iter__()
        return (own.get(i, e) for i, e in enumerate(islice(self._items, self._n)))
