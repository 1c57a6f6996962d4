"""Engine speed against RLCard's UNO environment, in the same run.

Full 4-player games with random legal agents: ours under the Official preset
(every rule on: UNO calls and catches, challenges, scoring) through the same
loop as ``uno-sim`` (each decision gets a PlayerView); RLCard's ``uno``
environment with its RandomAgent (``env.run``). Several rounds; within a round
the contenders take turns in short slices (``--slice``, 0.25 s) until each has
run ``--seconds``, so the shared machine's changing load hits them alike. Prints
games/s and decisions/s of each, the median of the rounds' ratios, and how
many decisions a game takes in each (the rules differ: see docs/ENGINE_API.md).

    pip install -e .[bench]
    python -m benchmarks.speed.engine_vs_rlcard --rounds 5 --seconds 3

The first line printed says which engine ran: interpreted, or compiled when
run against a throw-away mypyc build (docs/BUILD.md, "No compiled build").
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.ai.base import RandomAgent
from game.rules.actions import Draw
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.sim import play_game


class Runner:
    """One contender: plays whole games for a time slice and keeps the totals."""

    def __init__(self) -> None:
        self.games = self.turns = 0
        self.elapsed = 0.0

    def game(self) -> int:
        """Play one game; return its decisions."""
        raise NotImplementedError

    def run(self, seconds: float) -> None:
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            self.turns += self.game()
            self.games += 1
        self.elapsed += time.perf_counter() - t0

    def rates(self) -> tuple[float, float]:
        return self.games / self.elapsed, self.turns / self.elapsed


class Ours(Runner):
    """The uno-sim loop: a PlayerView for every decision, whole rounds."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        # The agents are made once per run, as RLCard's env.set_agents below.
        self.agents = [RandomAgent(seed * 10 + i) for i in range(4)]

    def game(self) -> int:
        self.seed += 1
        return play_game(self.agents, OFFICIAL, self.seed).turns


class OursBare(Runner):
    """The engine alone: legal_actions + apply, no views, first round only."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self.rng = random.Random(seed)

    def game(self) -> int:
        self.seed += 1
        g = Game.new(OFFICIAL, 4, self.seed)
        turns = 0
        while not (g.round_over or g.is_over):
            legal = g.legal_actions(g.to_act)
            plays = [a for a in legal if type(a) is not Draw] or legal
            g.apply(plays[int(self.rng.random() * len(plays))])
            turns += 1
        return turns


class RLCardEnv(Runner):
    """RLCard's uno environment with its RandomAgent (``env.run``)."""

    def __init__(self, seed: int) -> None:
        import rlcard
        from rlcard.agents import RandomAgent as RLRandom

        super().__init__()
        self.env = rlcard.make("uno", config={"game_num_players": 4, "seed": seed})
        self.env.set_agents([RLRandom(num_actions=self.env.num_actions) for _ in range(4)])

    def game(self) -> int:
        trajectories, _ = self.env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories)


def play_round(r: int, seconds: float, slice_s: float) -> list[Runner]:
    """One round: the three take turns in short slices until each has run
    ``seconds``, so a change in the machine's load hits all of them alike."""
    runners: list[Runner] = [Ours(1000 * r), OursBare(1000 * r), RLCardEnv(r)]
    while any(x.elapsed < seconds for x in runners):
        for x in runners:
            if x.elapsed < seconds:
                x.run(min(slice_s, seconds - x.elapsed))
    return runners


def engine_kind() -> str:
    import game.rules.engine as engine

    path = engine.__file__ or "?"
    kind = "interpreted" if path.endswith(".py") else "compiled with mypyc"
    return f"engine: {kind} ({path})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0, help="per contender and round")
    ap.add_argument("--slice", type=float, default=0.25,
                    help="seconds each contender runs before the next takes over")
    args = ap.parse_args()
    print(engine_kind())
    rows: dict[str, list[tuple[float, float]]] = {"ours": [], "ours_bare": [], "rlcard": []}
    ratios = []
    for r in range(args.rounds):
        o, b, rl = (x.rates() for x in play_round(r, args.seconds, args.slice))
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
    print(f"median ratio ours/RLCard (games/s): {statistics.median(ratios):.2f}  (target >= 2)")
    per_decision = statistics.median(o[1] / r[1] for o, r in zip(rows["ours"], rows["rlcard"]))
    print(f"median ratio ours/RLCard (decisions/s): {per_decision:.2f}")
    for name, label in (("ours", "ours (Official)"), ("rlcard", "RLCard uno env")):
        print(f"decisions per game, {label}: "
              f"{statistics.median(d / g for g, d in rows[name]):.1f}")
    bare = statistics.median(b[0] / r[0] for b, r in zip(rows["ours_bare"], rows["rlcard"]))
    print(f"median ratio engine-only/RLCard (games/s): {bare:.2f}")


if __name__ == "__main__":
    main()
