"""The party protocol: the JSON messages between the game and a phone (docs/PARTY.md).

Pure functions, no I/O and no pygame. The game is the authority: a phone
sends ``hello`` (its seat token) and ``act`` messages; the game answers with
``state`` (that seat's own view only), ``error`` and ``bye``. A page opened
without a token sends ``code`` (the room code: answered ``seats``, the free
phone seats) and ``claim`` (answered ``token``, then the seat's state). Every
message is one JSON object with ``"v": VERSION`` and a ``"type"``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from game.rules.actions import Action, action_from_dict, action_to_dict
from game.rules.cards import DECK, Card, Colour
from game.rules.events import Event
from game.rules.verdicts import uno_call_helps
from game.rules.view import PlayerView
from game.text_gate import TextRefused, check, excerpt

VERSION = 1
MAX_MESSAGE_BYTES = 4096  # a phone's message is a few dozen bytes; larger ones close the socket
TOKEN_CHARS = 22  # a seat token: 128 bits as unpadded base64url
DISCARD_SENT = 12  # the top of the face-up pile a state carries (the table shows a few)
LEVEL_CHARS = 8  # a bot level in a state frame (a bot class's name is cut as the table's badge)
# hello, act and ping; "deal" asks the table to start the match or deal the next
# round (when the host allows phones to), "name" names a seat that has none; "code"
# and "claim" join by the room code (a page opened without a token).
CLIENT_TYPES = ("hello", "act", "ping", "deal", "name", "code", "claim")
# Actions a phone may send. Not NextRound: the table deals the next round (a phone asks
# with "deal", when the host allows it).
ACTION_KINDS = ("play", "draw", "pass", "choose_colour", "challenge", "accept", "call_uno",
                "catch", "jump_in", "wrong_play", "swap_hands")


class ProtocolError(ValueError):
    """A message the game refuses; ``code`` is sent back in the ``error`` message."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


# ------------------------------------------------------------------ tokens --

def new_secret() -> str:
    """A fresh per-match secret (128 bits from ``secrets``), kept in the save."""
    return secrets.token_hex(16)


def seat_token(secret: str, seat: int, generation: int = 0) -> str:
    """The join token of ``seat``: 128 bits of HMAC-SHA256(secret, seat), base64url.

    Derived rather than stored, so the same links work again after Continue,
    and one seat's token tells nothing about another's. ``generation`` counts the
    times the host re-issued the seat's link (``MatchConfig.party_reissued``);
    generation 0 is the token of every save made before links could be re-issued.
    """
    message = f"uno-party-seat:{seat}" + (f":{generation}" if generation else "")
    digest = hmac.new(bytes.fromhex(secret), message.encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def seat_for_token(tokens: Mapping[int, str], token: Any) -> int:
    """The seat whose current token (``tokens``: seat -> token) is ``token``,
    compared in constant time; -1 for anything else."""
    if not isinstance(token, str) or len(token) != TOKEN_CHARS or not token.isascii():
        return -1  # compare_digest takes ASCII text only
    found = -1
    for seat, valid in tokens.items():
        if hmac.compare_digest(valid, token):
            found = seat
    return found


# ---------------------------------------------------------------- room code --
# A short code to type instead of a link (docs/PARTY.md, "Joining by typing"): it
# leads to a picker of the phone seats free now. Letters only, none that reads
# as another character (no I/L/1, no O/0), upper or lower case alike.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4


def room_code(secret: str) -> str:
    """The match's room code: derived from its secret (the same after Continue),
    :data:`CODE_LENGTH` letters of :data:`CODE_ALPHABET`."""
    digest = hmac.new(bytes.fromhex(secret), b"uno-party-room", hashlib.sha256).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(CODE_LENGTH):
        number, i = divmod(number, len(CODE_ALPHABET))
        letters.append(CODE_ALPHABET[i])
    return "".join(letters)


def typed_code(text: str) -> str:
    """What a player typed as a room code, as it compares: upper case, without
    spaces and dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -")


def seats_message(seats: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """The answer to a right room code: the phone seats free now, ``(seat, name)``."""
    return {"v": VERSION, "type": "seats",
            "seats": [{"seat": seat, "name": name} for seat, name in seats]}


def token_message(seat: int, token: str) -> dict[str, Any]:
    """The answer to a claim that took ``seat``: its token (the page keeps it in its
    address, so a reload comes back to the seat); the seat's state follows."""
    return {"v": VERSION, "type": "token", "seat": seat, "token": token}


# --------------------------------------------------------- client messages --

def parse_client(text: str | bytes) -> dict[str, Any]:
    """A phone's message as a checked dict; raises :class:`ProtocolError`.

    Checks the shape only (type, version, field types); whether an action is
    legal, current and the sender's own is for the game to say.
    """
    if isinstance(text, bytes):
        if len(text) > MAX_MESSAGE_BYTES:
            raise ProtocolError("too_large")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "not UTF-8") from None
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large")
    try:
        msg = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "not a JSON message") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "a message must be a JSON object")
    try:
        _gate(msg)
    except TextRefused as refused:
        raise ProtocolError("bad_message", str(refused)) from None
    if msg.get("v") != VERSION:
        raise ProtocolError("bad_version", f"this game speaks protocol version {VERSION}")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {excerpt(kind)!r}")
    if kind == "hello" and not isinstance(msg.get("token"), str):
        raise ProtocolError("bad_message", "hello needs a token")
    if kind in ("code", "claim") and not isinstance(msg.get("code"), str):
        raise ProtocolError("bad_message", f"{kind} needs the room code")
    if kind == "claim" and not _whole(msg.get("seat")):
        raise ProtocolError("bad_message", "claim needs the seat it takes")
    if kind == "act":
        at, action = msg.get("at"), msg.get("action")
        if not _whole(at):
            raise ProtocolError("bad_message", "act needs the state number 'at' it answers")
        if not isinstance(action, dict) or action.get("kind") not in ACTION_KINDS:
            raise ProtocolError("bad_message", "act needs an action with a known kind")
    if kind in ("deal", "name") and not _whole(msg.get("at")):
        raise ProtocolError("bad_message", f"{kind} needs the state number 'at' it answers")
    if kind == "name" and not isinstance(msg.get("name"), str):
        raise ProtocolError("bad_message", "name needs a name")
    return msg


