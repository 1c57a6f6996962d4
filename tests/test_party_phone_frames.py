"""What each phone's frame tells its player (issue 35): the UNO! offer (T6), the stakes
and the verdict of a challenge (T5), the log's sentences (H4, penalties with their
reason), standings, Start / Next round and names from a phone, refusals with their
rule ID, the heartbeat and the countdown to a bot. Real server, loopback only."""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import time
from typing import Any

from party_helpers import Phone, TableLoop, party_config
from rigging import Faces, rig

from game.controller import MatchController
from game.party.protocol import VERSION, state_message
from game.party.server import CLOSE_TIMEOUT_S, HEARTBEAT_S, PONG_TIMEOUT_S
from game.rules.engine import Game
from game.rules.settings import SHEET_HOUSE_RULES, RuleSettings
from game.table.controls import ControlState, controls


def _loop(config: Any, game: Game, **kw: Any) -> TableLoop:
    return TableLoop(config, controller=MatchController(config, game, think_ms=0, anim_speed="off",
                                                        persist=False), **kw)


def _state(phone: Phone, pred: Any = lambda m: True, timeout: float = 10.0) -> dict[str, Any]:
    return phone.wait(lambda m: m["type"] == "state" and pred(m), timeout)


def _error(phone: Phone, timeout: float = 10.0) -> dict[str, Any]:
    return phone.wait(lambda m: m["type"] == "error", timeout)


# ------------------------------------------------------------------------ T6 ----

def test_T6_phone_offers_uno_exactly_when_the_desktop_does_under_a_false_uno_penalty():
    """Under the sheet preset (a false call costs 2) ``legal`` holds CallUno on every
    turn; the frame's ``uno_offer`` is true exactly when the desktop's row shows UNO!
    (table/controls.py), over whole bot-played matches, every seat, every decision."""
    settings = SHEET_HOUSE_RULES
    assert settings.false_uno_penalty > 0
    offered = refused = 0
    for seed in range(4):
        game = Game.new(settings, 3, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over or game.round_over:
                break
            for seat in range(3):
                view = game.view(seat)
                legal = game.legal_actions(seat)
                frame = state_message(view, legal, 0, ["a", "b", "c"], [], [], [], ["phone"] * 3)
                row = controls(legal, ControlState(phase=view.phase, hand_size=len(view.hand)))
                desktop = any(c.key == "uno" for c in row)
                assert frame["uno_offer"] == desktop, (seed, seat, view.phase, len(view.hand))
                if any(a.kind == "call_uno" for a in legal):
                    offered += frame["uno_offer"]
                    refused += not frame["uno_offer"]
            to_act = game.to_act
            choices = [a for a in game.legal_actions(to_act) if a.kind != "call_uno"]
            game.apply(rng.choice(choices))
    assert offered and refused  # both cases seen: a false call withheld, a real one offered


def test_T6_phone_frame_withholds_the_false_call_and_a_tapped_one_says_why_it_cost():
    """Holding four cards on its turn under the sheet preset, the phone's frame has
    CallUno legal but ``uno_offer`` false; a false call sent anyway costs 2 and the
    log says why ("... for a false UNO call"), in both languages."""
    config = party_config("pa", seed=3, **{k: v for k, v in SHEET_HOUSE_RULES.to_dict().items()
                                            if k != "target_score"})
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1 R2 G3 B4"), c.ids("Y1 Y2 Y3")], top=c("R9"))
    with _loop(config, game) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        state = _state(phone, lambda m: m["to_act"] == 0)
        assert any(a["kind"] == "call_uno" for a in state["legal"])
        assert state["uno_offer"] is False
        phone.act(state["at"], {"kind": "call_uno"})
        after = _state(phone, lambda m: m["at"] > state["at"])
        assert len(after["hand"]) == 6
        en = " / ".join(line["en"] for line in after["lines"])
        zh = " / ".join(line["zh"] for line in after["lines"])
        assert "false UNO call" in en and "You draw 2 cards" in en, en
        assert "UNO" in zh and "2" in zh, zh
        phone.close()


# ------------------------------------------------------------------------ T5 ----

def _wd4_loop() -> TableLoop:
    """Three phones: seat 1 is to play a Wild Draw Four while holding red (a bluff)
    onto seat 2, who then faces it."""
    config = party_config("ppp", seed=4)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("B1 B2 B3"), c.ids("W4 R5 R6"), c.ids("G1 G2 G3")],
               top=c("R3"), to_act=1)
    return _loop(config, game)


