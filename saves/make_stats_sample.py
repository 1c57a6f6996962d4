"""Write ``saves/stats-format-<FORMAT>.json``: real statistics of the current format.

Run from the repository root: ``.venv/bin/python saves/make_stats_sample.py``.
Three short matches counted from the engine's events: you against two bots both
called Ada (one Easy, one Hard) and a bot called Max, then a match where a
person called Max plays too. (Format 1 counted both Adas, and both Maxes, as
one player by name; format 2 keeps each bot apart by its level.)
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.config import MatchConfig, SeatConfig  # noqa: E402
from game.rules.actions import WrongPlay  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.rules.settings import OFFICIAL  # noqa: E402
from game.storage import stats  # noqa: E402

MATCHES = (
    (SeatConfig("You", "human"), SeatConfig("Ada", "ai", "easy"), SeatConfig("Ada", "ai", "hard"),
     SeatConfig("Max", "ai", "normal")),
    (SeatConfig("You", "human"), SeatConfig("Ada", "ai", "hard"), SeatConfig("Max", "ai", "normal")),
    (SeatConfig("You", "human"), SeatConfig("Max", "human"), SeatConfig("Ada", "ai", "easy")),
)


def main() -> Path:
    out = Path(__file__).resolve().parent / f"stats-format-{stats.FORMAT}.json"
    if out.exists():
        raise SystemExit(f"{out.name} already exists: shipped samples are never regenerated")
    store = stats.StatsStore(path=out)
    for i, seats in enumerate(MATCHES):
        config = MatchConfig(seats, OFFICIAL.with_(target_score=150), seed=2024 + i)
        game = Game.new(config.settings, len(seats), config.seed)
        rng = random.Random(2024 + i)
        store.update_from_events(config, game.initial_events, f"sample{i}", 0)
        while not game.is_over:
            legal = [a for a in game.legal_actions(game.to_act) if not isinstance(a, WrongPlay)]
            events = game.apply(legal[0] if rng.random() < 0.5 else rng.choice(legal))
            store.update_from_events(config, events, f"sample{i}", len(game.actions))
    assert store.save()
    out.with_name(out.name + ".bak").unlink(missing_ok=True)
    return out


if __name__ == "__main__":
    print(main())
