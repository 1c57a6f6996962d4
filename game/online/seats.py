"""The host's online seats: one magic-wormhole per seat, the party messages over Dilation.

:class:`OnlineSeats` has the surface of :class:`~game.party.server.PartyServer`
that :class:`~game.party.host.PartyHost` drives (``inbox``, ``send``,
``send_to``, ``connected``, ``start``, ``stop``, ``reissue``), so the host's
table treats an online seat as it treats a phone: one protocol, two carriers.

Each seat gets its own code (``7-guitarist-revenge``). The code works once: the
mailbox server lets two sides claim it, after that it is spent; a wrong guess at
its words spoils it (the seat gets a fresh code, ``last_error`` says why); a code
no friend used within :data:`~game.online.wire.CODE_TTL_S` expires and the host
asks for a new one (:meth:`OnlineSeats.new_code`). Once paired, the Dilation layer
keeps the link: a dropped connection is replaced without a new code, the seat is
away meanwhile (``leave`` then ``join``, which sends the seat its whole state).

The guest's way back (:meth:`OnlineSeats.expect`): the host tells each seat the
rejoin code its guest holds. When the guest's game closes (the seat is left) the
seat waits on that code; while the seat is away (the link dropped: the guest's
game may have crashed and been started again) a standby wormhole waits on it
beside the old link, and whichever comes back first keeps the seat.

Everything of the library runs on the reactor thread (:mod:`game.online.reactor`);
the game's main thread only reads the inbox and the lock-guarded summaries.
"""

from __future__ import annotations

import itertools
import logging
import queue
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.party.protocol import ProtocolError, bye_message, dumps, error_message, parse_client
from game.party.server import FLOOD_DROPS, Bucket

from . import framing
from . import reactor as rx
from .wire import (
    APPID,
    CODE_TTL_S,
    CODE_WORDS,
    MAX_GUEST_BYTES,
    REJOIN_TTL_S,
    SUBPROTOCOL,
    OnlineError,
    mailbox_url,
    our_versions,
    relay_hint,
    versions_differ,
)

log = logging.getLogger(__name__)
PING_S = 5.0  # Dilation's keep-alive: a silent link is replaced after two of these
# The guest's game pings every 5 s. Only one side of a Dilation link (its "leader",
# picked at random) watches for a dead link; when the host is the other side, a
# guest's game killed behind the relay leaves the link looking alive. Nothing heard
# from the guest this long: the seat is away (and a standby waits on its rejoin code).
GUEST_SILENT_S = 15.0
# A seat's state: waiting (a code to read out), rejoining (after Continue: waiting for
# the guest's game to pair by itself with the seat's rejoin code), connected, away
# (paired, link being replaced), expired (ask for a new code), left (the guest
# closed), versions_differ.
STATES = ("opening", "waiting", "rejoining", "connected", "away", "expired", "left",
          "versions_differ", "failed")


@dataclass(eq=False)
class _Seat:
    seat: int
    gen: int = 0  # bumped by every new code: callbacks of an older wormhole are ignored
    wormhole: Any = None
    code: str = ""
    state: str = "opening"
    last_error: str = ""
    detail: str = ""
    channel: Any = None
    cid: int = 0
    bucket: Bucket = field(default_factory=Bucket)
    warned_at: float = 0.0
    expiry: Any = None
    rejoin: str = ""  # the rejoin code to open with next (Continue, the guest left); spent once tried
    expect: str = ""  # the rejoin code the seat's guest holds: its game comes back by it
    standby: Any = None  # while away: a second wormhole waiting on ``expect``
    heard: float = 0.0  # when the guest's game last sent anything (monotonic)
    silent: bool = False  # away because nothing was heard (the link itself looked alive)


