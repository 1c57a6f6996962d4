"""uno-sim: output shape, seat rotation, custom bots, rules files, bad arguments."""

from __future__ import annotations

import json

import pytest

from game.rules.settings import OFFICIAL
from game.sim import main, run, wilson


def test_json_output_has_the_documented_fields(capsys):
    assert main(["--players", "4", "--games", "40", "--agents", "random", "--rules", "official",
                 "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 40 and out["games_per_s"] > 0 and out["mean_turns"] > 0
    assert len(out["seats"]) == 4
    assert sum(s["wins"] for s in out["seats"]) == 40
    for s in out["seats"]:
        assert s["agent"] == "random"
        lo, hi = s["ci95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1


def test_ith_seat_entry_is_ith_agent_with_think_times(capsys):
    assert main(["--agents", "normal,random,random", "--games", "30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [s["agent"] for s in out["seats"]] == ["normal", "random", "random"]
    t = out["seats"][0]["think_ms"]
    assert 0 <= t["median"] <= t["p95"] <= t["max"]


def test_custom_bot_by_module_and_class(capsys):
    assert main(["--agents", "game.ai.example_bot:MyBot,random", "--games", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seats"][0]["agent"] == "game.ai.example_bot:MyBot"


def test_rules_from_a_json_file(tmp_path, capsys):
    f = tmp_path / "rules.json"
    f.write_text(json.dumps({"preset": "official", "stack_rule": "same_kind"}))
    assert main(["--rules", str(f), "--games", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "custom"


def test_seats_rotate_between_games():
    """Each agent entry sits in every seat equally often: one strong agent's
    win rate is not the first-move advantage."""
    res = run(["random"] * 3, 3, 30, OFFICIAL, seed=4)
    assert sum(s["wins"] for s in res["seats"]) == 30


@pytest.mark.parametrize("argv", [
    ["--players", "1"],
    ["--players", "11"],
    ["--games", "0"],
    ["--agents", "nobody"],
    ["--agents", "random,random", "--players", "4"],
    ["--rules", "no-such-preset"],
    ["--rules", "/no/such/file.json"],
    ["--players", "three"],
    ["--think-ms", "0"],
])
def test_bad_arguments_exit_2_with_one_line(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        code = main(argv)
        raise SystemExit(code)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("uno-sim: error:") and "\n" not in err


def test_version_prints_the_game_version(capsys):
    from game import __version__

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"uno-game {__version__}"


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and round(hi - lo, 2) == 0.19
    assert wilson(0, 0) == (0.0, 0.0)
