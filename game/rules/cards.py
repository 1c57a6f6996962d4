"""The UNO decks (rules D1, D3) and card points (rule D2).

Cards are frozen and each physical card has a unique ``id``, so the invariant
"each card is in exactly one place" can be checked. ``DECK`` holds the 112
cards of Mattel's current deck (D3): ids 0..107 are the classic 108-card deck
(D1), 108 is the Wild Shuffle Hands card and 109..111 the Wild Customizable
cards. A match with the classic deck uses ids 0..107 only
(:func:`deck_size`), so every save made before D3 holds the same ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal


class Colour(str, Enum):
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"


COLOURS: Final[tuple[Colour, ...]] = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)


class Kind(str, Enum):
    NUMBER = "number"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "draw_two"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild_draw_four"
    WILD_SHUFFLE_HANDS = "wild_shuffle_hands"  # D3/T10
    WILD_CUSTOMIZABLE = "wild_customizable"  # D3/T11


DeckName = Literal["classic", "official"]
"""D1 ``"classic"``: 108 cards; D3 ``"official"``: Mattel's 112 (adds 1 Wild
Shuffle Hands and 3 Wild Customizable)."""

CLASSIC_SIZE: Final = 108
OFFICIAL_SIZE: Final = 112


def deck_size(deck: str) -> int:
    """D1/D3: how many cards (ids ``0 .. deck_size - 1``) a match with ``deck`` uses."""
    return OFFICIAL_SIZE if deck == "official" else CLASSIC_SIZE


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    kind: Kind
    colour: Colour | None = None  # None for wild cards
    number: int | None = None  # 0-9 for number cards

    @property
    def is_wild(self) -> bool:
        return self.colour is None

    @property
    def points(self) -> int:
        """D2: face value, 20 for action cards, 50 for wilds (D3: the Wild Shuffle
        Hands and Wild Customizable cards too)."""
        if self.kind is Kind.NUMBER:
            assert self.number is not None
            return self.number
        if self.colour is None:
            return 50
        return 20

    @property
    def face(self) -> tuple[Kind, int | None]:
        """What "same number or symbol" compares (T1, H3, H4)."""
        return (self.kind, self.number)

    def short(self) -> str:
        """A compact, language-neutral label such as ``R7``, ``GS``, ``W4``."""
        if self.kind is Kind.WILD:
            return "W"
        if self.kind is Kind.WILD_DRAW_FOUR:
            return "W4"
        if self.kind is Kind.WILD_SHUFFLE_HANDS:
            return "WS"
        if self.kind is Kind.WILD_CUSTOMIZABLE:
            return "WC"
        assert self.colour is not None
        c = self.colour.value[0].upper()
        sym = {Kind.SKIP: "S", Kind.REVERSE: "R", Kind.DRAW_TWO: "+2"}
        return c + (str(self.number) if self.kind is Kind.NUMBER else sym[self.kind])

    def __repr__(self) -> str:
        return f"Card({self.id}:{self.short()})"


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for colour in COLOURS:
        cards.append(Card(len(cards), Kind.NUMBER, colour, 0))
        for n in range(1, 10):
            for _ in range(2):
                cards.append(Card(len(cards), Kind.NUMBER, colour, n))
        for kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO):
            for _ in range(2):
                cards.append(Card(len(cards), kind, colour))
    for kind in (Kind.WILD, Kind.WILD_DRAW_FOUR):
        for _ in range(4):
            cards.append(Card(len(cards), kind))
    # D3: the current deck's four more wild cards come after the classic 108.
    cards.append(Card(len(cards), Kind.WILD_SHUFFLE_HANDS))
    for _ in range(3):
        cards.append(Card(len(cards), Kind.WILD_CUSTOMIZABLE))
    return tuple(cards)


DECK: Final[tuple[Card, ...]] = _build_deck()
"""D1/D3: every card of the 112-card deck, indexed by id (the classic deck is
the first 108)."""

assert len(DECK) == OFFICIAL_SIZE
assert all(c.kind in (Kind.WILD_SHUFFLE_HANDS, Kind.WILD_CUSTOMIZABLE)
           for c in DECK[CLASSIC_SIZE:])


def _face_numbers() -> tuple[int, ...]:
    number: dict[tuple[Kind, int | None], int] = {}
    return tuple(number.setdefault(c.face, len(number)) for c in DECK)


FACE: Final[tuple[int, ...]] = _face_numbers()
"""Card.face as one int per card id: "the same number or symbol" is an equal FACE."""

COLOUR_OF: Final[tuple[Colour | None, ...]] = tuple(c.colour for c in DECK)
"""Card.colour per card id (None for a wild), read without fetching the Card."""
