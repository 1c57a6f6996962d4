"""No test, nor a thread a test left running, reaches the player's own files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import paths


def test_after_a_test_lets_go_of_its_home_writes_still_land_in_a_temp_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot or autosave thread can finish after its test has restored the
    environment: it then wrote autosave.json and settings.json into the
    player's real folders. The whole session has a temp home behind each
    test's own."""
    monkeypatch.undo()  # as at the end of a test: the per-test home is gone
    real = Path.home().resolve()
    for folder in (paths.data_dir(), paths.config_dir()):
        assert real not in folder.resolve().parents, folder


def test_the_session_guard_records_writes_into_the_real_folders_and_nothing_else(
        tmp_path: Path) -> None:
    """The audit hook behind the whole run (tests/conftest.py) fails the
    session on any write into the player's folders, whichever test or thread
    makes it. Here it is called with made-up events: nothing is written."""
    from real_files_guard import RealFilesGuard

    real = tmp_path / "real-config"
    guard = RealFilesGuard((str(real),))
    guard("open", (str(real / "settings.json"), "r", 0))  # reading is fine
    guard("open", (str(tmp_path / "elsewhere.json"), "w", 0))
    guard("open", (str(real) + "-other/settings.json", "w", 0))
    assert guard.writes == []
    guard("open", (str(real / "settings.json.tmp"), "w", 0))
    guard("os.replace", (str(real / "settings.json.tmp"), str(real / "settings.json"), -1, -1))
    guard("open", (os.fsencode(real / "autosave.json"), None, os.O_WRONLY | os.O_CREAT))
    assert len(guard.writes) == 3 and "settings.json.tmp" in guard.writes[0]


def test_the_session_guard_watches_the_folders_the_game_would_use() -> None:
    from real_files_guard import real_folders

    folders = real_folders()
    assert len(folders) == 3 and all("uno-game" in f for f in folders)
    assert not any(f.startswith(os.environ["UNO_GAME_HOME"]) for f in folders)
