"""Match saves: autosave, named slots, finished-match replays, import/export.

A save is one JSON object (see ``saves/README.md``)::

    {"format": 1, "engine_version", "app_version", "saved_at", "label", "match_id",
     "config": MatchConfig.to_dict(), "actions": [action_to_dict, ...],
     "snapshot": Game.to_dict(), "summary": {"players", "scores", "round", "over"},
     "checksum": sha256 of the canonical JSON of everything but "checksum"}

Loading checks the checksum, upgrades old formats step by step (``UPGRADES``),
replays the action log from the seed and insists the result equals the
snapshot. Every failure is a :class:`SaveError`; nothing else escapes. The
checksum rule is the same for every format, so it is checked first.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game import __version__
from game.config import MatchConfig
from game.i18n import register, t
from game.paths import autosave_path, data_dir, saves_dir
from game.rules.actions import Action, action_from_dict
from game.rules.engine import ENGINE_VERSION, Game
from game.rules.persist import upgrade_v1
from game.rules.settings import RuleSettings
from game.storage.atomic import (
    atomic_write_bytes,
    backup_path,
    is_temp_file,
    quarantine,
    remove_stale_temps,
)

FORMAT = 2
MAX_SAVE_BYTES = 32 * 1024 * 1024

# UPGRADES[n] turns a format-n document into a format-(n + 1) document (checksum
# already verified; the result is not re-checksummed). Add one entry per new format.
def _upgrade_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 1 -> 2: the snapshot no longer repeats the action list, and holds
    the engine-2.0 state fields (``game.rules.persist.upgrade_v1``)."""
    snapshot = doc.get("snapshot")
    if isinstance(snapshot, dict):
        snapshot = {k: v for k, v in snapshot.items() if k != "actions"}
        doc["snapshot"] = upgrade_v1(snapshot)
    return doc


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1}

__all__ = ["FORMAT", "UPGRADES", "REASONS", "SaveError", "SaveMeta", "LoadedMatch", "SlotInfo",
           "save_match", "load_match", "parse_save", "read_info", "quarantine",
           "load_with_recovery", "autosave_path", "autosave", "load_autosave", "clear_autosave",
           "save_slot", "slot_path", "list_slots", "delete_slot", "archive_finished",
           "list_replays", "export_replay", "new_match_id"]

REASONS = ("missing", "unreadable", "empty", "truncated", "invalid_json", "bad_checksum",
           "unknown_format", "newer_format", "bad_replay", "bad_data", "write_failed")

register(
    en={
        "save.damaged": "The save \"{name}\" could not be loaded ({reason}). It was moved aside as \"{moved}\".",
        "save.newer": "The save \"{name}\" was made by a newer version of the game; it was left untouched.",
        "save.from_backup": "Restored the previous save from the backup copy \"{name}\".",
        "save.lost": "No usable backup was found: the match could not be restored.",
    },
    zh={
        "save.damaged": "存档“{name}”无法读取（{reason}），已移到“{moved}”。",
        "save.newer": "存档“{name}”由更新版本的游戏创建，已保持原样。",
        "save.from_backup": "已从备份“{name}”恢复上一次的存档。",
        "save.lost": "没有可用的备份，无法恢复这局游戏。",
    },
)


