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
import tempfile
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


def _config() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def _data() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _logs() -> Path:
    home = _home()
    return home / "logs" if home else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """Settings folder."""
    return _ensure(_config())


def data_dir() -> Path:
    """Saves, statistics and replays."""
    return _ensure(_data())


def log_dir() -> Path:
    """Log files."""
    return _ensure(_logs())


def check_home() -> str | None:
    """None when the settings, data and log folders exist (or were made) and take a
    file; else one line saying which folder cannot be used and why (for start-up)."""
    home = _home()
    for folder in (_config(), _data(), _logs()):
        try:
            _ensure(folder)
            fd, probe = tempfile.mkstemp(dir=folder, prefix=".write-test-", suffix=".tmp")
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            why = exc.strerror or str(exc)
            if home is not None:
                return f"the game folder {home} ({HOME_ENV}) cannot be used: {why}"
            return f"the game folder {folder} cannot be used: {why}"
    return None


def saves_dir() -> Path:
    """Saved matches (autosave and named slots) live here."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The autosave of the match in progress (cheap: no engine import needed)."""
    return saves_dir() / "autosave.json"
