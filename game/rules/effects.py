"""Effects: what each action does, once :mod:`.legality` has allowed it.

:func:`perform` dispatches on the action type; every effect is a named
function a reader can find from its rule ID (``skip_played`` T4/H2/H4,
``draw_card_played`` T4/H1, ``deflect_target`` H5, ``challenge`` T5,
``last_card_played`` R1/R4/T9, ``seven_zero`` H7, ``shuffle_hands`` T10,
``customizable_played`` T11/H8-H10...). Setup (a new round) is :mod:`.deal`.
"""

from __future__ import annotations

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
from .cards import DECK, Colour, Kind
from .deal import deal_round
from .events import DrawReason, Event, EventKind
from .legality import card_error, plays, uno_call, wd4_guilty
from .phase import Phase
from .piles import draw_cards
from .scoring import end_round, went_out
from .state import MatchState, PenaltyKind, PendingPenalty
from .turns import begin_turn, flip_direction, next_seat, seat_after, skip_and_advance
from .verdicts import challenge_stakes, shuffle_counts

CATCH_PENALTY = 2  # T6
_STACKING = (Phase.PENALTY, Phase.CHALLENGE)


def perform(m: MatchState, action: Action) -> None:
    """Apply ``action``, which :func:`.legality.refusal` has allowed."""
    r = m.round
    seat = action.seat
    if isinstance(action, CallUno):
        call_uno(m, seat)
        return
    if isinstance(action, Catch):
        m.emit(Event(EventKind.CAUGHT, seat=seat, target=action.target))
        r.uno_exposed = -1
        draw_cards(m, action.target, CATCH_PENALTY, DrawReason.UNO)
        return
    # T6: the next player begins a turn: the catch window closes.
    r.uno_exposed = -1
    declared = r.uno_declared == seat
    r.uno_declared = -1
    r.jump_card = -1
    if isinstance(action, Play):
        play(m, seat, action.cards, action.colour, declared)
    elif isinstance(action, JumpIn):
        m.emit(Event(EventKind.JUMP_IN, seat=seat, cards=(action.card,)))
        r.phase = Phase.PLAY
        play(m, seat, (action.card,), None, False)
    elif isinstance(action, Draw):
        draw(m, seat)
    elif isinstance(action, Pass):
        m.emit(Event(EventKind.PASS, seat=seat))
        begin_turn(m, next_seat(m, seat))
    elif isinstance(action, ChooseColour):
        r.colour = action.colour
        m.emit(Event(EventKind.COLOUR, seat=seat, colour=action.colour))
        begin_turn(m, seat)
    elif isinstance(action, Challenge):
        challenge(m, seat)
    elif isinstance(action, Accept):
        accept(m, seat)
    elif isinstance(action, WrongPlay):
        m.emit(Event(EventKind.WRONG_PLAY, seat=seat, cards=(action.card,)))
        draw_cards(m, seat, m.settings.wrong_play_penalty, DrawReason.WRONG_PLAY)
        begin_turn(m, next_seat(m, seat))
    elif isinstance(action, SwapHands):
        swap_hands(m, seat, action.target)
    elif isinstance(action, NextRound):
        m.dealer = r.winner  # S2: the winner of the previous round deals
        deal_round(m)


def call_uno(m: MatchState, seat: int) -> None:
    """T6: a call that saves a seat from a catch, a call ahead of the second-to-last
    card, or a false call (which costs ``false_uno_penalty`` cards)."""
    r = m.round
    kind = uno_call(m, seat)
    if kind == "exposed":
        r.uno_exposed = -1
        m.emit(Event(EventKind.UNO, seat=seat))
    elif kind == "early":
        r.uno_declared = seat
        m.emit(Event(EventKind.UNO, seat=seat))
    else:
        m.emit(Event(EventKind.FALSE_UNO, seat=seat))
        draw_cards(m, seat, m.settings.false_uno_penalty, DrawReason.FALSE_UNO)


def draw(m: MatchState, seat: int) -> None:
    """T3: draw one (or until playable); a playable card may be played at once."""
    r = m.round
    hand = r.hands[seat]
    while True:
        got = draw_cards(m, seat, 1, DrawReason.CHOICE)
        if not got:
            break  # T7: nothing left to draw; the turn ends idle
        cid = got[0]
        r.drawn = cid
        r.phase = Phase.KEEP_OR_PLAY
        if card_error(m, (cid,), DECK[cid], len(hand)) is None:
            m.emit(Event(EventKind.TURN, seat=seat, reason=Phase.KEEP_OR_PLAY.value))
            return
        r.phase = Phase.PLAY
        if m.settings.draw != "until_playable":
            break
    r.drawn = -1
    begin_turn(m, next_seat(m, seat))


