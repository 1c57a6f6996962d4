"""Engine speed against RLCard's UNO environment, in the same run.

Full 4-player games with random legal agents: ours under the Official preset
(every rule on: UNO calls and catches, challenges, scoring) through the same
loop as ``uno-sim`` (each decision gets a PlayerView); RLCard's ``uno``
environment with its RandomAgent (``env.run``). Several alternating rounds;
prints games/s and decisions/s of each and the median ratio.

    pip install -e .[bench]
    python benchmarks/engine_vs_rlcard.py --rounds 5 --seconds 3

The same source compiled with mypyc (``setup.py``, ``UNO_COMPILE=1``) in a
throw-away virtual environment, then this benchmark against it:

    bash benchmarks/compiled_engine.sh --rounds 5 --seconds 3

The first line printed says which engine ran (interpreted or compiled).
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.ai.base import RandomAgent
from game.rules.actions import Draw
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.sim import play_game


def ours(seconds: float, seed: int) -> tuple[float, float]:
    games = turns = 0
    # The agents are made once per run, as RLCard's env.set_agents below.
    agents = [RandomAgent(seed * 10 + i) for i in range(4)]
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        res = play_game(agents, OFFICIAL, seed)
        games += 1
        turns += res.turns
        seed += 1
    dt = time.perf_counter() - t0
    return games / dt, turns / dt


def ours_bare(seconds: float, seed: int) -> tuple[float, float]:
    """The engine alone: legal_actions + apply, no views, first-round only."""
    import random

    rng = random.Random(seed)
    games = turns = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = Game.new(OFFICIAL, 4, seed + games)
        while not (g.round_over or g.is_over):
            legal = g.legal_actions(g.to_act)
            plays = [a for a in legal if type(a) is not Draw] or legal
            g.apply(plays[int(rng.random() * len(plays))])
            turns += 1
        games += 1
    dt = time.perf_counter() - t0
    return games / dt, turns / dt


def rlcard_env(seconds: float, seed: int) -> tuple[float, float]:
    import rlcard
    from rlcard.agents import RandomAgent as RLRandom

    env = rlcard.make("uno", config={"game_num_players": 4, "seed": seed})
    env.set_agents([RLRandom(num_actions=env.num_actions) for _ in range(4)])
    games = turns = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        trajectories, _ = env.run(is_training=False)
        turns += sum((len(t) - 1) // 2 for t in trajectories)
        games += 1
    dt = time.perf_counter() - t0
    return games / dt, turns / dt


def engine_kind() -> str:
    import game.rules.engine as engine

    path = engine.__file__ or "?"
    kind = "interpreted" if path.endswith(".py") else "compiled with mypyc"
    return f"engine: {kind} ({path})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    print(engine_kind())
    rows: dict[str, list[tuple[float, float]]] = {"ours": [], "ours_bare": [], "rlcard": []}
    ratios = []
    for r in range(args.rounds):
        o = ours(args.seconds, 1000 * r)
        b = ours_bare(args.seconds, 1000 * r)
        rl = rlcard_env(args.seconds, r)
        rows["ours"].append(o)
        rows["ours_bare"].append(b)
        rows["rlcard"].append(rl)
        ratios.append(o[0] / rl[0])
        print(f"round {r + 1}: ours {o[0]:8.1f} games/s ({o[1]:9.0f} decisions/s) | "
              f"engine only {b[0]:8.1f} games/s | RLCard env {rl[0]:7.1f} games/s "
              f"({rl[1]:8.0f} decisions/s) | ratio {o[0] / rl[0]:.2f}")
    print()
    for name, label in (("ours", "ours (uno-sim loop, views)"), ("ours_bare", "ours (engine only)"),
                        ("rlcard", "RLCard uno env")):
        g = statistics.median(x[0] for x in rows[name])
        d = statistics.median(x[1] for x in rows[name])
        print(f"{label:<28} median {g:8.1f} games/s  {d:9.0f} decisions/s")
    print(f"median ratio ours/RLCard (games/s): {statistics.median(ratios):.2f}  (target >= 10)")
    bare = statistics.median(b[0] / r[0] for b, r in zip(rows["ours_bare"], rows["rlcard"]))
    print(f"median ratio engine-only/RLCard (games/s): {bare:.2f}")


if __name__ == "__main__":
    main()
