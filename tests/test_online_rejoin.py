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
        session.status = "lost"  # the host's game went silent (crashed?): waiting too
        watch.tick(table)
        assert watch.notice() == t("online.host_lost") == table.toasts[-1]
        assert watch.notice() != i18n.tl("en" if lang == "zh" else "zh", "online.host_lost")
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
    keys = ("online.link_lost", "online.host_paused", "online.host_lost",
            "online.err_host_gone", "online.host_ended", "online.wait_start")
    for size in ((1024, 640), (1280, 720), (1280, 800), (1366, 768), (1920, 1080)):
        for n in range(2, 11):
            lay = compute_layout(size, n, 1)
            for key in keys:
                line = i18n.tl(lang, key)
                assert notice_fit(lay, line)[0] == line, (size, n, key)

# -- the guest keeps its way back (no library) -----------------------------------------

def test_online_guest_keeps_the_rejoin_code_and_reads_back_only_a_rejoin_code(tmp_path: Path):
    from game.storage import online_seat

    path = tmp_path / "online_seat.json"
    assert online_seat.kept_code(path) is None
    code = new_rejoin_code()
    assert online_seat.keep_code(code, path, now=1_800_000_000)
    assert online_seat.kept_code(path) == online_seat.KeptSeat(code, 1_800_000_000.0)
    assert online_seat.keep_code("", path) and not path.exists()  # "" forgets
    with pytest.raises(ValueError):
        online_seat.keep_code("7-guitarist-revenge", path)
    for junk in ('{"format": 1, "code": "7-guitarist-revenge", "kept_at": 1}',
                 f'{{"format": 2, "code": "{code}", "kept_at": 1}}',
                 f'{{"format": 1, "code": "{code}", "kept_at": true}}',
                 f'{{"format": 1, "code": "{code}", "kept_at": Infinity}}',
                 f'{{"format": 1, "code": "{code}\t", "kept_at": 1}}',
                 "[]", "{", "x" * 5000):
        path.write_text(junk, encoding="utf-8")
        assert online_seat.kept_code(path) is None, junk


class _KeepGuest:
    def __init__(self) -> None:
        import queue

        self.inbox: Any = queue.SimpleQueue()
        self.rejoin_code = ""
        self.ended = False
        self.status = "connected"