class SaveError(Exception):
    """The one error type of this module; ``reason`` is one of :data:`REASONS`."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(f"[{reason}] {message}")
        self.reason = reason
        self.message = message


@dataclass(frozen=True)
class SaveMeta:
    path: Path | None
    format: int
    engine_version: Any
    app_version: str
    saved_at: str
    label: str
    match_id: str
    summary: dict[str, Any] = field(default_factory=dict)


@dataclass
class LoadedMatch:
    config: MatchConfig
    game: Game
    meta: SaveMeta


@dataclass(frozen=True)
class SlotInfo:
    """What the load screen lists, read without replaying the match."""

    path: Path
    label: str
    saved_at: str
    players: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    round_no: int = 0
    over: bool = False
    damaged: str = ""  # reason code when the file cannot be loaded


def new_match_id() -> str:
    """A fresh id for a new match (keep it in every save; stats use it to skip repeats)."""
    return uuid.uuid4().hex


# ---------------------------------------------------------------- format ----

def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)


def compute_checksum(doc: dict[str, Any]) -> str:
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return hashlib.sha256(canonical_json(body).encode("ascii")).hexdigest()


def _plain(obj: Any) -> Any:
    """The JSON form of ``obj`` (tuples -> lists, enums -> values)."""
    return json.loads(json.dumps(obj, allow_nan=False))


def build_save(config: MatchConfig, game: Game, label: str | None = None,
               match_id: str = "") -> dict[str, Any]:
    return build_save_from_snapshot(config, game.to_dict(), label, match_id)


def build_save_from_snapshot(config: MatchConfig, snapshot: dict[str, Any],
                             label: str | None = None, match_id: str = "") -> dict[str, Any]:
    """The save document of a ``Game.to_dict()`` snapshot (so a background
    writer can build it while the game goes on)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "engine_version": ENGINE_VERSION,
        "app_version": __version__,
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "label": label if label is not None else default_label(config),
        "match_id": match_id,
        "config": config.to_dict(),
        "actions": list(snapshot["actions"]),
        "snapshot": {k: v for k, v in snapshot.items() if k != "actions"},  # (stored once)
        "summary": {
            "players": [s.name for s in config.seats],
            "scores": list(snapshot["scores"]),
            "round": snapshot["round_no"],
            "over": snapshot["phase"] == "match_over",
        },
    }
    doc = _plain(doc)
    doc["checksum"] = compute_checksum(doc)
    return doc


def save_snapshot(path: Path | str, config: MatchConfig, snapshot: dict[str, Any],
                  match_id: str = "") -> Path:
    """Write the save of a snapshot atomically (the previous one kept as ``.bak``)."""
    path = Path(path)
    try:
        doc = build_save_from_snapshot(config, snapshot, None, match_id)
        atomic_write_bytes(path, dumps_save(doc).encode("utf-8"), keep_backup=True)
        remove_stale_temps(path.parent)
    except Exception as exc:
        raise SaveError("write_failed", f"could not write {path.name}: {exc!r}") from None
    return path


def dumps_save(doc: dict[str, Any]) -> str:
    """One top-level key per line, each value compact: readable and small."""
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False, allow_nan=False)}"
             for k, v in doc.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def default_label(config: MatchConfig) -> str:
    return ", ".join(s.name for s in config.seats)


_PARTIAL_TOKEN = re.compile(r"[^\s,:\[\]{}]*")  # what is left when a file is cut mid-token


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a save")


