"""What the table shows right now, moved along event by event.

The engine state is already final when events arrive; the table shows the
cards as they land. Each event updates this model when its animation starts
(cards leave) and ends (cards arrive). When nothing moves, :meth:`sync`
resets it from the engine's PlayerView, which stays authoritative.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.cards import DECK, Card, Colour
from game.rules.events import Event
from game.rules.view import Phase, PlayerView

DISCARD_SHOWN = 5


@dataclass
class TableModel:
    viewer: int
    n: int
    hand: list[Card] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    draw_pile: int = 0
    colour: Colour | None = None
    direction: int = 1
    penalty: int = 0
    to_act: int = -1
    current: int = -1
    phase: Phase = Phase.PLAY
    dealer: int = -1
    round_no: int = 1
    scores: list[int] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    uno_called: set[int] = field(default_factory=set)
    teams: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.sizes:
            self.sizes = [0] * self.n
        if not self.scores:
            self.scores = [0] * self.n

    def sync(self, v: PlayerView) -> None:
        self.hand = list(v.hand)
        self.sizes = list(v.hand_sizes)
        self.discard = [c.id for c in v.discard[-DISCARD_SHOWN:]]
        self.draw_pile = v.draw_pile_size
        self.colour = v.colour
        self.direction = v.direction
        self.penalty = v.pending_penalty if v.phase in (Phase.PENALTY, Phase.CHALLENGE) else 0
        self.to_act = v.to_act
        self.current = v.current
        self.phase = v.phase
        self.dealer = v.dealer
        self.round_no = v.round_no
        self.scores = list(v.scores)
        self.out = list(v.out)
        self.teams = v.teams
        self.uno_called = {s for s in self.uno_called if 0 <= s < self.n and self.sizes[s] == 1}
        if v.uno_declared >= 0:
            self.uno_called.add(v.uno_declared)

    # -- event halves --------------------------------------------------------
    def begin(self, ev: Event) -> None:
        """Cards leave their place (the event's animation starts)."""
        k = ev.kind
        if k == "round_start":
            self.hand = []
            self.sizes = [0] * self.n
            self.discard = []
            self.round_no = ev.value or self.round_no
            self.dealer = ev.seat
            self.out = []
            self.uno_called.clear()
            self.penalty = 0
        elif k in ("play",):
            self._remove(ev.seat, ev.cards)
        elif k in ("deal", "draw"):
            self.draw_pile = max(0, self.draw_pile - (len(ev.cards) or ev.hidden))
            if k == "draw" and ev.reason in ("penalty", "challenge"):
                self.penalty = 0
        elif k == "start_card":
            self.draw_pile = max(0, self.draw_pile - 1)
        elif k == "start_card_return":
            self.discard = [c for c in self.discard if c not in ev.cards]
        elif k in ("shuffle", "reshuffle"):
            if k == "reshuffle":
                self.discard = self.discard[-1:]
            self.draw_pile = ev.value
        elif k == "direction":
            self.direction = 1 if ev.value >= 0 else -1
        elif k == "turn":
            self.to_act = ev.seat
            self.current = ev.seat
        elif k == "penalty":
            self.penalty = ev.value
        elif k == "uno":
            self.uno_called.add(ev.seat)
        elif k in ("caught", "false_uno"):
            self.uno_called.discard(ev.target if k == "caught" else ev.seat)
        elif k == "out":
            if ev.seat not in self.out:
                self.out.append(ev.seat)

    def end(self, ev: Event) -> None:
        """Cards arrive (the event's animation is over)."""
        k = ev.kind
        if k in ("play", "start_card"):
            self.discard = (self.discard + list(ev.cards))[-DISCARD_SHOWN:]
            if k == "play":
                self.colour = ev.colour
            elif ev.cards and not DECK[ev.cards[0]].is_wild:
                self.colour = DECK[ev.cards[0]].colour
        elif k in ("deal", "draw"):
            n = len(ev.cards) or ev.hidden
            if 0 <= ev.seat < self.n:
                self.sizes[ev.seat] += n
            if ev.seat == self.viewer and ev.cards:
                self.hand.extend(DECK[c] for c in ev.cards)
        elif k == "colour":
            self.colour = ev.colour
        elif k == "swap" and 0 <= ev.seat < self.n and 0 <= ev.target < self.n:  # H7
            self.sizes[ev.seat], self.sizes[ev.target] = self.sizes[ev.target], self.sizes[ev.seat]
        elif k == "rotate":  # H7: the hands themselves come with the next sync
            active = [s for s in range(self.n) if s not in self.out]
            order = active if ev.value > 0 else active[::-1]
            moved = [self.sizes[s] for s in order]
            for i, size in enumerate(moved):
                self.sizes[order[(i + 1) % len(order)]] = size

    def _remove(self, seat: int, cards: tuple[int, ...]) -> None:
        if 0 <= seat < self.n:
            self.sizes[seat] = max(0, self.sizes[seat] - len(cards))
        if seat == self.viewer:
            gone = set(cards)
            self.hand = [c for c in self.hand if c.id not in gone]
        if 0 <= seat < self.n and self.sizes[seat] != 1:
            self.uno_called.discard(seat)
