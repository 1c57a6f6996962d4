"""Game: the thin front of the rules engine, one match from the dealer draw to the winner.

Pure Python (no pygame, no I/O, no global random: one seeded ``random.Random``
per match). The work is done by modules with one job each:

=============  ===============================================================
state          the records: MatchState, RoundState.fresh(), PendingPenalty
deal           S2-S5: the dealer, the deal, the first card
turns          turn order, direction, skips, the T7 idle limit
piles          drawing and T7's reshuffle
legality       one "why not" per action type; legal_actions from the same predicates
effects        what each action does, one named function per rule
scoring        R1-R5 and the T7 stalemate
observer       PlayerView: what one seat may see
persist        to and from plain JSON-able data
=============  ===============================================================

``apply`` checks an action with :func:`.legality.refusal` (the predicate
``legal_actions`` offers from), raises :class:`IllegalAction` with the state
untouched, or performs it and returns the events that happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action, action_to_dict
from .cards import Colour
from .deal import choose_dealer, deal_round
from .effects import perform
from .errors import IllegalAction
from .events import Event, EventKind
from .legality import card_refusal, legal_actions, out_of_turn_seats, refusal
from .observer import view
from .persist import ENGINE_VERSION, from_dict, to_dict
from .phase import Phase
from .settings import RuleSettings, check_seats
from .state import MatchState, PendingPenalty, RoundState, check_invariants
from .turns import ROUND_TURN_LIMIT
from .view import PlayerView

__all__ = ["ENGINE_VERSION", "ROUND_TURN_LIMIT", "Game"]


class Game:
    """A match of UNO. Create with :meth:`new`; drive with :meth:`apply`.

    ``state`` is the whole match (:class:`.state.MatchState`); the read-only
    properties below name its parts a caller commonly reads."""

    def __init__(self, state: MatchState, actions: list[Action] | None = None) -> None:
        self.state = state
        self.actions: list[Action] = actions if actions is not None else []
        """every action applied since the match began, in order"""
        self.initial_events: list[Event] = []
        """the events of :meth:`new` (dealer choice, first deal)"""
        # The JSON form of ``actions``, made once per action (to_dict runs after
        # every action for the autosave): the dicts are never changed once made,
        # and belong to the list object they were made for.
        self._action_data: list[dict[str, Any]] = []
        self._action_data_of: list[Action] = self.actions
        # What legal_actions offered each seat in the state as it is (see _offered_now).
        self._offered: dict[int, list[Action]] = {}
        self._offered_after = -1
        self._offered_round: RoundState | None = None

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, settings: RuleSettings, seats: int, seed: int) -> Game:
        check_seats(settings, seats)
        m = MatchState.start(settings, seats, seed)
        choose_dealer(m)
        deal_round(m)
        g = cls(m)
        g.initial_events = m.emitted
        m.emitted = []
        return g

    @classmethod
    def prepared(cls, settings: RuleSettings, seats: int, seed: int, *, dealer: int,
                 top: Sequence[int]) -> Game:
        """A match on a prepared deal (the tutorial): ``dealer`` deals (S2 is not
        drawn for) and ``top`` are the first cards off the pile in order: the
        deal one at a time from the dealer's left, the start card (S4), then the
        cards drawn later. The cards not named follow in the seed's shuffle, as
        does every later shuffle (T7, the next rounds). ValueError for a dealer
        who is not a seat or a card named twice."""
        check_seats(settings, seats)
        if not 0 <= dealer < seats:
            raise ValueError(f"the dealer must be a seat from 0 to {seats - 1}")
        m = MatchState.start(settings, seats, seed)
        m.dealer = dealer
        m.emit(Event(EventKind.DEALER, seat=dealer))
        deal_round(m, top)
        g = cls(m)
        g.initial_events = m.emitted
        m.emitted = []
        return g

    @classmethod
    def replay(cls, settings: RuleSettings, seats: int, seed: int,
               actions: list[Action]) -> Game:
        g = cls.new(settings, seats, seed)
        for a in actions:
            g.apply(a)
        return g

    # ----------------------------------------------------------------- rules
    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` may not be taken now (the rule ID that refuses it and
        why), or None when ``apply`` accepts it: the one "why not" of actions."""
        err = refusal(self.state, action)
        return IllegalAction(*err) if err is not None else None

    def why_not(self, seat: int, card: int) -> IllegalAction | None:
        """Why ``seat`` cannot play ``card`` alone now (a click on, or a pointer
        over, a card that is not offered), or None when it can (naming a colour
        if it is wild): the one "why not" of a card. A seat not on turn is told so."""
        err = card_refusal(self.state, seat, card)
        return IllegalAction(*err) if err is not None else None

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions ``apply`` accepts from ``seat`` now (a new list
        each call; the actions are made once per state and seat)."""
        offered = self._offered_now()
        found = offered.get(seat)
        if found is None:
            found = offered[seat] = legal_actions(self.state, seat)
        return list(found)

    def _offered_now(self) -> dict[int, list[Action]]:
        """The legal actions made so far for the state as it is, by seat.

        The state changes only through ``apply`` (which adds an action) or by
        a new round object (``state.round`` replaced, as test rigs do), so the
        number of actions and the round's identity stamp it."""
        n, r = len(self.actions), self.state.round
        if self._offered_after != n or self._offered_round is not r:
            self._offered = {}
            self._offered_after, self._offered_round = n, r
        return self._offered

    def out_of_turn_seats(self) -> list[int]:
        """Seats other than ``to_act`` that have a legal action right now."""
        return out_of_turn_seats(self.state)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return its events; IllegalAction otherwise."""
        for offered in self._offered_now().get(action.seat, ()):
            if offered is action:
                break  # offered for this state: not judged again
        else:
            err = refusal(self.state, action)
            if err is not None:
                raise IllegalAction(*err)
        m = self.state
        m.emitted = []
        perform(m, action)
        self.actions.append(action)
        return m.emitted

    # --------------------------------------------------------------- observer
    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know (seat -1: a spectator who holds no cards)."""
        return view(self.state, seat)

    # ------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """The full state as plain JSON-able data (what the action list adds since
        the last call is all it converts)."""
        actions = self.actions
        done = self._action_data
        if self._action_data_of is not actions or len(done) > len(actions):
            done = self._action_data = []
            self._action_data_of = actions
        done.extend(action_to_dict(a) for a in actions[len(done):])
        return to_dict(self.state, list(done))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict`; StateError if it is not a valid state."""
        state, actions = from_dict(d)
        return cls(state, actions)

    def check_invariants(self) -> None:
        """Raise AssertionError if the state is inconsistent."""
        check_invariants(self.state)

    # ------------------------------------------------- what callers read
    @property
    def round(self) -> RoundState:
        return self.state.round

    @property
    def settings(self) -> RuleSettings:
        return self.state.settings

    @property
    def n(self) -> int:
        return self.state.seats

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def teams(self) -> tuple[int, ...]:
        return self.state.teams

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def round_no(self) -> int:
        return self.state.round_no

    @property
    def scores(self) -> list[int]:
        return self.state.scores

    @property
    def round_points(self) -> list[list[int]]:
        return self.state.round_points

    @property
    def phase(self) -> Phase:
        return self.state.round.phase

    @property
    def to_act(self) -> int:
        return self.state.round.to_act

    @property
    def current(self) -> int:
        return self.state.round.current

    @property
    def hands(self) -> list[list[int]]:
        return self.state.round.hands

    @property
    def discard(self) -> list[int]:
        return self.state.round.discard

    @property
    def draw_pile(self) -> list[int]:
        return self.state.round.draw_pile

    @property
    def colour(self) -> Colour | None:
        return self.state.round.colour

    @property
    def direction(self) -> int:
        return self.state.round.direction

    @property
    def penalty(self) -> PendingPenalty | None:
        return self.state.round.penalty

    @property
    def uno_exposed(self) -> int:
        return self.state.round.uno_exposed

    @property
    def jump_card(self) -> int:
        return self.state.round.jump_card

    @property
    def out(self) -> list[int]:
        return self.state.round.out

    @property
    def winner(self) -> int:
        return self.state.round.winner

    @property
    def log(self) -> list[Event]:
        """This round's events, unredacted."""
        return self.state.round.log.full

    @property
    def is_over(self) -> bool:
        return self.state.round.phase is Phase.MATCH_OVER

    @property
    def round_over(self) -> bool:
        return self.state.round.phase is Phase.ROUND_OVER
