"""Deals to rig a journey: the first seed whose deal (``Game.new``, as the game
deals with ``--seed``) has what the journey needs."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.engine import Game
from game.rules.settings import preset


def seed_where(seats: int, want: Callable[[Game], bool], limit: int = 5000) -> int:
    settings = preset("official")
    for seed in range(limit):
        if want(Game.new(settings, seats, seed)):
            return seed
    raise AssertionError(f"no seed below {limit} deals what the journey needs")


def faces(game: Game, seat: int) -> list[str]:
    return [c.short() for c in game.view(seat).hand]
