"""Deck commitment for remote seats (phones and online guests; docs/ONLINE.md).

Before a round's cards reach a remote seat the host publishes
``commit = SHA-256("uno-deal-v1" | round | salt | deck)``: ``deck`` is the round's
108 card ids in the order the engine shuffled them (one byte each), ``salt`` 32
secret bytes of the host (derived from the match's secret, so the same after
Continue), ``round`` two bytes. Once the round is over it reveals ``salt`` and
``deck``; each remote seat checks the hash against the commitment it got first,
that the deck is the 108 cards once each, and, when it saw the round from its
start, that every card it was dealt or drew and the first card turned came from
that deck in that order (until the first reshuffle, T7/S4, which the rules draw
from the match's seeded generator). A host that changed the deck after
committing is caught. Pure functions, no I/O.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Any

from game.rules.cards import deck_size
from game.rules.events import Event, EventKind

FULL_DECKS = [list(range(deck_size(d))) for d in ("classic", "official")]
"""D1/D3: a revealed deck holds every card of one of the decks once."""

TAG = b"uno-deal-v1"
VERIFIED = "verified"  # the hash, the deck and every card this seat saw agree
HASH_ONLY = "hash_only"  # the hash and the deck agree; the round was not seen from its deal
TAMPERED = "tampered"  # something disagrees: the loud warning


def salt_for(secret: str, round_no: int) -> bytes:
    """The round's salt: 32 bytes of HMAC-SHA256 over the match's secret (never sent
    before the round ends; the secret itself never leaves the host)."""
    return hmac.new(bytes.fromhex(secret), f"uno-deal-salt:{round_no}".encode(),
                    hashlib.sha256).digest()


def commitment(round_no: int, salt: bytes, deck: Sequence[int]) -> str:
    """The published hash (hex) of ``deck`` for ``round_no`` with ``salt``."""
    if not all(0 <= c < 256 for c in deck):
        raise ValueError("a card id does not fit a byte")
    return hashlib.sha256(TAG + round_no.to_bytes(2, "big") + salt + bytes(deck)).hexdigest()


def deal_fields(round_no: int, deck: Sequence[int], secret: str, over: bool) -> dict[str, Any] | None:
    """What a state frame carries (``deal``): the round and its commitment; once the
    round is ``over`` also the salt and the deck. None before a deal."""
    if not deck:
        return None
    salt = salt_for(secret, round_no)
    fields: dict[str, Any] = {"round": round_no, "commit": commitment(round_no, salt, deck)}
    if over:
        fields.update(salt=salt.hex(), deck=list(deck))
    return fields


def check_reveal(reveal: dict[str, Any], committed: str, seat: int, dealer: int, seats: int,
                 events: Sequence[Event]) -> str:
    """:data:`VERIFIED`, :data:`HASH_ONLY` or :data:`TAMPERED` for the revealed
    ``salt``/``deck`` of a round whose commitment ``committed`` this ``seat`` got first.
    ``events``: the round as this seat saw it (complete when it starts at the round's
    start), ``dealer`` and ``seats`` the round's."""
    try:
        salt = bytes.fromhex(reveal["salt"])
        deck = [int(c) for c in reveal["deck"]]
        round_no = int(reveal["round"])
        if sorted(deck) not in FULL_DECKS:
            return TAMPERED  # not the 108 (D3: or 112) cards once each
        if not hmac.compare_digest(commitment(round_no, salt, deck), str(committed)):
            return TAMPERED
    except (KeyError, TypeError, ValueError):
        return TAMPERED
    if not events or events[0].kind is not EventKind.ROUND_START:
        return HASH_ONLY
    return VERIFIED if _cards_follow(deck, seat, events) else TAMPERED


def _cards_follow(deck: list[int], seat: int, events: Sequence[Event]) -> bool:
    """The cards this seat saw leave the pile are the deck's, from its end, in order."""
    pos = len(deck)
    for e in events:
        if e.kind in (EventKind.RESHUFFLE, EventKind.START_CARD_RETURN):
            return True  # the pile was shuffled again: the rest is the generator's
        if e.kind in (EventKind.DEAL, EventKind.DRAW, EventKind.START_CARD):
            n = len(e.cards) or e.hidden or (1 if e.kind is EventKind.START_CARD else 0)
            expected = [deck[pos - 1 - i] for i in range(n)] if pos >= n else None
            if expected is None:
                return False
            mine = e.kind is EventKind.START_CARD or e.seat == seat
            if mine and e.cards and list(e.cards) != expected:
                return False
            pos -= n
    return True
