"""Damaged statistics and settings come back from their backup, and the last good
backup is never replaced by data that was not read successfully. Write failures
carry a reason the screens can show (disk_full, read_only, other)."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest
from ui_driver import buttons, click, make_app

from game.config import MatchConfig, SeatConfig
from game.rules.events import Event, EventKind, MatchResult
from game.rules.settings import OFFICIAL
from game.scenes.stats import StatsScene
from game.storage import saves
from game.storage import stats as st
from game.storage import user_settings as us
from game.storage.atomic import backup_path, write_failure_reason
from game.storage.stats import StatsStore, stats_path, update_from_events
from game.storage.user_settings import UserSettings, load_settings, save_settings, settings_path

CONFIG = MatchConfig((SeatConfig("Ann", "human"), SeatConfig("Bob", "ai", "easy"),
                      SeatConfig("Cat", "ai", "hard")), OFFICIAL, 1)


def catch(i: int) -> Event:
    return Event("caught", seat=0, target=1, value=i)


def played(n: int) -> None:
    """``n`` separate counted batches (each one writes stats.json)."""
    for i in range(n):
        update_from_events(CONFIG, [catch(i)])


def catches_in(path: Path) -> int:
    value: int = json.loads(path.read_text(encoding="utf-8"))["players"]["Ann"]["catches_made"]
    return value


# ------------------------------------------------------------- statistics --

def test_damaged_stats_come_back_from_the_backup_with_a_notice() -> None:
    played(5)  # stats.json: 5 catches, .bak: 4
    stats_path().write_bytes(b"{\"players\": {\"Ann\": ")
    store = StatsStore.load()
    assert store.players["Ann"].catches_made == 4
    assert store.notice == "restored"
    assert len(list(stats_path().parent.glob("stats.json.damaged-*"))) == 1


def test_the_good_backup_is_never_replaced_by_unread_data() -> None:
    played(5)
    stats_path().write_bytes(b"\x00garbage")
    played(3)  # used to start from zero and, two writes later, overwrite the .bak
    assert catches_in(stats_path()) == 4 + 3
    assert catches_in(backup_path(stats_path())) >= 4
    assert StatsStore.load().notice == "restored"  # kept until the screen shows it


def test_a_damaged_file_that_cannot_be_moved_never_becomes_the_backup(
        monkeypatch: pytest.MonkeyPatch) -> None:
    played(5)
    monkeypatch.setattr(st, "quarantine", lambda path: None)  # e.g. no rename permission
    stats_path().write_bytes(b"[[[")
    played(2)
    assert catches_in(backup_path(stats_path())) >= 4
    assert catches_in(stats_path()) == 4 + 2


def test_both_copies_damaged_start_again_with_a_notice() -> None:
    played(3)
    stats_path().write_bytes(b"{")
    backup_path(stats_path()).write_bytes(b"{")
    store = StatsStore.load()
    assert store.players == {} and store.notice == "lost"


def test_statistics_keep_only_built_in_levels() -> None:
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps({"format": 1, "players": {}, "ai_levels": {
        "hard": {"matches_played": 2}, "os:abort": {"matches_played": 9}}}), encoding="utf-8")
    assert set(StatsStore.load().ai_levels) == {"hard"}
    store = StatsStore()
    cli = MatchConfig((SeatConfig("Ann", "human"), SeatConfig("Bo", "ai", "my.bots:Bot")),
                      OFFICIAL, 1)
    store.update_from_events(cli, [Event(EventKind.MATCH_END, seat=1, result=MatchResult(
        winner=1, winners=(1,), totals=(0, 0), ranking=(1, 0), rounds=1))])
    assert store.players["Bo"].matches_won == 1 and store.ai_levels == {}


@pytest.mark.parametrize("lang, words", [("en", "backup"), ("zh", "备份")])
def test_statistics_screen_shows_the_notice_once(lang: str, words: str) -> None:
    played(3)
    stats_path().write_bytes(b"not json")
    app = make_app("--lang", lang)
    try:
        click(app, buttons(app)["Statistics" if lang == "en" else "统计"])
        scene = app.scenes.top
        assert isinstance(scene, StatsScene)
        assert words in scene.notice_text()
        app.pump(2)
    finally:
        app.shutdown()
    assert StatsStore.load().notice == ""
    assert StatsStore.load().players["Ann"].catches_made == 2


# --------------------------------------------------------------- settings --

def test_settings_backup_survives_a_damaged_file_that_cannot_be_moved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(UserSettings(sfx_volume=0.1))
    save_settings(UserSettings(sfx_volume=0.2))
    monkeypatch.setattr(us, "quarantine", lambda path: None)
    settings_path().write_bytes(b"{broken")
    assert load_settings().sfx_volume == 0.1  # the backup, not the defaults
    save_settings(UserSettings(sfx_volume=0.3))
    bak = json.loads(backup_path(settings_path()).read_text(encoding="utf-8"))
    assert bak["sfx_volume"] == 0.1


# ---------------------------------------------------------- write reasons --

@pytest.mark.parametrize("code, reason", [
    (errno.ENOSPC, "disk_full"), (errno.EROFS, "read_only"), (errno.EACCES, "read_only"),
    (errno.EPERM, "read_only"), (errno.EIO, "other"), (None, "other")])
def test_write_failure_reason(code: int | None, reason: str) -> None:
    exc = OSError(code, "x") if code is not None else OSError("no errno")
    assert write_failure_reason(exc) == reason
    assert write_failure_reason(ValueError("not an OS error")) == "other"


def disk_full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_save_functions_report_why_they_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.rules.engine import Game

    monkeypatch.setattr(saves, "atomic_write_bytes", disk_full)
    game = Game.new(CONFIG.settings, 3, CONFIG.seed)
    with pytest.raises(saves.SaveError) as err:
        saves.autosave(CONFIG, game)
    assert err.value.reason == "write_failed" and err.value.write_reason == "disk_full"
    with pytest.raises(saves.SaveError) as err:
        saves.save_snapshot(saves.autosave_path(), CONFIG, game.to_dict())
    assert err.value.write_reason == "disk_full"

    monkeypatch.setattr(st, "atomic_write_text", disk_full)
    result = StatsStore().save()
    assert not result and result.reason == "disk_full"

    monkeypatch.setattr(us, "atomic_write_text", disk_full)
    result = save_settings(UserSettings())
    assert not result and result.reason == "disk_full"
