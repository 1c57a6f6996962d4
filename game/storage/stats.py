"""Statistics per player name (and per AI level), fed by engine events.

Stored at ``data_dir()/stats.json`` (atomic, ``.bak`` kept). A damaged file
is moved aside and the statistics come back from the ``.bak`` (``notice`` is
then ``"restored"``; ``"lost"`` when the backup is unusable too and they start
again from zero), never a crash. The notice is kept in the file until the
Statistics screen has shown it. A file that was not read successfully never
becomes the ``.bak``.

Counted from the engine's events (``game/rules/events.py``):

* ``round_end``  rounds played (every seat), rounds won (winner, both partners
  under teams) and points gained (``data["gained"]``; under R3 penalty scoring
  they count as ``penalty_points``)
* ``match_end``  matches played/won and the win history (date, won)
* ``caught``     catches made (``seat``) and UNO calls missed (``target``)
* ``challenge``  T5: challenger wins when ``value`` = 1 (guilty), else the target wins

A person (a human or phone seat) counts under their name (``players``); a bot
at a built-in level under its level and name (``bots[level][name]``: two bots
called Ada, one Easy and one Hard, are two entries, and neither is the person
called Ada, #39), and also under ``ai_levels[level]``. A ``module:Class`` bot
counts under its name in ``players`` (a file never names code).

Format 1 (before #39) kept every seat by name alone; it still loads, its
entries as they were counted (``players``), and is written as format 2.
Samples of each format: ``saves/stats-format-<n>.json``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.config import BUILTIN_LEVELS, MAX_NAME_CHARS, MatchConfig
from game.exhaustive import assert_never
from game.paths import data_dir
from game.rules.events import Event, EventKind
from game.storage.atomic import (
    WriteResult,
    atomic_write_text,
    backup_path,
    quarantine,
    read_json_object,
    sweep_once,
    write_failure_reason,
)
from game.text_gate import clean, excerpt, is_blank

FORMAT = 2
FILE_NAME = "stats.json"
HISTORY_LIMIT = 1000
SEEN_LIMIT = 100
COUNTED_KINDS = frozenset({EventKind.ROUND_END, EventKind.MATCH_END, EventKind.CAUGHT,
                           EventKind.CHALLENGE})
NOTICES = ("restored", "lost")  # what the Statistics screen tells once (stats.notice.<key>)

log = logging.getLogger(__name__)

_COUNTERS = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points_scored",
             "penalty_points", "uno_missed", "catches_made", "challenges_won", "challenges_lost")


@dataclass
class PlayerStats:
    matches_played: int = 0
    matches_won: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    points_scored: int = 0  # points gained (R2, R4, teams R5)
    penalty_points: int = 0  # R3 (penalty_points scoring): points taken, lower is better
    uno_missed: int = 0  # caught not calling UNO (T6)
    catches_made: int = 0
    challenges_won: int = 0  # T5, as challenger or as the one challenged
    challenges_lost: int = 0
    history: list[tuple[str, bool]] = field(default_factory=list)  # (ISO date, won), oldest first

    @property
    def win_rate(self) -> float:
        return self.matches_won / self.matches_played if self.matches_played else 0.0

    def win_rate_over_time(self) -> list[tuple[str, float]]:
        """(date, win rate so far) after each finished match, for the chart."""
        out: list[tuple[str, float]] = []
        won = 0
        for i, (date, w) in enumerate(self.history, 1):
            won += bool(w)
            out.append((date, won / i))
        return out

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: getattr(self, name) for name in _COUNTERS}
        d["history"] = [[date, won] for date, won in self.history]
        return d

    @classmethod
    def from_dict(cls, data: Any) -> PlayerStats:
        """Lenient: a bad counter reads as 0, a bad history entry is dropped."""
        s = cls()
        if not isinstance(data, dict):
            return s
        for name in _COUNTERS:
            v = data.get(name, 0)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**12:
                setattr(s, name, v)
        hist = data.get("history", [])
        if isinstance(hist, list):
            s.history = [(clean(h[0], 40), h[1]) for h in hist
                         if isinstance(h, list) and len(h) == 2 and isinstance(h[0], str)
                         and isinstance(h[1], bool)][-HISTORY_LIMIT:]
        return s


def _by_clean_name(table: dict[str, Any]) -> dict[str, PlayerStats]:
    """Player statistics by name, each name through the text gate: a name the file
    spells with controls or lone surrogates is read as its clean form (the first
    of two that clean alike wins), a name with nothing left is dropped."""
    out: dict[str, PlayerStats] = {}
    for raw, value in table.items():
        name = clean(raw, MAX_NAME_CHARS)
        if not is_blank(name) and name not in out:
            out[name] = PlayerStats.from_dict(value)
        elif name != raw:
            log.warning("statistics: dropped the entry of an unusable player name %r", excerpt(raw))
    return out


# Far above what years of evenings write (a player's history is capped), far below
# what would stall the start-up: a bigger file is set aside, never read or rewritten.
MAX_STATS_BYTES = 16 * 1024 * 1024


def stats_path() -> Path:
    return data_dir() / FILE_NAME


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _per_seat(value: Any, seat: int) -> int | None:
    """``value[seat]`` for a list, or ``value[str(seat)]`` for a JSON-style dict."""
    if isinstance(value, (list, tuple)) and 0 <= seat < len(value):
        return _int(value[seat])
    if isinstance(value, dict):
        return _int(value.get(str(seat), value.get(seat)))
    return None


@dataclass(frozen=True, slots=True)
class Entry:
    """Whose statistics: a person by ``name`` (``level`` ""), or a bot by name and level."""

    name: str
    level: str = ""


@dataclass
class StatsStore:
    players: dict[str, PlayerStats] = field(default_factory=dict)
    bots: dict[str, dict[str, PlayerStats]] = field(default_factory=dict)
    """level -> bot name -> statistics (built-in levels only)"""
    ai_levels: dict[str, PlayerStats] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)  # match_id -> last action index counted
    path: Path | None = None
    notice: str = ""  # one of NOTICES until the Statistics screen has shown it

    # ------------------------------------------------------------- files --
    @classmethod
    def load(cls, path: Path | None = None) -> StatsStore:
        """The stored statistics, else the backup's (``notice`` "restored"), else
        empty ones (``notice`` "lost" when a file was there). Never raises."""
        path = path or stats_path()
        sweep_once(path.parent)
        store = cls(path=path)
        data, problem = read_json_object(path, MAX_STATS_BYTES)
        if data is not None:
            store._fill(data)
            return store
        if problem == "damaged":
            log.warning("damaged statistics %s moved to %s", path, quarantine(path))
        elif problem == "unreadable":
            log.warning("cannot read statistics %s", path)
        bak = backup_path(path)
        if problem == "missing" and not bak.exists():
            return store
        data, _ = read_json_object(bak, MAX_STATS_BYTES)
        if data is not None:
            log.warning("statistics restored from %s", bak)
            store._fill(data)
            store.notice = "restored"
        elif problem != "missing":
            store.notice = "lost"
        return store

    def _fill(self, data: dict[str, Any]) -> None:
        for attr in ("players", "ai_levels"):
            table = data.get(attr)
            if isinstance(table, dict):
                setattr(self, attr, _by_clean_name(table))
        bots = data.get("bots")
        if isinstance(bots, dict):  # format 2
            self.bots = {level: _by_clean_name(table) for level, table in bots.items()
                         if level in BUILTIN_LEVELS and isinstance(table, dict)}
        dropped = [k for k in self.ai_levels if k not in BUILTIN_LEVELS]
        for k in dropped:  # only built-in levels are counted (a file never names code)
            del self.ai_levels[k]
        if dropped:
            log.warning("statistics: ignored AI levels that are not built in: %s", dropped)
        seen = data.get("seen")
        if isinstance(seen, dict):
            self.seen = {clean(k, 128): v for k, v in seen.items() if _int(v) is not None}
        notice = data.get("notice", "")
        self.notice = notice if notice in NOTICES else ""

    def save(self) -> WriteResult:
        """Write atomically; a failed result (logged) says why the disk refused.

        The current file becomes the ``.bak`` only when it reads as statistics,
        so a damaged file never replaces the last good backup.
        """
        path = self.path or stats_path()
        data: dict[str, Any] = {
            "format": FORMAT,
            "players": {k: v.to_dict() for k, v in self.players.items()},
            "bots": {level: {k: v.to_dict() for k, v in table.items()}
                     for level, table in self.bots.items()},
            "ai_levels": {k: v.to_dict() for k, v in self.ai_levels.items()},
            "seen": self.seen,
        }
        if self.notice:
            data["notice"] = self.notice
        try:
            text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
            atomic_write_text(path, text, keep_backup=read_json_object(path, MAX_STATS_BYTES)[0] is not None)
        except (OSError, ValueError, TypeError) as exc:
            log.error("cannot save statistics to %s: %s", path, exc)
            return WriteResult(False, write_failure_reason(exc))
        return WriteResult(True)

    # ----------------------------------------------------------- counting --
    def player(self, name: str) -> PlayerStats:
        return self.players.setdefault(name, PlayerStats())

    def bot(self, name: str, level: str) -> PlayerStats:
        return self.bots.setdefault(level, {}).setdefault(name, PlayerStats())

    def entries(self) -> list[Entry]:
        """Everyone with statistics: the people, then the bots by level."""
        return [Entry(name) for name in self.players] + [
            Entry(name, level) for level, table in self.bots.items() for name in table]

    def stats_of(self, entry: Entry) -> PlayerStats | None:
        if entry.level:
            return self.bots.get(entry.level, {}).get(entry.name)
        return self.players.get(entry.name)

    def _targets(self, config: MatchConfig, seat: int) -> list[PlayerStats]:
        if not 0 <= seat < len(config.seats):
            return []
        sc = config.seats[seat]
        if sc.kind == "ai" and sc.level in BUILTIN_LEVELS:  # module:Class bots: by name only
            return [self.bot(sc.name, sc.level), self.ai_levels.setdefault(sc.level, PlayerStats())]
        return [self.player(sc.name)]

    def _add(self, config: MatchConfig, seat: int, counter: str, amount: int = 1) -> None:
        for s in self._targets(config, seat):
            setattr(s, counter, getattr(s, counter) + amount)

    def _winners(self, config: MatchConfig, event: Event) -> set[int]:
        """The winning seats of a round or match (both partners under teams, R5)."""
        data = event.data if isinstance(event.data, dict) else {}
        listed = data.get("winners")
        if isinstance(listed, list) and listed and all(_int(w) is not None for w in listed):
            return set(listed)
        if event.seat < 0:
            return set()
        n = len(config.seats)
        if config.settings.teams and n >= 4:  # R5: partners sit opposite (seat % (n / 2))
            half = n // 2
            return {x for x in range(n) if x % half == event.seat % half}
        return {event.seat}

    def record_event(self, config: MatchConfig, event: Event, when: str | None = None) -> bool:
        """Count one event; True when it changed the statistics."""
        n = len(config.seats)
        data = event.data if isinstance(event.data, dict) else {}
        match event.kind:
            case EventKind.ROUND_END:
                winners = self._winners(config, event)
                for seat in range(n):
                    self._add(config, seat, "rounds_played")
                    if seat in winners:
                        self._add(config, seat, "rounds_won")
                gained = data.get("gained")
                counter = ("penalty_points" if config.settings.scoring == "penalty_points"
                           else "points_scored")
                for seat in range(n):
                    p = _per_seat(gained, seat)
                    if p is not None and p > 0:
                        self._add(config, seat, counter, p)
                return True
            case EventKind.MATCH_END:
                winners = self._winners(config, event)
                date = when or datetime.now(timezone.utc).isoformat(timespec="seconds")
                for seat in range(n):
                    won = seat in winners
                    self._add(config, seat, "matches_played")
                    if won:
                        self._add(config, seat, "matches_won")
                    for s in self._targets(config, seat):
                        s.history.append((date, won))
                        del s.history[:-HISTORY_LIMIT]
                return True
            case EventKind.CAUGHT:
                self._add(config, event.seat, "catches_made")
                self._add(config, event.target, "uno_missed")
                return True
            case EventKind.CHALLENGE:
                guilty = event.value == 1
                self._add(config, event.seat, "challenges_won" if guilty else "challenges_lost")
                self._add(config, event.target, "challenges_lost" if guilty else "challenges_won")
                return True
            case (EventKind.ROUND_START | EventKind.DEALER_DRAW | EventKind.DEALER
                  | EventKind.SHUFFLE | EventKind.DEAL | EventKind.START_CARD
                  | EventKind.START_CARD_RETURN | EventKind.PLAY | EventKind.JUMP_IN
                  | EventKind.COLOUR | EventKind.DIRECTION | EventKind.SKIP | EventKind.DRAW
                  | EventKind.RESHUFFLE | EventKind.PENALTY | EventKind.DEFLECT
                  | EventKind.UNO | EventKind.FALSE_UNO | EventKind.PASS
                  | EventKind.WRONG_PLAY | EventKind.SWAP | EventKind.ROTATE | EventKind.TURN
                  | EventKind.OUT | EventKind.SHUFFLE_HANDS):
                return False  # not counted
            case _:
                assert_never(event.kind)

    def update_from_events(self, config: MatchConfig, events: Iterable[Event],
                           match_id: str = "", action_index: int = -1) -> bool:
        """Count a batch of events (one ``apply``); True when something was counted.

        With a ``match_id`` and ``action_index`` (``len(game.actions)`` after the
        apply), a batch at or before the last one counted for that match is
        skipped, so resuming from an autosave never counts a round twice.
        """
        events = [e for e in events if e.kind in COUNTED_KINDS]
        if match_id and action_index >= 0:
            if action_index <= self.seen.get(match_id, -1):
                return False
            if events:
                self.seen.pop(match_id, None)
                self.seen[match_id] = action_index
                while len(self.seen) > SEEN_LIMIT:
                    del self.seen[next(iter(self.seen))]
        changed = False
        for event in events:
            changed |= self.record_event(config, event)
        return changed


def update_from_events(config: MatchConfig, events: Iterable[Event], match_id: str = "",
                       action_index: int = -1, store: StatsStore | None = None) -> StatsStore:
    """Load (or use ``store``), count the batch and save when something changed."""
    store = store if store is not None else StatsStore.load()
    if store.update_from_events(config, events, match_id, action_index):
        store.save()
    return store


__all__ = ["Entry", "PlayerStats", "StatsStore", "update_from_events", "stats_path", "FORMAT"]
