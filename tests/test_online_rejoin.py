"""Online seats come back on their own after the host quits and Continues (issue 38).

While a guest is connected the host hands it a rejoin code over the encrypted link
and keeps it in the saved match (``MatchConfig.online_rejoin``); on ``bye paused`` the
guest waits on that code, and Continue opens the seat with it (docs/ONLINE.md).
The saved field's checks run everywhere; the pairing needs the ``online`` and
``online-servers`` extras (skipped without, unless ``UNO_REQUIRE_ONLINE``).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.config import REJOIN_CODE, MatchConfig, SeatConfig
from game.controller import MatchController
from game.online import available
from game.online.wire import new_rejoin_code, parse_host, rejoin_code, rejoin_message
from game.party.protocol import dumps, new_secret
from game.rules.settings import RuleSettings
from game.storage import saves
from game.storage.saves import SaveError, compute_checksum, load_match, save_match

needs_library = pytest.mark.skipif(
    not available() and not os.environ.get("UNO_REQUIRE_ONLINE"),
    reason='needs pip install -e ".[online,online-servers]" (.ci/run installs it)')


def _config(kinds: str = "ho", seed: int = 7) -> MatchConfig:
    names = {"o": "online", "a": "ai", "h": "human", "p": "phone"}
    seats = tuple(SeatConfig(f"S{i}", names[k], "easy")  # type: ignore[arg-type]
                  for i, k in enumerate(kinds))
    return MatchConfig(seats, RuleSettings(target_score=500), seed, new_secret())


def _rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    doc["checksum"] = compute_checksum(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


# -- the code and the saved field (no library) ------------------------------------------

def test_online_rejoin_codes_are_fresh_full_codes_with_a_large_nameplate():
    codes = {new_rejoin_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        nameplate, password = code.split("-")
        assert REJOIN_CODE.fullmatch(code) and len(nameplate) == 16 and len(password) == 32
        assert int(nameplate) >= 10 ** 15  # never one the mailbox allocates (1-3 digits)
    code = codes.pop()
    assert parse_host(dumps(rejoin_message(code)).encode()) == rejoin_message(code)
    assert rejoin_code(code) == code
    for junk in (None, 7, "", "7-guitarist-revenge", code.upper(), code + "0", "0" + code[1:]):
        assert rejoin_code(junk) == ""


def test_online_rejoin_code_round_trips_through_a_save(tmp_path: Path):
    code = new_rejoin_code()
    config = _config("hoa").with_rejoin(1, code)
    assert config.rejoin_code(1) == code and config.rejoin_code(0) == ""
    assert config.to_dict()["online_rejoin"] == ["", code, ""]
    path = save_match(tmp_path / "s.json", config, MatchController(config, persist=False).game)
    loaded = load_match(path)
    assert loaded.config == config and loaded.config.rejoin_code(1) == code
    assert config.with_rejoin(1, "").online_rejoin == ()  # none left: the old shape


def test_online_save_without_rejoin_codes_keeps_the_old_shape_and_loads(tmp_path: Path):
    """Saves made before online seats could rejoin have no ``online_rejoin``."""
    config = _config("hoa")
    assert "online_rejoin" not in config.to_dict()
    path = save_match(tmp_path / "s.json", config, MatchController(config, persist=False).game)
    assert "online_rejoin" not in json.loads(path.read_text(encoding="utf-8"))["config"]
    assert load_match(path).config.online_rejoin == ()
    _rewrite(path, lambda d: d["config"].__setitem__("online_rejoin", ["", "", ""]))
    assert load_match(path).config == config  # all "" is the same as none
    for sample in Path(__file__).resolve().parents[1].joinpath("saves").glob("format-*.json"):
        assert load_match(sample).config.online_rejoin == ()


@pytest.mark.parametrize("value", [
    ["", "x", ""], ["", 5, ""], ["", None, ""], [""], ["", "", "", ""], "abc", None, {"1": ""},
    ["", "7-guitarist-revenge", ""], ["", new_rejoin_code().upper(), ""],
    ["", new_rejoin_code() + " ", ""],
    [new_rejoin_code(), "", ""],  # a code for the host's own seat
    ["", "", new_rejoin_code()],  # ... or for a bot's
])
def test_online_junk_rejoin_codes_in_a_save_are_refused(tmp_path: Path, value: Any):
    config = _config("hoa")
    path = save_match(tmp_path / "s.json", config, MatchController(config, persist=False).game)
    _rewrite(path, lambda d: d["config"].__setitem__("online_rejoin", value))
    with pytest.raises(SaveError) as err:
        load_match(path)
    assert err.value.reason == "bad_data"


# -- the guest's table while it waits (no library) ------------------------------------

class _Ctl:
    state: dict[str, Any] = {"started": True}
    started = True
    refusal = None
    deal_news: list[Any] = []


class _Session:
    controller = _Ctl()
    status = "connected"


class _Cues:
    def __init__(self) -> None:
        self.toasts: list[str] = []

    def show(self, msg: str, colour: Any = None, secs: float = 0.0) -> None:
        self.toasts.append(msg)


class _Table:
    dirty = False

    def __init__(self) -> None:
        self.cues = _Cues()
        self.toasts = self.cues.toasts


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_online_guest_table_says_the_host_paused_and_that_it_is_back(lang: str) -> None:
    from game import i18n
    from game.i18n import t
    from game.table.remote_link import LinkWatch

    before = i18n.language()
    i18n.set_language(lang)
    try:
        session, table = _Session(), _Table()
        watch = LinkWatch(session)
        watch.tick(table)
        assert watch.notice() == ""
        session.status = "paused"
        watch.tick(table)
        assert watch.notice() == t("online.host_paused") == table.toasts[-1]
        assert watch.notice() != i18n.tl("en" if lang == "zh" else "zh", "online.host_paused")
        session.status = "connected"
        watch.tick(table)
        assert watch.notice() == "" and table.toasts[-1] == t("online.host_back")
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_online_guest_link_lines_stand_whole_on_the_table(lang: str) -> None:
    """The link's standing lines are one line between the ticker and the corner
    buttons: each shows whole (no ellipsis) from the smallest window up, whatever the
    seats (the host's pause once lost its "by yourself" there, at every size)."""
    import pygame

    from game import i18n
    from game.table.layout import compute_layout
    from game.table.renderer import notice_fit

    pygame.font.init()
    keys = ("online.link_lost", "online.host_paused", "online.err_host_gone",
            "online.host_ended", "online.wait_start")
    for size in ((1024, 640), (1280, 720), (1280, 800), (1366, 768), (1920, 1080)):
        for n in range(2, 11):
            lay = compute_layout(size, n, 1)
            for key in keys:
                line = i18n.tl(lang, key)
                assert notice_fit(lay, line)[0] == line, (size, n, key)


def test_online_host_seat_waiting_on_its_rejoin_code_shows_no_code() -> None:
    from game.i18n import t
    from game.scenes.online_join import seat_words

    class Host:
        bot_seats: set[int] = set()

        def state(self, seat: int) -> tuple[str, str]:
            return "rejoining", ""

        def seat_code(self, seat: int) -> str:
            return ""

    code, said, _ = seat_words(Host(), 1)  # type: ignore[arg-type]
    assert code == "" and said == t("online.seat_rejoin")


# -- over the library, on loopback ----------------------------------------------------

@dataclass
class _Prefs:
    hard_think_ms: int = 0
    anim_speed: str = "off"
    party_bot_after: int = 0  # the match waits for a guest away
    online_server: str = ""  # Settings -> Own online server: the public (here UNO_ONLINE_*)
    online_relay: str = ""


@pytest.fixture(scope="module")
def servers() -> Iterator[Any]:
    assert available(), "magic-wormhole[dilate] is required here (UNO_REQUIRE_ONLINE)"
    from game.online.selfhost import LocalServers

    with LocalServers() as s:
        yield s


def _until(pump: Callable[[], None], ok: Callable[[], bool], timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump()
        if ok():
            return True
        time.sleep(0.01)
    return False


def _states(guest: Any, table: Any = None) -> list[dict[str, Any]]:
    got = []
    while not guest.inbox.empty():
        got.append(guest.inbox.get())
        if table is not None:
            table.feed(got[-1])
    return got


@needs_library
def test_online_host_quits_and_continue_brings_the_guest_back_without_a_new_code(
        servers: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Host and guest play a few actions; the host's session closes paused (the guest
    is told ``bye paused``); a new host is built from the saved match, as Continue
    does; the guest is back at its seat by itself, sees the state, and gets a fresh
    rejoin code (the old one is spent)."""
    from game.online.guest import OnlineGuest
    from game.online.remote import RemoteMatch
    from game.session import start_session

    table = RemoteMatch(lambda at, action: None)  # what the guest's table would show
    monkeypatch.setenv("UNO_ONLINE_SERVER", servers.mailbox_url)
    monkeypatch.setenv("UNO_ONLINE_RELAY", servers.relay)
    prefs = _Prefs()
    session = start_session(_config("ho"), prefs=prefs)
    host = session.online
    assert host is not None
    guest = OnlineGuest(join_timeout=15)
    try:
        guest.join(host.seat_code(1, timeout=20))
        assert _until(session.pump, lambda: 1 in host.connected(), 20)
        session.begin()
        ctl = session.controller
        last: dict[str, Any] = {}
        acted = 0
        end = time.monotonic() + 60
        while len(ctl.game.actions) < 6 and time.monotonic() < end:
            session.pump()
            for msg in _states(guest, table):
                if msg["type"] == "state":
                    last = msg
            if last and last["to_act"] == 1 and last["legal"] and last["at"] == len(ctl.game.actions):
                guest.act(last["at"], last["legal"][0])
                acted += 1
                last = {}
            elif ctl.view(0).to_act == 0 and ctl.legal(0):
                ctl.human_act(ctl.legal(0)[0])
            time.sleep(0.01)
        assert len(ctl.game.actions) >= 6 and acted, "the two seats did not play"
        first = guest.rejoin_code
        assert REJOIN_CODE.fullmatch(first), "the host sent no rejoin code"
        assert ctl.config.rejoin_code(1) == first  # kept in the match's config
        played = len(ctl.game.actions)

        session.close(paused=True)  # the host quits; Continue brings the match back
        assert _until(lambda: None, lambda: guest.status == "paused", 10), guest.status
        assert {"v": 1, "type": "bye", "reason": "paused"} in _states(guest, table)
        seen = list(table.round)
        table.take_events()
        loaded, notes = saves.load_autosave()
        assert loaded is not None and not notes
        assert loaded.config.rejoin_code(1) == first and len(loaded.game.actions) == played

        started = time.monotonic()
        again = start_session(loaded.config, loaded, prefs=prefs)  # as Continue does
        try:
            host2 = again.online
            assert host2 is not None
            assert host2.state(1)[0] in ("opening", "rejoining")
            assert host2.seat_code(1) == ""  # nothing to read out
            assert _until(again.pump, lambda: 1 in host2.connected()
                          and guest.status == "connected" and not guest.inbox.empty(), 30), (
                host2.state(1), guest.status)
            took = time.monotonic() - started
            state = guest.inbox.get(timeout=10)
            print(f"\nreconnect after Continue: {took * 1000:.0f} ms")
            assert state["type"] == "state" and table.feed(state)
            assert table.round == seen and table.take_events() == []  # nothing twice
            assert guest.rejoins == 1
            assert state["seat"] == 1 and state["at"] == played
            assert sorted(c["id"] for c in state["hand"]) == sorted(
                c.id for c in again.controller.view(1).hand)
            # a fresh rejoin code replaced the spent one, in the save too
            assert _until(again.pump, lambda: guest.rejoin_code not in ("", first), 10)
            assert again.controller.config.rejoin_code(1) == guest.rejoin_code
            reloaded, _ = saves.load_autosave()
            assert reloaded is not None and reloaded.config.rejoin_code(1) == guest.rejoin_code
            # and play goes on
            again.begin()
            assert _until(again.pump, lambda: any(
                m["type"] == "state" and m["started"] for m in _states(guest)), 10)
        finally:
            again.close(paused=False)
        assert _until(lambda: None, lambda: guest.status == "closed", 10), guest.status
    finally:
        guest.close()
        session.close(paused=False)


@needs_library
def test_online_guest_without_a_rejoin_code_is_told_the_host_is_gone(servers: Any) -> None:
    """A ``bye paused`` from a host that sent no rejoin code (an older version): the
    existing path, the guest needs a new code."""
    from game.online.guest import OnlineGuest
    from game.online.seats import OnlineSeats

    seats = OnlineSeats([0], mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
    seats.start()
    guest = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
    try:
        guest.join(seats.code(0, timeout=20))
        assert _until(lambda: None, lambda: seats.connected() == {0}, 10)
    finally:
        seats.stop(reason="paused")
    assert _until(lambda: None, lambda: guest.status == "host_gone", 10), guest.status
    guest.close()


@needs_library
def test_online_guest_waiting_to_rejoin_may_leave_and_an_unused_rejoin_code_expires(
        servers: Any) -> None:
    """The guest waiting on its rejoin code closes its table: it stops waiting. The
    host Continuing with that code waits for a guest's game (no code to read out);
    nobody comes, so it expires and the host asks for a new code, as for a spoken one."""
    from game.online.guest import OnlineGuest
    from game.online.seats import OnlineSeats

    where = {"mailbox": servers.mailbox_url, "relay": servers.relay, "listen": False}
    seats = OnlineSeats([0], **where)
    seats.start()
    guest = OnlineGuest(**where)
    code = new_rejoin_code()
    try:
        guest.join(seats.code(0, timeout=20))
        assert _until(lambda: None, lambda: seats.connected() == {0}, 10)
        seats.send(0, rejoin_message(code))
        assert _until(lambda: None, lambda: guest.rejoin_code == code, 10)
    finally:
        seats.stop(reason="paused")
    assert _until(lambda: None, lambda: guest.status == "paused", 10), guest.status
    guest.close()
    assert guest.status == "closed" and guest.rejoins == 0

    again = OnlineSeats([0], code_ttl=1.0, rejoin={0: code}, **where)
    again.start()
    try:
        assert _until(lambda: None, lambda: again.state(0)[0] == "rejoining", 10)
        assert again.code(0) == ""
        assert _until(lambda: None, lambda: again.state(0) == ("expired", "expired"), 10)
        again.new_code(0)
        assert again.code(0, timeout=20) not in ("", code)  # a spoken code, as before
    finally:
        again.stop()
