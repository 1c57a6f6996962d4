"""The draw pile: shuffling, drawing, and T7's reshuffle of the discard pile."""

from __future__ import annotations

from .events import DrawReason, Event, EventKind
from .state import MatchState
from .verdicts import can_draw_from


def reshuffle(m: MatchState) -> None:
    """T7: all of the discard pile but its top card becomes the draw pile."""
    r = m.round
    if len(r.discard) <= 1:
        return
    rest = r.discard[:-1]
    r.discard = r.discard[-1:]  # a new list: older snapshots of the pile keep theirs
    m.rng.shuffle(rest)
    r.draw_pile = rest
    m.emit(Event(EventKind.RESHUFFLE, value=len(rest)))


def can_draw(m: MatchState) -> bool:
    """T7: is there anything left to draw (the draw pile, or a discard pile to turn)?"""
    r = m.round
    return can_draw_from(len(r.draw_pile), len(r.discard))


def draw_cards(m: MatchState, seat: int, count: int, reason: DrawReason) -> list[int]:
    """``seat`` draws ``count`` cards, reshuffling as T7 says; what there is, if fewer.

    Drawing is progress: it resets the T7 idle-turn count, and a seat that
    draws can no longer be caught for not calling UNO (T6)."""
    r = m.round
    got: list[int] = []
    for _ in range(count):
        if not r.draw_pile:
            reshuffle(m)
            if not r.draw_pile:
                break  # T7: draw what there is
        got.append(r.draw_pile.pop())
    if got:
        r.dry_turns = 0
        r.hands[seat].extend(got)
        m.emit(Event(EventKind.DRAW, seat=seat, cards=tuple(got), reason=reason))
        if r.uno_exposed == seat:
            r.uno_exposed = -1
    return got
