"""The guest's side of an online seat as the table sees it: a remote match.

:class:`RemoteMatch` has the controller surface the table uses (``view`` for its
seat, ``legal``, ``human_act``, ``take_events``, ``names``, ``config``...) and is
fed by the host's per-seat ``state`` frames (party protocol, already checked by
:func:`~game.online.wire.parse_host`). There is no rules engine here: the view is
the frame's fields, the legal actions are the frame's ``legal``, an act is sent
to the host with the frame's number ``at`` and its events come back in the next
frame. Nothing here does I/O: ``send(at, action_dict)`` is the carrier's
(:meth:`game.online.guest.OnlineGuest.act`).

:class:`RemoteSession` is what the table holds instead of a local
:class:`~game.session.Session`: the remote match and the guest's link.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from game.ai.base import Agent, Choice
from game.ai.hints import HINT_LEVEL, hint_for
from game.ai.registry import make_agent
from game.config import MatchConfig, SeatConfig
from game.controller import MatchNumbers
from game.party.deal_commit import TAMPERED, check_reveal
from game.rules.actions import Action, action_from_dict, action_to_dict
from game.rules.cards import DECK, Card, Colour
from game.rules.errors import IllegalAction, RulesError
from game.rules.events import Event, EventKind, EventLog, RoundResult
from game.rules.settings import RuleSettings
from game.rules.view import Phase, PlayerView

log = logging.getLogger(__name__)
Send = Callable[[int, dict[str, Any]], None]
ANIMATED_ON_JOIN = 12  # the events of a first frame the table is given to animate


def _card(wire: Any) -> Card | None:
    """A card of a frame (``{"id": ...}``) as the deck's card; the id must be one."""
    if wire is None:
        return None
    card_id = wire["id"]
    if not isinstance(card_id, int) or not 0 <= card_id < len(DECK):
        raise ValueError("not a card of the deck")
    return DECK[card_id]


def event_from_wire(wire: dict[str, Any]) -> Event:
    """An event of a frame (:func:`game.party.protocol.event_wire`) as an engine event."""
    d = dict(wire)
    if "cards" in d:
        d["cards"] = [c.id for c in (_card(x) for x in d["cards"]) if c is not None]
    d.pop("data", None)  # the frame's scores carry the results
    return Event.from_dict(d)


def _ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(x, int) for x in value):
        raise ValueError("a list of whole numbers")
    return tuple(value)


def view_from_state(msg: dict[str, Any], seat: int, events: Sequence[Event]) -> PlayerView:
    """The :class:`PlayerView` a state frame describes, for ``seat`` (another seat
    than the frame's: the same table without a hand). ``events``: this round's
    events as the guest got them (the view's log). ValueError for a frame whose
    fields do not make a view."""
    own = seat == msg["seat"]
    hand = tuple(c for c in (_card(x) for x in msg["hand"]) if c is not None) if own else ()
    # the whole face-up pile: the ids below the top the frame shows, then that top
    discard = [DECK[i] for i in _ints(msg.get("under", []))]
    discard += [c for c in (_card(x) for x in msg["discard"]) if c is not None]
    colour = msg["colour"]
    return PlayerView(
        seat=seat, num_seats=len(msg["counts"]), settings=RuleSettings.from_dict(msg["rules"]),
        hand=hand, hand_sizes=_ints(msg["counts"]), top_card=_card(msg["top"]),
        discard=discard, draw_pile_size=int(msg["draw_pile"]),
        colour=Colour(colour) if colour is not None else None, direction=int(msg["direction"]),
        phase=Phase(msg["phase"]), to_act=int(msg["to_act"]), current=int(msg["current"]),
        pending_penalty=int(msg["pending"]), drawn_card=_card(msg["drawn"]) if own else None,
        uno_exposed=int(msg["uno_exposed"]), uno_declared=int(msg["uno_declared"]),
        jump_in_card=_card(msg["jump_in"]), dealer=int(msg["dealer"]), round_no=int(msg["round"]),
        scores=_ints(msg["scores"]), round_points=tuple(_ints(r) for r in msg["round_points"]),
        out=_ints(msg["out"]), teams=_ints(msg["teams"]), winner=int(msg["winner"]),
        log=EventLog(list(events)))


