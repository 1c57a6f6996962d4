"""Turn order (S5, T4, R4, R6): who plays next, direction, skips, and the T7 idle limit."""

from __future__ import annotations

from collections.abc import Container

from .events import Event, EventKind
from .phase import Phase
from .scoring import stalemate
from .state import MatchState

ROUND_TURN_LIMIT = 5_000
"""T7 stalemate: a round still going after this many turns ends (lowest hand wins).

Players who keep taking cards back (penalties accepted, false UNO calls) can
make a round endless; seeded random play needs at most ~3,100 turns (sheet
rules, 2 seats, 300 rounds), so only such rounds meet this bound."""


def seat_after(seat: int, direction: int, seats: int, out: Container[int] = ()) -> int:
    """The seat after ``seat`` going ``direction`` (+1 clockwise, -1 counter-clockwise)
    round a table of ``seats`` seats, passing over the seats in ``out`` (R4: out of
    the round). The one count of seats: the engine's and the AI's.

    ``seat`` itself may be out; with every seat out, the seat next to it."""
    s = seat
    for _ in range(seats):
        s = (s + direction) % seats
        if s not in out:
            return s
    return (seat + direction) % seats


def next_seat(m: MatchState, seat: int, direction: int = 0) -> int:
    """The seat after ``seat`` in ``direction`` (default: the direction of play),
    passing over seats that went out (R4): :func:`seat_after` in this match."""
    r = m.round
    return seat_after(seat, direction or r.direction, m.seats, r.out)


def flip_direction(m: MatchState) -> None:
    """T4: a Reverse flips the direction of play."""
    r = m.round
    r.direction = -r.direction
    m.emit(Event(EventKind.DIRECTION, value=r.direction))


def begin_turn(m: MatchState, seat: int, phase: Phase = Phase.PLAY) -> None:
    """Give ``seat`` the decision ``phase``, unless a full circle of turns went by
    in which no card was played or drawn, or the round reached ROUND_TURN_LIMIT
    turns (T7 stalemate): then the round ends and the lowest hand wins it."""
    r = m.round
    r.dry_turns += 1  # (reset to 0 whenever a card is played or drawn)
    r.turns += 1
    if r.dry_turns > m.seats - len(r.out) or r.turns > ROUND_TURN_LIMIT:
        stalemate(m)
        return
    r.current = r.to_act = seat
    r.phase = phase
    r.drawn = -1
    m.emit(Event(EventKind.TURN, seat=seat, reason=phase.value))


def skip_and_advance(m: MatchState, victim: int, count: int = 1, player: int = -1) -> None:
    """T4/H4: ``victim`` and the ``count - 1`` players after it lose their turn.

    The count passes over ``player`` (who played the Skips): N Skips skip N
    *other* players, wrapping round, so with two players the player goes again."""
    s = victim
    for i in range(count):
        m.emit(Event(EventKind.SKIP, seat=s))
        s = next_seat(m, s)
        if s == player and i < count - 1:
            s = next_seat(m, s)
    begin_turn(m, s)
