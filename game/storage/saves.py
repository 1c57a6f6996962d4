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
from typing import Any, NamedTuple

from game import __version__
from game.config import MAX_NAME_CHARS, MatchConfig, UntrustedLevel
from game.paths import autosave_path, data_dir, saves_dir
from game.rules.actions import Action, action_from_dict
from game.rules.engine import ENGINE_VERSION, Game
from game.rules.persist import upgrade_v1
from game.rules.settings import RuleSettings
from game.storage.atomic import (
    NotRegular,
    TooLarge,
    atomic_write_bytes,
    backup_path,
    is_temp_file,
    quarantine,
    read_capped,
    remove_stale_temps,
    write_failure_reason,
)
from game.text_gate import check, clean, excerpt

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

__all__ = ["FORMAT", "UPGRADES", "REASONS", "Notice", "SaveError", "SaveMeta", "LoadedMatch", "SlotInfo",
           "save_match", "load_match", "parse_save", "read_info", "quarantine",
           "load_with_recovery", "autosave_path", "autosave", "load_autosave", "clear_autosave",
           "save_slot", "slot_path", "list_slots", "delete_slot", "archive_finished",
           "list_replays", "export_replay", "new_match_id"]

REASONS = ("missing", "unreadable", "empty", "truncated", "invalid_json", "bad_checksum",
           "unknown_format", "newer_format", "bad_replay", "bad_data", "untrusted_level",
           "write_failed")

class SaveError(Exception):
    """The one error type of this module; ``reason`` is one of :data:`REASONS`.

    ``level`` is the refused AI level of an ``untrusted_level`` error;
    ``write_reason`` says why a ``write_failed`` happened: ``disk_full``,
    ``read_only`` or ``other`` (:func:`game.storage.atomic.write_failure_reason`;
    the words are the UI strings ``storage.<write_reason>``).
    """

    def __init__(self, reason: str, message: str, *, level: str = "",
                 write_reason: str = "") -> None:
        message = excerpt(message, 300)  # a file's content is quoted, never whole
        super().__init__(f"[{reason}] {message}")
        self.reason = reason
        self.message = message
        self.level = level
        self.write_reason = write_reason


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
    summary_ok: bool = True  # False: the file loads but its summary block is unusable


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
        "label": clean(label, LABEL_CHARS) if label is not None else default_label(config),
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
    return _write(Path(path), lambda: build_save_from_snapshot(config, snapshot, None, match_id))


def _write(path: Path, build: Callable[[], dict[str, Any]]) -> Path:
    """Write the document ``build()`` makes; any failure is ``SaveError("write_failed")``
    with its ``write_reason``."""
    try:
        atomic_write_bytes(path, dumps_save(build()).encode("utf-8"), keep_backup=True)
        remove_stale_temps(path.parent)
    except Exception as exc:
        raise _write_failed(path, exc) from None
    return path


def _write_failed(path: Path, exc: Exception) -> SaveError:
    return SaveError("write_failed", f"could not write {path.name}: {exc!r}",
                     write_reason=write_failure_reason(exc))


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


# The longest text each metadata field may hold (a label is typed by the player).
LABEL_CHARS = 200
_TEXT_LIMITS = {"app_version": 64, "saved_at": 64, "label": LABEL_CHARS, "match_id": 128}


def _str(doc: dict[str, Any], key: str) -> str:
    value = doc.get(key, "")
    if value is None:
        return ""
    try:
        return check(value, key, _TEXT_LIMITS[key], empty=True)
    except ValueError as exc:
        raise SaveError("bad_data", str(exc)) from None


def _meta(doc: dict[str, Any], path: Path | None) -> SaveMeta:
    summary = doc.get("summary", {})
    if not isinstance(summary, dict):  # only the list shows it: never a reason to refuse
        summary = {}
    engine = doc.get("engine_version")
    if not (engine is None or (isinstance(engine, (str, int)) and len(str(engine)) <= 64)):
        raise SaveError("bad_data", "engine_version must be short text")
    return SaveMeta(path, FORMAT, engine, _str(doc, "app_version"),
                    _str(doc, "saved_at"), _str(doc, "label"), _str(doc, "match_id"), summary)


