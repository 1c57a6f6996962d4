"""The guest's remote match (issue 38, game/online/remote.py): the table's controller
surface fed only by the host's per-seat frames, with no rules engine on the guest.

No network: the host's PartyHost sends into a list, each frame goes through JSON and
the guest's checks (parse_host) as it would over magic-wormhole."""

from __future__ import annotations

import json
import queue
from typing import Any

import pytest

from game.config import MatchConfig, SeatConfig
from game.controller import MatchController
from game.online.remote import RemoteMatch, view_from_state
from game.online.wire import parse_host
from game.party.host import PartyHost
from game.party.protocol import dumps, new_secret
from game.rules.actions import NextRound
from game.rules.settings import RuleSettings
from game.rules.view import VIEW_FIELDS

GUEST = 1
CID = 7


class _Carrier:
    """The host's end of one remote seat, in memory (PartyServer's surface)."""

    def __init__(self) -> None:
        self.inbox: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self.to_guest: list[bytes] = []
        self.link_host, self.port, self.running = "127.0.0.1", 0, True

    def send(self, seat: int, msg: dict[str, Any]) -> None:
        if seat == GUEST:
            self.to_guest.append(dumps(msg).encode("utf-8"))

    def send_to(self, cid: int, msg: dict[str, Any]) -> None:
        if cid == CID:
            self.to_guest.append(dumps(msg).encode("utf-8"))

    def connected(self) -> frozenset[int]:
        return frozenset({GUEST})

    def set_room(self, code: str, seats: dict[int, str]) -> None:
        pass

    def stop(self, reason: str = "closed") -> None:
        self.running = False


def carrier_send(carrier: _Carrier) -> Any:
    """The guest's acts, as the host's carrier receives them (through JSON)."""
    def send(at: int, action: dict[str, Any]) -> None:
        msg = {"v": 1, "type": "act", "at": at, "action": action}
        carrier.inbox.put(("act", GUEST, CID, json.loads(json.dumps(msg))))
    return send


SEATS = (SeatConfig("Ann", "human"), SeatConfig("Friend 1", "online"), SeatConfig("Bo", "ai", "easy"))


def _match(seed: int = 3, *, begin: bool = True, target: int = 60,
           seats: tuple[SeatConfig, ...] = SEATS
           ) -> tuple[MatchController, PartyHost, _Carrier, RemoteMatch]:
    config = MatchConfig(seats, RuleSettings(target_score=target), seed, new_secret())
    controller = MatchController(config, persist=False)
    host = PartyHost(controller)
    carrier = _Carrier()
    host.server = carrier  # type: ignore[assignment]
    host.seats = [GUEST]
    host.away_since = {GUEST: 0.0}

    remote = RemoteMatch(carrier_send(carrier))
    carrier.inbox.put(("join", GUEST, CID))
    if begin:
        host.begin()
    host.pump()
    return controller, host, carrier, remote


def _deliver(carrier: _Carrier, remote: RemoteMatch) -> int:
    frames, carrier.to_guest = carrier.to_guest, []
    for data in frames:
        remote.feed(parse_host(data))
    return len(frames)


def _same_table(controller: MatchController, remote: RemoteMatch) -> None:
    """The guest's view is the host's view of that seat (the pile's top few, the
    hand as a set: the frame sorts it), its legal actions the host's."""
    mine, theirs = remote.view(GUEST), controller.view(GUEST)
    for name in VIEW_FIELDS:
        if name in ("log", "discard", "hand"):
            continue
        assert getattr(mine, name) == getattr(theirs, name), name
    assert sorted(c.id for c in mine.hand) == sorted(c.id for c in theirs.hand)
    assert list(mine.discard) == list(theirs.discard)[-len(mine.discard):]
    legal = [a for a in controller.legal(GUEST) if not isinstance(a, NextRound)]
    assert set(remote.legal(GUEST)) == set(legal)
    assert remote.view(0).hand == () and remote.legal(0) == []  # another seat: no hand


def _first_play(legal: list[Any]) -> Any:
    return next((a for a in legal if a.kind == "play"), legal[0])


