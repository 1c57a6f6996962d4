"""Start-up refuses, in one line on stderr and with status 2, what it cannot work with:
a game home that is a file or cannot be written, and (on Linux/BSD) no display at all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNIX_DESKTOP = not sys.platform.startswith(("win", "cygwin", "darwin"))


def clean_env(home: Path | str, **extra: str) -> dict[str, str]:
    """What a shell over SSH has: no DISPLAY, no WAYLAND_DISPLAY, no SDL driver."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(Path(home).parent),
           "LANG": "C.UTF-8", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_AUDIODRIVER": "dummy",
           "UNO_GAME_HOME": str(home)}
    env.update(extra)
    return env


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=120)


def one_line_error(proc: subprocess.CompletedProcess[str], words: str) -> None:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert lines[0].startswith("uno: error: ") and words in lines[0], lines


@pytest.mark.parametrize("kind", ["file", "inside_a_file", "unwritable"])
def test_a_game_home_that_cannot_be_used_is_one_line(tmp_path: Path, kind: str) -> None:
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x", encoding="utf-8")
    home = {"file": a_file, "inside_a_file": a_file / "home",
            "unwritable": Path("/proc/uno-game-home")}[kind]
    if kind == "unwritable" and not Path("/proc").is_dir():
        pytest.skip("no /proc here")
    proc = run(["-m", "game", "--frames", "2"], clean_env(home, SDL_VIDEODRIVER="dummy"))
    one_line_error(proc, str(home))
    assert "UNO_GAME_HOME" in proc.stderr


def test_a_usable_home_still_starts(tmp_path: Path) -> None:
    proc = run(["-m", "game", "--frames", "2"], clean_env(tmp_path / "home",
                                                           SDL_VIDEODRIVER="dummy"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "home" / "logs" / "uno-game.log").is_file()  # it used that home
    assert not (tmp_path / "home" / "config" / "settings.json").exists()  # --frames: no writes


@pytest.mark.skipif(not UNIX_DESKTOP, reason="Windows and macOS always have a display")
def test_no_display_is_one_line(tmp_path: Path) -> None:
    proc = run(["-m", "game", "--frames", "30"], clean_env(tmp_path / "home"))
    one_line_error(proc, "no display available")
    assert not (tmp_path / "home" / "config" / "settings.json").exists()


@pytest.mark.skipif(not UNIX_DESKTOP, reason="Windows and macOS always have a display")
@pytest.mark.parametrize("args, extra", [
    (["--frames", "2"], {"SDL_VIDEODRIVER": "dummy"}),
    (["--frames", "2"], {"SDL_VIDEODRIVER": "offscreen"}),
    (["--frames", "2", "--screenshot", "SHOT"], {}),
    (["--self-test", "--frames", "30"], {}),
])
def test_asking_for_no_window_still_runs(tmp_path: Path, args: list[str],
                                         extra: dict[str, str]) -> None:
    shot = tmp_path / "shot.png"
    args = [str(shot) if a == "SHOT" else a for a in args]
    proc = run(["-m", "game", *args], clean_env(tmp_path / "home", **extra))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    if "--screenshot" in args:
        assert shot.is_file()


@pytest.mark.parametrize("platform, environ, flags, refused", [
    ("linux", {}, [], True),
    ("freebsd14", {"DISPLAY": " "}, [], True),
    ("linux", {"DISPLAY": ":0"}, [], False),
    ("linux", {"WAYLAND_DISPLAY": "wayland-0"}, [], False),
    ("linux", {"SDL_VIDEODRIVER": "kmsdrm"}, [], False),
    ("linux", {}, ["--self-test"], False),
    ("linux", {}, ["--screenshot", "x.png"], False),
    ("win32", {}, [], False),
    ("darwin", {}, [], False),
])
def test_display_problem_by_platform(platform: str, environ: dict[str, str], flags: list[str],
                                     refused: bool) -> None:
    from game.cli import display_problem, parse_args

    assert (display_problem(parse_args(flags), environ, platform) is not None) == refused
