"""Easy level: a beginner.

Plays a random legal card (never a T8 wrong play), forgets to call UNO 40%
of the time, is slow to catch others (declines most chances), rarely
challenges a Wild Draw Four and names a random colour.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    JumpIn,
    Play,
    WrongPlay,
)
from game.rules.view import PlayerView

from .base import Choice
from .hints import reason
from .registry import register_level

FORGET_UNO = 0.4  # T6: chance of not calling UNO before the second-to-last card
LATE_CALL = 0.3  # ... and of remembering once exposed
CATCH = 0.2  # chance of catching someone who forgot
JUMP = 0.3  # chance of jumping in (H3)
CHALLENGE = 0.1  # chance of challenging a Wild Draw Four


class EasyAgent:
    name = "easy"

    def __init__(self, seed: int | None = None, think_ms: int = 300) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        rng = self.rng
        me = view.seat
        if view.to_act != me:
            for a in legal:
                if isinstance(a, CallUno) and rng.random() < LATE_CALL:
                    return reason(a, "hint.call_exposed")
            for a in legal:
                if isinstance(a, Catch) and rng.random() < CATCH:
                    return reason(a, "hint.catch")
            for a in legal:
                if isinstance(a, JumpIn) and rng.random() < JUMP:
                    return reason(a, "hint.jump_in")
            return None
        for a in legal:
            if isinstance(a, Catch) and rng.random() < CATCH:
                return reason(a, "hint.catch")
        call = CallUno(me)
        options = [a for a in legal if not isinstance(a, (WrongPlay, CallUno, Catch))]
        if not options:
            return reason(legal[0], "hint.only")
        if Challenge(me) in options:
            plays = [a for a in options if isinstance(a, Play)]
            if rng.random() < CHALLENGE:
                return reason(Challenge(me), "hint.random")
            if plays and rng.random() < 0.5:
                return reason(plays[rng.randrange(len(plays))], "hint.random")
            return reason(Accept(me), "hint.random")
        pick = options[rng.randrange(len(options))]
        if (call in legal and isinstance(pick, Play) and len(view.hand) - len(pick.cards) == 1
                and not view.is_false_uno(call) and view.uno_declared != me
                and rng.random() >= FORGET_UNO):
            return reason(call, "hint.call_uno")
        return reason(pick, "hint.random")


register_level("easy", lambda seed, think_ms: EasyAgent(seed, think_ms))
