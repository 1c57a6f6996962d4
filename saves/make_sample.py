"""Write ``saves/format-<FORMAT>.json``: a real save of the current format.

Run from the repository root: ``.venv/bin/python saves/make_sample.py``.
A 4-seat official match played by seeded random legal actions into its third round.
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
from game.storage import saves  # noqa: E402


def main() -> Path:
    config = MatchConfig((SeatConfig("Ann", "human"), SeatConfig("Bo", "ai", "easy"),
                          SeatConfig("小明", "ai", "normal"), SeatConfig("Dee", "ai", "hard")),
                         OFFICIAL.with_(target_score=1000), seed=2024)
    game = Game.new(config.settings, len(config.seats), config.seed)
    rng = random.Random(2024)
    while game.round_no < 3 or len(game.log) < 40:
        legal = [a for a in game.legal_actions(game.to_act) if not isinstance(a, WrongPlay)]
        game.apply(legal[0] if rng.random() < 0.5 else rng.choice(legal))
    out = Path(__file__).resolve().parent / f"format-{saves.FORMAT}.json"
    if out.exists():
        raise SystemExit(f"{out.name} already exists: shipped samples are never regenerated")
    saves.save_match(out, config, game, label="Sample: round 3", match_id="sample")
    for extra in (out.with_name(out.name + ".bak"),):
        extra.unlink(missing_ok=True)
    return out


if __name__ == "__main__":
    print(main())
