"""PlayerView: everything one seat may know, and nothing more.

AI agents and the on-screen hand see only this (OpenSpiel's observer idea).
Re-dealing the cards hidden from ``seat`` never changes its view.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any, Final, final

from .actions import CallUno, Play
from .cards import DECK, Card, Colour, Kind
from .events import EventLog
from .settings import RuleSettings


class Phase(str, Enum):
    PLAY = "play"  # T1/T3: play a card or draw
    KEEP_OR_PLAY = "keep_or_play"  # T3: play the card just drawn, or keep it (Pass)
    CHOOSE_COLOUR = "choose_colour"  # S4: first card is a Wild
    CHALLENGE = "challenge"  # T5: hit by a Wild Draw Four: Challenge or Accept (or stack/deflect)
    PENALTY = "penalty"  # H1/H5: a pending draw total: stack, deflect or Accept
    SKIP_RELAY = "skip_relay"  # H2: hit by a Skip: relay a Skip or Accept
    CHOOSE_SWAP = "choose_swap"  # H7: after a 7, choose whose hand to swap with
    ROUND_OVER = "round_over"  # R1: scored; the next dealer starts the next round
    MATCH_OVER = "match_over"  # R2-R5: nothing more to do


# The members as module constants: the compiled engine (setup.py) reads these
# natively instead of looking each one up on the Enum class.
P_PLAY: Final = Phase.PLAY
P_KEEP_OR_PLAY: Final = Phase.KEEP_OR_PLAY
P_CHOOSE_COLOUR: Final = Phase.CHOOSE_COLOUR
P_CHALLENGE: Final = Phase.CHALLENGE
P_PENALTY: Final = Phase.PENALTY
P_SKIP_RELAY: Final = Phase.SKIP_RELAY
P_CHOOSE_SWAP: Final = Phase.CHOOSE_SWAP
P_ROUND_OVER: Final = Phase.ROUND_OVER
P_MATCH_OVER: Final = Phase.MATCH_OVER


VIEW_FIELDS: Final[tuple[str, ...]] = (
    "seat", "num_seats", "settings", "hand", "hand_sizes", "top_card", "discard",
    "draw_pile_size", "colour", "direction", "phase", "to_act", "current", "pending_penalty",
    "drawn_card", "uno_exposed", "uno_declared", "jump_in_card", "dealer", "round_no",
    "scores", "round_points", "out", "teams", "winner", "log")


@final
class PlayerView:
    """What one seat may know, built by ``Game.view`` for every decision.

    Read-only: every field is ``Final``, so mypy refuses assignments, and the
    compiled build (setup.py) refuses them at run time too. A plain class rather
    than a NamedTuple so that build can make it natively (about four times
    cheaper per decision). Views compare equal when every field does.
    """

    __slots__ = VIEW_FIELDS

    def __init__(self, seat: int, num_seats: int, settings: RuleSettings, hand: tuple[Card, ...],
                 hand_sizes: tuple[int, ...], top_card: Card | None, discard: Sequence[Card],
                 draw_pile_size: int, colour: Colour | None, direction: int, phase: Phase,
                 to_act: int, current: int, pending_penalty: int, drawn_card: Card | None,
                 uno_exposed: int, uno_declared: int, jump_in_card: Card | None, dealer: int,
                 round_no: int, scores: tuple[int, ...],
                 round_points: tuple[tuple[int, ...], ...], out: tuple[int, ...],
                 teams: tuple[int, ...], winner: int, log: EventLog) -> None:
        self.seat: Final = seat  # whose view this is (-1: a spectator who sees no hand)
        self.num_seats: Final = num_seats
        self.settings: Final = settings
        self.hand: Final = hand  # this seat's own cards, in hand order
        self.hand_sizes: Final = hand_sizes  # every seat's card count
        self.top_card: Final = top_card
        self.discard: Final = discard  # the face-up pile, bottom first (public; an O(1) snapshot)
        self.draw_pile_size: Final = draw_pile_size
        self.colour: Final = colour  # the colour in effect (a wild's named colour lives here)
        self.direction: Final = direction  # +1 clockwise, -1 counter-clockwise
        self.phase: Final = phase
        self.to_act: Final = to_act  # the seat whose decision the game waits for (-1 when none)
        self.current: Final = current  # whose turn it is
        # H1/H5 stacked draw total facing ``to_act`` (4 for an unstacked WD4)
        self.pending_penalty: Final = pending_penalty
        self.drawn_card: Final = drawn_card  # T3: the card this seat just drew and may play
        # T6: seat down to one card that has not called UNO and can be caught (-1 none)
        self.uno_exposed: Final = uno_exposed
        # T6: seat that already called UNO for its next play (-1 none)
        self.uno_declared: Final = uno_declared
        self.jump_in_card: Final = jump_in_card  # H3: the card that may be jumped on right now
        self.dealer: Final = dealer
        self.round_no: Final = round_no
        # match totals per seat (R2/R3), team totals under R5 are per seat too
        self.scores: Final = scores
        self.round_points: Final = round_points  # points scored per round, per seat
        self.out: Final = out  # R4: seats that went out this round, in order
        self.teams: Final = teams  # R5: team number per seat (empty when no teams)
        # round winner while ROUND_OVER, match winner when MATCH_OVER (-1 otherwise)
        self.winner: Final = winner
        self.log: Final = log  # this round's events, redacted for ``seat`` (a read-only Sequence)

    def is_my_turn(self) -> bool:
        return self.to_act == self.seat

    def card(self, card_id: int) -> Card:
        """The card with this id (D1), so a bot needs no deck import."""
        return DECK[card_id]

    def is_bluff(self, action: object) -> bool:
        """T2/T5: is ``action`` a Play of this seat whose Wild Draw Four breaks
        T2 now, so that a challenge would find it guilty? False for any other
        action, under ``wd4_rule="free"`` and onto a pending stack (H1)."""
        if not isinstance(action, Play) or action.seat != self.seat:
            return False
        cards = action.cards
        if (DECK[cards[-1]].kind is not Kind.WILD_DRAW_FOUR
                or self.phase not in (Phase.PLAY, Phase.KEEP_OR_PLAY)):
            return False
        rule = self.settings.wd4_rule
        rest = [c for c in self.hand if c.id not in cards]
        if rule == "no_matching_colour":
            return any(c.colour is self.colour for c in rest)
        if rule != "no_playable_card":
            return False
        top = self.top_card
        return any(c.kind is not Kind.WILD_DRAW_FOUR and (
            c.colour is None or c.colour is self.colour
            or (top is not None and c.face == top.face)) for c in rest)

    def is_false_uno(self, action: object) -> bool:
        """T6: is ``action`` a CallUno of this seat that draws the false-call
        penalty (holding more than two cards, not exposed)? ``legal`` offers
        such calls on every turn while ``false_uno_penalty`` is above 0."""
        return (isinstance(action, CallUno) and action.seat == self.seat
                and self.uno_exposed != self.seat and len(self.hand) > 2)

    def as_dict(self) -> dict[str, Any]:
        """Every field by name, in the order of :data:`VIEW_FIELDS`."""
        return {name: getattr(self, name) for name in VIEW_FIELDS}

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in VIEW_FIELDS])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in VIEW_FIELDS)
        return f"PlayerView({inner})"
