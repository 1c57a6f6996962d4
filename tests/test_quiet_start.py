"""#39: pygame_gui warnings were printed at every start (the New game screen's
scroll bars). A player starting ``uno`` from a terminal sees nothing but the game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("where", [["--scene", "menu"], ["--scene", "new_game"],
                                   ["--scene", "settings"], ["--scene", "rules"],
                                   ["--players", "human,normal,hard"]])
def test_no_warning_reaches_the_terminal(where: list[str], lang: str, tmp_path: Path) -> None:
    env = {**os.environ, "UNO_GAME_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONWARNINGS": "default"}
    done = subprocess.run([sys.executable, "-m", "game", "--frames", "60", "--lang", lang, *where],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr + done.stdout, done.stderr