# How the host's seats look from the guest's table: the guest is the one human here,
# the host's people play elsewhere (as online seats do), bots stay bots (at the level
# the frame's ``levels`` names, as the host's table shows it).
_KIND_HERE = {"human": "online", "phone": "phone", "online": "online", "ai": "ai"}


class RemoteMatch:
    """The match as a guest's table sees it: the host's frames for ``seat``."""

    def __init__(self, send: Send, *, anim_speed: str = "normal") -> None:
        self.send = send
        self.anim_speed = anim_speed
        self.state: dict[str, Any] | None = None
        self.seat = -1
        self.pending: list[Event] = []  # events not yet taken by the table
        self.round: list[Event] = []  # this round's events (the view's log)
        self._counted: list[Event] = []  # plays and round ends of the match (the end screen)
        self.refusal: dict[str, Any] | None = None  # the host's last "error", for the table
        self.sent_at = -1  # the state number our last act answered (no second act for it)
        self.linked = True  # the link to the host is up (the session says): else nothing to do
        self._config: MatchConfig | None = None
        self._commits: dict[int, str] = {}  # round -> the deck commitment first received
        self.deal_checks: dict[int, str] = {}  # round -> deal_commit.VERIFIED/HASH_ONLY/TAMPERED
        self.deal_news: list[tuple[int, str]] = []  # checks not yet said by the table
        self.on_write: Any = None
        self.save_problem = ""
        self.save_slot: Any = None
        self._hint_agent: Agent | None = None

    # -- fed by the carrier (main thread) -----------------------------------------
    def feed(self, msg: dict[str, Any]) -> bool:
        """One checked frame of the host; True when the table changed. A state that
        does not make a view is dropped (and logged), the last good one stays."""
        kind = msg["type"]
        if kind == "error":
            self.refusal = msg
            if msg.get("code") == "stale":
                self.sent_at = -1
            return True
        if kind != "state":
            return False
        try:
            events = [self._with_result(event_from_wire(e), msg) for e in msg["events"]]
            if self.state is not None and msg["at"] == self.state["at"]:
                # every action moves ``at``: the events of a state at the same place are
                # the recent log a (re)joining seat gets (a link replaced, the host back
                # after Continue), already here: not logged nor animated twice
                events = []
            fresh_round = any(e.kind is EventKind.DEAL for e in events[:1]) or (
                self.state is not None and msg["round"] != self.state["round"])
            round_log = ([] if fresh_round else list(self.round)) + events
            view_from_state(msg, msg["seat"], round_log)  # the frame makes a view, or ValueError
            config = self._config_of(msg)
        except (KeyError, TypeError, ValueError, RulesError) as exc:
            log.warning("online guest: a state frame that makes no table: %s", exc)
            return False
        first = self.state is None
        self.state, self.seat, self._config = msg, int(msg["seat"]), config
        self.round = round_log
        self._check_deal(msg)
        # a first frame may bring the round so far (the Hint's agent reads it): the
        # table animates its latest few only, as for a phone's join
        self.pending.extend(events[-ANIMATED_ON_JOIN:] if first else events)
        self._counted.extend(e for e in events if e.kind in (EventKind.PLAY, EventKind.ROUND_END))
        self.refusal = None
        return True

    def _check_deal(self, msg: dict[str, Any]) -> None:
        """The deck commitment (game/party/deal_commit.py): keep the first one of each
        round; a changed one, or a reveal that does not match it, is ``tampered``."""
        deal = msg.get("deal")
        if not isinstance(deal, dict) or not isinstance(deal.get("round"), int):
            return
        n, commit = deal["round"], str(deal.get("commit", ""))
        if n in self.deal_checks:
            return
        first = self._commits.setdefault(n, commit)
        verdict = ""
        if first != commit:
            verdict = TAMPERED  # the host changed its commitment within the round
        elif "deck" in deal:
            verdict = check_reveal(deal, first, self.seat, int(msg["dealer"]),
                                   len(msg["counts"]), self.round)
        if verdict:
            self.deal_checks[n] = verdict
            self.deal_news.append((n, verdict))

    @staticmethod
    def _with_result(event: Event, msg: dict[str, Any]) -> Event:
        """A round's end as the table reads it: the frame carries its public result
        (points, totals, who went out), never the hands left (the host's to show)."""
        if event.kind is not EventKind.ROUND_END or event.result is not None:
            return event
        points = _ints(msg["round_points"][-1]) if msg["round_points"] else ()
        n = len(msg["counts"])
        result = RoundResult(winner=event.seat, round=int(msg["round"]), hands=((),) * n,
                             points=points or (0,) * n, gained=points or (0,) * n,
                             totals=_ints(msg["scores"]), out=_ints(msg["out"]))
        return event._replace(result=result)

    def _config_of(self, msg: dict[str, Any]) -> MatchConfig:
        names, kinds = msg["names"], msg["kinds"]
        levels = msg.get("levels") or [""] * len(names)  # (a host that sends none: Normal)
        if not len(names) == len(kinds) == len(levels) == len(msg["counts"]):
            raise ValueError("names, kinds, levels and counts differ in length")
        seats = tuple(SeatConfig(str(name), "human" if i == msg["seat"]  # type: ignore[arg-type]
                                 else _KIND_HERE.get(str(kind), "ai"), str(level) or "normal")
                      for i, (name, kind, level) in enumerate(zip(names, kinds, levels)))
        return MatchConfig(seats, RuleSettings.from_dict(msg["rules"]), 0)

    # -- the controller surface the table uses ---------------------------------------
    @property
    def ready(self) -> bool:
        """A first state came: the table can be drawn."""
        return self.state is not None

    @property
    def config(self) -> MatchConfig:
        assert self._config is not None, "no state from the host yet"
        return self._config

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.config.seats]

    @property
    def started(self) -> bool:
        return bool(self.state and self.state["started"])

    @property
    def paused(self) -> bool:
        return bool(self.state and self.state["paused"])

    def view(self, seat: int) -> PlayerView:
        assert self.state is not None, "no state from the host yet"
        return view_from_state(self.state, seat, self.round)

    def legal(self, seat: int) -> list[Action]:
        """The frame's legal actions for the guest's own seat (none for another seat,
        before Start, while the host is in a menu or the link to it is down, or once an
        act for this state went)."""
        s = self.state
        if (s is None or seat != self.seat or not s["started"] or s["paused"] or not self.linked
                or s["at"] == self.sent_at):
            return []
        return [action_from_dict(a) for a in s["legal"]]

    def human_act(self, action: Action) -> list[Event] | IllegalAction:
        """Send the chosen action to the host; its events come with the next frame."""
        if self.state is None or action not in self.legal(action.seat):
            return IllegalAction("turn", "refusal.other")
        self.sent_at = self.state["at"]
        self.send(self.state["at"], action_to_dict(action))
        return []

    def take_events(self) -> list[Event]:
        out, self.pending = self.pending, []
        return out

    def round_events(self) -> list[Event]:
        return list(self.round)

    def explain(self, seat: int, card_id: int) -> IllegalAction:
        """Why a card cannot be played: the host judges plays; here only "not now"."""
        return IllegalAction("turn", "refusal.other")

    def hint_choice(self, seat: int) -> Choice | None:
        """The Hint button's choice, made here as on a local table: the same level's
        agent (:func:`game.ai.hints.hint_for`) given this seat's view and legal actions
        rebuilt from the host's frames, nothing more."""
        legal = self.legal(seat)
        if not legal:
            return None
        if self._hint_agent is None:
            self._hint_agent = make_agent(HINT_LEVEL, seed=99)
        return hint_for(self._hint_agent, self.view(seat), legal)

    def match_numbers(self) -> MatchNumbers:
        return MatchNumbers.from_events(len(self.config.seats), self._counted)

    @property
    def is_over(self) -> bool:
        return bool(self.state and self.state["phase"] == Phase.MATCH_OVER.value)

    @property
    def round_over(self) -> bool:
        return bool(self.state and self.state["phase"] in (Phase.ROUND_OVER.value,
                                                           Phase.MATCH_OVER.value))

    def next_round(self) -> list[Event]:
        """The host deals; a guest asks it to (``deal``) when the host lets remote seats."""
        s = self.state
        if s is not None and s.get("may_deal") == "next_round":
            self.send(-1, {"deal": s["at"]})
        return []

    # a guest's table runs no bots: the host's bots act there and arrive as events
    def thinking_seat(self) -> int:
        return -1

    def bot_on_turn(self) -> int:
        return -1

    def ai_waiting(self) -> bool:
        return False

    def poll_ai(self, now: float, animations_idle: bool = True) -> list[Event]:
        return []

    def autosave(self) -> None:
        """A guest keeps no save: the match is the host's."""

    def close(self) -> None:
        """Nothing runs here; the link is the session's to close."""


