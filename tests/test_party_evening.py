"""Party mode for a whole evening, the desktop's side (#35): a clean quit tells the
phones the host paused (they keep retrying), Join codes at any time (table corner,
J, pause menu), a late friend takes a seat a bot plays, the room code and its seat
picker (rate limited per client address, dead once the match is over), the window's
close button asks first, the debug probe writes on the join screen.

The real App headless, or the table loop of tests/party_helpers.py; loopback only.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from party_helpers import Phone, TableLoop, party_config
from ui_driver import click, key, make_app

from game.app import App
from game.config import MatchConfig, SeatConfig
from game.controller import MatchController
from game.i18n import t
from game.party import protocol
from game.party.protocol import CODE_ALPHABET, new_secret, room_code, typed_code
from game.party.server import CODE_BURST
from game.rules.settings import RuleSettings
from game.scenes.dialog import DialogScene
from game.scenes.join_codes import JoinCodesScene
from game.scenes.party_join import PartyJoinScene
from game.scenes.pause import PauseScene
from game.scenes.seat_panels import link_rows
from game.storage import saves
from game.table import gestures
from game.table.scene import TableScene


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("UNO_PARTY_ADDRESS", "127.0.0.1")
    a = make_app("--lang", "en")
    yield a
    a.shutdown()


def _config(kinds: str = "pap") -> MatchConfig:
    names = {"p": "phone", "a": "ai", "h": "human"}
    seats = tuple(SeatConfig(f"S{i}", names[k], "normal") for i, k in enumerate(kinds))  # type: ignore[arg-type]
    return MatchConfig(seats, RuleSettings(target_score=50), 9, new_secret())


def _until(app: App, cond, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        app.pump(1)
        time.sleep(0.005)


def _answer(app: App | None, phone: Phone, pred, timeout: float = 10.0) -> dict:
    """The phone's first message ``pred`` accepts (the app, if any, drawing frames)."""
    end = time.monotonic() + timeout
    while True:
        assert time.monotonic() < end, "timed out"
        if app is not None:
            app.pump(1)
        try:
            msg = phone.recv(timeout=0.02)
        except TimeoutError:
            continue
        if pred(msg):
            return msg


def _table(app: App, kinds: str = "pap") -> TableScene:
    app.start_match(_config(kinds))
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    click(app, join.start_button)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.party is not None
    return table


def _button(scene, text: str):
    return next(e for e in scene._elements if getattr(e, "text", None) == text)


# ------------------------------------------------------------ 1: the host pauses --

def test_party_quit_to_menu_tells_phones_paused_and_continue_takes_them_back(app: App):
    """Quit to menu: every phone gets ``bye paused`` (not ``closed``: it keeps
    retrying); Continue opens the party again and the same phones come back."""
    table = _table(app, "pap")
    host = table.party
    tokens = {seat: host.token(seat) for seat in (0, 2)}
    phones = {seat: Phone(host.server.port, tokens[seat]) for seat in (0, 2)}
    _until(app, lambda: host.connected() == {0, 2})
    table.ctl.autosave()
    app.back_to_menu()
    for phone in phones.values():
        bye = _answer(app, phone, lambda m: m["type"] == "bye")
        assert bye["reason"] == "paused"
        phone.close()
    loaded, _notes = saves.load_autosave()
    assert loaded is not None
    app.start_match(loaded.config, loaded)
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    back = {seat: Phone(join.host.server.port, tokens[seat]) for seat in (0, 2)}
    _until(app, lambda: join.host.connected() == {0, 2})
    for phone in back.values():
        phone.close()
    app.back_to_menu()
    app.pump(1)


def test_party_a_match_that_cannot_come_back_still_says_closed(app: App):
    """Back from the join screen of a new match never dealt, and a match that is
    over: ``bye closed`` (nothing to wait for)."""
    app.start_match(_config("pa"))
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    phone = Phone(join.host.server.port, join.host.token(0))
    _until(app, lambda: join.host.connected() == {0})
    click(app, _button(join, t("party.back")))
    assert _answer(app, phone, lambda m: m["type"] == "bye")["reason"] == "closed"
    phone.close()


def test_party_stop_paused_after_the_match_is_over_says_closed(monkeypatch: pytest.MonkeyPatch):
    with TableLoop(party_config("pa", seed=3)) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        phone.state()
        monkeypatch.setattr(MatchController, "is_over", property(lambda self: True))
        loop.host.stop(paused=True)
        assert phone.wait(lambda m: m["type"] == "bye")["reason"] == "closed"
        phone.close()


