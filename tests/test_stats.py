"""Statistics: counting engine events, per AI level, history, damage-proof files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.config import MatchConfig, SeatConfig
from game.rules.events import Event, EventKind, MatchResult, RoundResult
from game.rules.settings import OFFICIAL
from game.storage import stats as st
from game.storage.stats import PlayerStats, StatsStore, stats_path, update_from_events


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


CONFIG = MatchConfig((SeatConfig("Ann", "human"), SeatConfig("Bob", "ai", "easy"),
                      SeatConfig("Cat", "ai", "hard")), OFFICIAL, 1)


def round_end(winner: int, gained: list[int], rnd: int = 1) -> Event:
    seats = len(gained)
    return Event(EventKind.ROUND_END, seat=winner, result=RoundResult(
        winner=winner, round=rnd, hands=((),) * seats, points=(0, 5, 7, 0)[:seats],
        gained=tuple(gained), totals=tuple(gained), out=()))


def match_end(winner: int, winners: tuple[int, ...] = ()) -> Event:
    return Event(EventKind.MATCH_END, seat=winner, result=MatchResult(
        winner=winner, winners=winners or (winner,), totals=(0, 0, 0), ranking=(0, 1, 2),
        rounds=1))


def test_counting() -> None:
    store = StatsStore()
    assert store.update_from_events(CONFIG, [Event("play", seat=0), round_end(0, [12, 0, 0])])
    store.update_from_events(CONFIG, [round_end(2, [0, 0, 30], 2)])
    store.update_from_events(CONFIG, [Event("caught", seat=1, target=0)])
    store.update_from_events(CONFIG, [Event("challenge", seat=0, target=2, value=1),
                                      Event("challenge", seat=1, target=2, value=0)])
    assert not store.update_from_events(CONFIG, [Event("draw", seat=1, cards=(3,))])
    store.update_from_events(CONFIG, [match_end(2)])
    ann, bob, cat = store.players["Ann"], store.bots["easy"]["Bob"], store.bots["hard"]["Cat"]
    assert set(store.players) == {"Ann"}  # the bots count under their level (#39)
    assert (ann.rounds_played, ann.rounds_won, ann.points_scored) == (2, 1, 12)
    assert (cat.rounds_won, cat.points_scored, cat.matches_won) == (1, 30, 1)
    assert ann.uno_missed == 1 and bob.catches_made == 1
    assert (ann.challenges_won, ann.challenges_lost) == (1, 0)
    assert (bob.challenges_won, bob.challenges_lost) == (0, 1)
    assert (cat.challenges_won, cat.challenges_lost) == (1, 1)
    assert all(p.matches_played == 1 for p in (ann, bob, cat))
    assert [w for _, w in ann.history] == [False] and [w for _, w in cat.history] == [True]
    assert set(store.ai_levels) == {"easy", "hard"}  # humans are not an AI level
    assert store.ai_levels["hard"].matches_won == 1 and store.ai_levels["easy"].catches_made == 1
    assert cat.win_rate == 1.0 and ann.win_rate == 0.0 and PlayerStats().win_rate == 0.0


def test_penalty_scoring_and_teams() -> None:
    pen = MatchConfig(CONFIG.seats, OFFICIAL.with_(scoring="penalty_points"), 1)
    store = StatsStore()
    store.update_from_events(pen, [round_end(1, [10, 0, 7])])
    assert store.players["Ann"].penalty_points == 10 and store.players["Ann"].points_scored == 0
    seats = tuple(SeatConfig(n, "human") for n in "ABCD")
    teams = MatchConfig(seats, OFFICIAL.with_(teams=True), 1)
    store.update_from_events(teams, [round_end(1, [0, 9, 0, 9])])
    assert store.players["B"].rounds_won == store.players["D"].rounds_won == 1
    assert store.players["A"].rounds_won == 0 and store.players["D"].points_scored == 9
    store.update_from_events(teams, [match_end(3, (1, 3))])
    assert store.players["B"].matches_won == 1 and store.players["C"].matches_won == 0


def test_win_rate_over_time() -> None:
    store = StatsStore()
    for w in (0, 1, 1, 0):
        store.update_from_events(CONFIG, [match_end(w)])
    assert [round(r, 2) for _, r in store.players["Ann"].win_rate_over_time()] == [1, 0.5, 0.33, 0.5]


def test_repeated_batches_are_counted_once() -> None:
    store = StatsStore()
    assert store.update_from_events(CONFIG, [round_end(0, [5, 0, 0])], "m1", 40)
    assert not store.update_from_events(CONFIG, [round_end(0, [5, 0, 0])], "m1", 40)
    assert not store.update_from_events(CONFIG, [round_end(0, [5, 0, 0])], "m1", 12)
    assert store.update_from_events(CONFIG, [round_end(0, [5, 0, 0])], "m2", 40)
    assert store.players["Ann"].rounds_won == 2
    for i in range(st.SEEN_LIMIT + 5):
        store.update_from_events(CONFIG, [Event("caught", seat=1, target=0)], f"x{i}", 1)
    assert len(store.seen) == st.SEEN_LIMIT


def test_file_round_trip_and_module_helper(home: Path) -> None:
    store = update_from_events(CONFIG, [round_end(0, [5, 0, 0]), match_end(0)], "m", 3)
    assert stats_path() == home / "data" / "stats.json" and stats_path().exists()
    again = StatsStore.load()
    assert again.players == store.players and again.ai_levels == store.ai_levels
    assert again.seen == {"m": 3}
    update_from_events(CONFIG, [round_end(0, [5, 0, 0])], "m", 3)  # repeat: not counted
    update_from_events(CONFIG, [Event("play", seat=0)])  # nothing to count: no write
    assert StatsStore.load().players["Ann"].rounds_played == 1
    assert stats_path().with_name("stats.json.bak").exists() is False
    update_from_events(CONFIG, [round_end(1, [0, 5, 0])])
    assert stats_path().with_name("stats.json.bak").exists()


@pytest.mark.parametrize("content", [b"", b"{", b"\x00\xff", b"[]", b"[" * 50000, b"\"x\""])
def test_damaged_file_gives_empty_stats(content: bytes) -> None:
    stats_path().write_bytes(content)
    store = StatsStore.load()
    assert store.players == {} and store.ai_levels == {}
    assert not stats_path().exists()
    assert len(list(stats_path().parent.glob("stats.json.damaged-*"))) == 1
    assert store.save() and StatsStore.load().players == {}


def test_partial_and_wrong_values_are_lenient() -> None:
    stats_path().write_text(json.dumps({
        "format": 1, "players": {"Ann": {"rounds_won": 3, "matches_won": "many",
                                         "points_scored": -5, "catches_made": True,
                                         "history": [["2024-01-01", True], [1, 2], "x"]},
                                 "Bob": 7},
        "ai_levels": [], "seen": {"m": "x", "n": 4}}), encoding="utf-8")
    store = StatsStore.load()
    ann = store.players["Ann"]
    assert ann.rounds_won == 3 and ann.matches_won == 0 and ann.points_scored == 0
    assert ann.catches_made == 0 and ann.history == [("2024-01-01", True)]
    assert store.players["Bob"] == PlayerStats() and store.ai_levels == {}
    assert store.seen == {"n": 4}


def test_unknown_seats_in_events_are_ignored() -> None:
    store = StatsStore()
    store.update_from_events(CONFIG, [Event("caught", seat=9, target=-1),
                                      Event("challenge", seat=5, target=0, value=1),
                                      Event(EventKind.ROUND_END, seat=1),
                                      Event(EventKind.MATCH_END, seat=-1)])
    assert store.players["Ann"].challenges_lost == 1
    assert store.bots["easy"]["Bob"].rounds_won == 1 and store.bots["easy"]["Bob"].points_scored == 0
    assert "9" not in store.players


def test_real_match_counts(home: Path) -> None:
    from game.rules.engine import Game

    config = MatchConfig(CONFIG.seats, OFFICIAL.with_(target_score=100), 4)
    game = Game.new(config.settings, 3, 4)
    store = StatsStore()
    store.update_from_events(config, game.initial_events, "real", 0)
    rng = random.Random(4)
    rounds = 0
    while not game.is_over:
        seat = game.to_act
        events = game.apply(rng.choice(game.legal_actions(seat)))
        rounds += sum(e.kind == "round_end" for e in events)
        store.update_from_events(config, events, "real", len(game.actions))
    ann, bob, cat = store.players["Ann"], store.bots["easy"]["Bob"], store.bots["hard"]["Cat"]
    assert ann.rounds_played == rounds == sum(p.rounds_won for p in (ann, bob, cat))
    assert sum(p.matches_won for p in (ann, bob, cat)) == 1
    assert sum(p.points_scored for p in (ann, bob, cat)) == sum(game.view(-1).scores)
