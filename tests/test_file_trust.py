"""Nothing read from a file names code to run, and every field of a save is checked on load.

A save (or the settings' last seats, or the statistics) may only name the
built-in AI levels; ``module:Class`` stays a command-line choice. A file naming
anything else is refused with ``SaveError("untrusted_level")`` and never imported.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from ui_driver import buttons, click, make_app

from game.config import BUILTIN_LEVELS, MatchConfig, SeatConfig
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.scenes.dialog import DialogScene
from game.scenes.menu import MenuScene
from game.storage import saves
from game.storage.saves import SaveError, autosave_path, load_match, save_match
from game.storage.user_settings import UserSettings, load_settings, save_settings

MODULE = "uno_trust_probe_bot"
SPEC = f"{MODULE}:Bot"
PROBE = '''
import os
import pathlib

pathlib.Path(os.environ["UNO_PROBE_MARK"]).write_text("imported", encoding="utf-8")


class Bot:
    def __init__(self, seed=0):
        pass

    def choose(self, view, legal):
        return legal[0]
'''


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A module on sys.path that leaves a mark file when it is imported."""
    folder = tmp_path / "probe"
    folder.mkdir()
    (folder / f"{MODULE}.py").write_text(PROBE, encoding="utf-8")
    mark = tmp_path / "imported.txt"
    monkeypatch.setenv("UNO_PROBE_MARK", str(mark))
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, MODULE, raising=False)
    return mark


def config_with(level: str) -> MatchConfig:
    return MatchConfig((SeatConfig("Ann", "human"), SeatConfig("Bo", "ai", level),
                        SeatConfig("Cy", "ai", "normal")), OFFICIAL, 7)


def write_save(path: Path, level: str) -> Path:
    config = config_with(level)
    return save_match(path, config, Game.new(config.settings, len(config.seats), config.seed))


def resign(doc: dict[str, Any]) -> bytes:
    doc["checksum"] = saves.compute_checksum(doc)
    return json.dumps(doc).encode()


def test_builtin_levels_are_the_registry_levels() -> None:
    from game.ai.registry import level_names

    assert set(BUILTIN_LEVELS) == set(level_names())


def test_continue_refuses_a_save_naming_a_module(probe: Path) -> None:
    save_settings(UserSettings(anim_speed="off", hard_think_ms=20))
    write_save(autosave_path(), SPEC)
    app = make_app("--lang", "en")
    try:
        menu = app.scenes.top
        assert isinstance(menu, MenuScene) and menu.continue_button.is_enabled
        click(app, menu.continue_button, frames=3)
        dialog = app.scenes.top
        assert isinstance(dialog, DialogScene)
        assert SPEC in dialog.message and "not built into" in dialog.message
        click(app, buttons(app)["OK"], frames=3)
        assert isinstance(app.scenes.top, MenuScene)
    finally:
        app.shutdown()
    assert not probe.exists(), "the module named by the save was imported"
    assert MODULE not in sys.modules


@pytest.mark.parametrize("level", ["os:abort", "http.server:test", "pydoc:browse", SPEC,
                                   "..:", "module_only", ""])
def test_load_refuses_levels_that_are_not_built_in(tmp_path: Path, probe: Path,
                                                   level: str) -> None:
    path = write_save(tmp_path / "s.json", level)
    with pytest.raises(SaveError) as err:
        load_match(path)
    assert err.value.reason == "untrusted_level"
    assert not probe.exists()


def test_replays_and_slots_refuse_them_too(probe: Path) -> None:
    config = config_with(SPEC)
    game = Game.new(config.settings, len(config.seats), config.seed)
    for path in (saves.save_slot("mine", config, game), saves.archive_finished(config, game)):
        with pytest.raises(SaveError, match="untrusted_level"):
            load_match(path)
    assert not probe.exists()


def test_settings_last_seats_never_name_a_module(probe: Path, caplog: pytest.LogCaptureFixture
                                                 ) -> None:
    from game.storage.user_settings import settings_path

    seats = [{"name": "Ann", "kind": "human", "level": "normal"},
             {"name": "Bo", "kind": "ai", "level": SPEC},
             {"name": "Cy", "kind": "ai", "level": "hard"}]
    settings_path().write_text(json.dumps({"format": 1, "last_seats": seats}), encoding="utf-8")
    loaded = load_settings()
    assert [s["level"] for s in loaded.last_seats] == ["normal", "normal", "hard"]
    assert SPEC in caplog.text
    assert not probe.exists()


# ---------------------------------------------------- every field checked --

def doc_of(tmp_path: Path) -> dict[str, Any]:
    path = write_save(tmp_path / "good.json", "easy")
    doc: dict[str, Any] = json.loads(path.read_bytes())
    return doc


def seat(doc: dict[str, Any], i: int = 1) -> dict[str, Any]:
    s: dict[str, Any] = doc["config"]["seats"][i]
    return s


BAD_FIELDS = {
    "level_number": lambda d: seat(d).update(level=5),
    "level_null": lambda d: seat(d).update(level=None),
    "kind_robot": lambda d: seat(d).update(kind="robot"),
    "name_number": lambda d: seat(d).update(name=7),
    "name_empty": lambda d: seat(d).update(name="  "),
    "name_huge": lambda d: seat(d).update(name="x" * 10_000),
    "name_control": lambda d: seat(d).update(name="a\x00b"),
    "seat_list": lambda d: d["config"]["seats"].__setitem__(1, ["Bo", "ai", "easy"]),
    "seat_extra": lambda d: seat(d).update(module="os"),
    "seats_object": lambda d: d["config"].update(seats={"0": 1}),
    "config_list": lambda d: d.update(config=[]),
    "config_extra": lambda d: d["config"].update(plugin="x:Y"),
    "seed_text": lambda d: d["config"].update(seed="7"),
    "seed_bool": lambda d: d["config"].update(seed=True),
    "seed_float": lambda d: d["config"].update(seed=7.0),
    "seed_negative": lambda d: d["config"].update(seed=-7),
    "label_number": lambda d: d.update(label=3),
    "label_huge": lambda d: d.update(label="x" * 10_000),
    "saved_at_list": lambda d: d.update(saved_at=[]),
    "match_id_object": lambda d: d.update(match_id={}),
    "app_version_number": lambda d: d.update(app_version=1),
    "engine_version_list": lambda d: d.update(engine_version=[1]),
    "actions_object": lambda d: d.update(actions={}),
    "action_garbage": lambda d: d["actions"].append({"kind": "teleport", "seat": 0}),
    "snapshot_list": lambda d: d.update(snapshot=[]),
}


@pytest.mark.parametrize("name", sorted(BAD_FIELDS))
def test_every_field_is_checked_at_load(tmp_path: Path, name: str) -> None:
    doc = doc_of(tmp_path)
    BAD_FIELDS[name](doc)
    with pytest.raises(SaveError) as err:
        saves.parse_save(resign(doc))
    assert err.value.reason in ("bad_data", "bad_replay", "untrusted_level")


def test_a_good_save_still_loads(tmp_path: Path) -> None:
    loaded = saves.parse_save(resign(doc_of(tmp_path)))
    assert [s.level for s in loaded.config.seats] == ["normal", "easy", "normal"]
