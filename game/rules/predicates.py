"""The one legality predicate for card plays, shared by move generation and apply.

``play_error`` answers "why can't this seat play these cards now?" with the
rule ID that refuses it, or ``None`` when the play is legal (colour aside,
which ``colour_error`` checks). ``Game.legal_actions`` only offers plays that
pass it and ``Game.apply`` only accepts plays that pass it, so "offered" and
"accepted" cannot drift.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .cards import (
    DECK,
    K_DRAW_TWO,
    K_REVERSE,
    K_SKIP,
    K_WILD,
    K_WILD_DRAW_FOUR,
    Card,
    Colour,
    Kind,
)
from .view import P_CHALLENGE, P_KEEP_OR_PLAY, P_PENALTY, P_PLAY, P_SKIP_RELAY

if TYPE_CHECKING:
    from .engine import Game

Refusal = tuple[str, str]  # (rule id, message)

# The refusals met on every decision, made once. Typed as optional so the compiled
# build keeps them as ready objects instead of building a new tuple per refusal.
_NO_MATCH: Final[Refusal | None] = (
    "T1", "It matches neither the colour in effect nor the top card's number or symbol.")
_FIRST_COLOUR: Final[Refusal | None] = (
    "S4", "The first play must follow the turned card's colour (or be a wild).")
_TAKE_THE_CARDS: Final[Refusal | None] = (
    "T4", "You were hit by a draw card: take the cards (or challenge a Wild Draw Four).")
_NO_ANSWER: Final[Refusal | None] = (
    "H1", "Only a draw card (stacking) or a Skip/Reverse of the colour in effect (deflect) "
    "answers a penalty.")
_NO_PLAY_NOW: Final[Refusal | None] = ("phase", "No card can be played now.")
_NOT_YOUR_TURN: Final[Refusal | None] = ("turn", "It is not your turn.")
_ONLY_DRAWN: Final[Refusal | None] = (
    "T3", "After drawing you may only play the card you just drew.")
_ONLY_SKIP: Final[Refusal | None] = (
    "H2", "You were skipped: only a Skip passes it on; otherwise accept.")


def _face_numbers() -> tuple[int, ...]:
    """Card.face (what "the same number or symbol" compares) as one int per card id."""
    number: dict[tuple[Kind, int | None], int] = {}
    return tuple(number.setdefault(c.face, len(number)) for c in DECK)


FACE: Final[tuple[int, ...]] = _face_numbers()
"""Card.face as one int per card id: "the same number or symbol" is equal FACE."""
_FINISH_FORBIDDEN: Final = frozenset({K_SKIP, K_REVERSE, K_WILD, K_WILD_DRAW_FOUR})
_PLAY_PHASES: Final = frozenset({P_PLAY, P_KEEP_OR_PLAY, P_CHALLENGE, P_PENALTY,
                          P_SKIP_RELAY})


def match_error(g: Game, card: Card) -> Refusal | None:
    """T1 (and S4 colour_only): does ``card`` match the pile in a normal turn?"""
    if card.colour is None:
        return None  # T1: a wild can always be played (T2 is judged by a challenge, T5)
    colour = g.colour
    if g.first_colour_only:
        if card.colour is colour:
            return None
        return _FIRST_COLOUR
    if card.colour is colour:
        return None
    if FACE[card.id] == FACE[g.discard[-1]]:  # the same number or symbol
        return None
    return _NO_MATCH


def answer_error(g: Game, ids: tuple[int, ...], first: Card) -> Refusal | None:
    """H1/H4/H5: may these cards answer the pending draw penalty?"""
    s = g.settings
    kind = first.kind
    if kind is K_DRAW_TWO and s.stack_rule != "off":
        if g.pending_kind == "plus2":
            return None
        if s.pair_on_plus4 and len(ids) == 2 and DECK[ids[0]].colour is DECK[ids[1]].colour:
            return None  # H4 pair_on_plus4: a same-colour pair of Draw Twos on a +4
        return ("H1", "A Draw Two cannot be stacked on a Wild Draw Four.")
    if kind is K_WILD_DRAW_FOUR and s.stack_rule != "off":
        if g.pending_kind == "plus4" or s.stack_rule == "plus2_to_plus4":
            return None
        return ("H1", "Under same-kind stacking a Wild Draw Four cannot go on a Draw Two.")
    if kind in (K_SKIP, K_REVERSE) and s.deflect:
        if len(ids) > 1:
            return ("H5", "Deflect with a single Skip or Reverse.")
        if first.colour is g.colour:
            return None
        return ("H5", "Only a Skip or Reverse of the colour in effect deflects the penalty.")
    if s.stack_rule == "off" and not s.deflect:
        return _TAKE_THE_CARDS
    return _NO_ANSWER


def turn_error(g: Game, seat: int) -> Refusal | None:
    """May ``seat`` play cards at all right now?"""
    phase = g.phase
    if phase is not P_PLAY and phase not in _PLAY_PHASES:
        return _NO_PLAY_NOW
    if seat != g.to_act:
        return _NOT_YOUR_TURN
    return None


def position(hand: list[int], card: int) -> int:
    """Where ``card`` is in ``hand`` (-1: not held), as a loop the compiled build
    runs natively (``in``/``index`` on a list would not be)."""
    for i, c in enumerate(hand):
        if c == card:
            return i
    return -1


def play_error(g: Game, seat: int, ids: tuple[int, ...]) -> Refusal | None:
    """Why ``seat`` may not play ``ids`` now (None: it may, given a valid colour)."""
    err = turn_error(g, seat)
    if err is not None:
        return err
    hand = g.hands[seat]
    if not ids:
        return ("T1", "Play at least one card.")
    for cid in ids:
        if position(hand, cid) < 0:
            return ("T1", "You do not hold that card.")
    n = len(ids)
    if n > 1:
        if not g.settings.multi_play:
            return ("H4", "One card at a time (playing several is house rule H4, off).")
        if len(set(ids)) != n:
            return ("H4", "Each card can be played only once.")
        face = FACE[ids[0]]
        for cid in ids[1:]:
            if FACE[cid] != face:
                return ("H4", "Cards played together must share a number or symbol.")
    return cards_error(g, ids, len(hand))


def cards_error(g: Game, ids: tuple[int, ...], hand_size: int) -> Refusal | None:
    """The card rules of a play whose cards are held and share a face (``play_error``
    checked the rest). H4: the cards below the top have no order; the play is
    legal when one of them may lead (be played first), judged by ``card_error``.

    Move generation calls this directly for the groups it takes from the hand.
    """
    first_err: Refusal | None = None
    for lead in ids[:-1] if len(ids) > 1 else ids:
        err = card_error(g, ids, DECK[lead], hand_size)
        if err is None:
            return None
        if first_err is None:
            first_err = err
    return first_err


def card_error(g: Game, ids: tuple[int, ...], first: Card, hand_size: int) -> Refusal | None:
    """The card rules of playing ``ids`` (held, one face) led by ``first``."""
    phase = g.phase
    if phase is P_PLAY:
        err = match_error(g, first)
    elif phase is P_KEEP_OR_PLAY:
        if len(ids) > 1 or ids[0] != g.drawn:
            return _ONLY_DRAWN
        err = match_error(g, first)
    elif phase is P_SKIP_RELAY:
        err = None if first.kind is K_SKIP else _ONLY_SKIP
    else:
        err = answer_error(g, ids, first)
    # ``err`` is returned unnarrowed: once narrowed to a tuple, the compiled build
    # would copy it into a new tuple on return.
    if err is None and len(ids) == hand_size and g.settings.no_action_finish \
            and first.kind in _FINISH_FORBIDDEN:
        return ("H6", "Your last card may not be a Skip, Reverse or Wild: draw instead.")
    return err


def colour_error(ids: tuple[int, ...], colour: Colour | None) -> Refusal | None:
    """T4: a wild on top names a colour; a coloured card does not."""
    top = DECK[ids[-1]]
    if top.colour is None:
        if colour is None:
            return ("T4", "Name a colour for the wild card.")
        return None
    if colour is not None:
        return ("T4", "Only a wild card names a colour.")
    return None


def wd4_guilty(g: Game, seat: int, played: tuple[int, ...]) -> bool:
    """T2/T5: was playing a Wild Draw Four against the rule (judged on the hand left)?"""
    rule = g.settings.wd4_rule
    if rule == "free":
        return False
    rest = [c for c in g.hands[seat] if c not in played]
    if rule == "no_matching_colour":
        colour = g.colour
        return any(DECK[c].colour is colour for c in rest)
    # no_playable_card: holding any other playable card (Wild Draw Fours aside)
    return any(DECK[c].kind is not K_WILD_DRAW_FOUR and match_error(g, DECK[c]) is None
               for c in rest)
