"""MatchController: the engine Game, the agents of AI seats and the pacing.

No drawing here. The table calls :meth:`human_act` for clicks and
:meth:`poll_ai` every frame; every applied batch of events is appended to
:attr:`pending` (unredacted) for the table to animate and log, and handed to
the ``on_applied`` hooks (autosave, statistics).

With ``background=True`` (the table) bots think on a worker thread and the
autosave follows the match on another (:mod:`game.workers`): ``poll_ai``
asks, and applies the answer on a later frame unless the state moved on.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from game import i18n
from game.ai.base import Agent, Choice, RandomAgent, as_choice
from game.ai.hints import HINT_LEVEL, hint_for
from game.ai.registry import make_agent
from game.config import REMOTE_KINDS, MatchConfig
from game.rules.actions import Action, CallUno, Catch, JumpIn, NextRound, WrongPlay
from game.rules.engine import Game
from game.rules.errors import IllegalAction
from game.rules.events import Event, EventKind, RoundResult
from game.rules.view import PlayerView
from game.storage import saves, stats
from game.storage.atomic import write_failure_reason
from game.workers import AutosaveFollower, BotAnswer, BotJob, BotWorker

log = logging.getLogger(__name__)

Hook = Callable[[Action, list[Event]], None]

# Seconds from one bot move to the next, by animation speed: the thinking mark,
# the card's flight and its effect together take about a second by default, so a
# person can follow (issue 14); "fast" is twice as quick, "slow" 1.6 times slower.
AI_DELAY: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
# Share of a bot move's time it still thinks after a person's move has landed.
AFTER_PERSON = 0.7
# Seconds a question may wait for the bot's thread to pick it up before the main thread
# answers it (a safety net: see BotWorker.rescue).
BOT_RESCUE_S = 2.0
# Seconds before a bot may catch a human who forgot UNO (the human's window to call).
CATCH_DELAY: dict[str, float] = {"slow": 2.0, "normal": 1.6, "fast": 1.2, "off": 1.2}


@dataclass(frozen=True)
class MatchNumbers:
    """The match in numbers, for the match-end screen."""

    rounds: int
    """rounds finished"""
    best_round: int
    """the round whose winner left the most D2 points in the other hands (0: none yet)"""
    best_seat: int
    """who won that round (-1: none yet)"""
    best_points: int
    """the D2 points left in the other hands in that round"""
    cards_played: tuple[int, ...]
    """cards each seat played (a jump-in and every card of a multiple play count)"""

    @classmethod
    def from_events(cls, seats: int, events: Iterable[Event]) -> MatchNumbers:
        played = [0] * seats
        best: RoundResult | None = None
        rounds = 0
        for e in events:
            if e.kind is EventKind.PLAY:
                played[e.seat] += len(e.cards)
            elif isinstance(e.result, RoundResult):
                rounds += 1
                if best is None or sum(e.result.points) > sum(best.points):
                    best = e.result
        if best is None:
            return cls(rounds, 0, -1, 0, tuple(played))
        return cls(rounds, best.round, best.winner, sum(best.points), tuple(played))


REASON_WORDS = {"disk_full": "disk full", "read_only": "read-only folder", "other": "write error"}


def save_failure_reason(exc: BaseException) -> str:
    """``disk_full``, ``read_only`` or ``other`` (storage's ``write_failure_reason``):
    a ``SaveError`` carries its reason; otherwise the first OSError in ``exc``'s
    cause/context chain decides."""
    seen: BaseException | None = exc
    while seen is not None:
        reason = getattr(seen, "write_reason", "")
        if reason:
            return str(reason)
        if isinstance(seen, OSError):
            return write_failure_reason(seen)
        seen = seen.__cause__ or seen.__context__
    return "other"


def _counted(e: Event) -> bool:
    return e.kind is EventKind.PLAY or e.kind is EventKind.ROUND_END


class MatchController:
    def __init__(self, config: MatchConfig, game: Game | None = None, *, think_ms: int = 300,
                 anim_speed: str = "normal", persist: bool = True, match_id: str = "",
                 background: bool = False, agents: Mapping[int, Agent] | None = None,
                 deal: Callable[[], Game] | None = None) -> None:
        """``agents``: bots given by the caller for these seats (the tutorial's
        scripted ones) instead of the seat's level; ``deal``: how this match is
        dealt afresh (a prepared deal), by default ``Game.new`` from the seed."""
        self.config = config
        self._deal = deal or (lambda: Game.new(config.settings, len(config.seats), config.seed))
        self.game: Game = game if game is not None else self._deal()
        self.anim_speed = anim_speed
        self.match_id = match_id or f"m{config.seed}-{random.getrandbits(32):08x}"
        self.pending: list[Event] = []
        # The plays and round ends since the deal (MatchNumbers); a resumed
        # match replays its actions to find them when first asked.
        self._counted: list[Event] | None = None if self.game.actions else []
        if game is None:
            self.pending.extend(self.game.initial_events)
        self.on_applied: list[Hook] = []
        self.agents: dict[int, Agent] = {}
        for seat, sc in enumerate(config.seats):
            if agents is not None and seat in agents:
                self.agents[seat] = agents[seat]
            elif sc.kind == "ai":
                self.agents[seat] = self._agent(sc.level, config.seed * 100 + seat, think_ms)
        self._bots = BotWorker(self.agents, threaded=background)
        self._hint_agent: Agent | None = None
        self._think_ms = think_ms
        self._next_ai = 0.0  # earliest time (s) the next AI move may happen
        self._paced = len(self.game.actions)  # actions the pacing has seen
        self._exposed_since: dict[int, float] = {}
        self._asked: set[tuple[int, tuple[Action, ...]]] = set()  # declined out-of-turn offers
        self._asked_at = -1  # ...in the situation after this many actions
        self._rng = random.Random(config.seed)
        self.persist = persist  # False: nothing of this match is ever written (benchmarks, tests)
        # Why the last autosave failed (a save_failure_reason), "" once one works;
        # set by the writer thread, read by the table each frame.
        self.save_problem = ""
        # Told (kind, reason) after each write of the match: kind "autosave" or "stats",
        # reason "" when it worked (from the autosave's thread for an autosave).
        self.on_write: Callable[[str, str], None] | None = None
        self._saver: AutosaveFollower | None = None
        self._archived = False  # the finished match is in replays/
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

    def _write_autosave(self, game: Game) -> None:
        """On the autosave thread: save its copy of the match (archive it once over)."""
        try:
            if not game.is_over:
                saves.save_match(saves.autosave_path(), self.config, game,
                                 match_id=self.match_id)
            elif not self._archived:
                self._archived = True
                saves.archive_finished(self.config, game, match_id=self.match_id)
                saves.clear_autosave()
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
        self._wrote("autosave", reason)

    def _saved(self) -> None:
        if self.save_problem:
            log.info("autosave works again")
        self.save_problem = ""
        self._wrote("autosave", "")

    def _wrote(self, kind: str, reason: str) -> None:
        if self.on_write is not None:
            self.on_write(kind, reason)

    def _install_persistence(self) -> None:
        self._archived = self.game.is_over
        self._saver = AutosaveFollower(self.game.to_dict(), self._write_autosave)

        def autosave(action: Action, events: list[Event]) -> None:
            assert self._saver is not None
            if self._saver.lost:
                self._saver.restart(self.game.to_dict())  # rare: the copy failed
            self._saver.follow(action)  # saved after every action, archived at the end

        def record(action: Action, events: list[Event]) -> None:
            if not any(e.kind in stats.COUNTED_KINDS for e in events):
                return
            try:
                store = stats.StatsStore.load()
                if store.update_from_events(self.config, events, match_id=self.match_id,
                                            action_index=len(self.game.actions)):
                    self._wrote("stats", store.save().reason)
            except Exception:  # noqa: BLE001 - statistics must never stop play
                log.exception("statistics update failed")
                self._wrote("stats", "other")
        self.on_applied += [autosave, record]

    def flush_saves(self, timeout: float = 10.0) -> bool:
        """Wait until the background autosave has written the latest action."""
        return self._saver is None or self._saver.flush(timeout)

    def autosave(self) -> None:
        """Save again now and wait for it (leaving the table); nothing
        without ``persist``."""
        if self._saver is not None:
            self._saver.write_now()
            self._saver.flush()

    def close(self) -> None:
        """Leaving the table: drop the bot's thought in flight, finish the saves."""
        self._bots.close()
        if self._saver is not None:
            self._saver.flush()

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
                and self.config.seats[seat].kind in ("human", *REMOTE_KINDS))

    def take_over(self, seat: int, level: str) -> None:
        """A bot of ``level`` plays the phone seat ``seat`` until :meth:`release` (party: the
        phone is away)."""
        self.agents[seat] = self._agent(level, self.config.seed * 100 + seat, self._think_ms)

    def release(self, seat: int) -> None:
        """The phone of ``seat`` is back: its bot stands down."""
        if self.config.seats[seat].kind in REMOTE_KINDS:
            self.agents.pop(seat, None)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def round_over(self) -> bool:
        return self.game.round_over

    def view(self, seat: int) -> PlayerView:
        return self.game.view(seat)

    def save_slot(self, name: str) -> Path:
        """Save the match under ``name`` in the saves folder (``saves.save_slot``);
        the path written."""
        return saves.save_slot(name, self.config, self.game, match_id=self.match_id)

    def match_numbers(self) -> MatchNumbers:
        """Rounds, the best round and the cards played so far (the match-end screen)."""
        if self._counted is None:
            g = self.game
            replay = self._deal()
            self._counted = [e for a in g.actions for e in replay.apply(a) if _counted(e)]
        return MatchNumbers.from_events(len(self.config.seats), self._counted)

    def legal(self, seat: int) -> list[Action]:
        if seat < 0 or self.game.is_over:
            return []
        return list(self.game.legal_actions(seat))

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` may not be taken now, or None (``Game.refusal``)."""
        return self.game.refusal(action)

    def why_not(self, seat: int, card_id: int) -> IllegalAction | None:
        """Why ``seat`` cannot play ``card_id`` now, or None when it can
        (``Game.why_not``)."""
        return self.game.why_not(seat, card_id)

    def explain(self, seat: int, card_id: int) -> IllegalAction:
        """:meth:`why_not` for a card the table found unplayable (a refused
        click, the pointer over it); a card that is in fact playable there is
        one the table's legal actions have not caught up with."""
        return self.game.why_not(seat, card_id) or IllegalAction(
            "phase", "refusal.other")

    def catch_window_open(self, now: float) -> bool:
        """A human who just played their second-to-last card still may call UNO
        (bots wait; hot-seat keeps that human's screen)."""
        return self._human_window_open(now)

    def human_to_act(self) -> int:
        """The human seat the game waits for (-1 when an AI or nobody is on turn)."""
        seat = self.game.to_act
        return seat if self.is_human(seat) else -1

    def round_events(self) -> list[Event]:
        """This round's events so far, unredacted (a continued match's log;
        the table redacts them per viewer, as it does every batch)."""
        return list(self.game.log)

    def take_events(self) -> list[Event]:
        out, self.pending = self.pending, []
        return out

    # -- acting -----------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply any seat's action; raises IllegalAction (state unchanged)."""
        events: list[Event] = list(self.game.apply(action))
        self.pending.extend(events)
        if self._counted is not None:
            self._counted += filter(_counted, events)
        for hook in list(self.on_applied):
            hook(action, events)
        return events

    def human_act(self, action: Action) -> list[Event] | IllegalAction:
        """A human's click: the events, or the IllegalAction to show (nothing changed)."""
        if not self.is_human(action.seat):
            return IllegalAction("turn", "refusal.other")  # (not a person's seat)
        try:
            return self.apply(action)
        except IllegalAction as err:
            return err

    def next_round(self) -> list[Event]:
        if not self.game.round_over:
            return []
        return self.apply(NextRound(self.game.to_act))

    def hint_choice(self, seat: int) -> Choice | None:
        legal = self.legal(seat)
        if not legal:
            return None
        if self._hint_agent is None:
            self._hint_agent = self._agent(HINT_LEVEL, self.config.seed * 100 + 99, self._think_ms)
        return hint_for(self._hint_agent, self.view(seat), legal)

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
        return any(s in self.agents and not self._declined(s) for s in g.out_of_turn_seats())

    def _declined(self, seat: int) -> bool:
        """``seat`` was offered all its out-of-turn options in this situation and
        declined them (nothing more will come of it until someone acts: a bot
        that forgot UNO while a person is on turn leaves the table settled)."""
        if self._asked_at != len(self.game.actions):
            return False
        offer = tuple(a for a in self.legal(seat) if isinstance(a, (CallUno, Catch, JumpIn)))
        return (seat, offer) in self._asked

    def thinking_seat(self) -> int:
        """The bot seat whose decision is being worked out (-1: none)."""
        return self._bots.thinking()

    def bot_on_turn(self) -> int:
        """The bot seat whose move comes next (-1: a person's turn, or no turn)."""
        g = self.game
        if g.is_over or g.round_over or g.to_act not in self.agents:
            return -1
        return g.to_act

    def poll_ai(self, now: float, animations_idle: bool = True) -> list[Event]:
        """Let at most one AI seat act if its time has come; returns the events.

        Asks the bot worker and applies its answer on a later call (in the
        same call without ``background``); an answer for a state that has
        moved on since it was asked is dropped."""
        g = self.game
        if not animations_idle or g.is_over or g.round_over:
            return []
        self._track_exposure(now)
        if len(g.actions) != self._paced:
            # A person moved (or a round was dealt): the next bot still takes its
            # thinking time; the person's own card has already flown.
            self._paced = len(g.actions)
            self._next_ai = max(self._next_ai, now + self.delay() * AFTER_PERSON)
        if self._bots.busy() is not None:
            self._bots.rescue(BOT_RESCUE_S)
            answer = self._bots.take()
            return [] if answer is None else self._use(answer, now)
        while now >= self._next_ai:
            job = self._next_job(now)
            if job is None:
                return []
            self._bots.ask(job)
            # Not even a short wait here: getting the GIL back from a thinking
            # bot can take tens of milliseconds on a busy machine.
            answer = self._bots.take()
            if answer is None:
                return []  # still thinking: the frame goes on
            events = self._use(answer, now)
            if events or not job.offer:
                return events
            # a declined out-of-turn offer: the next seat may be asked now
        return []

    def _next_job(self, now: float) -> BotJob | None:
        """The next question for a bot: out-of-turn moves first (UNO calls,
        catches, jump-ins), then the bot on turn."""
        g = self.game
        stamp = len(g.actions)
        for seat in g.out_of_turn_seats():
            if seat not in self.agents:
                continue
            offer = self._out_of_turn(seat, now)
            if offer:
                return BotJob(stamp, seat, True, self.view(seat), offer)
        seat = g.to_act
        if seat not in self.agents or self._human_window_open(now):
            return None
        legal = self.legal(seat)
        if not legal:
            return None
        return BotJob(stamp, seat, False, self.view(seat), tuple(legal))

    def _use(self, answer: BotAnswer, now: float) -> list[Event]:
        """Apply a bot's answer unless the game moved on since it was asked."""
        job, g = answer.job, self.game
        if answer.error is not None:
            raise answer.error
        if job.stamp != len(g.actions) or g.is_over or g.round_over:
            log.debug("seat %d answered for a state that moved on; dropped", job.seat)
            return []
        if job.seat not in self.agents:  # party: the phone came back while its bot thought
            return []
        if answer.result is None:
            if not job.offer:
                log.warning("agent of seat %d gave no action on its turn", job.seat)
            return []
        action = as_choice(answer.result).action
        if job.offer and action not in job.legal:
            return []
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
        self._paced = len(self.game.actions)
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

    def _out_of_turn(self, seat: int, now: float) -> tuple[Action, ...]:
        """The out-of-turn options (UNO call, catch, jump-in) to offer a bot, once
        per situation; catches only after a reaction delay, so a human who calls
        in time is never sniped. The bot may decline (Easy forgets and is slow)."""
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
            return ()
        stamp = len(self.game.actions)
        if self._asked_at != stamp:
            self._asked_at, self._asked = stamp, set()
        key = (seat, tuple(offer))
        if key in self._asked:
            return ()  # already asked in this situation
        self._asked.add(key)
        return tuple(offer)
