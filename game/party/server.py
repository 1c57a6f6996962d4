"""The party server: the phone page and one WebSocket per phone, in a thread of its own.

It knows seats and tokens, not the game: a checked ``act`` from the phone of
a seat goes into :attr:`PartyServer.inbox` for the game's main thread (the
single authority) to judge; the main thread hands back whole messages with
:meth:`PartyServer.send`. Only the three files of the page and ``/ws`` are
served, to GET (and HEAD) only; nothing is read from a path a request names.

Faults handled here, before the game sees anything: messages over
:data:`~game.party.protocol.MAX_MESSAGE_BYTES` close the connection (1009),
malformed or unknown messages get an ``error``, a flood is rate-limited per
connection and closed when it goes on, a second connection with a seat's
token replaces the first (``bye`` ``replaced``), and a phone that does not read
its messages is closed instead of buffering without end.

Who may come in (:class:`_Door`, :meth:`PartyServer._http`): a request must name
this server as its ``Host`` (the address of the join links, or 127.0.0.1 /
localhost, with its port) and, when it carries an ``Origin``, come from a page of
that same place; anything else gets 403. Every socket counts from its TCP accept:
one client address holds at most :data:`PER_ADDRESS` sockets that have not
presented a valid token, all addresses together :data:`MAX_SOCKETS`; making
room closes the oldest socket without a seat (of the address holding most), so a
phone presenting its token always gets in, and a closed socket leaves nothing
behind (its hello timer goes with it).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import hmac
import itertools
import logging
import queue
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeVar

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed, InvalidMessage
from websockets.http11 import Request, Response

from .protocol import (
    MAX_MESSAGE_BYTES,
    ProtocolError,
    bye_message,
    dumps,
    error_message,
    parse_client,
    seat_for_token,
    seats_message,
    token_message,
    typed_code,
)

log = logging.getLogger(__name__)

# Per connection: a bucket of RATE_BURST messages refilled at RATE_PER_S; a phone
# that keeps sending into an empty bucket for FLOOD_DROPS messages is closed.
RATE_PER_S = 15.0
RATE_BURST = 30.0
FLOOD_DROPS = 100
OUTBOX_LIMIT = 64  # messages waiting for a phone that does not read: then it is closed
HELLO_TIMEOUT_S = 10.0  # a connection that names no seat by then is closed
# Sockets without a seat (no valid hello yet, or still in the handshake) one client
# address may hold: a phone needs one, a reload two; more close its oldest.
PER_ADDRESS = 8
MAX_SOCKETS = 32  # all open sockets (ten seats, reloads and strays): beyond, the oldest seatless goes
# The heartbeat: a ping every HEARTBEAT_S; a phone that has not answered within
# PONG_TIMEOUT_S is closed, waiting at most CLOSE_TIMEOUT_S for its close frame (a
# silent phone sends none), and its seat is away: a phone that went silent (Wi-Fi
# lost) is noticed within the sum of the three. The page pings too (phone.js).
HEARTBEAT_S = 1.0
PONG_TIMEOUT_S = 2.0
CLOSE_TIMEOUT_S = 1.0
# Room code tries (``code`` and ``claim``) per client address: a bucket of CODE_BURST
# refilled one every CODE_REFILL_S seconds; 23**4 codes stay out of a guesser's reach.
CODE_BURST = 6.0
CODE_REFILL_S = 10.0
CODE_ADDRESSES = 256  # addresses remembered; beyond, those with a full bucket are forgotten
PICK_TIMEOUT_S = 120.0  # a right code gives the seat picker this long to choose (not HELLO_TIMEOUT_S)
CLOSE_REPLACED = 4000
CLOSE_POLICY = 1008

# The page: URL path -> (file in game/party/static, content type). Nothing else is served.
STATIC = {
    "/": ("phone.html", "text/html; charset=utf-8"),
    "/phone.css": ("phone.css", "text/css; charset=utf-8"),
    "/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
    "/deal_check.js": ("deal_check.js", "text/javascript; charset=utf-8"),
}
_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


PARTY_PORTS = (8765, 8766, 8767, 8768, 8769)  # fixed, so links still work after Continue
# Addresses that mean "every interface": the server may listen there, a link never names them.
WILDCARDS = ("", "0.0.0.0", "::")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def lan_address() -> str:
    """This computer's address on the local network (127.0.0.1 when it has none).

    Connecting a UDP socket only picks the route; no packet is sent.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return address if not address.startswith("0.") else "127.0.0.1"


