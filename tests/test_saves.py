"""Saves: round trips with identical futures, every failure a SaveError, recovery, slots."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.config import MatchConfig, SeatConfig
from game.rules.actions import Action, WrongPlay, action_to_dict
from game.rules.engine import Game
from game.rules.settings import OFFICIAL, SHEET_HOUSE_RULES, RuleSettings
from game.storage import saves
from game.storage.atomic import backup_path
from game.storage.saves import SaveError, load_match, load_with_recovery, save_match

SAMPLES = Path(__file__).parents[1] / "saves"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def make_config(settings: RuleSettings, n: int, seed: int) -> MatchConfig:
    seats = [SeatConfig("You", "human")] + [
        SeatConfig(f"Bot {i}", "ai", ("easy", "normal", "hard")[i % 3]) for i in range(1, n)]
    return MatchConfig(tuple(seats), settings, seed)


def new_game(config: MatchConfig) -> Game:
    return Game.new(config.settings, seats=len(config.seats), seed=config.seed)


def pick(game: Game, rng: random.Random) -> Action:
    """A random legal action: mostly the seat to act, sometimes an out-of-turn one."""
    seat = game.to_act
    others = game.out_of_turn_seats()
    if others and rng.random() < 0.25:
        seat = rng.choice(list(others))
    legal = game.legal_actions(seat)
    fair = [a for a in legal if not isinstance(a, WrongPlay)]
    return rng.choice(fair if fair and rng.random() < 0.95 else legal)


def play(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(pick(game, rng))


def resign(doc: dict[str, Any]) -> bytes:
    doc["checksum"] = saves.compute_checksum(doc)
    return json.dumps(doc).encode()


CASES = [(OFFICIAL, n) for n in range(2, 11)] + [(SHEET_HOUSE_RULES, n) for n in range(2, 11)] + [
    (OFFICIAL.with_(scoring="elimination"), 5),
    (OFFICIAL.with_(scoring="penalty_points", target_score=100), 3),
    (OFFICIAL.with_(teams=True, target_score=100), 4),
    (SHEET_HOUSE_RULES.with_(jump_in="all", deflect=True, draw="until_playable",
                             forced_play=True, wrong_play_penalty=2), 6),
    # D3: the 112-card deck, its Wild Shuffle Hands and each customizable effect (#39)
    (OFFICIAL.with_(deck="official"), 4),
    (OFFICIAL.with_(deck="official", shuffle_deal="same_counts", custom_wild="draw_two"), 3),
    (SHEET_HOUSE_RULES.with_(deck="official", custom_wild="pass_hands"), 5),
    (OFFICIAL.with_(deck="official", custom_wild="skip_draw_one"), 2),
]


@pytest.mark.parametrize(("settings", "n"), CASES)
def test_round_trip_has_identical_future(settings: RuleSettings, n: int, tmp_path: Path) -> None:
    seed = 1000 + n * 7 + (settings != OFFICIAL)
    config = make_config(settings, n, seed)
    game = new_game(config)
    rng = random.Random(seed)
    path = tmp_path / "rt.json"
    checkpoints = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512}
    for step in range(1, 513):
        if game.is_over:
            break
        game.apply(pick(game, rng))
        if step not in checkpoints and not game.is_over:
            continue
        save_match(path, config, game, label=f"step {step}")
        loaded = load_match(path)
        assert loaded.config == config
        assert loaded.meta.label == f"step {step}"
        twin = loaded.game
        assert twin.to_dict() == game.to_dict()
        assert [action_to_dict(a) for a in twin.actions] == [action_to_dict(a) for a in game.actions]
        # the same 30 next actions give the same events and states, on a copy of the original
        copy = Game.from_dict(game.to_dict())
        future = random.Random(step)
        for _ in range(30):
            if copy.is_over:
                break
            action = pick(copy, future)
            assert copy.apply(action) == twin.apply(action)
            assert copy.to_dict() == twin.to_dict()
        twin.check_invariants()


def test_save_document_fields(tmp_path: Path) -> None:
    config = make_config(OFFICIAL, 4, 5)
    game = new_game(config)
    play(game, random.Random(5), 20)
    path = save_match(tmp_path / "a.json", config, game, match_id="m1")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == saves.FORMAT == 2
    assert "actions" not in doc["snapshot"], "the action list is stored once"
    assert doc["checksum"] == saves.compute_checksum(doc)
    assert doc["config"] == config.to_dict()
    assert doc["config"]["seats"][1] == {"name": "Bot 1", "kind": "ai", "level": "normal"}
    assert len(doc["actions"]) == len(game.actions) == 20
    assert doc["summary"]["players"] == ["You", "Bot 1", "Bot 2", "Bot 3"]
    assert doc["summary"]["round"] >= 1 and len(doc["summary"]["scores"]) == 4
    assert doc["match_id"] == "m1" and doc["label"] == "You, Bot 1, Bot 2, Bot 3"
    assert "T" in doc["saved_at"]
    meta = load_match(path).meta
    assert meta.match_id == "m1" and meta.path == path and meta.summary == doc["summary"]


@pytest.fixture
def good(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    config = make_config(SHEET_HOUSE_RULES, 3, 11)
    game = new_game(config)
    play(game, random.Random(11), 40)
    path = save_match(tmp_path / "good.json", config, game)
    return path, json.loads(path.read_text(encoding="utf-8"))


def reason_of(path: Path) -> str:
    with pytest.raises(SaveError) as info:
        load_match(path)
    assert info.value.reason in saves.REASONS
    return info.value.reason


def test_error_reasons(tmp_path: Path, good: tuple[Path, dict[str, Any]]) -> None:
    path, doc = good
    text = path.read_bytes()
    bad = tmp_path / "bad.json"
    assert reason_of(tmp_path / "nope.json") == "missing"
    cases: list[tuple[bytes, str]] = [
        (b"", "empty"), (b"  \n", "empty"),
        (text[: len(text) // 2], "truncated"),
        (b"{\"a\": }", "invalid_json"), (b"\xff\xfe\xfa", "invalid_json"),
        (b"[1, 2, 3]", "bad_data"),
        (text.replace(b"\"round\"", b"\"rounD\"", 1), "bad_checksum"),
    ]
    d = dict(doc)
    del d["checksum"]
    cases.append((json.dumps(d).encode(), "bad_checksum"))
    for fmt, reason in ((3, "newer_format"), (99, "newer_format"), (0, "unknown_format"),
                        ("1", "unknown_format"), (None, "unknown_format"), (True, "unknown_format")):
        cases.append((resign(dict(doc, format=fmt)), reason))
    actions = list(doc["actions"])
    cases.append((resign(dict(doc, actions=actions[:-1])), "bad_replay"))
    cases.append((resign(dict(doc, actions=actions[1:])), "bad_replay"))
    cases.append((resign(dict(doc, actions=[*actions, {"kind": "draw", "seat": 7}])), "bad_replay"))
    cases.append((resign(dict(doc, config=dict(doc["config"], seed=doc["config"]["seed"] + 1))),
                  "bad_replay"))
    cases.append((resign(dict(doc, actions=[*actions[:-1], {"kind": "fly"}])), "bad_data"))
    cases.append((resign(dict(doc, config={"seats": []})), "bad_data"))
    cases.append((resign(dict(doc, snapshot=[1])), "bad_data"))
    cases.append((resign(dict(doc, label=5)), "bad_data"))
    for data, reason in cases:
        bad.write_bytes(data)
        assert reason_of(bad) == reason, (reason, data[:80])


def test_snapshot_disagreeing_with_log_is_refused(tmp_path: Path,
                                                  good: tuple[Path, dict[str, Any]]) -> None:
    _, doc = good
    snap = json.loads(json.dumps(doc["snapshot"]))
    for key, value in snap.items():  # change the first plain number we find
        if isinstance(value, int) and not isinstance(value, bool):
            snap[key] = value + 1
            break
    else:
        snap["extra"] = 1
    bad = tmp_path / "snap.json"
    bad.write_bytes(resign(dict(doc, snapshot=snap)))
    assert reason_of(bad) == "bad_replay"


def test_upgrades_run_step_by_step(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                   good: tuple[Path, dict[str, Any]]) -> None:
    _, doc = good
    seen: list[int] = []

    def step(n: int):  # type: ignore[no-untyped-def]
        def up(d: dict[str, Any]) -> dict[str, Any]:
            assert d["format"] == n
            seen.append(n)
            return dict(d, label=d["label"] + f"+{n}")
        return up

    monkeypatch.setattr(saves, "FORMAT", 3)
    monkeypatch.setattr(saves, "UPGRADES", {1: step(1), 2: step(2)})
    old = tmp_path / "old.json"
    old.write_bytes(resign(dict(doc, format=1)))
    loaded = load_match(old)
    assert seen == [1, 2] and loaded.meta.label.endswith("+1+2") and loaded.meta.format == 3
    monkeypatch.setattr(saves, "UPGRADES", {2: step(2)})
    assert reason_of(old) == "unknown_format"


def test_recovery_falls_back_to_backup(tmp_path: Path) -> None:
    config = make_config(OFFICIAL, 3, 2)
    game = new_game(config)
    path = tmp_path / "auto.json"
    play(game, random.Random(2), 10)
    save_match(path, config, game)
    first = game.to_dict()
    play(game, random.Random(3), 10)
    save_match(path, config, game)
    assert load_with_recovery(path)[0].game.to_dict() == game.to_dict()  # type: ignore[union-attr]
    path.write_bytes(path.read_bytes()[:100])
    loaded, messages = load_with_recovery(path)
    assert loaded is not None and loaded.game.to_dict() == first
    assert len(messages) == 2 and not path.exists()
    assert len(list(tmp_path.glob("auto.json.damaged-*"))) == 1
    assert backup_path(path).exists()  # the backup is kept, not consumed
    # again: main missing, backup still good -> loads silently-ish
    loaded, messages = load_with_recovery(path)
    assert loaded is not None and len(messages) == 1


def test_recovery_when_everything_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    assert load_with_recovery(path) == (None, [])
    path.write_bytes(b"{")
    backup_path(path).write_bytes(b"nonsense")
    loaded, messages = load_with_recovery(path)
    assert loaded is None and len(messages) == 3
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 2 and all(".damaged-" in n for n in names)
    assert {(tmp_path / n).read_bytes() for n in names} == {b"{", b"nonsense"}


def test_newer_format_is_left_in_place(tmp_path: Path, good: tuple[Path, dict[str, Any]]) -> None:
    _, doc = good
    path = tmp_path / "future.json"
    path.write_bytes(resign(dict(doc, format=saves.FORMAT + 1)))
    loaded, messages = load_with_recovery(path)
    assert loaded is None and messages and path.exists()


def test_quarantine_never_overwrites(tmp_path: Path) -> None:
    a = tmp_path / "s.json"
    moved = []
    for i in range(3):
        a.write_text(str(i))
        moved.append(saves.quarantine(a))
    assert len({m for m in moved if m}) == 3 and not a.exists()
    assert sorted(m.read_text() for m in moved if m) == ["0", "1", "2"]
    assert saves.quarantine(a) is None


def test_write_failure_is_a_save_error(monkeypatch: pytest.MonkeyPatch,
                                       good: tuple[Path, dict[str, Any]]) -> None:
    path, doc = good
    before = path.read_bytes()
    loaded = load_match(path)

    def boom(*a: object, **k: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(saves, "atomic_write_bytes", boom)
    with pytest.raises(SaveError) as info:
        save_match(path, loaded.config, loaded.game)
    assert info.value.reason == "write_failed" and path.read_bytes() == before


def test_autosave_slots_replays(home: Path, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    config = make_config(OFFICIAL, 4, 8)
    game = new_game(config)
    play(game, random.Random(8), 15)
    assert saves.autosave_path() == home / "data" / "saves" / "autosave.json"
    saves.autosave(config, game, match_id="abc")
    loaded, messages = saves.load_autosave()
    assert loaded is not None and not messages and loaded.meta.match_id == "abc"
    saves.clear_autosave()
    assert saves.load_autosave() == (None, [])

    p1 = saves.save_slot("Evening game", config, game)
    p2 = saves.save_slot("晚上的游戏 / CON: *?", config, game)
    assert p1.parent == home / "data" / "saves" / "slots" and p1 != p2
    assert p2.name.isascii() and not set(p2.name) & set('/\\:*?"<>| ')
    assert saves.save_slot("Evening game", config, game) == p1  # same name, same slot
    (p1.parent / "broken.json").write_text("{")
    (p1.parent / ".x.json.123.tmp").write_text("{")  # debris from a crash: ignored

    def no_replay(*a: object, **k: object) -> None:
        raise AssertionError("list_slots must not replay")

    with monkeypatch.context() as m:
        m.setattr(saves.Game, "replay", no_replay)
        infos = saves.list_slots()
    by_label = {i.label: i for i in infos}
    assert set(by_label) == {"Evening game", "晚上的游戏 / CON: *?", "broken"}
    info = by_label["Evening game"]
    assert info.players == ("You", "Bot 1", "Bot 2", "Bot 3") and len(info.scores) == 4
    assert info.saved_at and not info.damaged and info.round_no >= 1
    assert by_label["broken"].damaged == "truncated"
    assert saves.delete_slot("Evening game") and not p1.exists()
    assert not saves.delete_slot("Evening game")
    assert not saves.delete_slot(tmp_path / "elsewhere.json")
    assert saves.delete_slot(p2)

    while not game.is_over:
        play(game, random.Random(len(game.actions)), 50)
    r = saves.archive_finished(config, game, match_id="abc")
    r2 = saves.archive_finished(config, game)
    assert r.parent == home / "data" / "replays" and r != r2
    infos = saves.list_replays()
    assert len(infos) == 2 and all(i.over for i in infos)
    out = saves.export_replay(r, tmp_path / "export" / "mine.uno.json")
    assert out.read_bytes() == r.read_bytes() and load_match(out).game.is_over
    (tmp_path / "junk.json").write_text("{")
    with pytest.raises(SaveError):
        saves.export_replay(tmp_path / "junk.json", tmp_path / "never.json")
    assert not (tmp_path / "never.json").exists()


def test_sample_saves_load() -> None:
    samples = sorted(SAMPLES.glob("format-*.json"))
    assert samples, "saves/ must hold a sample of each save format"
    formats = set()
    for path in samples:
        loaded = load_match(path)
        loaded.game.check_invariants()
        formats.add(json.loads(path.read_text(encoding="utf-8"))["format"])
    assert formats == set(range(1, saves.FORMAT + 1)), "one sample per save format"
    assert (SAMPLES / "README.md").exists()


def test_D3_sample_saves_made_before_the_official_deck_load_with_the_classic_deck() -> None:
    """Saves written before D3 hold no deck setting: they read as the 108-card deck."""
    for path in sorted(SAMPLES.glob("format-*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert "deck" not in doc["config"]["settings"]
        loaded = load_match(path)
        assert loaded.config.settings.deck == "classic"
        held = loaded.game.draw_pile + loaded.game.discard + [c for h in loaded.game.hands
                                                              for c in h]
        assert sorted(held) == list(range(108))
