"""Party mode at the protocol level: the real server, real WebSocket clients, loopback only."""

from __future__ import annotations

import http.client
import json
import time
from typing import Any

import pytest
from party_helpers import Phone, PhoneBot, TableLoop, party_config
from websockets.exceptions import ConnectionClosed

from game.party.host import PUMP_BUDGET
from game.party.protocol import (
    MAX_MESSAGE_BYTES,
    TOKEN_CHARS,
    ProtocolError,
    new_secret,
    parse_client,
    seat_for_token,
    seat_token,
)
from game.rules.cards import DECK
from game.rules.engine import Game

STATE_KEYS = {"v", "type", "at", "seat", "names", "kinds", "hand", "legal", "top", "colour",
              "direction", "phase", "to_act", "current", "counts", "pending", "drawn",
              "uno_exposed", "uno_declared", "draw_pile", "round", "scores", "winner", "away",
              "bots", "events", "started", "uno_offer", "stakes", "lines", "standings", "target",
              "scoring", "paused", "bot_in", "may_deal", "can_name", "bot_played",
              "rules", "discard", "jump_in", "dealer", "round_points", "out", "teams", "deal",
              "levels", "under"}


def _get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", path)
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp.status, {k.lower(): v for k, v in resp.getheaders()}, body


def _actions(loop: TableLoop) -> int:
    return loop.inspect(lambda c: len(c.game.actions))  # type: ignore[no-any-return]


# ---------------------------------------------------------------- tokens ----

def test_party_tokens_are_128_bit_per_seat_and_stable():
    secret = new_secret()
    tokens = [seat_token(secret, s) for s in range(10)]
    assert len(set(tokens)) == 10
    assert all(len(t) == TOKEN_CHARS for t in tokens)  # 16 bytes, unpadded base64url
    assert tokens == [seat_token(secret, s) for s in range(10)]  # same links after Continue
    assert seat_token(new_secret(), 0) != tokens[0]
    phones = {1: tokens[1], 3: tokens[3]}
    assert seat_for_token(phones, tokens[3]) == 3
    assert seat_for_token(phones, tokens[2]) == -1  # a real token of a non-phone seat
    assert seat_for_token(phones, 12345) == -1


@pytest.mark.parametrize("raw,code", [
    ("{", "bad_json"), ("[1]", "bad_json"), ('{"v": 1, "type": "shout"}', "unknown_type"),
    ('{"v": 99, "type": "hello", "token": "x"}', "bad_version"),
    ('{"v": 1, "type": "act", "action": {"kind": "draw"}}', "bad_message"),
    ('{"v": 1, "type": "act", "at": 0, "action": {"kind": "import os"}}', "bad_message"),
    ('{"v": 1, "type": "hello"}', "bad_message"), ("x" * (MAX_MESSAGE_BYTES + 1), "too_large"),
    ('{"v": 1, "type": "ping", "n": NaN}', "bad_json"),
])
def test_party_parse_refuses_bad_messages(raw, code):
    with pytest.raises(ProtocolError) as err:
        parse_client(raw)
    assert err.value.code == code


# ------------------------------------------------------------------ server ----

def test_party_server_serves_the_page_and_nothing_else():
    with TableLoop(party_config("pa")) as loop:
        status, headers, body = _get(loop.port, "/")
        assert status == 200 and b"phone.js" in body
        assert headers["content-type"].startswith("text/html")
        assert "default-src 'none'" in headers["content-security-policy"]
        assert _get(loop.port, "/phone.js")[0] == 200
        assert _get(loop.port, "/phone.css")[0] == 200
        for path in ("/static/", "/static/phone.js", "/../protocol.py", "/%2e%2e/server.py",
                     "/game/party/server.py", "/etc/passwd", "/index.html", "/phone.js/.."):
            assert _get(loop.port, path)[0] == 404, path


