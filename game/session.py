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
from typing import TYPE_CHECKING, Any, Protocol

from game.ai.registry import make_agent
from game.ai.scripted import ScriptedAgent
from game.cli import name_seats
from game.config import MatchConfig, SeatConfig
from game.controller import MatchController
from game.party.host import PartyHost
from game.party.server import PARTY_PORTS, lan_address
from game.rules.engine import Game
from game.storage import tutorial_progress
from game.tutorial import script
from game.tutorial.guide import Guide

if TYPE_CHECKING:
    from game.online.host import OnlineHost

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
    online_server: str
    """a self-hosted mailbox server for online seats ("": the public one)"""
    online_relay: str
    """a self-hosted transit relay for online seats ("": the public one)"""


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


class RemoteSeats:
    """Every seat played away from this screen, phones and online friends alike:
    what the table asks of them (who is away, which bot stands in, whether the
    table must keep drawing, a remote "deal" request). One protocol, two carriers:
    each host is a :class:`~game.party.host.PartyHost` over its own carrier."""

    def __init__(self, hosts: list[PartyHost]) -> None:
        self.hosts = hosts

    @property
    def seats(self) -> list[int]:
        return sorted(s for h in self.hosts for s in h.seats)

    @property
    def bot_seats(self) -> set[int]:
        return {s for h in self.hosts for s in h.bot_seats}

    @property
    def phones_deal(self) -> bool:
        return all(h.phones_deal for h in self.hosts)

    @phones_deal.setter
    def phones_deal(self, allowed: bool) -> None:
        for h in self.hosts:
            h.phones_deal = allowed

    def busy(self) -> bool:
        return any(h.busy() for h in self.hosts)

    def away(self) -> list[int]:
        return sorted(s for h in self.hosts for s in h.away())

    def bot_in(self) -> dict[int, float]:
        return {s: left for h in self.hosts for s, left in h.bot_in().items()}

    def connected(self) -> frozenset[int]:
        return frozenset(s for h in self.hosts for s in h.connected())

    def take_request(self, kind: str) -> bool:
        """A phone or a guest asked for ``kind`` (every host's request is used up)."""
        asked = [h.take_request(kind) for h in self.hosts]
        return any(asked)


