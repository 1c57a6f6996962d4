"""A bot whose moves a script fixes (the tutorial's opponents).

Like every agent it sees only a :class:`~game.rules.view.PlayerView` and the
legal actions. On its turn it plays the first scripted action that is legal
now (its scripted cards leave its hand as they are played, so that is the next
one); out of turn it calls UNO when down to one card, unless the script says
it forgets after that card, and never catches or jumps in: in the tutorial the
player does that. It keeps no count of its own, so an answer the table drops
(the state moved on while it thought) cannot put it out of step.

With no scripted action legal it takes a plain Draw, Accept or Pass when one
is offered, else asks ``then`` (the level that plays on when the script is
over); with no ``then``, the first legal action that is not a T8 wrong play.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.rules.actions import Accept, Action, CallUno, Draw, Pass, WrongPlay
from game.rules.view import PlayerView

from .base import Agent, Choice


class ScriptedAgent:
    """``moves``: this seat's actions in the order it makes them on its turns;
    ``forget_uno_after``: card ids after which it does not call UNO (T6);
    ``then``: who plays once no scripted action is left (None: the first legal)."""

    name = "scripted"

    def __init__(self, moves: Sequence[Action], *, forget_uno_after: Collection[int] = (),
                 then: Agent | None = None) -> None:
        self.moves = tuple(moves)
        self.forget_uno_after = frozenset(forget_uno_after)
        self.then = then

    def scripted_left(self, view: PlayerView) -> bool:
        """Whether a scripted card is still in this seat's hand."""
        held = {c.id for c in view.hand}
        return any(set(getattr(m, "cards", ())) & held for m in self.moves)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        if view.to_act != view.seat:
            return self._out_of_turn(view, legal)
        for move in self.moves:
            if move in legal:
                return move
        if self.scripted_left(view):
            for a in legal:
                if isinstance(a, (Draw, Accept, Pass)):
                    return a
        if self.then is not None:
            return self.then.choose(view, legal)
        plain: list[Action] = [a for a in legal if not isinstance(a, WrongPlay)]
        return plain[0] if plain else (legal[0] if legal else None)

    def _out_of_turn(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        if not self.scripted_left(view) and self.then is not None:
            return self.then.choose(view, legal)
        call = next((a for a in legal if isinstance(a, CallUno)), None)
        if call is None or view.uno_exposed != view.seat:
            return None
        last = view.top_card.id if view.top_card is not None else -1
        return None if last in self.forget_uno_after else call  # T6: forgot, on purpose
