"""The bot API as an outside bot writer meets it: view helpers (T2/T5 bluffs,
T6 false calls, cards by id), uno-sim errors and results."""

from __future__ import annotations

import json
import sys

import pytest
from rigging import Faces, rig, run

from game.ai.base import RandomAgent
from game.rules import legality
from game.rules.actions import CallUno, Play
from game.rules.cards import DECK, Kind
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.rules.view import Phase
from game.sim import main as sim_main


def _wd4_plays(g: Game, seat: int) -> list[Play]:
    return [a for a in g.legal_actions(seat)
            if isinstance(a, Play) and DECK[a.cards[-1]].kind is Kind.WILD_DRAW_FOUR]


@pytest.mark.parametrize("rules", ["no_matching_colour", "no_playable_card", "free"])
def test_T2_view_is_bluff_matches_the_challenge_verdict(rules: str) -> None:
    """At every decision of seeded games, ``view.is_bluff`` says exactly what a
    T5 challenge would find (the engine's own T2 judgement)."""
    settings = OFFICIAL.with_(wd4_rule=rules)
    checked = guilty = 0
    for seed in range(40):
        g = Game.new(settings, 4, seed)
        agents = [RandomAgent(seed * 10 + s) for s in range(4)]
        steps = 0
        while not g.round_over and steps < 400:
            seat = g.to_act
            view = g.view(seat)
            if g.phase in (Phase.PLAY, Phase.KEEP_OR_PLAY):
                for play in _wd4_plays(g, seat):
                    verdict = legality.wd4_guilty(g.state, seat, play.cards)
                    assert view.is_bluff(play) is verdict, (seed, steps, play)
                    checked += 1
                    guilty += verdict
            legal = g.legal_actions(seat)
            act = agents[seat].choose(view, legal)
            g.apply(act if act is not None else legal[0])
            steps += 1
    assert checked > 50
    if rules == "free":
        assert guilty == 0
    else:
        assert 0 < guilty < checked


def test_T5_view_is_bluff_false_onto_a_stack_and_for_other_actions() -> None:
    c = Faces()
    g = rig(OFFICIAL, hands=[c.ids("W4 R8 G9"), c.ids("Y1 Y2"), c.ids("B1 B2")], top=c("R5"))
    wd4 = g.hands[0][0]
    view = g.view(0)
    assert view.is_bluff(Play(0, (wd4,), DECK[c("G1")].colour))
    assert not view.is_bluff(Play(0, (g.hands[0][1],)))
    assert not view.is_bluff(CallUno(0))
    assert not g.view(1).is_bluff(Play(0, (wd4,), DECK[c("G2")].colour)), "not that seat's play"


def test_view_card_reads_a_card_by_id() -> None:
    g = Game.new(OFFICIAL, 3, 5)
    view = g.view(0)
    for cid in (0, 57, 107):
        assert view.card(cid) is DECK[cid]


def test_R4_view_playing_counts_the_seats_still_holding_cards() -> None:
    assert Game.new(OFFICIAL, 2, 1).view(0).playing() == 2
    view = Game.new(OFFICIAL, 4, 1).view(0)
    assert view.playing() == 4
    assert view._replace(out=(2,)).playing() == 3, "R4: a seat out of the round"


def test_T6_view_is_false_uno_marks_calls_that_cost_the_penalty() -> None:
    c = Faces()
    g = rig(OFFICIAL.with_(false_uno_penalty=2),
            hands=[c.ids("R8 G9 B1"), c.ids("Y1 Y2"), c.ids("B2 B3")], top=c("R5"))
    assert CallUno(0) in g.legal_actions(0)
    assert g.view(0).is_false_uno(CallUno(0))
    ev = run(g, CallUno(0))
    assert any(e.kind == "false_uno" for e in ev)
    c = Faces()
    g = rig(OFFICIAL.with_(false_uno_penalty=2),
            hands=[c.ids("R8 G9"), c.ids("Y1 Y2"), c.ids("B2 B3")], top=c("R5"))
    assert CallUno(0) in g.legal_actions(0)
    assert not g.view(0).is_false_uno(CallUno(0)), "two cards: a true call"
    assert not any(e.kind == "false_uno" for e in run(g, CallUno(0)))


