"""A bot whose thread never answers does not stop the match: the main thread answers."""

from __future__ import annotations

import threading
import time

from game.ai.random_agent import RandomAgent
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.workers import BotJob, BotWorker


class StuckOnItsThread(RandomAgent):
    """Answers at once on the main thread, never on the bot thread."""

    def __init__(self) -> None:
        super().__init__(1)
        self.release = threading.Event()

    def choose(self, view, legal):  # type: ignore[no-untyped-def]
        if threading.current_thread() is not threading.main_thread():
            self.release.wait(10)
        return super().choose(view, legal)


def test_an_unanswered_question_is_answered_on_the_main_thread() -> None:
    g = Game.new(OFFICIAL, 2, 3)
    seat = g.to_act
    agent = StuckOnItsThread()
    worker = BotWorker({seat: agent})
    try:
        worker.ask(BotJob(len(g.actions), seat, False, g.view(seat), tuple(g.legal_actions(seat))))
        time.sleep(0.05)
        worker.rescue(after=1.0)
        assert worker.take() is None  # not yet: the thread still has time
        time.sleep(0.1)
        worker.rescue(after=0.1)
        answer = worker.take()
        assert answer is not None and answer.result is not None and answer.error is None
        assert worker.busy() is None
    finally:
        agent.release.set()
        worker.close()