def test_T5_stakes_before_the_choice_and_the_verdict_with_the_hand_for_the_challenger_only():
    with _wd4_loop() as loop:
        p0, p1, p2 = (Phone(loop.port, loop.url_token(s)) for s in range(3))
        s1 = _state(p1, lambda m: m["to_act"] == 1)
        wd4 = next(a for a in s1["legal"] if a["kind"] == "play" and a.get("colour") == "blue")
        p1.act(s1["at"], wd4)
        facing = _state(p2, lambda m: m["to_act"] == 2)
        assert {a["kind"] for a in facing["legal"]} >= {"challenge", "accept"}
        assert facing["stakes"] == {"guilty": 4, "innocent": 6, "accept": 4, "offender": 1}
        assert _state(p1, lambda m: m["at"] == facing["at"])["stakes"] is None
        p2.act(facing["at"], {"kind": "challenge"})
        mine = _state(p2, lambda m: m["at"] > facing["at"])
        verdict = next(e for e in mine["events"] if e["kind"] == "challenge")
        assert verdict["value"] == 1 and sorted(c["n"] for c in verdict["cards"]) == [5, 6]
        assert "You challenge P2: guilty! (P2 holds Red 5, Red 6)" in [ln["en"] for ln in mine["lines"]]
        bystander = _state(p0, lambda m: m["at"] > facing["at"])
        seen = next(e for e in bystander["events"] if e["kind"] == "challenge")
        assert seen.get("cards", []) == []  # T5: shown to the challenger only
        assert "P3 challenges P2: guilty!" in [ln["en"] for ln in bystander["lines"]]
        assert not any("Red 5" in ln["en"] for ln in bystander["lines"])
        for p in (p0, p1, p2):
            p.close()


# --------------------------------------------------------------- the log ----

def test_H4_phone_log_names_every_card_of_a_several_card_play():
    from test_party_protocol import _h4_loop

    with _h4_loop() as loop:
        phone = Phone(loop.port, loop.url_token(0))
        state = _state(phone, lambda m: m["to_act"] == 0)
        several = next(a for a in state["legal"] if a["kind"] == "play" and len(a["cards"]) > 1)
        phone.act(state["at"], several)
        after = _state(phone, lambda m: m["at"] > state["at"])
        assert any(ln["en"].startswith("You play Red 7, Blue 7") for ln in after["lines"]), after["lines"]
        assert any("红 7" in ln["zh"] and "蓝 7" in ln["zh"] for ln in after["lines"]), after["lines"]
        phone.close()


def test_phone_log_speaks_to_its_own_seat_and_calls_the_desktop_player_host():
    """"You are skipped", never "you is skipped"; sentences start with a capital;
    the desktop's "You" is "Host" on a phone."""
    from game.config import MatchConfig, SeatConfig
    from game.party.protocol import new_secret

    config = MatchConfig((SeatConfig("You", "human"), SeatConfig("Phone 1", "phone")),
                         RuleSettings(target_score=50), 3, new_secret())
    c = Faces()
    host_hand = c.ids("RS R1 G5")
    game = rig(config.settings, hands=[host_hand, c.ids("Y1 Y2 Y3")], top=c("R3"))
    with _loop(config, game) as loop:
        phone = Phone(loop.port, loop.url_token(1))
        state = _state(phone)
        loop.inspect(lambda ctl: ctl.apply(next(a for a in ctl.legal(0)
                                                if a.kind == "play" and a.cards == (host_hand[0],))))
        after = _state(phone, lambda m: m["at"] > state["at"])
        en = [ln["en"] for ln in after["lines"]]
        assert en == ["Host plays Red Skip; you are skipped"], en
        assert after["lines"][0]["zh"].startswith("主机")
        phone.close()


# ------------------------------------------------- standings, deal, names ----

def test_phone_frames_carry_standings_and_the_target():
    config = party_config("pa", seed=3, target=200)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1 R2"), c.ids("Y1 Y2 Y3")], top=c("R3"), scores=[30, 80])
    with _loop(config, game) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        state = _state(phone)
        assert state["scores"] == [30, 80] and state["standings"] == [1, 0]
        assert state["target"] == 200 and state["scoring"] == "winner_takes"
        phone.close()


