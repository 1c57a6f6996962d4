"""PlayerView: everything one seat may know, and nothing more.

AI agents and the on-screen hand see only this (OpenSpiel's observer idea).
Re-dealing the cards hidden from ``seat`` never changes its view.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final, NamedTuple

from .cards import Card, Colour
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


class PlayerView(NamedTuple):
    """Immutable (a NamedTuple: cheap to build for every decision of every bot)."""

    seat: int  # whose view this is (-1: a spectator who sees no hand)
    num_seats: int
    settings: RuleSettings
    hand: tuple[Card, ...]  # this seat's own cards, in hand order
    hand_sizes: tuple[int, ...]  # every seat's card count
    top_card: Card | None
    discard: Sequence[Card]  # the face-up pile, bottom first (public; an O(1) snapshot)
    draw_pile_size: int
    colour: Colour | None  # the colour in effect (a wild's named colour lives here)
    direction: int  # +1 clockwise, -1 counter-clockwise
    phase: Phase
    to_act: int  # the seat whose decision the game waits for (-1 when none)
    current: int  # whose turn it is
    pending_penalty: int  # H1/H5 stacked draw total facing ``to_act`` (4 for an unstacked WD4)
    drawn_card: Card | None  # T3: the card this seat just drew and may play
    uno_exposed: int  # T6: seat down to one card that has not called UNO and can be caught (-1 none)
    uno_declared: int  # T6: seat that already called UNO for its next play (-1 none)
    jump_in_card: Card | None  # H3: the card that may be jumped on right now
    dealer: int
    round_no: int
    scores: tuple[int, ...]  # match totals per seat (R2/R3), team totals under R5 are per seat too
    round_points: tuple[tuple[int, ...], ...]  # points scored per round, per seat
    out: tuple[int, ...]  # R4: seats that went out this round, in order
    teams: tuple[int, ...]  # R5: team number per seat (empty when no teams)
    winner: int  # round winner while ROUND_OVER, match winner when MATCH_OVER (-1 otherwise)
    log: EventLog  # this round's events, redacted for ``seat`` (a read-only Sequence)

    def is_my_turn(self) -> bool:
        return self.to_act == self.seat
