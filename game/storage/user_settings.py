"""The player's preferences, stored at ``config_dir()/settings.json``.

Loading never fails: a missing file gives the defaults; a damaged or
unreadable one is set aside (``settings.json.damaged-<time>``) and the
``.bak`` is used, else the defaults. Each bad or out-of-range value takes its
default on its own (and the log says so), so one bad field never costs the others.

Saving keeps keys this version does not know (a later version's), never
rewrites a file of a newer format (it is left untouched), and makes the
current file the ``.bak`` only when it was read successfully.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.config import BUILTIN_LEVELS, MAX_NAME_CHARS, SEAT_KINDS
from game.i18n import LANGUAGES, system_language
from game.online.addresses import mailbox_address, relay_address
from game.paths import config_dir
from game.rules.settings import CHOICES, INT_LIMITS, RuleSettings
from game.storage.atomic import (
    WriteResult,
    atomic_write_text,
    backup_path,
    quarantine,
    read_json_object,
    sweep_once,
    write_failure_reason,
)
from game.text_gate import clean, excerpt

FORMAT = 1
FILE_NAME = "settings.json"
ANIM_SPEEDS = ("slow", "normal", "fast", "off")
CARD_SIZES = ("small", "medium", "large")
LOG_PANEL = ("auto", "open", "closed")  # auto: open on windows 1280 wide or more
HAND_ORDERS = ("sorted", "dealt")  # by colour then number / as the cards came
MIN_WINDOW = (640, 480)
MAX_WINDOW = (7680, 4320)
WINDOW_POS = 32768  # |x|, |y| of the window's top-left corner (SDL's own coordinate limit)
THINK_MS = (0, 5000)
PARTY_BOT_AFTER = (0, 3600)

log = logging.getLogger(__name__)


@dataclass
class UserSettings:
    language: str = field(default_factory=system_language)
    sfx_volume: float = 0.8
    music_volume: float = 0.5
    anim_speed: str = "normal"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    # Where the window's top-left corner was when the game last closed (None: the
    # system places it); game.window_place puts it back only if it is on a screen.
    window_pos: tuple[int, int] | None = None
    colourblind: bool = False
    card_size: str = "medium"
    hand_order: str = "sorted"
    confirm_play: bool = False  # a click on a card raises it; a second click (or Enter) plays it
    last_preset: str = "official"
    last_custom_rules: dict[str, Any] = field(default_factory=dict)
    last_seats: list[dict[str, Any]] = field(default_factory=list)
    hard_think_ms: int = 300
    # Party mode: seconds a phone seat may be away before a bot plays it (0: wait for ever)
    party_bot_after: int = 60
    # Party mode: phones may press Start on the join screen and Next round on the scoreboard
    party_phones_deal: bool = True
    # The one-time tip on being caught without UNO! (T6) has been shown
    tip_uno_seen: bool = False
    # The first start's question "New to UNO? Play the tutorial" has been answered (#39)
    tutorial_offered: bool = False
    # The table's log panel, as the player last left it
    log_panel: str = "auto"
    # The keys' one-line legend along the table's bottom edge (Settings, or K at the table)
    table_legend: bool = True
    # Online seats: a self-hosted magic-wormhole mailbox server (ws:// or wss://) and
    # transit relay (tcp:host:port); "" is the library's public one; the environment
    # variables UNO_ONLINE_SERVER / UNO_ONLINE_RELAY win when set (docs/ONLINE.md)
    online_server: str = ""
    online_relay: str = ""

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window_size"] = list(self.window_size)
        d["window_pos"] = None if self.window_pos is None else list(self.window_pos)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UserSettings:
        """Field by field: a bad or out-of-range value takes its default (logged)."""
        s = cls()
        for f in fields(cls):
            if f.name in data:
                default = getattr(s, f.name)
                try:
                    value = _FIXERS[f.name](data[f.name])
                except Exception as exc:
                    log.warning("settings: %s = %s is not usable (%s); using the default %r",
                                f.name, repr(data[f.name])[:80], exc, default)
                    value = default
                setattr(s, f.name, value)
        return s


# The settings hold a few hundred bytes; a bigger file than this is set aside
# (never read, nor rewritten with its .bak on every change).
MAX_SETTINGS_BYTES = 256 * 1024


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def _number(value: Any, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("not a number")
    if not lo <= value <= hi:  # NaN fails this too
        raise ValueError(f"outside {lo}..{hi}")
    return float(value)


def _whole(value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("not a whole number")
    if not lo <= value <= hi:
        raise ValueError(f"outside {lo}..{hi}")
    return value


def _volume(value: Any) -> float:
    return _number(value, 0.0, 1.0)


def _choice(allowed: tuple[str, ...]) -> Any:
    def fix(value: Any) -> str:
        if not (isinstance(value, str) and value in allowed):
            raise ValueError(f"not one of {', '.join(allowed)}")
        return value
    return fix


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not true or false")
    return value


def _window(value: Any) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise TypeError("not a [width, height] pair")
    return (_whole(value[0], MIN_WINDOW[0], MAX_WINDOW[0]),
            _whole(value[1], MIN_WINDOW[1], MAX_WINDOW[1]))


def _window_pos(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise TypeError("not an [x, y] pair")
    return (_whole(value[0], -WINDOW_POS, WINDOW_POS), _whole(value[1], -WINDOW_POS, WINDOW_POS))


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("not text")
    return clean(value, 200)


_RULE_DEFAULTS = RuleSettings().to_dict()


def _rule_ok(name: str, value: Any) -> bool:
    """A value the rule ``name`` can take on its own (combinations are the new-game screen's job)."""
    if name in CHOICES:
        return value in CHOICES[name]
    if name in INT_LIMITS:
        lo, hi = INT_LIMITS[name]
        return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
    return name in _RULE_DEFAULTS and isinstance(value, bool)


def _rules(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError("not an object")
    bad = [k for k, v in value.items() if not _rule_ok(k, v)]
    if bad:
        log.warning("settings: last_custom_rules: ignored unknown or bad rules %s", bad[:20])
    return {k: v for k, v in value.items() if k not in bad}


# What a remembered seat may name: the built-in levels, or the new-game screen's
# "surprise" (a built-in level picked at start). Never ``module:Class``.
SEAT_LEVELS = (*BUILTIN_LEVELS, "surprise")


def _seat(seat: dict[str, Any]) -> dict[str, Any]:
    # Only what a seat holds, its name through the text gate (a pasted tab, a bell,
    # a lone surrogate would make matches the game cannot save or load again).
    out: dict[str, Any] = {k: seat[k] for k in ("name", "kind", "level") if k in seat}
    out["name"] = clean(out["name"], MAX_NAME_CHARS)
    level = out.get("level", "normal")
    if level not in SEAT_LEVELS:
        log.warning("settings: the remembered seat %r names the AI level %r, which is not "
                    "built in; using normal", out["name"], excerpt(level))
        out["level"] = "normal"
    if out.get("kind", "ai") not in SEAT_KINDS:
        out["kind"] = "ai"
    return out


def _seats(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise TypeError("not a list")
    out = [_seat(s) for s in value if isinstance(s, dict) and isinstance(s.get("name"), str)]
    return out[:10]


def _think(value: Any) -> int:
    return _whole(value, *THINK_MS)


def _bot_after(value: Any) -> int:
    return _whole(value, *PARTY_BOT_AFTER)


_FIXERS: dict[str, Any] = {
    "language": _choice(LANGUAGES),
    "sfx_volume": _volume,
    "music_volume": _volume,
    "anim_speed": _choice(ANIM_SPEEDS),
    "fullscreen": _bool,
    "window_size": _window,
    "window_pos": _window_pos,
    "colourblind": _bool,
    "tip_uno_seen": _bool,
    "tutorial_offered": _bool,
    "log_panel": _choice(LOG_PANEL),
    "table_legend": _bool,
    "card_size": _choice(CARD_SIZES),
    "hand_order": _choice(HAND_ORDERS),
    "confirm_play": _bool,
    "last_preset": _text,
    "last_custom_rules": _rules,
    "last_seats": _seats,
    "hard_think_ms": _think,
    "party_bot_after": _bot_after,
    "party_phones_deal": _bool,
    "online_server": mailbox_address,
    "online_relay": relay_address,
}


def _newer(data: dict[str, Any]) -> bool:
    fmt = data.get("format", FORMAT)
    return isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > FORMAT


def _read(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path``; None when missing or unusable (a damaged file is moved aside)."""
    data, problem = read_json_object(path, MAX_SETTINGS_BYTES)
    if problem == "damaged":
        log.warning("damaged settings %s moved to %s", path, quarantine(path))
    elif problem == "unreadable":
        log.warning("cannot read settings %s", path)
    return data


def load_settings(path: Path | None = None) -> UserSettings:
    """The saved settings (``path``, by default the player's file), or the backup,
    or defaults. Never raises."""
    path = path or settings_path()
    sweep_once(path.parent)
    data = _read(path)
    if data is None:
        data = _read(backup_path(path))
    if data is None:
        return UserSettings()
    if _newer(data):
        log.warning("settings format %s is newer than %s: reading what we know; the file "
                    "will not be rewritten", data.get("format"), FORMAT)
    return UserSettings.from_dict(data)


def save_settings(settings: UserSettings, path: Path | None = None) -> WriteResult:
    """Write the settings atomically (the previous file kept as ``settings.json.bak``
    when it was read successfully), keeping the keys a later version added.

    A file of a newer format is left untouched: the result is then false with
    reason ``newer_format``; a write failure gives ``disk_full``, ``read_only``
    or ``other`` (and is logged). ``path`` defaults to the player's file.
    """
    path = path or settings_path()
    current, _ = read_json_object(path, MAX_SETTINGS_BYTES)
    if current is not None and _newer(current):
        log.warning("settings %s come from a newer version (format %s): left untouched",
                    path, current.get("format"))
        return WriteResult(False, "newer_format")
    known = {f.name for f in fields(UserSettings)} | {"format"}
    later = {k: v for k, v in (current or {}).items() if k not in known}
    try:
        data = {**later, "format": FORMAT,
                **UserSettings.from_dict(settings.to_dict()).to_dict()}
        atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                          keep_backup=current is not None)
    except (OSError, TypeError, ValueError) as exc:
        log.error("cannot save settings to %s: %s", path, exc)
        return WriteResult(False, write_failure_reason(exc))
    return WriteResult(True)
