"""New-game screen: seats, presets, custom rules and the conflict checks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pygame_gui.elements import UICheckBox
from ui_driver import buttons, choose, click, make_app

from game.app import App
from game.rules.settings import OFFICIAL, SHEET_HOUSE_RULES
from game.scenes.new_game import SURPRISE, NewGameModel, NewGameScene


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app("--lang", "en", "--scene", "new_game")
    yield a
    a.shutdown()


def scene(app: App) -> NewGameScene:
    top = app.scenes.top
    assert isinstance(top, NewGameScene)
    return top


def scroll_rules_to(app: App, name: str) -> None:
    """Scroll the rules list until the widget of ``name`` is in view."""
    sc = scene(app)
    box = sc.rules_box
    widget = sc.field_widgets[name]
    for pct in [i / 20 for i in range(21)]:
        box.vert_scroll_bar.set_scroll_from_start_percentage(pct)
        app.pump(2)
        if box.rect.contains(widget.rect):
            return
    raise AssertionError(f"{name} never scrolled into view")


def message(app: App) -> str:
    return scene(app).message_box.html_text


def test_defaults_you_and_three_normal_bots(app: App) -> None:
    m = scene(app).model
    assert [s["kind"] for s in m.seats] == ["human", "ai", "ai", "ai"]
    assert m.preset == "official"
    assert scene(app).start_button.is_enabled
    assert "Ready" in message(app)


def test_presets_lock_the_non_match_rules(app: App) -> None:
    sc = scene(app)
    assert not sc.field_widgets["stack_rule"].is_enabled
    assert sc.field_widgets["target_score"].is_enabled
    choose(app, sc.preset_dd, "sheet")
    assert sc.model.settings() == SHEET_HOUSE_RULES
    choose(app, sc.preset_dd, "custom")
    assert sc.model.preset == "custom"
    assert sc.field_widgets["stack_rule"].is_enabled


def test_conflicting_custom_rules_disable_start_until_fixed(app: App) -> None:
    sc = scene(app)
    choose(app, sc.preset_dd, "custom")
    scroll_rules_to(app, "pair_on_plus4")
    box = sc.field_widgets["pair_on_plus4"]
    assert isinstance(box, UICheckBox)
    click(app, box)
    assert sc.model.values["pair_on_plus4"] is True
    assert not sc.start_button.is_enabled
    text = message(app)
    assert "Cannot start" in text and "(H4)" in text and "Stacking (H1)" in text
    click(app, sc.start_button)
    assert app.scenes.top is sc  # disabled: nothing happens
    scroll_rules_to(app, "pair_on_plus4")
    click(app, sc.field_widgets["pair_on_plus4"])
    assert sc.model.values["pair_on_plus4"] is False
    assert sc.start_button.is_enabled
    assert "Ready" in message(app)


def test_teams_need_an_even_number_of_players(app: App) -> None:
    sc = scene(app)
    remove = [b for b in buttons(app).values() if b.text == "×"]
    click(app, remove[-1])  # 3 players now
    assert len(sc.model.seats) == 3
    click(app, sc.field_widgets["teams"])
    assert sc.model.values["teams"] is True
    assert sc.model.preset == "custom"  # a match field moved away from Official
    assert not sc.start_button.is_enabled
    assert "even number of players" in message(app)
    click(app, sc.add_button)
    assert len(sc.model.seats) == 4
    assert sc.start_button.is_enabled


def test_bad_target_score_is_explained(app: App) -> None:
    sc = scene(app)
    entry = sc.field_widgets["target_score"]
    click(app, entry)
    entry.set_text("20")
    sc._number_changed("target_score", type("E", (), {"ui_element": entry})())
    assert not sc.start_button.is_enabled
    assert "from 50 to 5000" in message(app)
    entry.set_text("300")
    sc._number_changed("target_score", type("E", (), {"ui_element": entry})())
    assert sc.start_button.is_enabled
    assert sc.model.values["target_score"] == 300


def test_seat_kinds_and_limits(app: App) -> None:
    sc = scene(app)
    for _ in range(8):
        if sc.add_button.is_enabled:
            click(app, sc.add_button)
    assert len(sc.model.seats) == 10
    assert not sc.add_button.is_enabled
    kind = next(e for e in sc._seat_elems if getattr(e, "text", "") == "Human")
    sc.seats_box.vert_scroll_bar.set_scroll_from_start_percentage(0.0)
    app.pump(2)
    click(app, kind)  # Human -> a Phone seat (party mode: the second stop, #35)
    assert sc.model.seats[0]["kind"] == "phone"
    if sc.online:  # the online extra is installed: an Online seat next (#38)
        click(app, kind)
        assert sc.model.seats[0]["kind"] == "online"
        assert sc.kind_text(0) == "Online"
    click(app, kind)  # -> the first AI level
    assert sc.model.seats[0]["kind"] == "ai" and sc.model.seats[0]["level"] == sc.model.levels[0]
    back = next(e for e in sc._seat_elems if getattr(e, "text", "") == "‹")
    for _ in range(3 if sc.online else 2):
        click(app, back)  # back to Human
    assert sc.model.seats[0]["kind"] == "human"
    click(app, back)  # wraps round to the last stop, the random level
    assert sc.model.seats[0]["kind"] == "ai" and sc.model.seats[0]["level"] == SURPRISE


def test_online_seat_offered_only_with_the_online_extra(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """#38: without the online extra there is no Online stop; the kind's tooltip says
    how to install it; a remembered Online seat comes back as a bot."""
    import game.scenes.new_game as new_game

    monkeypatch.setattr(new_game, "online_available", lambda: False)
    app.settings.last_seats = [{"kind": "human"}, {"kind": "online"}, {"kind": "ai"}]
    app.open("new_game")
    sc = scene(app)
    assert "online" not in [k for _, k in sc.kind_options]
    assert [s["kind"] for s in sc.model.seats] == ["human", "ai", "ai"]
    assert 'pip install "uno-game[online]"' in sc.kind_tip()
    monkeypatch.setattr(new_game, "online_available", lambda: True)
    app.settings.last_seats = [{"kind": "human"}, {"kind": "online"}, {"kind": "ai"}]
    app.open("new_game")
    sc = scene(app)
    assert ("Online", "online") in sc.kind_options
    assert [s["kind"] for s in sc.model.seats] == ["human", "online", "ai"]
    assert "pip install" not in sc.kind_tip()
    config = sc.model.config(seed=5)
    assert config.online == [1] and config.party_secret  # one secret per remote match
    assert config.seats[1].name == "Friend 1"


def test_start_remembers_seats_and_preset(app: App) -> None:
    sc = scene(app)
    choose(app, sc.preset_dd, "sheet")
    click(app, sc.start_button)
    s = app.settings
    assert s.last_preset == "sheet"
    assert [d["kind"] for d in s.last_seats] == ["human", "ai", "ai", "ai"]
    from game.storage.user_settings import load_settings

    assert load_settings().last_preset == "sheet"
    top = app.scenes.top
    if type(top).__name__ == "TableScene":
        assert top.config.settings == SHEET_HOUSE_RULES


def test_model_names_and_surprise_level() -> None:
    seats = [{"kind": "human", "name": ""}, {"kind": "ai", "level": SURPRISE, "name": ""},
             {"kind": "ai", "level": "nonsense", "name": "Bob"}]
    m = NewGameModel(seats, "custom", {"teams": "bad type", "stack_rule": "same_kind"},
                     ["easy", "normal", "hard"])
    assert m.values["teams"] is False and m.values["stack_rule"] == "same_kind"
    assert m.seats[2]["level"] == "normal"
    config = m.config(seed=3)
    assert config.seats[0].name == "You" and config.seats[2].name == "Bob"
    assert config.seats[1].level in ("easy", "normal", "hard")
    assert config.seed == 3
    assert m.seats_to_save()[0]["name"] == ""
    m2 = NewGameModel([], "official", {}, ["normal"])
    assert len(m2.seats) == 4 and m2.settings() == OFFICIAL


def test_R2_a_preset_played_to_another_target_stays_that_preset(app: App) -> None:
    """#39: changing only the target score flipped the preset to Custom (and unlocked,
    then forgot, nothing else); the target is the match's length, not a rule."""
    sc = scene(app)
    choose(app, sc.preset_dd, "sheet")
    entry = sc.field_widgets["target_score"]
    entry.set_text("200")
    sc._number_changed("target_score", type("E", (), {"ui_element": entry})())
    assert sc.model.preset == "sheet" and sc.model.values["target_score"] == 200
    assert sc.model.settings() == SHEET_HOUSE_RULES.with_(target_score=200)
    assert sc.model.settings().preset_name == "sheet"
    click(app, sc.start_button)
    s = app.settings
    assert s.last_preset == "sheet" and s.last_custom_rules == {"target_score": 200}
    again = NewGameModel(list(s.last_seats), s.last_preset, dict(s.last_custom_rules), ["normal"])
    assert again.preset == "sheet" and again.settings() == SHEET_HOUSE_RULES.with_(target_score=200)
    # a real rule change still makes it Custom
    again.set_value("deflect", True)
    assert again.preset == "custom"


