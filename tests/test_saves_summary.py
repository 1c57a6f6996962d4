"""The Saved games list: a save whose summary block alone is bad is listed as
"summary unavailable" (not damaged) and still loads; a really damaged one is still marked."""

from __future__ import annotations

import json
from typing import Any

import pytest
from ui_driver import buttons, click, click_at, make_app

from game.config import MatchConfig, SeatConfig
from game.rules.engine import Game
from game.rules.settings import OFFICIAL
from game.scenes.saves_scene import SavesScene, describe_slot
from game.storage import saves
from game.storage.user_settings import UserSettings, save_settings

BAD_SUMMARIES: dict[str, Any] = {
    "not_an_object": [1, 2],
    "scores_text": {"players": ["Ann", "Bo"], "scores": ["many", 0], "round": 1, "over": False},
    "round_list": {"players": ["Ann", "Bo"], "scores": [0, 0], "round": [], "over": False},
    "players_objects": {"players": [{}, {}], "scores": [0, 0], "round": 1, "over": False},
    "over_text": {"players": ["Ann", "Bo"], "scores": [0, 0], "round": 1, "over": "yes"},
    "huge_round": {"players": ["Ann", "Bo"], "scores": [0, 0], "round": 10**400, "over": False},
}


def slot_with_summary(summary: Any) -> dict[str, Any]:
    config = MatchConfig((SeatConfig("Ann", "human"), SeatConfig("Bo", "ai", "easy")),
                         OFFICIAL, 5)
    game = Game.new(config.settings, 2, config.seed)
    path = saves.save_slot("Odd summary", config, game)
    doc: dict[str, Any] = json.loads(path.read_bytes())
    doc["summary"] = summary
    doc["checksum"] = saves.compute_checksum(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return doc


@pytest.mark.parametrize("lang, words", [("en", "summary unavailable"), ("zh", "摘要不可用")])
@pytest.mark.parametrize("case", sorted(BAD_SUMMARIES))
def test_bad_summary_is_listed_and_loads(lang: str, words: str, case: str) -> None:
    save_settings(UserSettings(anim_speed="off", hard_think_ms=20))
    doc = slot_with_summary(BAD_SUMMARIES[case])
    app = make_app("--lang", lang)
    try:
        app.scenes.push(SavesScene(app))
        app.pump(2)
        scene = app.scenes.top
        assert len(scene.infos) == 1
        info = scene.infos[0]
        assert not info.damaged and not info.summary_ok
        label, date, details = describe_slot(info)
        assert label == "Odd summary" and date and words in details
        click_at(app, scene.row_rect(0).center)
        click(app, buttons(app)["Load" if lang == "en" else "读取"])
        table = app.scenes.top
        assert type(table).__name__ == "TableScene"
        state = table.ctl.game.to_dict()
        state.pop("actions")  # format 2: the snapshot does not repeat the action list
        assert state == doc["snapshot"]
    finally:
        app.shutdown()


def test_good_summary_is_shown() -> None:
    path = saves.save_slot("Fine", MatchConfig((SeatConfig("Ann", "human"),
                                                SeatConfig("Bo", "ai", "easy")), OFFICIAL, 5),
                           Game.new(OFFICIAL, 2, 5))
    info = saves.read_info(path)
    assert info.summary_ok and info.players == ("Ann", "Bo") and info.round_no == 1