def test_party_join_gets_own_state_only():
    with TableLoop(party_config("pap")) as loop:
        phone = Phone(loop.port, loop.url_token(2))
        state = phone.state()
        assert set(state) == STATE_KEYS
        assert state["seat"] == 2 and len(state["hand"]) == 7
        assert state["kinds"] == ["phone", "ai", "phone"]
        own = loop.inspect(lambda c: sorted(c.game.view(2).hand, key=lambda x: x.id))
        assert sorted(c["id"] for c in state["hand"]) == [c.id for c in own]
        assert state["away"] == [0]  # seat 0's phone has not joined
        phone.close()


def test_party_phone_waits_for_the_host_to_start_with_nothing_to_offer():
    """On the join screen the seat that acts first gets no legal actions and its taps
    are refused ("not_started") until the host presses Start."""
    with TableLoop(party_config("pp"), started=False) as loop:
        first = loop.inspect(lambda c: c.game.to_act)
        phone = Phone(loop.port, loop.url_token(first))
        state = phone.state()
        assert state["started"] is False and state["legal"] == []
        phone.act(state["at"], {"kind": "draw"})
        assert phone.wait(lambda m: m["type"] == "error")["code"] == "not_started"
        assert _actions(loop) == 0
        loop.begin()  # Start: every phone gets the running table
        state = phone.state()
        assert state["started"] is True and state["legal"]
        phone.close()


@pytest.mark.parametrize(("lang", "name", "shown"), [
    ("en", "You", "Host"), ("zh", "你", "主机"), ("en", "你", "Host"), ("en", "Ann", "Ann")])
def test_party_phones_see_the_desktop_player_as_the_host_never_as_you(lang, name, shown):
    """The desktop's default name "You"/"你" means the desktop player only: phones get
    "Host"/"主机" (the host's language) for it; a typed name is kept."""
    from game import i18n
    from game.config import MatchConfig, SeatConfig
    from game.party.protocol import new_secret
    from game.rules.settings import RuleSettings

    seats = (SeatConfig(name, "human", "normal"), SeatConfig("P2", "phone", "normal"))
    config = MatchConfig(seats, RuleSettings(target_score=50), 7, new_secret())
    i18n.set_language(lang)
    try:
        with TableLoop(config) as loop:
            phone = Phone(loop.port, loop.url_token(1))
            assert phone.state()["names"] == [shown, "P2"]
            phone.close()
    finally:
        i18n.set_language("en")


def test_party_bad_token_is_refused_and_closed():
    with TableLoop(party_config("pa")) as loop:
        phone = Phone(loop.port, loop.url_token(1))  # seat 1 is a bot: no such phone seat
        assert phone.recv()["code"] == "bad_token"
        with pytest.raises(ConnectionClosed):
            phone.recv()


def test_party_acting_before_hello_is_refused():
    with TableLoop(party_config("pa")) as loop:
        phone = Phone(loop.port)
        phone.act(0, {"kind": "draw"})
        assert phone.recv()["code"] == "no_hello"
        phone.close()


def _play_match(kinds: str, seed: int, timeout: float = 120.0) -> tuple[TableLoop, list[PhoneBot]]:
    config = party_config(kinds, seed=seed)
    loop = TableLoop(config)
    with loop:
        bots = [PhoneBot(loop.port, loop.url_token(s), seed * 10 + s).start()
                for s in config.phones]
        end = time.monotonic() + timeout
        while not loop.inspect(lambda c: c.game.is_over):
            assert time.monotonic() < end, "the match did not finish"
            time.sleep(0.05)
        for b in bots:
            b.join(10)
    return loop, bots