def test_online_remote_match_plays_a_round_from_frames_only() -> None:
    controller, host, carrier, remote = _match()
    assert _deliver(carrier, remote) >= 1 and remote.ready and remote.started
    assert remote.config.seats[GUEST].kind == "human"  # the guest is the human here
    assert remote.config.seats[0].kind == "online" and remote.names[0] == "Ann"
    guest_moves = 0
    for step in range(3000):
        if controller.round_over or controller.is_over:
            break
        _deliver(carrier, remote)
        _same_table(controller, remote)
        view = controller.view(-1)
        if view.to_act == GUEST or remote.legal(GUEST) and view.to_act != 0:
            legal = remote.legal(GUEST)
            if legal:
                assert remote.human_act(_first_play(legal)) == []
                assert remote.legal(GUEST) == []  # one act per state
                host.pump()
                guest_moves += 1
                continue
        if view.to_act == 0:
            controller.human_act(_first_play(controller.legal(0)))
        else:
            controller.poll_ai(1000.0 * step)  # the bot's thinking time has passed
    _deliver(carrier, remote)
    assert (controller.round_over or controller.is_over) and remote.round_over
    assert remote.is_over == controller.is_over
    assert guest_moves > 3
    assert remote.view(GUEST).scores == controller.view(GUEST).scores
    # every event the guest got arrived for the table, in order, redacted for its seat
    got = remote.take_events()
    assert got and remote.take_events() == []
    assert got[-len(remote.round_events()):] == remote.round_events()
    if remote.is_over:
        assert remote.match_numbers().rounds == 1


def test_online_remote_match_refuses_an_action_not_offered() -> None:
    controller, host, carrier, remote = _match()
    _deliver(carrier, remote)
    from game.rules.actions import Draw

    other = Draw(0)
    assert remote.human_act(other).__class__.__name__ == "IllegalAction"
    before = len(controller.game.actions)
    host.pump()
    assert len(controller.game.actions) == before  # nothing was sent


def test_online_remote_match_keeps_the_last_good_state_when_a_frame_makes_no_table() -> None:
    controller, host, carrier, remote = _match()
    _deliver(carrier, remote)
    good = remote.view(GUEST)
    bad = dict(remote.state or {})
    bad["top"] = {"id": 999}  # not a card of the deck
    assert not remote.feed(bad)
    bad2 = dict(remote.state or {})
    bad2["rules"] = {"no_such_rule": 1}
    assert not remote.feed(bad2)
    assert remote.view(GUEST) == good


def test_online_view_from_state_matches_the_host_for_every_seat_frame() -> None:
    controller, host, carrier, remote = _match(seed=8)
    frames = [parse_host(d) for d in carrier.to_guest]
    state = [f for f in frames if f["type"] == "state"][-1]
    view = view_from_state(state, GUEST, [])
    assert view.hand_sizes == controller.view(GUEST).hand_sizes
    with pytest.raises((KeyError, ValueError)):
        view_from_state({**state, "counts": "seven"}, GUEST, [])


class _Guest:
    """OnlineGuest's surface for the remote session, on the in-memory carrier."""

    def __init__(self, carrier: _Carrier) -> None:
        self.carrier = carrier
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.status = "connected"

    def deliver(self) -> None:
        frames, self.carrier.to_guest = self.carrier.to_guest, []
        for data in frames:
            self.inbox.put(parse_host(data))

    def act(self, at: int, action: dict[str, Any]) -> None:
        msg = {"v": 1, "type": "act", "at": at, "action": action}
        self.carrier.inbox.put(("act", GUEST, CID, json.loads(json.dumps(msg))))

    def send_message(self, msg: dict[str, Any]) -> None:
        self.carrier.inbox.put(("act", GUEST, CID, {"v": 1, **msg}))

    def close(self) -> None:
        self.status = "closed"


