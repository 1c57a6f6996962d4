"""User settings: defaults on missing or damaged files, bad values, round trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.storage import user_settings as us
from game.storage.user_settings import UserSettings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return tmp_path / "home"


def test_defaults_when_missing() -> None:
    s = load_settings()
    assert s == UserSettings()
    assert s.window_size == (1280, 800) and s.hard_think_ms == 300 and s.language == "en"
    assert not settings_path().exists()  # loading never writes


def test_default_language_follows_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert load_settings().language == "zh"


def test_round_trip() -> None:
    s = UserSettings(language="zh", sfx_volume=0.25, music_volume=0.0, anim_speed="off",
                     fullscreen=True, window_size=(1920, 1080), colourblind=True,
                     card_size="large", last_preset="sheet",
                     last_custom_rules={"stack_rule": "same_kind", "target_score": 300},
                     last_seats=[{"name": "Ann", "kind": "human", "level": "normal"},
                                 {"name": "Bot", "kind": "ai", "level": "hard"}],
                     hard_think_ms=800)
    assert save_settings(s)
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["format"] == us.FORMAT
    assert load_settings() == s


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe\x00garbage", b"[1, 2]", b"null",
                                     b"{\"language\": ", b"[" * 100000])
def test_damaged_file_gives_defaults_and_is_kept_aside(content: bytes) -> None:
    path = settings_path()
    path.write_bytes(content)
    assert load_settings() == UserSettings()
    assert not path.exists()
    moved = list(path.parent.glob("settings.json.damaged-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == content


def test_damaged_file_falls_back_to_backup() -> None:
    save_settings(UserSettings(sfx_volume=0.1))
    save_settings(UserSettings(sfx_volume=0.2))
    settings_path().write_bytes(b"{broken")
    assert load_settings().sfx_volume == 0.1  # the .bak holds the previous version


def test_partial_and_unknown_keys() -> None:
    settings_path().write_text(json.dumps({"format": 1, "sfx_volume": 0.3, "mystery": [1],
                                           "future_option": {"a": 1}}), encoding="utf-8")
    s = load_settings()
    assert s.sfx_volume == 0.3
    assert s == UserSettings(sfx_volume=0.3)


def test_values_fixed_field_by_field() -> None:
    settings_path().write_text(json.dumps({
        "format": 1, "language": "fr", "sfx_volume": 7, "music_volume": -2,
        "anim_speed": "warp", "fullscreen": "yes", "window_size": [10, 99999],
        "colourblind": 1, "card_size": 3, "last_preset": None,
        "last_custom_rules": [1], "last_seats": [{"name": "A"}, 5, {"no": "name"}],
        "hard_think_ms": 1e12,
    }), encoding="utf-8")
    s = load_settings()
    d = UserSettings()
    assert s.language == d.language and s.anim_speed == "normal" and s.card_size == "medium"
    assert s.sfx_volume == d.sfx_volume and s.music_volume == d.music_volume
    assert s.fullscreen is False and s.colourblind is False
    assert s.window_size == d.window_size  # out of range: the default, never an extreme
    assert s.last_preset == d.last_preset and s.last_custom_rules == {}
    assert s.last_seats == [{"name": "A"}]
    assert s.hard_think_ms == d.hard_think_ms


def test_bad_types_do_not_spoil_good_fields() -> None:
    settings_path().write_text(json.dumps({"sfx_volume": "loud", "window_size": "big",
                                           "hard_think_ms": True, "music_volume": 0.4,
                                           "anim_speed": "fast"}), encoding="utf-8")
    s = load_settings()
    assert s.sfx_volume == UserSettings().sfx_volume
    assert s.window_size == (1280, 800) and s.hard_think_ms == 300
    assert s.music_volume == 0.4 and s.anim_speed == "fast"


def test_save_keeps_backup_and_fixes_bad_values() -> None:
    save_settings(UserSettings(sfx_volume=0.5))
    save_settings(UserSettings(sfx_volume=3.0))
    assert load_settings().sfx_volume == UserSettings().sfx_volume
    bak = settings_path().with_name("settings.json.bak")
    assert json.loads(bak.read_text(encoding="utf-8"))["sfx_volume"] == 0.5


def test_save_failure_reports_false(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*a: object, **k: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(us, "atomic_write_text", boom)
    result = save_settings(UserSettings())
    assert not result and result.reason == "other"


def test_hand_order_and_confirm_play_are_checked_and_kept() -> None:
    d = UserSettings()
    assert d.hand_order == "sorted" and d.confirm_play is False
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"hand_order": "shuffled", "confirm_play": "yes",
                                           "sfx_volume": 0.3}), encoding="utf-8")
    s = load_settings()
    assert s.hand_order == "sorted" and s.confirm_play is False and s.sfx_volume == 0.3
    assert save_settings(UserSettings(hand_order="dealt", confirm_play=True))
    s = load_settings()
    assert s.hand_order == "dealt" and s.confirm_play is True
