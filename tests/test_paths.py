"""game.paths and game.logs: one folder under UNO_GAME_HOME, created on demand."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

from game import paths
from game.logs import setup_logging


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_home_env_puts_everything_in_one_folder(home: Path) -> None:
    assert paths.config_dir() == home / "config"
    assert paths.data_dir() == home / "data"
    assert paths.log_dir() == home / "logs"
    for d in (paths.config_dir(), paths.data_dir(), paths.log_dir()):
        assert d.is_dir()


def test_platformdirs_without_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("UNO_GAME_HOME", raising=False)
    calls: list[tuple[str, object]] = []

    def fake(kind: str):  # type: ignore[no-untyped-def]
        def f(appname: str, appauthor: object = None) -> str:
            calls.append((appname, appauthor))
            return str(tmp_path / kind / appname)
        return f

    monkeypatch.setattr(paths.platformdirs, "user_config_dir", fake("cfg"))
    monkeypatch.setattr(paths.platformdirs, "user_data_dir", fake("data"))
    monkeypatch.setattr(paths.platformdirs, "user_log_dir", fake("log"))
    assert paths.config_dir() == tmp_path / "cfg" / "uno-game"
    assert paths.data_dir() == tmp_path / "data" / "uno-game"
    assert paths.log_dir().is_dir()
    assert all(name == "uno-game" and author is False for name, author in calls)
    assert paths.APP_NAME.isascii()


def test_setup_logging_writes_file(home: Path) -> None:
    path = setup_logging()
    try:
        logging.getLogger("uno.test").warning("hello log")
        for h in logging.getLogger().handlers:
            h.flush()
        assert path.parent == home / "logs"
        assert "hello log" in path.read_text(encoding="utf-8")
        setup_logging()  # again: no duplicate handlers
        marked = [h for h in logging.getLogger().handlers if getattr(h, "_uno_game_handler", False)]
        assert len(marked) == 1
    finally:
        for h in list(logging.getLogger().handlers):
            if getattr(h, "_uno_game_handler", False):
                logging.getLogger().removeHandler(h)
                h.close()


def test_setup_logging_without_console_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    try:
        path = setup_logging(console=True)
        logging.getLogger("uno.test").error("windowed build")
        assert path.exists()
    finally:
        for h in list(logging.getLogger().handlers):
            if getattr(h, "_uno_game_handler", False):
                logging.getLogger().removeHandler(h)
                h.close()
