"""The party server: the phone page and one WebSocket per phone, in a thread of its own.

It knows seats and tokens, not the game: a checked ``act`` from the phone of
a seat goes into :attr:`PartyServer.inbox` for the game's main thread (the
single authority) to judge; the main thread hands back whole messages with
:meth:`PartyServer.send`. Only the three files of the page and ``/ws`` are
served; nothing is read from a path a request names.

Faults handled here, before the game sees anything: messages over
:data:`~game.party.protocol.MAX_MESSAGE_BYTES` close the connection (1009),
malformed or unknown messages get an ``error``, a flood is rate-limited per
connection and closed when it goes on, a second connection with a seat's
token replaces the first (``bye`` ``replaced``), and a phone that does not read
its messages is closed instead of buffering without end.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import queue
import socket
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from .protocol import (
    MAX_MESSAGE_BYTES,
    ProtocolError,
    bye_message,
    dumps,
    error_message,
    parse_client,
    seat_for_token,
)

log = logging.getLogger(__name__)

# Per connection: a bucket of RATE_BURST messages refilled at RATE_PER_S; a phone
# that keeps sending into an empty bucket for FLOOD_DROPS messages is closed.
RATE_PER_S = 15.0
RATE_BURST = 30.0
FLOOD_DROPS = 100
OUTBOX_LIMIT = 64  # messages waiting for a phone that does not read: then it is closed
HELLO_TIMEOUT_S = 10.0  # a connection that names no seat by then is closed
MAX_CONNECTIONS = 32  # open sockets at once (ten seats, reloads and strays); more are refused
CLOSE_TRY_LATER = 1013
CLOSE_REPLACED = 4000
CLOSE_POLICY = 1008

# The page: URL path -> (file in game/party/static, content type). Nothing else is served.
STATIC = {
    "/": ("phone.html", "text/html; charset=utf-8"),
    "/phone.css": ("phone.css", "text/css; charset=utf-8"),
    "/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
}
_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


PARTY_PORTS = (8765, 8766, 8767, 8768, 8769)  # fixed, so links still work after Continue


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
    bucket: Bucket = field(default_factory=Bucket)
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    warned_at: float = 0.0

    def put(self, text: str) -> bool:
        """Queue a message; False (and the caller closes) when the phone is not reading."""
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            return False
        self.outbox.put_nowait(text)
        return True


class PartyServer:
    """Serves the phone page and the phones' sockets on ``host``:``port`` (0: any free port).

    ``secret`` and ``seats`` say which tokens are valid (see
    :func:`~game.party.protocol.seat_token`). Inbox items, for the main thread:
    ``("join", seat, cid)``, ``("leave", seat, cid)``, ``("act", seat, cid, msg)``.
    """

    def __init__(self, secret: str, seats: list[int], host: str = "127.0.0.1",
                 port: int = 0) -> None:
        self.secret = secret
        self.seats = list(seats)
        self.host = host
        self.port = port
        self.inbox: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._static = load_static()
        self._by_seat: dict[int, _Conn] = {}
        self._by_cid: dict[int, _Conn] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._connected: frozenset[int] = frozenset()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    # -- life cycle (main thread) ------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Listen; returns once bound (``port`` then holds the real port). Raises OSError."""
        self._thread = threading.Thread(target=self._run, name="party-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the party server did not start")
        if self._error is not None:
            raise OSError(f"the party server could not listen: {self._error}")

    def stop(self, timeout: float = 5.0) -> None:
        """Say ``bye`` to every phone, close and stop listening."""
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
        async with serve(self._handle, self.host, self.port, process_request=self._http,
                         max_size=MAX_MESSAGE_BYTES, max_queue=4, compression=None,
                         ping_interval=10, ping_timeout=10, close_timeout=2,
                         server_header=None) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stopping.wait()
            for conn in list(self._by_cid.values()):
                conn.put(dumps(bye_message("closed")))
                conn.outbox.put_nowait(None)
            await asyncio.sleep(0.1)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            return None  # the WebSocket handshake goes on
        page = self._static.get(path)
        if page is None:
            return connection.respond(404, "Not found\n")
        body, ctype = page
        headers = Headers([("Content-Type", ctype), ("Content-Length", str(len(body))),
                           ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                           ("Referrer-Policy", "no-referrer"), ("Content-Security-Policy", _CSP)])
        return Response(200, "OK", headers, body)

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
        if len(self._by_cid) >= MAX_CONNECTIONS:
            await ws.close(CLOSE_TRY_LATER, "too many connections")
            return
        conn = _Conn(ws, next(self._ids))
        self._by_cid[conn.cid] = conn
        writer = asyncio.ensure_future(self._writer(conn))
        asyncio.get_running_loop().call_later(HELLO_TIMEOUT_S, self._no_hello, conn)
        try:
            async for raw in ws:
                if not self._receive(conn, raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            del self._by_cid[conn.cid]
            if conn.seat >= 0 and self._by_seat.get(conn.seat) is conn:
                del self._by_seat[conn.seat]
                self._set_connected()
                self.inbox.put(("leave", conn.seat, conn.cid))
            try:
                await asyncio.wait_for(writer, 0.5)  # send what is queued (a bye)
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
        elif conn.seat < 0:
            conn.put(dumps(error_message("no_hello", "send hello with your seat's token first")))
        else:
            self.inbox.put(("act", conn.seat, conn.cid, msg))
        return True

    def _hello(self, conn: _Conn, token: str) -> bool:
        seat = seat_for_token(self.secret, self.seats, token)
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
        conn.seat = seat
        self._by_seat[seat] = conn
        self._set_connected()
        self.inbox.put(("join", seat, conn.cid))
        return True

    def _close_after_bye(self, conn: _Conn) -> None:
        async def later() -> None:
            await asyncio.sleep(0.05)
            await conn.ws.close(CLOSE_REPLACED, "replaced")
        asyncio.ensure_future(later())
