"""A failing autosave is shown once on the table, logged once with its reason,
and goes away by itself after the next successful save."""

from __future__ import annotations

import errno
import logging
from typing import Any

import pytest
from table_helpers import Texts, config, human_moves, make_app

from game import i18n
from game.controller import MatchController, save_failure_reason
from game.session import Session
from game.storage import saves
from game.table.scene import TableScene

DISK_FULL = {"en": "Can't save: disk full; the match goes on",
             "zh": "无法保存：磁盘已满；对局继续"}


def _failing(code: int) -> Any:
    def write(path: Any, data: bytes, keep_backup: bool = True) -> None:
        raise OSError(code, "refused", str(path))
    return write


@pytest.fixture
def table() -> Any:
    app = make_app((1024, 640), "en", "off")
    app.start_match(config(3, 1, 7))
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.ctl.persist
    return app, table


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_disk_full_is_shown_once_logged_once_and_clears_after_a_save(
        table: Any, lang: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    app, tbl = table
    i18n.set_language(lang)
    texts = Texts(monkeypatch)
    human_moves(app, tbl)
    assert DISK_FULL[lang] not in texts.frame(app)
    real = saves.atomic_write_bytes
    monkeypatch.setattr(saves, "atomic_write_bytes", _failing(errno.ENOSPC))
    caplog.set_level(logging.INFO, logger="game.controller")
    for _ in range(3):  # a failure streak: one notice, one log record
        human_moves(app, tbl)
        assert texts.frame(app).count(DISK_FULL[lang]) == 1
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(errors) == 1
    assert "disk full" in errors[0].getMessage() and "refused" in errors[0].getMessage()
    monkeypatch.setattr(saves, "atomic_write_bytes", real)
    human_moves(app, tbl)
    assert DISK_FULL[lang] not in texts.frame(app)
    assert tbl.ctl.flush_saves()
    assert saves.load_match(saves.autosave_path()).game.actions == tbl.ctl.game.actions
    assert any("again" in r.getMessage() for r in caplog.records)
    i18n.set_language("en")


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES, errno.EPERM])
def test_a_read_only_folder_is_named(table: Any, code: int,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    app, tbl = table
    texts = Texts(monkeypatch)
    monkeypatch.setattr(saves, "atomic_write_bytes", _failing(code))
    human_moves(app, tbl)
    assert i18n.t("tbl.save_failed.read_only") in texts.frame(app)
    assert "read-only" in i18n.t("tbl.save_failed.read_only")


def test_leaving_the_table_with_a_full_disk_logs_the_reason(
        table: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    app, tbl = table
    human_moves(app, tbl)
    monkeypatch.setattr(saves, "atomic_write_bytes", _failing(errno.ENOSPC))
    caplog.set_level(logging.INFO, logger="game.controller")
    app.back_to_menu()  # the table's exit saves synchronously
    assert tbl.ctl.save_problem == "disk_full"
    assert any("disk full" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(("exc", "reason"), [
    (OSError(errno.ENOSPC, "x"), "disk_full"),
    (OSError(errno.EDQUOT, "x"), "disk_full"),
    (OSError(errno.EROFS, "x"), "read_only"),
    (PermissionError(errno.EACCES, "x"), "read_only"),
    (OSError(errno.EPERM, "x"), "read_only"),
    (OSError(errno.EIO, "x"), "other"),
    (ValueError("not a file problem"), "other"),
])
def test_save_failure_reason(exc: BaseException, reason: str) -> None:
    assert save_failure_reason(exc) == reason
    try:  # the save layer wraps the OSError: the reason still comes through
        try:
            raise exc
        except BaseException:
            raise saves.SaveError("write_failed", "could not write") from None
    except saves.SaveError as wrapped:
        assert save_failure_reason(wrapped) == reason


def test_a_match_without_persistence_never_shows_the_notice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1024, 640), "en", "off")
    cfg = config(3, 1, 7)
    table = TableScene(app, Session(MatchController(cfg, persist=False)))
    app.scenes.push(table)
    monkeypatch.setattr(saves, "atomic_write_bytes", _failing(errno.ENOSPC))
    human_moves(app, table)
    assert table.ctl.save_problem == ""