def _gate(msg: dict[str, Any]) -> None:
    """Every string of a phone's message, keys included, through the text gate
    (:func:`game.text_gate.check`): no lone surrogate or control character, which
    the game could neither echo nor show. Raises TextRefused. A loop, not
    recursion: the nesting is as deep as 4096 bytes of brackets allow."""
    todo: list[Any] = [msg]
    while todo:
        value = todo.pop()
        if isinstance(value, str):
            check(value, "a phone's message", MAX_MESSAGE_BYTES, empty=True)
        elif isinstance(value, dict):
            todo.extend(value)
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def action_for(seat: int, wire: dict[str, Any]) -> Action:
    """The engine action a phone of ``seat`` asks for. A ``seat`` in the message
    must be the sender's own (``not_your_seat``); bad fields are ``bad_message``."""
    claimed = wire.get("seat", seat)
    if claimed != seat:
        raise ProtocolError("not_your_seat", "a phone acts only for its own seat")
    try:
        return action_from_dict({**wire, "seat": seat})
    except (ValueError, TypeError) as exc:
        raise ProtocolError("bad_message", str(exc)) from None


# --------------------------------------------------------- game messages --

def card_wire(card: Card) -> dict[str, Any]:
    return {"id": card.id, "k": card.kind.value,
            "c": card.colour.value if card.colour is not None else None, "n": card.number}


_COLOUR_ORDER = {c: i for i, c in enumerate((*Colour, None))}


def sorted_hand(hand: Sequence[Card]) -> list[Card]:
    """A hand as the phone shows it: by colour (wilds last), then number, then symbol."""
    return sorted(hand, key=lambda c: (_COLOUR_ORDER[c.colour], c.number is None,
                                       c.number or 0, c.kind.value, c.id))


def _value(x: Any) -> Any:
    return getattr(x, "value", x)  # a str-valued enum (event kinds, phases) as its text


def event_wire(event: Event) -> dict[str, Any]:
    """A (redacted) event for a phone: its public fields, card ids as cards.

    ``data`` (round-end hands, totals) is left out: the state message carries
    the scores, and hands shown at the end of a round are the table's to show.
    """
    d = {k: _value(v) for k, v in event.to_dict().items() if k != "data"}
    if "cards" in d:
        d["cards"] = [card_wire(DECK[i]) for i in d["cards"]]
    return d