# ------------------------------------------------------------------ uno-sim
PLUGIN = '''
from game.rules.actions import Pass

SEEN = []


class Fine:
    def __init__(self, seed=None, think_ms=0):
        self.think_ms = think_ms
        SEEN.append(think_ms)

    def choose(self, view, legal):
        return legal[0] if view.to_act == view.seat else None


class FailsInGame3(Fine):
    """Raises in the game whose seed is 1 * 1_000_003 + 3 (uno-sim's seeding)."""

    def __init__(self, seed=None, think_ms=0):
        super().__init__(seed, think_ms)
        self.bad = seed // 17 == 1_000_006

    def choose(self, view, legal):
        if self.bad:
            raise ValueError("my bug")
        return super().choose(view, legal)


class Cheats(Fine):
    def choose(self, view, legal):
        return Pass(view.seat) if view.to_act == view.seat else None


class Broken:
    def __init__(self, seed=None):
        raise RuntimeError("constructor boom")
'''


@pytest.fixture
def plugin_dir(tmp_path):
    (tmp_path / "mybots_api.py").write_text(PLUGIN, encoding="utf-8")
    yield tmp_path
    sys.modules.pop("mybots_api", None)
    while str(tmp_path) in sys.path:
        sys.path.remove(str(tmp_path))


def _sim(argv, capsys):
    code = sim_main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_sim_bot_exception_names_seat_agent_seed_and_keeps_played_games(plugin_dir, capsys):
    code, out, err = _sim(["--plugin-path", str(plugin_dir), "--agents",
                           "mybots_api:FailsInGame3,normal,normal", "--games", "10",
                           "--json"], capsys)
    assert code == 1
    assert "seat 0 (mybots_api:FailsInGame3)" in err and "game seed 1000006" in err
    assert "my bug" in err and "stopped after 3 of 10 games" in err
    data = json.loads(out)
    assert data["games"] == 3 and "my bug" in data["error"]
    assert [g["seed"] for g in data["played"]] == [1_000_003, 1_000_004, 1_000_005]
    assert sum(s["wins"] for s in data["seats"]) == 3


def test_sim_illegal_action_names_the_seat_and_prints_the_table(plugin_dir, capsys):
    code, out, err = _sim(["--plugin-path", str(plugin_dir), "--agents",
                           "normal,mybots_api:Cheats", "--games", "4"], capsys)
    assert code == 1
    assert "illegal action Pass(seat=" in err and "(mybots_api:Cheats)" in err
    assert "[phase] There is no drawn card to keep." in err, "the refusal in words"
    assert "game seed 1000003" in err
    assert "x fair" in out, "the (empty) table is still printed"


def test_sim_plugin_constructor_failure_shows_its_traceback(plugin_dir, capsys):
    code, _, err = _sim(["--plugin-path", str(plugin_dir), "--agents",
                         "mybots_api:Broken,normal", "--games", "2"], capsys)
    assert code == 2
    assert "Traceback" in err and "constructor boom" in err and "mybots_api.py" in err


def test_sim_think_ms_reaches_plugins_and_json_has_positions_and_seeds(plugin_dir, capsys):
    code, out, err = _sim(["--plugin-path", str(plugin_dir), "--agents",
                         "mybots_api:Fine,normal,random", "--games", "9", "--think-ms", "77",
                         "--seed", "2", "--json"], capsys)
    assert code == 0
    assert sys.modules["mybots_api"].SEEN[-1] == 77
    assert "uno-sim [" in err and "9/9" in err, "a progress bar on stderr"
    data = json.loads(out)
    assert data["seed"] == 2 and len(data["played"]) == 9
    assert [g["seed"] for g in data["played"]] == [2_000_006 + i for i in range(9)]
    for e, entry in enumerate(data["seats"]):
        assert sum(entry["wins_by_seat"]) == entry["wins"]
        assert entry["games_by_seat"] == [3, 3, 3]
        assert entry["wins"] == sum(1 for g in data["played"] if g["winner_entry"] == e)