def _card_ids(msg: dict[str, Any]) -> set[int]:
    """Every card id a state message names."""
    ids = {c["id"] for c in msg["hand"]}
    ids.update(c["id"] for c in msg["discard"])
    ids.update(msg["under"])  # the pile below the top sent (ids only)
    for key in ("top", "drawn", "jump_in"):
        if msg[key] is not None:
            ids.add(msg[key]["id"])
    for a in msg["legal"]:
        ids.update(a.get("cards", []))
        if "card" in a:
            ids.add(a["card"])
    for e in msg["events"]:
        ids.update(c["id"] for c in e.get("cards", []))
    return ids


def _check_no_peek(config, actions, messages: dict[int, list[dict[str, Any]]]) -> int:
    """Replay the match; at each state number check what every phone was sent then.

    A phone may name: its own hand, the discard pile, cards it held before (its
    own draws: it saw them) and, as T5 says, the offender's hand shown to it
    when it challenged. Never another hand's cards or the draw pile.
    """
    by_at: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for seat, msgs in messages.items():
        for m in msgs:
            if m["type"] == "state":
                by_at.setdefault(m["at"], []).append((seat, m))
    game = Game.new(config.settings, seats=len(config.seats), seed=config.seed)
    known: dict[int, set[int]] = {s: set() for s in messages}
    checked = 0
    for at in range(len(actions) + 1):
        for seat in known:
            known[seat].update(c.id for c in game.view(seat).hand)
        public = {c.id for c in game.view(-1).discard}
        for seat, msg in by_at.get(at, []):
            shown = {c["id"] for e in msg["events"] if e["kind"] == "challenge"
                     and e.get("seat") == seat for c in e.get("cards", [])}
            others = {c.id for s in range(len(config.seats)) if s != seat
                      for c in game.view(s).hand}
            leaked = _card_ids(msg) - known[seat] - public - shown
            assert not leaked, f"seat {seat} was sent {sorted(leaked)} at {at}"
            assert not (_card_ids(msg) & others) - known[seat] - shown
            assert set(msg) == STATE_KEYS  # no other field (no pile order, no hands)
            assert msg["draw_pile"] == game.view(-1).draw_pile_size
            checked += 1
        if at < len(actions):
            game.apply(actions[at])
    return checked


def test_party_whole_match_phones_and_bots_and_no_peek():
    loop, bots = _play_match("papa", seed=11)
    assert all(b.error is None for b in bots), [b.error for b in bots]
    game = loop.controller.game
    assert game.is_over
    phone_acts = [a for a in game.actions if a.seat in (0, 2)]
    assert len(phone_acts) > 10  # the phones really played
    messages = {0: bots[0].phone.got, 2: bots[1].phone.got}
    assert _check_no_peek(loop.controller.config, list(game.actions), messages) > 50
    assert all(m["phase"] != "match_over" or m["winner"] == game.view(-1).winner
               for b in bots for m in b.phone.got if m["type"] == "state")


def test_party_ten_phones_at_once():
    loop, bots = _play_match("pppppppppp", seed=5, timeout=300)
    assert all(b.error is None for b in bots), [b.error for b in bots]
    assert loop.controller.game.is_over
    assert {a.seat for a in loop.controller.game.actions} == set(range(10))


def test_party_reconnect_finds_the_same_hand_and_the_table_shows_it_away():
    with TableLoop(party_config("pap")) as loop:
        first = Phone(loop.port, loop.url_token(0))
        other = Phone(loop.port, loop.url_token(2))
        hand = [c["id"] for c in first.state()["hand"]]
        other.state()
        assert 0 in loop.inspect(lambda c: loop.host.connected())
        first.close()
        away = other.wait(lambda m: m["type"] == "state" and 0 in m["away"])
        assert 0 in away["away"]
        assert 0 in loop.inspect(lambda c: loop.host.away())
        again = Phone(loop.port, loop.url_token(0))
        state = again.state()
        assert [c["id"] for c in state["hand"]] == hand
        assert 0 not in state["away"]
        again.close()
        other.close()


