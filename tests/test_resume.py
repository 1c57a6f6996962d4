"""Quit in the middle of a match, start the game again, press Continue: same position.

Drives the real App: a quick match from the command line, a few human turns
through the table scene, a shutdown (the table autosaves on exit), a second
App and a real click on the menu's Continue button.
"""

from __future__ import annotations

import pygame
from ui_driver import buttons, click, make_app

from game.app import App
from game.rules.actions import Draw, Pass, Play
from game.scenes.dialog import DialogScene
from game.scenes.menu import MenuScene
from game.storage.atomic import backup_path
from game.storage.saves import autosave_path, load_match
from game.storage.user_settings import UserSettings, save_settings
from game.table.scene import TableScene


def quiet_settings() -> None:
    save_settings(UserSettings(anim_speed="off", hard_think_ms=20))


def wait_for_human(app: App, table: TableScene, limit: int = 3000) -> None:
    for _ in range(limit):
        if table.can_act() and table.ctl.game.to_act == table.viewer:
            return
        app.pump(1, 0.05)
    raise AssertionError("the human never got a turn")


def play_turn(app: App, table: TableScene) -> None:
    """One human turn with the table's own helpers: a plain card if any, else draw/pass."""
    wait_for_human(app, table)
    legal = table.ctl.legal(table.viewer)
    plain = [a for a in legal if isinstance(a, Play) and len(a.cards) == 1 and a.colour is None]
    ids = [c.id for c in table.hand.cards]
    if plain and plain[0].cards[0] in ids:
        table.click_card(ids.index(plain[0].cards[0]))
    else:
        action = next((a for a in legal if isinstance(a, (Draw, Pass))), legal[0])
        assert table.act(action)
    app.pump(2, 0.05)


def quiet_moment(table: TableScene) -> bool:
    """The human is to act and no bot has anything to do out of turn."""
    g = table.ctl.game
    return (g.to_act == table.viewer and not g.round_over
            and not any(s in table.ctl.agents for s in g.out_of_turn_seats()))


def play_and_quit(turns: int = 4) -> dict:
    quiet_settings()
    app = make_app("--lang", "en", "--quick", "--seed", "11")
    table = app.scenes.top
    assert isinstance(table, TableScene)
    for _ in range(turns):
        play_turn(app, table)
    for _ in range(20):
        wait_for_human(app, table)
        if quiet_moment(table):
            break
        play_turn(app, table)
    assert quiet_moment(table)
    state = table.ctl.game.to_dict()
    assert len(state["actions"]) > turns
    app.shutdown()  # exits every scene: the table autosaves; pygame.quit()
    assert not pygame.get_init()
    return state


def test_continue_restores_the_exact_position() -> None:
    state = play_and_quit()
    app = make_app("--lang", "en")
    try:
        menu = app.scenes.top
        assert isinstance(menu, MenuScene) and menu.continue_button.is_enabled
        click(app, menu.continue_button, frames=2)
        table = app.scenes.top
        assert isinstance(table, TableScene)
        assert table.ctl.game.to_dict() == state
        app.pump(3, 0.05)
        assert table.ctl.game.to_dict() == state  # waiting for the human, as before
        assert table.can_act()
    finally:
        app.shutdown()


def test_damaged_autosave_offers_the_backup() -> None:
    play_and_quit()
    path = autosave_path()
    bak = backup_path(path)
    assert bak.exists()
    previous = load_match(bak).game.to_dict()
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])  # cut in half
    app = make_app("--lang", "en")
    try:
        click(app, app.scenes.top.continue_button)
        dialog = app.scenes.top
        assert isinstance(dialog, DialogScene)
        assert "could not be loaded" in dialog.message
        assert "backup" in dialog.message
        click(app, buttons(app)["OK"], frames=2)
        table = app.scenes.top
        assert isinstance(table, TableScene)
        now, actions = table.ctl.game.to_dict(), previous["actions"]
        # The backup's position; the bot on turn there thinks on its own thread and,
        # on a busy machine, may already have moved in the two frames since.
        assert now == previous or now["actions"][:len(actions)] == actions
    finally:
        app.shutdown()


def test_nothing_usable_leaves_the_menu_working() -> None:
    quiet_settings()
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("garbage", encoding="utf-8")
    app = make_app("--lang", "zh")
    try:
        click(app, app.scenes.top.continue_button)
        assert isinstance(app.scenes.top, DialogScene)
        assert "无法" in app.scenes.top.message
        click(app, buttons(app)["确定"])
        assert isinstance(app.scenes.top, MenuScene)
    finally:
        app.shutdown()
