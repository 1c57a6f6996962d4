"""Issue #37, crash reports: any exception from start to exit reaches the log with one
clear line; a windowed build shows a dialog naming the log's path; faulthandler is on."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game import i18n, launch


def _run(code: str, home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "UNO_GAME_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", **env}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=full,
                          capture_output=True, text=True, timeout=120)


def _log(home: Path, name: str = "uno-game.log") -> str:
    return (home / "logs" / name).read_text(encoding="utf-8")


def test_a_crash_in_the_frame_loop_is_one_line_in_the_log_and_on_the_console(tmp_path: Path) -> None:
    done = _run("""
        import sys
        import game.app
        def boom(self):
            raise RuntimeError("the deck\\nfell off the table")
        game.app.App.run_loop = boom
        from game.launch import main
        sys.exit(main(["--lang", "en"]))
    """, tmp_path)
    assert done.returncode == launch.CRASH_EXIT, done.stderr
    text = _log(tmp_path)
    lines = [line for line in text.splitlines() if "the game crashed" in line]
    assert len(lines) == 1, text  # once, not once per layer
    assert "CRITICAL" in lines[0] and "RuntimeError: the deck fell off the table" in lines[0]
    assert "Traceback" in text and "in boom" in text
    log_path = str(tmp_path / "logs" / "uno-game.log")
    assert "RuntimeError: the deck fell off the table" in done.stderr
    assert log_path in done.stderr  # the player is told where to look


def test_a_crash_before_the_window_opens_is_reported_too(tmp_path: Path) -> None:
    done = _run("""
        import sys
        import pygame
        def no_display(*args, **kwargs):
            raise pygame.error("No available video device")
        pygame.display.set_mode = no_display
        from game.launch import main
        sys.exit(main([]))
    """, tmp_path)
    assert done.returncode == launch.CRASH_EXIT, done.stderr
    assert "error: No available video device" in _log(tmp_path)
    assert "No available video device" in done.stderr


def test_windowed_build_shows_a_message_box_naming_the_log(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    import pygame

    shown: list[tuple[str, str, str]] = []
    monkeypatch.setattr(pygame.display, "message_box",
                        lambda title, message, message_type="info", **kw:
                        shown.append((title, message, message_type)) or 0)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "stdout", None)
    assert launch.windowed()
    i18n.set_language("zh")
    try:
        launch.report(ValueError("坏了\x07"), tmp_path / "logs" / "uno-game.log")
    finally:
        i18n.set_language("en")
    assert len(shown) == 1
    title, message, kind = shown[0]
    assert kind == "error" and title == i18n.catalogue("zh").gettext("crash.title")
    assert "ValueError: 坏了" in message and "\x07" not in message
    assert str(tmp_path / "logs" / "uno-game.log") in message
    assert "游戏因错误而停止" in message


def test_a_hard_crash_leaves_its_stack_in_faults_log(tmp_path: Path) -> None:
    done = _run("""
        import faulthandler
        from game.launch import start_logging
        start_logging()
        faulthandler._sigsegv()
    """, tmp_path)
    assert done.returncode != 0
    faults = _log(tmp_path, launch.FAULTS_NAME)
    assert "Fatal Python error" in faults and "Segmentation fault" in faults


def test_a_worker_thread_crash_is_logged(tmp_path: Path) -> None:
    done = _run("""
        import threading
        from game.launch import start_logging
        start_logging()
        def work():
            raise KeyError("card 109")
        worker = threading.Thread(target=work, name="bot-worker")
        worker.start(); worker.join()
    """, tmp_path)
    assert done.returncode == 0, done.stderr
    text = _log(tmp_path)
    assert "thread bot-worker crashed: KeyError: 'card 109'" in text and "Traceback" in text


def test_the_self_test_writes_no_log_into_the_players_home(tmp_path: Path) -> None:
    """``uno --self-test`` without UNO_GAME_HOME keeps to a temporary home: the crash
    reporting set up before it must not create the player's log folder either."""
    env = {k: v for k, v in os.environ.items() if k != "UNO_GAME_HOME"}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "cfg"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"),
               XDG_CACHE_HOME=str(tmp_path / "cache"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "game", "--self-test", "--frames", "30"], env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not any(tmp_path.iterdir()), sorted(p.name for p in tmp_path.rglob("*"))


def test_every_entry_point_goes_through_launch() -> None:
    root = Path(__file__).resolve().parents[1]
    assert 'uno = "game.launch:main"' in (root / "pyproject.toml").read_text(encoding="utf-8")
    assert "from game.launch import main" in (root / "game" / "__main__.py").read_text(encoding="utf-8")
    assert "from game.launch import main" in (root / "build.spec").read_text(encoding="utf-8")
