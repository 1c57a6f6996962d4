"""A complete small bot: the example of docs/BOTS.md.

Try it:  uno-sim --agents game.ai.example_bot:MyBot,normal,normal,normal --games 200
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.ai.base import Choice
from game.rules.actions import Accept, Action, CallUno, Catch, Draw, JumpIn, NextRound, Play
from game.rules.view import PlayerView


class MyBot:
    """Plays into the colour it holds most, keeps wilds for last, never forgets UNO."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        me = view.seat
        if view.to_act != me:  # out of turn: call UNO, catch, jump in
            for a in legal:
                if isinstance(a, (CallUno, Catch, JumpIn)):
                    return a
            return None
        plays = [a for a in legal if isinstance(a, Play)]
        # Call UNO before playing the second-to-last card (T6).
        if plays and len(view.hand) == 2 and CallUno(me) in legal:
            return Choice(CallUno(me), "UNO!")
        if plays:
            held = Counter(c.colour for c in view.hand if c.colour is not None)

            def value(p: Play) -> float:
                card = next(c for c in view.hand if c.id == p.cards[-1])
                if card.colour is None:  # a wild: last resort, name our best colour
                    return -100 + held[p.colour] if p.colour else -100
                return held[card.colour] + card.points / 10 + len(p.cards)

            best = max(plays, key=value)
            return Choice(best, "Plays into the colour I hold most")
        for kind in (Draw, Accept, NextRound):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return self.rng.choice(list(legal))  # anything else (keep-or-play, colour...)
