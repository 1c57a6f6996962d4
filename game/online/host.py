"""OnlineHost: the party host's logic for online seats (docs/ONLINE.md).

The same :class:`~game.party.host.PartyHost` judges every act (``stale``,
``illegal``, ``not_started``, ``paused``), publishes each seat its own state
after every action and lets a bot stand in for a seat away too long; only the
carrier differs: :class:`~game.online.seats.OnlineSeats` instead of the
WebSocket server. An online seat is a remote seat of the match's config
(today a ``phone`` seat: the table treats both alike); the codes replace links.

After each new pairing (not a link Dilation replaced) the host hands the guest a
fresh rejoin code over the encrypted link and keeps it in the match's config (the
autosave): after the host quits and Continues, that seat opens with it and the
guest's game, which waits on it since ``bye paused``, is back with no code read out.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from game.party.host import PartyHost

from .seats import OnlineSeats
from .wire import new_rejoin_code, rejoin_message

# A guest's table tracks the round from its log as a local seat does (the Hint's
# agent reads it): a joining guest gets the round's whole log, up to this many events
# (about 100 bytes each: far below a frame's 256 KiB).
ONLINE_LOG_ON_JOIN = 1000


class OnlineHost(PartyHost):
    """Binds the online seats ``seats`` of ``controller``'s match to wormhole codes."""

    log_on_join = ONLINE_LOG_ON_JOIN

    def __init__(self, controller: Any, seats: Sequence[int], *, bot_after: float | None = None,
                 mailbox: str | None = None, relay: str | None = None, listen: bool = True,
                 code_ttl: float | None = None) -> None:
        super().__init__(controller, bot_after=bot_after)
        self.seats = list(seats)
        extra = {} if code_ttl is None else {"code_ttl": code_ttl}
        config = controller.config
        rejoin = {} if controller.is_over else {
            s: config.rejoin_code(s) for s in self.seats if config.rejoin_code(s)}
        self.server = OnlineSeats(self.seats, mailbox=mailbox, relay=relay, listen=listen,
                                  rejoin=rejoin, **extra)  # type: ignore[assignment]
        started = time.monotonic()
        self.away_since = {s: started for s in self.seats}
        self._paired: dict[int, int] = {}  # seat -> the channel its rejoin code went to
        self._over = False

    def start(self) -> None:
        self.server.start()

    def seat_code(self, seat: int, timeout: float = 0.0) -> str:
        """The code the host reads out for ``seat`` ("" while none is ready, or it expired)."""
        return self.online.code(seat, timeout)

    def state(self, seat: int) -> tuple[str, str]:
        """``(state, last_error)`` of the seat's link (:data:`~game.online.seats.STATES`)."""
        return self.online.state(seat)

    def reissue(self, seat: int) -> None:
        """A new code for ``seat``: the old one stops working; a guest on it is dropped
        (and so is the seat's rejoin code: the next guest gets its own)."""
        self._cids.pop(seat, None)
        self.online.new_code(seat)
        self._keep_rejoin(seat, "")

    def _joined(self, seat: int, cid: int) -> None:
        """A guest took the seat: after a new pairing (a new channel, not a link
        Dilation replaced) it gets the seat's next rejoin code, kept in the save
        first; the one it paired with (spoken or rejoin) is spent."""
        if self._paired.get(seat) != cid:
            self._paired[seat] = cid
            code = new_rejoin_code()
            self._keep_rejoin(seat, code)
            self.server.send_to(cid, rejoin_message(code))
            self.online.expect(seat, code)  # the seat waits on it when the guest's game closes
        super()._joined(seat, cid)

    def pump(self, now: float | None = None, *, paused: bool = False) -> None:
        super().pump(now, paused=paused)
        if self.controller.is_over and not self._over:
            self._over = True  # a finished match waits for nobody's game to come back
            for seat in self.seats:
                self.online.expect(seat, "")

    def _keep_rejoin(self, seat: int, code: str) -> None:
        config = self.controller.config
        if config.rejoin_code(seat) != code:
            self.controller.config = config.with_rejoin(seat, code)
            self.controller.autosave()  # the match is saved from its start (game.session)

    def url(self, seat: int) -> str:
        return self.seat_code(seat)

    @property
    def online(self) -> OnlineSeats:
        assert isinstance(self.server, OnlineSeats)
        return self.server
