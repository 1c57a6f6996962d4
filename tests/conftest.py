"""Shared test setup: headless SDL and a private game home per test."""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from real_files_guard import RealFilesGuard, real_folders

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# Behind each test's own home, one for the session: a bot or autosave thread that
# finishes after its test restored the environment writes here, not to the
# player's real settings and saves.
_REAL_GUARD = RealFilesGuard(real_folders())  # (found before UNO_GAME_HOME is set)
sys.addaudithook(_REAL_GUARD)
_SESSION_HOME = tempfile.mkdtemp(prefix="uno-tests-")
os.environ["UNO_GAME_HOME"] = _SESSION_HOME
atexit.register(shutil.rmtree, _SESSION_HOME, ignore_errors=True)


@pytest.fixture(autouse=True)
def uno_game_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, saves, stats and logs of each test live in its own folder."""
    home = tmp_path / "uno-home"
    monkeypatch.setenv("UNO_GAME_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def root_logging_restored() -> object:
    """A test that sets up the game's logging (root at INFO, a file handler) leaves
    the root logger as it found it, so later tests do not log, and keep, INFO records."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when anything wrote into the player's real folders."""
    if _REAL_GUARD.writes:
        print("\nWRITES INTO THE PLAYER'S REAL FOLDERS:\n" + "\n".join(_REAL_GUARD.writes))
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
