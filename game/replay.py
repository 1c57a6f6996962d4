"""Stepping through a recorded match: the replay viewer's door to the rules.

The replay scene never holds the engine: it asks a :class:`ReplayStepper` for
the position after ``k`` actions (as a :class:`PlayerView`) and the events of
the last step, forwards and backwards. A snapshot every :data:`SNAPSHOT_EVERY`
actions keeps a jump back short.
"""

from __future__ import annotations

from typing import Any

from game.config import MatchConfig
from game.rules.actions import Action
from game.rules.engine import Game
from game.rules.events import Event
from game.rules.view import PlayerView
from game.storage.saves import LoadedMatch

SNAPSHOT_EVERY = 50


class ReplayStepper:
    """The position after ``k`` of the recorded actions, forwards and backwards."""

    @classmethod
    def of(cls, loaded: LoadedMatch) -> ReplayStepper:
        """A stepper at the start of a loaded save or replay."""
        return cls(loaded.config, loaded.game.actions)

    def __init__(self, config: MatchConfig, actions: list[Action]) -> None:
        self.config = config
        self.actions = list(actions)
        self.game = Game.new(config.settings, seats=len(config.seats), seed=config.seed)
        self.initial_events: list[Event] = list(self.game.initial_events)
        self.k = 0
        self.last_events: list[Event] = list(self.initial_events)
        self._snapshots: dict[int, dict[str, Any]] = {0: self._snapshot()}

    @property
    def total(self) -> int:
        return len(self.actions)

    def view(self, seat: int) -> PlayerView:
        """The position now, as ``seat`` sees it (-1: a spectator)."""
        return self.game.view(seat)

    def _snapshot(self) -> dict[str, Any]:
        d = self.game.to_dict()
        d["actions"] = []  # restored from self.actions: keeps the cache small
        return d

    def _restore(self, k: int) -> Game:
        g = Game.from_dict(self._snapshots[k])
        g.actions = list(self.actions[:k])
        return g

    def _apply(self) -> list[Event]:
        events: list[Event] = list(self.game.apply(self.actions[self.k]))
        self.k += 1
        if self.k % SNAPSHOT_EVERY == 0 and self.k not in self._snapshots:
            self._snapshots[self.k] = self._snapshot()
        return events

    def forward(self) -> bool:
        if self.k >= self.total:
            return False
        self.last_events = self._apply()
        return True

    def goto(self, k: int) -> None:
        """Jump to the position after ``k`` actions (``last_events``: those of action k)."""
        k = max(0, min(self.total, k))
        if k == self.k:
            return
        if k == self.k + 1:
            self.forward()
            return
        if k == 0:
            self.game = self._restore(0)
            self.k = 0
            self.last_events = list(self.initial_events)
            return
        base = max(s for s in self._snapshots if s <= k - 1)
        if not base <= self.k <= k - 1:  # going on from here is not the shortest way
            self.game = self._restore(base)
            self.k = base
        while self.k < k - 1:
            self._apply()
        self.last_events = self._apply()
