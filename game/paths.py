"""Where the game keeps its files (platformdirs, or one folder under ``UNO_GAME_HOME``).

* :func:`config_dir` - settings
* :func:`data_dir` - saves, statistics, replays
* :func:`log_dir` - log files

When the environment variable ``UNO_GAME_HOME`` is set, all three live under
that one folder (``config/``, ``data/``, ``logs/``): tests and "portable"
players use it. Every function creates its folder when needed.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "uno-game"  # ASCII, no author folder
HOME_ENV = "UNO_GAME_HOME"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Settings folder."""
    home = _home()
    if home is not None:
        return _ensure(home / "config")
    return _ensure(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))


def data_dir() -> Path:
    """Saves, statistics and replays."""
    home = _home()
    if home is not None:
        return _ensure(home / "data")
    return _ensure(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def log_dir() -> Path:
    """Log files."""
    home = _home()
    if home is not None:
        return _ensure(home / "logs")
    return _ensure(Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))


def saves_dir() -> Path:
    """Saved matches (autosave and named slots) live here."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The autosave of the match in progress (cheap: no engine import needed)."""
    return saves_dir() / "autosave.json"
