"""The debug probe (game/debug_probe.py): off by default; with UNO_DEBUG_PROBE set,
the settled screen's scenes, buttons and table are written for a driving test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ui_driver import make_app

from game import debug_probe


def test_probe_is_off_without_the_variable() -> None:
    assert debug_probe.from_env({}) is None
    assert debug_probe.from_env({"UNO_DEBUG_PROBE": " "}) is None


def test_probe_writes_the_table_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "probe.json"
    monkeypatch.setenv("UNO_DEBUG_PROBE", str(out))
    app = make_app("--lang", "en", "--players", "human,human", "--seed", "2")
    try:
        for _ in range(40):
            app.pump(3)
            if out.exists() and json.loads(out.read_text("utf-8"))["scene"] == "CurtainScene":
                break
        doc = json.loads(out.read_text("utf-8"))
    finally:
        app.shutdown()
    assert doc["scenes"] == ["MenuScene", "TableScene", "CurtainScene"]
    assert doc["language"] == "en" and doc["size"] == list(app.size)
    confirm = [b for b in doc["buttons"] if "#primary" in b["ids"]]
    assert len(confirm) == 1 and len(confirm[0]["rect"]) == 4
    table = doc["table"]
    assert table["viewer"] == -1 and table["hand"] == []  # the curtain hides every hand
    assert table["state"]["hand_sizes"] == [7, 7] and table["state"]["top"]
    assert set(table["seats"]) == {"0", "1"}
