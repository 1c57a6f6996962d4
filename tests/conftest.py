"""Shared test setup: headless SDL and a private game home per test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


@pytest.fixture(autouse=True)
def uno_game_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, saves, stats and logs of each test live in its own folder."""
    home = tmp_path / "uno-home"
    monkeypatch.setenv("UNO_GAME_HOME", str(home))
    return home