class OnlineSeats:
    """The online seats ``seats`` of one match; call :meth:`start` once."""

    def __init__(self, seats: Sequence[int], *, mailbox: str | None = None,
                 relay: str | None = None, listen: bool = True,
                 code_ttl: float = CODE_TTL_S, rejoin: Mapping[int, str] | None = None,
                 rejoin_ttl: float = REJOIN_TTL_S, guest_silent_s: float = GUEST_SILENT_S) -> None:
        self.mailbox = mailbox or mailbox_url()
        self.relay = relay_hint() if relay is None else relay  # "": no relay (direct links only)
        self.listen = listen  # False: no direct connections, everything through the relay
        self.code_ttl = code_ttl
        # a rejoin code waits for the guest's game far longer than a spoken code (its
        # password is 128 random bits: nothing to guess): a day from the seat's opening
        self.rejoin_ttl = rejoin_ttl
        self.guest_silent_s = guest_silent_s
        self.inbox: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        # rejoin: seat -> its rejoin code (the saved match's): Continue opens that seat
        # with it instead of asking for a code to read out
        self._seats = {s: _Seat(s, rejoin=(rejoin or {}).get(s, ""),
                                expect=(rejoin or {}).get(s, "")) for s in seats}
        self._by_cid: dict[int, _Seat] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._summary: dict[int, tuple[str, str, str]] = {s: ("opening", "", "") for s in seats}
        self._code_ready = threading.Condition(self._lock)
        self.running = False

    # -- life cycle (main thread) ----------------------------------------------
    def start(self) -> None:
        self.running = True
        for seat in self._seats:
            rx.post(self._open, seat)

    def stop(self, timeout: float = 5.0, reason: str = "closed") -> None:
        """Say ``bye`` (``reason``: ``closed``, or ``paused`` when the host left a match
        that Continue brings back) to every guest and close every wormhole."""
        if self.running:
            self.running = False
            try:
                rx.call(self._close_all, reason, timeout=timeout)
            except Exception:  # noqa: BLE001 - a server gone away: nothing left to close
                log.warning("online: closing the seats' wormholes failed", exc_info=True)

    def new_code(self, seat: int) -> None:
        """A fresh code for ``seat`` (the old one stops working; a guest on it is dropped)."""
        rx.post(self._spoken, seat)

    def reissue(self, seat: int, token: str) -> None:  # PartyHost's "New link"
        self.new_code(seat)

    def expect(self, seat: int, code: str) -> None:
        """``seat``'s guest now holds the rejoin code ``code`` ("": none): when its
        game closes, the seat waits on that code; while the seat is away, a game of
        that guest started again may come back by it."""
        rx.post(self._expect, seat, code)

    # -- queries (any thread) ---------------------------------------------------
    def code(self, seat: int, timeout: float = 0.0) -> str:
        """The code to read out for ``seat`` ("" while none); waits up to ``timeout``."""
        end = time.monotonic() + timeout
        with self._code_ready:
            while not self._summary[seat][1] and time.monotonic() < end:
                self._code_ready.wait(max(0.0, end - time.monotonic()))
            return self._summary[seat][1] if self._summary[seat][0] == "waiting" else ""

    def state(self, seat: int) -> tuple[str, str]:
        """``(state, last_error)`` of ``seat``: see :data:`STATES`."""
        with self._lock:
            state, _, error = self._summary[seat]
            return state, error

    def detail(self, seat: int) -> str:
        """With ``versions_differ``: the guest's game version, for the host's words."""
        with self._lock:
            return self._seats[seat].detail

    def connected(self) -> frozenset[int]:
        with self._lock:
            return frozenset(s for s, (state, _, _) in self._summary.items() if state == "connected")

    # -- sending (any thread) ------------------------------------------------------
    def send(self, seat: int, message: dict[str, Any]) -> None:
        rx.post(self._deliver_seat, seat, dumps(message).encode("utf-8"))

    def send_to(self, cid: int, message: dict[str, Any]) -> None:
        rx.post(self._deliver_cid, cid, dumps(message).encode("utf-8"))

    # -- the reactor thread --------------------------------------------------------------
    def _publish(self, s: _Seat) -> None:
        with self._code_ready:
            self._summary[s.seat] = (s.state, s.code, s.last_error)
            self._code_ready.notify_all()

    def _deliver_seat(self, seat: int, data: bytes) -> None:
        s = self._seats.get(seat)
        if s is not None and s.channel is not None and s.state == "connected":
            s.channel.send(data)

    def _deliver_cid(self, cid: int, data: bytes) -> None:
        s = self._by_cid.get(cid)
        if s is not None and s.channel is not None:
            s.channel.send(data)

    def _open(self, seat: int) -> Any:
        return rx.ensure(self._serve(seat))

    def _spoken(self, seat: int) -> Any:
        """A code to read out, whatever rejoin code the seat had."""
        s = self._seats[seat]
        s.rejoin = s.expect = ""
        return self._open(seat)

    def _expect(self, seat: int, code: str) -> None:
        self._seats[seat].expect = code

    async def _serve(self, seat: int) -> None:
        import wormhole
        from wormhole.errors import WormholeError, WrongPasswordError

        s = self._seats[seat]
        self._drop(s, "new code")
        s.gen += 1
        gen = s.gen
        rejoin, s.rejoin = s.rejoin, ""  # a rejoin code is tried once
        s.state, s.code, s.channel = "opening", "", None
        self._publish(s)
        w = wormhole.create(APPID, self.mailbox, rx.reactor(), versions=our_versions(),
                            dilation=True)
        s.wormhole = w
        try:
            if rejoin:
                # the guest's game waits on this code since the host quit (or comes
                # to it): the same nameplate, the same password, no code to read out
                w.set_code(rejoin)
                s.state = "rejoining"
            else:
                w.allocate_code(CODE_WORDS)
                code = await w.get_code()
                if gen != s.gen:
                    return
                s.code, s.state = code, "waiting"
            ttl = self.rejoin_ttl if rejoin else self.code_ttl
            s.expiry = rx.reactor().callLater(ttl, self._expire, s, gen)
            self._publish(s)
            theirs = await w.get_versions()
        except WrongPasswordError:
            if gen == s.gen and self.running:
                s.last_error = "wrong_code"  # someone mistyped (or guessed) it: it is spent
                if rejoin:
                    s.expect = ""  # the guest's game holds a spoiled code now
                log.info("online: seat %d: a wrong code was tried; a new code", seat)
                self._open(seat)
            return
        except WormholeError as exc:
            if gen == s.gen and s.state not in ("expired",):
                s.state, s.last_error = "failed", "no_server"
                self._publish(s)
                log.warning("online: seat %d: %s", seat, exc)
            return
        if gen != s.gen:
            return
        if s.expiry is not None and s.expiry.active():
            s.expiry.cancel()
        self._dilate(s, gen, w, theirs)

    async def _standby(self, s: _Seat, gen: int, code: str) -> None:
        """The seat is away: wait on the guest's rejoin code beside the old link. A
        guest's game started again (after a crash, a lost battery) pairs here and
        takes the seat over; the old link coming back first ends the standby."""
        import wormhole
        from wormhole.errors import WrongPasswordError

        w = wormhole.create(APPID, self.mailbox, rx.reactor(), versions=our_versions(),
                            dilation=True)
        s.standby = w
        w.set_code(code)
        try:
            theirs = await w.get_versions()
        except Exception as exc:  # noqa: BLE001 - ended (the old link is back), or spoiled
            if s.standby is w:
                s.standby = None
                if s.expect == code and isinstance(exc, WrongPasswordError):
                    s.expect = ""  # a wrong guess spoiled it: the host gives a new code
                w.close().addErrback(lambda f: None)
            return
        if s.standby is not w or gen != s.gen or s.state != "away":
            if s.standby is w:
                self._end_standby(s)
            return
        s.standby = None
        log.info("online: seat %d: the guest's game came back by its rejoin code", s.seat)
        s.channel = None  # the old link is let go (the seat is away already: no leave)
        self._drop(s, "replaced")
        s.gen += 1
        s.wormhole = w
        self._dilate(s, s.gen, w, theirs)

    def _end_standby(self, s: _Seat) -> None:
        if s.standby is not None:
            w, s.standby = s.standby, None
            w.close().addErrback(lambda f: None)

    def _dilate(self, s: _Seat, gen: int, w: Any, theirs: dict[str, Any]) -> None:
        """The code agreed: check the versions, then open the seat's subchannel."""
        seat = s.seat
        other = versions_differ(theirs)
        if other:
            s.state, s.last_error, s.detail = "versions_differ", "versions_differ", other
            self._publish(s)
            log.info("online: seat %d: the guest runs version %s", seat, other)
            w.close()
            return
        dilated = w.dilate(transit_relay_location=self.relay or None, no_listen=not self.listen,
                           ping_interval=PING_S,
                           on_status_update=lambda st: self._link(s, gen, st))
        dilated.listener_for(SUBPROTOCOL).listen(framing.factory(
            MAX_GUEST_BYTES, lambda ch: self._opened(s, gen, ch),
            lambda ch, data: self._frame(s, ch, data), lambda ch: self._closed(s, gen, ch)))

    def _expire(self, s: _Seat, gen: int) -> None:
        if gen == s.gen and s.state in ("waiting", "rejoining"):
            s.state, s.last_error = "expired", "expired"
            self._publish(s)
            self._drop(s, "expired")

    def _opened(self, s: _Seat, gen: int, channel: Any) -> None:
        if gen != s.gen or s.channel is not None:
            channel.close()  # one subchannel a seat
            return
        s.channel, s.cid = channel, next(self._ids)
        framing.no_delay(channel)
        self._by_cid[s.cid] = s
        s.state, s.last_error = "connected", ""
        s.heard, s.silent = time.monotonic(), False
        self._publish(s)
        self.inbox.put(("join", s.seat, s.cid))
        rx.reactor().callLater(self._watch_s, self._watch, s, gen, channel)

    @property
    def _watch_s(self) -> float:
        return min(PING_S, self.guest_silent_s / 3)

    def _watch(self, s: _Seat, gen: int, channel: Any) -> None:
        """Every :data:`PING_S` while the seat's channel is open: a guest not heard
        from for :data:`GUEST_SILENT_S` is away, as if Dilation had said so."""
        if gen != s.gen or channel is not s.channel or not self.running:
            return
        if s.state == "connected" and time.monotonic() - s.heard > self.guest_silent_s:
            log.info("online: seat %d: nothing heard from the guest's game; away", s.seat)
            s.silent = True
            self._away(s, gen)
        rx.reactor().callLater(self._watch_s, self._watch, s, gen, channel)

    def _away(self, s: _Seat, gen: int) -> None:
        s.state = "away"
        self._publish(s)
        self.inbox.put(("leave", s.seat, s.cid))
        if s.expect and s.standby is None and self.running:
            rx.ensure(self._standby(s, gen, s.expect))

    def _link(self, s: _Seat, gen: int, status: Any) -> None:
        """Dilation's status: the peer link went (away) or came back (join again)."""
        from wormhole._status import ConnectedPeer, ReconnectingPeer

        if gen != s.gen or s.channel is None:
            return
        peer = status.peer_connection
        if isinstance(peer, ConnectedPeer):
            rx.reactor().callLater(0, framing.no_delay, s.channel)
        if isinstance(peer, ReconnectingPeer):
            s.silent = False  # Dilation says so itself now
            if s.state == "connected":
                self._away(s, gen)
        elif isinstance(peer, ConnectedPeer) and s.state == "away" and not s.silent:
            self._back(s)

    def _back(self, s: _Seat) -> None:
        """The old link is alive again: the standby is not needed."""
        self._end_standby(s)
        s.state, s.silent = "connected", False
        s.heard = time.monotonic()
        self._publish(s)
        self.inbox.put(("join", s.seat, s.cid))

    def _closed(self, s: _Seat, gen: int, channel: Any) -> None:
        if gen != s.gen or channel is not s.channel:
            return
        was = s.state
        s.channel = None
        s.state = "left"
        self._publish(s)
        if was in ("connected", "away"):
            self.inbox.put(("leave", s.seat, s.cid))
        if s.expect and self.running:
            # the guest closed its game: the seat waits for it on the code it holds
            self._end_standby(s)
            s.rejoin = s.expect
            self._open(s.seat)

    def _frame(self, s: _Seat, channel: Any, data: bytes) -> None:
        if channel is not s.channel:
            return
        now = time.monotonic()
        s.heard = now
        if s.silent and s.state == "away":
            log.info("online: seat %d: the guest's game is heard again", s.seat)
            self._back(s)
        if not s.bucket.take(now):
            if s.bucket.dropped >= FLOOD_DROPS:
                s.expect = ""  # a flooding game does not come back by itself
                channel.send(dumps(bye_message("flood")).encode())
                channel.close()
            elif now - s.warned_at >= 1.0:
                s.warned_at = now
                channel.send(dumps(error_message("rate_limited", "too many messages; slow down")).encode())
            return
        try:
            msg = parse_client(data)
        except ProtocolError as err:
            channel.send(dumps(error_message(err.code, err.detail)).encode())
            return
        kind = msg["type"]
        if kind == "ping":
            channel.send(dumps({"v": msg["v"], "type": "pong", "t": msg.get("t")}).encode())
        elif kind in ("act", "deal") and s.state == "connected":
            self.inbox.put(("act", s.seat, s.cid, msg))
        # hello: online the channel is the seat; nothing to check

    def _drop(self, s: _Seat, why: str, bye: str = "closed") -> None:
        self._end_standby(s)
        if s.expiry is not None and s.expiry.active():
            s.expiry.cancel()
        s.expiry = None
        if s.channel is not None:
            if s.state in ("connected", "away"):
                self.inbox.put(("leave", s.seat, s.cid))
            s.channel.send(dumps(bye_message(bye)).encode())
            s.channel = None
        if s.wormhole is not None:
            w, s.wormhole = s.wormhole, None
            d = w.close()
            d.addErrback(lambda f: log.debug("online: seat %d wormhole closed (%s): %s",
                                             s.seat, why, f.value))

    async def _close_all(self, reason: str = "closed") -> None:
        for s in self._seats.values():
            s.gen += 1
            self._drop(s, "stop", reason)
            s.state = "left"
            self._publish(s)
        await rx.sleep(0.1)


__all__ = ["OnlineError", "OnlineSeats", "STATES"]