def test_online_guest_table_is_the_table_driven_by_the_hosts_frames() -> None:
    """The guest's table (game/table) on a RemoteSession: it waits for Start, shows the
    host's state for its seat, its clicks reach the host's match, refusals and a lost
    link are said; leaving closes the link."""
    from ui_driver import make_app

    from game.online.remote import RemoteSession
    from game.table.scene import TableScene

    controller, host, carrier, _ = _match(seed=5, begin=False)
    guest = _Guest(carrier)
    session = RemoteSession(guest)
    guest.deliver()
    session.pump()
    assert session.controller.ready and not session.controller.started
    app = make_app("--lang", "en")
    try:
        app.open("table", session=session)
        table = app.scenes.top
        assert isinstance(table, TableScene) and table.viewer == GUEST and table.link is not None
        app.pump(2)
        assert table.cues.toast is not None and table.cues.toast[0] == "Waiting for the host to start…"
        assert table.link.notice() == "Waiting for the host to start…"  # it stands, and
        assert table.frame().notice == "Waiting for the host to start…"  # the table draws it
        # (the journeys' debug probe reads the link and the line there)
        assert table.probe()["link"] == {"status": "connected",
                                         "notice": "Waiting for the host to start…"}
        assert not table.ctl.legal(GUEST)
        host.begin()
        moves = 0
        for step in range(4000):
            if moves >= 3 or controller.round_over or controller.is_over:
                break
            guest.deliver()
            app.pump(1)
            host.pump()
            if controller.game.actions and table.ctl.started:
                assert table.link.notice() == "", "the waiting line stayed after Start"
            theirs = controller.view(-1)
            if theirs.to_act == GUEST and table.can_act() and table.ctl.legal(GUEST):
                before = len(controller.game.actions)
                table.act(_first_play(table.ctl.legal(GUEST)))
                host.pump()
                assert len(controller.game.actions) > before
                assert controller.game.actions[before].seat == GUEST
                moves += 1
            elif theirs.to_act == 0:
                controller.human_act(_first_play(controller.legal(0)))
            elif theirs.to_act != GUEST:
                controller.poll_ai(1000.0 * step)
        assert moves >= 3, "the guest's table never played"
        guest.deliver()
        for _ in range(600):  # the last moves' animations end; nothing else moves
            app.pump(1)
            if not table.busy() and not table.dirty:
                break
        assert sorted(c.id for c in table.model.hand) == sorted(c.id for c in controller.view(GUEST).hand)
        # a refusal from the host is said in the player's language
        session.controller.feed({"v": 1, "type": "error", "code": "illegal", "detail": "x",
                                 "reason": {"en": "Not that card", "zh": "不能出这张"}, "rule": "T1"})
        app.pump(1)
        assert table.cues.toast is not None and table.cues.toast[0] == "Not that card"
        guest.status = "reconnecting"
        app.pump(1)
        assert table.cues.toast is not None and table.cues.toast[0] == "Connection lost: reconnecting…"
        # while the link is down the hand takes no card (an act would go nowhere)
        assert not table.ctl.linked and table.ctl.legal(GUEST) == []
        guest.status = "host_gone"
        app.pump(1)
        assert table.cues.toast is not None and "host's game is gone" in table.cues.toast[0]
        assert "host's game is gone" in table.frame().notice  # it stands after the toast
        assert table.probe()["link"]["status"] == "host_gone"
        app.back_to_menu()
        assert session.closed and guest.status == "closed"
    finally:
        app.shutdown()


def test_online_remote_hint_is_the_local_tables_hint_in_the_same_position() -> None:
    """#38: the guest's Hint is made on the guest from its seat's view and legal actions
    only (the same level's agent as a local table's): at every position of a round where
    the guest may act, it names what a local match's hint names for that seat."""
    from game.online.host import OnlineHost

    controller, host, carrier, _ = _match(seed=12, begin=False)
    host.log_on_join = OnlineHost.log_on_join  # an online guest joins with the round's log
    remote = RemoteMatch(carrier_send(carrier))
    carrier.to_guest.clear()
    carrier.inbox.put(("join", GUEST, CID))
    host.begin()
    host.pump()
    compared = 0
    for step in range(3000):
        if controller.round_over or controller.is_over:
            break
        _deliver(carrier, remote)
        legal = remote.legal(GUEST)
        if legal:
            mine, theirs = remote.hint_choice(GUEST), controller.hint_choice(GUEST)
            assert theirs is not None and mine is not None
            assert mine.reasons == theirs.reasons, step
            if any(r.key == "hint.go_out" for r in mine.reasons):
                # going out on a Wild: the colour is the agent's own random pick (it ends
                # the round); the guest's agent is never seeded like the host's (the
                # host's seed would tell the deck)
                assert _same_cards(mine.action, theirs.action), step
            else:
                assert mine.action == theirs.action, step
            assert list(remote.view(GUEST).discard) == list(controller.view(GUEST).discard)
            compared += 1
            remote.human_act(mine.action)  # the guest follows its hint
            assert remote.hint_choice(GUEST) is None  # nothing more to do until the next frame
            host.pump()
            continue
        view = controller.view(-1)
        if view.to_act == 0:
            controller.human_act(_first_play(controller.legal(0)))
        else:
            controller.poll_ai(1000.0 * step)
    assert compared > 5


def _same_cards(a: Any, b: Any) -> bool:
    return bool(type(a) is type(b) and getattr(a, "cards", None) == getattr(b, "cards", None))


