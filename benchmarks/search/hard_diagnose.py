"""Why does (or does not) Hard's search beat its Normal prior? A diagnosis harness.

It plays a few real games (Hard against 3 outside bots, Official, 4 seats)
and keeps every position where Hard searched. For each position it compares
the move Normal picks, the move Hard picks, and what each candidate is worth
by two measures:

* ``sim``: Hard's own estimate with a much larger budget (``--sim-worlds``
  sampled worlds, every candidate played in the same worlds);
* ``engine``: ``--engine-games`` real playouts per candidate in the rules
  engine, the hidden cards re-dealt (hand sizes and public history kept), the
  hero continuing as Normal and the opponents as the real outside bots, the
  same re-deals and bot seeds for every candidate (common random numbers).

The engine value is the ground truth for "is this move better"; the sim value
shows whether the rollout model ranks moves the way the real table does.

    .venv/bin/python -m benchmarks.search.hard_diagnose --games 12 --positions 40
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks.strength.bots import OUTSIDE
from game.ai.base import Agent, Choice
from game.ai.hard import HardAgent
from game.ai.normal import NormalAgent, choose_turn
from game.ai.rollout import World, playout
from game.ai.tracking import track
from game.rules.actions import Action, CallUno, WrongPlay
from game.rules.engine import Game
from game.rules.resample import redeal_hidden
from game.rules.settings import OFFICIAL
from game.sim import _play


def act_of(res: Action | Choice | None) -> Action | None:
    return res.action if isinstance(res, Choice) else res


def collect(games: int, opponent: str, seed: int) -> list[tuple[Game, int, Action, Action,
                                                                 list[Action]]]:
    """(game copy, hero seat, Normal's move, Hard's move, candidates) per searched decision."""
    out = []
    for i in range(games):
        hero = i % 4
        g = Game.new(OFFICIAL, 4, seed * 1000 + i)
        hard = HardAgent(seed * 31 + i, think_ms=60_000)
        bots: list[Agent] = [OUTSIDE[opponent](i * 7 + s) for s in range(4)]
        while not g.round_over:
            if g.uno_exposed >= 0 or g.jump_card >= 0:
                for s in g.out_of_turn_seats():
                    legal = g.legal_actions(s)
                    agent = hard if s == hero else bots[s]
                    a = act_of(agent.choose(g.view(s), legal)) if legal else None
                    if a is not None:
                        g.apply(a)
                        break
            if g.round_over:
                break
            s = g.to_act
            legal = g.legal_actions(s)
            if s == hero:
                view = g.view(s)
                snapshot = Game.from_dict(g.to_dict())
                a = act_of(hard.choose(view, legal))
                if hard.last_iterations:
                    real = [x for x in legal if not isinstance(x, (WrongPlay, CallUno))]
                    know = track(view)
                    prior = choose_turn(view, real, know).action
                    cands = hard._candidates(view, real, know, prior)
                    out.append((snapshot, s, prior, a, cands))
            else:
                a = act_of(bots[s].choose(g.view(s), legal))
            assert a is not None
            g.apply(a)
    return out


def engine_values(g: Game, hero: int, cands: list[Action], opponent: str, n: int,
                  seed: int) -> list[list[float]]:
    """Per candidate, the hero's win (1/0) in each of ``n`` re-dealt playouts."""
    rng = random.Random(seed)
    worlds = [(redeal_hidden(g, hero, rng), rng.getrandbits(32)) for _ in range(n)]
    out: list[list[float]] = []
    for a in cands:
        res = []
        for world, s in worlds:
            w = Game.from_dict(world.to_dict())
            agents: list[Agent] = [OUTSIDE[opponent](s + k) for k in range(4)]
            agents[hero] = NormalAgent(s)
            w.apply(a)
            r = _play(w, [x.choose for x in agents], s, False, None, 100_000) \
                if not w.round_over else None
            winner = w.winner if r is None else r.winner
            res.append(1.0 if winner == hero else 0.0)
        out.append(res)
    return out


