"""Rigged decks for the rules tests: build a Game in a chosen situation.

``rig`` starts from ``Game.new`` (so every field a real game has exists) and then
overwrites the table: hands, draw pile, discard pile, colour, whose turn, phase...
Every card not placed explicitly goes to the bottom of the draw pile (or under
the top of the discard pile with ``leftover="discard"``), so the 108-card
invariant holds (112 cards with D3's ``deck="official"``); ``check_invariants`` runs at the end.

Cards are named by their short face (``Card.short()``): ``R5``, ``GS`` (Skip),
``BR`` (Reverse), ``Y+2``, ``W``, ``W4``, and with the D3 deck ``WS`` (Wild Shuffle Hands)
and ``WC`` (Wild Customizable). ``Faces`` hands out an unused id for a
face, so two ``"R5"`` give the two different red fives::

    c = Faces()
    g = rig(hands=[c.ids("R5 G7"), c.ids("R5 B1")], top=c("R3"))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.rules.actions import Action
from game.rules.cards import DECK, Colour, deck_size
from game.rules.engine import Game
from game.rules.events import Event, EventKind
from game.rules.settings import OFFICIAL, RuleSettings
from game.rules.state import RoundState
from game.rules.view import Phase

_BY_FACE: dict[str, list[int]] = {}
for _c in DECK:
    _BY_FACE.setdefault(_c.short(), []).append(_c.id)

_COLOUR_NAMES = {"r": Colour.RED, "red": Colour.RED, "y": Colour.YELLOW, "yellow": Colour.YELLOW,
                 "g": Colour.GREEN, "green": Colour.GREEN, "b": Colour.BLUE, "blue": Colour.BLUE}
_KIND_SYMBOL = {"skip": "S", "reverse": "R", "draw_two": "+2"}


def face_name(colour: str | Colour | None, kind: str = "number", number: int | None = None) -> str:
    """``("red", "number", 5)`` -> ``"R5"``; ``(None, "wild")`` -> ``"W"``."""
    kind = getattr(kind, "value", kind)
    if kind == "wild":
        return "W"
    if kind == "wild_draw_four":
        return "W4"
    if kind == "wild_shuffle_hands":
        return "WS"
    if kind == "wild_customizable":
        return "WC"
    assert colour is not None, "a coloured kind needs a colour"
    col = _COLOUR_NAMES[str(getattr(colour, "value", colour)).lower()]
    letter = col.value[0].upper()
    if kind == "number":
        assert number is not None and 0 <= number <= 9
        return f"{letter}{number}"
    return letter + _KIND_SYMBOL[kind]


class Faces:
    """Hands out card ids by face, never the same id twice."""

    def __init__(self, used: Iterable[int] = ()) -> None:
        self.used: set[int] = set(used)

    def __call__(self, face: str) -> int:
        ids = _BY_FACE.get(face)
        if ids is None:
            raise KeyError(f"no such card face {face!r}")
        for cid in ids:
            if cid not in self.used:
                self.used.add(cid)
                return cid
        raise ValueError(f"every {face} card is already used")

    def ids(self, faces: str) -> list[int]:
        """``"R5 G7 W"`` -> three unused ids."""
        return [self(f) for f in faces.split()]

    def card(self, colour: str | Colour | None, kind: str = "number",
             number: int | None = None) -> int:
        return self(face_name(colour, kind, number))


def card(colour: str | Colour | None, kind: str = "number", number: int | None = None,
         used: Iterable[int] = ()) -> int:
    """An id of the face (colour, kind, number) that is not in ``used``."""
    return Faces(used).card(colour, kind, number)


def short(ids: Iterable[int]) -> list[str]:
    return [DECK[c].short() for c in ids]


def rig(settings: RuleSettings = OFFICIAL, *, hands: Sequence[Sequence[int]], top: int,
        under: Sequence[int] = (), draw_pile: Sequence[int] = (), colour: Colour | None = None,
        to_act: int = 0, current: int | None = None, phase: Phase = Phase.PLAY,
        dealer: int | None = None, direction: int = 1, seed: int = 0,
        leftover: str = "draw", **fields: Any) -> Game:
    """A game in the given situation.

    ``hands``: card ids per seat (the seat count is ``len(hands)``).
    ``top``: the discard pile's top card; ``under``: cards below it (bottom first).
    ``draw_pile``: the next cards drawn, in drawing order.
    ``leftover``: where all other cards go: ``"draw"`` (bottom of the draw pile)
    or ``"discard"`` (under the top card, so the draw pile holds only ``draw_pile``).
    ``colour``: the colour in effect (default: the top card's colour).
    ``fields``: any other RoundState field (penalty, skips, drawn, uno_exposed,
    uno_declared, jump_card, jump_from, first_colour_only, out...) or MatchState
    field (scores, round_no...).
    """
    n = len(hands)
    g = Game.new(settings, n, seed)
    placed = [c for h in hands for c in h] + [top, *under, *draw_pile]
    assert len(placed) == len(set(placed)), "a card placed twice"
    rest = [c for c in range(deck_size(settings.deck)) if c not in set(placed)]
    pile_top_last = list(reversed(draw_pile))
    if leftover == "draw":
        pile, discard = rest + pile_top_last, [*under, top]
    else:
        assert leftover == "discard"
        pile, discard = pile_top_last, [*rest, *under, top]
    r = RoundState.fresh(n, pile)
    r.hands = [list(h) for h in hands]
    r.discard = discard
    r.colour = colour if colour is not None else DECK[top].colour
    r.to_act = to_act
    r.current = to_act if current is None else current
    r.phase = phase
    r.direction = direction
    m = g.state
    m.round = r
    m.dealer = (to_act - direction) % n if dealer is None else dealer
    for name, value in fields.items():
        target = r if hasattr(r, name) else m
        assert hasattr(target, name), f"no state field {name}"
        setattr(target, name, list(value) if isinstance(value, tuple) else value)
    g.actions = []
    g.initial_events = []
    g.check_invariants()
    return g


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def drew(events: Iterable[Event], seat: int, reason: str | None = None) -> int:
    """How many cards ``seat`` drew in these events (optionally for one reason)."""
    return sum(len(e.cards) for e in events
               if e.kind == "draw" and e.seat == seat and (reason is None or e.reason == reason))


def skipped(events: Iterable[Event]) -> list[int]:
    return [e.seat for e in events if e.kind == "skip"]


def run(g: Game, *actions: Action) -> list[Event]:
    """Apply the actions in order; all their events, and the invariants checked."""
    out: list[Event] = []
    for a in actions:
        out.extend(g.apply(a))
        g.check_invariants()
    return out


def log_the_deal(g: Game) -> None:
    """The deal's events, as the log of a real round has them (``rig`` leaves none)."""
    for seat, hand in enumerate(g.round.hands):
        for cid in hand:
            g.state.emit(Event(EventKind.DEAL, seat=seat, cards=(cid,)))
