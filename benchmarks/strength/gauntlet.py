"""The gauntlet: our levels against outside-style bots, round robin.

For every ordered pair (hero, opponent) and every table size it plays the hero
against ``seats - 1`` copies of the opponent, one round per game (the first
player out wins), the hero's seat rotating with the game number. Game ``i``
uses the same deal seed in every pairing (common random numbers). It prints
win rate, Wilson 95% interval, x fair share (and its lower end), the win rate
of the seat right after the hero (the victim of its Skips and Draw cards)
against the other opponents, and for searching levels think time and sampled
worlds per decision. With two or more heroes it also compares them on the same
deals, pairing by pairing (``head_to_head``): the games only one of the two
won, and a sign test over them (McNemar, as in ``paired.py``), far more
telling than two overlapping intervals.

    .venv/bin/python -m benchmarks.strength.gauntlet --games 400                 # all pairs
    .venv/bin/python -m benchmarks.strength.gauntlet --heroes normal,hard \\
        --opponents rlrule,keepwilds,dumper,randplay --seats 4 --games 2000
    .venv/bin/python -m benchmarks.strength.gauntlet --rules sheet --games 400 --jobs 2
    .venv/bin/python -m benchmarks.strength.gauntlet --deck official --games 200  # D3: 112 cards

Bots: ``rlrule``, ``keepwilds``, ``dumper``, ``randplay`` (benchmarks/strength/bots.py)
and any level name (``random``, ``easy``, ``normal``, ``hard``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.strength.bots import OUTSIDE
from game.ai.base import Agent, Choice
from game.ai.registry import make_agent
from game.progress import Progress
from game.rules.actions import Action
from game.rules.engine import Game
from game.rules.settings import RuleSettings, preset
from game.rules.view import PlayerView
from game.sim import _play, play_game, wilson

ALL_BOTS = ("rlrule", "keepwilds", "dumper", "randplay", "normal", "hard")


def make_bot(name: str, seed: int, think_ms: int) -> Agent:
    if name in OUTSIDE:
        return OUTSIDE[name](seed)
    return make_agent(name, seed, think_ms)


class Recorder:
    """Wraps the hero: think time per decision and, for a searching level,
    the sampled worlds of each searched decision (``last_iterations``)."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.times: list[float] = []
        self.worlds: list[int] = []
        self.capped = 0  # searched decisions the wall-clock cap cut short

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        t0 = time.perf_counter()
        res = self.inner.choose(view, legal)
        self.times.append((time.perf_counter() - t0) * 1000.0)
        worlds = getattr(self.inner, "last_iterations", 0)
        if worlds:
            self.worlds.append(worlds)
            self.capped += bool(getattr(self.inner, "last_capped", False))
        return res


@dataclass(frozen=True)
class Task:
    hero: str
    opponent: str
    seats: int
    rules: str
    game: int
    seed: int
    think_ms: int


def game_seed(base: int, game: int) -> int:
    return base * 1_000_003 + game


def play_device(make_hero: Callable[[Game, int], Agent], opponent: str, seats: int,
                games: int, rules: str, seed: int, label: str) -> list[bool]:
    """Games ``0 .. games-1`` of the gauntlet's deals with a measuring device
    as the hero: ``make_hero(game, agent_seed)`` builds it for each game (it
    may read the game: benchmarks only, never a level) against ``seats - 1``
    copies of ``opponent``. Whether the hero won each game."""
    won: list[bool] = []
    bar = Progress(games, label)
    for i in range(games):
        game_no = game_seed(seed, i)
        hero = i % seats
        g = Game.new(rules_of(rules), seats, game_no)
        agents = [make_hero(g, game_no * 31 + hero) if s == hero
                  else make_bot(opponent, game_no * 31 + s, 300) for s in range(seats)]
        won.append(_play(g, [a.choose for a in agents], game_no, False, None, 100_000).winner
                   == hero)
        bar.update()
    bar.close()
    return won


Outcome = tuple[Task, int, list[float], list[int], int]


def play_task(task: Task) -> Outcome:
    """One game: (task, winner's offset from the hero's seat, think ms, worlds,
    decisions cut by the wall-clock cap)."""
    seats = task.seats
    hero = task.game % seats
    seed = game_seed(task.seed, task.game)
    agents: list[Agent] = []
    recorder: Recorder | None = None
    for s in range(seats):
        bot = make_bot(task.hero if s == hero else task.opponent, seed * 31 + s, task.think_ms)
        if s == hero:
            recorder = Recorder(bot)
            bot = recorder
        agents.append(bot)
    assert recorder is not None
    res = play_game(agents, rules_of(task.rules), seed)
    return task, (res.winner - hero) % seats, recorder.times, recorder.worlds, recorder.capped


