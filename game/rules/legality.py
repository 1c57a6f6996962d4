"""Legality: one "why not" per action type, used by both ``legal_actions`` and ``apply``.

:func:`refusal` answers "why may this action not be taken now?" with the
rule ID that refuses it, or ``None`` when it may. :func:`legal_actions` offers
exactly the actions ``refusal`` lets through (for card plays it generates
them from the hand and checks each with the same card predicates), so
"offered" and "accepted" cannot drift.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Final

from .actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    JumpIn,
    NextRound,
    Pass,
    Play,
    SwapHands,
    WrongPlay,
)
from .cards import COLOUR_OF, COLOURS, DECK, FACE, Card, Colour, Kind
from .phase import Phase
from .piles import can_draw
from .state import MatchState, PenaltyKind
from .verdicts import matching_ids, uno_call_kind, wd4_bluff

Refusal = tuple[str, str]  # (rule id, catalogue id of why: "refusal.*")


def _twins() -> tuple[int, ...]:
    out = [-1] * len(DECK)
    seen: dict[tuple[Colour | None, int], int] = {}
    for c in DECK:
        if c.colour is None:
            continue
        key = (c.colour, FACE[c.id])
        if key in seen:
            out[c.id], out[seen[key]] = seen[key], c.id
        else:
            seen[key] = c.id
    return tuple(out)


TWIN: Final[tuple[int, ...]] = _twins()
"""H3: the id of the identical coloured card (same colour and face), or -1 for wilds."""

_FINISH_FORBIDDEN: Final = frozenset({Kind.SKIP, Kind.REVERSE, Kind.WILD, Kind.WILD_DRAW_FOUR,
                                      Kind.WILD_SHUFFLE_HANDS, Kind.WILD_CUSTOMIZABLE})
"""H6: the cards that may not be the last (every wild card, D3's too)."""
_PLAY_PHASES: Final = frozenset({Phase.PLAY, Phase.KEEP_OR_PLAY, Phase.CHALLENGE,
                                 Phase.PENALTY, Phase.SKIP_RELAY})
_DECISION_PHASES: Final = frozenset({Phase.CHALLENGE, Phase.PENALTY, Phase.SKIP_RELAY})
_NOT_YOUR_TURN: Final = ("turn", "refusal.not_your_turn")


# ------------------------------------------------------------------ card plays
def pile_face(m: MatchState) -> int:
    """The top card's FACE that a play may match, or -1 while only the colour
    counts (S4 ``colour_only``: the first play of the round)."""
    r = m.round
    return -1 if r.first_colour_only else FACE[r.discard[-1]]


def matching(m: MatchState, ids: Iterable[int]) -> list[int]:
    """T1 (and S4 colour_only): those of ``ids`` that match the pile in a normal
    turn, in their order (:func:`.verdicts.matching_ids` with this round's values).

    The one match rule, for one card (:func:`match_error`) or a whole hand."""
    return matching_ids(ids, m.round.colour, pile_face(m))


def match_error(m: MatchState, card: Card) -> Refusal | None:
    """T1 (and S4 colour_only): does ``card`` match the pile in a normal turn?"""
    if matching(m, (card.id,)):
        return None
    if m.round.first_colour_only:
        return ("S4", "refusal.s4_colour_only")
    return ("T1", "refusal.t1_no_match")


def answer_error(m: MatchState, ids: tuple[int, ...], first: Card) -> Refusal | None:
    """H1/H4/H5: may these cards answer the pending draw penalty?"""
    s = m.settings
    r = m.round
    kind = first.kind
    pending = r.penalty.kind if r.penalty is not None else None
    if kind is Kind.DRAW_TWO and s.stack_rule != "off":
        if pending is PenaltyKind.PLUS2:
            return None
        if s.pair_on_plus4 and len(ids) == 2 and DECK[ids[0]].colour is DECK[ids[1]].colour:
            return None  # H4 pair_on_plus4: a same-colour pair of Draw Twos on a +4
        return ("H1", "refusal.h1_no_plus2_on_plus4")
    if kind is Kind.WILD_DRAW_FOUR and s.stack_rule != "off":
        if pending is PenaltyKind.PLUS4 or s.stack_rule == "plus2_to_plus4":
            return None
        return ("H1", "refusal.h1_no_plus4_on_plus2")
    if kind in (Kind.SKIP, Kind.REVERSE) and s.deflect:
        if len(ids) > 1:
            return ("H5", "refusal.h5_single_card")
        if first.colour is r.colour:
            return None
        return ("H5", "refusal.h5_colour_in_effect")
    if s.stack_rule == "off" and not s.deflect:
        return ("T4", "refusal.t4_take_penalty")
    return ("H1", "refusal.h1_answer_penalty")


def turn_error(m: MatchState, seat: int) -> Refusal | None:
    """May ``seat`` play cards at all right now?"""
    r = m.round
    if r.phase not in _PLAY_PHASES:
        return ("phase", "refusal.no_play_now")
    if seat != r.to_act:
        return _NOT_YOUR_TURN
    return None


def card_error(m: MatchState, ids: tuple[int, ...], first: Card, hand_size: int) -> Refusal | None:
    """The card rules of playing ``ids`` (held, one face) led by ``first``.

    Reads the cards only as a set (how many, their colours), never which is on top."""
    r = m.round
    phase = r.phase
    if phase is Phase.PLAY:
        err = match_error(m, first)
    elif phase is Phase.KEEP_OR_PLAY:
        if len(ids) > 1 or ids[0] != r.drawn:
            return ("T3", "refusal.t3_only_drawn_card")
        err = match_error(m, first)
    elif phase is Phase.SKIP_RELAY:
        err = None if first.kind is Kind.SKIP else (
            "H2", "refusal.h2_skip_relay")
    else:
        err = answer_error(m, ids, first)
    if err is None and len(ids) == hand_size and m.settings.no_action_finish \
            and first.kind in _FINISH_FORBIDDEN:
        return ("H6", "refusal.h6_no_action_finish")
    return err


def cards_error(m: MatchState, ids: tuple[int, ...], hand_size: int) -> Refusal | None:
    """The card rules of a play whose cards are held and share a face. H4: the
    cards below the top have no order; the play is legal when one of them may
    lead (be played first), judged by :func:`card_error`."""
    first_err: Refusal | None = None
    for lead in ids[:-1] if len(ids) > 1 else ids:
        err = card_error(m, ids, DECK[lead], hand_size)
        if err is None:
            return None
        if first_err is None:
            first_err = err
    return first_err


def play_error(m: MatchState, seat: int, ids: tuple[int, ...]) -> Refusal | None:
    """Why ``seat`` may not play ``ids`` now (None: it may, given a valid colour)."""
    err = turn_error(m, seat)
    if err is not None:
        return err
    hand = m.round.hands[seat]
    if not ids:
        return ("T1", "refusal.t1_no_cards")
    for cid in ids:
        if cid not in hand:
            return ("T1", "refusal.not_held")
    n = len(ids)
    if n > 1:
        if not m.settings.multi_play:
            return ("H4", "refusal.h4_one_at_a_time")
        if len(set(ids)) != n:
            return ("H4", "refusal.h4_card_twice")
        face = FACE[ids[0]]
        if any(FACE[cid] != face for cid in ids):
            return ("H4", "refusal.h4_same_face")
    return cards_error(m, ids, len(hand))


def card_refusal(m: MatchState, seat: int, card: int) -> Refusal | None:
    """Why ``seat`` may not play ``card`` alone now (None: it may, naming a colour
    if the card is wild): not its turn, else :func:`play_error`'s reason. The
    answer to a click on, or a pointer over, a card that is not offered."""
    if seat != m.round.to_act:
        return _NOT_YOUR_TURN
    return play_error(m, seat, (card,))


def colour_error(ids: tuple[int, ...], colour: Colour | None) -> Refusal | None:
    """T4: a wild on top names a colour; a coloured card does not."""
    if DECK[ids[-1]].colour is None:
        return ("T4", "refusal.t4_name_colour") if colour is None else None
    if colour is not None:
        return ("T4", "refusal.t4_no_colour")
    return None


def wd4_guilty(m: MatchState, seat: int, played: tuple[int, ...]) -> bool:
    """T2/T5: was playing a Wild Draw Four against the rule (judged on the hand left)?"""
    rest = [c for c in m.round.hands[seat] if c not in played]
    return wd4_bluff(m.settings.wd4_rule, rest, m.round.colour, pile_face(m))


# ------------------------------------------------------------- other actions
def uno_call(m: MatchState, seat: int) -> str:
    """T6: what a CallUno by ``seat`` would be: '' (refused), 'exposed' (saves
    itself from a catch), 'early' (before its second-to-last card) or 'false'
    (:func:`.verdicts.uno_call_kind` with this round's values)."""
    r = m.round
    return uno_call_kind(
        exposed=seat == r.uno_exposed, on_turn=seat == r.to_act, phase=r.phase,
        hand_size=len(r.hands[seat]), declared=r.uno_declared == seat,
        false_penalty=m.settings.false_uno_penalty, can_draw=can_draw(m))


def jump_window(m: MatchState, seat: int) -> bool:
    """H3: may ``seat`` jump in now, if it holds the twin of the card just played?"""
    r = m.round
    return (r.jump_card >= 0 and seat != r.jump_from and seat != r.to_act
            and r.phase is Phase.PLAY and seat not in r.out)


def jump_in_card(m: MatchState, seat: int) -> int:
    """H3: the card ``seat`` may jump in with now (-1: none)."""
    if not jump_window(m, seat):
        return -1
    twin = TWIN[m.round.jump_card]
    return twin if twin in m.round.hands[seat] else -1


def _out_of_turn_refusal(m: MatchState, action: CallUno | Catch | JumpIn) -> Refusal | None:
    seat = action.seat
    r = m.round
    if r.phase is Phase.ROUND_OVER:
        return ("R1", "refusal.r1_round_over")
    if seat in r.out:
        return ("R4", "refusal.r4_out")
    if isinstance(action, CallUno):
        if uno_call(m, seat):
            return None
        return ("T6", "refusal.t6_when_to_call")
    if isinstance(action, Catch):
        if action.target == seat or action.target != r.uno_exposed:
            return ("T6", "refusal.t6_nobody_to_catch")
        return None
    if not jump_window(m, seat):
        return ("H3", "refusal.h3_no_jump_in")
    if action.card != jump_in_card(m, seat):
        return ("H3", "refusal.h3_identical_card")
    return None


def refusal(m: MatchState, action: Action) -> Refusal | None:
    """Why ``action`` may not be taken now, with the rule ID (None: it may)."""
    seat = action.seat
    r = m.round
    if not 0 <= seat < m.seats:
        return ("turn", "refusal.no_such_seat")
    phase = r.phase
    if phase is Phase.MATCH_OVER:
        return ("R2", "refusal.r2_match_over")
    if isinstance(action, (CallUno, Catch, JumpIn)):
        return _out_of_turn_refusal(m, action)
    if seat != r.to_act:
        return _NOT_YOUR_TURN
    if isinstance(action, Play):
        return play_error(m, seat, action.cards) or colour_error(action.cards, action.colour)
    if isinstance(action, Draw):
        if phase is not Phase.PLAY:
            return ("phase", "refusal.no_draw_now")
        if m.settings.forced_play and has_play(m, seat):
            return ("T3", "refusal.t3_forced_play")
        return None
    if isinstance(action, Pass):
        if phase is not Phase.KEEP_OR_PLAY:
            return ("phase", "refusal.no_drawn_card")
        if m.settings.forced_play:
            return ("T3", "refusal.t3_forced_play_drawn")
        return None
    if isinstance(action, ChooseColour):
        return None if phase is Phase.CHOOSE_COLOUR else ("phase", "refusal.no_colour_now")
    if isinstance(action, Challenge):
        return None if phase is Phase.CHALLENGE else (
            "T5", "refusal.t5_who_challenges")
    if isinstance(action, Accept):
        return None if phase in _DECISION_PHASES else ("phase", "refusal.nothing_to_accept")
    if isinstance(action, WrongPlay):
        if m.settings.wrong_play_penalty <= 0:
            return ("T8", "refusal.t8_off")
        if phase is not Phase.PLAY:
            return ("phase", "refusal.not_during_decision")
        if action.card not in r.hands[seat]:
            return ("T8", "refusal.not_held")
        if play_error(m, seat, (action.card,)) is None:
            return ("T8", "refusal.t8_card_playable")
        return None
    if isinstance(action, NextRound):
        return None if phase is Phase.ROUND_OVER else ("phase", "refusal.round_not_over")
    if isinstance(action, SwapHands):
        if phase is not Phase.CHOOSE_SWAP:
            return ("H7", "refusal.h7_swap_after_seven")
        t = action.target
        if t == seat or not 0 <= t < m.seats or t in r.out:
            return ("H7", "refusal.h7_swap_target")
        return None
    return ("phase", "refusal.unknown_action")


# ----------------------------------------------------------- move generation
def _with_colours(seat: int, ids: tuple[int, ...]) -> list[Play]:
    """The plays of ``ids``: one, or one per colour named when a wild is on top."""
    if DECK[ids[-1]].colour is None:
        return [Play(seat=seat, cards=ids, colour=c) for c in COLOURS]
    return [Play(seat=seat, cards=ids)]


def _alone(m: MatchState, seat: int) -> list[int]:
    """The cards ``seat`` may play alone now (it may play cards at all), in hand order.

    :func:`card_error` judges each; in a normal turn with more than one card
    held that is :func:`matching` (H6 reads only a play of the whole hand),
    asked once for the hand."""
    r = m.round
    hand = r.hands[seat]
    size = len(hand)
    if r.phase is Phase.PLAY and size > 1:
        return matching(m, hand)
    # T3: after drawing, card_error refuses every card but the drawn one.
    candidates = [r.drawn] if r.phase is Phase.KEEP_OR_PLAY else hand
    return [c for c in candidates if card_error(m, (c,), DECK[c], size) is None]


def has_play(m: MatchState, seat: int) -> bool:
    """T3: does ``seat`` hold a card it may play alone now?"""
    return turn_error(m, seat) is None and bool(_alone(m, seat))


def plays(m: MatchState, seat: int) -> tuple[list[Action], list[int]]:
    """Every legal Play of ``seat``, and the ids it may play alone."""
    out: list[Action] = []
    if turn_error(m, seat) is not None:
        return out, []
    r = m.round
    alone = _alone(m, seat)
    for c in alone:  # (held: play_error's rest holds)
        if COLOUR_OF[c] is None:
            out.extend(_with_colours(seat, (c,)))
        else:
            out.append(Play(seat=seat, cards=(c,)))
    if m.settings.multi_play and r.phase is not Phase.KEEP_OR_PLAY \
            and (alone or r.phase is not Phase.PLAY):
        # A card that may not be played alone may not lead several either,
        # except a Draw Two of an H4 pair answering a Wild Draw Four.
        pairs = m.settings.pair_on_plus4 and r.phase in _DECISION_PHASES
        leads = None if pairs else {FACE[c] for c in alone}
        groups: dict[int, list[int]] = {}
        hand = r.hands[seat]
        for c in sorted(hand):
            f = FACE[c]
            if leads is None or f in leads:
                groups.setdefault(f, []).append(c)
        for group in groups.values():
            if len(group) > 1:
                _group_plays(m, seat, group, len(hand), out)
    return out, alone


def _group_plays(m: MatchState, seat: int, group: list[int], size: int,
                 out: list[Action]) -> None:
    """H4: every legal play of two or more cards of ``group`` (held ids of one
    face, in id order): each subset, each card of it on top.

    A subset's play is legal when a card below the top may lead it
    (:func:`cards_error`); which card is on top does not change whether a card
    may lead (:func:`card_error` reads only the set), so the leads are found
    once per subset: with two of them every top works, with one every other.
    :func:`card_error` reads a play of three or more cards only through how
    many they are (the H4 pair on a Wild Draw Four is the one rule that looks
    at the other cards), so from three cards on a card's right to lead is
    judged once per size, for the first subset of that size.
    """
    wild = COLOUR_OF[group[0]] is None  # (one face: all wild or none)
    for n in range(2, len(group) + 1):
        judged: dict[int, bool] = {}
        for chosen in combinations(group, n):
            if n == 2:
                leads = [c for c in chosen if card_error(m, chosen, DECK[c], size) is None]
            else:
                for c in chosen:
                    if c not in judged:
                        judged[c] = card_error(m, chosen, DECK[c], size) is None
                leads = [c for c in chosen if judged[c]]
            if not leads:
                continue
            lead = leads[0] if len(leads) == 1 else -1  # (two leads: any card may go on top)
            for j, top in enumerate(chosen):
                if top == lead:
                    continue
                ids = chosen[:j] + chosen[j + 1:] + (top,)
                if wild:
                    out.extend(Play(seat=seat, cards=ids, colour=c) for c in COLOURS)
                else:
                    out.append(Play(seat=seat, cards=ids))


def legal_actions(m: MatchState, seat: int) -> list[Action]:
    """Exactly the actions :func:`refusal` lets ``seat`` take now."""
    r = m.round
    phase = r.phase
    if phase is Phase.MATCH_OVER or not 0 <= seat < m.seats:
        return []
    if phase is Phase.ROUND_OVER:
        return [NextRound(seat=seat)] if seat == r.to_act else []
    out: list[Action] = []
    if seat in r.out:
        return out
    if uno_call(m, seat):
        out.append(CallUno(seat=seat))
    if r.uno_exposed >= 0 and r.uno_exposed != seat:
        out.append(Catch(seat=seat, target=r.uno_exposed))
    if r.jump_card >= 0:  # (H3 on, and a card just played)
        twin = jump_in_card(m, seat)
        if twin >= 0:
            out.append(JumpIn(seat=seat, card=twin))
    if seat != r.to_act:
        return out
    if phase is Phase.CHOOSE_COLOUR:
        out.extend(ChooseColour(seat=seat, colour=c) for c in COLOURS)
        return out
    if phase is Phase.CHOOSE_SWAP:
        out.extend(SwapHands(seat=seat, target=t) for t in r.active() if t != seat)
        return out
    found, alone = plays(m, seat)
    out.extend(found)
    if phase is Phase.PLAY:
        if not (m.settings.forced_play and found):
            out.append(Draw(seat=seat))
        if m.settings.wrong_play_penalty > 0:
            # T8: in a normal turn a held card alone is playable exactly when
            # play_error passes it, which is when plays() offered it.
            out.extend(WrongPlay(seat=seat, card=c) for c in r.hands[seat] if c not in alone)
    elif phase is Phase.KEEP_OR_PLAY:
        if not m.settings.forced_play:
            out.append(Pass(seat=seat))
    else:
        if phase is Phase.CHALLENGE:
            out.append(Challenge(seat=seat))
        out.append(Accept(seat=seat))
    return out


def out_of_turn_seats(m: MatchState) -> list[int]:
    """Seats other than ``to_act`` that have a legal action right now."""
    r = m.round
    if r.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return []
    seats: set[int] = set()
    if r.uno_exposed >= 0:
        seats.update(r.active())
    if r.jump_card >= 0:
        seats.update(s for s in range(m.seats) if jump_in_card(m, s) >= 0)
    seats.discard(r.to_act)
    return sorted(seats)
