"""The order the viewer's hand is shown in (a display choice: the rules keep
the hand in the order the cards arrived)."""

from __future__ import annotations

from game.rules.cards import COLOURS, Card, Kind

# After the numbers 0-9 of a colour come its action cards, then the wild cards.
_KIND_RANK = {Kind.SKIP: 10, Kind.REVERSE: 11, Kind.DRAW_TWO: 12, Kind.WILD: 13,
              Kind.WILD_DRAW_FOUR: 14, Kind.WILD_SHUFFLE_HANDS: 15, Kind.WILD_CUSTOMIZABLE: 16}


def sort_key(card: Card) -> tuple[int, int, int]:
    """Colour (red, yellow, green, blue, then wild), then number, then card id."""
    colour = COLOURS.index(card.colour) if card.colour is not None else len(COLOURS)
    rank = card.number if card.kind is Kind.NUMBER and card.number is not None \
        else _KIND_RANK[card.kind]
    return (colour, rank, card.id)


def arrange(cards: list[Card], order: str) -> list[Card]:
    """``cards`` as shown: "sorted" by colour then number, "dealt" as they came."""
    return sorted(cards, key=sort_key) if order == "sorted" else list(cards)
