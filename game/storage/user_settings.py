"""The player's preferences, stored at ``config_dir()/settings.json``.

Loading never fails: a missing file gives the defaults, a damaged one is set
aside (``settings.json.damaged-<time>``) and gives the defaults, unknown keys
are ignored and each bad or out-of-range value falls back or is clamped on
its own, so one bad field never costs the others.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.config import BUILTIN_LEVELS
from game.i18n import LANGUAGES, system_language
from game.paths import config_dir
from game.storage.atomic import atomic_write_text, backup_path, quarantine

FORMAT = 1
FILE_NAME = "settings.json"
ANIM_SPEEDS = ("slow", "normal", "fast", "off")
CARD_SIZES = ("small", "medium", "large")
MIN_WINDOW = (640, 480)
MAX_WINDOW = (7680, 4320)
THINK_MS = (0, 5000)

log = logging.getLogger(__name__)


@dataclass
class UserSettings:
    language: str = field(default_factory=system_language)
    sfx_volume: float = 0.8
    music_volume: float = 0.5
    anim_speed: str = "normal"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    colourblind: bool = False
    card_size: str = "medium"
    last_preset: str = "official"
    last_custom_rules: dict[str, Any] = field(default_factory=dict)
    last_seats: list[dict[str, Any]] = field(default_factory=list)
    hard_think_ms: int = 300

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window_size"] = list(self.window_size)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UserSettings:
        """Field by field: a bad value takes its default, numbers are clamped."""
        s = cls()
        for f in fields(cls):
            if f.name in data:
                try:
                    value = _FIXERS[f.name](data[f.name], getattr(s, f.name))
                except Exception:
                    value = getattr(s, f.name)
                setattr(s, f.name, value)
        return s


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("not a number")
    if value != value:  # NaN
        raise ValueError("NaN")
    return float(value)


def _clamp(value: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, value))


def _volume(value: Any, default: float) -> float:
    return _clamp(_number(value), 0.0, 1.0)


def _choice(allowed: tuple[str, ...]) -> Any:
    def fix(value: Any, default: str) -> str:
        return value if isinstance(value, str) and value in allowed else default
    return fix


def _bool(value: Any, default: bool) -> bool:
    return value if isinstance(value, bool) else default


def _window(value: Any, default: tuple[int, int]) -> tuple[int, int]:
    w, h = value
    return (int(_clamp(_number(w), MIN_WINDOW[0], MAX_WINDOW[0])),
            int(_clamp(_number(h), MIN_WINDOW[1], MAX_WINDOW[1])))


def _text(value: Any, default: str) -> str:
    return value[:200] if isinstance(value, str) else default


def _rules(value: Any, default: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(value, dict):
        return default
    return {str(k): v for k, v in value.items() if isinstance(v, (bool, int, str))}


# What a remembered seat may name: the built-in levels, or the new-game screen's
# "surprise" (a built-in level picked at start). Never ``module:Class``.
SEAT_LEVELS = (*BUILTIN_LEVELS, "surprise")


def _seat(seat: dict[str, Any]) -> dict[str, Any]:
    out = dict(seat)
    level = out.get("level", "normal")
    if level not in SEAT_LEVELS:
        log.warning("settings: the remembered seat %r names the AI level %r, which is not "
                    "built in; using normal", out.get("name"), level)
        out["level"] = "normal"
    if out.get("kind", "ai") not in ("human", "ai"):
        out["kind"] = "ai"
    return out


def _seats(value: Any, default: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        return default
    out = [_seat(s) for s in value if isinstance(s, dict) and isinstance(s.get("name"), str)]
    return out[:10]


def _think(value: Any, default: int) -> int:
    return int(_clamp(_number(value), *THINK_MS))


_FIXERS: dict[str, Any] = {
    "language": _choice(LANGUAGES),
    "sfx_volume": _volume,
    "music_volume": _volume,
    "anim_speed": _choice(ANIM_SPEEDS),
    "fullscreen": _bool,
    "window_size": _window,
    "colourblind": _bool,
    "card_size": _choice(CARD_SIZES),
    "last_preset": _text,
    "last_custom_rules": _rules,
    "last_seats": _seats,
    "hard_think_ms": _think,
}


def _read(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path``; None when missing; a damaged file is moved aside."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("settings must be a JSON object")
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        moved = quarantine(path)
        log.warning("damaged settings %s (%s) moved to %s", path, exc, moved)
        return None
    return data


def load_settings() -> UserSettings:
    """The saved settings, or the backup, or defaults. Never raises."""
    path = settings_path()
    data = _read(path)
    if data is None and not path.exists():
        data = _read(backup_path(path))
    if data is None:
        return UserSettings()
    fmt = data.get("format", FORMAT)
    if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > FORMAT:
        log.warning("settings format %s is newer than %s: reading what we know", fmt, FORMAT)
    return UserSettings.from_dict(data)


def save_settings(settings: UserSettings) -> bool:
    """Write the settings atomically (previous file kept as ``settings.json.bak``).

    Returns False (and logs why) when they could not be written.
    """
    path = settings_path()
    try:
        data = {"format": FORMAT, **UserSettings.from_dict(settings.to_dict()).to_dict()}
        atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    except (OSError, TypeError, ValueError) as exc:
        log.error("cannot save settings to %s: %s", path, exc)
        return False
    return True
