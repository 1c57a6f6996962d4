"""The action row as a pure function of the legal actions (no display)."""

from __future__ import annotations

import ast
from pathlib import Path

from game.rules.actions import Accept, CallUno, Catch, Challenge, Draw, Pass, Play, SwapHands
from game.rules.view import Phase
from game.table.controls import Control, ControlState, controls

NAMES = ("Ann", "Li", "Wang", "Zhang")


def _keys(row: tuple[Control, ...]) -> list[str]:
    return [c.key for c in row]


def test_controls_module_needs_no_display() -> None:
    tree = ast.parse(Path("game/table/controls.py").read_text(encoding="utf-8"))
    mods = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    mods += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in mods if m.startswith(("pygame", "game.scenes", "game.ui"))]


def test_T3_draw_is_the_primary_choice_only_without_a_play() -> None:
    row = controls([Draw(0)], ControlState(names=NAMES))
    assert row == (Control(key="draw", label="tbl.draw", action=Draw(0), primary=True),)
    row = controls([Play(0, (5,)), Draw(0)], ControlState(names=NAMES))
    assert row == (Control(key="draw", label="tbl.draw", action=Draw(0), primary=False),)


def test_T3_keep_or_play_offers_the_drawn_card_and_pass() -> None:
    row = controls([Play(0, (7,)), Pass(0)], ControlState(phase=Phase.KEEP_OR_PLAY))
    assert _keys(row) == ["play_drawn", "pass"]
    assert row[0].action == Play(0, (7,)) and row[0].primary


def test_T6_uno_and_catch_name_the_caught_player() -> None:
    row = controls([CallUno(0), Catch(0, 2)], ControlState(hand_size=1, names=NAMES))
    assert _keys(row) == ["uno", "catch2"]
    assert row[0].primary
    assert row[1].label == "tbl.catch" and dict(row[1].params) == {"name": "Wang"}
    assert controls([CallUno(0)], ControlState(hand_size=5)) == ()  # a false call: not offered


def test_T5_challenge_and_H1_accept_the_pending_draw() -> None:
    row = controls([Challenge(0), Accept(0)], ControlState(phase=Phase.CHALLENGE))
    assert [(c.key, c.label, c.primary) for c in row] == [
        ("challenge", "tbl.challenge", True), ("accept", "tbl.accept", False)]
    row = controls([Accept(0)], ControlState(phase=Phase.PENALTY, penalty=4))
    assert row[0].label == "tbl.accept_n" and dict(row[0].params) == {"n": 4}
    row = controls([Accept(0)], ControlState(phase=Phase.SKIP_RELAY))
    assert row[0].label == "tbl.accept_skip"


def test_H7_swap_names_the_seat_and_its_hand_size() -> None:
    row = controls([SwapHands(0, 3)], ControlState(sizes=(5, 4, 3, 9), names=NAMES))
    assert row[0].key == "swap3" and dict(row[0].params) == {"name": "Zhang", "n": 9}


def test_H4_a_selection_that_is_a_legal_play_is_offered_enabled() -> None:
    legal = [Play(0, (1,)), Play(0, (2,)), Play(0, (1, 2)), Play(0, (2, 1)), Draw(0)]
    row = controls(legal, ControlState(selected=(2, 1)))
    sel = row[0]
    assert sel.key == "play_sel" and sel.enabled and sel.primary
    assert sel.action == Play(0, (2, 1))  # the last selected card on top
    # Nothing selected: the biggest multi-play is offered, not as the primary choice.
    row = controls(legal, ControlState())
    assert row[0].key == "play_all" and not row[0].primary and row[0].action == Play(0, (1, 2))


def test_H4_a_selection_that_cannot_go_down_together_is_shown_disabled() -> None:
    legal = [Play(0, (1,)), Play(0, (3,)), Draw(0)]
    row = controls(legal, ControlState(selected=(1, 3)))
    sel = row[0]
    assert sel.key == "play_sel" and not sel.enabled and sel.action is None
    assert dict(sel.params) == {"n": 2}


def test_the_colour_picker_hides_the_row() -> None:
    assert controls([Draw(0), CallUno(0)], ControlState(picker_open=True)) == ()


def test_no_legal_action_no_button() -> None:
    assert controls([], ControlState(phase=Phase.PLAY, names=NAMES)) == ()
