"""The guide: where a tutorial match is in its steps, and what it lets through.

The table asks :meth:`Guide.refusal` before it sends an action of the
player's: ``None`` lets it through, else the catalogue id of what the step
waits for (shown instead of acting). The match tells the guide of every
action applied (:meth:`Guide.follow`, a controller ``on_applied`` hook): the
step waited for moves it on, and the progress is handed to ``on_progress``
(kept in game/storage/tutorial_progress). Bots' actions are never stopped:
their script is the deal's. No pygame and no words here: ids only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.actions import Action
from game.rules.events import Event

from .script import FREE_PLAY, PLAYER, STEPS, Step


class Guide:
    """``at``: the index of the step waited for (``len(steps)``: all done)."""

    def __init__(self, steps: Sequence[Step] = STEPS, at: int = 0, *, player: int = PLAYER,
                 on_progress: Callable[[Guide], None] | None = None) -> None:
        self.steps = tuple(steps)
        self.at = max(0, min(at, len(self.steps)))
        self.player = player
        self.on_progress = on_progress
        self.last_done = ""
        """the ``.done`` id of the step finished last ("" before the first)"""

    @property
    def step(self) -> Step | None:
        """The step waited for, or None once every step is done."""
        return self.steps[self.at] if self.at < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.at >= len(self.steps)

    def line(self) -> str:
        """The catalogue id of the line on screen now."""
        step = self.step
        return step.line if step is not None else FREE_PLAY

    def allows(self, action: Action) -> bool:
        step = self.step
        return step is None or action.seat != self.player or step.wants(action)

    def refusal(self, action: Action) -> str | None:
        """None when ``action`` may go ahead, else the id saying what is wanted."""
        step = self.step
        return None if self.allows(action) or step is None else step.wanted

    def allows_any(self, actions: Sequence[Action]) -> bool:
        """Whether one of ``actions`` may go ahead (a wild before its colour is named)."""
        return any(self.allows(a) for a in actions)

    def follow(self, action: Action, events: list[Event]) -> None:
        """An action was applied: the one the step waited for moves it on."""
        step = self.step
        if step is None or action.seat != self.player or not step.wants(action):
            return
        self.at += 1
        self.last_done = step.done
        if self.on_progress is not None:
            self.on_progress(self)
