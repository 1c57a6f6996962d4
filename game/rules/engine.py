"""The UNO rules engine: one match, from the dealer draw to the match winner.

Pure Python (no pygame, no I/O, no global random: one seeded ``random.Random``
per game). ``apply`` checks an action with the same predicates that
``legal_actions`` uses, raises :class:`IllegalAction` (state untouched) or
mutates the state and returns the events that happened.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from . import predicates as P
from .actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    JumpIn,
    NextRound,
    Pass,
    Play,
    SwapHands,
    WrongPlay,
    action_from_dict,
    action_to_dict,
)
from .cards import (
    COLOURS,
    DECK,
    K_DRAW_TWO,
    K_NUMBER,
    K_REVERSE,
    K_SKIP,
    K_WILD,
    K_WILD_DRAW_FOUR,
    Card,
    Colour,
    Kind,
)
from .errors import IllegalAction, StateError
from .events import Event, EventLog, ev, owners, public_version, redact
from .prefix import Prefix
from .settings import RuleSettings, check_seats
from .view import (
    P_CHALLENGE,
    P_CHOOSE_COLOUR,
    P_CHOOSE_SWAP,
    P_KEEP_OR_PLAY,
    P_MATCH_OVER,
    P_PENALTY,
    P_PLAY,
    P_ROUND_OVER,
    P_SKIP_RELAY,
    Phase,
    PlayerView,
)

ENGINE_VERSION = "1.0"
HAND_SIZE = 7  # S3
CATCH_PENALTY = 2  # T6
CHALLENGE_FAIL_EXTRA = 2  # T5: a failed challenge costs the penalty plus 2 (6 for a +4)
ROUND_TURN_LIMIT = 5_000
"""T7 stalemate: a round still going after this many turns ends (lowest hand wins).

