"""``uno --self-test`` from the source install (the frozen builds run it in CI)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _env(home: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env.pop("UNO_GAME_HOME", None)
    if home is not None:
        env["UNO_GAME_HOME"] = str(home)
    return env


def _run(args: list[str], home: Path | None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=_env(home), text=True,
                          capture_output=True, timeout=180)


def test_self_test_passes_from_source(tmp_path: Path) -> None:
    home = tmp_path / "home"
    proc = _run(["-m", "game.selftest"], home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    for check in ("assets", "fonts", "settings", "game", "sounds"):
        assert f"ok   {check}:" in out, out
    assert "self-test passed" in out
    assert not (home / "config" / "settings.json").exists()  # the player's file is never written
    assert "self-test" in (home / "logs" / "uno-game.log").read_text(encoding="utf-8")


def test_self_test_uses_a_temporary_home_when_none_is_set() -> None:
    proc = _run(["-c", "import sys; from game.selftest import entry; sys.exit(entry(['--self-test', '--frames', '60']))"], None)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "uno-self-test-" in proc.stdout  # the settings went to the throw-away home


def test_self_test_fails_with_a_reason(tmp_path: Path) -> None:
    home = tmp_path / "not-a-folder"
    home.write_text("a file where the game home should be", encoding="utf-8")
    proc = _run(["-m", "game.selftest", "--frames", "30"], home)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "FAIL settings:" in proc.stdout
    assert "self-test FAILED" in proc.stdout


def test_cli_flag_when_wired(tmp_path: Path) -> None:
    from game.cli import build_parser

    if "--self-test" not in build_parser().format_help():
        pytest.skip("game/cli.py has no --self-test yet (the frozen launcher handles it)")
    proc = _run(["-m", "game", "--self-test"], tmp_path / "home")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "self-test passed" in proc.stdout


def test_the_launcher_runs_the_self_test_and_app_main_never_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``selftest.entry`` reads the command line as the game's parser does (an
    abbreviation too); ``app.main`` refuses the flag, so it never imports the self-test."""
    from game.app import main
    from game.selftest import DEFAULT_FRAMES, _self_test_asked

    assert _self_test_asked(["--self-test"]) == (DEFAULT_FRAMES, "zh")
    assert _self_test_asked(["--self", "--frames", "40", "--lang", "en"]) == (40, "en")
    assert _self_test_asked(["--frames", "2"]) is None
    assert _self_test_asked(["--self-test", "--size", "huge"]) is None  # app.main says why
    assert capsys.readouterr().err == ""
    assert main(["--self-test"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("uno: error: ")