def test_cycling_a_seats_kind_keeps_its_typed_name(app: App) -> None:
    """#39: cycling a seat's kind reset the name typed into it."""
    import pygame
    from pygame_gui.elements import UITextEntryLine

    sc = scene(app)
    entries = [e for e in sc._seat_elems if isinstance(e, UITextEntryLine)]
    click(app, entries[1])
    entries[1].set_text("")
    for ch in "Grandma":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.pump(3)
    assert sc.model.seats[1]["name"] == "Grandma"
    arrow = [e for e in sc._seat_elems if getattr(e, "text", "") == "›"][1]
    for _ in range(5):  # through every kind: levels, surprise, phone, human
        click(app, arrow)
        app.pump(2)
        entries = [e for e in sc._seat_elems if isinstance(e, UITextEntryLine)]
        assert entries[1].get_text() == "Grandma", sc.model.seats[1]
    assert sc.model.config(seed=1).seats[1].name == "Grandma"


def _wheel_at(app: App, pos: tuple[int, int], notches: int = -2) -> None:
    import pygame

    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump(2)
    for _ in range(abs(notches)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if notches < 0 else 1,
                                             flipped=False, precise_x=0.0, precise_y=-1.0))
        app.pump(2)
    app.pump(20)


def test_the_mouse_wheel_scrolls_the_rules_over_their_disabled_controls(app: App) -> None:
    """#39: under a preset the rules' controls are disabled, and the wheel over them (the
    right half of the list) did nothing; over the words it scrolled."""
    sc = scene(app)
    assert sc.model.preset == "official"
    box = sc.rules_box
    widget = sc.field_widgets["start_card"]  # a disabled drop-down
    assert not widget.is_enabled
    _wheel_at(app, widget.rect.center)
    over_control = box.vert_scroll_bar.start_percentage
    assert over_control > 0.0
    box.vert_scroll_bar.set_scroll_from_start_percentage(0.0)
    app.pump(5)
    words = (box.rect.x + sc.px(60), widget.rect.centery)
    _wheel_at(app, words)
    over_words = box.vert_scroll_bar.start_percentage
    assert over_words > 0.0
    assert 0.5 < over_control / over_words < 2.0  # about as far, not twice