def challenge(m: MatchState, seat: int) -> None:
    """T5: the offender shows their hand to the challenger only."""
    r = m.round
    penalty = r.penalty
    assert penalty is not None
    offender = penalty.offender
    m.emit(Event(EventKind.CHALLENGE, seat=seat, target=offender, value=int(penalty.guilty),
                 cards=tuple(r.hands[offender])))
    r.penalty = None
    guilty_draw, innocent_draw = challenge_stakes(penalty.amount, m.settings.challenge_guilty_draw)
    if penalty.guilty:
        draw_cards(m, offender, guilty_draw, DrawReason.CHALLENGE)
        begin_turn(m, seat)
    else:
        draw_cards(m, seat, innocent_draw, DrawReason.CHALLENGE)
        skip_and_advance(m, seat)


def accept(m: MatchState, seat: int) -> None:
    """Take what is pending: the Skips (H2), or the draw total (T4/T5/H1)."""
    r = m.round
    if r.phase is Phase.SKIP_RELAY:
        count = r.skips
        r.skips = 0
        # the last Skip was played by the seat just before ``seat``
        skip_and_advance(m, seat, count, next_seat(m, seat, -r.direction))
        return
    assert r.penalty is not None
    total = r.penalty.amount
    r.penalty = None
    draw_cards(m, seat, total, DrawReason.PENALTY)
    skip_and_advance(m, seat)


def play(m: MatchState, seat: int, ids: tuple[int, ...], colour: Colour | None,
         declared: bool) -> None:
    """T1/H4: ``seat`` plays ``ids`` (the last on top); then the top card's effect."""
    r = m.round
    ctx = r.phase
    top = DECK[ids[-1]]
    kind = top.kind
    guilty = kind is Kind.WILD_DRAW_FOUR and ctx not in _STACKING and wd4_guilty(m, seat, ids)
    hand = r.hands[seat]
    for cid in ids:
        hand.remove(cid)
        r.discard.append(cid)
    r.colour = top.colour if top.colour is not None else colour
    r.first_colour_only = False
    r.drawn = -1
    r.dry_turns = 0
    m.emit(Event(EventKind.PLAY, seat=seat, cards=ids, colour=r.colour))
    if top.colour is None and colour is not None:
        m.emit(Event(EventKind.COLOUR, seat=seat, colour=colour))
    jump = m.settings.jump_in
    if jump != "off" and top.colour is not None and (jump == "all" or kind is Kind.NUMBER):
        r.jump_card, r.jump_from = ids[-1], seat
    if len(hand) == 1 and not declared:
        r.uno_exposed = seat
    n = len(ids)
    if kind is Kind.WILD_SHUFFLE_HANDS:
        shuffle_hands(m, seat)  # T10 (the player may be dealt back in)
        hand = r.hands[seat]
    elif kind is Kind.WILD_CUSTOMIZABLE:
        kind = custom_kind(m.settings.custom_wild)  # T11/H8: what it acts as
        if not hand and m.settings.custom_wild == "skip_draw_one":
            # H10 with the last card: the next player still draws and misses
            # the turn (as T9).
            draw_cards(m, next_seat(m, seat), n, DrawReason.PENALTY)
            kind, n = Kind.SKIP, 1
    if not hand:
        last_card_played(m, seat, kind, n, ctx)
    elif kind is Kind.DRAW_TWO or kind is Kind.WILD_DRAW_FOUR:
        draw_card_played(m, seat, kind, n, ctx, guilty)
    elif ctx in _STACKING:
        deflect(m, seat, kind)  # H5: a Skip or Reverse of the colour in effect
    elif kind is Kind.SKIP:
        skip_played(m, seat, n)
    elif kind is Kind.REVERSE:
        reverse_played(m, seat, n)
    elif kind is Kind.NUMBER and m.settings.seven_zero and top.number in (0, 7):
        seven_zero(m, seat, top.number)
    elif top.kind is Kind.WILD_CUSTOMIZABLE:
        customizable_played(m, seat, n)
    else:
        begin_turn(m, next_seat(m, seat))


def skip_played(m: MatchState, seat: int, n: int) -> None:
    """T4/H4: N Skips skip N other players; H2 lets the victim relay a Skip."""
    r = m.round
    victim = next_seat(m, seat)
    if m.settings.skip_relay and any(DECK[c].kind is Kind.SKIP for c in r.hands[victim]):
        r.skips = n
        begin_turn(m, victim, Phase.SKIP_RELAY)
    else:
        r.skips = 0
        skip_and_advance(m, victim, n, seat)


