"""The addresses of a self-hosted magic-wormhole server, as the player gives them.

Pure and light (no library import): the settings file and the Settings screen
check them here. The mailbox (rendezvous) server is a WebSocket URL
(``ws://host:4000/v1`` or ``wss://...``), the transit relay a Twisted client
endpoint ``tcp:host:port``. ``""`` means the library's public server.
"""

from __future__ import annotations

import re

from game.text_gate import check

MAX_ADDRESS_CHARS = 200
_HOST = r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
_PORT = r"[0-9]{1,5}"
_MAILBOX = re.compile(rf"wss?://(?:{_HOST}|\[[0-9A-Fa-f:.]{{2,45}}\])(?::(?P<port>{_PORT}))?"
                      r"(?:/[A-Za-z0-9._~%!$&'()*+,;=:@/-]*)?")
_RELAY = re.compile(rf"tcp:{_HOST}:(?P<port>{_PORT})")


def _port_ok(match: re.Match[str] | None) -> bool:
    if match is None:
        return False
    port = match.group("port")
    return port is None or 1 <= int(port) <= 65535


def mailbox_address(text: object) -> str:
    """``text`` (spaces round it dropped) when it is ``""`` or a mailbox server's URL:
    ``ws://`` or ``wss://``, a host name or address, an optional port (1-65535) and
    path. ValueError otherwise (:class:`~game.text_gate.TextRefused` for text the
    game refuses at all: control characters, too long, not text)."""
    value = check(text, "an online mailbox server", MAX_ADDRESS_CHARS, empty=True).strip()
    if value and not _port_ok(_MAILBOX.fullmatch(value)):
        raise ValueError("a mailbox server is ws://host:port/path or wss://host:port/path")
    return value


def relay_address(text: object) -> str:
    """``text`` (spaces round it dropped) when it is ``""`` or a transit relay's
    ``tcp:host:port`` (port 1-65535). ValueError otherwise, as :func:`mailbox_address`."""
    value = check(text, "an online transit relay", MAX_ADDRESS_CHARS, empty=True).strip()
    if value and not _port_ok(_RELAY.fullmatch(value)):
        raise ValueError("a transit relay is tcp:host:port")
    return value
