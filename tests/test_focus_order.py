"""#39: keyboard focus order on every screen. Tab visits every control a screen
shows (enabled: a disabled one is passed over), each once, in reading order:
top to bottom, left to right within a row, one panel after another where a
screen has panels side by side. Found missing before: the menu's About and
language buttons, New game's remove-seat buttons, the scoreboard's buttons
(no ring at all), and the Phone party screen's New link buttons came last."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton
from ui_driver import key, make_app

from game import i18n
from game.app import App
from game.scenes.keys_to_controls import is_control

Region = pygame.Rect


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("UNO_PARTY_ADDRESS", "127.0.0.1")
    a = make_app("--lang", "en")
    yield a
    a.shutdown()
    i18n.set_language("en")


def _controls(scene: Any, skip: Callable[[Any], bool]) -> list[Any]:
    """What the screen offers to press or change now."""
    return [e for e in scene._elements
            if (isinstance(e, UIButton) or is_control(e)) and e.visible and e.is_enabled
            and e.alive() and not skip(e)]


def _reading_order(elements: list[Any], regions: list[Region]) -> list[Any]:
    """Panel by panel (the first region holding its centre; else last), then by rows
    (elements whose middles are level share a row), each row left to right."""
    def region(e: Any) -> int:
        return next((i for i, r in enumerate(regions) if r.collidepoint(e.rect.center)),
                    len(regions))

    out: list[Any] = []
    for i in range(len(regions) + 1):
        rest = sorted((e for e in elements if region(e) == i), key=lambda e: e.rect.centery)
        rows: list[list[Any]] = []
        for e in rest:
            if rows and abs(rows[-1][0].rect.centery - e.rect.centery) <= min(
                    rows[-1][0].rect.h, e.rect.h) // 2:
                rows[-1].append(e)
            else:
                rows.append([e])
        out += [e for row in rows for e in sorted(row, key=lambda e: e.rect.x)]
    return out


def _tab_ring(app: App, limit: int = 120) -> list[Any]:
    """What Tab puts the focus on, in order, once round."""
    seen: list[Any] = []
    for _ in range(limit):
        key(app, pygame.K_TAB, frames=1)
        el = app.scenes.top.focused()
        if seen and el is seen[0]:
            return seen
        seen.append(el)
    raise AssertionError(f"Tab never came round: {[_name(e) for e in seen]}")


def _name(e: Any) -> str:
    return f"{type(e).__name__}({getattr(e, 'text', '')!r} at {tuple(e.rect)})"


def check(app: App, regions: Callable[[Any], list[Region]] = lambda scene: [],
          skip: Callable[[Any], bool] = lambda e: False) -> list[Any]:
    scene = app.scenes.top
    want = _reading_order(_controls(scene, skip), regions(scene))
    got = _tab_ring(app)
    assert len(got) == len(set(map(id, got))), [_name(e) for e in got]  # each once
    assert want, "a screen with nothing to press"
    assert want[0] in got, (_name(want[0]), [_name(e) for e in got])
    start = got.index(want[0])
    got = got[start:] + got[:start]
    assert [_name(e) for e in got] == [_name(e) for e in want]
    # the ring wraps from the last in reading order to the first (not mid-screen)
    ring = [e for e in scene.nav if e.visible and e.is_enabled and e.alive() and not skip(e)]
    assert [_name(e) for e in ring] == [_name(e) for e in want]
    return got


def _open(app: App, name: str, **data: Any) -> Any:
    app.open(name, **data)
    app.pump(3)
    return app.scenes.top


def test_menu(app: App) -> None:
    # the column first, then the first start's tutorial offer (#39), then the footer
    ring = check(app, lambda sc: [pygame.Rect(sc.offer_rect.right, 0, sc.app.size[0],
                                              sc.app.size[1] - sc.px(60)), sc.offer_rect])
    assert [getattr(e, "text", "") for e in ring[-2:]] == ["About", "中文"]


def test_new_game(app: App) -> None:
    scene = _open(app, "new_game")
    arrows = {"‹", "›"}  # a seat's kind changes with Left/Right on its kind button instead

    def panels(sc: Any) -> list[Region]:
        seats = sc.kind_buttons[0].ui_container.get_container().rect if hasattr(
            sc.kind_buttons[0].ui_container, "get_container") else sc.kind_buttons[0].ui_container.rect
        left = pygame.Rect(0, 0, max(seats.right, sc.add_button.rect.right) + 8,
                           sc.start_button.rect.top - 4)
        right = pygame.Rect(left.right, 0, sc.app.size[0] - left.right, sc.start_button.rect.top - 4)
        # the rules scrolled out of sight below (D3's deck group is the last) come next
        below = pygame.Rect(left.right, sc.app.size[1], right.w, 100_000)
        return [left, right, below]

    ring = check(app, panels, skip=lambda e: getattr(e, "text", "") in arrows)
    removes = [e for e in ring if getattr(e, "text", "") == "×"]
    assert len(removes) == len(scene.model.seats)  # every seat can be removed by keyboard


def test_new_game_remove_a_seat_by_keyboard(app: App) -> None:
    scene = _open(app, "new_game")
    before = len(scene.model.seats)
    for _ in range(40):
        if getattr(scene.focused(), "text", "") == "×":
            break
        key(app, pygame.K_TAB, frames=1)
    key(app, pygame.K_RETURN, frames=3)
    assert len(app.scenes.top.model.seats) == before - 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_settings(lang: str) -> None:
    a = make_app("--lang", lang)
    try:
        scene = _open(a, "settings")
        ring = check(a)
        # the own online server's two fields (#38), after the others, before Back
        entries = [scene.server_entries["online_server"], scene.server_entries["online_relay"]]
        assert ring[-3:-1] == entries
    finally:
        a.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("name", ["rules", "about"])
def test_rules_and_about(app: App, name: str) -> None:
    _open(app, name)
    check(app)


def test_stats(app: App) -> None:
    from test_stats_scene import autoplay

    autoplay(3, target=60)
    scene = _open(app, "stats")
    assert scene.dropdown is not None
    check(app, lambda sc: [sc.left])  # the player's panel, then the row at the bottom


def test_saves_and_replays(app: App) -> None:
    from test_stats_scene import autoplay

    autoplay(3, target=60)
    _open(app, "saves")
    check(app)
    app.scenes.pop()
    _open(app, "saves", mode="replays")
    check(app)


def test_replay(app: App) -> None:
    from test_stats_scene import autoplay

    from game.storage.saves import list_replays

    autoplay(3, target=60)
    _open(app, "replay", path=list_replays()[0].path)
    check(app)


def test_pause(app: App) -> None:
    from table_helpers import config

    app.start_match(config(3, 1, 3))
    app.pump(3)
    app.scenes.top.open_menu()
    app.pump(3)
    check(app)


def test_dialog(app: App) -> None:
    from game.scenes.dialog import confirm

    confirm(app, "Title", "Sure?", lambda: None)
    app.pump(3)
    check(app)


def test_party_join(app: App) -> None:
    from test_party_scenes import _config

    app.start_match(_config("pap"))
    app.pump(3)
    scene = app.scenes.top
    assert type(scene).__name__ == "PartyJoinScene"
    assert getattr(scene.focused(), "text", "") == "Back"  # Enter never re-issues a link unasked
    ring = check(app)
    assert [getattr(e, "text", "") for e in ring[:2]] == ["New link", "New link"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_scoreboard(lang: str) -> None:
    """The board's buttons in reading order by Tab (and Left/Right); Enter presses
    the one the ring is on."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from test_scoreboard import _rigged_board

    app, board = _rigged_board(lang=lang)
    keys = list(board.buttons)
    xs = [board.buttons[k].rect.x for k in keys]
    assert keys == ["next", "menu"] and xs == sorted(xs)  # reading order
    seen = []
    for _ in range(len(keys)):
        seen.append(keys[board.focus])
        board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))
    assert seen == keys and keys[board.focus] == "next"  # round and back
    assert board.focus_shown
    board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert keys[board.focus] == "menu"
    board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert app.menu  # Enter pressed "Back to menu"