def reverse_played(m: MatchState, seat: int, n: int) -> None:
    """T4/R6/H4: N Reverses flip the direction N times; with two players each acts
    as a Skip."""
    if n % 2:
        flip_direction(m)
    if len(m.round.active()) == 2:
        skip_and_advance(m, next_seat(m, seat), n, seat)
    else:
        begin_turn(m, next_seat(m, seat))


def _draw_total(kind: Kind, n: int) -> int:
    """T4/H4: what N Draw Twos or N Wild Draw Fours add (H8: N Wild Customizable
    cards acting as Wild Draw Twos add as Draw Twos)."""
    return (2 if kind is Kind.DRAW_TWO else 4) * n


def custom_kind(effect: str) -> Kind:
    """T11/H8: the card a Wild Customizable acts as for turn order and T9.

    H8 ``draw_two`` acts as a Draw Two (the next player faces 2, stackable on
    by a Draw Two under H1, never challenged); every other effect as a Wild,
    its own part done by :func:`customizable_played`."""
    return Kind.DRAW_TWO if effect == "draw_two" else Kind.WILD


def customizable_played(m: MatchState, seat: int, n: int) -> None:
    """T11/H9/H10: a Wild Customizable (not the last card, not H8) was played.

    T11 ``wild``: a plain Wild. H9 ``pass_hands``: every hand passes on to the
    next player in the direction of play, once per card. H10 ``skip_draw_one``:
    the next player draws one card per card played and misses the turn."""
    effect = m.settings.custom_wild
    if effect == "pass_hands":
        for _ in range(n):
            pass_hands_on(m)
        begin_turn(m, next_seat(m, seat))
    elif effect == "skip_draw_one":
        victim = next_seat(m, seat)
        draw_cards(m, victim, n, DrawReason.PENALTY)
        skip_and_advance(m, victim, 1, seat)
    else:
        begin_turn(m, next_seat(m, seat))


def shuffle_hands(m: MatchState, seat: int) -> None:
    """T10: ``seat`` collects every hand still in the round (R4), its own with
    them, shuffles them with the match's generator and deals them out again
    starting with the player to its left (the next seat clockwise, whatever the
    direction of play).

    ``shuffle_deal = "evenly"`` (official): one card at a time round the table
    until none are left, so hands differ by one card at most and the player is
    dealt back in even when the card was its last (UNO's own ruling); left
    holding none (fewer cards than players), it has gone out. ``"same_counts"``:
    every player gets back as many cards as it held, so a last card still goes
    out. Nobody can be caught for UNO after the deal, and an early call lapses
    (T6): nobody played down to one card."""
    r = m.round
    players = r.active()
    left = seat_after(seat, 1, m.seats, r.out)
    order = [left]
    while len(order) < len(players):
        order.append(seat_after(order[-1], 1, m.seats, r.out))
    counts = {s: len(r.hands[s]) for s in players}
    pool = [c for s in players for c in r.hands[s]]
    m.rng.shuffle(pool)
    dealt = shuffle_counts(m.settings.shuffle_deal, order, counts)
    new: dict[int, list[int]] = {s: [] for s in players}
    # One card at a time round the table, as a dealer would (every count ends
    # as shuffle_counts says).
    while pool:
        for s in order:
            if len(new[s]) < dealt[s]:
                new[s].append(pool.pop())
    for s in players:
        r.hands[s] = new[s]
    r.uno_exposed = r.uno_declared = -1
    m.emit(Event(EventKind.SHUFFLE_HANDS, seat=seat, value=sum(counts.values())))


def draw_card_played(m: MatchState, seat: int, kind: Kind, n: int, ctx: Phase,
                     guilty: bool) -> None:
    """T4/T5/H1: the next player faces the draw total (stacked onto a pending one)."""
    r = m.round
    stacked = r.penalty.amount if ctx in _STACKING and r.penalty is not None else 0
    victim = next_seat(m, seat)
    penalty_kind = PenaltyKind.PLUS2 if kind is Kind.DRAW_TWO else PenaltyKind.PLUS4
    amount = stacked + _draw_total(kind, n)
    if kind is Kind.WILD_DRAW_FOUR and not stacked:
        r.penalty = PendingPenalty(amount=amount, kind=penalty_kind, offender=seat,
                                   guilty=guilty)
        m.emit(Event(EventKind.PENALTY, target=victim, value=amount))
        begin_turn(m, victim, Phase.CHALLENGE)
        return
    r.penalty = PendingPenalty(amount=amount, kind=penalty_kind)
    penalty_on(m, victim)


