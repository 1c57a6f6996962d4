"""Event records: what ``Game.apply`` reports happened, in order.

The table animates events and the game log prints them; nobody diffs state.
One record type keeps redaction and JSON simple. Fields by ``kind``:

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
                   ``reason``: choice, penalty, uno, false_uno, challenge,
                   wrong_play, forced
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
rotate             H7: every hand passed to the next player (``value`` = direction)
turn               ``seat`` must decide now; ``reason`` = the phase
out                R1/R4: ``seat`` went out, ``value`` = rank (1 = first)
round_end          R2-R5: ``seat`` = winner; ``data`` = hands, points, totals
match_end          ``seat`` = winner (R3: lowest total); ``data`` = totals, ranking
=================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any, Final, NamedTuple

from .cards import Colour
from .prefix import Prefix


class Event(NamedTuple):
    """An immutable event record (a NamedTuple: cheap to create, compares by value)."""

    kind: str
    seat: int = -1
    target: int = -1
    cards: tuple[int, ...] = ()
    hidden: int = 0
    colour: Colour | None = None
    value: int = 0
    reason: str = ""
    data: Any = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
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
            d["reason"] = self.reason
        if self.data is not None:
            d["data"] = self.data
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        colour = d.get("colour")
        return Event(
            kind=str(d["kind"]),
            seat=int(d.get("seat", -1)),
            target=int(d.get("target", -1)),
            cards=tuple(int(c) for c in d.get("cards", ())),
            hidden=int(d.get("hidden", 0)),
            colour=Colour(colour) if colour is not None else None,
            value=int(d.get("value", 0)),
            reason=str(d.get("reason", "")),
            data=d.get("data"),
        )


_new_tuple: Final = tuple.__new__


def ev(kind: str, seat: int = -1, target: int = -1, cards: tuple[int, ...] = (),
       hidden: int = 0, colour: Colour | None = None, value: int = 0, reason: str = "",
       data: Any = None) -> Event:
    """``Event(...)`` without the NamedTuple's interpreted ``__new__`` (the engine
    makes a few per action; the compiled build calls this natively)."""
    return _new_tuple(Event, (kind, seat, target, cards, hidden, colour, value, reason, data))


_PRIVATE_DRAWS: Final = frozenset({"deal", "draw"})


def owners(event: Event) -> tuple[int, ...]:
    """Who sees ``event``'s cards when others may not: the seat that drew them;
    for a challenge (T5) also the offender whose hand was shown."""
    return (event.seat, event.target) if event.kind == "challenge" else (event.seat,)


def public_version(event: Event) -> Event:
    """The event as every seat but its :func:`owners` sees it."""
    if not event.cards:
        return event
    kind = event.kind
    if kind in _PRIVATE_DRAWS:
        return ev(kind, event.seat, event.target, (), len(event.cards), event.colour,
                  event.value, event.reason, event.data)
    if kind == "challenge":
        return event._replace(cards=())
    return event


def redact(event: Event, viewer: int) -> Event:
    """The event as ``viewer`` may see it (``viewer`` = -1: a spectator)."""
    return event if viewer in owners(event) else public_version(event)


class EventLog(Prefix[Event]):
    """An immutable snapshot of the first ``n`` events of a round, as one seat sees them.

    ``public`` is the round's log as everyone but a card's owner sees it and
    ``own`` maps the positions of this seat's private events (its draws, a
    challenge it made or faced) to their full versions. The engine only ever
    appends to both (a new round starts new ones), so the first ``n`` entries
    never change and a PlayerView can carry a snapshot without copying the log.
    """

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
        return self._items[i]

    def __iter__(self) -> Iterator[Event]:
        own = self._own
        if not own:
            return super().__iter__()
        return (own.get(i, e) for i, e in enumerate(islice(self._items, self._n)))