@dataclass
class Pairing:
    hero: str
    opponent: str
    seats: int
    games: int = 0
    by_offset: list[int] = field(default_factory=list)  # wins by seat offset from the hero
    times: list[float] = field(default_factory=list)
    worlds: list[int] = field(default_factory=list)
    capped: int = 0
    won: dict[int, bool] = field(default_factory=dict)  # game number -> did the hero win

    @property
    def wins(self) -> int:
        return self.by_offset[0]

    def summary(self) -> dict[str, Any]:
        fair = 1.0 / self.seats
        lo, hi = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        out: dict[str, Any] = {
            "hero": self.hero, "opponent": self.opponent, "seats": self.seats,
            "games": self.games, "wins": self.wins, "win_rate": rate, "ci95": [lo, hi],
            "x_fair": rate / fair, "x_fair_low": lo / fair,
            "wins_by_offset": list(self.by_offset),
            "won": [int(self.won[g]) for g in sorted(self.won)],
        }
        if self.seats > 2 and self.games:
            others = self.by_offset[2:]
            out["victim_rate"] = self.by_offset[1] / self.games
            out["bystander_rate"] = sum(others) / (len(others) * self.games)
        if self.times:
            ms = sorted(self.times)
            out["think_ms"] = {"median": statistics.median(ms),
                               "p95": ms[min(len(ms) - 1, int(0.95 * len(ms)))], "max": ms[-1]}
        if self.worlds:
            out["worlds"] = {"median": statistics.median(self.worlds), "min": min(self.worlds),
                             "mean": statistics.fmean(self.worlds),
                             "capped_share": self.capped / len(self.worlds)}
        return out


OFFICIAL_DECK = "+112"
"""Suffix of a rules name whose matches use D3's 112-card deck (``official+112``)."""


def rules_of(name: str) -> RuleSettings:
    """The settings of a gauntlet rules name: a preset (official, sheet), with
    ``+112`` for Mattel's current deck (D3: Wild Shuffle Hands, Wild Customizable)."""
    if name.endswith(OFFICIAL_DECK):
        return preset(name[:-len(OFFICIAL_DECK)]).with_(deck="official")
    return preset(name)


def tasks_for(heroes: Sequence[str], opponents: Sequence[str], seats: Sequence[int],
              games: int, rules: str, seed: int, think_ms: int) -> list[Task]:
    return [Task(h, o, n, rules, i, seed, think_ms)
            for n in seats for h in heroes for o in opponents if h != o
            for i in range(games)]


def _results(tasks: list[Task], jobs: int) -> Iterator[Outcome]:
    if jobs <= 1:
        for t in tasks:
            yield play_task(t)
        return
    # spawn, not fork: a forked worker inherits the locks other threads held at the
    # fork (the test run's bot and server threads) and can wait on one forever
    with mp.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(play_task, tasks, chunksize=4)


def run(tasks: list[Task], jobs: int = 1, label: str = "gauntlet") -> list[Pairing]:
    pairs: dict[tuple[str, str, int], Pairing] = {}
    for t in tasks:
        key = (t.hero, t.opponent, t.seats)
        if key not in pairs:
            pairs[key] = Pairing(t.hero, t.opponent, t.seats, by_offset=[0] * t.seats)
    bar = Progress(len(tasks), label)
    for task, offset, times, worlds, capped in _results(tasks, jobs):
        p = pairs[(task.hero, task.opponent, task.seats)]
        p.games += 1
        p.by_offset[offset] += 1
        p.won[task.game] = offset == 0
        p.times.extend(times)
        p.worlds.extend(worlds)
        p.capped += capped
        bar.update(note=f"{task.hero} vs {task.opponent} x{task.seats - 1}")
    bar.close()
    return list(pairs.values())


def sign_test(first: Sequence[bool], second: Sequence[bool]) -> tuple[int, int, float]:
    """Two heroes' results on the same games: the games only the first won,
    only the second won, and z = (first only - second only) / sqrt(their sum)
    (McNemar's sign test; |z| > 1.96 is a difference at the 95% level)."""
    only_first = sum(1 for a, b in zip(first, second, strict=True) if a and not b)
    only_second = sum(1 for a, b in zip(first, second, strict=True) if b and not a)
    differ = only_first + only_second
    return only_first, only_second, (only_first - only_second) / differ ** 0.5 if differ else 0.0


