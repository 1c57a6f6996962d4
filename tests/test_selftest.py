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
    for name in ("UNO_ONLINE_SERVER", "UNO_ONLINE_RELAY"):  # no pairing, no network
        env.pop(name, None)
    if home is not None:
        env["UNO_GAME_HOME"] = str(home)
    return env


def _run(args: list[str], home: Path | None,
         extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env={**_env(home), **(extra or {})},
                          text=True, capture_output=True, timeout=180)


def test_self_test_passes_from_source(tmp_path: Path) -> None:
    home = tmp_path / "home"
    proc = _run(["-m", "game.selftest"], home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    for check in ("assets", "fonts", "settings", "game", "sounds", "online"):
        assert f"ok   {check}:" in out, out
    assert "self-test passed" in out
    # no servers named: the online check never pairs (no network)
    online = next(line for line in out.splitlines() if line.startswith("ok   online:"))
    assert "SKIP" in online and "paired" not in online, online
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


def test_the_online_check_pairs_over_the_servers_it_is_given(tmp_path: Path) -> None:
    """With UNO_ONLINE_SERVER/UNO_ONLINE_RELAY set (the library's servers on
    127.0.0.1), the self-test pairs a host seat and a guest in its own process and
    sends a message each way; .ci/run does the same with the frozen app
    (scripts/check_frozen_online.sh)."""
    import importlib.util

    from game.online import available

    if not (available() and importlib.util.find_spec("wormhole_mailbox_server")
            and importlib.util.find_spec("wormhole_transit_relay")):
        if os.environ.get("UNO_REQUIRE_ONLINE"):
            pytest.fail("UNO_REQUIRE_ONLINE is set but the online extras are missing")
        pytest.skip('needs pip install -e ".[online,online-servers]"')
    from game.online.selfhost import LocalServers

    with LocalServers() as servers:
        proc = _run(["-m", "game.selftest", "--frames", "30"], tmp_path / "home",
                    {"UNO_ONLINE_SERVER": servers.mailbox_url, "UNO_ONLINE_RELAY": servers.relay})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    online = next(line for line in proc.stdout.splitlines() if line.startswith("ok   online:"))
    assert "paired by code" in online and servers.mailbox_url in online, online
    assert "a message each way over Dilation" in online


def test_the_online_check_says_why_it_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import online, selftest

    monkeypatch.delenv("UNO_ONLINE_SERVER", raising=False)
    monkeypatch.delenv("UNO_ONLINE_RELAY", raising=False)
    monkeypatch.setattr(online, "available", lambda: False)
    assert selftest.check_online().startswith("SKIP: the online extra is not installed")
    monkeypatch.setattr(sys, "frozen", True, raising=False)  # a frozen build must carry it
    with pytest.raises(selftest.SelfTestFailure, match="not in this build"):
        selftest.check_online()
