"""Benchmarks, the self-test and screenshot runs never touch the player's files.

A game home holding a save, settings and statistics must come out of each
run byte for byte the same (``UNO_GAME_HOME`` points the game at it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.config import MatchConfig, SeatConfig
from game.controller import MatchController
from game.rules.events import Event, EventKind, RoundResult
from game.rules.settings import OFFICIAL

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_SAVE = ROOT / "saves" / "format-1.json"


def _player_home(home: Path) -> None:
    """A save, settings and statistics, as a player's home would have them."""
    from game.paths import autosave_path
    from game.storage.stats import update_from_events
    from game.storage.user_settings import UserSettings, save_settings

    assert Path(os.environ["UNO_GAME_HOME"]) == home
    shutil.copyfile(SAMPLE_SAVE, autosave_path())
    settings = UserSettings()
    settings.sfx_volume = 0.4
    assert save_settings(settings)
    config = MatchConfig((SeatConfig("Ann", "human"), SeatConfig("Bot", "ai", "normal")),
                         OFFICIAL, 5)
    result = RoundResult(winner=0, round=1, hands=((), (3,)), points=(0, 10), gained=(10, 0),
                         totals=(10, 0), out=())
    update_from_events(config, [Event(EventKind.ROUND_END, seat=0, result=result)],
                       match_id="sample", action_index=1)


def _files(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*"))
            if p.is_file() and p.parts[len(home.parts)] != "logs"}


def _run(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, UNO_GAME_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=300)


@pytest.fixture
def home(uno_game_home: Path) -> Path:
    _player_home(uno_game_home)
    before = _files(uno_game_home)
    assert any(k.endswith(".json") and "saves" in k for k in before), before
    assert len(before) >= 3, before
    return uno_game_home


def test_frame_time_benchmark_leaves_the_game_home_untouched(home: Path) -> None:
    before = _files(home)
    proc = _run(["-m", "benchmarks.speed.frame_time", "--runs", "1", "--frames", "60",
                 "--size", "1024x640"], home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert _files(home) == before


def test_screenshot_run_leaves_the_game_home_untouched(home: Path, tmp_path: Path) -> None:
    before = _files(home)
    out = tmp_path / "shot.png"
    proc = _run(["-m", "game", "--autoplay", "--seed", "3", "--frames", "40",
                 "--screenshot", str(out), "--size", "1024x640"], home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert out.is_file()
    assert _files(home) == before


def test_self_test_leaves_the_game_home_untouched(home: Path) -> None:
    """Saves, statistics and the player's settings: the settings check uses a throw-away file."""
    before = _files(home)
    proc = _run(["-m", "game.selftest", "--frames", "60"], home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert _files(home) == before


def test_controller_without_persistence_never_saves(home: Path) -> None:
    before = _files(home)
    config = MatchConfig(tuple(SeatConfig(f"Bot {i}", "ai", "random") for i in range(3)),
                         OFFICIAL, 11)
    ctl = MatchController(config, persist=False)
    for _ in range(40):
        seat = ctl.game.to_act
        legal = ctl.legal(seat)
        if not legal:
            break
        ctl.apply(legal[0])
    ctl.autosave()  # what the table does on exit
    assert ctl.flush_saves()
    assert _files(home) == before