def state_message(view: PlayerView, legal: Sequence[Action], at: int, names: Sequence[str],
                  events: Sequence[Event], away: Sequence[int], bot_seats: Sequence[int],
                  kinds: Sequence[str], *, levels: Sequence[str] = (), started: bool = True,
                  lines: Sequence[Mapping[str, str]] = (), standings: Sequence[int] = (),
                  table: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything a phone of ``view.seat`` shows, built from that seat's own view.

    ``levels``: each seat's bot level as the host's table shows it (:func:`shown_level`;
    ``""`` for a seat that is no bot), public like the host's own badges.
    ``started`` false: the host has not pressed Start yet (the page says so;
    ``legal`` must then be empty).
    ``at`` numbers the state (the count of actions applied); an ``act`` must
    name the ``at`` it answers. ``events`` must already be redacted for the seat;
    ``lines`` are the log's sentences for them (:func:`game.party.story.log_lines`),
    ``standings`` every seat best first (:func:`game.rules.scoring.standings`).
    ``table`` holds what the table adds (:meth:`PartyHost._table_fields`: paused,
    the countdowns to a bot, whether this phone may deal or name its seat).

    ``uno_offer``: the UNO! button makes sense now (T6, :func:`.verdicts.uno_call_helps`,
    as the desktop offers it); ``stakes``: what Challenge and Accept cost (T5) when
    a challenge is open to this seat, else None.
    """
    plays = any(a.kind == "play" for a in legal)
    challenge = any(a.kind == "challenge" for a in legal)
    guilty, innocent = view.challenge_stakes()
    return {
        "v": VERSION, "type": "state", "at": at, "seat": view.seat,
        "names": list(names), "kinds": list(kinds),
        "levels": list(levels) or [""] * len(names), "hand": [card_wire(c) for c in sorted_hand(view.hand)],
        "legal": [action_to_dict(a) for a in legal if a.kind in ACTION_KINDS],
        "top": card_wire(view.top_card) if view.top_card is not None else None,
        "colour": _value(view.colour), "direction": view.direction, "phase": _value(view.phase),
        "to_act": view.to_act, "current": view.current, "counts": list(view.hand_sizes),
        "pending": view.pending_penalty,
        "drawn": card_wire(view.drawn_card) if view.drawn_card is not None else None,
        "uno_exposed": view.uno_exposed, "uno_declared": view.uno_declared,
        "draw_pile": view.draw_pile_size, "round": view.round_no, "scores": list(view.scores),
        "winner": view.winner, "away": list(away), "bots": list(bot_seats),
        "events": [event_wire(e) for e in events], "started": started,
        "uno_offer": any(a.kind == "call_uno" for a in legal) and uno_call_helps(view.uno_call(), plays),
        "stakes": ({"guilty": guilty, "innocent": innocent, "accept": view.pending_penalty,
                    "offender": _last_player(view)} if challenge else None),
        "lines": [dict(line) for line in lines], "standings": list(standings),
        "target": view.settings.target_score, "scoring": view.settings.scoring,
        # the rest of the public table, for a guest's desktop table (game/online/remote.py)
        "rules": view.settings.to_dict(), "discard": [card_wire(c) for c in view.discard[-DISCARD_SENT:]],
        "under": [c.id for c in view.discard[:-DISCARD_SENT]],  # the rest of the pile, ids only
        "jump_in": card_wire(view.jump_in_card) if view.jump_in_card is not None else None,
        "dealer": view.dealer, "round_points": [list(r) for r in view.round_points],
        "out": list(view.out), "teams": list(view.teams),
        "deal": None,  # the deck commitment (game/party/deal_commit.py), from the host's table
        "paused": False, "bot_in": {}, "may_deal": False, "can_name": False, "bot_played": 0,
        **(table or {}),
    }


def shown_level(kind: str, level: str) -> str:
    """A seat's bot level as a state frame carries it: ``""`` for a seat that is no
    bot, a built-in level's name, or a bot class's short name (what the host's badge
    shows for it: ``module:Class`` -> ``Class``, cut to :data:`LEVEL_CHARS`)."""
    if kind != "ai":
        return ""
    return level.split(":")[-1][:LEVEL_CHARS]


def _last_player(view: PlayerView) -> int:
    """The seat that made the last play this seat saw (the Wild Draw Four's player, T5)."""
    log = view.log
    for i in range(len(log) - 1, -1, -1):
        if log[i].kind == "play":
            return log[i].seat
    return -1


def error_message(code: str, detail: str = "", **extra: Any) -> dict[str, Any]:
    """An ``error``; ``extra`` adds fields (an ``illegal`` one: ``reason`` per language, ``rule``)."""
    return {"v": VERSION, "type": "error", "code": code, "detail": detail, **extra}


def bye_message(reason: str) -> dict[str, Any]:
    """Sent before the game closes a connection: ``replaced`` (the same seat joined
    again elsewhere), ``flood``, ``closed`` (the party match ended: nothing to
    come back to), ``paused`` (the host left the match, which can be continued:
    the phone keeps retrying and is back on its own after Continue)."""
    return {"v": VERSION, "type": "bye", "reason": reason}


def dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
