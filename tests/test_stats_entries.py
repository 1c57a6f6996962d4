"""#39: Statistics merged different bots under one name: two bots called Ada
(one Easy, one Hard), or a bot and a person both called Max, were one line.
A bot counts under its level and name; a person under their name. The
statistics files of every format still load (saves/stats-format-<n>.json)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from ui_driver import make_app

from game.config import MatchConfig, SeatConfig
from game.rules.events import Event
from game.rules.settings import OFFICIAL
from game.scenes.stats import StatsScene, entry_label
from game.storage import stats as st
from game.storage.stats import Entry, StatsStore, stats_path

SAVES = Path(__file__).resolve().parents[1] / "saves"
SEATS = (SeatConfig("You", "human"), SeatConfig("Ada", "ai", "easy"), SeatConfig("Ada", "ai", "hard"),
         SeatConfig("Max", "ai", "normal"), SeatConfig("Max", "human"))


def _store() -> StatsStore:
    store = StatsStore()
    cfg = MatchConfig(SEATS, OFFICIAL, 1)
    store.record_event(cfg, Event("match_end", seat=2), when="2026-12-01T20:00:00+00:00")
    store.record_event(cfg, Event("caught", seat=1, target=3))
    return store


def test_two_bots_of_one_name_and_a_person_of_that_name_stay_apart() -> None:
    store = _store()
    easy, hard = store.bots["easy"]["Ada"], store.bots["hard"]["Ada"]
    assert (easy.matches_won, hard.matches_won) == (0, 1)
    assert easy.catches_made == 1 and hard.catches_made == 0
    assert store.bots["normal"]["Max"].uno_missed == 1 and store.players["Max"].uno_missed == 0
    assert set(store.players) == {"You", "Max"}
    assert store.entries() == [Entry("You"), Entry("Max"), Entry("Ada", "easy"),
                               Entry("Ada", "hard"), Entry("Max", "normal")]


def test_the_entries_survive_a_save() -> None:
    store = _store()
    assert store.save()
    again = StatsStore.load()
    assert again.players == store.players and again.bots == store.bots
    assert json.loads(stats_path().read_text(encoding="utf-8"))["format"] == st.FORMAT == 2


@pytest.mark.parametrize("sample", sorted(p.name for p in SAVES.glob("stats-format-*.json")))
def test_every_shipped_statistics_format_still_loads(sample: str) -> None:
    """The samples: you (3 matches, 2 won) against Ada Easy, Ada Hard and Max."""
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(SAVES / sample, path)
    store = StatsStore.load()
    assert store.notice == ""
    you = store.players["You"]
    assert (you.matches_played, you.matches_won) == (3, 2) and len(you.history) == 3
    assert set(store.ai_levels) == {"easy", "hard", "normal"}
    if sample == "stats-format-1.json":  # counted by name then: kept as counted
        assert store.players["Ada"].matches_played == 4 and store.bots == {}
    else:
        assert store.bots["easy"]["Ada"].matches_played == 2
        assert store.bots["hard"]["Ada"].matches_played == 2
        assert store.players["Max"].matches_played == 1
    assert store.save()  # written again in the current format, nothing lost
    again = StatsStore.load()
    assert again.players == store.players and again.bots == store.bots


def test_the_samples_cover_every_format() -> None:
    assert {f"stats-format-{n}.json" for n in range(1, st.FORMAT + 1)} <= {
        p.name for p in SAVES.glob("stats-format-*.json")}


def test_a_bots_name_from_the_file_passes_the_text_gate() -> None:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 2, "players": {}, "ai_levels": {},
                                "bots": {"easy": {"A\u0007da": {"matches_played": 2}},
                                         "evil:Bot": {"X": {}}}}), encoding="utf-8")
    store = StatsStore.load()
    assert store.bots == {"easy": {"Ada": st.PlayerStats(matches_played=2)}}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_statistics_screen_lists_each_bot_with_its_level(lang: str) -> None:
    assert _store().save()
    a = make_app("--lang", lang)
    try:
        a.scenes.push(StatsScene(a))
        a.pump(2)
        scene = a.scenes.top
        assert isinstance(scene, StatsScene) and scene.dropdown is not None
        labels = [entry_label(e) for e in scene.entries]
        want = {"en": ["Ada (Easy)", "Ada (Hard)", "Max (Normal)", "Max"],
                "zh": ["Ada（简单）", "Ada（困难）", "Max（普通）", "Max"]}[lang]
        assert set(want) <= set(labels) and len(labels) == len(set(labels)) == 5, labels
        scene.select(Entry("Ada", "hard"))
        assert scene.player is not None and scene.player.matches_won == 1
    finally:
        a.shutdown()
