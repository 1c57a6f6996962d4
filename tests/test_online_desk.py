"""Online seats at the desk (issue 38): New game's Online seat, the host's join
screen with each seat's code, and a guest joining by that code over magic-wormhole
on 127.0.0.1 (the mailbox server and transit relay from their packages).

Skips without the ``online`` and ``online-servers`` extras unless
``UNO_REQUIRE_ONLINE`` is set (``.ci/run``)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator

import pytest
from ui_driver import click, make_app

from game.app import App
from game.config import MatchConfig, SeatConfig
from game.online import available
from game.party.protocol import new_secret
from game.rules.settings import RuleSettings

needs_library = pytest.mark.skipif(
    not available() and not os.environ.get("UNO_REQUIRE_ONLINE"),
    reason='needs pip install -e ".[online,online-servers]" (.ci/run installs it)')


@pytest.fixture(scope="module")
def servers() -> Iterator[object]:
    from game.online.selfhost import LocalServers

    with LocalServers() as s:
        yield s


@pytest.fixture
def app(servers: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("UNO_ONLINE_SERVER", servers.mailbox_url)  # type: ignore[attr-defined]
    monkeypatch.setenv("UNO_ONLINE_RELAY", servers.relay)  # type: ignore[attr-defined]
    a = make_app("--lang", "en")
    yield a
    a.shutdown()


@pytest.fixture(autouse=True)
def _language_back() -> Iterator[None]:
    """A Chinese window here leaves the language as it found it for the next test."""
    from game import i18n

    before = i18n.language()
    yield
    i18n.set_language(before)


def _online(kinds: str = "hoa", seed: int = 4) -> MatchConfig:
    names = {"o": "online", "a": "ai", "h": "human", "p": "phone"}
    seats = tuple(SeatConfig(f"S{i}", names[k], "easy")  # type: ignore[arg-type]
                  for i, k in enumerate(kinds))
    return MatchConfig(seats, RuleSettings(target_score=50), seed, new_secret())


def _until(app: App, ok: Callable[[], bool], timeout: float = 30.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.pump(1)
        if ok():
            return True
        time.sleep(0.02)
    return False


@needs_library
def test_online_host_screen_shows_the_code_a_guest_joins_and_plays_at_the_table(app: App) -> None:
    from game.online.guest import OnlineGuest
    from game.scenes.online_join import OnlineJoinScene, seat_words
    from game.table.scene import TableScene

    app.start_match(_online("hoa"))
    join = app.scenes.top
    assert isinstance(join, OnlineJoinScene) and join.host is not None
    host = join.host
    assert _until(app, lambda: host.seat_code(1) != ""), host.state(1)
    code = host.seat_code(1)
    assert seat_words(host, 1) == (code, "read this code to your friend", seat_words(host, 1)[2])
    assert join.online_probe()["codes"] == {"1": code}
    assert join.start_button.text == "Start (1 missing)"
    guest = OnlineGuest(join_timeout=15)
    try:
        guest.join(code.upper().replace("-", " "))  # typed loosely, as a friend would
        assert _until(app, lambda: 1 in host.connected())
        assert seat_words(host, 1)[1] == "✓ joined"
        assert _until(app, lambda: join.start_button.text == "Start")
        first = guest.inbox.get(timeout=10)
        assert first["type"] == "state" and not first["started"] and first["seat"] == 1
        click(app, join.start_button)
        table = app.scenes.top
        assert isinstance(table, TableScene) and table.remote is not None
        assert table.remote.seats == [1]
        state = guest.inbox.get(timeout=10)
        assert state["started"] and state["names"][1] == "S1"
        assert all(c["id"] not in {x.id for x in table.ctl.view(0).hand} for c in state["hand"])
        # the guest plays whenever its seat has something to do; the table applies it
        acted = 0
        end = time.monotonic() + 60
        while acted < 2 and time.monotonic() < end:
            app.pump(1)
            while not guest.inbox.empty():
                state = guest.inbox.get()
                if state["type"] == "state" and state["to_act"] == 1 and state["legal"]:
                    before = len(table.ctl.game.actions)
                    guest.act(state["at"], state["legal"][0])
                    assert _until(app, lambda n=before: len(table.ctl.game.actions) > n, 15)
                    assert table.ctl.game.actions[before].seat == 1
                    acted += 1
            if table.ctl.view(0).to_act == 0:  # the host's own turn: play on
                table.ctl.human_act(table.ctl.legal(0)[0])
        assert acted == 2
    finally:
        guest.close()
        app.back_to_menu()
    assert app.session is None


@needs_library
def test_online_new_code_replaces_the_old_one(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.online_join import OnlineJoinScene

    app.start_match(_online("hoo"))
    join = app.scenes.top
    assert isinstance(join, OnlineJoinScene) and join.host is not None
    host = join.host
    assert _until(app, lambda: host.seat_code(1) != "" and host.seat_code(2) != "")
    old, other = host.seat_code(1), host.seat_code(2)
    click(app, join.new_code_buttons[1])
    assert _until(app, lambda: host.seat_code(1) not in ("", old))
    assert host.seat_code(2) == other  # the other seat keeps its code
    # Found in the real window: a code that arrived during an idle frame (updated, not
    # drawn) was never drawn; the screen asks to be drawn until it shows the change.
    app.pump(3)
    monkeypatch.setattr(host, "busy", lambda: False)
    assert not join.is_animating()
    monkeypatch.setattr(host, "state", lambda seat: ("left", ""))
    join.update(1 / 60)
    assert join.is_animating()
    app.pump(1)
    assert not join.is_animating()
    app.back_to_menu()
    assert join.session.closed


def test_online_seats_without_the_extra_say_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """The online extra missing (a save made with it, continued without): the join
    screen says why and how to install it, and Start stays off."""
    import game.online

    monkeypatch.setattr(game.online, "available", lambda: False)
    a = make_app("--lang", "en")
    try:
        a.start_match(_online("hoa"))
        from game.scenes.online_join import OnlineJoinScene

        join = a.scenes.top
        assert isinstance(join, OnlineJoinScene) and join.host is None
        assert 'uno-game[online]' in join.session.online_error
        assert not join.start_button.is_enabled
        a.pump(2)
    finally:
        a.shutdown()


# -- the guest's side: Join online ------------------------------------------------------

def _guest_screen(app: App) -> object:
    from game.scenes.online_guest import OnlineGuestScene

    app.open("join_online")
    scene = app.scenes.top
    assert isinstance(scene, OnlineGuestScene)
    return scene


def _type_and_join(app: App, scene: object, typed: str) -> None:
    scene.entry.set_text(typed)  # type: ignore[attr-defined]
    app.pump(1)
    click(app, scene.join_button)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang,words", [("en", "That is not a code"), ("zh", "这不是代码")])
def test_join_online_a_typed_text_not_a_code_is_said_at_once(lang: str, words: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import game.scenes.online_guest as online_guest

    monkeypatch.setattr(online_guest, "available", lambda: True)
    a = make_app("--lang", lang)
    try:
        scene = _guest_screen(a)
        _type_and_join(a, scene, "guitarist revenge!")
        assert scene.error.startswith(words) and scene.status == ""  # type: ignore[attr-defined]
        assert scene.guest is None  # type: ignore[attr-defined]  # nothing went to the network
    finally:
        a.shutdown()


def test_join_online_without_the_extra_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.scenes.menu as menu
    import game.scenes.online_guest as online_guest

    monkeypatch.setattr(online_guest, "available", lambda: False)
    monkeypatch.setattr(menu, "online_available", lambda: False)
    a = make_app("--lang", "en")
    try:
        from ui_driver import buttons

        assert not buttons(a)["Join online"].is_enabled
        scene = _guest_screen(a)
        assert 'pip install "uno-game[online]"' in scene.error  # type: ignore[attr-defined]
        assert not scene.join_button.is_enabled  # type: ignore[attr-defined]
    finally:
        a.shutdown()


def _wait_scene(app: App, ok: Callable[[], bool], timeout: float = 40.0,
                also: Callable[[], None] | None = None) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.pump(1)
        if also is not None:
            also()
        if ok():
            return True
        time.sleep(0.02)
    return False


@needs_library
def test_join_online_wrong_code_is_said(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.online.guest as guest_module

    monkeypatch.setattr(guest_module, "JOIN_TIMEOUT_S", 2.0)
    scene = _guest_screen(app)
    _type_and_join(app, scene, "4321-nobody-here")
    assert scene.status == "connecting"  # type: ignore[attr-defined]
    end = time.monotonic() + 40  # idle frames: updated, not drawn (as the App's idle loop)
    while scene.status and time.monotonic() < end:  # type: ignore[attr-defined]
        scene.update(1 / 60)  # type: ignore[attr-defined]
        time.sleep(0.02)
    assert scene.is_animating()  # type: ignore[attr-defined]  # the answer is still to be drawn
    app.pump(1)
    assert not scene.is_animating()  # type: ignore[attr-defined]
    assert scene.error.startswith("No game answered this code")  # type: ignore[attr-defined]
    assert scene.join_button.is_enabled  # type: ignore[attr-defined]  # try again


def _host_session(kinds: str = "hoa") -> object:
    """The host's match, built by the one builder (game.session), in this process."""
    from types import SimpleNamespace

    from game.session import start_session

    prefs = SimpleNamespace(hard_think_ms=50, anim_speed="off", party_bot_after=0,
                            online_server="", online_relay="")
    return start_session(_online(kinds), prefs=prefs, persist=False)


