"""Shared test setup: headless SDL and a private game home per test."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# Behind each test's own home, one for the session: a bot or autosave thread that
# finishes after its test restored the environment writes here, not to the
# player's real settings and saves.
_SESSION_HOME = tempfile.mkdtemp(prefix="uno-tests-")
os.environ["UNO_GAME_HOME"] = _SESSION_HOME
atexit.register(shutil.rmtree, _SESSION_HOME, ignore_errors=True)


@pytest.fixture(autouse=True)
def uno_game_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, saves, stats and logs of each test live in its own folder."""
    home = tmp_path / "uno-home"
    monkeypatch.setenv("UNO_GAME_HOME", str(home))
    return home
