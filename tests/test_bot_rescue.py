"""The bot thread and its safety net (game/workers.py BotWorker).

A question the thread never picks up (its wake-up lost, or the thread gone)
is answered on the main thread after a while, so a match never stops on a
silent bot. A question the thread is working on stays the thread's: the
agent is one object with one random stream, never run on two threads at once.
A question the thread took is always answered, even when the agent fails.
"""

from __future__ import annotations

import threading
import time

from game.ai.random_agent import RandomAgent
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.workers import BotAnswer, BotJob, BotWorker


class Gated(RandomAgent):
    """Counts the threads inside ``choose``; on the bot thread it waits for ``release``."""

    def __init__(self) -> None:
        super().__init__(1)
        self.release = threading.Event()
        self.entered = threading.Event()
        self.inside = 0
        self.most_inside = 0
        self._count = threading.Lock()

    def choose(self, view, legal):  # type: ignore[no-untyped-def]
        with self._count:
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)
        try:
            if threading.current_thread() is not threading.main_thread():
                self.entered.set()
                self.release.wait(10)
            return super().choose(view, legal)
        finally:
            with self._count:
                self.inside -= 1


class Fatal(BaseException):
    """Not an Exception: what used to end the bot thread without an answer."""


class Failing(RandomAgent):
    def choose(self, view, legal):  # type: ignore[no-untyped-def]
        raise Fatal("the agent gave up")


def _job(g: Game) -> BotJob:
    seat = g.to_act
    return BotJob(len(g.actions), seat, False, g.view(seat), tuple(g.legal_actions(seat)))


def _answer(worker: BotWorker, timeout: float = 5.0) -> BotAnswer | None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        answer = worker.take()
        if answer is not None:
            return answer
        time.sleep(0.005)
    return None


def test_a_question_the_thread_never_picks_up_is_answered_on_the_main_thread() -> None:
    """The reported symptom, made on purpose: the thread waits and its wake-up
    never comes (the notify is swallowed); the main thread answers."""
    g = Game.new(OFFICIAL, 2, 3)
    worker = BotWorker({g.to_act: RandomAgent(1)})
    try:
        worker.ask(_job(Game.new(OFFICIAL, 2, 5)))  # start the thread, answer, free again
        assert _answer(worker) is not None
        time.sleep(0.05)  # the thread is back in its wait
        worker._cond.notify_all = lambda: None  # type: ignore[method-assign]
        worker.ask(_job(g))
        time.sleep(0.05)
        worker.rescue(after=1.0)
        assert worker.take() is None  # not yet: the thread still has time
        time.sleep(0.1)
        worker.rescue(after=0.1)
        answer = worker.take()
        assert answer is not None and answer.result is not None and answer.error is None
        assert worker.busy() is None
    finally:
        worker.close()


def test_rescue_never_runs_the_agent_beside_its_thread() -> None:
    g = Game.new(OFFICIAL, 2, 3)
    agent = Gated()
    worker = BotWorker({g.to_act: agent})
    try:
        worker.ask(_job(g))
        assert agent.entered.wait(5)  # the thread is thinking (slowly)
        time.sleep(0.05)
        worker.rescue(after=0.01)
        assert agent.most_inside == 1, "the agent ran on two threads at once"
        assert worker.take() is None  # still the thread's question
        agent.release.set()
        answer = _answer(worker)
        assert answer is not None and answer.result is not None
        assert agent.most_inside == 1
    finally:
        agent.release.set()
        worker.close()


def test_a_question_the_thread_took_is_answered_even_when_the_agent_fails() -> None:
    g = Game.new(OFFICIAL, 2, 3)
    worker = BotWorker({g.to_act: Failing(1)})
    try:
        worker.ask(_job(g))
        answer = _answer(worker, timeout=2.0)
        assert answer is not None, "the thread ended without an answer"
        assert isinstance(answer.error, Fatal) and answer.result is None
        worker.ask(_job(g))  # the thread is still there for the next question
        again = _answer(worker, timeout=2.0)
        assert again is not None and isinstance(again.error, Fatal)
    finally:
        worker.close()
