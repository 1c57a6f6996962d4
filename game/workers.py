"""Work the frame loop must not wait for: bot decisions and autosaves.

Each runs on one daemon thread and only plain data crosses: a bot question is
a :class:`BotJob` (an immutable ``PlayerView`` and the legal actions), its
answer the agent's action; the autosave keeps its own copy of the match in
step by applying the same (immutable) actions, so the main thread hands over
an action and never builds a snapshot. Nothing here touches pygame.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.ai.base import Agent, Choice
from game.rules.actions import Action
from game.rules.engine import Game
from game.rules.view import PlayerView

FRAME_SWITCH_S = 0.0005
"""Python's lock switch interval while a bot thread runs. The default (5 ms) lets a
thinking bot keep the lock up to 5 ms each time the frame loop releases it (every
blit does), so one frame of the table could take 40-70 ms; at 0.5 ms the frame loop
gets it back at once and the bot loses a little speed."""

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class BotJob:
    stamp: int  # len(game.actions) when asked: an answer for another stamp is stale
    seat: int
    offer: bool  # out-of-turn options (the bot may decline) rather than its own turn
    view: PlayerView
    legal: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class BotAnswer:
    job: BotJob
    result: Action | Choice | None
    error: BaseException | None = None


class BotWorker:
    """Asks one agent at a time, on a daemon thread (or in the call, ``threaded=False``).

    The caller asks only when :meth:`busy` is False and collects with
    :meth:`take`. After :meth:`close` nothing more is answered.
    """

    def __init__(self, agents: Mapping[int, Agent], *, threaded: bool = True) -> None:
        self._agents = agents
        self._threaded = threaded
        self._cond = threading.Condition()
        self._job: BotJob | None = None  # asked and not yet taken
        self._asked_at = 0.0  # time.monotonic() of the question in flight
        self._answer: BotAnswer | None = None
        self._working: BotJob | None = None  # the question the thread is answering now
        self._closed = False
        self._thread: threading.Thread | None = None

    def _answer_of(self, job: BotJob) -> BotAnswer:
        try:
            return BotAnswer(job, self._agents[job.seat].choose(job.view, list(job.legal)))
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread, raised there
            # (any failure: one that ended the thread would leave the question unanswered)
            return BotAnswer(job, None, exc)

    def busy(self) -> BotJob | None:
        """The question asked and not taken yet (thinking, or answered)."""
        return self._job

    def ask(self, job: BotJob) -> None:
        with self._cond:
            if self._closed or self._job is not None:
                return
            self._job, self._answer = job, None
            self._asked_at = time.monotonic()
            if not self._threaded:
                self._answer = self._answer_of(job)
                return
            if self._thread is None:
                sys.setswitchinterval(min(sys.getswitchinterval(), FRAME_SWITCH_S))
                self._thread = threading.Thread(target=self._run, name="bot-thinking",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def take(self) -> BotAnswer | None:
        """The answer if it is ready; the worker is free again once it is taken."""
        with self._cond:
            answer = self._answer
            if answer is not None:
                self._job, self._answer = None, None
            return answer

    def rescue(self, after: float) -> None:
        """Answer the question in flight here if the thread has not picked it up
        ``after`` seconds after it was asked (its wake-up lost, or the thread
        gone): a silent bot must not stop the match. A question the thread is
        working on stays the thread's, however long it thinks: the agent is one
        object (one random stream, one search) that must never run on two
        threads at once."""
        with self._cond:
            job = self._job
            if job is None or self._answer is not None or self._working is job:
                return
            if time.monotonic() - self._asked_at < after:
                return
            log.warning("bot of seat %d: its thread did not pick the question up in %.1f s; "
                        "answered on the main thread", job.seat, after)
            self._answer = self._answer_of(job)

    def thinking(self) -> int:
        """The seat whose question is being worked on (-1: none)."""
        job = self._job
        return job.seat if job is not None and self._answer is None else -1

    def close(self) -> None:
        """Forget the question in flight; a thought finishing later is thrown away."""
        with self._cond:
            self._closed = True
            self._job = self._answer = None
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._closed or (
                    self._job is not None and self._answer is None))
                if self._closed:
                    return
                job = self._working = self._job
            assert job is not None
            answer = self._answer_of(job)
            with self._cond:
                self._working = None
                if self._job is job:  # not closed or dropped meanwhile
                    self._answer = answer
                self._cond.notify_all()


class AutosaveFollower:
    """Keeps a copy of the match in step on a daemon thread and saves it.

    ``start`` is ``Game.to_dict()`` of the match when the follower is made;
    :meth:`follow` hands over each applied action; the thread applies every
    action waiting, then calls ``write(copy)`` once (coalescing a burst).
    """

    def __init__(self, start: dict[str, Any], write: Callable[[Game], None]) -> None:
        self._start: dict[str, Any] | None = start
        self._write = write
        self._game: Game | None = None
        self._cond = threading.Condition()
        self._actions: list[Action] = []
        self._wanted = False  # a write is due (after actions, or asked for)
        self._busy = False
        self._lost = False  # the copy failed to follow: start again from a fresh snapshot
        self._thread: threading.Thread | None = None
        self.writes = 0  # completed writes (for tests)

    @property
    def lost(self) -> bool:
        return self._lost

    def restart(self, start: dict[str, Any]) -> None:
        with self._cond:
            self._start, self._game, self._actions, self._lost = start, None, [], False
            self._request()

    def follow(self, action: Action) -> None:
        with self._cond:
            self._actions.append(action)
            self._request()

    def write_now(self) -> None:
        """Save again even though no action came (leaving the table)."""
        with self._cond:
            self._request()

    def _request(self) -> None:
        self._wanted = True
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
            self._thread.start()
        self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every action handed over is written; False on time-out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._wanted and not self._busy,
                                       timeout=timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._wanted:
                    self._cond.wait(timeout=2.0)
                    if not self._wanted:
                        self._thread = None
                        self._cond.notify_all()
                        return
                actions, self._actions = self._actions, []
                self._wanted, self._busy = False, True
            try:
                if self._lost:
                    continue
                if self._game is None:
                    assert self._start is not None
                    self._game, self._start = Game.from_dict(self._start), None
                for action in actions:
                    self._game.apply(action)
                self._write(self._game)
            except Exception:  # noqa: BLE001 - one failed save must not stop the match
                log.exception("the autosave copy of the match could not follow")
                self._lost = True
            finally:
                with self._cond:
                    self._busy = False
                    self.writes += 1
                    self._cond.notify_all()
