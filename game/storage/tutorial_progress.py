"""The tutorial's progress: which step it waits for and the match so far.

One small JSON file (``tutorial.json`` in the data folder), written
atomically (game.storage.atomic) after every step done, so the tutorial can
be left from the pause menu and picked up later. Reading never raises: a
missing, damaged or foreign file is no progress (a damaged one is moved
aside). The match inside is checked by the rules' own loader
(``Game.from_dict``: types and invariants).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from game.paths import data_dir
from game.rules.engine import Game
from game.rules.errors import StateError

from .atomic import (
    WriteResult,
    atomic_write_text,
    quarantine,
    read_json_object,
    write_failure_reason,
)

log = logging.getLogger(__name__)

FILE_NAME = "tutorial.json"
FORMAT = 1
MAX_BYTES = 2 * 1024 * 1024  # a match of one round is a few tens of kB


@dataclass(frozen=True)
class Progress:
    """``step``: the index of the step waited for; ``game``: the match so far."""

    step: int
    game: Game


def progress_path() -> Path:
    return data_dir() / FILE_NAME


def save_progress(step: int, game: Game, path: Path | None = None) -> WriteResult:
    """Keep the tutorial where it is; the result says why when it could not."""
    path = path or progress_path()
    try:
        data = {"format": FORMAT, "step": int(step), "game": game.to_dict()}
        atomic_write_text(path, json.dumps(data, ensure_ascii=False) + "\n", keep_backup=False)
    except (OSError, TypeError, ValueError) as exc:
        log.error("cannot save the tutorial's progress to %s: %s", path, exc)
        return WriteResult(False, write_failure_reason(exc))
    return WriteResult(True)


def load_progress(seats: int, steps: int, path: Path | None = None) -> Progress | None:
    """The tutorial kept by :func:`save_progress`, or None (none kept, or a file that
    is not a tutorial of ``seats`` seats waiting at one of ``steps`` steps or past them)."""
    path = path or progress_path()
    data, problem = read_json_object(path, MAX_BYTES)
    if data is None:
        if problem == "damaged":
            log.warning("damaged tutorial progress %s moved to %s", path, quarantine(path))
        return None
    step, game = data.get("step"), data.get("game")
    if (data.get("format") != FORMAT or isinstance(step, bool) or not isinstance(step, int)
            or not 0 <= step <= steps or not isinstance(game, dict)):
        log.warning("tutorial progress %s is not one this version keeps: started afresh", path)
        return None
    try:
        loaded = Game.from_dict(game)
    except (StateError, KeyError, TypeError, ValueError) as exc:
        log.warning("tutorial progress %s holds no valid match (%s): started afresh", path, exc)
        return None
    if loaded.n != seats or loaded.is_over:
        return None
    return Progress(step, loaded)


def clear_progress(path: Path | None = None) -> None:
    """Forget the progress (Restart, or the tutorial's round is over)."""
    path = path or progress_path()
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("cannot remove the tutorial's progress %s: %s", path, exc)


def has_progress(path: Path | None = None) -> bool:
    """Whether a tutorial was left part way (cheap: the file is not read)."""
    return (path or progress_path()).is_file()
