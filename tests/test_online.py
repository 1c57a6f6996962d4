"""Online seats (issue 38, docs/ONLINE.md): the party protocol over magic-wormhole.

The pure parts (codes, versions, the host's frames) run everywhere. The rest
needs the ``online`` and ``online-servers`` extras and skips without them,
unless ``UNO_REQUIRE_ONLINE`` is set (``.ci/run`` installs both and sets it).
The library's mailbox server and transit relay run on 127.0.0.1; the host and
each guest are processes of their own, as on three computers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_party_protocol import _check_no_peek

from game.online import available
from game.online.wire import (
    MAX_HOST_BYTES,
    OnlineError,
    normal_code,
    our_versions,
    parse_host,
    versions_differ,
)
from game.party.protocol import VERSION, dumps, error_message
from game.rules.actions import action_from_dict

ROOT = Path(__file__).resolve().parents[1]
needs_library = pytest.mark.skipif(
    not available() and not os.environ.get("UNO_REQUIRE_ONLINE"),
    reason='needs pip install -e ".[online,online-servers]" (.ci/run installs it)')


# -- codes, versions, frames (no library) ------------------------------------------

def test_online_code_typed_loosely_is_one_form():
    assert normal_code("7-guitarist-revenge") == "7-guitarist-revenge"
    assert normal_code("  7 Guitarist  REVENGE ") == "7-guitarist-revenge"


@pytest.mark.parametrize("typed", ["", "guitarist-revenge", "7", "7-", "x" * 200, "7-gu\x00itar",
                                   "7-\ud800-revenge", "12345-a-b", "7-guitarist-revenge;rm"])
def test_online_code_not_of_the_shape_is_bad_code(typed):
    with pytest.raises(OnlineError) as err:
        normal_code(typed)
    assert err.value.code == "bad_code"


def test_online_versions_differ_names_the_other_version():
    assert versions_differ(our_versions()) == ""
    other = {"uno": {"game": "9.9.9", "protocol": VERSION + 1, "online": 1}}
    assert versions_differ(other) == "9.9.9"
    assert versions_differ({}) == "?"
    assert versions_differ({"uno": {"game": "\x00" * 3, "protocol": 99}}) == "?"


def test_online_host_frames_are_checked():
    assert parse_host(dumps(error_message("stale")).encode())["code"] == "stale"
    for bad in (b"[]", b"{", b'{"v": 99, "type": "state"}', b'{"v": 1, "type": "hello"}',
                json.dumps({"v": VERSION, "type": "error", "code": "\ud800"}).encode(),
                b'{"v": 1, "type": "pong", "t": NaN}', b" " * (MAX_HOST_BYTES + 1)):
        with pytest.raises(ValueError):
            parse_host(bad)


# -- over the library, on loopback ----------------------------------------------------

@pytest.fixture(scope="module")
def servers():
    assert available(), "magic-wormhole[dilate] is required here (UNO_REQUIRE_ONLINE)"
    from game.online.selfhost import LocalServers

    with LocalServers() as s:
        yield s


def _spawn(module: str, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", module, *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)


def _last_json(proc: subprocess.Popen[str], timeout: float) -> dict[str, Any]:
    out, _ = proc.communicate(timeout=timeout)
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


@needs_library
def test_online_round_two_guests_processes_drop_restore_and_no_peek(servers, tmp_path):
    """A host and two guests, each a process; guest 0's link is cut mid-round and
    Dilation restores it (no new code); the round ends; every frame either guest got
    names no card of another hand."""
    kinds = "ppa"
    where = ["--mailbox", servers.mailbox_url, "--relay", servers.relay]
    host = _spawn("benchmarks.online.table", kinds, "--seed", "5", *where)
    assert host.stdout is not None
    codes = json.loads(host.stdout.readline())["codes"]
    assert len(codes) == 2 and all(normal_code(c) == c for c in codes)
    guests = [_spawn("benchmarks.online.guest_bot", code, *where, "--loopback", "--until", "round",
                     "--seed", str(seat), "--frames", str(tmp_path / f"seat{seat}.jsonl"),
                     *(["--drop-at", "8"] if seat == 0 else []))
              for seat, code in enumerate(codes)]
    results = [_last_json(g, 240) for g in guests]
    done = _last_json(host, 60)
    assert all("error" not in r for r in results), results
    assert done["round_over"], done
    assert results[0]["drops"] == 1
    actions = [action_from_dict(a) for a in done["actions"]]
    assert {a.seat for a in actions} >= {0, 1}  # both guests really played
    from benchmarks.online.table import config_for

    messages = {seat: [json.loads(line) for line in
                       (tmp_path / f"seat{seat}.jsonl").read_text("utf-8").splitlines()]
                for seat in (0, 1)}
    after_drop = [m for m in messages[0][8:] if m["type"] == "state"]
    assert after_drop, "guest 0 got nothing after its link was cut"
    # the host's table showed seat 0 away while its link was being replaced, then back
    cut_at = [m for m in messages[0][:8] if m["type"] == "state"][-1]["at"]
    seen = [0 in m["away"] for m in messages[1] if m["type"] == "state" and m["at"] >= cut_at]
    assert True in seen and False in seen[seen.index(True):], seen
    assert _check_no_peek(config_for(kinds, 5), actions, messages) > 20


@needs_library
def test_online_wrong_words_spoil_the_code_and_the_seat_gets_a_new_one(servers):
    from game.online.guest import OnlineGuest
    from game.online.seats import OnlineSeats

    seats = OnlineSeats([0], mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
    seats.start()
    try:
        code = seats.code(0, timeout=20)
        number = code.split("-")[0]
        guest = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False,
                            join_timeout=10)
        with pytest.raises(OnlineError) as err:
            guest.join(f"{number}-wrong-words")
        assert err.value.code == "wrong_code"
        assert _wait(lambda: seats.code(0) not in ("", code), 20), seats.state(0)
        assert seats.state(0) == ("waiting", "wrong_code")
    finally:
        seats.stop()


@needs_library
def test_online_code_nobody_serves_is_wrong_code(servers):
    from game.online.guest import OnlineGuest

    guest = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False,
                        join_timeout=2)
    with pytest.raises(OnlineError) as err:
        guest.join("4321-nobody-here")
    assert err.value.code == "wrong_code"


@needs_library
def test_online_unused_code_expires(servers):
    from game.online.seats import OnlineSeats

    seats = OnlineSeats([3], mailbox=servers.mailbox_url, relay=servers.relay, listen=False,
                        code_ttl=0.5)
    seats.start()
    try:
        assert seats.code(3, timeout=20)
        assert _wait(lambda: seats.state(3)[0] == "expired", 10)
        assert seats.state(3) == ("expired", "expired")
        assert seats.code(3) == ""
    finally:
        seats.stop()


def _wait(pred, timeout: float) -> bool:
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return False


@needs_library
def test_online_versions_differ_both_sides_say_which(servers, monkeypatch):
    from game.online import guest as guest_module
    from game.online.guest import OnlineGuest
    from game.online.seats import OnlineSeats

    seats = OnlineSeats([0], mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
    seats.start()
    try:
        code = seats.code(0, timeout=20)
        future = {"uno": {"game": "99.0.0", "protocol": VERSION + 1, "online": 1}}
        monkeypatch.setattr(guest_module, "our_versions", lambda: future)
        guest = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
        with pytest.raises(OnlineError) as err:
            guest.join(code)
        assert err.value.code == "versions_differ"
        from game import __version__

        assert err.value.detail == __version__  # the guest is told the host's version
        assert _wait(lambda: seats.state(0)[0] == "versions_differ", 10)
        assert seats.detail(0) == "99.0.0"  # and the host is told the guest's
    finally:
        seats.stop()


@needs_library
@pytest.mark.parametrize("holds_code", [True, False])
def test_online_host_killed_leaves_the_guest_waiting_or_gone(servers, holds_code):
    """The host's process killed (no ``bye``): a guest holding the seat's rejoin code
    waits on it (``lost``: the host's Continue brings it back, tests/test_online_rejoin.py);
    one without (a host of an older version) is told the host is gone."""
    from game.online.guest import OnlineGuest

    where = ["--mailbox", servers.mailbox_url, "--relay", servers.relay, "--no-listen"]
    host = _spawn("benchmarks.online.table", "pa", *where)
    try:
        assert host.stdout is not None
        code = json.loads(host.stdout.readline())["codes"][0]
        guest = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False,
                            host_silent_s=2)
        guest.join(code)
        assert guest.inbox.get(timeout=20)["type"] == "state"
        assert guest.status == "connected"
        assert _wait(lambda: bool(guest.rejoin_code), 10), "the host sent no rejoin code"
        if not holds_code:
            guest.rejoin_code = ""
        host.kill()
        want = "lost" if holds_code else "host_gone"
        assert _wait(lambda: guest.status == want, 20), guest.status
        guest.close()
    finally:
        host.kill()
        host.wait(10)


@needs_library
def test_online_host_leaving_says_bye_and_the_guest_is_closed(servers):
    from game.online.guest import OnlineGuest
    from game.online.seats import OnlineSeats

    seats = OnlineSeats([1], mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
    seats.start()
    try:
        guest = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
        guest.join(seats.code(1, timeout=20))
        assert _wait(lambda: seats.connected() == {1}, 10)
        assert seats.inbox.get(timeout=5)[:2] == ("join", 1)
    finally:
        seats.stop()
    assert guest.inbox.get(timeout=10) == {"v": VERSION, "type": "bye", "reason": "closed"}
    assert guest.status == "closed"
    guest.close()


@needs_library
def test_online_guest_flooding_is_rate_limited_then_closed_and_oversize_closes(servers):
    """The party server's limits hold on this carrier: a token bucket per seat
    (``rate_limited``, then ``bye flood``) and a frame over 4,096 bytes closes."""
    from game.online.guest import OnlineGuest
    from game.online.seats import OnlineSeats

    seats = OnlineSeats([0, 1], mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
    seats.start()
    try:
        flooder = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
        flooder.join(seats.code(0, timeout=20))
        import time

        start = time.monotonic()
        for _ in range(1000):
            flooder.act(10 ** 6, {"kind": "draw"})
        got = []
        while (not got or got[-1]["type"] != "bye") and time.monotonic() - start < 30:
            got.append(flooder.inbox.get(timeout=10))
        took = time.monotonic() - start
        assert {"rate_limited"} <= {m.get("code") for m in got}
        assert got[-1]["reason"] == "flood"
        assert _wait(lambda: seats.state(0)[0] == "left", 10)
        acts = 0
        while not seats.inbox.empty():
            acts += seats.inbox.get()[0] == "act"
        assert acts <= 30 + 15 * took + 1  # the burst and the refill, not the flood

        big = OnlineGuest(mailbox=servers.mailbox_url, relay=servers.relay, listen=False)
        big.join(seats.code(1, timeout=20))
        assert _wait(lambda: 1 in seats.connected(), 10)
        big.act(0, {"kind": "draw", "pad": "x" * 5000})
        assert _wait(lambda: seats.state(1)[0] == "left", 10)
        assert _wait(lambda: big.status == "host_gone", 10)
        flooder.close()
        big.close()
    finally:
        seats.stop()
