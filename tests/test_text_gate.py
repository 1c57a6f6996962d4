"""Issue #34 (3, 4): every string from outside passes one text gate (game/text_gate.py).

A pasted tab, a bell from the settings file or a lone UTF-16 surrogate in any file
never crashes the game nor makes a match it cannot load again; any name the game
accepts is written, read back and drawn without an error.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.config import MAX_NAME_CHARS, MatchConfig, SeatConfig
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.scenes.new_game import NewGameModel
from game.storage import saves
from game.storage.saves import (
    build_save,
    compute_checksum,
    list_replays,
    list_slots,
    load_match,
    load_with_recovery,
    save_match,
    save_slot,
)
from game.storage.stats import StatsStore
from game.storage.user_settings import UserSettings, load_settings, save_settings
from game.text_gate import TextRefused, check, clean, excerpt, is_blank, is_clean

SURROGATE = "\ud800"


def _model(names: list[str]) -> NewGameModel:
    seats = [{"kind": "human" if i == 0 else "ai", "level": "normal", "name": n}
             for i, n in enumerate(names)]
    return NewGameModel(seats, "official", {}, ["easy", "normal", "hard"])


def _round_trip(config: MatchConfig, path: Path) -> MatchConfig:
    game = Game.new(config.settings, len(config.seats), config.seed)
    save_match(path, config, game)
    return load_match(path).config


def _forged(path: Path, mutate) -> Path:
    """A save whose checksum is right but whose content was written by someone else."""
    config = MatchConfig(tuple(SeatConfig(f"P{i}", "ai") for i in range(3)), OFFICIAL, 5)
    doc = build_save(config, Game.new(config.settings, 3, 5), label="fine")
    mutate(doc)
    doc.pop("checksum", None)
    doc["checksum"] = compute_checksum(doc)
    path.parent.mkdir(parents=True, exist_ok=True)
    # ensure_ascii keeps the lone surrogate as the six characters \ud800 (valid UTF-8)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# ---------------------------------------------------------------- the gate itself

def test_clean_turns_whitespace_controls_into_spaces_and_drops_the_rest() -> None:
    assert clean("Ann\tBee\nCat\r\u2028Dee", 64) == "Ann Bee Cat  Dee"
    assert clean(f"a\x00b\x07c{SURROGATE}d\x7f", 64) == "abcd"
    assert clean("x" * 100, 24) == "x" * 24
    assert clean(None, 10) == ""
    assert clean("e\u0301", 10) == "\u00e9"  # NFC


@pytest.mark.parametrize(("value", "reason"), [
    (3, "not_text"), ("  ", "empty"), ("x" * 65, "too_long"), ("a\tb", "control"),
    ("a\u2029b", "control"), (f"a{SURROGATE}", "surrogate")])
def test_check_refuses_with_a_key(value: object, reason: str) -> None:
    with pytest.raises(TextRefused) as info:
        check(value, "a player name", 64)
    assert info.value.key == f"text.{reason}" and info.value.what == "a player name"


@pytest.mark.parametrize("text", ["\u200b", "\u200f\u200b", " \u200d ", "\u3164", "\ufe0f"])
def test_text_of_which_nothing_shows_is_blank(text: str) -> None:
    assert is_blank(text) and clean(text, 10) == ""
    with pytest.raises(TextRefused):
        check(text, "a player name", 64)
    with pytest.raises(TextRefused):
        check(text, "a label", 64, empty=True)
    assert check("   ", "a label", 64, empty=True) == "   " and not is_blank("\u200bA")


def test_excerpt_quotes_briefly() -> None:
    assert excerpt("x" * 100_000) == "x" * 39 + "…"
    assert excerpt(f"os:{SURROGATE}abort") == "os:abort"
    assert excerpt("hard") == "hard"


def test_a_seat_never_holds_unclean_text() -> None:
    with pytest.raises(ValueError):
        SeatConfig("Ann\tBee")
    with pytest.raises(ValueError):
        SeatConfig(SURROGATE)


# ---------------------------------------------------------------- 4: a pasted tab

def test_pasted_tab_in_new_game_plays_a_match_that_loads_again(tmp_path: Path) -> None:
    model = _model(["Ann\tBee", "Max", "Zoe"])
    model.set_name(1, "Bo\x07b\r\n")  # typed or pasted into the box
    config = model.config(seed=3)
    assert [s.name for s in config.seats][:2] == ["Ann Bee", "Bob"]
    assert _round_trip(config, tmp_path / "m.json") == config
    assert all(is_clean(s["name"]) for s in model.seats_to_save())


@pytest.mark.parametrize("name", ["Ann\tBee", "Bell\x07", f"Sur{SURROGATE}rogate"])
def test_remembered_seats_from_settings_are_cleaned(name: str, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": 1, "last_seats": [
        {"name": name, "kind": "human", "level": "normal"},
        {"name": "", "kind": "ai", "level": "normal"}]}), encoding="utf-8")
    remembered = load_settings(path)
    assert all(is_clean(s["name"]) for s in remembered.last_seats)
    model = NewGameModel(remembered.last_seats, "official", {}, ["easy", "normal", "hard"])
    config = model.config(seed=1)
    assert _round_trip(config, tmp_path / "m.json") == config
    assert save_settings(remembered, path).ok


# ---------------------------------------------------------------- 3: lone surrogates in files

def test_surrogate_seat_name_in_a_save_is_refused_not_a_crash(tmp_path: Path) -> None:
    path = _forged(tmp_path / "saves" / "autosave.json",
                   lambda d: d["config"]["seats"][0].update(name=SURROGATE))
    loaded, notices = load_with_recovery(path)
    assert loaded is None and notices[0].key == "save.damaged"


def test_surrogate_label_and_summary_leave_the_slot_list_working() -> None:
    folder = saves.slots_dir()
    _forged(folder / "a.json", lambda d: d.update(label=f"x{SURROGATE}"))
    _forged(folder / "b.json", lambda d: d["summary"].update(players=[SURROGATE, "B", "C"]))
    infos = {i.path.name: i for i in list_slots()}
    assert infos["a.json"].damaged == "bad_data"
    assert not infos["b.json"].damaged and not infos["b.json"].summary_ok


def test_surrogate_in_a_replay_is_listed_as_damaged() -> None:
    _forged(saves.replays_dir() / "r.json",
            lambda d: d["config"]["seats"][1].update(name=f"{SURROGATE}b"))
    [info] = list_replays()
    assert info.label == "fine"  # the list reads the metadata; Watch refuses the match
    with pytest.raises(saves.SaveError):
        load_match(info.path)


def test_typed_slot_label_with_controls_and_surrogates_saves(tmp_path: Path) -> None:
    config = MatchConfig(tuple(SeatConfig(f"P{i}", "ai") for i in range(3)), OFFICIAL, 5)
    path = save_slot(f"my\tsave{SURROGATE}\x07", config, Game.new(OFFICIAL, 3, 5))
    assert load_match(path).meta.label == "my save"


def test_surrogate_player_in_statistics_still_loads_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"format": 1, "players": {
        SURROGATE: {"matches_played": 2}, f"Ann{SURROGATE}": {"matches_played": 1}, "Bob\t": {"matches_played": 3}},
        "ai_levels": {}, "seen": {f"m{SURROGATE}": 3}}), encoding="utf-8")
    store = StatsStore.load(path)
    assert all(is_clean(name) and name.strip() for name in store.players)
    assert store.players["Ann"].matches_played == 1 and store.players["Bob "].matches_played == 3
    assert all(is_clean(k) for k in store.seen)
    assert store.save().ok
    assert StatsStore.load(path).players.keys() == store.players.keys()


# ---------------------------------------------------------------- the property

NAMES = st.lists(st.one_of(
    st.characters(),  # anything, lone surrogates and controls included
    st.sampled_from(["\t", "\n", "\x07", "\u200f", "\u202e", "\u0301", "\u200d", "😀",
                     "👩\u200d👩\u200d👧", "中文", "שלום", "\ud800", "\udfff", "\u2028"])),
    max_size=40).map("".join)


_GUI: list = []


def _gui_draw(shown: str) -> None:
    """Lay out and draw ``shown`` as the menus do: a label, a button, an escaped text box."""
    import html

    import pygame
    import pygame_gui

    if not _GUI:
        pygame.display.init()
        screen = pygame.display.set_mode((320, 200))
        _GUI.extend([screen, pygame_gui.UIManager((320, 200))])
    screen, ui = _GUI
    for element in (pygame_gui.elements.UILabel(pygame.Rect(0, 0, 150, 30), shown, manager=ui),
                    pygame_gui.elements.UIButton(pygame.Rect(0, 40, 150, 30), shown, manager=ui),
                    pygame_gui.elements.UITextBox(html.escape(shown), pygame.Rect(0, 80, 300, 90),
                                                  manager=ui)):
        ui.update(0.01)
        ui.draw_ui(screen)
        element.kill()


@settings(max_examples=int(__import__("os").environ.get("UNO_GATE_EXAMPLES", "60")), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(raw=NAMES, label=NAMES)
def test_any_accepted_name_or_label_saves_loads_and_draws(raw: str, label: str,
                                                          tmp_path: Path) -> None:
    from game.ui.draw_kit import text as draw_text

    name = clean(raw, MAX_NAME_CHARS).strip() or "P"
    if is_blank(name):
        name = "P"
    config = MatchConfig((SeatConfig(name, "human"), SeatConfig("Bot", "ai"),
                          SeatConfig("Bob", "ai")), OFFICIAL, 9)
    game = Game.new(OFFICIAL, 3, 9)
    path = save_slot(label, config, game)
    loaded = load_match(path)
    assert loaded.config.seats[0].name == name
    assert is_clean(loaded.meta.label)
    for shown in (name, loaded.meta.label):
        assert draw_text(shown, 18).get_height() > 0
        _gui_draw(shown)
    store = StatsStore(path=tmp_path / "stats.json")
    store.player(name).matches_played += 1
    assert store.save().ok and name in StatsStore.load(tmp_path / "stats.json").players
    prefs = UserSettings(last_seats=[{"name": name, "kind": "human", "level": "normal"}])
    assert save_settings(prefs, tmp_path / "settings.json").ok
    assert load_settings(tmp_path / "settings.json").last_seats[0]["name"] == name
