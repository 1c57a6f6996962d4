"""The tutorial played through the real scenes (#39): from the main menu's
entry (and the first start's offer) to the last step, with clicks on cards,
buttons, the colour picker and the draw pile as a player makes them; a wrong
click is explained instead of acted on; left from the pause menu and resumed;
restarted. Both languages."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from ui_driver import buttons, click, click_at, key, make_app

from game import i18n
from game.app import App
from game.rules.actions import Accept, Challenge
from game.rules.cards import Colour
from game.scenes.menu import MenuScene
from game.storage import tutorial_progress
from game.table.scene import TableScene
from game.tutorial.script import FREE_PLAY, PLAYER, STEPS, card


def start(lang: str = "en") -> App:
    app = make_app("--lang", lang)
    app.settings.anim_speed = "off"
    return app


def wait(app: App, done: Callable[[], bool], frames: int = 900) -> None:
    for _ in range(frames):
        if done():
            return
        app.pump(1)
    top = app.scenes.top
    state = ((top.tutorial.guide.at if top.tutorial else None, top.can_act(),
              top.ctl.game.to_act, top.ctl.game.phase, top.cues.toast)
             if isinstance(top, TableScene) else top)
    raise AssertionError(f"the table never got there: {state}")


def table_of(app: App) -> TableScene:
    top = app.scenes.top
    assert isinstance(top, TableScene), top
    return top


def ready(app: App, step_index: int) -> Callable[[], bool]:
    """The table waits for the player at this step, nothing moving."""
    def check() -> bool:
        top = app.scenes.top
        return (isinstance(top, TableScene) and top.tutorial is not None
                and top.tutorial.guide.at == step_index and top.can_act()
                and top.ctl.game.to_act == PLAYER and top.ctl.thinking_seat() < 0)
    return check


def click_card(app: App, table: TableScene, cid: int) -> None:
    r = table.hand.card_rect(table.layout, cid)
    assert r is not None, cid
    click_at(app, (r.x + max(4, r.w // 8), r.centery))  # the left edge: never under the next card


def press(app: App, table: TableScene, key_name: str) -> None:
    assert table.controls.bar is not None
    click(app, table.controls.bar.buttons[key_name])


def do_step(app: App, table: TableScene, name: str, challenge: bool) -> None:
    """The step's action, as a player makes it."""
    faces = {"colour": "R2", "number": "G7", "skip": "GS", "reverse": "GR", "draw_two": "B+2"}
    if name in faces:
        click_card(app, table, card(faces[name]))
    elif name == "uno":
        press(app, table, "uno")
    elif name == "wild":
        click_card(app, table, card("W"))
        assert table.controls.picker.open
        table.controls.picker.layout(table.layout)
        where = dict(table.controls.picker.rects)[Colour.YELLOW]
        click_at(app, where.center)
    elif name == "catch":
        press(app, table, "catch1")
    elif name == "draw":
        click_at(app, table.layout.draw_pile.center)
    elif name == "wd4":
        press(app, table, "challenge" if challenge else "accept")


WRONG = {  # something else the player might try at each step
    "colour": lambda app, t: click_card(app, t, card("G7")),
    "number": lambda app, t: click_card(app, t, card("W")),
    "skip": lambda app, t: click_at(app, t.layout.draw_pile.center),
    "reverse": lambda app, t: click_card(app, t, card("B+2")),
    "draw_two": lambda app, t: click_card(app, t, card("W")),
    "uno": lambda app, t: click_card(app, t, card("Y4")),
    "wild": lambda app, t: click_at(app, t.layout.draw_pile.center),
    "catch": lambda app, t: click_at(app, t.layout.draw_pile.center),
    "wd4": lambda app, t: key(app, pygame.K_u),
}