@needs_library
def test_join_online_versions_differ_names_both_versions(app: App,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import game.online.guest as guest_module
    from game import __version__
    from game.party.protocol import VERSION

    host = _host_session()
    try:
        code = host.online.seat_code(1, timeout=20)  # type: ignore[attr-defined]
        future = {"uno": {"game": "99.0.0", "protocol": VERSION + 1, "online": 1}}
        monkeypatch.setattr(guest_module, "our_versions", lambda: future)
        scene = _guest_screen(app)
        _type_and_join(app, scene, code)
        assert _wait_scene(app, lambda: scene.status == "")  # type: ignore[attr-defined]
        assert scene.error == (f"Versions differ: the host runs {__version__}, you run "  # type: ignore[attr-defined]
                               f"{__version__}. Whoever is older should update.")
        from game.scenes.online_join import seat_words

        assert _until(app, lambda: host.online.state(1)[0] == "versions_differ")  # type: ignore[attr-defined]
        assert "your friend runs 99.0.0" in seat_words(host.online, 1)[1]  # type: ignore[attr-defined]
    finally:
        host.close(paused=False)  # type: ignore[attr-defined]


@needs_library
def test_join_online_guest_sits_at_its_table_and_plays(app: App) -> None:
    """The whole way on the guest's side: the code typed, the pairing, the first state,
    the table (game/table on a RemoteSession), a card played there reaching the host's
    match, the host's moves arriving; the host leaving is said."""
    from game.online.remote import RemoteSession
    from game.table.scene import TableScene

    host = _host_session("hoa")
    ctl = host.controller  # type: ignore[attr-defined]
    try:
        code = host.online.seat_code(1, timeout=20)  # type: ignore[attr-defined]
        scene = _guest_screen(app)
        _type_and_join(app, scene, code)
        assert _wait_scene(app, lambda: isinstance(app.scenes.top, TableScene),
                           also=lambda: host.pump(paused=True))  # type: ignore[attr-defined]
        table = app.scenes.top
        assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
        assert table.viewer == 1 and not table.ctl.started
        host.begin()  # type: ignore[attr-defined]
        played = 0
        host_moves = 0
        step = 0

        def host_side() -> None:
            nonlocal host_moves, step
            step += 1
            host.pump()  # type: ignore[attr-defined]
            view = ctl.view(-1)
            if view.to_act == 0:
                ctl.human_act(ctl.legal(0)[0])
                host_moves += 1
            elif view.to_act == 2:
                ctl.poll_ai(1000.0 * step)

        def guest_played() -> bool:
            nonlocal played
            if table.can_act() and table.ctl.legal(1) and ctl.view(-1).to_act == 1:
                legal = table.ctl.legal(1)
                table.act(next((a for a in legal if a.kind == "play"), legal[0]))
                played += 1
            return played >= 2 and host_moves >= 1

        assert _wait_scene(app, guest_played, 90, also=host_side), (played, host_moves)
        assert _wait_scene(app, lambda: any(a.seat == 1 for a in ctl.game.actions), 20,
                           also=host_side)
        # the host's moves reach the guest: its view follows the host's public table
        assert _wait_scene(app, lambda: table.ctl.state["at"] == len(ctl.game.actions)
                           and not table.busy(), 20)
        assert table.ctl.view(1).hand_sizes == ctl.view(1).hand_sizes
        host.close(paused=False)  # type: ignore[attr-defined]
        assert _wait_scene(app, lambda: table.session.status in ("closed", "host_gone"), 20)
        app.pump(2)
        assert table.cues.toast is not None and table.cues.toast[0] in (
            "The host ended the match.", "The host's game is gone (closed, or off the internet).")
    finally:
        host.close(paused=False)  # type: ignore[attr-defined]


def test_join_online_field_shows_no_example_code_that_reads_as_typed() -> None:
    """Found in a real window: pygame_gui draws a placeholder in the text's own colour,
    so the example code in the empty field read as a code already typed."""
    a = make_app("--lang", "en")
    try:
        scene = _guest_screen(a)
        assert scene.entry.get_text() == ""  # type: ignore[attr-defined]
        assert scene.entry.placeholder_text == ""  # type: ignore[attr-defined]
        assert "7-guitarist-revenge" in t_how()  # the example stands in the line above
    finally:
        a.shutdown()


def t_how() -> str:
    from game.i18n import t

    return t("online.join_how")


@needs_library
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_join_online_rejoin_takes_the_kept_seat_back_after_the_guest_closed_its_game(
        servers: object, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The guest's game keeps the seat's rejoin code (game.storage.online_seat); the
    guest leaves the table (its game closing: the host's seat waits on that code);
    Join online then offers Rejoin, which takes the seat back with no code typed."""
    from game.i18n import t
    from game.online.remote import RemoteSession
    from game.storage import online_seat
    from game.table.scene import TableScene

    monkeypatch.setenv("UNO_ONLINE_SERVER", servers.mailbox_url)  # type: ignore[attr-defined]
    monkeypatch.setenv("UNO_ONLINE_RELAY", servers.relay)  # type: ignore[attr-defined]
    app = make_app("--lang", lang)
    host = _host_session("hoa")
    try:
        assert _guest_screen(app).rejoin_button is None  # type: ignore[attr-defined]  # none kept
        app.back_to_menu()
        scene = _guest_screen(app)
        _type_and_join(app, scene, host.online.seat_code(1, timeout=20))  # type: ignore[attr-defined]
        assert _wait_scene(app, lambda: isinstance(app.scenes.top, TableScene),
                           also=lambda: host.pump(paused=True))  # type: ignore[attr-defined]
        host.begin()  # type: ignore[attr-defined]
        assert _wait_scene(app, lambda: online_seat.kept_code() is not None, 20,
                           also=host.pump)  # type: ignore[attr-defined]
        kept = online_seat.kept_code()
        assert kept is not None and kept.code == host.controller.config.rejoin_code(1)  # type: ignore[attr-defined]

        app.back_to_menu()  # the guest leaves: its link closes, the code stays kept
        assert _until(app, lambda: host.online.state(1)[0] == "rejoining")  # type: ignore[attr-defined]
        scene = _guest_screen(app)
        button = scene.rejoin_button  # type: ignore[attr-defined]
        assert button is not None and button.visible and button.text == t("online.rejoin_button")
        click(app, button)
        assert scene.status == "returning"  # type: ignore[attr-defined]
        app.pump(1)
        assert _wait_scene(app, lambda: isinstance(app.scenes.top, TableScene),
                           also=host.pump)  # type: ignore[attr-defined]
        table = app.scenes.top
        assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
        assert table.viewer == 1 and table.ctl.started
        assert 1 in host.online.connected()  # type: ignore[attr-defined]
        # a fresh code replaced the spent one, kept again
        assert _wait_scene(app, lambda: (online_seat.kept_code() or kept).code != kept.code, 20,
                           also=host.pump)  # type: ignore[attr-defined]
        host.close(paused=False)  # type: ignore[attr-defined]  # the host ends the match
        assert _wait_scene(app, lambda: online_seat.kept_code() is None, 20)  # forgotten
    finally:
        host.close(paused=False)  # type: ignore[attr-defined]
        app.shutdown()


def test_join_online_the_code_is_typed_with_its_spaces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found in the real window: Space on the focused field also 'activated' it,
    selecting what was typed, so "5 chambermaid indoors" became "indoors"."""
    import pygame

    import game.scenes.online_guest as online_guest

    monkeypatch.setattr(online_guest, "available", lambda: True)
    a = make_app("--lang", "en")
    try:
        scene = _guest_screen(a)
        for ch in "5 ab cd":
            k = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch,
                                                 scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            a.pump(1)
        assert scene.entry.get_text() == "5 ab cd"  # type: ignore[attr-defined]
    finally:
        a.shutdown()
