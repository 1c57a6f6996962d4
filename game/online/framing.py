"""One message a frame on a Dilation subchannel: a 4-byte length, then the JSON text.

Twisted's ``Int32StringReceiver`` with a size limit per side: a frame over the
limit closes the subchannel instead of being buffered. Twisted is imported on
first use: the game's modules import without the ``online`` extra.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

OnOpen = Callable[[Any], None]
OnFrame = Callable[[Any, bytes], None]
OnClose = Callable[[Any], None]


def factory(limit: int, on_open: OnOpen, on_frame: OnFrame, on_close: OnClose) -> Any:
    """A Twisted protocol factory whose channels call ``on_open(channel)``,
    ``on_frame(channel, data)`` and ``on_close(channel)``; a channel has
    ``send(data)``, ``close()`` and ``closed``."""
    framed, framed_factory = _classes()
    return framed_factory(lambda: framed(limit, on_open, on_frame, on_close))


@functools.cache
def _classes() -> tuple[Any, Any]:
    from twisted.internet.protocol import Factory
    from twisted.protocols.basic import Int32StringReceiver

    class Framed(Int32StringReceiver):  # type: ignore[misc]
        def __init__(self, limit: int, on_open: OnOpen, on_frame: OnFrame,
                     on_close: OnClose) -> None:
            self.MAX_LENGTH = limit
            self._on_open, self._on_frame, self._on_close = on_open, on_frame, on_close
            self.closed = False
            self.closing = False  # close() asked: nothing more is written

        def connectionMade(self) -> None:
            self._on_open(self)

        def stringReceived(self, data: bytes) -> None:
            if not self.closed:
                self._on_frame(self, data)

        def lengthLimitExceeded(self, length: int) -> None:
            self.close()

        def connectionLost(self, reason: Any = None) -> None:
            if not self.closed:
                self.closed = True
                self._on_close(self)

        def send(self, data: bytes) -> None:
            if self.closed or self.closing:
                return
            try:
                self.sendString(data)
            except Exception:  # noqa: BLE001 - the subchannel closed under us (AlreadyClosedError)
                self.closing = True

        def close(self) -> None:
            if self.transport is not None and not self.closing:
                self.closing = True
                self.transport.loseConnection()  # type: ignore[misc]

    class FramedFactory(Factory):  # type: ignore[misc]
        def __init__(self, make: Callable[[], Framed]) -> None:
            self._make = make

        def buildProtocol(self, addr: Any) -> Framed:
            p = self._make()
            p.factory = self
            return p

    return Framed, FramedFactory


def no_delay(channel: Any) -> None:
    """Send the current peer connection's small frames at once (TCP_NODELAY).

    Dilation leaves Nagle's algorithm on; a state frame then waits for the ACK of
    the previous one, and the act -> state round trip takes 40-90 ms on loopback
    instead of a few. Called whenever a (replacement) connection is in use; reaches
    into the library's manager, so it does nothing if those names change.
    """
    manager = getattr(getattr(channel, "transport", None), "_manager", None)
    connection = getattr(manager, "_connection", None)
    transport = getattr(connection, "transport", None)
    set_no_delay = getattr(transport, "setTcpNoDelay", None)
    if set_no_delay is not None:
        try:
            set_no_delay(True)
        except OSError:
            pass  # the connection is closing