def penalty_on(m: MatchState, victim: int) -> None:
    """H1/H5: the victim answers (stack, deflect) or, holding no answer, takes the total."""
    r = m.round
    assert r.penalty is not None
    m.emit(Event(EventKind.PENALTY, target=victim, value=r.penalty.amount))
    r.current = r.to_act = victim
    r.phase = Phase.PENALTY
    if plays(m, victim)[0]:
        begin_turn(m, victim, Phase.PENALTY)
    else:
        accept(m, victim)


def deflect_target(m: MatchState, seat: int, kind: Kind) -> int:
    """H5: ``seat`` deflects the pending penalty with a Skip (on to the next
    player) or a Reverse (back: the direction flips); the seat it now faces."""
    if kind is Kind.REVERSE:
        flip_direction(m)
    target = next_seat(m, seat)
    m.emit(Event(EventKind.DEFLECT, seat=seat, target=target))
    return target


def deflect(m: MatchState, seat: int, kind: Kind) -> None:
    """H5: the deflected penalty faces its new target, who may deflect again."""
    r = m.round
    assert r.penalty is not None
    target = deflect_target(m, seat, kind)
    r.penalty = PendingPenalty(amount=r.penalty.amount, kind=r.penalty.kind)
    penalty_on(m, target)


def last_card_played(m: MatchState, seat: int, kind: Kind, n: int, ctx: Phase) -> None:
    """R1/R4/T9: ``seat`` played its last card; a draw card or a deflected
    penalty still lands on the next player."""
    r = m.round
    pending = r.penalty.amount if r.penalty is not None else 0
    r.penalty = None
    r.skips = 0
    if ctx in _STACKING and kind in (Kind.SKIP, Kind.REVERSE):
        # H5 with the last card: the deflected penalty still lands (as T9).
        target = deflect_target(m, seat, kind)
        draw_cards(m, target, pending, DrawReason.PENALTY)
        went_out_of_round(m, seat, target, deflected=True)
        return
    victim = next_seat(m, seat)
    if kind is Kind.DRAW_TWO or kind is Kind.WILD_DRAW_FOUR:  # T9: the next player still draws
        total = _draw_total(kind, n) + (pending if ctx in _STACKING else 0)
        draw_cards(m, victim, total, DrawReason.PENALTY)
    went_out_of_round(m, seat, victim, kind=kind, n=n)


def went_out_of_round(m: MatchState, seat: int, victim: int, kind: Kind = Kind.NUMBER,
                      n: int = 1, deflected: bool = False) -> None:
    """R1: the round ends, or under R4 goes on without ``seat`` (its last card's
    effect still applies) until one player is left holding cards."""
    r = m.round
    if m.settings.scoring != "elimination":
        end_round(m, seat)
        return
    went_out(m, seat)
    remaining = r.active()
    if len(remaining) == 1:
        went_out(m, remaining[0])
        end_round(m, r.out[0])
        return
    if deflected or kind in (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR, Kind.SKIP):
        skip_and_advance(m, victim, n if kind is Kind.SKIP else 1)
    elif kind is Kind.REVERSE:
        if n % 2:
            flip_direction(m)
        begin_turn(m, next_seat(m, seat))
    else:
        begin_turn(m, victim)


def seven_zero(m: MatchState, seat: int, number: int | None) -> None:
    """H7: a 7 lets its player swap hands with someone; a 0 passes every hand on."""
    r = m.round
    if number == 7:
        r.current = r.to_act = seat
        r.phase = Phase.CHOOSE_SWAP
        m.emit(Event(EventKind.TURN, seat=seat, reason=Phase.CHOOSE_SWAP.value))
        return
    pass_hands_on(m)
    begin_turn(m, next_seat(m, seat))


def pass_hands_on(m: MatchState) -> None:
    """H7 (a 0) and H9: every hand still in the round passes to the next player
    in the direction of play; nobody can be caught for UNO afterwards."""
    r = m.round
    moved = {next_seat(m, s): r.hands[s] for s in r.active()}
    for s, hand in moved.items():
        r.hands[s] = hand
    r.uno_exposed = r.uno_declared = -1
    m.emit(Event(EventKind.ROTATE, value=r.direction))


def swap_hands(m: MatchState, seat: int, target: int) -> None:
    """H7: after a 7, ``seat`` and ``target`` swap hands."""
    r = m.round
    r.hands[seat], r.hands[target] = r.hands[target], r.hands[seat]
    m.emit(Event(EventKind.SWAP, seat=seat, target=target))
    begin_turn(m, next_seat(m, seat))