def play_through(app: App, challenge: bool, first: int = 0) -> TableScene:
    for i, step in enumerate(STEPS[first:], start=first):
        wait(app, ready(app, i))
        table = table_of(app)
        line = table.tutorial.lines(table.ctl.names)[1] if table.tutorial else ""
        assert line == i18n.t(step.line, bot1=table.ctl.names[1], bot2=table.ctl.names[2])
        if step.name in WRONG:
            before = len(table.ctl.game.actions)
            WRONG[step.name](app, table)
            if table.controls.picker.open:  # a wild opened the picker: the colour is the wrong one
                key(app, pygame.K_r)
                key(app, pygame.K_ESCAPE)
            assert len(table.ctl.game.actions) == before, step.name  # nothing was played
            assert table.tutorial is not None and table.tutorial.guide.at == i
            if step.name not in ("uno",):  # (a card not offered gets the rules' refusal)
                assert table.cues.toast is not None
        do_step(app, table, step.name, challenge)
        desk = table.tutorial
        wait(app, lambda i=i, desk=desk: desk is not None and desk.guide.at == i + 1)
    return table_of(app)


@pytest.mark.parametrize(("lang", "challenge"), [("en", True), ("zh", False)])
def test_the_tutorial_from_the_menu_to_its_last_step(lang: str, challenge: bool) -> None:
    app = start(lang)
    try:
        assert isinstance(app.scenes.top, MenuScene)
        click(app, buttons(app)[i18n.t("menu.tutorial")])
        table = play_through(app, challenge)
        assert table.tutorial is not None and table.tutorial.guide.finished
        assert table.tutorial.lines(table.ctl.names)[1] == i18n.t(FREE_PLAY)
        decided = table.ctl.game.actions
        assert (Challenge(PLAYER) if challenge else Accept(PLAYER)) in decided
        surface = pygame.Surface(app.size)
        table.draw(surface)  # the last line is drawn
        assert tutorial_progress.has_progress()  # kept until the round is played out
        assert not app.running_match() or app.running_match() is table.ctl
        from game.storage.saves import autosave_path
        from game.storage.stats import StatsStore
        assert not autosave_path().exists()  # never autosaved...
        assert not StatsStore.load().seen  # ...nor counted
    finally:
        app.shutdown()


def test_a_wrong_click_says_what_the_step_waits_for() -> None:
    app = start()
    try:
        click(app, buttons(app)["Tutorial"])
        wait(app, ready(app, 0))
        table = table_of(app)
        click_at(app, table.layout.draw_pile.center)
        assert table.cues.toast is not None
        assert table.cues.toast[0] == i18n.t("tutorial.colour.wanted")
        assert len(table.ctl.game.actions) == 2  # the two bots' first plays only
    finally:
        app.shutdown()


def _leave(app: App) -> None:
    key(app, pygame.K_ESCAPE, frames=4)
    click(app, buttons(app)[i18n.t("tutorial.leave")])
    click(app, buttons(app)[i18n.t("tutorial.leave")])  # the question's Yes
    wait(app, lambda: isinstance(app.scenes.top, MenuScene))


def test_left_from_the_pause_menu_and_resumed_at_the_same_step() -> None:
    app = start()
    try:
        click(app, buttons(app)["Tutorial"])
        wait(app, ready(app, 0))
        table = table_of(app)
        do_step(app, table, "colour", True)
        wait(app, ready(app, 1))
        hand = sorted(table.ctl.game.hands[PLAYER])
        _leave(app)
        assert tutorial_progress.has_progress()
        click(app, buttons(app)["Tutorial"])
        wait(app, ready(app, 1))
        again = table_of(app)
        assert again is not table and sorted(again.ctl.game.hands[PLAYER]) == hand
        assert again.tutorial is not None and again.tutorial.guide.last_done == ""
        play_through(app, True, first=1)
    finally:
        app.shutdown()


def test_restart_from_the_pause_menu_deals_the_tutorial_again() -> None:
    app = start()
    try:
        click(app, buttons(app)["Tutorial"])
        wait(app, ready(app, 0))
        do_step(app, table_of(app), "colour", True)
        wait(app, ready(app, 1))
        key(app, pygame.K_ESCAPE, frames=4)
        assert i18n.t("saves.title") not in buttons(app)  # the tutorial is not a saved game
        click(app, buttons(app)[i18n.t("tutorial.restart")])
        click(app, buttons(app)[i18n.t("tutorial.restart")])
        wait(app, ready(app, 0))
        assert card("R2") in table_of(app).ctl.game.hands[PLAYER]
    finally:
        app.shutdown()


