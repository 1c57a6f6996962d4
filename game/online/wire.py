"""What the online carrier adds to the party protocol: codes, versions, the host's frames.

Pure functions, no I/O. The messages themselves are the party protocol's
(:mod:`game.party.protocol`): a guest sends ``act`` and ``ping``, the host
sends ``state``, ``error``, ``bye`` and ``pong``. Online, the seat is the
channel (its code was spoken to one friend), so no ``hello``/token is needed.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from typing import Any

from game import __version__
from game.config import REJOIN_CODE
from game.party.protocol import LEVEL_CHARS, MAX_MESSAGE_BYTES, VERSION
from game.rules.cards import DECK
from game.rules.settings import MAX_SEATS
from game.text_gate import TextRefused, check

APPID = "uno-game/online"  # namespaces our codes on a shared rendezvous server
SUBPROTOCOL = "uno-party"  # the Dilation subchannel that carries the party messages
ONLINE_VERSION = 1  # this carrier's own framing; the messages are the party protocol's VERSION
# The library's public servers, unless UNO_ONLINE_SERVER / UNO_ONLINE_RELAY or the
# Settings' own-server fields (game/online/addresses.py) name self-hosted ones.
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"
CODE_WORDS = 2  # "7-guitarist-revenge": a number and two words
CODE_TTL_S = 15 * 60  # a code no friend used by then expires; the host asks for a new one
REJOIN_TTL_S = 24 * 3600.0  # a seat waiting on its rejoin code (the guest's game comes back by itself)
MAX_GUEST_BYTES = MAX_MESSAGE_BYTES  # a guest's message, as a phone's
MAX_HOST_BYTES = 256 * 1024  # a state frame is a few KB; a guest closes on more
MAX_CODE_CHARS = 64
_CODE = re.compile(r"[0-9]{1,4}(-[a-z]{2,12}){1,4}")
HOST_TYPES = ("state", "error", "bye", "pong", "rejoin")
REJOIN_NAMEPLATE_DIGITS = 16  # the mailbox hands out 1-3 digits (up to 6 when crowded)
REJOIN_SECRET_BYTES = 16  # the code's password: 128 random bits, never typed


class OnlineError(Exception):
    """Why joining or playing online failed; ``code`` keys the words (``online.<code>``):
    ``bad_code`` (not the shape of a code), ``wrong_code`` (no such code, or a mistyped one;
    a code works once), ``host_gone``, ``versions_differ`` (``detail``: the other's version),
    ``no_server`` (the rendezvous server cannot be reached), ``expired``."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


def mailbox_url(chosen: str = "") -> str:
    """The mailbox server: ``UNO_ONLINE_SERVER`` when set, else ``chosen`` (the
    Settings field, already checked), else the library's public one."""
    return os.environ.get("UNO_ONLINE_SERVER") or chosen or PUBLIC_MAILBOX


def relay_hint(chosen: str = "") -> str:
    """The transit relay: ``UNO_ONLINE_RELAY`` when set, else ``chosen``, else the public one."""
    return os.environ.get("UNO_ONLINE_RELAY") or chosen or PUBLIC_RELAY


def normal_code(typed: str) -> str:
    """A code as typed (spaces, capitals, a spoken space for a dash) in its one form,
    or :class:`OnlineError` ``bad_code``. Typed text passes the text gate first."""
    try:
        text = check(typed, "an online code", MAX_CODE_CHARS)
    except TextRefused:
        raise OnlineError("bad_code") from None
    code = "-".join(text.strip().lower().replace("-", " ").split())
    if not _CODE.fullmatch(code):
        raise OnlineError("bad_code")
    return code


def new_rejoin_code() -> str:
    """A fresh rejoin code (:data:`game.config.REJOIN_CODE`) from the CSPRNG: a random
    16-digit nameplate, so it never meets the mailbox's allocated ones nor, in practice,
    another rejoin code (53 bits), and 128 random bits as the password."""
    low = 10 ** (REJOIN_NAMEPLATE_DIGITS - 1)
    nameplate = low + secrets.randbelow(9 * low)
    return f"{nameplate}-{secrets.token_hex(REJOIN_SECRET_BYTES)}"


def rejoin_code(value: Any) -> str:
    """``value`` if it is a rejoin code, else "" (a host's frame is not trusted)."""
    return value if isinstance(value, str) and REJOIN_CODE.fullmatch(value) else ""


def rejoin_message(code: str) -> dict[str, Any]:
    """The host's ``rejoin`` frame: the code the guest's game pairs with by itself
    after the host quits (``bye paused``) and Continues. Online only; a guest of an
    older version drops the frame as unknown."""
    return {"v": VERSION, "type": "rejoin", "code": code}


def our_versions() -> dict[str, Any]:
    """What this side tells the other when the code is agreed (magic-wormhole's app_versions)."""
    return {"uno": {"game": __version__, "protocol": VERSION, "online": ONLINE_VERSION}}


def versions_differ(theirs: Any, ours: dict[str, Any] | None = None) -> str:
    """``""`` when the other side speaks our protocol (``ours``: :func:`our_versions`),
    else its game version to name. Both sides compare the same two numbers, so both
    reach the same verdict and each can say which version the other runs."""
    mine = (ours or our_versions())["uno"]
    uno = theirs.get("uno") if isinstance(theirs, dict) else None
    if not isinstance(uno, dict):
        return "?"
    if uno.get("protocol") == mine["protocol"] and uno.get("online") == mine["online"]:
        return ""
    game = uno.get("game")
    try:
        return check(game, "a game version", 40) if isinstance(game, str) else "?"
    except TextRefused:
        return "?"


def parse_host(data: bytes) -> dict[str, Any]:
    """A frame from the host as a checked dict, or ValueError: one JSON object of
    at most :data:`MAX_HOST_BYTES`, our protocol version, a known type, every string
    through the text gate (names and event fields are shown by the guest's table)."""
    if len(data) > MAX_HOST_BYTES:
        raise ValueError("too large")
    msg = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    if not isinstance(msg, dict) or msg.get("v") != VERSION or msg.get("type") not in HOST_TYPES:
        raise ValueError("not a message of the party protocol")
    todo: list[Any] = [msg]
    while todo:
        value = todo.pop()
        if isinstance(value, str):
            check(value, "the host's message", MAX_HOST_BYTES, empty=True)
        elif isinstance(value, dict):
            todo.extend(value)
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
    if msg["type"] == "state":
        _check_seats(msg)
    return msg


def _check_seats(msg: dict[str, Any]) -> None:
    """A state's seats: ``names`` and ``kinds`` one text per seat (at most
    :data:`MAX_SEATS`), ``levels`` (when sent: a host of this protocol before bots'
    levels were sent has none, and its bots show as Normal) as many, each ``""`` or a
    level of at most :data:`LEVEL_CHARS` characters, and ``under`` (the discard pile
    below its top, when sent) card ids of the deck. ValueError otherwise."""
    names = msg.get("names")
    if not isinstance(names, list) or not 1 <= len(names) <= MAX_SEATS:
        raise ValueError("a state names its seats")
    for key in ("kinds", "levels"):
        value = msg.get(key)
        if value is None and key == "levels":
            continue
        if (not isinstance(value, list) or len(value) != len(names)
                or not all(isinstance(x, str) and len(x) <= LEVEL_CHARS for x in value)):
            raise ValueError(f"a state's {key}: one short text per seat")
    under = msg.get("under", [])
    if (not isinstance(under, list) or len(under) > len(DECK)
            or not all(type(x) is int and 0 <= x < len(DECK) for x in under)):
        raise ValueError("a state's pile: card ids of the deck")


def _no_constant(name: str) -> Any:
    raise ValueError(name)
