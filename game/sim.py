"""uno-sim: headless AI-only games, for measuring the engine and the bots.

    uno-sim --players 4 --games 2000 --agents random --rules official --seed 1
    uno-sim --agents hard,normal,normal,normal --games 2000 --json

A "game" is one round (the first player out wins) unless ``--full-match``
plays whole matches to the target score. Seats rotate between games so no
agent keeps the first-move advantage; results are reported per agent entry.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast

from game import __version__
from game.ai.base import Agent, Choice
from game.ai.registry import AgentLoadError, make_agent
from game.i18n import tl
from game.progress import Progress
from game.rules.actions import ACTION_TYPES, Action, NextRound
from game.rules.engine import Game
from game.rules.errors import IllegalAction, RulesError
from game.rules.settings import RuleSettings, preset, settings_from_data
from game.rules.view import Phase, PlayerView


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameResult:
    winner: int  # seat
    turns: int
    think: dict[int, list[float]] = field(default_factory=dict)  # seat -> seconds per decision


Chooser = Callable[[PlayerView, Sequence[Action]], "Action | Choice | None"]
_ACTIONS: Final = frozenset(ACTION_TYPES.values())


class BotError(RulesError):
    """A bot raised, declined its own turn or chose an illegal action; the
    message names the seat, the agent and the game seed."""


def _agent_name(agent: object) -> str:
    return str(getattr(agent, "name", type(agent).__name__))


def _ask(choose: Chooser, g: Game, seat: int, legal: Sequence[Action],
         times: list[float] | None) -> Action | None:
    view = g.view(seat)
    if times is None:
        result = choose(view, legal)
    else:
        t0 = time.perf_counter()
        result = choose(view, legal)
        times.append(time.perf_counter() - t0)
    if result is None:
        return None
    if type(result) in _ACTIONS:  # a bare action (the usual answer)
        return cast(Action, result)
    if isinstance(result, Choice):
        return result.action
    return result


def play_game(agents: Sequence[Agent], settings: RuleSettings, seed: int,
              full_match: bool = False, timed: Sequence[bool] | None = None,
              max_turns: int = 100_000, names: Sequence[str] | None = None) -> GameResult:
    """Play one round (or a whole match); ``agents[i]`` sits in seat ``i``.

    Raises :class:`BotError` naming the seat, agent (``names[i]`` or the bot's
    ``name``) and seed when a bot fails."""
    n = len(agents)
    g = Game.new(settings, n, seed)
    choosers: list[Chooser] = [a.choose for a in agents]  # bound once per game
    try:
        return _play(g, choosers, seed, full_match, timed, max_turns)
    except BotError as exc:
        seat = exc.args[1]
        name = names[seat] if names else _agent_name(agents[seat])
        raise BotError(f"seat {seat} ({name}), game seed {seed}: {exc.args[0]}") from exc.__cause__


def _step(choose: Chooser, g: Game, seat: int, legal: Sequence[Action],
          times: list[float] | None) -> Action | None:
    """Ask ``seat`` and apply its answer; BotError(message, seat) if it fails."""
    try:
        act = _ask(choose, g, seat, legal, times)
    except Exception as exc:
        raise BotError(f"the bot raised {type(exc).__name__}: {exc}", seat) from exc
    if act is None:
        return None
    try:
        g.apply(act)
    except IllegalAction as exc:
        why = tl("en", exc.key)  # a bot writer reads the refusal's English words
        raise BotError(f"illegal action {act!r}: [{exc.rule}] {why}", seat) from None
    except (TypeError, AttributeError, KeyError) as exc:  # not an action at all
        raise BotError(f"not an action: {act!r} ({type(exc).__name__})", seat) from None
    return act


def _play(g: Game, choosers: list[Chooser], seed: int, full_match: bool,
          timed: Sequence[bool] | None, max_turns: int) -> GameResult:
    n = g.n
    think: dict[int, list[float]] = {s: [] for s in range(n) if timed and timed[s]}
    turns = 0
    while turns < max_turns:
        if g.uno_exposed >= 0 or g.jump_card >= 0:
            seats = g.out_of_turn_seats()
            if g.uno_exposed in seats:  # T6: the call wins, so the caller goes first
                seats.remove(g.uno_exposed)
                seats.insert(0, g.uno_exposed)
            for s in seats:
                legal = g.legal_actions(s)
                if legal and _step(choosers[s], g, s, legal, think.get(s) if think else None):
                    break
        phase = g.phase
        if phase is Phase.MATCH_OVER or (phase is Phase.ROUND_OVER and not full_match):
            return GameResult(g.winner, turns, think)
        if phase is Phase.ROUND_OVER:
            g.apply(NextRound(g.to_act))
            continue
        seat = g.to_act
        legal = g.legal_actions(seat)
        if _step(choosers[seat], g, seat, legal, think.get(seat) if think else None) is None:
            raise BotError("the bot declined its own turn", seat)
        turns += 1
    raise RulesError(f"game with seed {seed} did not end within {max_turns} turns")


def run(agent_specs: Sequence[str], players: int, games: int, settings: RuleSettings,
        seed: int, full_match: bool = False, think_ms: int = 300,
        progress: bool = False) -> dict[str, Any]:
    """Play ``games`` games with seats rotated; stats per agent entry.

    When a bot fails (:class:`BotError`, or a plugin's constructor) the games
    already played are kept: the result counts them and says why it stopped
    under ``"error"``. ``progress`` draws a bar on stderr."""
    k = len(agent_specs)
    wins = [0] * k
    wins_by_seat = [[0] * players for _ in range(k)]
    think: list[list[float]] = [[] for _ in range(k)]
    timed_all = [spec != "random" for spec in agent_specs]
    total_turns = 0
    played: list[dict[str, int]] = []
    error = ""
    bar = Progress(games, "uno-sim") if progress else None
    t0 = time.perf_counter()
    for i in range(games):
        rot = i % players
        # entry e sits in seat (e + rot) % players
        seat_of = [(e + rot) % players for e in range(k)]
        agents: list[Agent] = [None] * players  # type: ignore[list-item]
        names = [""] * players
        timed = [False] * players
        game_seed = seed * 1_000_003 + i
        try:
            for e, spec in enumerate(agent_specs):
                agents[seat_of[e]] = make_agent(spec, seed=game_seed * 17 + e, think_ms=think_ms)
                names[seat_of[e]] = spec
                timed[seat_of[e]] = timed_all[e]
            res = play_game(agents, settings, game_seed, full_match, timed, names=names)
        except (BotError, AgentLoadError) as exc:
            error = str(exc)
            break
        total_turns += res.turns
        played.append({"seed": game_seed, "winner_seat": res.winner,
                       "winner_entry": seat_of.index(res.winner) if res.winner in seat_of else -1})
        for e in range(k):
            if seat_of[e] == res.winner:
                wins[e] += 1
                wins_by_seat[e][res.winner] += 1
            think[e].extend(res.think.get(seat_of[e], []))
        if bar is not None:
            bar.update()
    if bar is not None:
        bar.close()
    games = len(played)
    elapsed = time.perf_counter() - t0
    seats_out = []
    for e, spec in enumerate(agent_specs):
        lo, hi = wilson(wins[e], games)
        entry: dict[str, Any] = {
            "agent": spec,
            "wins": wins[e],
            "win_rate": wins[e] / games if games else 0.0,
            "ci95": [lo, hi],
            # seat s holds this entry in games i with (e + i) % players == s
            "wins_by_seat": wins_by_seat[e],
            "games_by_seat": [sum(1 for i in range(games) if (e + i) % players == s)
                              for s in range(players)],
        }
        if think[e]:
            ms = sorted(x * 1000 for x in think[e])
            entry["think_ms"] = {
                "median": statistics.median(ms),
                "p95": ms[min(len(ms) - 1, int(0.95 * len(ms)))],
                "max": ms[-1],
            }
        seats_out.append(entry)
    return {
        "games": games,
        "players": players,
        "rules": settings.preset_name,
        "full_match": full_match,
        "fair_share": 1 / players,
        "games_per_s": games / elapsed if elapsed > 0 else 0.0,
        "mean_turns": total_turns / games if games else 0.0,
        "seconds": elapsed,
        "seats": seats_out,
        "seed": seed,
        "played": played,  # per game: its seed, the winning seat and agent entry
        "error": error,  # why the run stopped early ("" when every game was played)
    }


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"uno-sim: error: {message}\n")
        raise SystemExit(2)


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = _Parser(prog="uno-sim", description="Play AI-only UNO games headless and report win rates.")
    p.add_argument("--players", type=int, default=None, help="seats (2-10); default: number of agents, or 4")
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--agents", default="random",
                   help="comma list: random, easy, normal, hard or module:Class; one entry fills every seat")
    p.add_argument("--rules", default="official", help="preset name (official, sheet) or a JSON file of settings")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--full-match", action="store_true", help="play whole matches to the target score, not single rounds")
    p.add_argument("--think-ms", type=int, default=300,
                   help="wall-clock cap per decision (ms) of every searching level (hard) and of "
                        "plugins whose constructor takes think_ms; the other levels ignore it")
    p.add_argument("--plugin-path", action="append", default=[], metavar="DIR",
                   help="a folder to import module:Class bots from (may be repeated)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--version", action="version", version=f"uno-game {__version__}",
                   help="print the version and exit")
    return p.parse_args(argv)


def _load_rules(spec: str) -> RuleSettings:
    if spec.endswith(".json") or Path(spec).is_file():
        try:
            data = json.loads(Path(spec).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot read rules file {spec}: {exc}") from None
        return settings_from_data(data)
    return preset(spec)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    for folder in reversed(args.plugin_path):
        if not Path(folder).is_dir():
            sys.stderr.write(f"uno-sim: error: --plugin-path {folder}: no such folder\n")
            return 2
        sys.path.insert(0, str(Path(folder).resolve()))
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    try:
        if not specs:
            raise ValueError("--agents needs at least one agent")
        players = args.players if args.players is not None else (len(specs) if len(specs) > 1 else 4)
        if len(specs) == 1:
            specs = specs * players
        if len(specs) != players:
            raise ValueError(f"{len(specs)} agents for {players} players: give one agent or one per seat")
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.think_ms < 1:
            raise ValueError("--think-ms must be at least 1")
        settings = _load_rules(args.rules)
        from game.rules.settings import check_seats
        check_seats(settings, players)
        for spec in set(specs):
            make_agent(spec, 0, args.think_ms)
    except AgentLoadError as exc:
        cause = exc.__cause__
        if cause is not None:
            sys.stderr.write("".join(traceback.format_exception(cause)))
        sys.stderr.write(f"uno-sim: error: {exc}\n")
        return 2
    except (ValueError, TypeError, RulesError) as exc:
        sys.stderr.write(f"uno-sim: error: {exc}\n")
        return 2
    result = run(specs, players, args.games, settings, args.seed, args.full_match, args.think_ms,
                 progress=True)
    status = 1 if result["error"] else 0
    if result["error"]:
        sys.stderr.write(f"uno-sim: stopped after {result['games']} of {args.games} games: "
                         f"{result['error']}\n")
    if args.json:
        print(json.dumps(result))
        return status
    fair = result["fair_share"]
    print(f"{result['games']} {'matches' if args.full_match else 'games (one round each)'}, "
          f"{players} players, rules: {result['rules']}, seed {args.seed}")
    print(f"{'seat':>4}  {'agent':<24} {'wins':>6} {'win rate':>9}  {'95% CI':<17} {'x fair':>6}  think ms (median/p95/max)")
    for e, seat in enumerate(result["seats"]):
        lo, hi = seat["ci95"]
        # not "t": from Python 3.12 (f-strings tokenized, PEP 701) Babel's extractor
        # reads t['median'] in an f-string as the message id "median"
        ms = seat.get("think_ms")
        tt = f"{ms['median']:.1f}/{ms['p95']:.1f}/{ms['max']:.1f}" if ms else "-"
        print(f"{e:>4}  {seat['agent']:<24} {seat['wins']:>6} {seat['win_rate']:>8.1%}  "
              f"[{lo:.1%}, {hi:.1%}]{'':<2} {seat['win_rate'] / fair:>6.2f}  {tt}")
    print(f"fair share {fair:.1%}; mean turns {result['mean_turns']:.1f}; "
          f"{result['games_per_s']:.1f} games/s ({result['seconds']:.1f} s)")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