class RemoteSession:
    """What a guest's table holds: the remote match and the guest's link (an
    :class:`~game.online.guest.OnlineGuest`). ``pump`` moves the host's frames into
    the match each frame; ``close`` leaves (the host's table shows the seat away)."""

    def __init__(self, guest: Any, *, anim_speed: str = "normal",
                 keep: Callable[[str], object] | None = None) -> None:
        self.guest = guest
        # keep(code): the seat's latest rejoin code, kept for the next run of the game
        # (game.storage.online_seat); "" when there is nothing to come back to
        self.keep = keep
        self._kept: str | None = None
        self.controller = RemoteMatch(self._send, anim_speed=anim_speed)
        self.party = None
        self.online = None
        self.remote = None
        self.guide = None  # (a guest never plays the tutorial)
        self.fresh = True
        self.closed = False

    @property
    def config(self) -> MatchConfig:
        return self.controller.config

    @property
    def status(self) -> str:
        """The link: ``connected``, ``reconnecting``, ``paused`` (the host quit; back by
        itself after Continue), ``host_gone``, ``closed``."""
        return str(self.guest.status)

    def _send(self, at: int, action: dict[str, Any]) -> None:
        if "deal" in action:
            self.guest.send_message({"type": "deal", "at": action["deal"]})
        else:
            self.guest.act(at, action)

    def pump(self, *, paused: bool = False, budget: int = 64) -> bool:
        """The host's frames that arrived (at most ``budget``); True when any came."""
        changed = False
        for _ in range(budget):
            try:
                msg = self.guest.inbox.get_nowait()
            except Exception:  # noqa: BLE001 - queue.Empty: nothing more this frame
                break
            changed = self.controller.feed(msg) or changed
        linked = self.guest.status == "connected"
        if linked != self.controller.linked:
            self.controller.linked, changed = linked, True
        self._keep_seat()
        return changed

    def _keep_seat(self) -> None:
        """Keep the rejoin code while there is a match to come back to; forget it once
        the host ended the match, the match is over or the code was refused."""
        if self.keep is None:
            return
        guest = self.guest
        over = guest.ended or self.controller.is_over
        code = "" if over else str(guest.rejoin_code)
        if code != self._kept:
            self._kept = code
            self.keep(code)

    def begin(self) -> None:
        """The host starts the match; nothing to do here."""

    def follow(self, prefs: Any) -> None:
        self.controller.anim_speed = str(prefs.anim_speed)

    def close(self, *, paused: bool = True) -> None:
        if not self.closed:
            self.closed = True
            self.guest.close()
