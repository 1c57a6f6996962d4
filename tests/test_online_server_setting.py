"""#38: a setting for a self-hosted magic-wormhole server (Settings' "Own online
server"): the addresses' shapes, the settings file's checks, the environment
variables winning, the Settings screen's two fields, and the game using it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import key, make_app

from game import i18n
from game.app import App
from game.online.addresses import MAX_ADDRESS_CHARS, mailbox_address, relay_address
from game.online.wire import PUBLIC_MAILBOX, PUBLIC_RELAY, mailbox_url, relay_hint
from game.storage.user_settings import UserSettings, load_settings, save_settings, settings_path
from game.text_gate import TextRefused

GOOD_MAILBOXES = ("ws://relay.magic-wormhole.io:4000/v1", "wss://uno.example.org/v1",
                  "ws://127.0.0.1:4000/v1", "ws://my-box:4000", "ws://[::1]:4000/v1",
                  "  ws://spaced.example:4000/v1  ")
BAD_MAILBOXES = ("http://example.org/v1", "relay.magic-wormhole.io:4000", "ws://", "ws://a b/v1",
                 "ws://host:0/v1", "ws://host:65536/v1", "ws://host:port/v1", "tcp:host:4001",
                 "ws://-host-/v1", "ws://host/v1?x=<script>", "ws://主机:4000/v1")
GOOD_RELAYS = ("tcp:transit.magic-wormhole.io:4001", "tcp:127.0.0.1:4001", "tcp:my-box:1")
BAD_RELAYS = ("transit.magic-wormhole.io:4001", "tcp:host", "tcp:host:0", "tcp:host:99999",
              "tcp::4001", "ws://host:4001", "udp:host:4001", "tcp:host:4001/x")


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("UNO_ONLINE_SERVER", raising=False)
    monkeypatch.delenv("UNO_ONLINE_RELAY", raising=False)


def test_addresses_have_the_shapes_of_a_mailbox_and_a_relay() -> None:
    assert mailbox_address("") == "" and relay_address("  ") == ""  # empty: the public one
    for good in GOOD_MAILBOXES:
        assert mailbox_address(good) == good.strip()
    for bad in BAD_MAILBOXES:
        with pytest.raises(ValueError):
            mailbox_address(bad)
    for good in GOOD_RELAYS:
        assert relay_address(good) == good
    for bad in BAD_RELAYS:
        with pytest.raises(ValueError):
            relay_address(bad)
    # the text gate: control characters, not text, too long
    for bad in ("ws://host:4000/v1\n", "ws://host\x00:4000", 4000, None,
                "ws://" + "a" * MAX_ADDRESS_CHARS):
        with pytest.raises(TextRefused):
            mailbox_address(bad)
    with pytest.raises(TextRefused):
        relay_address("tcp:host:4001\u2028")


def test_the_environment_wins_then_the_setting_then_the_public_servers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert (mailbox_url(), relay_hint()) == (PUBLIC_MAILBOX, PUBLIC_RELAY)
    assert mailbox_url("ws://mine:4000/v1") == "ws://mine:4000/v1"
    assert relay_hint("tcp:mine:4001") == "tcp:mine:4001"
    monkeypatch.setenv("UNO_ONLINE_SERVER", "ws://env:4000/v1")
    monkeypatch.setenv("UNO_ONLINE_RELAY", "tcp:env:4001")
    assert mailbox_url("ws://mine:4000/v1") == "ws://env:4000/v1"
    assert relay_hint("tcp:mine:4001") == "tcp:env:4001"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_the_settings_file_keeps_a_good_server_and_drops_a_bad_one(home: Path) -> None:
    save_settings(UserSettings(online_server="wss://uno.example.org/v1",
                               online_relay="tcp:uno.example.org:4001"))
    s = load_settings()
    assert (s.online_server, s.online_relay) == ("wss://uno.example.org/v1",
                                                 "tcp:uno.example.org:4001")
    assert UserSettings().online_server == "" and UserSettings().online_relay == ""
    for server, relay in (("http://x/v1", "x:4001"), ("ws://x\x07/v1", ["tcp:x:1"]),
                          ("ws://" + "a" * 300, "tcp:x:0"), (7, None)):
        data = {**UserSettings().to_dict(), "online_server": server, "online_relay": relay,
                "sfx_volume": 0.3}
        settings_path().write_text(json.dumps(data), encoding="utf-8")
        s = load_settings()
        assert (s.online_server, s.online_relay) == ("", "")  # each bad value: its default
        assert s.sfx_volume == 0.3  # and only it


@pytest.fixture
def app(home: Path) -> Iterator[App]:
    a = make_app("--lang", "en")
    yield a
    a.shutdown()
    i18n.set_language("en")


def _type(app: App, entry: Any, text: str) -> None:
    """Select the field, then type ``text`` over what it holds (as a player would)."""
    scene = app.scenes.top
    scene.focus_on(entry)
    scene.activate_focused()  # the field takes the keys, its text selected
    key(app, pygame.K_BACKSPACE, frames=1)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.pump(2)


def test_settings_screen_fields_set_a_good_server_and_refuse_a_bad_one(app: App) -> None:
    app.open("settings")
    app.pump(3)
    scene = app.scenes.top
    server, relay = scene.server_entries["online_server"], scene.server_entries["online_relay"]
    assert server.get_text() == "" and scene.server_note.text.strip() == ""
    _type(app, server, "ws://my-box:4000/v1")
    _type(app, relay, "tcp:my-box:4001")
    assert server.get_text() == "ws://my-box:4000/v1"
    assert (app.settings.online_server, app.settings.online_relay) == ("ws://my-box:4000/v1",
                                                                       "tcp:my-box:4001")
    key(app, pygame.K_ESCAPE, frames=3)  # leaving saves
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert (saved["online_server"], saved["online_relay"]) == ("ws://my-box:4000/v1",
                                                               "tcp:my-box:4001")
    app.open("settings")
    app.pump(3)
    scene = app.scenes.top
    server = scene.server_entries["online_server"]
    assert server.get_text() == "ws://my-box:4000/v1"
    _type(app, server, "http://nope")  # not a mailbox: said, and the saved one stays
    assert app.settings.online_server == "ws://my-box:4000/v1"
    assert scene.server_note.text == i18n.t("settings.online_mailbox_bad")
    _type(app, scene.server_entries["online_relay"], "tcp:x")
    assert app.settings.online_relay == "tcp:my-box:4001"
    assert scene.server_note.text == i18n.t("settings.online_mailbox_bad")  # (the first said)
    _type(app, server, "")  # empty: the public server again
    assert app.settings.online_server == ""
    assert scene.server_note.text == i18n.t("settings.online_relay_bad")
    _type(app, scene.server_entries["online_relay"], "")
    assert scene.server_note.text.strip() == ""
    key(app, pygame.K_ESCAPE, frames=3)
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert (saved["online_server"], saved["online_relay"]) == ("", "")


def test_settings_screen_says_the_environment_wins(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_ONLINE_SERVER", "ws://env:4000/v1")
    app.open("settings")
    app.pump(3)
    assert app.scenes.top.server_note.text == i18n.t("settings.online_env_wins")


def test_join_online_uses_the_setting(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guest's link asks the own server of the settings (the host's: start_online)."""
    import game.online.guest as guest_module
    import game.scenes.online_guest as scene_module

    made: list[dict[str, Any]] = []

    class Guest:
        status = "joining"

        def __init__(self, **kwargs: Any) -> None:
            made.append(kwargs)

        def join(self, code: str) -> None:
            raise guest_module.OnlineError("wrong_code")

        def close(self) -> None:
            pass

    monkeypatch.setattr(guest_module, "OnlineGuest", Guest)
    monkeypatch.setattr(scene_module, "available", lambda: True)
    app.settings.online_server, app.settings.online_relay = "ws://mine:4000/v1", "tcp:mine:4001"
    app.open("join_online", code="7-guitarist-revenge")
    app.pump(2)
    app.scenes.top.join()
    assert made == [{"mailbox": "ws://mine:4000/v1", "relay": "tcp:mine:4001"}]


def test_start_online_uses_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.online as online
    import game.online.host as host_module
    from game import session

    got: list[dict[str, Any]] = []

    class Host:
        def __init__(self, controller: Any, seats: Any, **kwargs: Any) -> None:
            got.append(kwargs)

        def start(self) -> None:
            pass

    monkeypatch.setattr(host_module, "OnlineHost", Host)
    monkeypatch.setattr(online, "available", lambda: True)
    prefs = UserSettings(online_server="wss://mine/v1", online_relay="", party_bot_after=0)

    class Controller:
        class config:
            online = (1,)

    session.start_online(Controller(), prefs)  # type: ignore[arg-type]
    assert got[0]["mailbox"] == "wss://mine/v1" and got[0]["relay"] == PUBLIC_RELAY
    monkeypatch.setenv("UNO_ONLINE_SERVER", "ws://env:4000/v1")
    session.start_online(Controller(), prefs)  # type: ignore[arg-type]
    assert got[1]["mailbox"] == "ws://env:4000/v1"