def test_D3_the_deck_and_its_house_effect_are_chosen_under_any_preset(app: App) -> None:
    """D3/T11: the host picks the 112-card deck and the customizable cards' house
    effect before the match, under Official too (the deck is what a preset is
    played with, like the target score); the choice is kept for the next match."""
    sc = scene(app)
    for name in ("deck", "shuffle_deal", "custom_wild"):
        assert sc.field_widgets[name].is_enabled, name
    assert not sc.field_widgets["stack_rule"].is_enabled
    sc.model.set_value("deck", "official")
    sc.model.set_value("custom_wild", "skip_draw_one")
    assert sc.model.preset == "official"
    want = OFFICIAL.with_(deck="official", custom_wild="skip_draw_one")
    assert sc.model.settings() == want and want.preset_name == "official"
    click(app, sc.start_button)
    s = app.settings
    assert s.last_preset == "official"
    assert s.last_custom_rules == {"deck": "official", "custom_wild": "skip_draw_one"}
    again = NewGameModel(list(s.last_seats), s.last_preset, dict(s.last_custom_rules), ["normal"])
    assert again.settings() == want
    again.set_preset("sheet")  # another preset keeps the deck chosen
    assert again.settings() == SHEET_HOUSE_RULES.with_(deck="official",
                                                       custom_wild="skip_draw_one")
    again.set_value("deflect", True)  # a real rule change still makes it Custom
    assert again.preset == "custom"


def test_D3_the_last_drop_down_opens_with_every_choice_in_view(app: App) -> None:
    """The customizable cards' drop-down is the last of the rules: opened at the
    bottom of the box it showed two rows clipped by the box's edge."""
    sc = scene(app)
    box = sc.rules_box
    assert box is not None and box.vert_scroll_bar is not None
    box.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
    app.pump(3)
    choose(app, sc.field_widgets["custom_wild"], "Next player draws 1 and is skipped")
    assert sc.model.values["custom_wild"] == "skip_draw_one"
