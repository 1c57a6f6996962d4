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
def test_online_new_code_replaces_the_old_one(app: App) -> None:
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
