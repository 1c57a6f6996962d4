"""Rules a seat can judge from what it sees, written once over plain values.

The engine asks these with the match state's values (:mod:`.legality`,
:mod:`.piles`), a seat with its :class:`.view.PlayerView`'s: the same
function, so a bot's answer and the engine's cannot drift apart.

=====================  =========================================================
:func:`matching_ids`   T1/S4: which cards match the pile in a normal turn
:func:`wd4_bluff`      T2: would a Wild Draw Four break the rule (a T5 challenge
                       finds it guilty)?
:func:`uno_call_kind`  T6: what an UNO call would be (saving, early, false, or
                       none at all)
:func:`uno_call_helps` T6: would an UNO call help the seat now (the button)?
:func:`challenge_stakes` T5: what a challenge costs whom, guilty or not
:func:`can_draw_from`  T7: is there anything left to draw?
:func:`shuffle_counts` T10: how many cards each player holds after a Wild
                       Shuffle Hands
=====================  =========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from .cards import COLOUR_OF, DECK, FACE, Colour, Kind
from .phase import Phase
from .settings import Wd4Rule

UnoCall = Literal["", "exposed", "early", "false"]

_NO_CALL_PHASES = (Phase.ROUND_OVER, Phase.CHOOSE_COLOUR, Phase.CHOOSE_SWAP)


def matching_ids(ids: Iterable[int], colour: Colour | None, face: int) -> list[int]:
    """T1: those of the card ids ``ids`` that match the pile, in their order: the
    colour in effect ``colour``, the top card's ``face`` (:data:`.cards.FACE`),
    or a wild (which always matches; T2 is judged by a challenge, T5).

    ``face`` is -1 when only the colour counts (S4 ``colour_only``: the first play)."""
    if face < 0:
        return [c for c in ids if COLOUR_OF[c] is colour or COLOUR_OF[c] is None]
    return [c for c in ids if COLOUR_OF[c] is colour or FACE[c] == face or COLOUR_OF[c] is None]


def wd4_bluff(rule: Wd4Rule, rest: Iterable[int], colour: Colour | None, face: int) -> bool:
    """T2: does a Wild Draw Four, played with the card ids ``rest`` left in hand,
    break ``rule`` (so that a T5 challenge finds it guilty)?

    ``"no_matching_colour"``: ``rest`` holds a card of ``colour``, the colour in
    effect; ``"no_playable_card"``: ``rest`` holds another card that
    :func:`matching_ids` lets through (``face`` as there), Wild Draw Fours aside;
    ``"free"``: never. Whether the play can be challenged at all (not onto a
    stack, H1) is the caller's question."""
    if rule == "no_matching_colour":
        return any(COLOUR_OF[c] is colour for c in rest)
    if rule != "no_playable_card":
        return False
    playable = matching_ids(rest, colour, face)
    return any(DECK[c].kind is not Kind.WILD_DRAW_FOUR for c in playable)


def uno_call_kind(*, exposed: bool, on_turn: bool, phase: Phase, hand_size: int,
                  declared: bool, false_penalty: int, can_draw: bool) -> UnoCall:
    """T6: what an UNO call by a seat would be.

    ``"exposed"``: the seat is down to one card and can be caught (``exposed``),
    so the call saves it; ``"early"``: on its turn (``on_turn``), holding two
    cards (``hand_size``) and not yet ``declared``, ahead of its second-to-last
    card; ``"false"``: a call in a normal turn holding more than two cards,
    which costs ``false_penalty`` cards (0: such calls are off) and is refused
    when nothing is left to draw (``can_draw``: it would cost nothing, T7);
    ``""``: no call is possible. ``phase`` is the decision the round waits for."""
    if exposed:
        return "exposed"
    if not on_turn or phase in _NO_CALL_PHASES:
        return ""
    if hand_size == 2 and not declared and phase is not Phase.SKIP_RELAY:
        return "early"
    if false_penalty > 0 and phase is Phase.PLAY and hand_size > 2 and can_draw:
        return "false"
    return ""


def uno_call_helps(kind: UnoCall, can_play: bool) -> bool:
    """T6: is an UNO call of ``kind`` (:func:`uno_call_kind`) worth offering as a
    button: it saves a seat down to one card (``"exposed"``), or comes ahead of
    the second-to-last card when the seat has a card to play now (``can_play``:
    with nothing to play, the draw that follows drops the call). A ``"false"``
    call only costs cards."""
    return kind == "exposed" or (kind == "early" and can_play)


# T5: a challenge found not guilty costs the challenger the pending draw and this many more.
CHALLENGE_FAIL_EXTRA = 2


def challenge_stakes(pending: int, guilty_draw: int) -> tuple[int, int]:
    """T5: what a challenge of a Wild Draw Four costs, as ``(guilty, innocent)``:
    found guilty, the offender draws ``guilty_draw`` (``challenge_guilty_draw``)
    and the challenger plays on; found not guilty, the challenger draws the
    ``pending`` draw plus :data:`CHALLENGE_FAIL_EXTRA` and loses the turn."""
    return guilty_draw, pending + CHALLENGE_FAIL_EXTRA


def can_draw_from(draw_pile_size: int, discard_size: int) -> bool:
    """T7: is there anything left to draw: the draw pile, or a discard pile with
    cards under its top card to turn into a new one?"""
    return draw_pile_size > 0 or discard_size > 1


def shuffle_counts(rule: str, order: Sequence[int], counts: Mapping[int, int]) -> dict[int, int]:
    """T10: how many cards each seat of ``order`` (the players still in, starting
    with the one left of whoever played the Wild Shuffle Hands) holds after it,
    given what each held (``counts``). ``rule`` is ``shuffle_deal``:
    ``"evenly"`` deals the cards round one at a time from the first of
    ``order``; ``"same_counts"`` gives everyone back as many as it held."""
    if rule == "same_counts":
        return {s: counts[s] for s in order}
    total = sum(counts[s] for s in order)
    share, extra = divmod(total, len(order))
    return {s: share + (1 if i < extra else 0) for i, s in enumerate(order)}