def test_phone_presses_start_and_next_round_when_the_host_allows_it():
    config = party_config("pa", seed=3)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1"), c.ids("Y1 Y2 Y3")], top=c("R3"))
    with _loop(config, game, started=False, auto_next_round=False) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        waiting = _state(phone)
        assert waiting["may_deal"] == "start"
        loop.inspect(lambda ctl: setattr(loop.host, "phones_deal", False))
        refused = _state(phone, lambda m: not m["may_deal"])
        phone.send({"type": "deal", "at": refused["at"]})
        assert _error(phone)["code"] == "not_allowed"
        assert loop.inspect(lambda ctl: loop.host.take_request("start")) is False
        loop.inspect(lambda ctl: setattr(loop.host, "phones_deal", True))
        _state(phone, lambda m: m["may_deal"] == "start")
        phone.send({"type": "deal", "at": waiting["at"]})
        # TableLoop takes the request as the join screen does (take_request) and starts
        playing = _state(phone, lambda m: m["started"] and m["to_act"] == 0)
        assert loop.inspect(lambda ctl: loop.host.started)
        assert playing["may_deal"] == ""
        phone.act(playing["at"], next(a for a in playing["legal"] if a["kind"] == "play"))
        over = _state(phone, lambda m: m["phase"] == "round_over")
        assert over["may_deal"] == "next_round"
        phone.send({"type": "deal", "at": over["at"]})
        # ... and the next round as the scoreboard does
        assert _state(phone, lambda m: m["round"] == 2)["phase"] != "round_over"
        assert loop.inspect(lambda ctl: loop.host.take_request("next_round")) is False  # used up
        phone.close()


def test_a_stale_next_round_request_is_not_taken_in_a_later_round():
    """A phone's Next round that the host answered first (the desktop's button) must
    not skip the next round's scoreboard."""
    config = party_config("pa", seed=3)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1"), c.ids("Y1 Y2 Y3")], top=c("R3"))
    with _loop(config, game, auto_next_round=False) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        playing = _state(phone, lambda m: m["to_act"] == 0)
        with loop.lock:  # the table's frames stop: the desktop answers first
            loop.controller.apply(next(a for a in loop.controller.legal(0) if a.kind == "play"))
            over = len(loop.controller.game.actions)
            phone.send({"type": "deal", "at": over})
            time.sleep(0.3)
            loop.host.pump()  # the request arrives...
            loop.controller.next_round()  # ...after the host pressed Next round itself
            assert loop.host.take_request("next_round") is False
        assert playing["at"] < over
        phone.close()


def test_a_phone_names_its_seat_through_the_text_gate_only_when_it_has_none():
    config = party_config("pp", seed=3)
    config = config.__class__(tuple(s if i else s.__class__("Phone 1", "phone") for i, s in
                                    enumerate(config.seats)), config.settings, config.seed,
                              config.party_secret)
    with TableLoop(config, started=False) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        state = _state(phone)
        assert state["can_name"] is True
        phone.send({"type": "name", "at": state["at"], "name": "  Mei  "})
        named = _state(phone, lambda m: m["names"][0] == "Mei")
        assert loop.inspect(lambda ctl: ctl.config.seats[0].name) == "Mei"
        assert named["can_name"] is True  # its phone may change it again
        phone.send({"type": "name", "at": named["at"], "name": "   "})
        assert _error(phone)["code"] == "bad_name"
        phone.send({"type": "name", "at": named["at"], "name": "x" * 17})
        assert _error(phone)["code"] == "bad_name"
        phone.ws.send('{"v": 1, "type": "name", "at": 0, "name": "Bell\\u0007"}')
        assert _error(phone)["code"] == "bad_message"  # the text gate, before the game sees it
        assert loop.inspect(lambda ctl: ctl.config.seats[0].name) == "Mei"
        typed = Phone(loop.port, loop.url_token(1))  # "P2": a name the host typed
        other = _state(typed)
        assert other["can_name"] is False
        typed.send({"type": "name", "at": other["at"], "name": "Zed"})
        assert _error(typed)["code"] == "not_allowed"
        assert loop.inspect(lambda ctl: ctl.config.seats[1].name) == "P2"
        phone.close()
        typed.close()


