"""No test, nor a thread a test left running, reaches the player's own files."""

from __future__ import annotations

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
