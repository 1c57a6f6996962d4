"""PartyHost: the phones' seats of one match, run from the game's main thread.

The desktop game stays the single authority. Each frame the table calls
:meth:`PartyHost.pump`: it takes what the server thread received, checks each
action against the match (``stale`` unless it answers the current state,
``illegal`` unless it is in ``legal_actions`` for the sender's seat) and
applies it through the same :class:`~game.controller.MatchController` as a
click. After every applied action (any seat's) each phone gets its own
state: its own ``PlayerView`` and the events redacted for it.

Until the host presses Start on the join screen (:meth:`PartyHost.begin`) the
match is not running: phones get their hand with ``started`` false and no legal
actions, and their taps are refused ``not_started``.

A phone seat whose phone is away (never joined, asleep, reloading) keeps its
place: the match waits for it, and after ``bot_after`` seconds (``None``:
never) a bot plays the seat until the phone is back.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

from game import i18n
from game.rules.actions import Action, Play
from game.rules.events import Event, redact

from .protocol import ProtocolError, action_for, error_message, seat_token, state_message
from .server import PartyServer, url_host

log = logging.getLogger(__name__)

PUMP_BUDGET = 32  # inbox items handled per frame: a burst never stalls the table
LOG_ON_JOIN = 12  # recent log entries a (re)joining phone gets
REDRAW_S = 0.25  # the table keeps drawing this long after a phone joined, left or acted
TAKEOVER_LEVEL = "normal"


class PartyHost:
    """Binds a controller's phone seats to a :class:`PartyServer`.

    ``controller`` is a MatchController whose config has ``phone`` seats and a
    ``party_secret``. Call :meth:`start` once, :meth:`pump` every frame and
    :meth:`stop` when the match is left.
    """

    def __init__(self, controller: Any, *, host: str = "127.0.0.1",
                 ports: Sequence[int] = (0,), bot_after: float | None = None) -> None:
        self.controller = controller
        config = controller.config
        self.secret: str = config.party_secret
        self.seats = [i for i, s in enumerate(config.seats) if s.kind == "phone"]
        self.ports = tuple(ports)
        self.server = PartyServer(self._tokens(), host, self.ports[0])
        self.bot_after = bot_after
        # The connection that holds each seat now: an action from any other (a phone
        # replaced, or holding a re-issued link) still in the inbox is dropped.
        self._cids: dict[int, int] = {}
        started = time.monotonic()
        self.away_since: dict[int, float] = {s: started for s in self.seats}
        self.bot_seats: set[int] = set()
        self._changed = 0.0  # time.monotonic() of the last pump that handled something
        self.started = False  # the host pressed Start: the table is running
        controller.on_applied.append(self._on_applied)

    # -- life cycle -------------------------------------------------------------
    def start(self) -> None:
        """Listen on the first free port of ``ports`` (0: any); OSError when none is."""
        error: OSError | None = None
        for port in self.ports:
            self.server = PartyServer(self._tokens(), self.server.host, port)
            try:
                self.server.start()
                return
            except OSError as exc:
                error = exc
        assert error is not None
        raise error

    def begin(self) -> None:
        """The host pressed Start: every phone gets the running table and its legal actions."""
        if not self.started:
            self.started = True
            self._publish_all([])

    def stop(self) -> None:
        self.server.stop()
        if self._on_applied in self.controller.on_applied:
            self.controller.on_applied.remove(self._on_applied)
        for seat in list(self.bot_seats):
            self._release(seat)

    def token(self, seat: int) -> str:
        """The seat's current token (its link's generation: ``MatchConfig.party_reissued``)."""
        return seat_token(self.secret, seat, self.controller.config.link_generation(seat))

    def _tokens(self) -> dict[int, str]:
        return {seat: self.token(seat) for seat in self.seats}

    def url(self, seat: int) -> str:
        """The join link of ``seat``, on this computer's address (never a wildcard);
        the token rides in the fragment: never sent in a request."""
        return f"http://{url_host(self.server.link_host)}:{self.server.port}/#{self.token(seat)}"

    def reissue(self, seat: int) -> None:
        """A new link for the phone seat ``seat`` (the host's "New link"): the old one
        stops working now, a phone connected with it is disconnected (the seat is
        away until the new link is opened), and the match's config (``controller.config``,
        ``party_reissued``) holds it: the autosave is written again when the match
        has one, so Continue gives the new link. ValueError past
        :data:`~game.config.MAX_REISSUES`."""
        self.controller.config = self.controller.config.reissue_link(seat)
        self._cids.pop(seat, None)
        self.server.reissue(seat, self.token(seat))
        if self.controller.game.actions:
            self.controller.autosave()

    # -- queries for the table ---------------------------------------------------
    def connected(self) -> frozenset[int]:
        return self.server.connected()

    def busy(self) -> bool:
        """Something from a phone waits for :meth:`pump`, or the last pump changed what
        the table shows (a phone joined or left): the table renders at full rate."""
        return not self.server.inbox.empty() or time.monotonic() - self._changed < REDRAW_S

    def away(self) -> list[int]:
        """Phone seats without a phone now (the table shows them; the match waits)."""
        return sorted(self.away_since)

    # -- each frame ----------------------------------------------------------------
    def pump(self, now: float | None = None, *, paused: bool = False) -> None:
        """Handle what the phones sent (at most :data:`PUMP_BUDGET` items), then
        let a bot take over seats away longer than ``bot_after``. While ``paused``
        (the host is in a menu) phones join and leave but their actions get ``paused``
        and no bot takes over."""
        now = time.monotonic() if now is None else now
        for _ in range(PUMP_BUDGET):
            try:
                item = self.server.inbox.get_nowait()
            except Exception:  # noqa: BLE001 - queue.Empty: nothing more this frame
                break
            self._changed = time.monotonic()
            kind, seat, cid = item[0], item[1], item[2]
            if kind == "join":
                self._cids[seat] = cid
                self._joined(seat, cid)
            elif kind == "leave":
                if self._cids.get(seat) == cid:
                    del self._cids[seat]
                self.away_since.setdefault(seat, now)
                self._publish_all([])
            elif kind == "act" and self._cids.get(seat) != cid:
                continue  # sent by a connection that no longer holds the seat
            elif kind == "act" and not self.started:
                self.server.send_to(cid, error_message("not_started", "the host has not started yet"))
            elif kind == "act" and paused:
                self.server.send_to(cid, error_message("paused", "the host is in a menu"))
            elif kind == "act":
                self._act(seat, cid, item[3])
        if not paused and self.started:
            self._takeover(now)

    def _joined(self, seat: int, cid: int) -> None:
        was_away = self.away_since.pop(seat, None) is not None
        if seat in self.bot_seats:
            self._release(seat)
        view = self.controller.view(seat)
        recent = list(view.log)[-LOG_ON_JOIN:]
        self.server.send_to(cid, self._state(seat, recent))
        if was_away:
            self._publish_all([], but=seat)

    def _act(self, seat: int, cid: int, msg: dict[str, Any]) -> None:
        game = self.controller.game
        if seat in self.bot_seats:
            self._release(seat)  # the phone is back and acting: the bot leaves
        if msg["at"] != len(game.actions):
            self.server.send_to(cid, error_message("stale", "the table moved on; here is the new state"))
            self.server.send_to(cid, self._state(seat, []))
            return
        try:
            action = action_for(seat, msg["action"])
        except ProtocolError as err:
            self.server.send_to(cid, error_message(err.code, err.detail))
            return
        if action not in self.controller.legal(seat):
            self.server.send_to(cid, error_message("illegal", self._why(action)))
            return
        self.controller.apply(action)  # the hook publishes the new state

    def _why(self, action: Action) -> str:
        if isinstance(action, Play) and len(action.cards) == 1:
            err = self.controller.why_not(action.seat, action.cards[0])
            if err is not None:
                return str(err)
        return "not a legal action now"

    def _takeover(self, now: float) -> None:
        if self.bot_after is None:
            return
        for seat, since in self.away_since.items():
            if seat not in self.bot_seats and now - since >= self.bot_after:
                self.controller.take_over(seat, TAKEOVER_LEVEL)
                self.bot_seats.add(seat)
                self._changed = time.monotonic()
                self._publish_all([])

    def _release(self, seat: int) -> None:
        self.controller.release(seat)
        self.bot_seats.discard(seat)

    # -- publishing ------------------------------------------------------------------
    def _on_applied(self, action: Action, events: list[Event]) -> None:
        self._publish_all(events)

    def _publish_all(self, events: Sequence[Event], but: int = -1) -> None:
        for seat in self.seats:
            if seat != but:
                self.server.send(seat, self._state(seat, [redact(e, seat) for e in events]))

    def _state(self, seat: int, events: Sequence[Event]) -> dict[str, Any]:
        c = self.controller
        config = c.config
        return state_message(c.view(seat), c.legal(seat) if self.started else [],
                             len(c.game.actions), phone_names(config.seats), events,
                             self.away(), sorted(self.bot_seats),
                             [s.kind for s in config.seats], started=self.started)


def phone_names(seats: Sequence[Any]) -> list[str]:
    """The seats' names as the phones show them, in the host's language.

    On a phone "you" means that phone's player only, so the desktop's default
    name "You"/"你" becomes "Host"/"主机"; typed names are kept.
    """
    you = {i18n.tl(lang, "tbl.you") for lang in i18n.LANGUAGES}
    return [i18n.t("party.host_name") if s.name in you else i18n.seat_name(s.name) for s in seats]
