"""PartyHost: the phones' seats of one match, run from the game's main thread.

The desktop game stays the single authority. Each frame the table calls
:meth:`PartyHost.pump`: it takes what the server thread received, checks each
action against the match (``stale`` unless it answers the current state,
``illegal`` unless it is in ``legal_actions`` for the sender's seat) and
applies it through the same :class:`~game.controller.MatchController` as a
click. After every applied action (any seat's) each phone gets its own
state: its own ``PlayerView`` and the events redacted for it.

Until the host presses Start on the join screen (:meth:`PartyHost.begin`) the
match is not running: phones get their hand with ``started`` false and no legal
actions, and their taps are refused ``not_started``.

A phone seat whose phone is away (never joined, asleep, reloading) keeps its
place: the match waits for it, and after ``bot_after`` seconds (``None``:
never) a bot plays the seat until the phone is back. Every phone sees the
countdown (``bot_in``); the server's heartbeat notices a silent phone within
seconds (:data:`~game.party.server.HEARTBEAT_S`).

When :attr:`PartyHost.phones_deal` allows it (the host's setting), a phone may
ask to start the match or deal the next round (``deal``): the scene that owns
that button takes the request with :meth:`PartyHost.take_request`. A phone
whose seat has no name of its own (``Phone 2``) may name it (``name``).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Sequence
from typing import Any

from game import i18n
from game.rules.actions import Action, Play
from game.rules.errors import IllegalAction
from game.rules.events import Event, redact
from game.rules.scoring import standings
from game.text_gate import TextRefused, check

from .deal_commit import deal_fields
from .protocol import (
    ProtocolError,
    action_for,
    error_message,
    room_code,
    seat_token,
    shown_level,
    state_message,
)
from .server import PartyServer, url_host
from .story import log_lines, refusal

log = logging.getLogger(__name__)

PUMP_BUDGET = 32  # inbox items handled per frame: a burst never stalls the table
LOG_ON_JOIN = 12  # recent log entries a (re)joining phone gets
REDRAW_S = 0.25  # the table keeps drawing this long after a phone joined, left or acted
TAKEOVER_LEVEL = "normal"
PHONE_NAME_CHARS = 16  # a name typed on a phone: short enough for the table's seat labels
DEFAULT_PHONE_NAMES = 10  # "Phone 1" .. "Phone 10": the names a seat has when it has none


class PartyHost:
    """Binds a controller's phone seats to a :class:`PartyServer`.

    ``controller`` is a MatchController whose config has ``phone`` seats and a
    ``party_secret``. Call :meth:`start` once, :meth:`pump` every frame and
    :meth:`stop` when the match is left.
    """

    log_on_join = LOG_ON_JOIN  # this round's latest events a (re)joining seat gets

    def __init__(self, controller: Any, *, host: str = "127.0.0.1",
                 ports: Sequence[int] = (0,), bot_after: float | None = None) -> None:
        self.controller = controller
        config = controller.config
        self.secret: str = config.party_secret
        self.seats = [i for i, s in enumerate(config.seats) if s.kind == "phone"]
        self.ports = tuple(ports)
        self.server = PartyServer(self._tokens(), host, self.ports[0])
        self.bot_after = bot_after
        # The connection that holds each seat now: an action from any other (a phone
        # replaced, or holding a re-issued link) still in the inbox is dropped.
        self._cids: dict[int, int] = {}
        started = time.monotonic()
        self.away_since: dict[int, float] = {s: started for s in self.seats}
        self.bot_seats: set[int] = set()
        self._changed = 0.0  # time.monotonic() of the last pump that handled something
        self.started = False  # the host pressed Start: the table is running
        self.paused = False  # the host is in a menu (the phones say so)
        self._phones_deal = True  # phones may press Start and Next round (the host's setting)
        self._wants: tuple[str, int] | None = None  # a phone's "deal": ("start"|"next_round", at)
        self._bot_moves: dict[int, int] = {}  # actions a bot took for a seat while its phone was away
        self._named: set[int] = set()  # seats named from their phone (it may rename them)
        controller.on_applied.append(self._on_applied)
        controller.on_applied.append(self._room_hook)

    # -- life cycle -------------------------------------------------------------
    def start(self) -> None:
        """Listen on the first free port of ``ports`` (0: any); OSError when none is."""
        error: OSError | None = None
        for port in self.ports:
            self.server = PartyServer(self._tokens(), self.server.host, port)
            try:
                self.server.start()
                self._open_room()
                return
            except OSError as exc:
                error = exc
        assert error is not None
        raise error

    def begin(self) -> None:
        """The host pressed Start: every phone gets the running table and its legal actions."""
        if not self.started:
            self.started = True
            self._publish_all([])

    def stop(self, *, paused: bool = False) -> None:
        """Close the server. ``paused``: the host left a match that Continue brings
        back (the phones are told ``paused`` and keep retrying); else ``closed``."""
        self.server.stop(reason="paused" if paused and not self.controller.is_over else "closed")
        for hook in (self._on_applied, self._room_hook):
            if hook in self.controller.on_applied:
                self.controller.on_applied.remove(hook)
        for seat in list(self.bot_seats):
            self._release(seat)

    def token(self, seat: int) -> str:
        """The seat's current token (its link's generation: ``MatchConfig.party_reissued``)."""
        return seat_token(self.secret, seat, self.controller.config.link_generation(seat))

    # -- the room code ------------------------------------------------------------
    @property
    def code(self) -> str:
        """The room code a phone may type instead of opening a link ("" once the
        match is over: it stops working then)."""
        return "" if self.controller.is_over else room_code(self.secret)

    def address(self) -> str:
        """What a phone types to reach the page: ``address:port``."""
        return f"{url_host(self.server.link_host)}:{self.server.port}"

    def _open_room(self) -> None:
        names = phone_names(self.controller.config.seats)
        self.server.set_room(self.code, {seat: names[seat] for seat in self.seats})

    def _room_hook(self, action: Action, events: list[Event]) -> None:
        if self.controller.is_over:
            self.server.set_room("", {})  # the match ended: the code stops working

    def _tokens(self) -> dict[int, str]:
        return {seat: self.token(seat) for seat in self.seats}

    def url(self, seat: int) -> str:
        """The join link of ``seat``, on this computer's address (never a wildcard);
        the token rides in the fragment: never sent in a request."""
        return f"http://{url_host(self.server.link_host)}:{self.server.port}/#{self.token(seat)}"

    def reissue(self, seat: int) -> None:
        """A new link for the phone seat ``seat`` (the host's "New link"): the old one
        stops working now, a phone connected with it is disconnected (the seat is
        away until the new link is opened), and the match's config (``controller.config``,
        ``party_reissued``) holds it: the autosave is written again, so Continue
        gives the new link. ValueError past
        :data:`~game.config.MAX_REISSUES`."""
        self.controller.config = self.controller.config.reissue_link(seat)
        self._cids.pop(seat, None)
        self.server.reissue(seat, self.token(seat))
        self.controller.autosave()  # the match is saved from its start (game.session)

    # -- queries for the table ---------------------------------------------------
    @property
    def under_way(self) -> bool:
        """The match has had an action (it is in the autosave: Continue brings it back)."""
        return bool(self.controller.game.actions)

    def connected(self) -> frozenset[int]:
        return self.server.connected()

    def busy(self) -> bool:
        """Something from a phone waits for :meth:`pump`, the last pump changed what
        the table shows (a phone joined or left), or a countdown to a bot just passed
        a whole second: the table renders at full rate (for REDRAW_S, once a second)."""
        return (not self.server.inbox.empty() or time.monotonic() - self._changed < REDRAW_S
                or any(left % 1.0 >= 1.0 - REDRAW_S for left in self.bot_in().values()))

    def away(self) -> list[int]:
        """Phone seats without a phone now (the table shows them; the match waits)."""
        return sorted(self.away_since)

    def bot_in(self, now: float | None = None) -> dict[int, float]:
        """Seconds until a bot plays each away seat (none while the match waits for
        ever, before Start, and for seats a bot already plays)."""
        if self.bot_after is None or not self.started:
            return {}
        now = time.monotonic() if now is None else now
        return {seat: max(0.0, self.bot_after - (now - since))
                for seat, since in sorted(self.away_since.items()) if seat not in self.bot_seats}

    @property
    def phones_deal(self) -> bool:
        """Phones may press Start and Next round (the host's setting; phones see it at once)."""
        return self._phones_deal

    @phones_deal.setter
    def phones_deal(self, allowed: bool) -> None:
        if allowed != self._phones_deal:
            self._phones_deal = allowed
            self._wants = None
            self._publish_all([])

    def take_request(self, kind: str) -> bool:
        """A phone asked for ``kind`` ("start": the join screen's Start, "next_round":
        the scoreboard's Next round) and it still answers the table as it is now:
        the scene presses its button. The request is used up."""
        want = self._wants
        if want is None or want[0] != kind:
            return False
        self._wants = None
        return want[1] == len(self.controller.game.actions) and self._can_deal() == kind

    # -- each frame ----------------------------------------------------------------
    def pump(self, now: float | None = None, *, paused: bool = False) -> None:
        """Handle what the phones sent (at most :data:`PUMP_BUDGET` items), then
        let a bot take over seats away longer than ``bot_after``. While ``paused``
        (the host is in a menu) phones join and leave but their actions get ``paused``
        and no bot takes over."""
        now = time.monotonic() if now is None else now
        if self.started and paused != self.paused:
            self.paused = paused
            self._publish_all([])
        for _ in range(PUMP_BUDGET):
            try:
                item = self.server.inbox.get_nowait()
            except Exception:  # noqa: BLE001 - queue.Empty: nothing more this frame
                break
            self._changed = time.monotonic()
            kind, seat, cid = item[0], item[1], item[2]
            if kind == "join":
                self._cids[seat] = cid
                self._joined(seat, cid)
            elif kind == "leave":
                if self._cids.get(seat) == cid:
                    del self._cids[seat]
                self.away_since.setdefault(seat, now)
                self._publish_all([])
            elif kind == "act" and self._cids.get(seat) != cid:
                continue  # sent by a connection that no longer holds the seat
            elif kind == "act" and item[3]["type"] == "deal":
                self._deal(cid, item[3])
            elif kind == "act" and item[3]["type"] == "name":
                self._name(seat, cid, item[3])
            elif kind == "act" and not self.started:
                self.server.send_to(cid, error_message("not_started", "the host has not started yet"))
            elif kind == "act" and paused:
                self.server.send_to(cid, error_message("paused", "the host is in a menu"))
            elif kind == "act":
                self._act(seat, cid, item[3])
        if not paused and self.started:
            self._takeover(now)

    def _joined(self, seat: int, cid: int) -> None:
        was_away = self.away_since.pop(seat, None) is not None
        if seat in self.bot_seats:
            self._release(seat)
        view = self.controller.view(seat)
        recent = list(view.log)[-self.log_on_join:]
        self.server.send_to(cid, self._state(seat, recent, bot_played=self._bot_moves.pop(seat, 0)))
        if was_away:
            self._publish_all([], but=seat)

    def _can_deal(self) -> str:
        """What a phone's "deal" would press now: "start", "next_round" or ""."""
        if not self._phones_deal:
            return ""
        if not self.started:
            return "start"
        game = self.controller.game
        return "next_round" if game.round_over and not game.is_over else ""

    def _deal(self, cid: int, msg: dict[str, Any]) -> None:
        kind = self._can_deal()
        if not kind:
            code = "not_allowed" if not self._phones_deal else "nothing_to_deal"
            self.server.send_to(cid, error_message(code, "the table deals only when the host lets phones"))
        elif msg["at"] != len(self.controller.game.actions):
            self.server.send_to(cid, error_message("stale", "the table moved on; here is the new state"))
        else:
            self._wants = (kind, msg["at"])

    def can_name(self, seat: int) -> bool:
        """The phone of ``seat`` may name it: the seat has a default name
        ("Phone 2", ``party.phone_seat`` in any language), or its phone named it."""
        if seat in self._named:
            return True
        name = self.controller.config.seats[seat].name
        return any(name == i18n.tl(lang, "seat.phone_n", n=k) for lang in i18n.LANGUAGES
                   for k in range(1, DEFAULT_PHONE_NAMES + 1))

    def _name(self, seat: int, cid: int, msg: dict[str, Any]) -> None:
        """A name typed on the phone, through the text gate: the seat's new name
        everywhere (the table, the phones, the autosave)."""
        if not self.can_name(seat):
            self.server.send_to(cid, error_message("not_allowed", "this seat already has a name"))
            return
        try:
            name = check(msg["name"].strip(), "a name typed on a phone", PHONE_NAME_CHARS)
        except TextRefused as refused:
            self.server.send_to(cid, error_message("bad_name", str(refused), key=refused.key))
            return
        config = self.controller.config
        seats = list(config.seats)
        seats[seat] = dataclasses.replace(seats[seat], name=name)
        self.controller.config = dataclasses.replace(config, seats=tuple(seats))
        self._named.add(seat)
        self._changed = time.monotonic()
        if self.controller.game.actions:
            self.controller.autosave()
        self._publish_all([])

    def _act(self, seat: int, cid: int, msg: dict[str, Any]) -> None:
        game = self.controller.game
        if seat in self.bot_seats:
            self._release(seat)  # the phone is back and acting: the bot leaves
        if msg["at"] != len(game.actions):
            self.server.send_to(cid, error_message("stale", "the table moved on; here is the new state"))
            self.server.send_to(cid, self._state(seat, []))
            return
        try:
            action = action_for(seat, msg["action"])
        except ProtocolError as err:
            self.server.send_to(cid, error_message(err.code, err.detail))
            return
        if action not in self.controller.legal(seat):
            why = self._why(action)
            self.server.send_to(cid, error_message("illegal", str(why), **refusal(why)))
            return
        self.controller.apply(action)  # the hook publishes the new state

    def _why(self, action: Action) -> IllegalAction:
        """Why the phone's ``action`` is refused, with its rule ID: for one card, as
        the desktop explains a card; else the action's own refusal."""
        err = None
        if isinstance(action, Play) and len(action.cards) == 1:
            err = self.controller.why_not(action.seat, action.cards[0])
        err = err or self.controller.refusal(action)
        return err or IllegalAction("phase", "That can't be done now.")

    def _takeover(self, now: float) -> None:
        if self.bot_after is None:
            return
        for seat, since in self.away_since.items():
            if seat not in self.bot_seats and now - since >= self.bot_after:
                self.controller.take_over(seat, TAKEOVER_LEVEL)
                self.bot_seats.add(seat)
                self._changed = time.monotonic()
                self._publish_all([])

    def _release(self, seat: int) -> None:
        self.controller.release(seat)
        self.bot_seats.discard(seat)

    # -- publishing ------------------------------------------------------------------
    def _on_applied(self, action: Action, events: list[Event]) -> None:
        if action.seat in self.bot_seats:
            self._bot_moves[action.seat] = self._bot_moves.get(action.seat, 0) + 1
        self._publish_all(events)

    def _publish_all(self, events: Sequence[Event], but: int = -1) -> None:
        for seat in self.seats:
            if seat != but:
                self.server.send(seat, self._state(seat, [redact(e, seat) for e in events]))

    def _state(self, seat: int, events: Sequence[Event], *, bot_played: int = 0) -> dict[str, Any]:
        c = self.controller
        config = c.config
        view = c.view(seat)
        names = [s.name for s in config.seats]
        return state_message(view, c.legal(seat) if self.started else [],
                             len(c.game.actions), phone_names(config.seats), events,
                             self.away(), sorted(self.bot_seats),
                             [s.kind for s in config.seats],
                             levels=[shown_level(s.kind, s.level) for s in config.seats],
                             started=self.started,
                             lines=log_lines(events, names, seat),
                             standings=standings(config.settings.scoring, view.scores, view.out),
                             table=self._table_fields(seat, bot_played))

    def _table_fields(self, seat: int, bot_played: int) -> dict[str, Any]:
        """What the table adds to a phone's state: ``paused`` (the host is in a
        menu), ``bot_in`` (seat -> seconds until a bot plays it), ``may_deal`` (this
        phone may press Start / Next round now), ``can_name``, ``bot_played`` (the
        actions a bot took for this seat while its phone was away), ``deal`` (the deck
        commitment of the round; its reveal once the round is over)."""
        game = self.controller.game
        deal = deal_fields(game.round_no, game.round.deck, self.secret,
                           over=game.round_over or game.is_over)
        return {"deal": deal, "paused": self.paused and self.started,
                "bot_in": {str(s): round(left, 1) for s, left in self.bot_in().items()},
                "may_deal": self._can_deal(), "can_name": self.can_name(seat),
                "bot_played": bot_played}


def phone_names(seats: Sequence[Any]) -> list[str]:
    """The seats' names as the phones show them, in the host's language.

    On a phone "you" means that phone's player only, so the desktop's default
    name "You" (``tbl.you``, any language) becomes "Host" (``party.host_name``); typed
    names are kept.
    """
    you = {i18n.tl(lang, "tbl.you") for lang in i18n.LANGUAGES}
    return [i18n.t("party.host_name") if s.name in you else i18n.seat_name(s.name) for s in seats]