def test_first_start_offers_the_tutorial_once() -> None:
    app = start()
    try:
        menu = app.scenes.top
        assert isinstance(menu, MenuScene) and menu.offer_rect.w > 0
        assert menu.offer_rect.collidelist([b.rect for b in buttons(app).values()
                                            if b.text not in (i18n.t("tutorial.offer_yes"),
                                                              i18n.t("tutorial.offer_no"))]) < 0
        click(app, buttons(app)[i18n.t("tutorial.offer_no")])
        assert app.settings.tutorial_offered
        menu = app.scenes.top
        assert isinstance(menu, MenuScene) and menu.offer_rect.w == 0
        assert i18n.t("tutorial.offer_yes") not in buttons(app)
    finally:
        app.shutdown()
    again = start()  # remembered in the settings file
    try:
        menu = again.scenes.top
        assert isinstance(menu, MenuScene) and menu.offer_rect.w == 0
    finally:
        again.shutdown()


def test_first_start_yes_opens_the_tutorial() -> None:
    app = start("zh")
    try:
        click(app, buttons(app)[i18n.t("tutorial.offer_yes")])
        wait(app, ready(app, 0))
        assert app.settings.tutorial_offered
    finally:
        app.shutdown()


def test_no_offer_once_a_match_was_set_up() -> None:
    app = start()
    try:
        app.settings.last_seats = [{"name": "", "kind": "human", "level": "normal"}]
        app.scenes.top.rebuild()
        menu = app.scenes.top
        assert isinstance(menu, MenuScene) and menu.offer_rect.w == 0
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_menu_with_the_tutorial_fits(size: tuple[int, int]) -> None:
    app = make_app("--lang", "zh", "--size", f"{size[0]}x{size[1]}")
    try:
        rects = [b.rect for b in buttons(app).values()]
        screen = pygame.Rect((0, 0), app.size)
        assert all(screen.contains(r) for r in rects)
        for i, r in enumerate(rects):
            assert r.collidelist(rects[i + 1:]) < 0, r
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("log_open", [False, True])
def test_every_tutorial_line_stands_clear_of_the_table(lang: str, size: tuple[int, int],
                                                       log_open: bool) -> None:
    """The band (the last reason and the step's line) keeps clear of the seats, the
    piles, the ticker, the prompt, the buttons and the hand, at every step."""
    from game.table.layout import compute_layout
    from game.table.renderer import _taken, info_box
    from game.table.tutorial import TutorialDesk
    from game.tutorial.guide import Guide

    pygame.init()
    i18n.set_language(lang)
    try:
        lay = compute_layout(size, 3, 0, "medium", log_open)
        prompt = pygame.Rect(lay.table.x, lay.prompt_top(), lay.table.w,
                             lay.bar.top - lay.prompt_top())
        blocked = [*_taken(lay, info_box(lay)), prompt]
        names = ["You", "Ada", "Max"] if lang == "en" else ["你", "小明", "阿杰"]
        for at in range(len(STEPS) + 1):
            guide = Guide(at=at)
            guide.last_done = STEPS[at - 1].done if at else ""
            box, _, _ = TutorialDesk(guide).box(lay, names)
            assert lay.table.contains(box), (at, box)
            hit = box.collidelist(blocked)
            assert hit < 0, (at, box, blocked[hit])
    finally:
        i18n.set_language("en")


def test_hint_during_the_tutorial_says_what_the_step_wants() -> None:
    app = start()
    try:
        click(app, buttons(app)["Tutorial"])
        wait(app, ready(app, 0))
        table = table_of(app)
        key(app, pygame.K_h)
        assert table.cues.toast is not None and table.cues.toast[0] == i18n.t("tutorial.colour.wanted")
    finally:
        app.shutdown()
