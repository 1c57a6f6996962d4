"""Setup (S2-S5): the dealer, the deal, and the first card turned."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from .cards import DECK, Kind, deck_size
from .events import DrawReason, Event, EventKind
from .phase import Phase
from .piles import draw_cards
from .state import MatchState, RoundState
from .turns import begin_turn, next_seat, seat_after

HAND_SIZE = 7  # S3
_PUT_BACK = frozenset({Kind.WILD_DRAW_FOUR, Kind.WILD_SHUFFLE_HANDS, Kind.WILD_CUSTOMIZABLE})
"""S4/D3: first cards put back and another turned (the D3 wilds act only when played)."""


def choose_dealer(m: MatchState) -> None:
    """S2: everyone draws; the highest number card deals; others and ties draw again."""
    size = deck_size(m.settings.deck)
    deck = list(range(size))
    m.rng.shuffle(deck)
    candidates = list(range(m.seats))
    while True:
        drawn: dict[int, int] = {}
        for seat in candidates:
            cid = deck.pop()
            m.emit(Event(EventKind.DEALER_DRAW, seat=seat, cards=(cid,)))
            number = DECK[cid].number
            drawn[seat] = -1 if number is None else number
            if not deck:
                deck = list(range(size))
                m.rng.shuffle(deck)
        best = max(drawn.values())
        tied = [s for s in candidates if drawn[s] == best]
        if best >= 0 and len(tied) == 1:
            m.dealer = tied[0]
            break
        candidates = tied if best >= 0 else [s for s in candidates if drawn[s] < 0]
    m.emit(Event(EventKind.DEALER, seat=m.dealer))


def stacked_pile(rng: Random, top: Sequence[int] = (),
                 size: int = deck_size("classic")) -> list[int]:
    """S3: a shuffled draw pile (the last id is drawn first) whose first cards off
    the top are ``top``, in that order; the other cards follow in ``rng``'s shuffle.

    ``top`` empty is the plain shuffle every round gets. A prepared deal (the
    tutorial) names the cards dealt (one at a time from the dealer's left), then
    the start card, then the cards drawn after. ValueError for an id that is not
    a card of the deck (``size``: D3's 108 or 112 cards) or is named twice."""
    placed = list(top)
    if any(not 0 <= cid < size for cid in placed):
        raise ValueError("a prepared deal names a card id outside the deck (D1)")
    if len(set(placed)) != len(placed):
        raise ValueError("a prepared deal names a card twice (D1)")
    chosen = set(placed)
    rest = [cid for cid in range(size) if cid not in chosen]
    rng.shuffle(rest)
    return rest + placed[::-1]


def deal_round(m: MatchState, top: Sequence[int] = ()) -> None:
    """S3: a fresh round; seven cards each, one at a time from the dealer's left
    (``top``: the first cards off the pile, :func:`stacked_pile`)."""
    m.round_no += 1
    size = deck_size(m.settings.deck)
    if top:
        pile = stacked_pile(m.rng, top, size)
    else:
        pile = list(range(size))
        m.rng.shuffle(pile)
    r = m.round = RoundState.fresh(m.seats, pile)
    m.emit(Event(EventKind.ROUND_START, seat=m.dealer, value=m.round_no))
    m.emit(Event(EventKind.SHUFFLE, value=len(pile)))
    seat = m.dealer
    for _ in range(HAND_SIZE * m.seats):
        seat = seat_after(seat, 1, m.seats)
        cid = r.draw_pile.pop()
        r.hands[seat].append(cid)
        m.emit(Event(EventKind.DEAL, seat=seat, cards=(cid,)))
    turn_start_card(m)


def turn_start_card(m: MatchState) -> None:
    """S4/S5: turn the first card and apply its effect."""
    s = m.settings
    r = m.round
    while True:
        cid = r.draw_pile.pop()
        card = DECK[cid]
        if card.kind in _PUT_BACK or (
                s.start_card == "reflip_actions" and card.kind is not Kind.NUMBER):
            m.emit(Event(EventKind.START_CARD_RETURN, cards=(cid,)))
            r.draw_pile.append(cid)
            m.rng.shuffle(r.draw_pile)
            m.emit(Event(EventKind.SHUFFLE, value=len(r.draw_pile)))
            continue
        break
    r.discard.append(cid)
    r.colour = card.colour
    m.emit(Event(EventKind.START_CARD, cards=(cid,), colour=card.colour))
    r.first_colour_only = s.start_match == "colour_only"
    first = next_seat(m, m.dealer)
    if s.first_player == "count_off" and card.number is not None:
        first = m.dealer  # S5: count the number clockwise from the dealer
        for _ in range(card.number):
            first = seat_after(first, 1, m.seats)
    if card.kind is Kind.SKIP:
        m.emit(Event(EventKind.SKIP, seat=first))
        begin_turn(m, next_seat(m, first))
    elif card.kind is Kind.REVERSE:
        r.direction = -1
        m.emit(Event(EventKind.DIRECTION, value=-1))
        begin_turn(m, m.dealer)
    elif card.kind is Kind.DRAW_TWO:
        draw_cards(m, first, 2, DrawReason.PENALTY)
        m.emit(Event(EventKind.SKIP, seat=first))
        begin_turn(m, next_seat(m, first))
    elif card.kind is Kind.WILD:
        r.current = r.to_act = first
        r.phase = Phase.CHOOSE_COLOUR
        m.emit(Event(EventKind.TURN, seat=first, reason=Phase.CHOOSE_COLOUR.value))
    else:
        begin_turn(m, first)
