"""Shared helpers for engine simulation tests: random settings and seeded play."""

from __future__ import annotations

import random
from dataclasses import fields

from game.rules.actions import Action
from game.rules.engine import Game
from game.rules.errors import SettingsConflict
from game.rules.settings import CHOICES, RuleSettings, conflicts

BOOLS = [f.name for f in fields(RuleSettings) if isinstance(getattr(RuleSettings(), f.name), bool)]


def random_settings(rng: random.Random) -> RuleSettings:
    """A random valid RuleSettings (conflicting combinations are repaired)."""
    while True:
        values: dict[str, object] = {name: rng.choice(opts) for name, opts in CHOICES.items()}
        for name in BOOLS:
            values[name] = rng.random() < 0.5
        values["challenge_guilty_draw"] = rng.choice([4, 6])
        values["false_uno_penalty"] = rng.choice([0, 2, 5])
        values["wrong_play_penalty"] = rng.choice([0, 0, 2])
        values["target_score"] = rng.choice([100, 300, 500])
        try:
            return RuleSettings(**values)  # type: ignore[arg-type]
        except SettingsConflict:
            continue


def random_seats(rng: random.Random, s: RuleSettings) -> int:
    while True:
        n = rng.randint(2, 10)
        if s.teams and (n % 2 or n < 4):
            continue
        if s.scoring == "elimination" and n < 3:
            continue
        return n


def step(g: Game, rng: random.Random) -> tuple[int, Action]:
    """Pick a seeded random legal action: sometimes out of turn, else the one to act."""
    others = g.out_of_turn_seats()
    if others and rng.random() < 0.35:
        seat = rng.choice(others)
    else:
        seat = g.to_act
    # False UNO calls (T6) are legal but only cost cards: a policy that keeps
    # making them can keep a 10-seat round going for ever, so this one avoids them.
    # T8 wrong plays likewise only cost cards.
    legal = [a for a in g.legal_actions(seat)
             if not (a.kind == "call_uno" and len(g.hands[seat]) > 2) and a.kind != "wrong_play"]
    plays = [a for a in legal if a.kind in ("play", "jump_in", "choose_colour", "catch")]
    pool = plays if plays and rng.random() < 0.85 else legal
    return seat, pool[rng.randrange(len(pool))]


__all__ = ["BOOLS", "random_settings", "random_seats", "step", "conflicts"]
