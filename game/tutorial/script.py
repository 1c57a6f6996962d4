"""The tutorial's prepared match, as data.

Three seats: the player (0) and two scripted bots (1 and 2); seat 0 deals,
so bot 1 plays first. Every card the match needs comes off the top of the
pile in :data:`TOP` (``Game.prepared``), and each bot plays the cards of
its script in order (:class:`game.ai.scripted.ScriptedAgent`). The player
may do only what the step waits for (:attr:`Step.wants`), so the match
follows one path until the last step, the Wild Draw Four decision, after
which either answer is fine and the round is played out freely.

The path (top card after each move):

====  ==========================  ============================================
seat  move                        step taught
====  ==========================  ============================================
1     R8 on the start card R5
2     R3
0     R2                          ``colour``: same colour
1     Y2; 2: Y7
0     G7                          ``number``: same number
1     G4; 2: G9
0     G Skip: 1 loses its turn    ``skip``
2     G3
0     G Reverse: now 2, 1, 0      ``reverse``
2     G6; 1: B6
0     B Draw Two: 2 draws 2       ``draw_two``
1     B1
0     calls UNO (two cards left)  ``uno``
0     Wild, names yellow          ``wild``
2     Y3; 1: B3 and forgets UNO
0     catches 1 (draws 2)         ``catch``
0     nothing fits: draws (R7)    ``draw``
2     B5; 1: Wild Draw Four, red  (1 holds a blue card: a bluff)
0     challenges or accepts       ``wd4``
====  ==========================  ============================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules.actions import Accept, Action, CallUno, Catch, Challenge, Draw, Play
from game.rules.cards import DECK, Colour
from game.rules.settings import OFFICIAL

SEATS = 3
PLAYER = 0
DEALER = 0  # S5: seat 1, the dealer's left, plays first
SEED = 39  # the order of the cards no one is dealt or draws (#39)
SETTINGS = OFFICIAL
"""the official rules: a Wild Draw Four may be challenged (T5), no house rules"""


def card(face: str, copy: int = 0) -> int:
    """The id of a card by its short face (``R5``, ``GS``, ``B+2``, ``W``, ``W4``)."""
    found = [c.id for c in DECK if c.short() == face]
    return found[copy]


PLAYER_HAND = tuple(card(f) for f in ("R2", "G7", "GS", "GR", "B+2", "W", "Y4"))
BOT1_HAND = (card("R8"), card("Y2"), card("G4"), card("B6"), card("B1"), card("B3"),
             card("W4"))
BOT2_HAND = tuple(card(f) for f in ("R3", "Y7", "G9", "G3", "G6", "Y3", "B5"))
START = card("R5")
BOT2_DRAWS = (card("G1"), card("G2"))  # bot 2 takes the Draw Two
BOT1_DRAWS = (card("B8"), card("R4"))  # caught without UNO: bot 1 draws two
PLAYER_DRAWS = (card("R7"),)  # nothing fits: the player draws this


def _deal() -> tuple[int, ...]:
    hands = {0: PLAYER_HAND, 1: BOT1_HAND, 2: BOT2_HAND}
    order = [(DEALER + 1 + i) % SEATS for i in range(SEATS)]  # S3: from the dealer's left
    dealt = [hands[seat][i] for i in range(len(PLAYER_HAND)) for seat in order]
    return (*dealt, START, *BOT2_DRAWS, *BOT1_DRAWS, *PLAYER_DRAWS)


TOP: tuple[int, ...] = _deal()
"""the first cards off the pile: the deal, the start card, the cards drawn"""

BOT1_MOVES: tuple[Action, ...] = (
    *(Play(1, (c,)) for c in BOT1_HAND[:-1]),
    Play(1, (card("W4"),), Colour.RED))
BOT2_MOVES: tuple[Action, ...] = tuple(Play(2, (c,)) for c in BOT2_HAND)
FORGETS_UNO_AFTER = (card("B3"),)
"""T6: bot 1 plays its second-to-last card and does not call UNO"""


Wants = Callable[[Action], bool]


def plays(face: str, colour: Colour | None = None) -> Wants:
    """A play of exactly this card of the player's (naming ``colour`` for a wild)."""
    cid = card(face)
    return lambda a: isinstance(a, Play) and a.cards == (cid,) and a.colour == colour


def is_kind(*kinds: type) -> Wants:
    """An action of one of these types."""
    return lambda a: isinstance(a, kinds)


def catches(target: int) -> Wants:
    return lambda a: isinstance(a, Catch) and a.target == target


@dataclass(frozen=True)
class Step:
    """One thing the player does once.

    ``name`` names it (``tutorial.<name>`` is the line on screen saying what to
    do and why, ``tutorial.<name>.wanted`` what a click on anything else is
    told, ``tutorial.<name>.done`` what just happened); ``wants`` is the action
    predicate: the only actions of the player's let through. The next step is
    the next one in :data:`STEPS`; after the last the tutorial is over and the
    round is played out freely (:data:`FREE_PLAY`)."""

    name: str
    wants: Wants

    @property
    def line(self) -> str:
        return f"tutorial.{self.name}"

    @property
    def wanted(self) -> str:
        return f"tutorial.{self.name}.wanted"

    @property
    def done(self) -> str:
        return f"tutorial.{self.name}.done"


STEPS: tuple[Step, ...] = (
    Step("colour", plays("R2")),
    Step("number", plays("G7")),
    Step("skip", plays("GS")),
    Step("reverse", plays("GR")),
    Step("draw_two", plays("B+2")),
    Step("uno", is_kind(CallUno)),
    Step("wild", plays("W", Colour.YELLOW)),
    Step("catch", catches(1)),
    Step("draw", is_kind(Draw)),
    Step("wd4", is_kind(Challenge, Accept)),
)
STEP_NAMES = tuple(s.name for s in STEPS)
FREE_PLAY = "tutorial.free"
"""the line once every step is done: the round is the player's to finish"""
