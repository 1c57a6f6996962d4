"""Command line: parsing, errors (exit 2, one line) and scripted runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app import main
from game.cli import load_rules, match_config_from_args, parse_args, parse_players
from game.rules.settings import OFFICIAL, SHEET_HOUSE_RULES


def bad(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("uno: error: ")
    return err


def test_defaults_open_the_menu() -> None:
    args = parse_args([])
    assert args.lang is None and args.frames is None and not args.autoplay
    assert match_config_from_args(args) is None


def test_all_flags() -> None:
    args = parse_args(["--lang", "zh", "--seed", "7", "--players", "human,normal,hard",
                       "--rules", "sheet", "--screenshot", "x.png", "--frames", "3",
                       "--size", "1024x640"])
    assert (args.lang, args.seed, args.frames, args.size) == ("zh", 7, 3, (1024, 640))
    config = match_config_from_args(args)
    assert config is not None and config.seed == 7
    assert [(s.kind, s.level) for s in config.seats] == [("human", "normal"), ("ai", "normal"),
                                                         ("ai", "hard")]
    assert config.settings == SHEET_HOUSE_RULES
    assert len({s.name for s in config.seats}) == 3


def test_players_as_a_number_and_autoplay() -> None:
    seats = parse_players("5", ["easy", "normal", "hard"])
    assert [s.kind for s in seats] == ["human"] + ["ai"] * 4
    config = match_config_from_args(parse_args(["--players", "3", "--autoplay"]))
    assert config is not None and [s.kind for s in config.seats] == ["ai"] * 3
    quick = match_config_from_args(parse_args(["--quick", "--seed", "1"]))
    assert quick is not None and quick.settings == OFFICIAL and len(quick.seats) == 4
    auto = match_config_from_args(parse_args(["--autoplay"]))
    assert auto is not None and all(s.kind == "ai" for s in auto.seats)


def test_custom_agent_class_is_accepted() -> None:
    seats = parse_players("human,mybots.clever:Bot", ["normal"])
    assert seats[1].level == "mybots.clever:Bot"


@pytest.mark.parametrize("argv", [
    ["--lang", "fr"],
    ["--seed", "-1"],
    ["--seed", "abc"],
    ["--players", "1"],
    ["--players", "11"],
    ["--players", "human,genius"],
    ["--players", "human"],
    ["--rules", "nonsense"],
    ["--frames", "0"],
    ["--size", "big"],
    ["--bogus"],
])
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    bad(argv, capsys)


def test_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "rules.json"
    good.write_text(json.dumps({"stack_rule": "same_kind", "target_score": 200}), "utf-8")
    rules = load_rules(str(good))
    assert rules.stack_rule == "same_kind" and rules.target_score == 200
    clash = tmp_path / "clash.json"
    clash.write_text(json.dumps({"pair_on_plus4": True}), "utf-8")
    assert "H4" in bad(["--rules", str(clash)], capsys)
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    bad(["--rules", str(broken)], capsys)
    teams = tmp_path / "teams.json"
    teams.write_text(json.dumps({"teams": True}), "utf-8")
    assert "R5" in bad(["--rules", str(teams), "--players", "3"], capsys)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("uno-game ")


def test_main_returns_2_on_bad_args(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "zero"]) == 2


def test_frames_and_screenshot_write_a_png(tmp_path: Path) -> None:
    out = tmp_path / "shots" / "x.png"
    assert main(["--frames", "5", "--screenshot", str(out), "--size", "1024x640",
                 "--lang", "zh"]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_autoplay_runs_frames(tmp_path: Path) -> None:
    out = tmp_path / "auto.png"
    assert main(["--autoplay", "--seed", "3", "--frames", "5", "--screenshot", str(out)]) == 0
    assert out.is_file()
