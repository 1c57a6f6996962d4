"""Settings files: unknown keys survive a save, a newer format is never rewritten
in the old one, and a garbage value takes its default (logged), not an extreme."""

from __future__ import annotations

import json
import logging

import pytest

from game.storage import user_settings as us
from game.storage.user_settings import UserSettings, load_settings, save_settings, settings_path


def write(data: dict) -> bytes:
    raw = json.dumps(data).encode()
    settings_path().write_bytes(raw)
    return raw


def test_unknown_keys_round_trip() -> None:
    write({"format": us.FORMAT, "sfx_volume": 0.3, "future_option": {"a": [1, 2]},
           "zz_later": "x"})
    s = load_settings()
    s.music_volume = 0.1
    assert save_settings(s)
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["future_option"] == {"a": [1, 2]} and data["zz_later"] == "x"
    assert data["music_volume"] == 0.1 and data["sfx_volume"] == 0.3
    assert data["format"] == us.FORMAT


def test_a_newer_settings_file_is_never_downgraded(caplog: pytest.LogCaptureFixture) -> None:
    raw = write({"format": us.FORMAT + 1, "sfx_volume": 0.3, "new_thing": True})
    s = load_settings()
    assert s.sfx_volume == 0.3
    s.sfx_volume = 0.9
    result = save_settings(s)
    assert not result and result.reason == "newer_format"
    assert settings_path().read_bytes() == raw
    assert "newer" in caplog.text


@pytest.mark.parametrize("key, value", [
    ("window_size", [7681, 800]), ("window_size", [99999, 99999]), ("window_size", [10, 600]),
    ("window_size", [1280.5, 800]), ("hard_think_ms", 10**12), ("hard_think_ms", -5),
    ("hard_think_ms", 5001), ("sfx_volume", 7), ("music_volume", -2), ("sfx_volume", 1e308)])
def test_garbage_values_take_the_default_and_are_logged(
        key: str, value: object, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    write({"format": us.FORMAT, key: value, "anim_speed": "fast"})
    s = load_settings()
    assert getattr(s, key) == getattr(UserSettings(), key)
    assert s.anim_speed == "fast"  # the other keys are kept
    assert key in caplog.text


@pytest.mark.parametrize("key, value", [
    ("window_size", (7680, 4320)), ("window_size", (640, 480)), ("hard_think_ms", 5000),
    ("hard_think_ms", 0), ("sfx_volume", 1.0), ("music_volume", 0)])
def test_values_at_the_limits_are_kept(key: str, value: object) -> None:
    write({"format": us.FORMAT, key: list(value) if isinstance(value, tuple) else value})
    assert getattr(load_settings(), key) == value


def test_garbage_custom_rules_are_dropped_and_new_game_opens(
        caplog: pytest.LogCaptureFixture) -> None:
    from ui_driver import buttons, click, make_app

    from game.scenes.new_game import NewGameScene

    write({"format": us.FORMAT, "last_preset": "custom", "last_custom_rules": {
        "stack_rule": "bogus", "target_score": 99999, "jump_in": "all", "teams": "yes",
        "challenge_guilty_draw": 6, "no_such_rule": True, "deflect": True}})
    s = load_settings()
    assert s.last_custom_rules == {"jump_in": "all", "challenge_guilty_draw": 6, "deflect": True}
    assert "stack_rule" in caplog.text and "target_score" in caplog.text
    app = make_app("--lang", "en")
    try:
        click(app, buttons(app)["New game"])
        scene = app.scenes.top
        assert isinstance(scene, NewGameScene)
        assert scene.model.values["jump_in"] == "all" and scene.model.values["deflect"] is True
    finally:
        app.shutdown()
