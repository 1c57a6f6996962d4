"""What the scoreboard shows: a record made by the table when a round or the
match ends, so the scoreboard reads data, never the table or its controller."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from game.rules.events import Event, MatchResult, RoundResult

if TYPE_CHECKING:
    from game.config import MatchConfig
    from game.controller import MatchController, MatchNumbers
    from game.rules.settings import RuleSettings

R = TypeVar("R", RoundResult, MatchResult)


@dataclass(frozen=True)
class Scores:
    """A round's end (and the match's, when it is over), as the scoreboard shows it."""

    seats: tuple[str, ...]
    """every seat's name as the match was set up (``i18n.seat_name`` shows it)"""
    people: frozenset[int]
    """the seats set up for a person (at this table or on a phone), not a bot"""
    seed: int
    """the match's seed (the confetti's pattern follows it)"""
    settings: RuleSettings
    """the match's rules (R2-R5 decide what the board says)"""
    teams: tuple[int, ...]
    """R5: each seat's team; () without teams"""
    round: RoundResult
    """the round that just ended"""
    history: tuple[tuple[int, ...], ...]
    """what each seat scored, round by round, this one included"""
    match: MatchResult | None
    """how the match ended; None while it goes on"""
    numbers: MatchNumbers | None
    """the match in numbers (rounds, best round, cards played); None while it goes on"""

    @classmethod
    def of(cls, ctl: MatchController, batches: Sequence[Sequence[Event]]) -> Scores:
        """The scores now: the last round_end (and match_end) among ``batches``
        (the table's history, oldest first); a match continued at its round's
        end has no such event, and its round is told from the spectator's view."""
        view = ctl.view(-1)
        round_result = _last(RoundResult, reversed(batches))
        if round_result is None:
            n = view.num_seats
            gained = tuple(view.round_points[-1]) if view.round_points else (0,) * n
            round_result = RoundResult(winner=view.winner, round=view.round_no,
                                       hands=((),) * n, points=(0,) * n, gained=gained,
                                       totals=tuple(view.scores), out=tuple(view.out))
        match = _last(MatchResult, reversed(batches)) if ctl.is_over else None
        config = ctl.config
        settings = config.settings
        return cls(seats=tuple(s.name for s in config.seats),
                   people=frozenset(i for i, s in enumerate(config.seats)
                                    if s.kind in ("human", "phone", "online")),
                   seed=config.seed, settings=settings,
                   teams=tuple(view.teams) if settings.teams else (), round=round_result,
                   history=tuple(tuple(r) for r in view.round_points), match=match,
                   numbers=ctl.match_numbers() if match is not None else None)


def _last(kind: type[R], batches: Iterable[Sequence[Event]]) -> R | None:
    for batch in batches:
        for event in reversed(batch):
            if isinstance(event.result, kind):
                return event.result
    return None


def next_match(config: MatchConfig) -> MatchConfig:
    """Play again: the same seats and rules, a new deal."""
    return dataclasses.replace(config, seed=random.randrange(1, 2**31))