def test_online_remote_session_keeps_the_code_while_there_is_a_match_to_come_back_to():
    from game.online.remote import RemoteSession

    guest, kept = _KeepGuest(), []
    remote = RemoteSession(guest, keep=kept.append)
    remote.pump()
    assert kept == [""]  # a new game by a spoken code: an older kept seat is forgotten
    first, second = new_rejoin_code(), new_rejoin_code()
    guest.rejoin_code = first
    remote.pump()
    remote.pump()
    assert kept == ["", first]  # written once per new code
    guest.rejoin_code = second
    remote.pump()
    guest.ended = True  # the host ended the match (bye closed)
    remote.pump()
    assert kept == ["", first, second, ""]
    over = _KeepGuest()
    remote = RemoteSession(over, keep=kept.append)
    over.rejoin_code = first
    remote.pump()
    remote.controller.state = {"phase": "match_over"}  # the match is over: nothing to rejoin
    remote.pump()
    assert kept[-2:] == [first, ""]


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
    host Continuing with that code waits for a guest's game (no code to read out)
    longer than a spoken code lives (a day: ``REJOIN_TTL_S``); nobody comes, so it
    expires and the host asks for a new code, as for a spoken one."""
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

    again = OnlineSeats([0], code_ttl=0.5, rejoin_ttl=2.5, rejoin={0: code}, **where)
    again.start()
    try:
        assert _until(lambda: None, lambda: again.state(0)[0] == "rejoining", 10)
        assert again.code(0) == ""
        time.sleep(1.0)  # past a spoken code's life: a rejoin code still waits
        assert again.state(0)[0] == "rejoining"
        assert _until(lambda: None, lambda: again.state(0) == ("expired", "expired"), 10)
        again.new_code(0)
        assert again.code(0, timeout=20) not in ("", code)  # a spoken code, as before
    finally:
        again.stop()


# -- the guest's way back: the host's game crashed, the guest's game closed or crashed ----

ROOT = Path(__file__).resolve().parents[1]


def _host_proc(mode: str, home: Path, servers: Any) -> Any:
    import subprocess
    import sys

    env = dict(os.environ, UNO_GAME_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "online_host_proc.py"), mode,
         "--mailbox", servers.mailbox_url, "--relay", servers.relay],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)


def _line(proc: Any) -> dict[str, Any]:
    line = proc.stdout.readline()
    assert line, f"the host process said nothing (exit {proc.poll()})"
    return json.loads(line)  # type: ignore[no-any-return]


def _first_state(guest: Any, timeout: float) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            msg = guest.inbox.get(timeout=0.2)
        except Exception:  # noqa: BLE001 - queue.Empty: not yet
            continue
        if msg["type"] == "state":
            return msg  # type: ignore[no-any-return]
    raise AssertionError(f"no state from the host (guest {guest.status})")


@needs_library
def test_online_host_crash_then_continue_brings_the_guest_back(servers: Any, tmp_path: Path) -> None:
    """The host's game is killed (no ``bye``): the guest, holding a rejoin code, waits
    on it (``lost``) instead of giving up; the host's game started again Continues
    from its autosave and the guest is back at its seat with no code read out."""
    from game.online.guest import OnlineGuest

    home = tmp_path / "host-home"
    first = _host_proc("new", home, servers)
    second = None
    guest = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False,
                        host_silent_s=3)
    try:
        guest.join(_line(first)["code"])
        state = _first_state(guest, 20)
        assert state["seat"] == 0
        assert _until(lambda: None, lambda: REJOIN_CODE.fullmatch(guest.rejoin_code) is not None,
                      10), "the host sent no rejoin code"
        held = guest.rejoin_code
        first.kill()  # a crash: no bye
        first.wait(10)
        assert _until(lambda: None, lambda: guest.status == "lost", 30), guest.status
        _states(guest)  # what the crashed host sent before: read already

        started = time.monotonic()
        second = _host_proc("continue", home, servers)
        played = _line(second)["continued"]
        assert _until(lambda: None, lambda: guest.status == "connected", 60), guest.status
        state = _first_state(guest, 20)
        took = time.monotonic() - started
        print(f"\nback after the host's crash and Continue: {took * 1000:.0f} ms "
              "(a new host process: start-up, load, pairing)")
        assert guest.rejoins == 1
        assert state["seat"] == 0 and state["at"] >= played
        assert _until(lambda: None, lambda: guest.rejoin_code not in ("", held), 10)
    finally:
        guest.close()
        for proc in (first, second):
            if proc is not None:
                proc.kill()
                proc.wait(10)


def _hosted(servers: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    from game.session import start_session

    monkeypatch.setenv("UNO_ONLINE_SERVER", servers.mailbox_url)
    monkeypatch.setenv("UNO_ONLINE_RELAY", servers.relay)
    return start_session(_config("ho"), prefs=_Prefs())


@needs_library
def test_online_guest_closes_its_game_and_comes_back_by_the_kept_code(
        servers: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The guest's game keeps the seat's rejoin code in its data folder; the guest
    closes its game (the seat is left) and the host's seat waits on that code; the
    guest's next run of the game comes back by it (Rejoin), without a new code."""
    from game.online.guest import OnlineGuest
    from game.online.remote import RemoteSession
    from game.storage import online_seat

    kept = tmp_path / "guest-home" / "online_seat.json"
    session = _hosted(servers, monkeypatch)
    host = session.online
    assert host is not None
    guest = OnlineGuest(join_timeout=15)
    remote = RemoteSession(guest, keep=lambda code: online_seat.keep_code(code, kept))
    back = OnlineGuest(join_timeout=15)
    try:
        guest.join(host.seat_code(1, timeout=20))
        assert _until(session.pump, lambda: 1 in host.connected(), 20)
        session.begin()
        assert _until(lambda: (session.pump(), remote.pump()) and None,
                      lambda: online_seat.kept_code(kept) is not None, 20), "nothing kept"
        code = online_seat.kept_code(kept).code  # type: ignore[union-attr]
        assert code == guest.rejoin_code == session.controller.config.rejoin_code(1)

        remote.close()  # the guest closes its game: the seat is left, the code stays kept
        assert online_seat.kept_code(kept) is not None
        assert _until(session.pump, lambda: host.state(1)[0] == "rejoining", 20), host.state(1)
        assert host.seat_code(1) == ""  # no code for the host to read out

        started = time.monotonic()
        back.come_back(code)  # the next run: Join online -> Rejoin
        assert back.status == "lost"
        assert _until(session.pump, lambda: back.status == "connected" and 1 in host.connected(),
                      30), (back.status, host.state(1))
        state = _first_state(back, 10)
        print(f"\nback by the kept code after the guest closed its game: "
              f"{(time.monotonic() - started) * 1000:.0f} ms")
        assert state["seat"] == 1 and state["started"]
        assert sorted(c["id"] for c in state["hand"]) == sorted(
            c.id for c in session.controller.view(1).hand)
        assert _until(session.pump, lambda: back.rejoin_code not in ("", code), 10)
    finally:
        back.close()
        remote.close()
        session.close(paused=False)


