"""Scoring (R1-R5, D2) and the T7 stalemate: how a round and a match end."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DECK
from .events import Event, EventKind, MatchResult, RoundResult
from .phase import Phase
from .settings import Scoring
from .state import MatchState


def hand_points(hand: list[int]) -> int:
    """D2: the points of the cards in ``hand``."""
    return sum(DECK[c].points for c in hand)


def standings(scoring: Scoring, totals: Sequence[int], out: Sequence[int] = ()) -> list[int]:
    """R2-R4: every seat, best first, by match ``totals`` (R2: highest first; R3
    ``penalty_points``: lowest first; R4 ``elimination``: the order ``out``, then
    the seats still holding cards), ties by seat number. The scoreboard and the
    phones rank with this while the match runs; at its end, its result's ranking."""
    n = len(totals)
    if scoring == "elimination":
        order = [s for s in out if 0 <= s < n]
        return order + [s for s in range(n) if s not in order]
    sign = 1 if scoring == "penalty_points" else -1
    return sorted(range(n), key=lambda s: (sign * totals[s], s))


def stalemate(m: MatchState) -> None:
    """T7: the round ends; the lowest hand (D2 points) wins it (R4: the seats
    still in go out from the lowest hand up)."""
    r = m.round
    ranked = sorted(r.active(), key=lambda s: (hand_points(r.hands[s]), s))
    if m.settings.scoring == "elimination":
        for seat in ranked:
            went_out(m, seat)
        end_round(m, r.out[0])
    else:
        end_round(m, ranked[0])


def went_out(m: MatchState, seat: int) -> None:
    """R4: ``seat`` leaves the round, ranked after those out before it."""
    r = m.round
    r.out = [*r.out, seat]
    m.emit(Event(EventKind.OUT, seat=seat, value=len(r.out)))


def gains(m: MatchState, winner: int, points: list[int]) -> list[int]:
    """R2-R5: what each seat scores for this round."""
    s = m.settings
    n = m.seats
    gained = [0] * n
    if s.scoring == "elimination":
        for rank, seat in enumerate(m.round.out):
            gained[seat] = n - 1 - rank
    elif s.scoring == "penalty_points":
        gained = points[:]
    elif s.teams:
        team = m.teams
        won = sum(points[x] for x in range(n) if team[x] != team[winner])
        for x in range(n):
            if team[x] == team[winner]:
                gained[x] = won
    else:
        gained[winner] = sum(points)
    return gained


def match_outcome(m: MatchState, winner: int) -> MatchResult | None:
    """R2-R5: the match's result if it is over after this round, else None."""
    s = m.settings
    scores = m.scores
    if s.scoring == "elimination":
        ranking = list(m.round.out)
        match_winner = ranking[0]
    elif s.scoring == "penalty_points":
        if max(scores) < s.target_score:
            return None
        ranking = [x for _, x in sorted((total, x) for x, total in enumerate(scores))]
        match_winner = ranking[0]
    else:
        if max(scores) < s.target_score:
            return None
        ranking = [x for _, x in sorted((-total, x) for x, total in enumerate(scores))]
        match_winner = winner if scores[winner] == max(scores) else ranking[0]
    winners = [x for x in range(m.seats) if s.teams and m.teams[x] == m.teams[match_winner]]
    return MatchResult(winner=match_winner, winners=tuple(winners or [match_winner]),
                       totals=tuple(scores), ranking=tuple(ranking), rounds=m.round_no)


def end_round(m: MatchState, winner: int) -> None:
    """R1: score the round won by ``winner``; the match ends or waits for NextRound."""
    r = m.round
    points = [hand_points(h) for h in r.hands]
    gained = gains(m, winner, points)
    m.scores = [total + gain for total, gain in zip(m.scores, gained)]
    m.round_points = [*m.round_points, gained]
    r.winner = winner
    r.uno_exposed = r.uno_declared = -1
    r.jump_card = -1
    m.emit(Event(EventKind.ROUND_END, seat=winner, result=RoundResult(
        winner=winner, round=m.round_no, hands=tuple(tuple(h) for h in r.hands),
        points=tuple(points), gained=tuple(gained), totals=tuple(m.scores), out=tuple(r.out))))
    r.current = winner
    outcome = match_outcome(m, winner)
    if outcome is not None:
        r.phase = Phase.MATCH_OVER
        r.to_act = -1
        m.emit(Event(EventKind.MATCH_END, seat=outcome.winner, result=outcome))
    else:
        r.phase = Phase.ROUND_OVER
        r.to_act = winner
        m.emit(Event(EventKind.TURN, seat=winner, reason=Phase.ROUND_OVER.value))