def head_to_head(pairings: Sequence[Pairing]) -> list[dict[str, Any]]:
    """Each two heroes met by the same opponent at the same table on the same
    games: both win rates, the games only one of them won, and z
    (:func:`sign_test`)."""
    out: list[dict[str, Any]] = []
    for i, a in enumerate(pairings):
        for b in pairings[i + 1:]:
            if (a.opponent, a.seats) != (b.opponent, b.seats) or a.hero == b.hero:
                continue
            games = sorted(set(a.won) & set(b.won))
            if not games:
                continue
            only_a, only_b, z = sign_test([a.won[g] for g in games], [b.won[g] for g in games])
            out.append({"hero": a.hero, "other": b.hero, "opponent": a.opponent,
                        "seats": a.seats, "games": len(games),
                        "hero_rate": sum(a.won[g] for g in games) / len(games),
                        "other_rate": sum(b.won[g] for g in games) / len(games),
                        "only_hero": only_a, "only_other": only_b,
                        "z": z})
    return out


def head_to_head_table(rows: Sequence[dict[str, Any]]) -> str:
    return "\n".join(
        f"{r['hero']} vs {r['other']}, {r['seats'] - 1} x {r['opponent']}, same "
        f"{r['games']} games: {r['hero_rate']:.1%} against {r['other_rate']:.1%}; only "
        f"{r['hero']} won {r['only_hero']}, only {r['other']} won {r['only_other']}, "
        f"z = {r['z']:+.2f}" for r in rows)


def table(pairings: Sequence[Pairing], markdown: bool = False) -> str:
    rows = [p.summary() for p in pairings]
    head = ["hero", "vs", "seats", "games", "win %", "95% CI", "x fair", "x fair (low)",
            "victim / others %", "think ms med/p95/max", "worlds med (capped)"]
    lines: list[list[str]] = []
    for r in rows:
        lo, hi = r["ci95"]
        victim = (f"{r['victim_rate']:.1%} / {r['bystander_rate']:.1%}"
                  if "victim_rate" in r else "-")
        t = r.get("think_ms")
        think = f"{t['median']:.1f}/{t['p95']:.1f}/{t['max']:.0f}" if t else "-"
        w = r.get("worlds")
        lines.append([r["hero"], f"{r['seats'] - 1} x {r['opponent']}", str(r["seats"]),
                      str(r["games"]), f"{r['win_rate']:.1%}", f"[{lo:.1%}, {hi:.1%}]",
                      f"{r['x_fair']:.2f}", f"{r['x_fair_low']:.2f}", victim, think,
                      f"{w['median']:.0f} ({w['capped_share']:.0%})" if w else "-"])
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(row) + " |" for row in lines]
        return "\n".join(out)
    widths = [max(len(h), *(len(row[i]) for row in lines)) for i, h in enumerate(head)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join([fmt.format(*head)] + [fmt.format(*row) for row in lines])


def _names(spec: str) -> list[str]:
    return [s.strip() for s in spec.split(",") if s.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="games per pairing (default 400)")
    ap.add_argument("--heroes", default=",".join(ALL_BOTS))
    ap.add_argument("--opponents", default=",".join(ALL_BOTS))
    ap.add_argument("--seats", default="4,2", help="table sizes (default 4,2)")
    ap.add_argument("--rules", default="official", help="preset: official or sheet")
    ap.add_argument("--deck", default="classic", choices=("classic", "official"),
                    help="D1 classic 108 cards or D3 Mattel's current 112 (default classic)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think-ms", type=int, default=300, help="wall-clock cap of searching levels")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--json", metavar="FILE", help="also write every pairing's figures here")
    args = ap.parse_args(argv)
    heroes, opponents = _names(args.heroes), _names(args.opponents)
    seats = [int(s) for s in _names(args.seats)]
    rules = args.rules + (OFFICIAL_DECK if args.deck == "official" else "")
    settings: RuleSettings = rules_of(rules)
    for name in {*heroes, *opponents}:
        make_bot(name, 0, args.think_ms)  # unknown names fail before any game
    tasks = tasks_for(heroes, opponents, seats, args.games, rules, args.seed, args.think_ms)
    print(f"gauntlet: rules {settings.preset_name}, deck {settings.deck}, {args.games} games per pairing, one round "
          f"each, hero seat rotated, seed {args.seed}, think cap {args.think_ms} ms, "
          f"{args.jobs} job(s)", flush=True)
    t0 = time.perf_counter()
    pairings = run(tasks, args.jobs)
    print(table(pairings, args.markdown))
    versus = head_to_head(pairings)
    if versus:
        print(head_to_head_table(versus))
    print(f"({len(tasks)} games in {time.perf_counter() - t0:.0f} s)")
    if args.json:
        data = [p.summary() for p in pairings]
        for d in data:  # each comparison goes with the first hero's pairing
            d["head_to_head"] = [r for r in versus if (r["hero"], r["opponent"], r["seats"])
                                 == (d["hero"], d["opponent"], d["seats"])]
        Path(args.json).write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
