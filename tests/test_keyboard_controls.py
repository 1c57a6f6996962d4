"""#39 (6): keyboard only, Tab on New game reached only "+ Add player", Back and Start
(not the seat kinds, names, preset or rules); on Settings only Back. Every control
is on the focus ring now, and a key changes it as a click does."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine
from ui_driver import buttons, click, key, make_app

from game import i18n
from game.app import App
from game.scenes.new_game import NewGameScene
from game.scenes.settings_scene import SettingsScene


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en", "--scene", "new_game")
    yield a
    a.shutdown()
    i18n.set_language("en")


def ring(app: App, presses: int = 80) -> list[object]:
    """What Tab puts the ring on, in order, once round."""
    seen: list[object] = []
    for _ in range(presses):
        key(app, pygame.K_TAB, frames=1)
        el = app.scenes.top.focused()
        if seen and el is seen[0]:
            break
        seen.append(el)
    return seen


def tab_to(app: App, element: object) -> None:
    for _ in range(120):
        if app.scenes.top.focused() is element:
            return
        key(app, pygame.K_TAB, frames=1)
    raise AssertionError(f"Tab never reached {element!r}")


def test_tab_reaches_every_seat_the_preset_and_the_match_rules(app: App) -> None:
    sc = app.scenes.top
    assert isinstance(sc, NewGameScene)
    seen = ring(app)
    kinds = [e for e in seen if e in sc.kind_buttons]
    names = [e for e in seen if isinstance(e, UITextEntryLine) and e in sc._seat_elems]
    assert len(kinds) == len(sc.model.seats) == len(names) == 4
    assert sc.preset_dd in seen and sc.add_button in seen and sc.start_button in seen
    # under a preset the match's own rules stay open; the others are locked and skipped
    assert sc.field_widgets["target_score"] in seen and sc.field_widgets["teams"] in seen
    assert sc.field_widgets["start_card"] not in seen
    # reading order: seats, then rules, then Back and Start
    assert seen.index(kinds[-1]) < seen.index(sc.preset_dd) < seen.index(sc.start_button)


def test_keys_change_a_seat_the_preset_and_a_house_rule(app: App) -> None:
    sc = app.scenes.top
    tab_to(app, sc.kind_buttons[1])
    before = dict(sc.model.seats[1])
    key(app, pygame.K_RIGHT)  # the next kind, as the › arrow does
    assert sc.model.seats[1] != before
    assert sc.focused() is sc.kind_buttons[1]  # the ring stays on that seat
    key(app, pygame.K_LEFT)
    assert sc.model.seats[1]["kind"] == before["kind"]
    assert sc.model.seats[1]["level"] == before["level"]
    # a typed name through the ring
    tab_to(app, next(e for e in sc._seat_elems if isinstance(e, UITextEntryLine)))
    for ch in "Ye":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.pump(2)
    assert sc.model.seats[0]["name"] == "Ye"  # the name was selected: typing replaced it
    # the preset: Right takes the next one, and the rules unlock under Custom
    tab_to(app, sc.preset_dd)
    key(app, pygame.K_RIGHT)
    assert sc.model.preset == "sheet"
    key(app, pygame.K_RIGHT)
    assert sc.model.preset == "custom"
    deflect = sc.field_widgets["deflect"]
    assert isinstance(deflect, UICheckBox) and deflect.is_enabled
    tab_to(app, deflect)
    was = sc.model.values["deflect"]
    key(app, pygame.K_SPACE)
    assert sc.model.values["deflect"] is (not was)
    assert sc.rules_box.rect.contains(sc.field_widgets["deflect"].rect)  # scrolled into view
    tab_to(app, sc.start_button)
    key(app, pygame.K_RETURN, frames=4)
    assert type(app.scenes.top).__name__ == "TableScene"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_settings_every_control_by_keyboard(lang: str) -> None:
    a = make_app("--lang", lang)
    try:
        click(a, buttons(a)["Settings" if lang == "en" else "设置"])
        sc = a.scenes.top
        assert isinstance(sc, SettingsScene)
        seen = ring(a)
        kinds = {type(e) for e in seen}
        assert {UICheckBox, UIDropDownMenu, UIHorizontalSlider} <= kinds
        assert sc.focused() is not None
        # Enter on the first check box toggles it (as a click)
        box = next(e for e in seen if isinstance(e, UICheckBox))
        tab_to(a, box)
        state = box.get_state()
        where = sc.focus_index
        key(a, pygame.K_RETURN)
        sc = a.scenes.top  # (a change may lay the screen out again: the ring keeps its place)
        assert sc.focus_index == where
        now = sc.focused()
        assert isinstance(now, UICheckBox) and now.get_state() is (not state)
        key(a, pygame.K_RETURN)
        assert sc.focused().get_state() is state
        # a slider moves with the arrows
        slider = next(e for e in sc.nav if isinstance(e, UIHorizontalSlider))
        tab_to(a, slider)
        v = slider.get_current_value()
        key(a, pygame.K_LEFT if v > slider.value_range[0] else pygame.K_RIGHT)
        assert slider.get_current_value() != v
        # the card size drop-down steps and is saved like a mouse choice
        before = a.settings.card_size
        for k in range(len(sc.nav)):
            if not isinstance(sc.nav[k], UIDropDownMenu):
                continue
            tab_to(a, sc.nav[k])
            key(a, pygame.K_RIGHT)
            if a.settings.card_size != before:
                break
            key(a, pygame.K_LEFT)
        assert a.settings.card_size != before
    finally:
        a.shutdown()
        i18n.set_language("en")