def _rebuild(doc: dict[str, Any]) -> tuple[MatchConfig, Game]:
    try:
        try:
            config = MatchConfig.from_dict(doc["config"])
        except UntrustedLevel as exc:
            raise SaveError("untrusted_level", str(exc), level=exc.level) from None
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
        return read_capped(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError("missing", f"{path.name} does not exist") from None
    except TooLarge:
        raise SaveError("bad_data", "the file is far too large to be a save") from None
    except NotRegular:
        raise SaveError("unreadable", f"{path.name} is not a regular file") from None
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
    return _write(Path(path), lambda: build_save(config, game, label, match_id))


def _is_int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _shown(name: Any) -> bool:
    """True for a player name of a summary block the list can draw."""
    try:
        check(name, "a player name", MAX_NAME_CHARS)
    except ValueError:
        return False
    return True


def _summary(raw: Any) -> tuple[tuple[str, ...], tuple[int, ...], int, bool] | None:
    """(players, scores, round, over) of a summary block, or None when it is unusable."""
    if not isinstance(raw, dict):
        return None
    players, scores = raw.get("players"), raw.get("scores", [])
    rnd, over = raw.get("round", 0), raw.get("over", False)
    if not (isinstance(players, list) and len(players) <= 10
            and all(_shown(p) for p in players)):
        return None
    if not (isinstance(scores, list) and len(scores) <= 10
            and all(_is_int(x, -10**9, 10**9) for x in scores)):
        return None
    if not (_is_int(rnd, 0, 10**6) and isinstance(over, bool)):
        return None
    return tuple(players), tuple(scores), rnd, over


def read_info(path: Path | str) -> SlotInfo:
    """Label, date, players and scores of a save, checksum-checked but not replayed.

    A bad summary block (the list's cache, never used to load) gives
    ``summary_ok=False``, not a damaged entry: the save itself may load fine.
    """
    path = Path(path)
    try:
        doc = _verify(_decode(_read(path)))
        meta = _meta(doc, path)
        summary = _summary(doc.get("summary"))
        if summary is None:
            return SlotInfo(path, meta.label, meta.saved_at, summary_ok=False)
        return SlotInfo(path, meta.label, meta.saved_at, *summary)
    except SaveError as exc:
        return SlotInfo(path, path.stem, "", damaged=exc.reason)
    except Exception:
        return SlotInfo(path, path.stem, "", damaged="bad_data")


# -------------------------------------------------------------- recovery ----

class Notice(NamedTuple):
    """A message for the player, in no language: catalogue id ``key`` and its
    ``params``. A ``reason`` param is a :data:`REASONS` code (the UI shows the
    words of ``save.reason.<code>``)."""

    key: str
    params: tuple[tuple[str, str], ...] = ()


def _note(key: str, **params: str) -> Notice:
    return Notice(key, tuple(params.items()))


def _set_aside(path: Path, err: SaveError, messages: list[Notice]) -> None:
    if err.reason == "newer_format":
        messages.append(_note("save.newer", name=path.name))
        return
    if err.reason in ("missing", "unreadable"):
        return
    moved = quarantine(path)
    moved_name = moved.name if moved else path.name
    if err.reason == "untrusted_level":
        messages.append(_note("save.untrusted", name=path.name, level=err.level, moved=moved_name))
        return
    messages.append(_note("save.damaged", name=path.name, reason=err.reason, moved=moved_name))


def load_with_recovery(path: Path | str) -> tuple[LoadedMatch | None, list[Notice]]:
    """Load ``path``; if it is damaged, set it aside and fall back to ``path.bak``.

    Returns the match (or None) and notices for the player. Nothing is ever
    overwritten; damaged files are renamed, not deleted.
    """
    path = Path(path)
    messages: list[Notice] = []
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
            messages.append(_note("save.from_backup", name=bak.name))
            return loaded, messages
    if first.reason != "missing":
        messages.append(_note("save.lost"))
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


def load_autosave() -> tuple[LoadedMatch | None, list[Notice]]:
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
    """Save to the slot named by what the player typed (passed through the text gate)."""
    name = clean(name, LABEL_CHARS).strip() or default_label(config)
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
        raise _write_failed(dest, exc) from None
    return dest
