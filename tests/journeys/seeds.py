"""Deals to rig a journey: the first seed whose deal (``Game.new``, as the game
deals with ``--seed``) has what the journey needs."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.actions import Accept, Action, CallUno, Catch, ChooseColour, Draw, Pass, Play
from game.rules.cards import DECK, Kind
from game.rules.engine import Game
from game.rules.settings import preset
from game.rules.view import Phase


def seed_where(seats: int, want: Callable[[Game], bool], limit: int = 5000) -> int:
    settings = preset("official")
    for seed in range(limit):
        if want(Game.new(settings, seats, seed)):
            return seed
    raise AssertionError(f"no seed below {limit} deals what the journey needs")


def faces(game: Game, seat: int) -> list[str]:
    return [c.short() for c in game.view(seat).hand]


def _plays(legal: list[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play) and len(a.cards) == 1]


def _best_play(game: Game, seat: int, plays: list[Play]) -> Play:
    """Action cards first (in a two-player game they keep the turn), wilds last."""
    hand = game.view(seat).hand

    def rank(a: Play) -> tuple[int, int]:
        kind = DECK[a.cards[0]].kind
        order = 0 if kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO) else \
            2 if kind is Kind.WILD else 3 if kind is Kind.WILD_DRAW_FOUR else 1
        count = sum(c.colour is a.colour for c in hand) if a.colour is not None else 0
        return (order, -count)

    return min(plays, key=rank)


def plan_round(seed: int, limit: int = 80) -> list[Action] | None:
    """Two humans' moves for a whole round of the deal ``seed``: one goes down to
    one card without calling UNO and is caught, later one calls UNO in time, and
    someone wins. None when this deal does not get there within ``limit`` moves."""
    game = Game.new(preset("official"), 2, seed)
    plan: list[Action] = []
    caught = called = False
    while len(plan) < limit:
        phase = game.view(0).phase
        if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return plan if caught and called else None
        seat = game.to_act
        legal = game.legal_actions(seat)
        plays = _plays(legal)
        catch = [a for a in legal if isinstance(a, Catch)]
        call = [a for a in legal if isinstance(a, CallUno)]
        size = len(game.view(seat).hand)
        if catch:
            action: Action = catch[0]
            caught = True
        elif size == 2 and plays and caught and call and not called:
            action = call[0]
            called = True
        elif phase is Phase.CHALLENGE or phase is Phase.PENALTY:
            action = next(a for a in legal if isinstance(a, Accept))
        elif plays and (size > 2 or not caught or called):
            action = _best_play(game, seat, plays)
        elif plays:
            return None  # at two cards before the catch could be shown: not this deal
        else:
            action = next(a for a in legal if isinstance(a, (Draw, Pass, ChooseColour)))
        game.apply(action)
        plan.append(action)
    return None


def shortest_round(seeds: range = range(300)) -> tuple[int, list[Action]]:
    """The deal whose :func:`plan_round` is shortest."""
    best: tuple[int, list[Action]] | None = None
    for seed in seeds:
        plan = plan_round(seed, len(best[1]) if best else 80)
        if plan is not None and (best is None or len(plan) < len(best[1])):
            best = (seed, plan)
    assert best is not None, "no deal plays out the round journey"
    return best