def test_party_second_connection_replaces_the_first():
    with TableLoop(party_config("pa")) as loop:
        first = Phone(loop.port, loop.url_token(0))
        first.state()
        second = Phone(loop.port, loop.url_token(0))
        assert second.state()["seat"] == 0
        bye = first.wait(lambda m: m["type"] == "bye")
        assert bye["reason"] == "replaced"
        with pytest.raises(ConnectionClosed):
            first.recv()
        time.sleep(0.1)
        assert 0 in loop.host.connected() and 0 not in loop.host.away()
        second.close()


@pytest.fixture()
def my_turn():
    """A phone and a bot; the phone (seat 0) is to act: (loop, phone, state)."""
    with TableLoop(party_config("pa", seed=3)) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        yield loop, phone, phone.wait(lambda m: m["type"] == "state" and m["to_act"] == 0)
        phone.close()


def test_party_bad_input_never_changes_the_game(my_turn):
    loop, phone, state = my_turn
    before = _actions(loop)
    bad: list[tuple[str, str]] = [
        ("{not json", "bad_json"), ('"a string"', "bad_json"),
        ('{"v": 1, "type": "teleport"}', "unknown_type"),
        ('{"v": 2, "type": "act", "at": 0, "action": {"kind": "draw"}}', "bad_version"),
        (json.dumps({"v": 1, "type": "act", "at": state["at"],
                     "action": {"kind": "draw", "seat": 1}}), "not_your_seat"),
        (json.dumps({"v": 1, "type": "act", "at": state["at"],
                     "action": {"kind": "play", "cards": ["x"]}}), "bad_message"),
        (json.dumps({"v": 1, "type": "act", "at": state["at"],
                     "action": {"kind": "choose_colour", "colour": "purple"}}), "bad_message"),
    ]
    others = [c.id for c in DECK if c.id not in {h["id"] for h in state["hand"]}]
    bad.append((json.dumps({"v": 1, "type": "act", "at": state["at"],
                            "action": {"kind": "play", "cards": [others[0]]}}), "illegal"))
    bad.append((json.dumps({"v": 1, "type": "act", "at": state["at"] + 5,
                            "action": {"kind": "draw"}}), "stale"))
    for raw, code in bad:
        phone.ws.send(raw)
        err = phone.wait(lambda m: m["type"] == "error")
        assert err["code"] == code, raw
    assert _actions(loop) == before


def test_party_replayed_action_is_stale_and_applied_once(my_turn):
    loop, phone, state = my_turn
    before = _actions(loop)
    phone.act(state["at"], {"kind": "draw"})
    phone.act(state["at"], {"kind": "draw"})  # the same message again
    assert phone.wait(lambda m: m["type"] == "error")["code"] == "stale"
    assert loop.inspect(lambda c: [a.kind for a in c.game.actions[before:]]
                        ).count("draw") == 1


def test_party_oversized_message_closes_the_connection(my_turn):
    loop, phone, _ = my_turn
    before = _actions(loop)
    phone.ws.send("{" + " " * (MAX_MESSAGE_BYTES * 4) + "}")
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            phone.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert _actions(loop) == before


def test_party_flood_is_rate_limited_then_closed_and_the_table_keeps_its_pace(my_turn):
    """The table's pace is the work per frame: only the burst reaches the game
    and no frame handles more than PUMP_BUDGET messages (the frame times during
    a flood: benchmarks/party/roundtrip.py)."""
    loop, phone, state = my_turn
    before = _actions(loop)
    flood = json.dumps({"v": 1, "type": "act", "at": 10 ** 6, "action": {"kind": "draw"}})
    codes: list[str] = []
    try:
        for _ in range(2000):
            phone.ws.send(flood)
    except ConnectionClosed:
        pass  # closed mid-flood; what it was told is still to be read
    with pytest.raises(ConnectionClosed):
        while True:
            m = phone.recv()
            codes.append(m.get("code") or m.get("reason", ""))
    assert "rate_limited" in codes and codes[-1] == "flood"
    assert codes.count("stale") <= 40  # only the burst reached the game
    assert _actions(loop) == before
    assert 0 < loop.max_taken <= PUMP_BUDGET