def _decode(data: bytes) -> dict[str, Any]:
    if not data.strip():
        raise SaveError("empty", "the file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError("invalid_json", f"not UTF-8 text: {exc}") from None
    try:
        doc = json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        rest = text[exc.pos:].rstrip()
        if exc.msg.startswith("Unterminated string") or _PARTIAL_TOKEN.fullmatch(rest):
            raise SaveError("truncated", f"the file ends too early ({exc.msg})") from None
        raise SaveError("invalid_json", f"not valid JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:
        raise SaveError("invalid_json", f"not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise SaveError("bad_data", "a save must be a JSON object")
    return doc


def _verify(doc: dict[str, Any]) -> dict[str, Any]:
    """Checksum, then format: returns the document upgraded to :data:`FORMAT`."""
    checksum = doc.get("checksum")
    if not isinstance(checksum, str):
        raise SaveError("bad_checksum", "the save has no checksum")
    try:
        actual = compute_checksum(doc)
    except (ValueError, TypeError, RecursionError) as exc:
        raise SaveError("bad_data", f"the save cannot be checked: {exc}") from None
    if actual != checksum:
        raise SaveError("bad_checksum", "the checksum does not match: the file was damaged or edited")
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise SaveError("unknown_format", f"unknown save format {fmt!r}")
    if fmt > FORMAT:
        raise SaveError("newer_format", f"save format {fmt} is newer than this game ({FORMAT})")
    while fmt < FORMAT:
        upgrade = UPGRADES.get(fmt)
        if upgrade is None:
            raise SaveError("unknown_format", f"no upgrade from save format {fmt}")
        doc = upgrade(dict(doc))
        fmt += 1
        doc["format"] = fmt
    return doc


def _str(doc: dict[str, Any], key: str) -> str:
    value = doc.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise SaveError("bad_data", f"{key} must be text")
    return value


def _meta(doc: dict[str, Any], path: Path | None) -> SaveMeta:
    summary = doc.get("summary", {})
    if not isinstance(summary, dict):
        raise SaveError("bad_data", "summary must be an object")
    return SaveMeta(path, FORMAT, doc.get("engine_version"), _str(doc, "app_version"),
                    _str(doc, "saved_at"), _str(doc, "label"), _str(doc, "match_id"), summary)


def _rebuild(doc: dict[str, Any]) -> tuple[MatchConfig, Game]:
    try:
        config = MatchConfig.from_dict(doc["config"])
        raw_actions = doc["actions"]
        if not isinstance(raw_actions, list):
            raise ValueError("actions must be a list")
        actions: list[Action] = [action_from_dict(a) for a in raw_actions]
        snapshot = doc["snapshot"]
        if not isinstance(snapshot, dict):
            raise ValueError("snapshot must be an object")
        # Settings added to the engine since the save was written (H7's seven_zero...)
        # read as their defaults, in the snapshot as in the config.
        snapshot = {**snapshot,
                    "settings": RuleSettings.from_dict(snapshot["settings"]).to_dict()}
    except SaveError:
        raise
    except Exception as exc:
        raise SaveError("bad_data", f"the save does not describe a match: {exc!r}") from None
    try:
        game = Game.replay(config.settings, len(config.seats), config.seed, actions)
        replayed = _plain(game.to_dict())
        replayed.pop("actions")  # (the log just replayed)
        # T7's idle-turn counters follow from the replay alone; saves made before
        # the turn limit count them differently, so they are not compared.
        for key in ("dry_turns", "turns"):
            replayed.pop(key, None)
            snapshot.pop(key, None)
        if replayed != snapshot:
            raise SaveError("bad_replay", "the action log does not lead to the saved position")
        game.check_invariants()
    except SaveError:
        raise
    except Exception as exc:
        raise SaveError("bad_replay", f"the action log does not replay: {exc!r}") from None
    return config, game


def parse_save(data: bytes, path: Path | None = None) -> LoadedMatch:
    """Check, upgrade and replay a save held in memory."""
    try:
        doc = _verify(_decode(data))
        meta = _meta(doc, path)
        config, game = _rebuild(doc)
        return LoadedMatch(config, game, meta)
    except SaveError:
        raise
    except Exception as exc:  # belt and braces: nothing but SaveError escapes
        raise SaveError("bad_data", f"unexpected problem: {exc!r}") from None


def _read(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError("bad_data", "the file is far too large to be a save")
        return path.read_bytes()
    except FileNotFoundError:
        raise SaveError("missing", f"{path.name} does not exist") from None
    except SaveError:
        raise
    except Exception as exc:
        raise SaveError("unreadable", f"{path.name} cannot be read: {exc}") from None


def load_match(path: Path | str) -> LoadedMatch:
    """Load, verify and replay a save. Raises only :class:`SaveError`; never writes."""
    try:
        path = Path(path)
    except Exception as exc:
        raise SaveError("missing", f"bad path: {exc!r}") from None
    return parse_save(_read(path), path)


def save_match(path: Path | str, config: MatchConfig, game: Game, label: str | None = None,
               match_id: str = "") -> Path:
    """Write a save atomically (the previous one is kept as ``.bak``)."""
    path = Path(path)
    try:
        data = dumps_save(build_save(config, game, label, match_id)).encode("utf-8")
        atomic_write_bytes(path, data, keep_backup=True)
        remove_stale_temps(path.parent)
    except Exception as exc:
        raise SaveError("write_failed", f"could not write {path.name}: {exc!r}") from None
    return path


def read_info(path: Path | str) -> SlotInfo:
    """Label, date, players and scores of a save, checksum-checked but not replayed."""
    path = Path(path)
    try:
        doc = _verify(_decode(_read(path)))
        meta = _meta(doc, path)
        s = meta.summary
        return SlotInfo(path, meta.label, meta.saved_at,
                        tuple(str(p) for p in s.get("players", [])),
                        tuple(int(x) for x in s.get("scores", [])),
                        int(s.get("round", 0)), bool(s.get("over", False)))
    except SaveError as exc:
        return SlotInfo(path, path.stem, "", damaged=exc.reason)
    except Exception:
        return SlotInfo(path, path.stem, "", damaged="bad_data")


# -------------------------------------------------------------- recovery ----

def _set_aside(path: Path, err: SaveError, messages: list[str]) -> None:
    if err.reason == "newer_format":
        messages.append(t("save.newer", name=path.name))
        return
    if err.reason in ("missing", "unreadable"):
        return
    moved = quarantine(path)
    messages.append(t("save.damaged", name=path.name, reason=err.message,
                      moved=moved.name if moved else path.name))


def load_with_recovery(path: Path | str) -> tuple[LoadedMatch | None, list[str]]:
    """Load ``path``; if it is damaged, set it aside and fall back to ``path.bak``.

    Returns the match (or None) and messages for the player. Nothing is ever
    overwritten; damaged files are renamed, not deleted.
    """
    path = Path(path)
    messages: list[str] = []
    try:
        return load_match(path), messages
    except SaveError as exc:
        first = exc
    _set_aside(path, first, messages)
    bak = backup_path(path)
    if bak.exists():
        try:
            loaded = load_match(bak)
        except SaveError as exc:
            _set_aside(bak, exc, messages)
        else:
            messages.append(t("save.from_backup", name=bak.name))
            return loaded, messages
    if first.reason != "missing":
        messages.append(t("save.lost"))
    return None, messages


# ----------------------------------------------------------------- slots ----



def slots_dir() -> Path:
    path = saves_dir() / "slots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def replays_dir() -> Path:
    path = data_dir() / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave(config: MatchConfig, game: Game, match_id: str = "") -> Path:
    return save_match(autosave_path(), config, game, label=None, match_id=match_id)


def load_autosave() -> tuple[LoadedMatch | None, list[str]]:
    return load_with_recovery(autosave_path())


def clear_autosave() -> None:
    """Forget the autosave (after the match was finished and archived)."""
    for p in (autosave_path(), backup_path(autosave_path())):
        try:
            p.unlink()
        except OSError:
            pass


def safe_file_name(name: str) -> str:
    """An ASCII, portable file stem for any label (unique per label)."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_")[:40] or "save"
    digest = hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]
    return f"{slug}-{digest}"


def slot_path(name: str) -> Path:
    return slots_dir() / f"{safe_file_name(name)}.json"


def save_slot(name: str, config: MatchConfig, game: Game, match_id: str = "") -> Path:
    return save_match(slot_path(name), config, game, label=name, match_id=match_id)


def _list(folder: Path) -> list[SlotInfo]:
    infos = [read_info(p) for p in folder.glob("*.json") if p.is_file() and not is_temp_file(p)]
    return sorted(infos, key=lambda i: i.saved_at, reverse=True)


def list_slots() -> list[SlotInfo]:
    """Every manual save, newest first (damaged ones carry a ``damaged`` reason)."""
    return _list(slots_dir())


def _delete_in(folder: Path, path: Path) -> bool:
    """Delete ``path`` and its backup, but only inside ``folder``."""
    if path.resolve().parent != folder.resolve():
        return False
    found = False
    for p in (path, backup_path(path)):
        try:
            p.unlink()
            found = True
        except OSError:
            pass
    return found


def delete_slot(slot: str | Path) -> bool:
    """Delete a manual save (by label or path inside the slots folder) and its backup."""
    return _delete_in(slots_dir(), Path(slot) if isinstance(slot, Path) else slot_path(slot))


def delete_replay(path: Path) -> bool:
    """Delete a finished-match replay (only inside the replays folder) and its backup."""
    return _delete_in(replays_dir(), path)


def archive_finished(config: MatchConfig, game: Game, match_id: str = "") -> Path:
    """Keep a finished match in ``replays/`` for the replay viewer."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{safe_file_name(default_label(config))}"
    path = replays_dir() / f"{base}.json"
    n = 1
    while path.exists():
        path = replays_dir() / f"{base}-{n}.json"
        n += 1
    return save_match(path, config, game, match_id=match_id)


def list_replays() -> list[SlotInfo]:
    return _list(replays_dir())


def export_replay(src: Path | str, dest: Path | str) -> Path:
    """Copy a save or replay to a file the player chose (only if it loads)."""
    src, dest = Path(src), Path(dest)
    data = _read(src)
    parse_save(data, src)
    try:
        atomic_write_bytes(dest, data, keep_backup=False)
    except Exception as exc:
        raise SaveError("write_failed", f"could not write {dest.name}: {exc!r}") from None
    return dest