def test_party_quit_question_and_window_close_say_what_happens_to_the_phones(app: App):
    table = _table(app, "hp")
    table.open_menu()
    app.pump(2)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    pause.ask_quit()
    app.pump(2)
    dialog = app.scenes.top
    assert isinstance(dialog, DialogScene)
    assert t("party.quit_phones") in dialog.message
    app.scenes.pop()
    app.scenes.pop()
    app.pump(2)
    # The window's close button: a question first, then closing again closes.
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump(2)
    assert app.running
    asked = app.scenes.top
    assert isinstance(asked, DialogScene) and asked.message == t("party.close_text")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump(1)
    assert not app.running


def test_party_window_close_without_phones_closes_at_once(app: App):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump(1)
    assert not app.running


# ------------------------------------------------------------ 2: join codes ---------

def test_party_join_codes_from_the_table_corner_key_and_pause_menu(app: App):
    table = _table(app, "hpp")
    assert "codes" in table.controls.corner.buttons
    table.press("codes")
    app.pump(2)
    codes = app.scenes.top
    assert isinstance(codes, JoinCodesScene) and codes.host is table.party
    assert set(codes.new_link_buttons) == {1, 2}
    codes.on_back()
    app.pump(2)
    assert app.scenes.top is table
    key(app, pygame.K_j)
    assert isinstance(app.scenes.top, JoinCodesScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    table.open_menu()
    app.pump(2)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    click(app, _button(pause, t("party.codes")))
    assert isinstance(app.scenes.top, JoinCodesScene)
    app.back_to_menu()
    app.pump(1)


def test_party_no_join_codes_without_phones(app: App):
    app.start_match(MatchConfig((SeatConfig("You", "human"), SeatConfig("B", "ai", "normal")),
                                RuleSettings(), 3))
    app.pump(2)
    table = app.scenes.top
    assert isinstance(table, TableScene) and "codes" not in table.controls.corner.buttons
    table.open_menu()
    app.pump(2)
    assert all(getattr(e, "text", "") != t("party.codes") for e in app.scenes.top._elements)
    app.back_to_menu()
    app.pump(1)


def test_party_late_friend_takes_a_seat_a_bot_plays_from_join_codes(app: App):
    """A phone seat nobody joined: a bot stands in; the late friend scans the code
    Join codes shows, the bot steps down and the seat is theirs."""
    app.settings.party_bot_after = 30
    table = _table(app, "hpa")
    host = table.party
    host.bot_after = 0.0  # stand in at once
    _until(app, lambda: 1 in host.bot_seats)
    gestures.open_join_codes(table)
    app.pump(2)
    codes = app.scenes.top
    assert isinstance(codes, JoinCodesScene)
    from game.scenes.seat_panels import seat_status

    assert seat_status(host, 1)[0] == t("party.codes_bot")
    phone = Phone(host.server.port, codes.party_probe()["links"]["1"].split("#")[1])
    _until(app, lambda: host.connected() == {1} and 1 not in host.bot_seats)
    assert seat_status(host, 1)[0].endswith(t("party.joined"))
    # A phone that died: New link there, the dead link is refused, the new one works.
    old = host.token(1)
    click(app, codes.new_link_buttons[1])
    assert host.token(1) != old
    assert _answer(app, phone, lambda m: m["type"] == "error")["code"] == "bad_token"
    phone.close()
    again = Phone(host.server.port, host.token(1))
    _until(app, lambda: host.connected() == {1})
    again.close()
    app.back_to_menu()
    app.pump(1)


def test_party_join_link_is_drawn_large_in_two_rows():
    address, token = link_rows("http://192.168.1.20:8765/#" + "A" * 22)
    assert address == "http://192.168.1.20:8765/" and token == "#" + "A" * 22
    from game.scenes import seat_panels

    assert seat_panels.LINK_PX >= 18  # was 13 (#35)


# ------------------------------------------------------------ 10: the room code -----

def test_party_room_code_has_no_look_alikes_and_stays_with_the_match():
    assert not set("IL1O0") & set(CODE_ALPHABET)
    secret = new_secret()
    code = room_code(secret)
    assert len(code) == protocol.CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert room_code(secret) == code  # the same after Continue
    assert typed_code(" " + code.lower()[:2] + "-" + code[2:]) == code
    assert len({room_code(new_secret()) for _ in range(50)}) > 40


def test_party_room_code_leads_to_the_free_seats_and_claims_one():
    with TableLoop(party_config("ppa", seed=3)) as loop:
        code = loop.host.code
        first = Phone(loop.port, loop.url_token(0))
        first.state()
        late = Phone(loop.port)
        late.send({"type": "code", "code": code.lower()})
        seats = late.wait(lambda m: m["type"] in ("seats", "error"))
        assert seats["type"] == "seats"
        assert seats["seats"] == [{"seat": 1, "name": "P2"}]  # seat 0 has its phone
        late.send({"type": "claim", "code": code, "seat": 0})
        assert late.wait(lambda m: m["type"] == "error")["code"] == "seat_taken"
        late.send({"type": "claim", "code": code, "seat": 1})
        given = late.wait(lambda m: m["type"] == "token")
        assert given["seat"] == 1 and given["token"] == loop.url_token(1)
        assert late.state()["seat"] == 1
        assert loop.host.connected() == {0, 1}
        first.close()
        late.close()


def test_party_room_code_takes_a_seat_a_bot_plays():
    with TableLoop(party_config("pa", seed=3), bot_after=0.0) as loop:
        deadline = time.monotonic() + 5
        while 0 not in loop.inspect(lambda c: loop.host.bot_seats):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        late = Phone(loop.port)
        late.send({"type": "claim", "code": loop.host.code, "seat": 0})
        assert late.wait(lambda m: m["type"] == "token")["seat"] == 0
        late.state()
        deadline = time.monotonic() + 5
        while 0 in loop.inspect(lambda c: loop.host.bot_seats):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        late.close()


def test_party_room_code_tries_are_rate_limited_per_client_address():
    with TableLoop(party_config("pa", seed=3)) as loop:
        codes = []
        for attempt in range(int(CODE_BURST) + 1):
            phone = Phone(loop.port)  # a fresh socket each time: the limit is the address's
            phone.send({"type": "code", "code": "ZZZZ" if attempt < CODE_BURST else loop.host.code})
            codes.append(phone.wait(lambda m: m["type"] in ("error", "seats")).get("code"))
            phone.close()
        assert codes[:-1] == ["bad_code"] * int(CODE_BURST)
        assert codes[-1] == "code_rate_limited"  # even the right code, for now


def test_party_room_code_stops_working_when_the_match_ends(monkeypatch: pytest.MonkeyPatch):
    with TableLoop(party_config("pa", seed=3)) as loop:
        code = loop.host.code
        phone = Phone(loop.port, loop.url_token(0))
        state = phone.state()
        while state["to_act"] != 0 or not state["legal"]:
            state = phone.state()
        over = {"now": False}
        monkeypatch.setattr(MatchController, "is_over", property(lambda self: over["now"]))
        over["now"] = True  # the next action ends the match
        phone.act(state["at"], next(a for a in state["legal"] if a["kind"] in ("draw", "play")))
        phone.state()
        late = Phone(loop.port)
        late.send({"type": "code", "code": code})
        assert late.wait(lambda m: m["type"] in ("error", "seats"))["code"] == "bad_code"
        assert loop.host.code == ""
        late.close()
        phone.close()


def test_party_join_screen_shows_the_room_code_and_the_probe_writes_there(app: App,
                                                                        tmp_path: Path):
    """The debug probe used to never write on the join screen (it always animated)."""
    from game.debug_probe import Probe

    app.probe = Probe(tmp_path / "probe.json")
    app.start_match(_config("pap"))
    deadline = time.monotonic() + 5
    while not (tmp_path / "probe.json").exists():
        assert time.monotonic() < deadline, "the probe never wrote on the join screen"
        app.pump(1)
        time.sleep(0.02)
    doc = json.loads((tmp_path / "probe.json").read_text("utf-8"))
    assert doc["scene"] == "PartyJoinScene"
    party = doc["party"]
    join = app.scenes.top
    assert party["code"] == join.host.code and party["seats"] == [0, 2]
    assert party["links"]["0"] == join.host.url(0) and party["address"].endswith(
        f":{join.host.server.port}")
    app.back_to_menu()
    app.pump(1)
