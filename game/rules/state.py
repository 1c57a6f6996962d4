"""The state of a match as small records: what the rules modules read and change.

:class:`MatchState` holds what lasts the whole match (settings, seats, the
seeded random generator, dealer, scores) and the current :class:`RoundState`;
a new round is ``RoundState.fresh(...)``. A pending draw penalty is one
:class:`PendingPenalty` record. No rules live here: setup, turns, legality,
effects, scoring, observer and persist are modules of their own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

from .cards import Colour, deck_size
from .events import Event, RoundLog
from .phase import Phase
from .settings import RuleSettings


class PenaltyKind(str, Enum):
    """H1: the draw card a pending total last grew by (what may be stacked on it)."""

    PLUS2 = "plus2"
    PLUS4 = "plus4"


@dataclass(frozen=True, slots=True)
class PendingPenalty:
    """T4/T5/H1/H5: the draw total facing the player to act."""

    amount: int
    """cards the player draws on Accept (stacked cards add to it, H1)"""
    kind: PenaltyKind
    """the last draw card played onto it"""
    offender: int = -1
    """T5: the seat whose unstacked Wild Draw Four may be challenged (-1: none)"""
    guilty: bool = False
    """T5: whether that Wild Draw Four broke T2 (the challenge's verdict)"""


@dataclass(slots=True)
class RoundState:
    """Everything that starts afresh each round. Card ids everywhere."""

    hands: list[list[int]]
    """every seat's cards, in hand order"""
    draw_pile: list[int]
    """the face-down pile; the last id is drawn next"""
    log: RoundLog
    """this round's events (and the versions each seat sees)"""
    discard: list[int] = field(default_factory=list)
    """the face-up pile, bottom first (only appended to; T7 starts a new list)"""
    colour: Colour | None = None
    """the colour in effect (a wild's named colour lives here, never on the card)"""
    direction: int = 1
    """+1 clockwise, -1 counter-clockwise"""
    current: int = 0
    """whose turn it is"""
    to_act: int = -1
    """the seat whose decision the game waits for (-1: nobody)"""
    phase: Phase = Phase.PLAY
    """what kind of decision ``to_act`` makes"""
    penalty: PendingPenalty | None = None
    """the draw total facing ``to_act`` (phases PENALTY and CHALLENGE only)"""
    skips: int = 0
    """H2: Skips facing ``to_act`` in the SKIP_RELAY phase"""
    drawn: int = -1
    """T3: the card ``to_act`` just drew and may play (KEEP_OR_PLAY), else -1"""
    uno_exposed: int = -1
    """T6: the seat down to one card that did not call UNO and may be caught"""
    uno_declared: int = -1
    """T6: the seat that called UNO before playing its second-to-last card"""
    jump_card: int = -1
    """H3: the card that may be jumped on right now (-1: none)"""
    jump_from: int = -1
    """H3: who played ``jump_card``"""
    first_colour_only: bool = False
    """S4 colour_only: the first play must follow the turned card's colour"""
    out: list[int] = field(default_factory=list)
    """R4: the seats that went out, in order"""
    winner: int = -1
    """the round's winner once it is over"""
    dry_turns: int = 0
    """T7: turns begun since a card was last played or drawn"""
    turns: int = 0
    """T7: turns begun this round (capped by ROUND_TURN_LIMIT)"""
    deck: tuple[int, ...] = ()
    """the draw pile as shuffled for the deal, before a card left it (what the host
    commits to for online and party seats: docs/ONLINE.md, "Deck commitment")"""

    @classmethod
    def fresh(cls, seats: int, draw_pile: list[int]) -> RoundState:
        """A round before the deal: empty hands, ``draw_pile`` shuffled by the caller."""
        return cls(hands=[[] for _ in range(seats)], draw_pile=draw_pile, log=RoundLog(seats),
                   deck=tuple(draw_pile))

    def active(self) -> list[int]:
        """The seats still in the round (R4), in seat order."""
        return [s for s in range(len(self.hands)) if s not in self.out]


@dataclass(slots=True)
class MatchState:
    """Everything a match is: the rules modules change it through ``apply``."""

    settings: RuleSettings
    seats: int
    seed: int
    rng: random.Random
    """the match's one source of chance (S2, S4, T7 shuffles)"""
    round: RoundState
    dealer: int = 0
    round_no: int = 0
    scores: list[int] = field(default_factory=list)
    """match totals per seat (R2/R3; under R5 each seat holds its team's total)"""
    round_points: list[list[int]] = field(default_factory=list)
    """points scored per round, per seat"""
    teams: tuple[int, ...] = ()
    """R5: team number per seat (empty without teams)"""
    emitted: list[Event] = field(default_factory=list)
    """the events of the action being applied"""

    @classmethod
    def start(cls, settings: RuleSettings, seats: int, seed: int) -> MatchState:
        """A match before the dealer is chosen."""
        half = seats // 2
        return cls(settings=settings, seats=seats, seed=seed, rng=random.Random(seed),
                   round=RoundState.fresh(seats, []), scores=[0] * seats,
                   teams=tuple(s % half for s in range(seats)) if settings.teams else ())

    def emit(self, e: Event) -> None:
        """Report ``e`` for the action being applied and log it for the round."""
        self.emitted.append(e)
        self.round.log.file(e)


def check_invariants(m: MatchState) -> None:
    """Raise AssertionError if the state is inconsistent."""
    r = m.round
    n = m.seats
    assert len(r.hands) == n, "one hand per seat"
    everything = r.draw_pile + r.discard + [c for h in r.hands for c in h]
    size = deck_size(m.settings.deck)  # D1/D3
    assert len(everything) == size, f"{len(everything)} cards instead of {size}"
    assert sorted(everything) == list(range(size)), "each card in exactly one place"
    assert r.discard, "the discard pile is never empty after setup"
    assert len(m.scores) == n and all(isinstance(x, int) for x in m.scores)
    assert r.direction in (1, -1)
    assert all(0 <= s < n for s in r.out) and len(set(r.out)) == len(r.out)
    if r.phase is Phase.MATCH_OVER:
        assert r.to_act == -1, "nobody acts once the match is over"
    else:
        assert 0 <= r.to_act < n, "one current decision-maker"
        if r.phase is not Phase.ROUND_OVER:
            assert r.to_act not in r.out, "a seat that went out does not act"
    if r.phase not in (Phase.CHOOSE_COLOUR, Phase.ROUND_OVER, Phase.MATCH_OVER):
        assert r.colour is not None, "a colour is in effect"
    assert (r.penalty is not None) == (r.phase in (Phase.PENALTY, Phase.CHALLENGE)), \
        "a pending penalty exactly while someone faces it"
    if r.penalty is not None:
        assert r.penalty.amount > 0
        if r.phase is Phase.CHALLENGE:
            assert 0 <= r.penalty.offender < n
    if r.phase is Phase.KEEP_OR_PLAY:
        assert r.drawn in r.hands[r.to_act], "the drawn card is in the drawer's hand"
    else:
        assert r.drawn == -1
    if r.uno_exposed >= 0:
        assert len(r.hands[r.uno_exposed]) == 1, "only a one-card hand can be caught"
    if r.jump_card >= 0:
        assert r.jump_card == r.discard[-1], "jump-in only on the top card"
    if r.phase in (Phase.PLAY, Phase.KEEP_OR_PLAY, Phase.CHALLENGE, Phase.PENALTY,
                   Phase.SKIP_RELAY, Phase.CHOOSE_SWAP):
        assert all(r.hands[s] for s in r.active()), "everyone still playing holds cards"