def link_address(bind: str) -> str:
    """The address the join links name for a server listening on ``bind``: ``bind``
    itself, or this computer's address on the network when ``bind`` is a wildcard."""
    return lan_address() if bind in WILDCARDS else bind


def url_host(address: str) -> str:
    """``address`` as the host part of a URL (an IPv6 address in brackets)."""
    return f"[{address}]" if ":" in address else address


def allowed_hosts(link: str, port: int) -> frozenset[str]:
    """The ``host:port`` forms a request to this server may name (``Host``, and the
    ``Origin`` of its page): the links' address and the loopback names, this port."""
    return frozenset(f"{url_host(name)}:{port}".lower() for name in (link, *LOOPBACK_NAMES))


def load_static() -> dict[str, tuple[bytes, str]]:
    """The page's files, read once from the package."""
    root = resources.files("game.party") / "static"
    return {path: ((root / name).read_bytes(), ctype) for path, (name, ctype) in STATIC.items()}


class Bucket:
    """A token bucket: :meth:`take` is False while a connection sends too fast."""

    def __init__(self, rate: float = RATE_PER_S, burst: float = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.level = burst
        self.stamp = time.monotonic()
        self.dropped = 0  # messages refused in a row

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1.0:
            self.level -= 1.0
            self.dropped = 0
            return True
        self.dropped += 1
        return False


@dataclass(eq=False)
class _Conn:
    ws: ServerConnection
    cid: int
    seat: int = -1
    token: str = ""  # the token its seat was claimed with (a re-issued link revokes it)
    bucket: Bucket = field(default_factory=Bucket)
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    warned_at: float = 0.0
    hello_timer: asyncio.TimerHandle | None = None  # cancelled when it ends: it holds the connection

    def put(self, text: str) -> bool:
        """Queue a message; False (and the caller closes) when the phone is not reading."""
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            return False
        self.outbox.put_nowait(text)
        return True


class _QuietStrays(logging.Filter):
    """Drops websockets' "opening handshake failed" when the client went away or sent
    no request it understands (websockets < 17 logs each with a traceback at ERROR):
    a stray socket the door closed, or a scanner, is not the host's trouble, and a
    churn of them must not fill the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg != "opening handshake failed" or not record.exc_info:
            return True
        exc: BaseException | None = record.exc_info[1]
        while exc is not None:
            if isinstance(exc, (EOFError, OSError, ConnectionClosed, InvalidMessage)):
                return False
            exc = exc.__cause__ or exc.__context__
        return True


_WS_LOG = logging.getLogger(__name__ + ".websockets")
_WS_LOG.addFilter(_QuietStrays())
# websockets says "connection open" / "connection closed" at INFO for every socket,
# and each record carries the connection (LoggerAdapter extra): a churn of strays
# would fill the player's log file and, wherever records are kept (a capturing
# handler), keep every closed connection alive. Our own log names the seats.
_WS_LOG.setLevel(logging.WARNING)


def _peer(ws: ServerConnection) -> str:
    """The client's address (an IPv4 client of a dual-stack socket as plain IPv4)."""
    peer = ws.transport.get_extra_info("peername")
    address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
    return address.removeprefix("::ffff:")


class _Door:
    """Every socket of the server from its TCP accept to its close, by client
    address (on the server's loop only).

    :meth:`admit` makes room for a newcomer: an address holding
    :data:`PER_ADDRESS` seatless sockets loses its oldest; when
    :data:`MAX_SOCKETS` are open, the oldest seatless socket of the address
    holding most goes. A seated socket (a valid token) is never closed for room.
    """

    def __init__(self) -> None:
        self.by_address: dict[str, list[ServerConnection]] = {}
        self.seated: set[ServerConnection] = set()

    def _seatless(self, address: str) -> list[ServerConnection]:
        return [ws for ws in self.by_address.get(address, ()) if ws not in self.seated]

    def admit(self, ws: ServerConnection) -> bool:
        """Count ``ws`` in; False when there is no room even so (the caller drops it)."""
        address = _peer(ws)
        waiting = self._seatless(address)
        if len(waiting) >= PER_ADDRESS:
            self._drop(waiting[0])
        if sum(map(len, self.by_address.values())) >= MAX_SOCKETS:
            busiest = max(self.by_address, key=lambda a: len(self._seatless(a)))
            victims = self._seatless(busiest)
            if not victims:
                return False
            self._drop(victims[0])
        self.by_address.setdefault(address, []).append(ws)
        return True

    def forget(self, ws: ServerConnection) -> None:
        self.seated.discard(ws)
        for address, held in self.by_address.items():
            if ws in held:
                held.remove(ws)
                if not held:
                    del self.by_address[address]
                return

    def _drop(self, ws: ServerConnection) -> None:
        """Close a seatless socket at once: no close handshake to wait for, nothing kept."""
        self.forget(ws)
        ws.transport.abort()

    def counts(self) -> dict[str, int]:
        return {address: len(held) for address, held in self.by_address.items()}


class _GuardedConnection(ServerConnection):
    """A ServerConnection that checks in with the :class:`_Door` when the TCP
    connection is accepted (before any byte is read) and out when it closes."""

    def __init__(self, *args: Any, door: _Door, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.door = door

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if not self.door.admit(self):
            transport.abort()  # type: ignore[attr-defined]

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.forget(self)
        super().connection_lost(exc)


_T = TypeVar("_T")


class PartyServer:
    """Serves the phone page and the phones' sockets on ``host``:``port`` (0: any free port).

    ``tokens`` maps each phone seat to its valid token (see
    :func:`~game.party.protocol.seat_token`). ``host`` may be a wildcard
    (:data:`WILDCARDS`): it listens there, and :attr:`link_host` names this
    computer's address on the network instead. Inbox items, for the main thread:
    ``("join", seat, cid)``, ``("leave", seat, cid)``, ``("act", seat, cid, msg)``.
    """

    def __init__(self, tokens: Mapping[int, str], host: str = "127.0.0.1",
                 port: int = 0) -> None:
        self._tokens = dict(tokens)
        self.host = host
        self.link_host = link_address(host)
        self.port = port
        self.inbox: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._static = load_static()
        self._by_seat: dict[int, _Conn] = {}
        self._by_cid: dict[int, _Conn] = {}
        self._ids = itertools.count(1)
        self._door = _Door()
        self._lock = threading.Lock()
        self._connected: frozenset[int] = frozenset()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._bye = "closed"  # what stop() tells the phones
        # The room code and the names of the phone seats its picker offers ("": no code)
        self._room: tuple[str, Mapping[int, str]] = ("", {})
        self._code_tries: dict[str, Bucket] = {}

    # -- life cycle (main thread) ------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Listen; returns once bound (``port`` then holds the real port). Raises OSError."""
        self._thread = threading.Thread(target=self._run, name="party-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the party server did not start")
        if self._error is not None:
            raise OSError(f"the party server could not listen: {self._error}")

    def stop(self, timeout: float = 5.0, reason: str = "closed") -> None:
        """Say ``bye`` (``reason``: ``closed``, or ``paused`` when the match can be
        continued and the phones should keep retrying) to every phone, close and
        stop listening."""
        self._bye = reason
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopping.set)
            except RuntimeError:
                pass  # the loop already ended
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def connected(self) -> frozenset[int]:
        """The seats with a phone connected now."""
        with self._lock:
            return self._connected

    @property
    def allowed(self) -> frozenset[str]:
        """The ``host:port`` a request may name (see :func:`allowed_hosts`)."""
        return allowed_hosts(self.link_host, self.port)

    def sockets(self) -> dict[str, int]:
        """Open sockets by client address, whatever their stage (handshake, waiting
        for hello, seated)."""
        return self._on_loop(self._door.counts)

    def set_room(self, code: str, names: Mapping[int, str]) -> None:
        """From now on the room code ``code`` ("" : none, the code stops working)
        leads to a picker of the free seats among ``names`` (phone seat -> name)."""
        self._room = (code, dict(names))  # one assignment: the loop sees old or new

    def reissue(self, seat: int, token: str) -> None:
        """From now on only ``token`` opens ``seat``: the old one is refused, and a
        phone connected with it is told ``bad_token`` and closed."""
        self._tokens = {**self._tokens, seat: token}  # one assignment: the loop sees old or new
        self._call(self._revoke, seat)

    def _on_loop(self, fn: Callable[[], _T]) -> _T:
        """``fn()`` run on the server's loop (its state is the loop's alone)."""
        loop = self._loop
        if loop is None or loop.is_closed() or not self.running:
            return fn()
        done: concurrent.futures.Future[_T] = concurrent.futures.Future()

        def run() -> None:
            try:
                done.set_result(fn())
            except BaseException as exc:  # noqa: BLE001 - raised in the caller
                done.set_exception(exc)
        loop.call_soon_threadsafe(run)
        return done.result(timeout=5)

    # -- sending (any thread) ------------------------------------------------
    def send(self, seat: int, message: dict[str, Any]) -> None:
        """Send ``message`` to the phone of ``seat``, if one is connected."""
        self._call(self._deliver_seat, seat, dumps(message))

    def send_to(self, cid: int, message: dict[str, Any]) -> None:
        """Send ``message`` to one connection (an answer to what it sent)."""
        self._call(self._deliver_cid, cid, dumps(message))

    def _call(self, fn: Any, *args: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass  # stopped meanwhile

    # -- the server thread -----------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 - reported to start()
            self._error = exc
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        where: dict[str, Any] = {"host": self.host or None, "port": self.port}
        if self.host == "::" and socket.has_dualstack_ipv6():
            # "::" listens for IPv4 too, so the link's (IPv4) LAN address reaches it
            where = {"sock": socket.create_server(("::", self.port), family=socket.AF_INET6,
                                                  dualstack_ipv6=True)}
        guarded = functools.partial(_GuardedConnection, door=self._door)
        async with serve(self._handle, process_request=self._http,
                         create_connection=guarded,  # type: ignore[arg-type]
                         max_size=MAX_MESSAGE_BYTES, max_queue=4, compression=None,
                         ping_interval=HEARTBEAT_S, ping_timeout=PONG_TIMEOUT_S,
                         close_timeout=CLOSE_TIMEOUT_S,
                         server_header=None, logger=_WS_LOG, **where) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stopping.wait()
            for conn in list(self._by_cid.values()):
                conn.put(dumps(bye_message(self._bye)))
                conn.outbox.put_nowait(None)
            await asyncio.sleep(0.1)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Every request, before the WebSocket handshake: 403 unless it names this
        server (``Host``) and, when it has an ``Origin``, comes from its page; 405
        for any method but GET and HEAD; the page's three files; ``/ws`` goes on."""
        if not self._ours(request.headers):
            return connection.respond(403, "Open the link from the game's join screen.\n")
        # websockets < 17 (the newest on Python 3.10) parses GET only and answers any
        # other method 400 itself; from 17 on every method reaches this point
        method = getattr(request, "method", "GET")
        if method not in ("GET", "HEAD"):
            refused = connection.respond(405, "Only GET\n")
            refused.headers["Allow"] = "GET, HEAD"
            return refused
        path = request.path.split("?", 1)[0]
        if path == "/ws" and method == "GET":
            return None  # the WebSocket handshake goes on
        page = self._static.get(path)
        if page is None:
            return connection.respond(404, "Not found\n")
        body, ctype = page
        headers = Headers([("Content-Type", ctype), ("Content-Length", str(len(body))),
                           ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                           ("Referrer-Policy", "no-referrer"), ("Content-Security-Policy", _CSP)])
        return Response(200, "OK", headers, body if method == "GET" else b"")

    def _ours(self, headers: Headers) -> bool:
        """The request names this server and comes from no other page (DNS
        rebinding names another host; another site's page sends its own Origin)."""
        hosts, origins = headers.get_all("Host"), headers.get_all("Origin")
        if len(hosts) != 1 or hosts[0].lower() not in self.allowed or len(origins) > 1:
            return False
        if not origins:
            return True  # not a browser's page (browsers always send one)
        scheme, _, place = origins[0].lower().partition("://")
        return scheme == "http" and place in self.allowed

    def _set_connected(self) -> None:
        with self._lock:
            self._connected = frozenset(self._by_seat)

    def _deliver_seat(self, seat: int, text: str) -> None:
        conn = self._by_seat.get(seat)
        if conn is not None:
            self._queue(conn, text)

    def _deliver_cid(self, cid: int, text: str) -> None:
        conn = self._by_cid.get(cid)
        if conn is not None:
            self._queue(conn, text)

    def _queue(self, conn: _Conn, text: str) -> None:
        if not conn.put(text):
            log.warning("party: seat %d does not read its messages; closing", conn.seat)
            self._close(conn, CLOSE_POLICY, "not reading")

    def _close(self, conn: _Conn, code: int, reason: str) -> None:
        asyncio.ensure_future(conn.ws.close(code, reason))

    async def _writer(self, conn: _Conn) -> None:
        while True:
            text = await conn.outbox.get()
            if text is None:
                await conn.ws.close(1001, "party closed")
                return
            await conn.ws.send(text)

    async def _handle(self, ws: ServerConnection) -> None:
        conn = _Conn(ws, next(self._ids))
        self._by_cid[conn.cid] = conn
        writer = asyncio.ensure_future(self._writer(conn))
        conn.hello_timer = asyncio.get_running_loop().call_later(HELLO_TIMEOUT_S,
                                                                 self._no_hello, conn)
        try:
            async for raw in ws:
                if not self._receive(conn, raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            conn.hello_timer.cancel()
            del self._by_cid[conn.cid]
            if conn.seat >= 0 and self._by_seat.get(conn.seat) is conn:
                del self._by_seat[conn.seat]
                self._set_connected()
                self.inbox.put(("leave", conn.seat, conn.cid))
            conn.outbox.put_nowait(None)  # the writer sends what is queued (a bye), then ends
            try:
                await asyncio.wait_for(writer, 0.5)
            except (asyncio.TimeoutError, ConnectionClosed):
                writer.cancel()

    def _no_hello(self, conn: _Conn) -> None:
        if conn.seat < 0 and conn.cid in self._by_cid:
            conn.put(dumps(error_message("no_hello", "no seat token was sent")))
            conn.outbox.put_nowait(None)

    def _receive(self, conn: _Conn, raw: str | bytes) -> bool:
        """Handle one message; False closes the connection."""
        now = time.monotonic()
        if not conn.bucket.take(now):
            if conn.bucket.dropped >= FLOOD_DROPS:
                conn.put(dumps(bye_message("flood")))
                conn.outbox.put_nowait(None)
                return False
            if now - conn.warned_at >= 1.0:
                conn.warned_at = now
                conn.put(dumps(error_message("rate_limited", "too many messages; slow down")))
            return True
        try:
            msg = parse_client(raw)
        except ProtocolError as err:
            conn.put(dumps(error_message(err.code, err.detail)))
            return True
        kind = msg["type"]
        if kind == "ping":
            conn.put(dumps({"v": msg["v"], "type": "pong", "t": msg.get("t")}))
        elif kind == "hello":
            return self._hello(conn, msg["token"])
        elif kind in ("code", "claim"):
            return self._room_code(conn, msg)
        elif conn.seat < 0:
            conn.put(dumps(error_message("no_hello", "send hello with your seat's token first")))
        else:
            self.inbox.put(("act", conn.seat, conn.cid, msg))
        return True

    def _hello(self, conn: _Conn, token: str) -> bool:
        seat = seat_for_token(self._tokens, token)
        if seat < 0:
            conn.put(dumps(error_message("bad_token", "this link is not a seat of this match")))
            conn.outbox.put_nowait(None)
            return False
        if conn.seat >= 0 and conn.seat != seat:
            conn.put(dumps(error_message("bad_message", "this connection already has a seat")))
            return True
        old = self._by_seat.get(seat)
        if old is not None and old is not conn:
            old.put(dumps(bye_message("replaced")))
            old.seat = -1  # its end must not mark the seat away
            self._close_after_bye(old)
        conn.seat, conn.token = seat, token
        self._by_seat[seat] = conn
        self._door.seated.add(conn.ws)
        if conn.hello_timer is not None:
            conn.hello_timer.cancel()
        self._set_connected()
        self.inbox.put(("join", seat, conn.cid))
        return True

    # -- the room code (docs/PARTY.md, "Joining by typing") ----------------------
    def _room_code(self, conn: _Conn, msg: dict[str, Any]) -> bool:
        """``code``: the free phone seats, if the code is right; ``claim``: take one
        of them (its token, then the seat as with ``hello``). Every try counts
        against the client address's bucket."""
        if conn.seat >= 0:
            conn.put(dumps(error_message("bad_message", "this connection already has a seat")))
            return True
        if not self._code_bucket(_peer(conn.ws)).take(time.monotonic()):
            conn.put(dumps(error_message("code_rate_limited", "too many tries; wait a little")))
            return True
        code, names = self._room
        typed = typed_code(msg["code"])
        if not code or not typed.isascii() or not hmac.compare_digest(typed, code):
            conn.put(dumps(error_message("bad_code", "no match has this code now")))
            return True
        if conn.hello_timer is not None:  # a person is choosing: give them time
            conn.hello_timer.cancel()
            conn.hello_timer = asyncio.get_running_loop().call_later(PICK_TIMEOUT_S,
                                                                     self._no_hello, conn)
        free = [(seat, names.get(seat, "")) for seat in sorted(self._tokens)
                if seat not in self._by_seat]
        if msg["type"] == "code":
            conn.put(dumps(seats_message(free)))
            return True
        seat = msg["seat"]
        if seat not in dict(free):
            conn.put(dumps(error_message("seat_taken", "that seat is not free now")))
            conn.put(dumps(seats_message(free)))
            return True
        token = self._tokens[seat]
        conn.put(dumps(token_message(seat, token)))
        return self._hello(conn, token)

    def _code_bucket(self, address: str) -> Bucket:
        bucket = self._code_tries.get(address)
        if bucket is None:
            if len(self._code_tries) >= CODE_ADDRESSES:
                now = time.monotonic()
                for other, old in list(self._code_tries.items()):
                    if old.level + (now - old.stamp) * old.rate >= old.burst:
                        del self._code_tries[other]
            bucket = self._code_tries[address] = Bucket(1.0 / CODE_REFILL_S, CODE_BURST)
        return bucket

    def _revoke(self, seat: int) -> None:
        """After :meth:`reissue`: the phone on ``seat`` with the old token is told and closed."""
        conn = self._by_seat.get(seat)
        if conn is None or conn.token == self._tokens.get(seat):
            return  # no phone, or one that already came with the new link
        del self._by_seat[seat]
        self._door.seated.discard(conn.ws)
        conn.seat = -1  # nothing more it sends is the seat's
        self._set_connected()
        self.inbox.put(("leave", seat, conn.cid))
        conn.put(dumps(error_message("bad_token", "this link was replaced by a new one")))
        conn.outbox.put_nowait(None)

    def _close_after_bye(self, conn: _Conn) -> None:
        async def later() -> None:
            await asyncio.sleep(0.05)
            await conn.ws.close(CLOSE_REPLACED, "replaced")
        asyncio.ensure_future(later())
