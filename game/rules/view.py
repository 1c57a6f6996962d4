"""PlayerView: everything one seat may know, and nothing more.

AI agents and the on-screen hand see only this (OpenSpiel's observer idea);
:mod:`.observer` builds it. Re-dealing the cards hidden from ``seat`` never
changes its view. ``Phase`` (from :mod:`.phase`) is importable from here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .actions import CallUno, Play
from .cards import DECK, FACE, Card, Colour, Kind
from .events import EventLog
from .phase import Phase
from .settings import RuleSettings
from .verdicts import UnoCall, can_draw_from, challenge_stakes, uno_call_kind, wd4_bluff

__all__ = ["VIEW_FIELDS", "Phase", "PlayerView"]


class PlayerView(NamedTuple):
    """What one seat may know, built by ``Game.view`` for every decision.

    Read-only, built by keyword (a NamedTuple: a fraction of a frozen
    dataclass's cost to make, and one is made per decision). The discard pile
    and the log are O(1) snapshots of the engine's append-only lists, so a view
    copies nothing big.
    """

    seat: int
    """whose view this is (-1: a spectator who sees no hand)"""
    num_seats: int
    settings: RuleSettings
    hand: tuple[Card, ...]
    """this seat's own cards, in hand order"""
    hand_sizes: tuple[int, ...]
    """every seat's card count"""
    top_card: Card | None
    discard: Sequence[Card]
    """the face-up pile, bottom first (public)"""
    draw_pile_size: int
    colour: Colour | None
    """the colour in effect (a wild's named colour lives here)"""
    direction: int
    """+1 clockwise, -1 counter-clockwise"""
    phase: Phase
    to_act: int
    """the seat whose decision the game waits for (-1 when none)"""
    current: int
    """whose turn it is"""
    pending_penalty: int
    """H1/H5 stacked draw total facing ``to_act`` (4 for an unstacked Wild Draw Four)"""
    drawn_card: Card | None
    """T3: the card this seat just drew and may play"""
    uno_exposed: int
    """T6: the seat down to one card that has not called UNO and can be caught (-1 none)"""
    uno_declared: int
    """T6: the seat that already called UNO for its next play (-1 none)"""
    jump_in_card: Card | None
    """H3: the card that may be jumped on right now"""
    dealer: int
    round_no: int
    scores: tuple[int, ...]
    """match totals per seat (R2/R3; under R5 each seat holds its team's total)"""
    round_points: tuple[tuple[int, ...], ...]
    """points scored per round, per seat"""
    out: tuple[int, ...]
    """R4: seats that went out this round, in order"""
    teams: tuple[int, ...]
    """R5: team number per seat (empty when no teams)"""
    winner: int
    """round winner while ROUND_OVER, match winner when MATCH_OVER (-1 otherwise)"""
    log: EventLog
    """this round's events as ``seat`` sees them (a read-only Sequence)"""

    def is_my_turn(self) -> bool:
        return self.to_act == self.seat

    def playing(self) -> int:
        """How many seats still hold cards this round (R4: the out ones do not)."""
        return self.num_seats - len(self.out)

    def card(self, card_id: int) -> Card:
        """The card with this id (D1), so a bot needs no deck import."""
        return DECK[card_id]

    def is_bluff(self, action: object) -> bool:
        """T2/T5: is ``action`` a Play of this seat whose Wild Draw Four breaks
        T2 now (:func:`.verdicts.wd4_bluff`, as the engine judges it), so that a
        challenge would find it guilty? False for any other action, under
        ``wd4_rule="free"`` and onto a pending stack (H1)."""
        if not isinstance(action, Play) or action.seat != self.seat:
            return False
        cards = action.cards
        if (DECK[cards[-1]].kind is not Kind.WILD_DRAW_FOUR
                or self.phase not in (Phase.PLAY, Phase.KEEP_OR_PLAY)):
            return False
        top = self.top_card
        rest = [c.id for c in self.hand if c.id not in cards]
        return wd4_bluff(self.settings.wd4_rule, rest, self.colour,
                         FACE[top.id] if top is not None else -1)

    def uno_call(self) -> UnoCall:
        """T6: what an UNO call by this seat would be now
        (:func:`.verdicts.uno_call_kind`, as the engine judges it)."""
        seat = self.seat
        return uno_call_kind(
            exposed=self.uno_exposed == seat, on_turn=self.to_act == seat, phase=self.phase,
            hand_size=len(self.hand), declared=self.uno_declared == seat,
            false_penalty=self.settings.false_uno_penalty,
            can_draw=can_draw_from(self.draw_pile_size, len(self.discard)))

    def is_false_uno(self, action: object) -> bool:
        """T6: is ``action`` a CallUno of this seat that the engine would take as
        a false call (:meth:`uno_call`), costing the penalty? While
        ``false_uno_penalty`` is above 0, ``legal`` offers such calls on every
        turn in which something is left to draw."""
        if not isinstance(action, CallUno) or action.seat != self.seat:
            return False
        return self.uno_call() == "false"

    def challenge_stakes(self) -> tuple[int, int]:
        """T5: what challenging the Wild Draw Four facing this seat costs, as
        ``(guilty, innocent)`` (:func:`.verdicts.challenge_stakes`): the offender's
        draw when found guilty, this seat's when not."""
        return challenge_stakes(self.pending_penalty, self.settings.challenge_guilty_draw)

    def as_dict(self) -> dict[str, Any]:
        """Every field by name, in declaration order (the log and pile as they are)."""
        return self._asdict()


VIEW_FIELDS: tuple[str, ...] = PlayerView._fields
