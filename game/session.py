"""The composition root of a match: the one place that builds it.

:func:`start_session` turns a :class:`~game.config.MatchConfig` (plus a
loaded save, when continuing) and the player's settings into a
:class:`Session`: the :class:`~game.controller.MatchController` (bots think
on a worker thread, the autosave follows on another), a started
:class:`~game.party.host.PartyHost` when the match has phone seats, and the
autosave written at once. Screens receive the session; none builds a
controller or a party host (tests/test_session.py scans for it).

Lifecycle: started by ``App.start_match`` -> the party join screen (phone
seats) and then the table, or the table at once, hold it -> closed once by
whichever of them the player leaves last (:meth:`Session.close`: the last
autosave, the party server stopped, the bot thread dropped).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any, Protocol

from game.config import MatchConfig
from game.controller import MatchController
from game.party.host import PartyHost
from game.party.server import PARTY_PORTS, lan_address
from game.rules.engine import Game

log = logging.getLogger(__name__)

WriteReport = Callable[[str, str], None]
"""Told ``(kind, reason)`` after each write of the match (``WriteNotices.report``)."""


class MatchPrefs(Protocol):
    """What a match reads of the player's settings (``UserSettings`` has them)."""

    hard_think_ms: int
    """how long the Hard bot may think per move (ms)"""
    anim_speed: str
    """``slow``/``normal``/``fast``/``off``: the table's pace, and so the bots'"""
    party_bot_after: int
    """seconds a phone may be away before a bot plays its seat (0: never)"""


class Loaded(Protocol):
    """A match to continue (``game.storage.saves.LoadedMatch``)."""

    game: Game
    meta: Any


def bot_after_s(prefs: MatchPrefs) -> float | None:
    """The party's ``bot_after`` from the setting (0 -> None: the match waits)."""
    n = int(prefs.party_bot_after)
    return float(n) if n > 0 else None


def party_ports() -> tuple[int, ...]:
    """The ports to try in order: ``UNO_PARTY_PORT`` first when set (tests that
    must not meet another program on 8765), then :data:`PARTY_PORTS`, then any."""
    wanted = os.environ.get("UNO_PARTY_PORT", "").strip()
    first = (int(wanted),) if wanted.isdigit() and 0 < int(wanted) < 65536 else ()
    return (*first, *PARTY_PORTS, 0)


def party_address() -> str:
    """Where the party server listens: ``UNO_PARTY_ADDRESS`` or the local network's."""
    return os.environ.get("UNO_PARTY_ADDRESS") or lan_address()


class Session:
    """One match being played, and who owns what in it.

    ``controller``: the match (engine, bots, pacing, autosave, statistics).
    ``party``: the phones' seats, started, or None without phone seats.
    ``party_error``: why the party server could not listen ("" when it does).
    ``fresh``: a new match (its first events are animated), not a continued one.
    """

    def __init__(self, controller: MatchController, party: PartyHost | None = None, *,
                 party_error: str = "", fresh: bool = True) -> None:
        self.controller = controller
        self.party = party
        self.party_error = party_error
        self.fresh = fresh
        self.closed = False

    @property
    def config(self) -> MatchConfig:
        """The match's config now (a re-issued link changes it)."""
        return self.controller.config

    def pump(self, *, paused: bool = False) -> None:
        """Every frame: the phones' actions (``paused``: a menu is over the table)."""
        if self.party is not None:
            self.party.pump(paused=paused)

    def begin(self) -> None:
        """The host pressed Start: the phones learn the match runs."""
        if self.party is not None:
            self.party.begin()

    def follow(self, prefs: MatchPrefs) -> None:
        """The settings changed (a menu over the table): the pace and the party follow."""
        self.controller.anim_speed = str(prefs.anim_speed)
        if self.party is not None:
            self.party.bot_after = bot_after_s(prefs)

    def close(self, *, paused: bool = True) -> None:
        """Leaving the match (once; later calls do nothing): save it unless it is
        over, stop the party server, drop the bot's thought in flight. ``paused``:
        the phones are told the host paused and keep retrying until Continue
        (``bye paused``); False for a new match never dealt, which is gone."""
        if self.closed:
            return
        self.closed = True
        if not self.controller.is_over:
            self.controller.autosave()
        if self.party is not None:
            self.party.stop(paused=paused)
        self.controller.close()


def start_session(config: MatchConfig, loaded: Loaded | None = None, *, prefs: MatchPrefs,
                  persist: bool = True, on_write: WriteReport | None = None) -> Session:
    """Build the match of ``config`` (continuing ``loaded`` when given).

    Bots think on a worker thread; with ``persist`` the match is autosaved at
    once, before any action (#35 item 9: a crash right after a new Start must
    not bring the discarded match back), then after every action. With phone
    seats the party server is started; an OSError is kept in ``party_error``.
    """
    game = loaded.game if loaded is not None else None
    match_id = str(getattr(loaded.meta, "match_id", "") or "") if loaded is not None else ""
    controller = MatchController(config, game, think_ms=int(prefs.hard_think_ms),
                                 anim_speed=str(prefs.anim_speed), persist=persist,
                                 match_id=match_id, background=True)
    controller.on_write = on_write
    if not controller.is_over:
        controller.autosave()
    if not config.phones:
        return Session(controller, fresh=loaded is None)
    party = PartyHost(controller, host=party_address(), ports=party_ports(),
                      bot_after=bot_after_s(prefs))
    error = ""
    try:
        party.start()
    except OSError as exc:
        log.error("party server: %s", exc)
        error = str(exc)
    return Session(controller, party, party_error=error, fresh=loaded is None)