# ---------------------------------------------------------------- refusals ----

def test_a_refused_card_says_why_with_its_rule_id_in_both_languages():
    config = party_config("pa", seed=3)
    c = Faces()
    game = rig(config.settings, hands=[c.ids("G1 R2"), c.ids("Y1 Y2 Y3")], top=c("R3"))
    with _loop(config, game) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        state = _state(phone, lambda m: m["to_act"] == 0)
        green = next(h["id"] for h in state["hand"] if h["c"] == "green")
        phone.act(state["at"], {"kind": "play", "cards": [green]})
        err = _error(phone)
        assert err["code"] == "illegal" and err["rule"] == "T1"
        assert err["reason"]["en"] == "It matches neither the colour in effect nor the top card's number or symbol."
        assert err["reason"]["zh"] and err["reason"]["zh"] != err["reason"]["en"]
        phone.close()


# ------------------------------------------------- heartbeat and countdown ----

def _silent_socket(port: int, token: str) -> socket.socket:
    """A WebSocket opened by hand that says hello and then never reads or writes
    again: a phone whose Wi-Fi dropped (no FIN, no close frame, no pong)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += sock.recv(1024)
    assert reply.startswith(b"HTTP/1.1 101")
    payload = json.dumps({"v": VERSION, "type": "hello", "token": token}).encode()
    mask = os.urandom(4)
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask
                 + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return sock


def test_a_silent_phone_is_away_within_5_s_and_the_others_see_the_countdown():
    """The heartbeat (the server pings every HEARTBEAT_S and closes a phone that has
    not answered within PONG_TIMEOUT_S, waiting CLOSE_TIMEOUT_S for a close frame
    that never comes) marks a silent phone away in under 5 s (it took 21.5 s
    before); the other phone's frame counts down to the bot."""
    assert HEARTBEAT_S + PONG_TIMEOUT_S + CLOSE_TIMEOUT_S < 5
    with TableLoop(party_config("pp", seed=3), bot_after=30.0) as loop:
        watcher = Phone(loop.port, loop.url_token(0))
        silent = _silent_socket(loop.port, loop.url_token(1))
        went_silent = time.monotonic()  # its last byte: the hello
        while 1 in loop.inspect(lambda ctl: loop.host.away()):
            assert time.monotonic() - went_silent < 5, "the silent phone never joined"
            time.sleep(0.01)
        while 1 not in loop.inspect(lambda ctl: loop.host.away()):
            assert time.monotonic() - went_silent < 10, "the silent phone was never noticed"
            time.sleep(0.02)
        detected = time.monotonic() - went_silent
        print(f"\naway detected {detected:.2f} s after the phone went silent")
        assert detected < 5.0
        seen = _state(watcher, lambda m: 1 in m["away"])
        assert 25.0 <= seen["bot_in"]["1"] <= 30.0
        assert loop.inspect(lambda ctl: 26 <= loop.host.bot_in()[1] <= 30)
        silent.close()
        watcher.close()


def test_the_countdown_ends_in_a_bot_and_the_phone_is_told_what_the_bot_did():
    with TableLoop(party_config("pa", seed=3), bot_after=0.3) as loop:
        end = time.monotonic() + 10
        while not loop.inspect(lambda ctl: any(a.seat == 0 for a in ctl.game.actions)):
            assert time.monotonic() < end, "the bot never played the away seat"
            time.sleep(0.02)
        phone = Phone(loop.port, loop.url_token(0))
        # the table tells what the bot did at its next pump (on a busy machine the
        # phone's first state may come before it): wait for that state, then check it
        back = _state(phone, lambda m: m["bot_played"] >= 1)
        assert back["bots"] == [] and back["bot_in"] == {}
        phone.close()


def test_phones_are_told_when_the_host_pauses_the_table():
    with TableLoop(party_config("pa", seed=3)) as loop:
        phone = Phone(loop.port, loop.url_token(0))
        assert _state(phone)["paused"] is False
        with loop.lock:
            loop.host.pump(paused=True)
        assert _state(phone, lambda m: m["paused"])["paused"] is True
        phone.close()