class NoisyHard(HardAgent):
    """Hard whose playouts choose cards with ``noise`` instead of the rollout default."""

    def __init__(self, seed: int, iterations: int, noise: float) -> None:
        super().__init__(seed, iterations=iterations)
        self.noise = noise

    def _playout(self, w: World, seat: int, me: int, rng: random.Random) -> float:
        return playout(w, seat, me, rng, self.depth, noise=self.noise)


def sim_values(g: Game, hero: int, cands: list[Action], worlds: int, seed: int,
               noise: float | None = None) -> list[float]:
    agent = (HardAgent(seed, iterations=worlds) if noise is None
             else NoisyHard(seed, worlds, noise))
    view = g.view(hero)
    know = track(view)
    sweeps = agent._sweeps(view, know, cands, time.perf_counter())
    return [statistics.fmean(col) for col in zip(*sweeps, strict=True)]


def paired_se(a: list[float], b: list[float]) -> float:
    d = [x - y for x, y in zip(a, b, strict=True)]
    return statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--opponent", default="keepwilds")
    ap.add_argument("--engine-games", type=int, default=200)
    ap.add_argument("--sim-worlds", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--switches", action="store_true",
                    help="only the positions where Hard left Normal's move")
    ap.add_argument("--noise", type=float, default=None,
                    help="rollout policy noise for the sim estimate (default: Hard's own)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    positions = collect(args.games, args.opponent, args.seed)
    print(f"{len(positions)} searched decisions in {args.games} games "
          f"({time.perf_counter() - t0:.0f} s); Hard left Normal's move in "
          f"{sum(1 for p in positions if p[2] != p[3])}")
    if args.switches:
        positions = [p for p in positions if p[2] != p[3]]
    rng = random.Random(args.seed)
    picked = positions if len(positions) <= args.positions else rng.sample(positions,
                                                                           args.positions)
    gain_hard: list[float] = []
    gain_best: list[float] = []
    sim_agree = 0
    pairs: list[tuple[float, float]] = []  # (sim, engine) gain over Normal, other moves
    for k, (g, hero, prior, hard_move, cands) in enumerate(picked):
        eng = engine_values(g, hero, cands, args.opponent, args.engine_games, k)
        sim = sim_values(g, hero, cands, args.sim_worlds, k, args.noise)  # --noise: only here
        ev = [statistics.fmean(r) for r in eng]
        p0 = cands.index(prior)
        h = cands.index(hard_move) if hard_move in cands else p0
        best_e = max(range(len(cands)), key=lambda i: ev[i])
        best_s = max(range(len(cands)), key=lambda i: sim[i])
        sim_agree += best_e == best_s
        gain_hard.append(ev[h] - ev[p0])
        gain_best.append(ev[best_e] - ev[p0])
        pairs.extend((sim[i] - sim[p0], ev[i] - ev[p0]) for i in range(len(cands)) if i != p0)
        print(f"#{k} seat {hero}: {len(cands)} moves; normal={p0} hard={h} "
              f"engine-best={best_e} sim-best={best_s}")
        for i, a in enumerate(cands):
            se = paired_se(eng[i], eng[p0]) if i != p0 else 0.0
            print(f"   {i} {a!s:60.60} engine {ev[i]:.3f} (vs normal {ev[i] - ev[p0]:+.3f}"
                  f" ±{se:.3f})  sim {sim[i]:.3f}")
    n = len(picked)
    print(f"\n{n} positions, {time.perf_counter() - t0:.0f} s")
    print(f"engine value of Hard's move minus Normal's: mean {statistics.fmean(gain_hard):+.4f}")
    print(f"engine value of the engine-best move minus Normal's (an upper bound, "
          f"biased up by noise): mean {statistics.fmean(gain_best):+.4f}")
    print(f"sim's best move = engine's best move in {sim_agree}/{n}")
    xs = [p[0] for p in pairs]
    ys = [p[1] for p in pairs]
    slope = sum(x * y for x, y in pairs) / max(1e-12, sum(y * y for y in ys))
    print(f"{len(pairs)} other moves: correlation of sim and engine gains over Normal "
          f"{statistics.correlation(xs, ys):.2f}; sim gain = {slope:.2f} x engine gain "
          f"(below 1: the rollouts blur the differences)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