def test_online_remote_hint_sees_no_other_hand() -> None:
    """The hint's agent is given the guest's view: no other seat's cards in it."""
    controller, host, carrier, remote = _match(seed=4)
    _deliver(carrier, remote)
    seen: list[Any] = []

    class Spy:
        def choose(self, view: Any, legal: Any) -> Any:
            seen.append(view)
            return legal[0]

    remote._hint_agent = Spy()  # type: ignore[assignment]
    for _ in range(200):
        if remote.legal(GUEST):
            break
        controller.poll_ai(1e9) if controller.view(-1).to_act != 0 else controller.human_act(
            _first_play(controller.legal(0)))
        _deliver(carrier, remote)
    assert remote.hint_choice(GUEST) is not None and seen
    view = seen[-1]
    assert view.seat == GUEST
    assert sorted(c.id for c in view.hand) == sorted(c.id for c in controller.view(GUEST).hand)
    others = {c.id for s in (0, 2) for c in controller.game.view(s).hand}
    assert not others & {c.id for c in view.hand}
    assert not others & {c.id for c in view.discard}


def test_online_guest_table_shows_the_bots_levels_as_the_host_does() -> None:
    """#38: the host's frames name each bot's level; the guest's seat badges show it
    as the host's own table does (not every bot as Normal)."""
    from game.table.frame import level_badge

    seats = (*SEATS, SeatConfig("Cy", "ai", "hard"), SeatConfig("Di", "ai", "random"))
    controller, host, carrier, remote = _match(5, seats=seats)
    config = controller.config
    _deliver(carrier, remote)
    assert remote.state is not None and remote.state["levels"] == ["", "", "easy", "hard", "random"]
    got = [remote.config.seats[s].level for s in (2, 3, 4)]
    assert got == ["easy", "hard", "random"]
    none: frozenset[int] = frozenset()
    for seat in (2, 3, 4):  # the host's badge for that bot, on the guest's table
        assert level_badge(remote.config, seat, GUEST, none) == level_badge(config, seat, 0, none)
    assert level_badge(remote.config, 3, GUEST, none) == "Hard"
    assert level_badge(remote.config, 0, GUEST, none) == level_badge(config, 1, 0, none)  # "Online"


def test_online_host_frames_levels_and_pile_are_checked() -> None:
    """parse_host: ``levels`` one short text per seat; ``under`` card ids of the deck;
    a state of a host that sends no levels still passes (its bots show as Normal)."""
    controller, host, carrier, remote = _match()
    state = json.loads(carrier.to_guest[-1])
    assert state["type"] == "state"
    assert parse_host(dumps(state).encode())["levels"] == ["", "", "easy"]
    old = {k: v for k, v in state.items() if k != "levels"}
    assert remote.feed(parse_host(dumps(old).encode()))
    assert remote.config.seats[2].level == "normal"
    for bad in ({"levels": ["", "easy"]}, {"levels": ["", "", 3]}, {"levels": "easy"},
                {"levels": ["", "", "x" * 9]}, {"kinds": ["ai"] * 4},
                {"names": ["n"] * 11, "kinds": ["ai"] * 11, "levels": [""] * 11},
                {"under": [108 * 9]}, {"under": [-1]}, {"under": [True]}, {"under": {"0": 1}},
                {"under": list(range(100)) * 2}):
        with pytest.raises(ValueError):
            parse_host(dumps({**state, **bad}).encode())


def test_online_guest_table_hint_key_says_the_hint() -> None:
    """H on the guest's table focuses the hinted card and says the hint, as on a local
    table (it said "no hint" before: hints were left to the host's bots)."""
    import pygame
    from ui_driver import key, make_app

    from game.i18n import t
    from game.online.remote import RemoteSession
    from game.rules.actions import Play

    controller, host, carrier, _ = _match(seed=5, begin=False)
    guest = _Guest(carrier)
    session = RemoteSession(guest)
    host.begin()
    guest.deliver()
    session.pump()
    app = make_app("--lang", "en")
    try:
        app.open("table", session=session)
        table = app.scenes.top
        for step in range(400):
            guest.deliver()
            app.pump(1)
            theirs = controller.view(-1)
            if theirs.to_act == GUEST and table.can_act() and table.ctl.legal(GUEST):
                break
            if theirs.to_act == 0:
                controller.human_act(_first_play(controller.legal(0)))
            elif theirs.to_act != GUEST:
                controller.poll_ai(1000.0 * step)
            host.pump()
        assert table.can_act() and table.ctl.legal(GUEST)
        want = controller.hint_choice(GUEST)
        assert want is not None
        key(app, pygame.K_h, frames=2)
        assert table.cues.toast is not None and table.cues.toast[0].startswith(t("tbl.hint_prefix"))
        assert table.cues.toast[0] != t("tbl.hint_none")
        if isinstance(want.action, Play):
            assert table.hand.cards[table.hand.focus].id == want.action.cards[0]
    finally:
        app.shutdown()
