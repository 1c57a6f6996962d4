"""Issue 39 item 1 (H7, 7-0 at many seats): every swap target can be chosen.
A click on an opponent's plate chooses it (the plates a click chooses are
ringed), the arrow keys or Tab move a pick among them and Enter takes it, and
the action row never runs off the window at 2-10 seats, 1024x640 to 1920x1080,
with the log open or folded, for every kind of row the table shows."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from rigging import Faces, rig
from table_helpers import click, config, key, make_app, pump

from game import i18n
from game.rules.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    JumpIn,
    Pass,
    Play,
    SwapHands,
)
from game.rules.settings import OFFICIAL
from game.rules.view import Phase
from game.table import buttons, gestures
from game.table.controls import SWAP_BUTTONS, ControlState, controls
from game.table.scene import TableScene
from game.table.widgets import bar_rows, button_width

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
SEVEN_ZERO = OFFICIAL.with_(seven_zero=True)
LONG = "Maximiliana-Josefina W."  # 23 characters: the New game name box takes 24


def _swap_game(n: int):  # noqa: ANN202
    """Seat 0 has just played a 7 (H7): it chooses whose hand to take."""
    c = Faces()
    hands = [c.ids("R5 G6 B1")] + [c.ids(f"Y{k % 10} G{k % 10}") for k in range(1, n)]
    return rig(SEVEN_ZERO, hands=hands, top=c("R7"), to_act=0, phase=Phase.CHOOSE_SWAP)


def _table(n: int, size: tuple[int, int] = (1024, 640), lang: str = "en",
           log_open: bool = False) -> tuple[object, TableScene]:
    app = make_app(size, lang, "off")
    app.settings.log_panel = "open" if log_open else "closed"
    cfg = config(n, 1, 3, settings=SEVEN_ZERO)
    app.start_match(cfg, SimpleNamespace(game=_swap_game(n), meta=None))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    pump(app, 3)
    return app, table


def _swapped_with(table: TableScene) -> int:
    swaps = [a for a in table.ctl.game.actions if a.kind == "swap_hands"]
    assert len(swaps) == 1, table.ctl.game.actions
    return int(swaps[0].target)


@pytest.mark.parametrize("n", range(2, 11))
def test_H7_a_click_on_any_opponents_plate_swaps_with_it(n: int) -> None:
    for target in range(1, n):
        app, table = _table(n)
        try:
            plate = table.layout.seats[target].plate
            pump(app, 2, events=click(plate.center))
            assert _swapped_with(table) == target
        finally:
            table.exit()


def test_H7_a_click_on_the_far_left_plate_takes_its_hand() -> None:
    app, table = _table(10, (1920, 1080), log_open=True)
    try:
        lay = table.layout
        left = min(lay.seats, key=lambda s: lay.seats[s].plate.centerx)
        theirs = sorted(table.ctl.game.hands[left])
        pump(app, 1, events=click(lay.seats[left].plate.midleft))
        assert _swapped_with(table) == left and sorted(table.ctl.game.hands[0]) == theirs
    finally:
        table.exit()


def test_H7_the_plates_a_click_chooses_are_ringed_and_the_pick_is_marked() -> None:
    app, table = _table(6)
    try:
        frame = table.frame()
        assert [s.choice for s in frame.seats] == [0, 2, 1, 1, 1, 1]
        pump(app, 1, events=key(pygame.K_RIGHT))
        assert [s.choice for s in table.frame().seats] == [0, 1, 2, 1, 1, 1]
    finally:
        table.exit()


def test_H7_no_plate_is_ringed_when_no_swap_is_asked() -> None:
    c = Faces()
    game = rig(SEVEN_ZERO, hands=[c.ids("R5 G6"), c.ids("Y1 G2"), c.ids("B1 B2")], top=c("R3"),
               to_act=0)
    app = make_app((1024, 640), "en", "off")
    app.start_match(config(3, 1, 3, settings=SEVEN_ZERO), SimpleNamespace(game=game, meta=None))
    table = app.scenes.top
    try:
        pump(app, 3)
        assert all(s.choice == 0 for s in table.frame().seats)
        before = len(table.ctl.game.actions)
        pump(app, 2, events=click(table.layout.seats[1].plate.center))  # nothing to choose
        assert len(table.ctl.game.actions) == before
    finally:
        table.exit()


@pytest.mark.parametrize("keys,want", [
    ([pygame.K_RETURN], 1),
    ([pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN], 3),
    ([pygame.K_LEFT, pygame.K_RETURN], 9),
    ([pygame.K_TAB, pygame.K_TAB, pygame.K_TAB, pygame.K_KP_ENTER], 4),
    ([pygame.K_TAB, pygame.K_SPACE], 2),
])
def test_H7_arrows_or_tab_pick_a_target_and_enter_swaps(keys: list[int], want: int) -> None:
    app, table = _table(10)
    try:
        for k in keys:
            pump(app, 1, events=key(k))
        pump(app, 1)
        assert _swapped_with(table) == want
    finally:
        table.exit()


def test_H7_shift_tab_steps_back() -> None:
    app, table = _table(10)
    try:
        pump(app, 1, events=key(pygame.K_TAB, pygame.KMOD_SHIFT))
        assert gestures.swap_choice(table)[1] == 9
    finally:
        table.exit()


def test_H7_many_targets_get_one_button_naming_the_pick() -> None:
    app, table = _table(10)
    try:
        swaps = [k for k in table.controls.bar.buttons if k.startswith("swap")]
        assert swaps == ["swap1"]
        assert table.controls.bar.buttons["swap1"].text == i18n.t("tbl.swap", name="Li", n=2)
        pump(app, 1, events=key(pygame.K_RIGHT))
        assert [k for k in table.controls.bar.buttons if k.startswith("swap")] == ["swap2"]
        btn = table.controls.bar.buttons["swap2"]
        pump(app, 2, events=click(btn.rect.center))
        assert _swapped_with(table) == 2
    finally:
        table.exit()


def test_H7_few_targets_keep_a_button_each() -> None:
    legal: list[Action] = [SwapHands(0, t) for t in range(1, SWAP_BUTTONS + 1)]
    row = controls(legal, ControlState(names=("A", "B", "C", "D"), sizes=(1, 2, 3, 4)))
    assert [c.key for c in row] == [f"swap{t}" for t in range(1, SWAP_BUTTONS + 1)]
    legal.append(SwapHands(0, SWAP_BUTTONS + 1))
    row = controls(legal, ControlState(names=("A", "B", "C", "D", "E"), sizes=(1,) * 5,
                                       swap_focus=3))
    assert [c.key for c in row] == ["swap3"] and row[0].primary


def test_a_row_too_wide_wraps_into_rows_in_order() -> None:
    assert bar_rows([100, 100, 100], 400, 10) == [[0, 1, 2]]
    assert bar_rows([100, 100, 100], 250, 10) == [[0, 1], [2]]
    assert bar_rows([300, 50], 200, 10) == [[0], [1]]
    assert bar_rows([], 200, 10) == []


# ---------------------------------------------------------------- every row at every size


def _rows(n: int) -> dict[str, tuple[list[Action], ControlState]]:
    """The fullest row of each kind the table shows, the names at their longest."""
    names = tuple(f"{LONG}{k}"[:24] for k in range(n))
    sizes = (7,) * n
    out = {
        "swap": ([CallUno(0), Catch(0, n - 1), *(SwapHands(0, t) for t in range(1, n))],
                 ControlState(phase=Phase.CHOOSE_SWAP, hand_size=1, names=names, sizes=sizes)),
        "play": ([CallUno(0), Catch(0, n - 1), JumpIn(0, 3), Play(0, (5,)), Play(0, (5, 30)),
                  Play(0, (5, 30, 55)), Draw(0)],
                 ControlState(hand_size=2, names=names, sizes=sizes, armed=5)),
        "selection": ([CallUno(0), Catch(0, n - 1), Play(0, (5,)), Play(0, (30, 5)), Draw(0)],
                      ControlState(hand_size=2, names=names, sizes=sizes, selected=(30, 5),
                                   armed=5)),
        "keep_or_play": ([CallUno(0), Catch(0, n - 1), Play(0, (5,)), Pass(0)],
                         ControlState(phase=Phase.KEEP_OR_PLAY, hand_size=2, names=names,
                                      sizes=sizes)),
        "challenge": ([Catch(0, n - 1), Play(0, (5,)), Challenge(0), Accept(0)],
                      ControlState(phase=Phase.CHALLENGE, names=names, sizes=sizes)),
        "penalty": ([Catch(0, n - 1), Play(0, (5,)), Accept(0)],
                    ControlState(phase=Phase.PENALTY, penalty=12, names=names, sizes=sizes)),
        "skip_relay": ([Catch(0, n - 1), Play(0, (5,)), Accept(0)],
                       ControlState(phase=Phase.SKIP_RELAY, names=names, sizes=sizes)),
    }
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("log_open", [False, True], ids=["log_folded", "log_open"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_row_stays_in_the_window_clear_of_the_hand_and_the_log(
        size: tuple[int, int], log_open: bool, lang: str) -> None:
    app, table = _table(10, size, lang, log_open)
    try:
        for n in range(2, 11):
            table.n = n
            table.relayout()
            lay = table.layout
            window = pygame.Rect((0, 0), size)
            for kind, (legal, state) in _rows(n).items():
                row = buttons.show_row(table.controls.bar, lay, legal, state)
                assert row.buttons, kind
                rects = [(k, b.rect) for k, b in table.controls.bar.buttons.items()]
                for (k, r), b in zip(rects, row.buttons, strict=True):
                    where = (kind, n, k, r)
                    assert r.w >= button_width(b.label, b.primary, size), where  # words whole
                    assert window.contains(r), where
                    assert lay.table.contains(r), where
                    assert not r.colliderect(lay.hand), where
                    assert not (lay.log.w and r.colliderect(lay.log)), where
                    assert not any(r.colliderect(o) for j, o in rects if j != k), where
                    if lay.bottom is not None:
                        assert not r.colliderect(lay.bottom.plate), where
    finally:
        table.exit()


def test_a_wrapped_row_lifts_the_prompt_above_it() -> None:
    app, table = _table(10, (1024, 640), "en", True)
    try:
        lay = table.layout
        legal, state = _rows(10)["play"]
        buttons.show_row(table.controls.bar, lay, legal, state)
        assert table.controls.bar.top is not None and table.controls.bar.top < lay.bar.top  # it wrapped
        frame = table.frame()
        assert frame.bar_top == table.controls.bar.top
    finally:
        table.exit()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_turn_prompt_stays_clear_of_the_plates_at_ten_seats(size: tuple[int, int],
                                                                   lang: str) -> None:
    """The 7-0 prompt ("click a seat") and every other one sit over the row, never
    over a plate the player is asked to click (1024x640 with the log open is the tightest)."""
    from game.ui import draw_kit as kit

    for log_open in (False, True):
        app, table = _table(10, size, lang, log_open)
        try:
            lay = table.layout
            for phase in Phase:
                if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                    continue
                msg = i18n.t("tbl.your_turn") + " — " + i18n.t(f"tbl.phase.{phase.value}")
                img = kit.text(msg, lay.font_px(17), kit.GOLD, True)
                box = img.get_rect(midbottom=(lay.table.centerx, lay.bar.top - lay.px(8)))
                box = box.inflate(lay.px(20), lay.px(6))  # its backing, as drawn
                for seat, spot in lay.seats.items():
                    assert not box.colliderect(spot.plate), (phase, log_open, seat, msg)
        finally:
            table.exit()


def test_T6_a_click_on_the_plate_of_a_player_who_forgot_uno_catches_them() -> None:
    c = Faces()
    game = rig(OFFICIAL, hands=[c.ids("R5 G6 B1"), c.ids("Y2"), c.ids("B3 G4 Y9")],
               top=c("R3"), to_act=2, uno_exposed=1)
    app = make_app((1024, 640), "en", "off")
    app.start_match(config(3, 1, 3), SimpleNamespace(game=game, meta=None))
    table = app.scenes.top
    # (the bot on turn is held: it could play first and close the catch window, T6)
    table.ctl.poll_ai = lambda *args, **kwargs: None  # type: ignore[method-assign]
    try:
        pump(app, 2)
        assert any(isinstance(a, Catch) for a in table.ctl.legal(0))
        pump(app, 1, events=click(table.layout.seats[1].plate.center))
        assert any(a.kind == "catch" and a.seat == 0 and a.target == 1
                   for a in table.ctl.game.actions)
    finally:
        table.exit()