class Session:
    """One match being played, and who owns what in it.

    ``controller``: the match (engine, bots, pacing, autosave, statistics).
    ``party``: the phones' seats, started, or None without phone seats.
    ``party_error``: why the party server could not listen ("" when it does).
    ``online``: the online seats (game/online, a code each), or None without
    (or when they cannot run: ``online_error`` says why, e.g. the extra is missing).
    ``remote``: the phones and online seats together, as the table sees them
    (None without either).
    ``fresh``: a new match (its first events are animated), not a continued one.
    """

    def __init__(self, controller: MatchController, party: PartyHost | None = None, *,
                 party_error: str = "", fresh: bool = True,
                 online: OnlineHost | None = None, online_error: str = "",
                 guide: Guide | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        self.controller = controller
        self.party = party
        self.party_error = party_error
        self.online = online
        self.online_error = online_error
        hosts: list[PartyHost] = [h for h in (party, online) if h is not None]
        self.remote = RemoteSeats(hosts) if hosts else None
        self.fresh = fresh
        self.guide = guide
        """the tutorial's guide (game/tutorial) when this match is the tutorial"""
        self.on_close = on_close
        self.closed = False

    @property
    def config(self) -> MatchConfig:
        """The match's config now (a re-issued link changes it)."""
        return self.controller.config

    def pump(self, *, paused: bool = False) -> None:
        """Every frame: the phones' and guests' actions (``paused``: a menu is over the table)."""
        for host in self._hosts():
            host.pump(paused=paused)

    def begin(self) -> None:
        """The host pressed Start: the phones and guests learn the match runs."""
        for host in self._hosts():
            host.begin()

    def follow(self, prefs: MatchPrefs) -> None:
        """The settings changed (a menu over the table): the pace and the party follow."""
        self.controller.anim_speed = str(prefs.anim_speed)
        for host in self._hosts():
            host.bot_after = bot_after_s(prefs)

    def _hosts(self) -> list[PartyHost]:
        return self.remote.hosts if self.remote is not None else []

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
        for host in self._hosts():
            host.stop(paused=paused)
        self.controller.close()
        if self.on_close is not None:
            self.on_close()


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
    online, online_error = None, ""
    if config.online:
        try:
            online = start_online(controller, prefs)
        except (ImportError, OSError) as exc:  # the online extra is not installed
            log.error("online seats: %s", exc)
            online_error = str(exc) or type(exc).__name__
    if not config.phones:
        return Session(controller, fresh=loaded is None, online=online, online_error=online_error)
    party = PartyHost(controller, host=party_address(), ports=party_ports(),
                      bot_after=bot_after_s(prefs))
    error = ""
    try:
        party.start()
    except OSError as exc:
        log.error("party server: %s", exc)
        error = str(exc)
    return Session(controller, party, party_error=error, fresh=loaded is None, online=online,
                   online_error=online_error)


def tutorial_config() -> MatchConfig:
    """The tutorial's seats (the player and two bots, named as any match's) and rules."""
    seats = [SeatConfig("", "human")] + [SeatConfig("", "ai", "normal")] * (script.SEATS - 1)
    return MatchConfig(name_seats(seats), script.SETTINGS, script.SEED)


def tutorial_deal() -> Game:
    """The tutorial's prepared deal (``Game.prepared`` with :data:`script.TOP`)."""
    return Game.prepared(script.SETTINGS, script.SEATS, script.SEED, dealer=script.DEALER,
                         top=script.TOP)


def start_tutorial(*, prefs: MatchPrefs, restart: bool = False,
                   persist: bool = True) -> Session:
    """The tutorial (#39): its prepared deal with scripted bots, at the step kept
    last time unless ``restart``. It is never autosaved nor counted in the
    statistics; its own progress file (game.storage.tutorial_progress) follows
    every step done and the leaving, and is forgotten once its round is over."""
    kept = None
    if restart:
        if persist:
            tutorial_progress.clear_progress()
    else:
        kept = tutorial_progress.load_progress(script.SEATS, len(script.STEPS))
    config = tutorial_config()
    think = int(prefs.hard_think_ms)
    agents = {seat: ScriptedAgent(moves, forget_uno_after=script.FORGETS_UNO_AFTER,
                                  then=make_agent("normal", seed=script.SEED * 100 + seat,
                                                  think_ms=think))
              for seat, moves in ((1, script.BOT1_MOVES), (2, script.BOT2_MOVES))}
    controller = MatchController(config, kept.game if kept is not None else None,
                                 think_ms=think, anim_speed=str(prefs.anim_speed),
                                 persist=False, background=True, agents=agents,
                                 deal=tutorial_deal)

    def keep(guide: Guide | None = None) -> None:
        if not persist:
            return
        if controller.round_over or controller.is_over:
            tutorial_progress.clear_progress()  # played out: the next one starts afresh
        else:
            tutorial_progress.save_progress(steps.at, controller.game)

    steps = Guide(at=kept.step if kept is not None else 0, on_progress=keep)
    controller.on_applied.append(steps.follow)
    keep()
    return Session(controller, fresh=kept is None, guide=steps, on_close=keep)


def start_online(controller: MatchController, prefs: MatchPrefs) -> OnlineHost:
    """The online seats' host, each seat asking the rendezvous server for its code
    (``UNO_ONLINE_SERVER`` / ``UNO_ONLINE_RELAY``, else the Settings' own server,
    else the library's public ones).
    Imported here, on use: the game (and its frozen build) runs without the online
    extra; a match with online seats needs it (New game offers them only then)."""
    from game.online import available
    from game.online.host import OnlineHost
    from game.online.wire import mailbox_url, relay_hint

    if not available():
        raise ImportError('pip install "uno-game[online]"')
    host = OnlineHost(controller, controller.config.online, bot_after=bot_after_s(prefs),
                      mailbox=mailbox_url(prefs.online_server), relay=relay_hint(prefs.online_relay))
    host.start()
    return host
