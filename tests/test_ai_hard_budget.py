"""Hard's budget is work (sampled worlds), with the wall clock only a cap: the
same seed makes the same decisions on a fast and on a slow or busy computer."""

from __future__ import annotations

import itertools

import pytest

import game.ai.hard as hard
from game.ai.base import Choice
from game.ai.hard import HardAgent
from game.ai.normal import NormalAgent
from game.rules.engine import Game
from game.rules.settings import OFFICIAL


def _play(seed: int, think_ms: int, seats: int = 4) -> list[tuple[object, int, bool]]:
    """Hard in seat 0 against Normal: (decision, worlds, capped) per Hard decision."""
    agent = HardAgent(seed, think_ms=think_ms)
    others = [NormalAgent(seed * 10 + s) for s in range(seats)]
    g = Game.new(OFFICIAL, seats, seed)
    out: list[tuple[object, int, bool]] = []
    steps = 0
    while not g.round_over and steps < 300:
        s = g.to_act
        legal = g.legal_actions(s)
        res = (agent if s == 0 else others[s]).choose(g.view(s), legal)
        assert res is not None
        act = res.action if isinstance(res, Choice) else res
        if s == 0:
            out.append((act, agent.last_iterations, agent.last_capped))
        g.apply(act)
        steps += 1
    return out


class SlowClock:
    """A clock that runs ``step`` seconds further at every reading: a machine
    where each piece of search work takes longer."""

    def __init__(self, step: float) -> None:
        self.ticks = itertools.count()
        self.step = step

    def __call__(self) -> float:
        return next(self.ticks) * self.step


@pytest.mark.parametrize("seed", [3, 8])
def test_same_seed_same_decisions_on_a_slowed_clock(seed: int, monkeypatch) -> None:
    # a cap no real decision reaches, even on a busy test machine
    fast = _play(seed, think_ms=5000)
    assert any(worlds > 0 for _, worlds, _ in fast), "the game had searched decisions"
    assert not any(capped for _, _, capped in fast)
    # every clock reading 10 ms later: at most 401 readings (4 s) stay under the cap
    monkeypatch.setattr(hard.time, "perf_counter", SlowClock(0.01))
    slow = _play(seed, think_ms=5000)
    assert slow == fast
    assert not any(capped for _, _, capped in slow)


def test_wall_clock_cap_still_stops_a_machine_far_too_slow(monkeypatch) -> None:
    monkeypatch.setattr(hard.time, "perf_counter", SlowClock(0.05))
    decisions = _play(3, think_ms=300)
    searched = [(w, c) for _, w, c in decisions if w > 0]
    assert searched and all(c and w <= 6 for w, c in searched)


@pytest.mark.parametrize("seed", [3, 8])
def test_heads_up_futility_stop_waits_for_150_worlds(seed: int, monkeypatch) -> None:
    """Heads-up, the futility stop (no move on course to beat Normal's) may end
    a search only from 150 worlds; at a 4-seat table from 60. With the other
    early stop (a clear leader) switched off, every searched heads-up decision
    runs at least 150 worlds, and some 4-seat ones stop before that."""
    monkeypatch.setattr(hard, "_settled", lambda sweeps, wins: False)
    heads_up = [w for _, w, _ in _play(seed, think_ms=60_000, seats=2) if w > 0]
    assert heads_up, "the game had searched decisions"
    assert min(heads_up) >= 150
    assert any(w < hard.WORLDS for w in heads_up), "the futility stop still ends searches"
    four = [w for _, w, _ in _play(seed, think_ms=60_000, seats=4) if w > 0]
    assert any(hard.FUTILE_FROM <= w < 150 for w in four)