def test_party_away_seat_waits_then_a_bot_plays_it_until_the_phone_is_back():
    config = party_config("pa", seed=3)
    with TableLoop(config, bot_after=0.3) as loop:
        time.sleep(0.1)
        assert loop.inspect(lambda c: 0 not in c.agents)  # the match waits for the phone...
        deadline = time.monotonic() + 10
        while not loop.inspect(lambda c: any(a.seat == 0 for a in c.game.actions)):
            assert time.monotonic() < deadline, "no bot took over the away seat"
            time.sleep(0.05)
        assert loop.host.bot_seats == {0}
        phone = Phone(loop.port, loop.url_token(0))
        state = phone.state()
        assert 0 not in state["bots"] and 0 not in state["away"]
        assert loop.inspect(lambda c: 0 not in c.agents)  # ...and the phone has it back
        phone.close()


def test_party_silent_connections_are_closed_and_their_number_capped(monkeypatch):
    """A connection that names no seat is closed after the hello timeout; one address
    holds at most PER_ADDRESS of them: a newcomer closes the oldest (the door's
    other rules: tests/test_party_guard.py)."""
    from game.party import server

    # 2 s: long enough that four connects on a busy machine come before it (the first
    # must be closed by the fourth, not by its own time-out), short for the test
    monkeypatch.setattr(server, "HELLO_TIMEOUT_S", 2.0)
    monkeypatch.setattr(server, "PER_ADDRESS", 3)
    with TableLoop(party_config("pa")) as loop:
        silent = [Phone(loop.port) for _ in range(3)]
        extra = Phone(loop.port)  # the fourth at once closes the first
        with pytest.raises(ConnectionClosed):
            silent[0].recv(timeout=5)
        for phone in [*silent[1:], extra]:  # none said hello: closed after the timeout
            assert phone.recv(timeout=5)["code"] == "no_hello"
            with pytest.raises(ConnectionClosed):
                phone.recv(timeout=5)
        joined = Phone(loop.port, loop.url_token(0))
        assert joined.state()["seat"] == 0
        assert loop.host.server.sockets() == {"127.0.0.1": 1}
        joined.close()


def _h4_loop(kinds: str = "pa") -> TableLoop:
    """A party match with H4 on where the phone (seat 0) is to act holding Red 7,
    Blue 7 and Green 2 on a Red 3: it may play both 7s at once."""
    from rigging import Faces, rig

    from game.controller import MatchController

    config = party_config(kinds, seed=5, multi_play=True)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R7 B7 G2"), c.ids("Y1 Y2 Y3")], top=c("R3"))
    return TableLoop(config, controller=MatchController(config, game, think_ms=0,
                                                         anim_speed="off", persist=False))


def test_H4_phone_plays_several_cards_at_once():
    with _h4_loop() as loop:
        phone = Phone(loop.port, loop.url_token(0))
        state = phone.wait(lambda m: m["type"] == "state" and m["to_act"] == 0)
        red7, blue7 = (next(h["id"] for h in state["hand"] if h["c"] == colour and h["n"] == 7)
                       for colour in ("red", "blue"))
        several = [a for a in state["legal"] if a["kind"] == "play" and len(a["cards"]) > 1]
        assert several == [{"kind": "play", "seat": 0, "cards": [red7, blue7]}]  # Red 7 leads
        phone.send({"type": "act", "at": state["at"], "action": several[0]})
        after = phone.wait(lambda m: m["type"] == "state" and m["at"] > state["at"])
        assert loop.inspect(lambda c: c.game.actions[-1]).cards == (red7, blue7)
        assert after["counts"][0] == 1 and after["top"]["id"] == blue7  # the last card on top
        assert [h["n"] for h in after["hand"]] == [2]
        phone.close()
