"""A guest's end of an online seat: join by code, receive the seat's frames, send acts.

:class:`OnlineGuest` is the remote session's carrier: its :attr:`inbox` holds the
host's checked messages (:func:`~game.online.wire.parse_host`) for the game's
main thread, :meth:`act` sends a tap. There is no rules engine here: the
guest's table shows what the host's frames say and sends what the player chose
among the frame's ``legal`` actions (docs/ONLINE.md, "the guest's table").

:attr:`status`: ``joining``, ``connected``, ``reconnecting`` (Dilation is
replacing a dropped link; no new code needed), ``paused`` (the host quit a match
that Continue brings back, ``bye paused``: the guest waits on the seat's rejoin
code, which the host sent over the link, and is ``connected`` again on its own
once the host Continues), ``lost`` (the host's game stopped answering, or its
channel closed, with no ``bye``: it may have crashed; the guest waits on its rejoin
code as when paused, and the host's Continue after a restart brings it back),
``host_gone`` (nothing from the host for :data:`HOST_SILENT_S`, or its channel
closed, and no rejoin code to wait on; or that code was refused), ``closed`` (the
host ended the match: ``bye``, then :attr:`ended`; or :meth:`close`).

:meth:`come_back` waits on a rejoin code kept from an earlier run of the game (the
guest closed its game, or it crashed): the host's seat waits on that code too.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from typing import Any

from game.party.protocol import VERSION

from . import framing
from . import reactor as rx
from .wire import (
    APPID,
    MAX_HOST_BYTES,
    SUBPROTOCOL,
    OnlineError,
    mailbox_url,
    normal_code,
    our_versions,
    parse_host,
    rejoin_code,
    relay_hint,
    versions_differ,
)

log = logging.getLogger(__name__)
JOIN_TIMEOUT_S = 20.0  # no host answered the code by then: wrong code, or the host is gone
PING_S = 5.0  # the guest pings the host this often; Dilation's keep-alive too
HOST_SILENT_S = 30.0  # nothing from the host this long (pongs included): the host is gone
REJOIN_RETRY_S = 5.0  # the rendezvous server unreachable while waiting to rejoin: try again
WAITING = ("paused", "lost")  # the guest waits on its rejoin code for the host's game


class OnlineGuest:
    """One guest's link to a host. :meth:`join` once; then read :attr:`inbox`."""

    def __init__(self, *, mailbox: str | None = None, relay: str | None = None,
                 listen: bool = True, join_timeout: float | None = None,
                 host_silent_s: float = HOST_SILENT_S) -> None:
        self.mailbox = mailbox or mailbox_url()
        self.relay = relay_hint() if relay is None else relay  # "": no relay (direct links only)
        self.listen = listen
        self.join_timeout = JOIN_TIMEOUT_S if join_timeout is None else join_timeout
        self.host_silent_s = host_silent_s
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.status = "joining"
        self.host_version = ""
        self.last_heard = time.monotonic()
        self._wormhole: Any = None
        self._channel: Any = None
        self._pinger: Any = None
        self._lock = threading.Lock()
        self.rejoin_code = ""  # the seat's next rejoin code, from the host (never shown)
        self.rejoins = 0  # times the guest came back by itself after ``bye paused``
        self.ended = False  # the host ended the match (``bye closed``): nothing to come back to

    # -- main thread -----------------------------------------------------------
    def join(self, typed_code: str, timeout: float | None = None) -> None:
        """Pair with the host by its code and open the seat's channel; raises
        :class:`~game.online.wire.OnlineError` (``bad_code``, ``wrong_code``,
        ``versions_differ``, ``no_server``)."""
        code = normal_code(typed_code)
        wait = (timeout or self.join_timeout) + 10.0
        try:
            rx.call(self._join, code, timeout=wait)
        except TimeoutError:
            raise OnlineError("host_gone") from None

    def come_back(self, code: str) -> None:
        """Wait on the rejoin code ``code`` (kept from an earlier run of the game) until
        the host's game opens the seat with it: :attr:`status` is ``lost`` while
        waiting (no time-out), then ``connected``; ``host_gone`` when the host's game
        refuses the code (the seat has a new code now). ValueError for a code that is
        not a rejoin code."""
        kept = rejoin_code(code)
        if not kept:
            raise ValueError("not a rejoin code")
        self.rejoin_code, self.status = kept, "lost"
        rx.post(lambda: rx.ensure(self._rejoin()))

    def act(self, at: int, action: dict[str, Any]) -> None:
        self._send({"v": VERSION, "type": "act", "at": at, "action": action})

    def send_message(self, msg: dict[str, Any]) -> None:
        """Another message of the party protocol (``deal``: ask the host to deal)."""
        self._send({"v": VERSION, **msg})

    def ping(self) -> None:
        self._send({"v": VERSION, "type": "ping", "t": round(time.time(), 3)})

    def close(self) -> None:
        if self.status != "closed":
            self.status = "closed"
            try:
                rx.call(self._close, timeout=5)
            except Exception:  # noqa: BLE001 - the mailbox gone: nothing left to close
                log.debug("online guest: close failed", exc_info=True)

    def drop_link(self) -> None:
        """Cut the current peer connection (as a network change would); Dilation
        replaces it. For tests and the benchmark: reaches into the library."""
        def cut() -> None:
            channel = self._channel
            manager = getattr(getattr(channel, "transport", None), "_manager", None)
            connection = getattr(manager, "_connection", None)
            if connection is not None:
                connection.disconnect()
        rx.call(cut)

    def _send(self, msg: dict[str, Any]) -> None:
        data = json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        rx.post(self._write, data)

    # -- the reactor thread ----------------------------------------------------------
    def _write(self, data: bytes) -> None:
        if self._channel is not None:
            self._channel.send(data)

    async def _join(self, code: str) -> None:
        await self._pair(code, self.join_timeout)

    async def _pair(self, code: str, timeout: float | None) -> None:
        """Pair by ``code`` and open the seat's channel (``timeout``: how long to wait
        for the host; None: as long as it takes)."""
        import wormhole
        from twisted.internet.defer import CancelledError
        from twisted.internet.defer import TimeoutError as DTimeout
        from twisted.internet.error import TimeoutError as ErrTimeout
        from wormhole.errors import (
            LonelyError,
            ServerConnectionError,
            ServerError,
            WelcomeError,
            WrongPasswordError,
        )

        reactor = rx.reactor()
        w = wormhole.create(APPID, self.mailbox, reactor, versions=our_versions(), dilation=True)
        self._wormhole = w
        w.set_code(code)
        try:
            versions = w.get_versions()
            if timeout is not None:
                versions.addTimeout(timeout, reactor)
            theirs = await versions
        except WrongPasswordError:
            await self._abandon()
            raise OnlineError("wrong_code") from None
        except (DTimeout, ErrTimeout, CancelledError, LonelyError):
            await self._abandon()
            raise OnlineError("wrong_code", "no game answered this code") from None
        except ServerError:  # the code's nameplate is taken: it was used already
            await self._abandon()
            raise OnlineError("wrong_code", "this code was used already") from None
        except (ServerConnectionError, WelcomeError) as exc:
            await self._abandon()
            raise OnlineError("no_server", str(exc)) from None
        other = versions_differ(theirs, our_versions())
        if other:
            await self._abandon()
            raise OnlineError("versions_differ", other)
        uno = theirs.get("uno", {})
        self.host_version = uno.get("game", "") if isinstance(uno.get("game"), str) else ""
        dilated = w.dilate(transit_relay_location=self.relay or None, no_listen=not self.listen,
                           ping_interval=PING_S,
                           on_status_update=lambda st: self._link(st) if self._wormhole is w else None)
        factory = framing.factory(MAX_HOST_BYTES, lambda ch: None, self._frame, self._closed)
        try:
            channel = await dilated.connector_for(SUBPROTOCOL).connect(factory).addTimeout(
                self.join_timeout, reactor)
        except Exception:  # noqa: BLE001 - the host closed its end, or never opened the seat
            await self._abandon()
            raise OnlineError("host_gone") from None
        self._channel = channel
        framing.no_delay(channel)
        self.status = "connected"
        self.last_heard = time.monotonic()
        if self._pinger is not None and self._pinger.active():
            self._pinger.cancel()
        self._pinger = reactor.callLater(PING_S, self._tick)

    async def _rejoin(self) -> None:
        """The host paused (``bye paused``), or its game went silent (``lost``): wait
        on the seat's rejoin code until the host's game opens the seat with it
        (Continue), then carry on at the table. The old link is let go; no timeout
        (the host may take hours); the rendezvous server unreachable is tried again
        every :data:`REJOIN_RETRY_S`. A spoiled code or another version gives up
        (``host_gone``: the host has a new code)."""
        old, self._wormhole, self._channel = self._wormhole, None, None
        if old is not None:
            old.close().addErrback(lambda f: log.debug("online guest: old link: %s", f.value))
        while self.status in WAITING:
            code = self.rejoin_code  # kept until spent: a new one comes once paired
            try:
                await self._pair(code, None)
            except OnlineError as err:
                if self.status not in WAITING:
                    return  # closed meanwhile
                if err.code == "no_server" or (err.code == "wrong_code" and err.detail ==
                                                "this code was used already"):
                    await rx.sleep(REJOIN_RETRY_S)  # not spent: no server, or crowded
                    continue
                log.info("online guest: rejoining failed (%s)", err)
                self.rejoin_code = ""  # spoiled (or another version): a new code is needed
                self.status = "host_gone"
                return
            self.rejoins += 1
            log.info("online guest: back at the host's table by the rejoin code")
            return

    async def _abandon(self) -> None:
        w, self._wormhole = self._wormhole, None
        if w is not None:
            try:
                await w.close().addTimeout(5, rx.reactor())
            except Exception:  # noqa: BLE001 - it already failed; closing only tidies up
                pass

    def _tick(self) -> None:
        if self.status in ("closed", "host_gone"):
            return
        if self.status in WAITING:
            self._pinger = None  # the rejoin starts it again
            return
        if time.monotonic() - self.last_heard > self.host_silent_s:
            self._lost()
            return
        if self.status == "connected":
            self.ping()
        self._pinger = rx.reactor().callLater(PING_S, self._tick)

    def _link(self, status: Any) -> None:
        from wormhole._status import ConnectedPeer, ReconnectingPeer

        peer = status.peer_connection
        if isinstance(peer, ReconnectingPeer) and self.status == "connected":
            self.status = "reconnecting"
        elif isinstance(peer, ConnectedPeer):
            rx.reactor().callLater(0, framing.no_delay, self._channel)
        if isinstance(peer, ConnectedPeer) and self.status == "reconnecting":
            self.status = "connected"
            self.last_heard = time.monotonic()

    def _frame(self, channel: Any, data: bytes) -> None:
        try:
            msg = parse_host(data)
        except (ValueError, UnicodeDecodeError):
            log.warning("online guest: a malformed frame from the host (%d bytes)", len(data))
            return
        self.last_heard = time.monotonic()
        if msg["type"] == "rejoin":
            self.rejoin_code = rejoin_code(msg.get("code")) or self.rejoin_code
            return  # the carrier's own: never shown
        if msg["type"] == "bye":
            reason = msg.get("reason")
            if reason == "paused" and self.rejoin_code and self.status != "closed":
                self.status = "paused"
                rx.ensure(self._rejoin())
            elif reason == "closed":
                self.status, self.ended = "closed", True
            elif reason == "paused" and self.status != "closed":
                self.status = "host_gone"  # no rejoin code (an older host): a new code is needed
        self.inbox.put(msg)

    def _closed(self, channel: Any) -> None:
        if channel is self._channel:
            self._lost()

    def _lost(self) -> None:
        """The host's game went away without a ``bye`` (a crash, a lost network): with
        a rejoin code the guest waits on it, as when paused; else the host is gone."""
        if self.status in ("closed", *WAITING):
            return
        if self.rejoin_code:
            self.status = "lost"
            rx.ensure(self._rejoin())
        else:
            self.status = "host_gone"

    async def _close(self) -> None:
        if self._pinger is not None and self._pinger.active():
            self._pinger.cancel()
        if self._channel is not None:
            self._channel.close()
            self._channel = None
        await self._abandon()
