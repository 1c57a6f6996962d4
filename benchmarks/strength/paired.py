"""Paired comparison of two heroes on the same deals (common random numbers).

Game ``i`` of the gauntlet uses the same deal seed and hero seat whoever the
hero is, so two heroes (say Normal and a changed Normal) can be played on the
same games and compared where it matters: in the games where one of them won
and the other did not. Most games end the same way for both; the sign test
over the differing games (McNemar) separates a real change from the noise far
sooner than two independent win rates would.

    .venv/bin/python -m benchmarks.strength.paired --base normal --variant mybots:Better \\
        --opponents keepwilds --seats 4 --games 20000

It prints, per opponent, both win rates, the games only the variant won and
only the base won, and z = (variant only - base only) / sqrt(their sum):
|z| > 1.96 is a difference at the 95% level. A variant is any agent name
``make_agent`` accepts (a level or ``module:Class``; put the module on
``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.strength.gauntlet import Task, make_bot, play_task, sign_test
from game.progress import Progress
from game.sim import wilson


def base_wins(base: str, opponent: str, seats: int, games: int, rules: str, seed: int,
              cache: Path | None) -> list[bool] | None:
    """The base's results from ``cache`` (a JSON file this script wrote), if it
    holds at least ``games`` games of the same pairing; else None."""
    if cache is None or not cache.exists():
        return None
    key = f"{base} {opponent} {seats} {rules} {seed}"
    wins = json.loads(cache.read_text(encoding="utf-8")).get(key)
    return [bool(w) for w in wins[:games]] if wins is not None and len(wins) >= games else None


def save_base(base: str, opponent: str, seats: int, rules: str, seed: int, cache: Path,
              wins: list[bool]) -> None:
    data = json.loads(cache.read_text(encoding="utf-8")) if cache.exists() else {}
    data[f"{base} {opponent} {seats} {rules} {seed}"] = [int(w) for w in wins]
    cache.write_text(json.dumps(data), encoding="utf-8")


def paired(base: str, variant: str, opponent: str, seats: int, games: int, rules: str,
           seed: int, think_ms: int = 300, label: str = "paired",
           cache: Path | None = None) -> dict[str, float]:
    """Play both heroes on games ``0 .. games-1`` (the base's results come
    from ``cache`` when it has them, and go there otherwise); return the
    paired counts."""
    def won(hero: str, i: int) -> bool:
        return play_task(Task(hero, opponent, seats, rules, i, seed, think_ms))[1] == 0

    cached = base_wins(base, opponent, seats, games, rules, seed, cache)
    played: list[bool] = []
    varied: list[bool] = []
    bar = Progress(games, label)
    for i in range(games):
        played.append(cached[i] if cached is not None else won(base, i))
        varied.append(won(variant, i))
        bar.update(note=f"vs {opponent} x{seats - 1}")
    bar.close()
    if cache is not None and cached is None:
        save_base(base, opponent, seats, rules, seed, cache, played)
    only_variant, only_base, z = sign_test(varied, played)
    return {"games": games, "base": sum(played) / games, "variant": sum(varied) / games,
            "only_variant": only_variant, "only_base": only_base, "z": z}


def _rate(rate: float, games: int, seats: int) -> str:
    """A win rate with its Wilson 95% interval and x fair share (and its low end)."""
    lo, hi = wilson(round(rate * games), games)
    return (f"{rate:.2%} [{lo:.1%}, {hi:.1%}] {rate * seats:.2f}x fair "
            f"(low {lo * seats:.2f}x)")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="normal")
    ap.add_argument("--variant", required=True)
    ap.add_argument("--opponents", default="keepwilds")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--rules", default="official", help="preset: official or sheet")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cache", type=Path, metavar="FILE",
                    help="keep the base's results here and reuse them (only while the base's "
                         "code is unchanged)")
    ap.add_argument("--think-ms", type=int, default=300,
                    help="wall-clock cap of a searching level (raise it so that a busy "
                         "machine cannot cut Hard's work budget)")
    args = ap.parse_args(argv)
    opponents = [s.strip() for s in args.opponents.split(",") if s.strip()]
    for name in (args.base, args.variant, *opponents):
        make_bot(name, 0, 300)  # unknown names fail before any game
    t0 = time.perf_counter()
    for opp in opponents:
        r = paired(args.base, args.variant, opp, args.seats, args.games, args.rules, args.seed,
                   think_ms=args.think_ms, cache=args.cache)
        print(f"{args.variant} vs {args.base}, {args.seats - 1} x {opp}, {args.rules}, "
              f"{r['games']} games: base {_rate(r['base'], r['games'], args.seats)}, "
              f"variant {_rate(r['variant'], r['games'], args.seats)}; "
              f"only variant won {r['only_variant']}, only base won {r['only_base']}, "
              f"z = {r['z']:+.2f}", flush=True)
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
