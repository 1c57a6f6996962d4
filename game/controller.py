"""MatchController: the engine Game, the agents of AI seats and the pacing.

No drawing here. The table calls :meth:`human_act` for clicks and
:meth:`poll_ai` every frame; every applied batch of events is appended to
:attr:`pending` (unredacted) for the table to animate and log, and handed to
the ``on_applied`` hooks (autosave, statistics).
"""

from __future__ import annotations

import importlib
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

from game import i18n
from game.ai.base import Agent, Choice, RandomAgent, as_choice
from game.ai.registry import make_agent
from game.config import MatchConfig
from game.rules.actions import Action, CallUno, Catch, JumpIn, NextRound, WrongPlay
from game.rules.errors import IllegalAction
from game.rules.events import Event, redact
from game.rules.view import Phase, PlayerView
from game.storage.background import LatestWriter

log = logging.getLogger(__name__)

Hook = Callable[[Action, list[Event]], None]

# Seconds an AI waits before acting, by animation speed (human-like pacing).
AI_DELAY: dict[str, float] = {"slow": 1.1, "normal": 0.7, "fast": 0.35, "off": 0.0}
# Seconds before a bot may catch a human who forgot UNO (the human's window to call).
CATCH_DELAY: dict[str, float] = {"slow": 2.0, "normal": 1.6, "fast": 1.2, "off": 1.2}


REASON_WORDS = {"disk_full": "disk full", "read_only": "read-only folder", "other": "write error"}


def save_failure_reason(exc: BaseException) -> str:
    """``disk_full``, ``read_only`` or ``other`` (storage's ``write_failure_reason``):
    a ``SaveError`` carries its reason; otherwise the first OSError in ``exc``'s
    cause/context chain decides."""
    from game.storage.atomic import write_failure_reason

    seen: BaseException | None = exc
    while seen is not None:
        reason = getattr(seen, "write_reason", "")
        if reason:
            return str(reason)
        if isinstance(seen, OSError):
            return write_failure_reason(seen)
        seen = seen.__cause__ or seen.__context__
    return "other"