Players who keep taking cards back (penalties accepted, false UNO calls) can
make a round endless; seeded random play needs at most ~3,100 turns (sheet
rules, 2 seats, 300 rounds), so only such rounds meet this bound."""

_DRAW_KINDS: Final = (K_DRAW_TWO, K_WILD_DRAW_FOUR)
_DECISION_PHASES: Final = (P_CHALLENGE, P_PENALTY, P_SKIP_RELAY)


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Exactly ``rng.shuffle(x)`` (CPython's Fisher-Yates over ``getrandbits``), so
    seeds and saves replay the same, but compiled with the engine by the optional
    mypyc build instead of calling the interpreted ``random.shuffle`` per card."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]  # (items typed Any: moved as they are, never unboxed)


def _twins() -> tuple[int, ...]:
    """For H3: the id of the identical coloured card (same colour, kind, number), or -1."""
    out = [-1] * len(DECK)
    seen: dict[tuple[Any, ...], int] = {}
    for c in DECK:
        if c.colour is None:
            continue
        key = (c.colour, c.kind, c.number)
        if key in seen:
            out[c.id], out[seen[key]] = seen[key], c.id
        else:
            seen[key] = c.id
    return tuple(out)


TWIN: Final = _twins()


def _make_plays(seat: int, ids: tuple[int, ...]) -> tuple[Play, ...]:
    if DECK[ids[-1]].colour is None:
        return tuple(Play(seat, ids, col) for col in COLOURS)
    return (Play(seat, ids),)


# Actions are immutable, so the argument-less ones are shared per seat.
_DRAW: Final = tuple(Draw(s) for s in range(10))
_PASS: Final = tuple(Pass(s) for s in range(10))
_ACCEPT: Final = tuple(Accept(s) for s in range(10))
_CHALLENGE: Final = tuple(Challenge(s) for s in range(10))
_CALL: Final = tuple(CallUno(s) for s in range(10))
_CATCH: Final = tuple(tuple(Catch(s, t) for t in range(10)) for s in range(10))
_CHOOSE: Final = tuple(tuple(ChooseColour(s, c) for c in COLOURS) for s in range(10))
_WRONG: Final = tuple(tuple(WrongPlay(s, c) for c in range(len(DECK))) for s in range(10))
# The commonest events, made once (events are immutable): turns, deals, skips.
_TURN_EV: Final = {p: tuple(ev("turn", seat=s, reason=p.value) for s in range(10)) for p in Phase}
_DEAL_EV: Final = tuple(tuple(ev("deal", seat=s, cards=(c,)) for c in range(len(DECK)))
                        for s in range(10))
_DEAL_SHOWN: Final = tuple(public_version(e[0]) for e in _DEAL_EV)  # as the others see a deal
_PLAY_TURN_EV: Final = _TURN_EV[P_PLAY]
_SKIP_EV: Final = tuple(ev("skip", seat=s) for s in range(10))
# A colour named, per seat and colour (index in COLOURS).
_COLOUR_INDEX: Final = {c: i for i, c in enumerate(COLOURS)}
_COLOUR_EV: Final = tuple(tuple(ev("colour", seat=s, colour=c) for c in COLOURS)
                          for s in range(10))
# A single card played, per seat and card: four entries, one per colour named
# (the same event four times for a coloured card, whose colour comes into effect).
_PLAY_EV: Final = tuple(tuple(
    tuple(ev("play", seat=s, cards=(c.id,), colour=c.colour or col) for col in COLOURS)
    for c in DECK) for s in range(10))
# T3: one card drawn by choice, per seat and card.
_DRAW1_EV: Final = tuple(tuple(ev("draw", seat=s, cards=(c,), reason="choice")
                               for c in range(len(DECK))) for s in range(10))
_ALL_IDS: Final = tuple(range(len(DECK)))  # every card id, for a fresh deck
# What the others see of a draw: per reason, seat and count (up to _SHOWN_MAX).
_SHOWN_MAX: Final = 16
_DRAW_SHOWN: Final = {
    r: tuple(tuple(public_version(ev("draw", seat=s, cards=_ALL_IDS[:k], reason=r))
                   for k in range(_SHOWN_MAX + 1)) for s in range(10))
    for r in ("choice", "penalty", "uno", "false_uno", "challenge", "wrong_play")}
# (id,) for every card, made once (typed as a boxed tuple: the compiled build would
# otherwise unpack each one and allocate it again for every call).
_ONE: Final[tuple[tuple[int, ...], ...]] = tuple((c,) for c in range(len(DECK)))
# Every single-card play, per seat and card (a wild: one per colour named).
_SINGLE: Final = tuple(tuple(_make_plays(s, (c,)) for c in range(len(DECK))) for s in range(10))


class Game:
    """A match of UNO. Create with :meth:`new`; drive with :meth:`apply`."""

    def __init__(self, settings: RuleSettings, seats: int, seed: int) -> None:
        check_seats(settings, seats)
        self.settings = settings
        # The settings read for every decision, copied into plain fields (the
        # compiled build reads these natively; RuleSettings is frozen).
        self._multi_play = settings.multi_play
        self._forced_play = settings.forced_play
        self._wrong_play_penalty = settings.wrong_play_penalty
        self._false_uno_penalty = settings.false_uno_penalty
        self._jump_in = settings.jump_in
        self._seven_zero_on = settings.seven_zero
        self._skip_relay = settings.skip_relay
        self._until_playable = settings.draw == "until_playable"
        self.n = seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.draw_pile: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.colour: Colour | None = None
        self.direction = 1
        self.current = 0
        self.to_act = -1
        self.phase = P_PLAY
        self.pending = 0
        self.pending_kind = ""  # "plus2" | "plus4" while a penalty is pending
        self.pending_skips = 0  # H2
        self.wd4_offender = -1
        self.wd4_guilty = False
        self.drawn = -1
        self.uno_exposed = -1
        self.uno_declared = -1
        self.jump_card = -1
        self.jump_from = -1
        self.first_colour_only = False
        self.dealer = 0
        self.round_no = 0
        self.scores = [0] * seats
        self.round_points: list[list[int]] = []
        self.out: list[int] = []
        self.winner = -1
        self.dry_turns = 0
        self.round_turns = 0
        self.actions: list[Action] = []
        self.log: list[Event] = []  # this round's events (unredacted)
        self.initial_events: list[Event] = []
        self._ev: list[Event] = []
        # log[i] as seen by every seat but its owner(s), and per seat the positions
        # of its own private events (draws, a challenge it made or faced).
        self._public: list[Event] = []
        self._own: list[dict[int, Event] | None] = [None] * seats
        # The discard pile as cards for views: the last snapshot made (see
        # _discard_cards) and the id list it follows.
        self._discard_view: Prefix[Card] = Prefix([], 0)
        self._discard_list: list[int] = self.discard
        # scores, round_points and out as tuples for views, and the lists they show
        # (see _refresh_standings).
        self._scores_t: tuple[int, ...] = ()
        self._points_t: tuple[tuple[int, ...], ...] = ()
        self._out_t: tuple[int, ...] = ()
        self._standings_of: tuple[list[int], list[list[int]], list[int]] | None = None
        half = seats // 2
        self._teams = tuple(s % half for s in range(seats)) if settings.teams else ()

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, settings: RuleSettings, seats: int, seed: int) -> Game:
        g = cls(settings, seats, seed)
        g._ev = []
        g._choose_dealer()
        g._deal_round()
        g.initial_events = g._ev
        g._ev = []
        return g

    @classmethod
    def replay(cls, settings: RuleSettings, seats: int, seed: int,
               actions: list[Action]) -> Game:
        g = cls.new(settings, seats, seed)
        for a in actions:
            g.apply(a)
        return g

    @property
    def is_over(self) -> bool:
        return self.phase is P_MATCH_OVER

    @property
    def round_over(self) -> bool:
        return self.phase is P_ROUND_OVER

    @property
    def teams(self) -> tuple[int, ...]:
        return self._teams

    def _emit(self, e: Event, shown: Event | None = None) -> None:
        """Report ``e`` and log it. ``shown`` is its public version when the caller
        has it ready (a made-once event; ``e`` itself when all see it whole)."""
        self._ev.append(e)
        self._file(e, public_version(e) if shown is None else shown)

    def _emit_public(self, e: Event) -> None:
        """Emit a made-once event everyone sees whole (a turn, skip, colour or play)."""
        self._emit(e, e)

    def _start_log(self) -> None:
        """A new round's log (and its public and per-seat private versions)."""
        self.log = []
        self._public = []
        self._own = [None] * self.n

    def _file(self, e: Event, shown: Event) -> None:
        """Log ``e`` and its public version ``shown`` (and note who may see its cards)."""
        i = len(self.log)
        self.log.append(e)
        self._public.append(shown)
        if shown is not e:
            for seat in owners(e):
                own = self._own[seat]
                if own is None:
                    own = self._own[seat] = {}
                own[i] = e

    def _choose_dealer(self) -> None:
        """S2: everyone draws; the highest number card deals; others and ties draw again."""
        deck = list(_ALL_IDS)
        shuffle(self.rng, deck)
        candidates = list(range(self.n))
        while True:
            drawn: dict[int, int] = {}
            for seat in candidates:
                cid = deck.pop()
                self._emit(ev("dealer_draw", seat=seat, cards=(cid,)))
                num = DECK[cid].number
                drawn[seat] = -1 if num is None else num
                if not deck:
                    deck = list(_ALL_IDS)
                    shuffle(self.rng, deck)
            best = max(drawn.values())
            tied = [s for s in candidates if drawn[s] == best]
            if best >= 0 and len(tied) == 1:
                self.dealer = tied[0]
                break
            candidates = tied if best >= 0 else [s for s in candidates if drawn[s] < 0]
        self._emit(ev("dealer", seat=self.dealer))

    def _deal_round(self) -> None:
        self.round_no += 1
        self._start_log()
        self._emit(ev("round_start", seat=self.dealer, value=self.round_no))
        pile = list(_ALL_IDS)
        shuffle(self.rng, pile)
        self.draw_pile = pile
        self.discard = []
        self.hands = [[] for _ in range(self.n)]
        self._emit(ev("shuffle", value=len(pile)))
        self.direction = 1
        self.pending = 0
        self.pending_kind = ""
        self.pending_skips = 0
        self.wd4_offender = -1
        self.drawn = -1
        self.uno_exposed = self.uno_declared = -1
        self.jump_card = self.jump_from = -1
        self.out = []
        self.winner = -1
        self.dry_turns = 0
        self.round_turns = 0
        for _ in range(HAND_SIZE):  # S3: one at a time, from the dealer's left
            for i in range(1, self.n + 1):
                seat = (self.dealer + i) % self.n
                cid = self.draw_pile.pop()
                self.hands[seat].append(cid)
                self._emit(_DEAL_EV[seat][cid], _DEAL_SHOWN[seat])
        self._turn_start_card()

    def _turn_start_card(self) -> None:
        """S4/S5: turn the first card and apply its effect."""
        s = self.settings
        while True:
            cid = self.draw_pile.pop()
            card = DECK[cid]
            if card.kind is K_WILD_DRAW_FOUR or (
                s.start_card == "reflip_actions" and card.kind is not K_NUMBER
            ):
                self._emit(ev("start_card_return", cards=(cid,)))
                self.draw_pile.append(cid)
                shuffle(self.rng, self.draw_pile)
                self._emit(ev("shuffle", value=len(self.draw_pile)))
                continue
            break
        self.discard.append(cid)
        self.colour = card.colour
        self._emit(ev("start_card", cards=(cid,), colour=card.colour))
        self.first_colour_only = s.start_match == "colour_only"
        first = self._next(self.dealer)
        if s.first_player == "count_off" and card.number is not None:
            first = (self.dealer + card.number) % self.n
        if card.kind is K_SKIP:
            self._emit_public(_SKIP_EV[first])
            self._begin_turn(self._next(first))
        elif card.kind is K_REVERSE:
            self.direction = -1
            self._emit(ev("direction", value=-1))
            self._begin_turn(self.dealer)
        elif card.kind is K_DRAW_TWO:
            self._draw(first, 2, "penalty")
            self._emit_public(_SKIP_EV[first])
            self._begin_turn(self._next(first))
        elif card.kind is K_WILD:
            self.current = self.to_act = first
            self.phase = P_CHOOSE_COLOUR
            self._emit_public(_TURN_EV[self.phase][first])
        else:
            self._begin_turn(first)

    # ------------------------------------------------------------ turn order
    def _next(self, seat: int, direction: int | None = None) -> int:
        d = self.direction if direction is None else direction
        n = self.n
        s = (seat + d) % n
        if self.out:
            while s in self.out:
                s = (s + d) % n
        return s

    def _active_count(self) -> int:
        return self.n - len(self.out)

    def _begin_turn(self, seat: int, phase: Phase = P_PLAY) -> None:
        """Give ``seat`` the turn, unless a full circle of turns went by in which no
        card was played or drawn, or the round reached ROUND_TURN_LIMIT turns (T7
        stalemate): then the round ends and the lowest hand (D2 points) wins it."""
        self.dry_turns += 1  # (reset to 0 whenever a card is played or drawn)
        self.round_turns += 1
        if self.dry_turns > self._active_count() or self.round_turns > ROUND_TURN_LIMIT:
            self._stalemate()
            return
        self.current = self.to_act = seat
        self.phase = phase
        self.drawn = -1
        self._emit_public(_PLAY_TURN_EV[seat] if phase is P_PLAY else _TURN_EV[phase][seat])

    def _stalemate(self) -> None:
        """T7: the round ends; the lowest hand (D2 points) wins it (R4: the seats
        still in go out from the lowest hand up)."""
        active = [s for s in range(self.n) if s not in self.out]
        ranked = sorted(active, key=lambda s: (sum(DECK[c].points for c in self.hands[s]), s))
        if self.settings.scoring == "elimination":
            for seat in ranked:
                self.out = [*self.out, seat]
                self._emit(ev("out", seat=seat, value=len(self.out)))
            self._end_round(self.out[0])
        else:
            self._end_round(ranked[0])

    def _skip_and_advance(self, victim: int, count: int = 1, player: int = -1) -> None:
        """T4/H4: ``victim`` and the ``count - 1`` players after it lose their turn.

        The count passes over ``player`` (who played the Skips): N Skips skip N
        *other* players, wrapping round, so with two players the player goes again."""
        s = victim
        for i in range(count):
            self._emit_public(_SKIP_EV[s])
            s = self._next(s)
            if s == player and i < count - 1:
                s = self._next(s)
        self._begin_turn(s)

    # --------------------------------------------------------------- drawing
    def _reshuffle(self) -> None:
        """T7: all of the discard pile but its top card becomes the draw pile."""
        if len(self.discard) <= 1:
            return
        rest = self.discard[:-1]
        self.discard = self.discard[-1:]
        shuffle(self.rng, rest)
        self.draw_pile = rest
        self._emit(ev("reshuffle", value=len(rest)))

    def _draw(self, seat: int, count: int, reason: str) -> list[int]:
        got: list[int] = []
        pile = self.draw_pile
        for _ in range(count):
            if not pile:
                self._reshuffle()
                pile = self.draw_pile
                if not pile:
                    break  # T7: draw what there is
            got.append(pile.pop())
        if got:
            self.dry_turns = 0
            self.hands[seat].extend(got)
            k = len(got)
            if k == 1 and reason == "choice":
                e = _DRAW1_EV[seat][got[0]]
            else:
                e = ev("draw", seat, -1, tuple(got), 0, None, 0, reason)
            rows = _DRAW_SHOWN.get(reason)
            self._emit(e, rows[seat][k] if rows is not None and k <= _SHOWN_MAX else None)
            if self.uno_exposed == seat:
                self.uno_exposed = -1
        return got

    # ------------------------------------------------------------- legality
    def play_error(self, seat: int, ids: tuple[int, ...]) -> tuple[str, str] | None:
        return P.play_error(self, seat, ids)

    def why_not(self, seat: int, card: int) -> IllegalAction | None:
        """Why ``seat`` cannot play ``card`` alone right now (None if it can)."""
        err = P.play_error(self, seat, (card,))
        return IllegalAction(*err) if err else None

    def _refusal(self, action: Action) -> tuple[str, str] | None:
        seat = action.seat
        if not 0 <= seat < self.n:
            return ("turn", "No such seat.")
        phase = self.phase
        if phase is P_MATCH_OVER:
            return ("R2", "The match is over.")
        if type(action) is Play:  # the most common action first (exact: actions are final)
            if seat != self.to_act:
                return ("turn", "It is not your turn.")
            err = P.play_error(self, seat, action.cards)
            return err or P.colour_error(action.cards, action.colour)
        if isinstance(action, (CallUno, Catch, JumpIn)):
            return self._out_of_turn_refusal(action)
        if seat != self.to_act:
            return ("turn", "It is not your turn.")
        if isinstance(action, Draw):
            if phase is not P_PLAY:
                return ("phase", "You cannot draw now.")
            if self._forced_play and self._has_play(seat):
                return ("T3", "Forced play: you hold a playable card, so you must play.")
            return None
        if isinstance(action, Pass):
            if phase is not P_KEEP_OR_PLAY:
                return ("phase", "There is no drawn card to keep.")
            if self._forced_play:
                return ("T3", "Forced play: the card you drew is playable, so you must play it.")
            return None
        if isinstance(action, ChooseColour):
            return None if phase is P_CHOOSE_COLOUR else ("phase", "No colour to choose now.")
        if isinstance(action, Challenge):
            return None if phase is P_CHALLENGE else (
                "T5", "Only the player hit by a Wild Draw Four (not on a stack) may challenge.")
        if isinstance(action, Accept):
            return None if phase in _DECISION_PHASES else ("phase", "Nothing to accept now.")
        if isinstance(action, WrongPlay):
            if self._wrong_play_penalty <= 0:
                return ("T8", "Wrong-play penalties are off: an unplayable card is simply refused.")
            if phase is not P_PLAY:
                return ("phase", "Not during this decision.")
            if action.card not in self.hands[seat]:
                return ("T8", "You do not hold that card.")
            if P.play_error(self, seat, (action.card,)) is None:
                return ("T8", "That card is playable.")
            return None
        if isinstance(action, NextRound):
            return None if phase is P_ROUND_OVER else ("phase", "The round is not over.")
        if isinstance(action, SwapHands):
            if phase is not P_CHOOSE_SWAP:
                return ("H7", "Hands are swapped only right after playing a 7 (7-0 rule).")
            t = action.target
            if t == seat or not 0 <= t < self.n or t in self.out:
                return ("H7", "Swap hands with another player still in the round.")
            return None
        return ("phase", "Unknown action.")

    def _out_of_turn_refusal(self, action: CallUno | Catch | JumpIn) -> tuple[str, str] | None:
        seat = action.seat
        if self.phase is P_ROUND_OVER:
            return ("R1", "The round is over.")
        if seat in self.out:
            return ("R4", "You are out of this round.")
        if isinstance(action, CallUno):
            if self._uno_call_kind(seat):
                return None
            return ("T6", "You can call UNO when you are down to one card or about to be.")
        if isinstance(action, Catch):
            t = action.target
            if t == seat or t != self.uno_exposed:
                return ("T6", "Nobody can be caught: only a player down to one card who did not call UNO, before the next turn begins.")
            return None
        if (self.jump_card < 0 or seat == self.jump_from or seat == self.to_act
                or self.phase is not P_PLAY):
            return ("H3", "No jump-in is possible now.")
        if action.card != TWIN[self.jump_card] or action.card not in self.hands[seat]:
            return ("H3", "Jump in only with a card identical to the one just played.")
        return None

    def _uno_call_kind(self, seat: int) -> str:
        """'' (no call possible), 'exposed', 'early' or 'false' (T6)."""
        if seat == self.uno_exposed:
            return "exposed"
        if seat != self.to_act or self.phase in (P_ROUND_OVER, P_CHOOSE_COLOUR,
                                                 P_CHOOSE_SWAP):
            return ""
        size = len(self.hands[seat])
        if size == 2 and self.uno_declared != seat and self.phase is not P_SKIP_RELAY:
            return "early"
        if (self._false_uno_penalty > 0 and self.phase is P_PLAY and size > 2
                and (self.draw_pile or len(self.discard) > 1)):
            # (with nothing left to draw the call would cost nothing: refused, T7)
            return "false"
        return ""

    def is_legal(self, action: Action) -> bool:
        return self._refusal(action) is None

    def check(self, action: Action) -> None:
        err = self._refusal(action)
        if err is not None:
            raise IllegalAction(*err)

    def _has_play(self, seat: int) -> bool:
        if P.turn_error(self, seat) is not None:
            return False
        hand = self.hands[seat]
        size = len(hand)
        return any(P.card_error(self, _ONE[c], DECK[c], size) is None for c in hand)

    def _plays(self, seat: int, singles: set[int] | None = None,
               out: list[Action] | None = None) -> list[Action]:
        """Every legal Play of ``seat`` (appended to ``out`` when given); the ids
        playable alone go into ``singles``."""
        if out is None:
            out = []
        if P.turn_error(self, seat) is not None:
            return out
        hand = self.hands[seat]
        size = len(hand)
        keep = self.phase is P_KEEP_OR_PLAY
        multi = self._multi_play and not keep
        # T3: after drawing, card_error refuses every card but the drawn one.
        cards = [self.drawn] if keep else hand
        alone: set[int] = set()
        for c in cards:
            if P.card_error(self, _ONE[c], DECK[c], size) is None:  # held: play_error's rest holds
                plays = _SINGLE[seat][c]
                if len(plays) == 1:
                    out.append(plays[0])
                else:
                    out.extend(plays)  # a wild: one per colour
                alone.add(c)
        if singles is not None:
            singles.update(alone)
        if multi and (alone or self.phase is not P_PLAY):
            # A card that may not be played alone may not lead several either,
            # except a Draw Two of an H4 pair answering a Wild Draw Four.
            face = P.FACE
            pairs = self.settings.pair_on_plus4 and self.phase in _DECISION_PHASES
            leads = None if pairs else {face[c] for c in alone}
            groups: dict[int, list[int]] = {}
            for c in sorted(hand):
                f = face[c]
                if leads is None or f in leads:
                    groups.setdefault(f, []).append(c)
            for group in groups.values():
                if len(group) > 1:
                    self._group_plays(seat, group, size, out)
        return out

    def _group_plays(self, seat: int, group: list[int], size: int, out: list[Action]) -> None:
        """H4: every legal play of two or more cards of ``group`` (held ids of one
        face, in id order): each subset, each card of it on top.

        A subset's play is legal when a card below the top may lead it
        (``P.cards_error``); which card is on top does not change whether a card
        may lead (``P.card_error`` reads only the set), so the leads are found
        once per subset: with two of them every top works, with one every other.
        """
        m = len(group)
        for mask in range(3, 1 << m):
            if mask & (mask - 1) == 0:
                continue  # one card: a single play
            chosen = tuple([group[i] for i in range(m) if mask >> i & 1])
            lead = -1
            for c in chosen:
                if P.card_error(self, chosen, DECK[c], size) is None:
                    if lead >= 0:
                        lead = -2  # two leads: any card may go on top
                        break
                    lead = c
            if lead == -1:
                continue
            for j, top in enumerate(chosen):
                if top != lead:
                    out.extend(_make_plays(seat, chosen[:j] + chosen[j + 1:] + (top,)))

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions ``apply`` accepts from ``seat`` now."""
        phase = self.phase
        if phase is P_MATCH_OVER or not 0 <= seat < self.n:
            return []
        if phase is P_ROUND_OVER:
            return [NextRound(seat)] if seat == self.to_act else []
        out: list[Action] = []
        if seat in self.out:
            return out
        if self._uno_call_kind(seat):
            out.append(_CALL[seat])
        if self.uno_exposed >= 0 and self.uno_exposed != seat:
            out.append(_CATCH[seat][self.uno_exposed])
        if (self.jump_card >= 0 and seat != self.jump_from and seat != self.to_act
                and phase is P_PLAY):
            twin = TWIN[self.jump_card]
            if twin in self.hands[seat]:
                out.append(JumpIn(seat, twin))
        if seat != self.to_act:
            return out
        if phase is P_CHOOSE_COLOUR:
            out.extend(_CHOOSE[seat])
            return out
        if phase is P_CHOOSE_SWAP:
            out.extend(SwapHands(seat, t) for t in range(self.n) if t != seat and t not in self.out)
            return out
        wrong = phase is P_PLAY and self._wrong_play_penalty > 0
        singles: set[int] | None = set() if wrong else None
        before = len(out)
        self._plays(seat, singles, out)
        if phase is P_PLAY:
            if not (self._forced_play and len(out) > before):
                out.append(_DRAW[seat])
            if singles is not None:
                # T8: in a normal turn a held card alone is playable exactly when
                # play_error passes it, which is when _plays offered it.
                wrongs = _WRONG[seat]
                out.extend([wrongs[c] for c in self.hands[seat] if c not in singles])
        elif phase is P_KEEP_OR_PLAY:
            if not self._forced_play:
                out.append(_PASS[seat])
        else:
            if phase is P_CHALLENGE:
                out.append(_CHALLENGE[seat])
            out.append(_ACCEPT[seat])
        return out

    def out_of_turn_seats(self) -> list[int]:
        """Seats other than ``to_act`` that have a legal action right now."""
        if self.phase in (P_ROUND_OVER, P_MATCH_OVER):
            return []
        seats: set[int] = set()
        if self.uno_exposed >= 0:
            seats.update(s for s in range(self.n) if s not in self.out)
        if self.jump_card >= 0 and self.phase is P_PLAY:
            twin = TWIN[self.jump_card]
            for s in range(self.n):
                if s != self.jump_from and s not in self.out and twin in self.hands[s]:
                    seats.add(s)
        seats.discard(self.to_act)
        return sorted(seats)

    # ---------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return its events; IllegalAction otherwise."""
        err = self._refusal(action)
        if err is not None:
            raise IllegalAction(*err)
        self._ev = []
        seat = action.seat
        # Actions are final classes: exact type checks (cheaper than isinstance).
        if type(action) is CallUno:
            self._call_uno(seat)
        elif type(action) is Catch:
            self._emit(ev("caught", seat=seat, target=action.target))
            self.uno_exposed = -1
            self._draw(action.target, CATCH_PENALTY, "uno")
        else:
            # T6: the next player begins a turn: the catch window closes.
            self.uno_exposed = -1
            declared = self.uno_declared == seat
            self.uno_declared = -1
            self.jump_card = -1
            if type(action) is Play:
                self._do_play(seat, action.cards, action.colour, declared)
            elif type(action) is JumpIn:
                self._emit(ev("jump_in", seat=seat, cards=(action.card,)))
                self.phase = P_PLAY
                self._do_play(seat, (action.card,), None, False)
            elif type(action) is Draw:
                self._do_draw(seat)
            elif type(action) is Pass:
                self._emit(ev("pass", seat=seat))
                self._begin_turn(self._next(seat))
            elif type(action) is ChooseColour:
                self.colour = action.colour
                self._emit_public(_COLOUR_EV[seat][_COLOUR_INDEX[action.colour]])
                self._begin_turn(seat)
            elif type(action) is Challenge:
                self._challenge(seat)
            elif type(action) is Accept:
                self._accept(seat)
            elif type(action) is WrongPlay:
                self._emit(ev("wrong_play", seat=seat, cards=(action.card,)))
                self._draw(seat, self._wrong_play_penalty, "wrong_play")
                self._begin_turn(self._next(seat))
            elif type(action) is SwapHands:
                self._swap(seat, action.target)
            elif type(action) is NextRound:
                self.dealer = self.winner  # S2: the winner of the previous round deals
                self._deal_round()
        self.actions.append(action)
        return self._ev

    def events_for(self, events: list[Event], seat: int) -> list[Event]:
        return [redact(e, seat) for e in events]

    def _call_uno(self, seat: int) -> None:
        kind = self._uno_call_kind(seat)
        if kind == "exposed":
            self.uno_exposed = -1
            self._emit(ev("uno", seat=seat))
        elif kind == "early":
            self.uno_declared = seat
            self._emit(ev("uno", seat=seat))
        else:
            self._emit(ev("false_uno", seat=seat))
            self._draw(seat, self._false_uno_penalty, "false_uno")

    def _do_draw(self, seat: int) -> None:
        """T3: draw one (or until playable); a playable card may be played at once."""
        until = self._until_playable
        hand = self.hands[seat]
        while True:
            got = self._draw(seat, 1, "choice")
            if not got:
                break  # T7: nothing left to draw; the turn ends idle
            cid = got[0]
            self.drawn = cid
            self.phase = P_KEEP_OR_PLAY
            if P.card_error(self, _ONE[cid], DECK[cid], len(hand)) is None:
                self._emit_public(_TURN_EV[self.phase][seat])
                return
            self.phase = P_PLAY
            if not until:
                break
        self.drawn = -1
        self._begin_turn(self._next(seat))

    def _challenge(self, seat: int) -> None:
        """T5: the offender shows their hand to the challenger only."""
        offender = self.wd4_offender
        guilty = self.wd4_guilty
        self._emit(ev("challenge", seat=seat, target=offender, value=int(guilty),
                         cards=tuple(self.hands[offender])))
        penalty = self.pending
        self.pending = 0
        self.pending_kind = ""
        self.wd4_offender = -1
        if guilty:
            self._draw(offender, self.settings.challenge_guilty_draw, "challenge")
            self._begin_turn(seat)
        else:
            self._draw(seat, penalty + CHALLENGE_FAIL_EXTRA, "challenge")
            self._skip_and_advance(seat)

    def _accept(self, seat: int) -> None:
        if self.phase is P_SKIP_RELAY:
            count = self.pending_skips
            self.pending_skips = 0
            # the last Skip was played by the seat just before ``seat``
            self._skip_and_advance(seat, count, self._next(seat, -self.direction))
            return
        total = self.pending
        self.pending = 0
        self.pending_kind = ""
        self.wd4_offender = -1
        self._draw(seat, total, "penalty")
        self._skip_and_advance(seat)

    # ----------------------------------------------------------------- play
    def _do_play(self, seat: int, ids: tuple[int, ...], colour: Colour | None,
                 declared: bool) -> None:
        ctx = self.phase
        top = DECK[ids[-1]]
        kind = top.kind
        guilty = False
        if kind is K_WILD_DRAW_FOUR and ctx not in (P_PENALTY, P_CHALLENGE):
            guilty = P.wd4_guilty(self, seat, ids)
        hand = self.hands[seat]
        for cid in ids:
            hand.pop(P.position(hand, cid))  # (play_error checked that it is held)
            self.discard.append(cid)
        self.colour = top.colour if top.colour is not None else colour
        self.first_colour_only = False
        self.drawn = -1
        self.dry_turns = 0
        if len(ids) == 1:
            row = _PLAY_EV[seat][ids[0]]
            self._emit_public(row[0] if colour is None else row[_COLOUR_INDEX[colour]])
        else:
            self._emit(ev("play", seat=seat, cards=ids, colour=self.colour))
        if top.colour is None and colour is not None:
            self._emit_public(_COLOUR_EV[seat][_COLOUR_INDEX[colour]])
        jump = self._jump_in
        if jump != "off" and top.colour is not None and (jump == "all" or kind is K_NUMBER):
            self.jump_card, self.jump_from = ids[-1], seat
        if len(hand) == 1 and not declared:
            self.uno_exposed = seat
        n = len(ids)
        if not hand:
            self._went_out(seat, kind, n, ctx)
            return
        if kind is K_DRAW_TWO or kind is K_WILD_DRAW_FOUR:
            self._draw_card_played(seat, kind, n, ctx, guilty)
        elif ctx in (P_PENALTY, P_CHALLENGE):
            self._deflect(seat, kind)  # H5: Skip or Reverse of the colour in effect
        elif kind is K_SKIP:
            self._skip_played(seat, n)
        elif kind is K_REVERSE:
            self._reverse_played(seat, n)
        elif kind is K_NUMBER and self._seven_zero_on and top.number in (0, 7):
            self._seven_zero(seat, top.number)
        else:
            self._begin_turn(self._next(seat))

    def _seven_zero(self, seat: int, number: int | None) -> None:
        """H7: a 7 lets its player swap hands with someone; a 0 passes every hand on."""
        if number == 7:
            self.current = self.to_act = seat
            self.phase = P_CHOOSE_SWAP
            self._emit_public(_TURN_EV[self.phase][seat])
            return
        active = [s for s in range(self.n) if s not in self.out]
        moved = {self._next(s): self.hands[s] for s in active}
        for s, hand in moved.items():
            self.hands[s] = hand
        self.uno_exposed = self.uno_declared = -1
        self._emit(ev("rotate", value=self.direction))
        self._begin_turn(self._next(seat))

    def _swap(self, seat: int, target: int) -> None:
        self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
        self._emit(ev("swap", seat=seat, target=target))
        self._begin_turn(self._next(seat))

    def _reverse_played(self, seat: int, n: int) -> None:
        """T4/R6: Reverse flips direction; with two players it acts as a Skip."""
        if n % 2:
            self.direction = -self.direction
            self._emit(ev("direction", value=self.direction))
        if self._active_count() == 2:
            self._skip_and_advance(self._next(seat), n, seat)
        else:
            self._begin_turn(self._next(seat))

    def _skip_played(self, seat: int, n: int) -> None:
        """T4: N Skips skip N players (H4); H2 lets the victim relay a Skip."""
        victim = self._next(seat)
        if self._skip_relay and any(DECK[c].kind is K_SKIP for c in self.hands[victim]):
            self.pending_skips = n
            self._begin_turn(victim, P_SKIP_RELAY)
        else:
            self.pending_skips = 0
            self._skip_and_advance(victim, n, seat)

    def _draw_card_played(self, seat: int, kind: Kind, n: int, ctx: Phase,
                          guilty: bool) -> None:
        amount = (2 if kind is K_DRAW_TWO else 4) * n
        stacking = ctx in (P_PENALTY, P_CHALLENGE)
        self.pending = self.pending + amount if stacking else amount
        self.pending_kind = "plus2" if kind is K_DRAW_TWO else "plus4"
        victim = self._next(seat)
        if kind is K_WILD_DRAW_FOUR and not stacking:
            self.wd4_offender = seat
            self.wd4_guilty = guilty
            self._emit(ev("penalty", target=victim, value=self.pending))
            self._begin_turn(victim, P_CHALLENGE)
            return
        self.wd4_offender = -1
        self._pending_on(victim)

    def _pending_on(self, victim: int) -> None:
        """H1/H5: the victim answers (stack, deflect) or takes the pending total."""
        self._emit(ev("penalty", target=victim, value=self.pending))
        self.current = self.to_act = victim
        self.phase = P_PENALTY
        if self._plays(victim):
            self._begin_turn(victim, P_PENALTY)
        else:
            self._accept(victim)

    def _deflect(self, seat: int, kind: Kind) -> None:
        """H5: a Skip passes the penalty on, a Reverse sends it back."""
        if kind is K_REVERSE:
            self.direction = -self.direction
            self._emit(ev("direction", value=self.direction))
        target = self._next(seat)
        self._emit(ev("deflect", seat=seat, target=target))
        self.wd4_offender = -1
        self._pending_on(target)

    def _went_out(self, seat: int, kind: Kind, n: int, ctx: Phase) -> None:
        """R1/R4/T9: ``seat`` played its last card."""
        stacked = ctx in (P_PENALTY, P_CHALLENGE)
        if stacked and kind in (K_SKIP, K_REVERSE):
            # H5 with the last card: the deflected penalty still lands (as T9).
            if kind is K_REVERSE:
                self.direction = -self.direction
                self._emit(ev("direction", value=self.direction))
            target = self._next(seat)
            self._emit(ev("deflect", seat=seat, target=target))
            self._draw(target, self.pending, "penalty")
            self.pending = 0
            self._went_out_done(seat, target, deflected=True)
            return
        victim = self._next(seat)
        if kind in _DRAW_KINDS:  # T9: the next player still draws
            amount = (2 if kind is K_DRAW_TWO else 4) * n
            total = self.pending + amount if ctx in (P_PENALTY, P_CHALLENGE) else amount
            self.pending = 0
            self.pending_kind = ""
            self._draw(victim, total, "penalty")
        self.pending = 0
        self._went_out_done(seat, victim, kind=kind, n=n)

    def _went_out_done(self, seat: int, victim: int, kind: Kind = K_NUMBER, n: int = 1,
                       deflected: bool = False) -> None:
        self.pending_kind = ""
        self.pending_skips = 0
        self.wd4_offender = -1
        if self.settings.scoring != "elimination":
            self._end_round(seat)
            return
        self.out = [*self.out, seat]  # (a new list: see _refresh_standings)
        self._emit(ev("out", seat=seat, value=len(self.out)))
        remaining = [s for s in range(self.n) if s not in self.out]
        if len(remaining) == 1:
            self.out = [*self.out, remaining[0]]
            self._emit(ev("out", seat=remaining[0], value=len(self.out)))
            self._end_round(self.out[0])
            return
        if deflected or kind in _DRAW_KINDS or kind is K_SKIP:
            self._skip_and_advance(victim, n if kind is K_SKIP else 1)
        elif kind is K_REVERSE:
            if n % 2:
                self.direction = -self.direction
                self._emit(ev("direction", value=self.direction))
            self._begin_turn(self._next(seat))
        else:
            self._begin_turn(victim)

    # ---------------------------------------------------------------- score
    def _end_round(self, winner: int) -> None:
        s = self.settings
        n = self.n
        points = [sum(DECK[c].points for c in h) for h in self.hands]
        gained = [0] * n
        if s.scoring == "elimination":
            for rank, seat in enumerate(self.out):
                gained[seat] = (n - 1 - rank)
        elif s.scoring == "penalty_points":
            gained = points[:]
        elif s.teams:
            team = self.teams
            won = sum(points[x] for x in range(n) if team[x] != team[winner])
            for x in range(n):
                if team[x] == team[winner]:
                    gained[x] = won
        else:
            gained[winner] = sum(points)
        # New lists, not changed in place (see _refresh_standings).
        self.scores = [total + gain for total, gain in zip(self.scores, gained)]
        self.round_points = [*self.round_points, gained]
        self.winner = winner
        self.uno_exposed = self.uno_declared = -1
        self.jump_card = -1
        self._emit(ev("round_end", seat=winner, data={
            "winner": winner,
            "hands": [list(h) for h in self.hands],
            "points": points,
            "gained": gained,
            "totals": list(self.scores),
            "out": list(self.out),
            "round": self.round_no,
        }))
        if s.scoring == "elimination":
            over, match_winner = True, self.out[0]
            ranking = list(self.out)
        elif s.scoring == "penalty_points":
            over = max(self.scores) >= s.target_score
            ranking = [x for _, x in sorted((total, x) for x, total in enumerate(self.scores))]
            match_winner = ranking[0]
        else:
            over = max(self.scores) >= s.target_score
            ranking = [x for _, x in sorted((-total, x) for x, total in enumerate(self.scores))]
            match_winner = winner if self.scores[winner] == max(self.scores) else ranking[0]
        self.current = winner
        if over:
            self.phase = P_MATCH_OVER
            self.to_act = -1
            winners = [x for x in range(n) if s.teams and self.teams[x] == self.teams[match_winner]]
            self._emit(ev("match_end", seat=match_winner, data={
                "winner": match_winner,
                "winners": winners or [match_winner],
                "totals": list(self.scores),
                "ranking": ranking,
                "rounds": self.round_no,
            }))
        else:
            self.phase = P_ROUND_OVER
            self.to_act = winner
            self._emit_public(_TURN_EV[self.phase][winner])

    # ----------------------------------------------------------------- view
    def _discard_cards(self) -> Prefix[Card]:
        """The discard pile as cards, an O(1) snapshot: the engine only appends to
        ``discard`` and gives it a new list when it resets it (T7, a new round), and
        the cards behind the snapshots follow it the same way."""
        pile = self.discard
        snap = self._discard_view
        if snap._n == len(pile) and pile is self._discard_list:
            return snap  # unchanged since the last view
        shown = snap._items
        k = len(shown)
        if pile is not self._discard_list or k > len(pile) or (
                k and shown[k - 1] is not DECK[pile[k - 1]]):
            self._discard_list = pile
            shown = []  # a new list: older snapshots keep theirs
            k = 0
        while k < len(pile):
            shown.append(DECK[pile[k]])
            k += 1
        snap = self._discard_view = Prefix(shown, k)
        return snap

    def _refresh_standings(self) -> None:
        """scores, round_points and out as tuples for views, made again only when
        they change: the engine gives them new lists when it changes them (as a
        loaded or rigged game does), so a list seen before is unchanged."""
        of = self._standings_of
        if of is not None and of[0] is self.scores and of[1] is self.round_points \
                and of[2] is self.out:
            return
        self._scores_t = tuple(self.scores)
        self._points_t = tuple([tuple(r) for r in self.round_points])
        self._out_t = tuple(self.out)
        self._standings_of = (self.scores, self.round_points, self.out)

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know (seat -1: a spectator who holds no cards)."""
        mine = 0 <= seat < self.n
        drawn = self.drawn
        self._refresh_standings()
        jump = self.jump_card
        # Positional, in PlayerView's field order (tests/test_rules_fast_paths.py
        # checks every field by name).
        return PlayerView(
            seat,  # seat
            self.n,  # num_seats
            self.settings,  # settings
            tuple([DECK[c] for c in self.hands[seat]]) if mine else (),  # hand
            tuple([len(h) for h in self.hands]),  # hand_sizes
            DECK[self.discard[-1]] if self.discard else None,  # top_card
            self._discard_cards(),  # discard
            len(self.draw_pile),  # draw_pile_size
            self.colour,  # colour
            self.direction,  # direction
            self.phase,  # phase
            self.to_act,  # to_act
            self.current,  # current
            self.pending,  # pending_penalty
            DECK[drawn] if mine and drawn >= 0 and seat == self.to_act else None,  # drawn_card
            self.uno_exposed,  # uno_exposed
            self.uno_declared,  # uno_declared
            DECK[jump] if jump >= 0 else None,  # jump_in_card
            self.dealer,  # dealer
            self.round_no,  # round_no
            self._scores_t,  # scores
            self._points_t,  # round_points
            self._out_t,  # out
            self._teams,  # teams
            self.winner,  # winner
            # this round's events as ``seat`` sees them: an O(1) snapshot of the
            # append-only public log and this seat's own private events
            EventLog(self._public, len(self._public), self._own[seat] if mine else None),  # log
        )

    # ---------------------------------------------------------- persistence
    _SCALARS: ClassVar[tuple[str, ...]] = ("direction", "current", "to_act", "pending", "pending_kind", "pending_skips",
                "wd4_offender", "wd4_guilty", "drawn", "uno_exposed", "uno_declared",
                "jump_card", "jump_from", "first_colour_only", "dealer", "round_no", "winner",
                "dry_turns", "round_turns")

    def to_dict(self) -> dict[str, Any]:
        """The full state as plain JSON-able data."""
        version, internal, gauss = self.rng.getstate()
        d: dict[str, Any] = {
            "engine_version": ENGINE_VERSION,
            "settings": self.settings.to_dict(),
            "seats": self.n,
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "draw_pile": list(self.draw_pile),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "colour": self.colour.value if self.colour else None,
            "phase": self.phase.value,
            "scores": list(self.scores),
            "round_points": [list(r) for r in self.round_points],
            "out": list(self.out),
            "actions": [action_to_dict(a) for a in self.actions],
            "log": [e.to_dict() for e in self.log],
        }
        for name in self._SCALARS:
            d[name] = getattr(self, name)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict`; StateError if it is not a valid state."""
        try:
            g = cls(RuleSettings.from_dict(d["settings"]), int(d["seats"]), int(d["seed"]))
            version, internal, gauss = d["rng"]
            g.rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
            g.draw_pile = [int(c) for c in d["draw_pile"]]
            g.discard = [int(c) for c in d["discard"]]
            g.hands = [[int(c) for c in h] for h in d["hands"]]
            g.colour = Colour(d["colour"]) if d["colour"] is not None else None
            g.phase = Phase(d["phase"])
            g.scores = [int(x) for x in d["scores"]]
            g.round_points = [[int(x) for x in r] for r in d["round_points"]]
            g.out = [int(x) for x in d["out"]]
            g.actions = [action_from_dict(a) for a in d["actions"]]
            for data in d["log"]:
                e = Event.from_dict(data)
                g._file(e, public_version(e))
            for name in cls._SCALARS:
                # (saves made before the T7 turn limit have no round_turns)
                value = d.get(name, 0) if name == "round_turns" else d[name]
                want = type(getattr(g, name))
                if want is bool:
                    if not isinstance(value, bool):
                        raise TypeError(f"{name} must be true or false")
                elif want is int:
                    if isinstance(value, bool) or not isinstance(value, int):
                        raise TypeError(f"{name} must be an integer")
                elif not isinstance(value, want):
                    raise TypeError(f"{name} has the wrong type")
                setattr(g, name, value)
            g.check_invariants()
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AssertionError, OverflowError,
                AttributeError) as exc:
            raise StateError(f"not a valid game state: {exc!r}") from None
        except Exception as exc:  # SettingsConflict and anything odd in the data
            raise StateError(f"not a valid game state: {exc!r}") from None
        return g

    # ----------------------------------------------------------- invariants
    def check_invariants(self) -> None:
        """Raise AssertionError if the state is inconsistent."""
        n = self.n
        assert len(self.hands) == n, "one hand per seat"
        everything = self.draw_pile + self.discard + [c for h in self.hands for c in h]
        assert len(everything) == len(DECK), f"{len(everything)} cards instead of 108"
        assert sorted(everything) == list(_ALL_IDS), "each card in exactly one place"
        assert self.discard, "the discard pile is never empty after setup"
        assert len(self.scores) == n and all(isinstance(x, int) for x in self.scores)
        assert self.direction in (1, -1)
        assert all(0 <= s < n for s in self.out) and len(set(self.out)) == len(self.out)
        if self.phase is P_MATCH_OVER:
            assert self.to_act == -1, "nobody acts once the match is over"
        else:
            assert 0 <= self.to_act < n, "one current decision-maker"
            if self.phase is not P_ROUND_OVER:
                assert self.to_act not in self.out, "a seat that went out does not act"
        if self.phase not in (P_CHOOSE_COLOUR, P_ROUND_OVER, P_MATCH_OVER):
            assert self.colour is not None, "a colour is in effect"
        assert (self.pending > 0) == (self.phase in (P_PENALTY, P_CHALLENGE)), \
            "a pending penalty exactly while someone faces it"
        if self.phase is P_CHALLENGE:
            assert 0 <= self.wd4_offender < n
        if self.phase is P_KEEP_OR_PLAY:
            assert self.drawn in self.hands[self.to_act], "the drawn card is in the drawer's hand"
        else:
            assert self.drawn == -1
        if self.uno_exposed >= 0:
            assert len(self.hands[self.uno_exposed]) == 1, "only a one-card hand can be caught"
        if self.jump_card >= 0:
            assert self.jump_card == self.discard[-1], "jump-in only on the top card"
        if self.phase in (P_PLAY, P_KEEP_OR_PLAY, P_CHALLENGE, P_PENALTY,
                          P_SKIP_RELAY, P_CHOOSE_SWAP):
            active = [s for s in range(n) if s not in self.out]
            assert all(self.hands[s] for s in active), "everyone still playing holds cards"