@needs_library
def test_online_guest_game_crashes_and_comes_back_while_its_seat_is_away(
        servers: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The guest's game is killed: the host's seat is away (its link may yet come
    back) and a standby waits on the guest's rejoin code beside it; the guest's
    game started again comes back by its kept code and takes the seat over."""
    import subprocess
    import sys

    from game.online.guest import OnlineGuest

    session = _hosted(servers, monkeypatch)
    host = session.online
    assert host is not None
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    crashed = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.online.guest_bot", host.seat_code(1, timeout=20),
         "--mailbox", servers.mailbox_url, "--relay", servers.relay, "--timeout", "120"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    back = OnlineGuest(join_timeout=15)
    try:
        assert _until(session.pump, lambda: 1 in host.connected(), 30), host.state(1)
        assert _until(session.pump, lambda: bool(session.controller.config.rejoin_code(1)), 10)
        code = session.controller.config.rejoin_code(1)  # what the guest's game kept
        crashed.kill()
        crashed.wait(10)
        # the link is gone, not closed: the seat is away and a standby waits beside it
        assert _until(session.pump, lambda: host.state(1)[0] == "away", 30), host.state(1)
        started = time.monotonic()
        back.come_back(code)
        assert _until(session.pump, lambda: back.status == "connected" and 1 in host.connected(),
                      40), (back.status, host.state(1))
        state = _first_state(back, 10)
        print(f"\nback through the standby after the guest's game was killed: "
              f"{(time.monotonic() - started) * 1000:.0f} ms")
        assert state["seat"] == 1
        assert sorted(c["id"] for c in state["hand"]) == sorted(
            c.id for c in session.controller.view(1).hand)
    finally:
        crashed.kill()
        crashed.wait(10)
        back.close()
        session.close(paused=False)


@needs_library
def test_online_host_calls_a_silent_guest_away_and_back_when_heard(
        servers: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only one end of a Dilation link watches for a dead link; when that is the
    guest's end, the host hears of a crashed guest from its silence: nothing from it
    for ``guest_silent_s`` and the seat is away; a message from it, and it is back."""
    from game.online import guest as guest_module
    from game.online.guest import OnlineGuest
    from game.online.seats import OnlineSeats

    monkeypatch.setattr(guest_module, "PING_S", 3600.0)  # this guest never pings by itself
    where = {"mailbox": servers.mailbox_url, "relay": servers.relay, "listen": False}
    seats = OnlineSeats([0], guest_silent_s=1.5, **where)
    seats.start()
    guest = OnlineGuest(**where)
    try:
        guest.join(seats.code(0, timeout=20))
        assert _until(lambda: None, lambda: seats.connected() == {0}, 10)
        assert _until(lambda: None, lambda: seats.state(0)[0] == "away", 10), seats.state(0)
        guest.ping()
        assert _until(lambda: None, lambda: seats.state(0)[0] == "connected", 10), seats.state(0)
        said = [seats.inbox.get(timeout=1)[0] for _ in range(3)]
        assert said == ["join", "leave", "join"]
    finally:
        guest.close()
        seats.stop()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_online_host_quit_questions_say_the_online_friends_wait(lang: str) -> None:
    """Leaving a match with online seats (the pause menu's Quit, the window's close
    button) says the online friends wait at their tables and come back at Continue."""
    from types import SimpleNamespace

    from ui_driver import make_app

    from game.i18n import t
    from game.scenes.dialog import DialogScene
    from game.scenes.pause import PauseScene

    app = make_app("--lang", lang)
    try:
        app.open("pause", online=True)
        app.pump(2)
        pause = app.scenes.top
        assert isinstance(pause, PauseScene)
        pause.ask_quit()
        app.pump(2)
        dialog = app.scenes.top
        assert isinstance(dialog, DialogScene)
        assert t("online.quit_guests") in dialog.message and t("party.quit_phones") not in dialog.message
        app.scenes.pop()
        app.scenes.pop()
        app.session = SimpleNamespace(closed=False, remote=object(), party=None,  # type: ignore[assignment]
                                      online=object())
        assert app._ask_before_closing()
        asked = app.scenes.top
        assert isinstance(asked, DialogScene) and asked.message == t("online.close_text")
    finally:
        app.session = None
        app.shutdown()