def _optional(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            return None
        raise


class MatchController:
    def __init__(self, config: MatchConfig, game: Any = None, *, think_ms: int = 300,
                 anim_speed: str = "normal", persist: bool = True, match_id: str = "") -> None:
        from game.rules.engine import Game

        self.config = config
        self.game: Any = game if game is not None else Game.new(
            config.settings, seats=len(config.seats), seed=config.seed)
        self.anim_speed = anim_speed
        self.match_id = match_id or f"m{config.seed}-{random.getrandbits(32):08x}"
        self.pending: list[Event] = []
        if game is None:
            self.pending.extend(self.game.initial_events)
        self.on_applied: list[Hook] = []
        self.agents: dict[int, Agent] = {}
        for seat, sc in enumerate(config.seats):
            if sc.kind == "ai":
                self.agents[seat] = self._agent(sc.level, config.seed * 100 + seat, think_ms)
        self._hint_agent: Agent | None = None
        self._think_ms = think_ms
        self._next_ai = 0.0  # earliest time (s) the next AI move may happen
        self._exposed_since: dict[int, float] = {}
        self._asked: set[tuple[int, tuple[Action, ...]]] = set()  # declined out-of-turn offers
        self._asked_at = -1  # ...in the situation after this many actions
        self._rng = random.Random(config.seed)
        self.persist = persist  # False: nothing of this match is ever written (benchmarks, tests)
        # Why the last autosave failed (a save_failure_reason), "" once one works;
        # set by the writer thread, read by the table each frame.
        self.save_problem = ""
        self._saver = LatestWriter(self._write_autosave)
        if persist:
            self._install_persistence()

    # -- setup ----------------------------------------------------------
    @staticmethod
    def _agent(level: str, seed: int, think_ms: int) -> Agent:
        try:
            return make_agent(level, seed=seed, think_ms=think_ms)
        except ValueError:
            log.warning("unknown AI level %r; using random", level)
            return RandomAgent(seed)

    def _write_autosave(self, snapshot: dict[str, Any]) -> None:
        saves = _optional("game.storage.saves")
        if saves is None:
            return
        try:
            saves.save_snapshot(saves.autosave_path(), self.config, snapshot,
                                match_id=self.match_id)
        except Exception as exc:  # noqa: BLE001 - a failed autosave must not stop play
            self._save_failed(exc)
        else:
            self._saved()

    def _save_failed(self, exc: BaseException) -> None:
        """Logged once per failure streak (and again if the reason changes)."""
        reason = save_failure_reason(exc)
        if reason != self.save_problem:
            log.error("autosave failed (%s): %s; the match goes on and saving is retried "
                      "after every move", REASON_WORDS[reason], exc)
        self.save_problem = reason

    def _saved(self) -> None:
        if self.save_problem:
            log.info("autosave works again")
        self.save_problem = ""

    def _install_persistence(self) -> None:
        saves = _optional("game.storage.saves")
        stats = _optional("game.storage.stats")
        if saves is not None:
            def autosave(action: Action, events: list[Event]) -> None:
                if self.game.is_over:
                    self.autosave()  # archive the finished match, drop the autosave
                else:
                    self._saver.submit(self.game.to_dict())  # after every action
            self.on_applied.append(autosave)
        if stats is not None:
            counted = getattr(stats, "COUNTED_KINDS", None)

            def record(action: Action, events: list[Event]) -> None:
                if counted is not None and not any(e.kind in counted for e in events):
                    return
                try:
                    stats.update_from_events(self.config, events, match_id=self.match_id,
                                             action_index=len(self.game.actions))
                except Exception:  # noqa: BLE001 - statistics must never stop play
                    log.exception("statistics update failed")
            self.on_applied.append(record)

    def flush_saves(self, timeout: float = 10.0) -> bool:
        """Wait until the background autosave has written the latest action."""
        return self._saver.flush(timeout)

    def autosave(self) -> None:
        """Save now and wait for it (leaving the table, match end); nothing
        without ``persist``."""
        saves = _optional("game.storage.saves")
        if saves is None or not self.persist:
            return
        self._saver.flush()
        try:
            if self.game.is_over:
                saves.archive_finished(self.config, self.game, match_id=self.match_id)
                saves.clear_autosave()
            else:
                saves.save_match(saves.autosave_path(), self.config, self.game,
                                 match_id=self.match_id)
        except Exception as exc:  # noqa: BLE001 - a failed autosave must not stop play
            self._save_failed(exc)
        else:
            self._saved()

    # -- queries ----------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return self.config.humans

    @property
    def names(self) -> list[str]:
        return [i18n.seat_name(s.name) for s in self.config.seats]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.config.seats) and self.config.seats[seat].kind == "human"

    def is_person(self, seat: int) -> bool:
        """A person plays ``seat`` now: at this screen or on a phone (not a bot standing in)."""
        return (0 <= seat < len(self.config.seats) and seat not in self.agents
                and self.config.seats[seat].kind in ("human", "phone"))

    def take_over(self, seat: int, level: str) -> None:
        """A bot of ``level`` plays the phone seat ``seat`` until :meth:`release` (party: the
        phone is away)."""
        self.agents[seat] = self._agent(level, self.config.seed * 100 + seat, self._think_ms)

    def release(self, seat: int) -> None:
        """The phone of ``seat`` is back: its bot stands down."""
        if self.config.seats[seat].kind == "phone":
            self.agents.pop(seat, None)

    def view(self, seat: int) -> PlayerView:
        return self.game.view(seat)  # type: ignore[no-any-return]

    def legal(self, seat: int) -> list[Action]:
        if seat < 0 or self.game.is_over:
            return []
        return list(self.game.legal_actions(seat))

    def why_not(self, seat: int, card_id: int) -> IllegalAction | None:
        return self.game.why_not(seat, card_id)  # type: ignore[no-any-return]

    def redacted(self, events: Sequence[Event], viewer: int) -> list[Event]:
        return [redact(e, viewer) for e in events]

    def human_to_act(self) -> int:
        """The human seat the game waits for (-1 when an AI or nobody is on turn)."""
        seat = self.game.to_act
        return seat if self.is_human(seat) else -1

    def take_events(self) -> list[Event]:
        out, self.pending = self.pending, []
        return out

    # -- acting -----------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply any seat's action; raises IllegalAction (state unchanged)."""
        events: list[Event] = list(self.game.apply(action))
        self.pending.extend(events)
        for hook in list(self.on_applied):
            hook(action, events)
        return events

    def human_act(self, action: Action) -> list[Event] | IllegalAction:
        """A human's click: the events, or the IllegalAction to show (nothing changed)."""
        if not self.is_human(action.seat):
            return IllegalAction("turn", f"seat {action.seat} is not a human seat")
        try:
            return self.apply(action)
        except IllegalAction as err:
            return err

    def next_round(self) -> list[Event]:
        if not self.game.round_over:
            return []
        return self.apply(NextRound(self.game.to_act))

    def hint_choice(self, seat: int) -> Choice | None:
        legal = [a for a in self.legal(seat) if not isinstance(a, WrongPlay)]
        if not legal:
            return None
        if self._hint_agent is None:
            self._hint_agent = self._agent("normal", self.config.seed * 100 + 99, self._think_ms)
        return as_choice(self._hint_agent.choose(self.view(seat), legal))

    # -- AI pacing --------------------------------------------------------
    def delay(self) -> float:
        return AI_DELAY.get(self.anim_speed, AI_DELAY["normal"])

    def ai_waiting(self) -> bool:
        """True while an AI seat has something to do (the table keeps ticking)."""
        g = self.game
        if g.is_over:
            return False
        if g.round_over:
            return False
        if g.to_act in self.agents:
            return True
        return any(s in self.agents for s in g.out_of_turn_seats())

    def poll_ai(self, now: float, animations_idle: bool = True) -> list[Event]:
        """Let at most one AI seat act if its time has come; returns the events."""
        g = self.game
        if not animations_idle or g.is_over or g.round_over:
            return []
        self._track_exposure(now)
        if now < self._next_ai:
            return []
        # Out-of-turn moves first: UNO calls, catches, jump-ins.
        for seat in g.out_of_turn_seats():
            if seat not in self.agents:
                continue
            action = self._out_of_turn(seat, now)
            if action is not None:
                return self._ai_apply(action, now)
        seat = g.to_act
        if seat not in self.agents:
            return []
        if self._human_window_open(now):
            return []
        legal = self.legal(seat)
        if not legal:
            return []
        action = as_choice(self.agents[seat].choose(self.view(seat), legal)).action
        return self._ai_apply(action, now)

    def _ai_apply(self, action: Action, now: float) -> list[Event]:
        try:
            events = self.apply(action)
        except IllegalAction as err:
            log.warning("agent of seat %d chose an illegal action %r: %s", action.seat, action, err)
            fallback = [a for a in self.legal(action.seat) if not isinstance(a, WrongPlay)]
            if not fallback:
                return []
            events = self.apply(fallback[0])
        self._next_ai = now + self.delay()
        return events

    def _track_exposure(self, now: float) -> None:
        exposed = self.view(-1).uno_exposed
        for seat in list(self._exposed_since):
            if seat != exposed:
                del self._exposed_since[seat]
        if exposed >= 0 and exposed not in self._exposed_since:
            self._exposed_since[exposed] = now

    def _human_window_open(self, now: float) -> bool:
        """A human who just played their second-to-last card still may call UNO."""
        for seat, since in self._exposed_since.items():
            if self.is_person(seat) and now - since < CATCH_DELAY.get(self.anim_speed, 1.6):
                return True
        return False

    def _out_of_turn(self, seat: int, now: float) -> Action | None:
        """Offer a bot its out-of-turn options (UNO call, catch, jump-in) once per
        situation; catches only after a reaction delay, so a human who calls in
        time is never sniped. The bot may decline (Easy forgets and is slow)."""
        legal = [a for a in self.legal(seat) if isinstance(a, (CallUno, Catch, JumpIn))]
        offer: list[Action] = []
        for a in legal:
            if isinstance(a, Catch):
                since = self._exposed_since.get(a.target, now)
                human = self.is_person(a.target)
                wait = CATCH_DELAY.get(self.anim_speed, 1.6) if human else self.delay()
                if now - since < wait:
                    continue
            offer.append(a)
        if not offer:
            return None
        stamp = len(self.game.actions)
        if self._asked_at != stamp:
            self._asked_at, self._asked = stamp, set()
        key = (seat, tuple(offer))
        if key in self._asked:
            return None  # already declined in this situation
        self._asked.add(key)
        result = self.agents[seat].choose(self.view(seat), offer)
        if result is None:
            return None
        action = as_choice(result).action
        return action if action in offer else None

    # -- helpers for the UI -------------------------------------------------
    def phase(self) -> Phase:
        return self.game.phase  # type: ignore[no-any-return]
