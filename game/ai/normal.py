"""Normal level: a sound rule-of-thumb player.

Keeps Wilds and Wild Draw Fours for when they matter (no other play, or an
opponent close to going out), follows into the colour it holds most and
within it keeps the cards whose number or symbol is most often still out
(likelier to match a later top card by face), names that colour for wilds,
hits a player who is close to going out with draw cards and skips, spends its
other Skips and Draw Twos on the opponent holding the fewest cards (and keeps
them while they would land on anyone else), challenges a Wild Draw Four when
the public record says the offender probably still held the colour,
always calls UNO, catches others, jumps in, stacks or deflects rather than
taking the cards, and relays Skips.

The functions here are shared with the Hard level (its prior and the
decisions it does not search).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.actions import (
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
from game.rules.cards import COLOURS, DECK, FACE, Colour, Kind
from game.rules.turns import seat_after
from game.rules.verdicts import can_draw_from
from game.rules.view import Phase, PlayerView

from .base import Choice, Reason
from .hints import reason
from .registry import register_level
from .tracking import Knowledge, track


# ------------------------------------------------------------------ helpers
def active(view: PlayerView, seat: int) -> bool:
    return seat not in view.out


def is_partner(view: PlayerView, a: int, b: int) -> bool:
    return bool(view.teams) and a != b and view.teams[a] == view.teams[b]


def opponents(view: PlayerView) -> list[int]:
    return [s for s in range(view.num_seats)
            if s != view.seat and active(view, s) and not is_partner(view, s, view.seat)]


def threat_size(view: PlayerView) -> int:
    """The fewest cards an opponent holds (99 when there is none)."""
    sizes = [view.hand_sizes[s] for s in opponents(view)]
    return min(sizes) if sizes else 99


def colour_weights(cards: Sequence[int]) -> dict[Colour, float]:
    w = dict.fromkeys(COLOURS, 0.0)
    for cid in cards:
        c = DECK[cid]
        if c.colour is not None:
            w[c.colour] += 1.0 + c.points / 100.0
    return w


def best_colours(cards: Sequence[int], avoid: Sequence[Colour] = (),
                 prefer: Sequence[Colour] = ()) -> list[Colour]:
    """Colours ordered by how much of them ``cards`` hold (ties: a colour to prefer)."""
    w = colour_weights(cards)
    for c in prefer:
        w[c] += 0.5
    for c in avoid:
        w[c] -= 0.6
    return sorted(COLOURS, key=lambda c: (-w[c], COLOURS.index(c)))


def with_uno_call(view: PlayerView, legal: Sequence[Action], choice: Choice) -> Choice:
    """T6: before a play that leaves one card, call UNO first, unless the rules
    count that call as false (``view.is_false_uno``: an H4 pair played from
    three cards); then the seat calls once exposed (``out_of_turn``)."""
    a = choice.action
    if (isinstance(a, Play) and view.to_act == view.seat
            and len(view.hand) - len(a.cards) == 1):
        call = CallUno(view.seat)
        if call in legal and not view.is_false_uno(call):
            return reason(call, "hint.call_uno")
    return choice


# ------------------------------------------------------------------ scoring
@dataclass(slots=True)
class Scored:
    action: Action
    score: float
    reasons: list[Reason]
    """Why, best first (at most two)."""


def victim_after(view: PlayerView, play: Play) -> int:
    """The seat that will suffer this play's effect (or simply play next)."""
    top = DECK[play.cards[-1]]
    direction = view.direction
    if top.kind is Kind.REVERSE and len(play.cards) % 2 and view.playing() > 2:
        direction = -direction
    return seat_after(view.seat, direction, view.num_seats, view.out)


HIT_AT = 1  # hit the next player with a Draw card or Skip when down to this many cards
KEEP_WILDS_UNTIL = 3  # draw rather than play a lone wild while every opponent holds more
KEEP_WILDS_HAND = 8  # ... and while our own hand is no longer than this
VOID_BONUS = 12.0  # T1/T3: keep play in a colour the next player lacks, at any hand size
HITS = (Kind.DRAW_TWO, Kind.SKIP, Kind.WILD_DRAW_FOUR)
THREAT_AT = 4  # a Skip or Draw Two goes on the fewest-card opponent from this many cards
SPARE_HIT = 10.0  # ... and is kept while it would land on anyone else
FACE_KEEP = 0.5  # per copy of a card's face still out: keep the card likelier to match later
FACE_COPIES = Counter(FACE)  # copies of each face (number or symbol) in the deck
BLUFF_AT = HIT_AT  # T2/T5: a bluffed Wild Draw Four only where score_play's hit would go


def copies_out(view: PlayerView, cid: int) -> int:
    """Copies of card ``cid``'s face (T1: "the same number or symbol") that
    ``view``'s seat cannot see: in other hands or the draw pile."""
    face = FACE[cid]
    seen = sum(1 for c in view.hand if FACE[c.id] == face)
    seen += sum(1 for c in view.discard if FACE[c.id] == face)
    return FACE_COPIES[face] - seen


EVEN_OUT_GAIN = 3  # T10/H9: cards a hand swap must save us to be worth a wild


def acts_as(view: PlayerView, kind: Kind) -> Kind:
    """H8/H10: a Wild Customizable that makes the next player draw is a hit
    like a Draw Two; every other card is what it is."""
    if kind is Kind.WILD_CUSTOMIZABLE and view.settings.custom_wild in ("draw_two",
                                                                        "skip_draw_one"):
        return Kind.DRAW_TWO
    return kind


def deals_back_in(view: PlayerView, play: Play) -> bool:
    """T10 ``evenly``: a Wild Shuffle Hands as the last card deals its player
    back in (it does not go out unless there are fewer cards than players)."""
    return (DECK[play.cards[-1]].kind is Kind.WILD_SHUFFLE_HANDS
            and view.settings.shuffle_deal == "evenly"
            and sum(view.hand_sizes) - len(play.cards) >= view.playing())


def hand_gain(view: PlayerView, play: Play, kept: int) -> int:
    """T10/H9: how many fewer cards ``play`` leaves us holding after its hands
    move than the ``kept`` we would hold otherwise (0 for other cards).

    Wild Shuffle Hands (``evenly``) deals every player an even share; H9's
    pass gives us the hand of the player before us in the direction of play."""
    kind = DECK[play.cards[-1]].kind
    if kind is Kind.WILD_SHUFFLE_HANDS and view.settings.shuffle_deal == "evenly":
        total = sum(view.hand_sizes) - len(play.cards)
        return kept - -(-total // view.playing())
    if kind is Kind.WILD_CUSTOMIZABLE and view.settings.custom_wild == "pass_hands":
        before = seat_after(view.seat, -view.direction, view.num_seats, view.out)
        if before == view.seat:
            return 0
        return kept - view.hand_sizes[before]
    return 0


def worth_bluffing(view: PlayerView, play: Play) -> bool:
    """T2/T5: a Wild Draw Four a challenge would catch (``view.is_bluff``) is
    played only onto an opponent down to ``BLUFF_AT`` card: it stops them
    going out unless they challenge, and a caught bluff costs us 4 cards
    (measured in docs/BOT_STRENGTH.md: bluffing there wins more games, against
    players who challenge and players who never do)."""
    victim = victim_after(view, play)
    return (victim != view.seat and not is_partner(view, victim, view.seat)
            and view.hand_sizes[victim] <= BLUFF_AT)


def refused_bluff(view: PlayerView, play: Play) -> bool:
    """A bluffed Wild Draw Four not worth the risk (:func:`worth_bluffing`)."""
    return view.is_bluff(play) and not worth_bluffing(view, play)


def held_colours(cards: Sequence[int]) -> dict[Colour, int]:
    held = dict.fromkeys(COLOURS, 0)
    for cid in cards:
        c = DECK[cid].colour
        if c is not None:
            held[c] += 1
    return held


def score_play(view: PlayerView, know: Knowledge | None, play: Play,
               has_other: bool) -> Scored:
    """How good ``play`` looks (higher is better) and why.

    Measured against outside bots (benchmarks/strength/gauntlet.py): follow the colour
    held most (counting the card played); within it play the card whose face
    has the fewest copies still out (``FACE_KEEP`` per copy; points next), as
    the others are likelier to match a later top card by face (paired on the
    same 10,000 deals against 3 x keepwilds: 26.7% against 25.8%); keep wilds
    behind every coloured card, never bluff a Wild Draw Four (T2), rush a hit
    onto a player about to go out, never onto a player whose lost turn brings
    a threatening bystander closer, and otherwise aim Skips and Draw Twos at
    the opponent with the fewest cards (at most ``THREAT_AT``), keeping them
    while they would land on anyone else."""
    hand_ids = [c.id for c in view.hand]
    rest = [c for c in hand_ids if c not in play.cards]
    top = DECK[play.cards[-1]]
    why: list[Reason] = []
    if not rest and not deals_back_in(view, play):
        return Scored(play, 1000.0, [Reason("hint.go_out")])
    bluff = view.is_bluff(play)
    if bluff and not worth_bluffing(view, play):
        return Scored(play, -1000.0, [Reason("hint.no_other")])
    score = 0.0
    n_cards = len(play.cards)
    if n_cards > 1:
        score += 15.0 * (n_cards - 1)
        why.append(Reason("hint.shed_many", n=n_cards))
    victim = victim_after(view, play)
    victim_size = view.hand_sizes[victim]
    hostile = victim != view.seat and not is_partner(view, victim, view.seat)
    colour_after = top.colour if top.colour is not None else play.colour
    held = held_colours(hand_ids)
    if top.colour is None:
        score -= 100.0 if top.kind is Kind.WILD else 101.0  # the plain Wild first
        why.append(Reason("hint.threat" if threat_size(view) <= KEEP_WILDS_UNTIL else "hint.no_other"))
        gain = hand_gain(view, play, len(rest))
        if gain >= EVEN_OUT_GAIN:  # T10/H9: trade a big hand for a smaller one
            score += 110.0 + 5.0 * gain
            why.insert(0, Reason("hint.even_out", n=gain))
    else:
        score += 10.0 * held[top.colour] + top.points / 10.0
        score -= FACE_KEEP * copies_out(view, top.id)
        most = max(held.values())
        if held[top.colour] == most:  # (a tie is said as one: #39)
            tied = sum(1 for n in held.values() if n == most) > 1
            why.append(Reason("hint.most_colour_tie" if tied else "hint.most_colour", top.colour))
        if top.points >= 20:
            why.append(Reason("hint.shed_points"))
        if any(DECK[c].colour is None for c in rest) and len(why) < 2:
            why.append(Reason("hint.keep_wild"))
    if know is not None and hostile and colour_after is not None \
            and colour_after in know.void_colours(victim, victim_size):
        score += VOID_BONUS
        why.append(Reason("hint.void", colour_after))
    kind = acts_as(view, top.kind)
    alive = view.playing()
    if kind in HITS or (kind is Kind.REVERSE and alive == 2):
        if not hostile:
            score -= 30.0
        elif victim_size <= HIT_AT:
            score += 200.0
            why[:0] = [Reason("hint.hit_low"), Reason("hint.bluff")] if bluff else [Reason("hint.hit_low")]
        elif alive > 2:
            after = seat_after(victim, view.direction, view.num_seats, view.out)
            if after != view.seat and not is_partner(view, after, view.seat) \
                    and view.hand_sizes[after] <= HIT_AT:
                score -= 50.0  # skipping the victim hurries the threat after them
            elif kind is not Kind.WILD_DRAW_FOUR:
                fewest = threat_size(view)
                if victim_size > fewest:
                    score -= SPARE_HIT  # keep it for the opponent who threatens
                elif victim_size <= THREAT_AT:
                    score += SPARE_HIT
                    why.insert(0, Reason("hint.threat"))
    elif kind is Kind.REVERSE and alive > 2:
        ahead = seat_after(view.seat, view.direction, view.num_seats, view.out)
        if hostile and victim_size <= HIT_AT and view.hand_sizes[ahead] > HIT_AT:
            score -= 50.0  # turns play towards a player about to go out
        elif not is_partner(view, ahead, view.seat) and view.hand_sizes[ahead] <= HIT_AT:
            score += 150.0  # the player about to go out waits a whole round
            why.insert(0, Reason("hint.threat"))
    if view.settings.no_action_finish and len(rest) == 1 and (
            DECK[rest[0]].kind in (Kind.SKIP, Kind.REVERSE) or DECK[rest[0]].colour is None):
        score -= 40.0  # H6: a last card that may not finish
    return Scored(play, score, why[:2])


def pick_wild_colours(view: PlayerView, know: Knowledge | None, plays: Sequence[Play],
                      keep: int = 1) -> list[Play]:
    """Prune the four colour variants of each wild play to the best ``keep``."""
    out: list[Play] = []
    groups: dict[tuple[int, ...], list[Play]] = {}
    for p in plays:
        if p.colour is None:
            out.append(p)
        else:
            groups.setdefault(p.cards, []).append(p)
    hand_ids = [c.id for c in view.hand]
    for ids, variants in groups.items():
        rest = [c for c in hand_ids if c not in ids]
        prefer: list[Colour] = []
        if know is not None:
            victim = seat_after(view.seat, view.direction, view.num_seats, view.out)
            if not is_partner(view, victim, view.seat):
                prefer = know.void_colours(victim, view.hand_sizes[victim])
        order = best_colours(rest, prefer=prefer)
        by_colour = {p.colour: p for p in variants}
        out.extend(by_colour[c] for c in order[:keep] if c in by_colour)
    return out


def dedupe_plays(plays: Sequence[Play]) -> list[Play]:
    """Identical twins (same colour and face) are the same move."""
    seen: set[tuple[object, ...]] = set()
    out: list[Play] = []
    for p in plays:
        key = (tuple((DECK[c].colour, DECK[c].face) for c in p.cards), p.colour)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def rank_plays(view: PlayerView, know: Knowledge | None,
               plays: Sequence[Play]) -> list[Scored]:
    coloured = any(DECK[p.cards[-1]].colour is not None for p in plays)
    scored = [score_play(view, know, p, coloured) for p in plays]
    scored.sort(key=lambda s: -s.score)
    return scored


def p_bluff(view: PlayerView, know: Knowledge) -> float:
    """Chance the Wild Draw Four just played on us broke T2."""
    rule = view.settings.wd4_rule
    offender = know.last_player
    colour = know.colour_before_last
    if rule == "free" or offender < 0 or colour is None:
        return 0.0
    size = view.hand_sizes[offender]
    p = know.p_holds_colour(offender, colour, size)
    if rule == "no_playable_card":
        p = min(1.0, p + 0.1)
    return p


# ----------------------------------------------------------------- decisions
def out_of_turn(view: PlayerView, legal: Sequence[Action], catch: float = 1.0,
                jump: float = 1.0, call: float = 1.0,
                rng: random.Random | None = None) -> Choice | None:
    """Out-of-turn options: call UNO when exposed, catch, jump in."""
    def roll(p: float) -> bool:
        return p >= 1.0 or (rng is not None and rng.random() < p)

    for a in legal:
        if isinstance(a, CallUno) and roll(call):
            return reason(a, "hint.call_exposed")
    for a in legal:
        if isinstance(a, Catch) and roll(catch):
            return reason(a, "hint.catch")
    for a in legal:
        if isinstance(a, JumpIn) and roll(jump):
            return reason(a, "hint.jump_in")
    return None


def answer_penalty(view: PlayerView, know: Knowledge, legal: Sequence[Action],
                   challenge_at: float = 0.8) -> Choice:
    """CHALLENGE / PENALTY / SKIP_RELAY: stack, deflect or relay if possible."""
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        def cost(p: Play) -> tuple[int, int]:
            top = DECK[p.cards[-1]]
            rank = {Kind.DRAW_TWO: 0, Kind.SKIP: 1, Kind.REVERSE: 1}.get(top.kind, 2)
            return (rank, -len(p.cards))
        plays = pick_wild_colours(view, know, plays)
        best = min(plays, key=cost)
        top = DECK[best.cards[-1]]
        if view.phase is Phase.SKIP_RELAY:
            key = "hint.relay"
        elif top.kind in (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR):
            key = "hint.stack"
        else:
            key = "hint.deflect"
        return reason(best, key)
    if Challenge(view.seat) in legal:
        p = p_bluff(view, know)
        if p >= challenge_at:
            return reason(Challenge(view.seat), Reason("hint.challenge", know.colour_before_last))
        return reason(Accept(view.seat), "hint.accept_wd4")
    return reason(Accept(view.seat), "hint.accept")


def choose_turn(view: PlayerView, legal: Sequence[Action], know: Knowledge) -> Choice:
    """The Normal decision on our own turn (UNO call handled by the caller)."""
    me = view.seat
    phase = view.phase
    if phase is Phase.ROUND_OVER:
        return reason(NextRound(me), "hint.next_round")
    if phase is Phase.CHOOSE_COLOUR:
        hand_ids = [c.id for c in view.hand]
        col = best_colours(hand_ids)[0]
        return reason(ChooseColour(me, col), Reason("hint.pick_colour", col))
    if phase in (Phase.CHALLENGE, Phase.PENALTY, Phase.SKIP_RELAY):
        return answer_penalty(view, know, legal)
    if phase is Phase.CHOOSE_SWAP:  # H7: take the smallest hand (an opponent's, if tied)
        swaps = [a for a in legal if isinstance(a, SwapHands)]
        swap = min(swaps, key=lambda a: (view.hand_sizes[a.target],
                                         is_partner(view, a.target, me), a.target))
        return reason(swap, Reason("hint.swap_fewest", n=view.hand_sizes[swap.target]))
    plays = [a for a in legal if isinstance(a, Play)]
    # T7: with nothing left to draw, keeping a wild would stall the round
    can_draw = can_draw_from(view.draw_pile_size, len(view.discard))
    # (and a long hand plays its wilds: when every seat keeps them, hands must not grow forever)
    keep_wilds = (threat_size(view) > KEEP_WILDS_UNTIL and 2 < len(view.hand) <= KEEP_WILDS_HAND
                  and can_draw)
    if phase is Phase.KEEP_OR_PLAY:
        if plays:
            drawn = DECK[plays[0].cards[-1]]
            if Pass(me) not in legal or not (refused_bluff(view, plays[0])
                                             or (drawn.colour is None and keep_wilds)):
                best = pick_wild_colours(view, know, plays)[0]
                wild_colour = best.colour
                extra = [Reason("hint.most_colour", wild_colour)] if wild_colour else []
                return reason(best, "hint.play_drawn", *extra)
        return reason(Pass(me), "hint.keep_drawn")
    if plays:
        ranked = rank_plays(view, know, pick_wild_colours(view, know, plays))
        top = ranked[0]
        act = top.action
        wild = isinstance(act, Play) and DECK[act.cards[-1]].colour is None
        if Draw(me) in legal and ((wild and keep_wilds) or top.score <= -1000.0):
            return reason(Draw(me), "hint.draw_keep")  # keep the wild; no needless bluff (T2)
        if top.reasons:
            return reason(act, *top.reasons)
        # (only a coloured card's play can have no reason: a wild's always has one).
        # It won on the colour held most among the cards that fit, not in the hand:
        # say so (#39: "Blue is the colour you hold most" with three reds in hand)
        colour = DECK[act.cards[-1]].colour if isinstance(act, Play) else None
        return reason(act, Reason("hint.fit_colour", colour))
    if Draw(me) in legal:
        return reason(Draw(me), "hint.draw_none")
    options: list[Action] = [a for a in legal if not isinstance(a, (WrongPlay, CallUno))]
    return reason(options[0] if options else legal[0], "hint.only")


class NormalAgent:
    """Heuristic player (see the module docstring)."""

    name = "normal"

    def __init__(self, seed: int | None = None, think_ms: int = 300) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        if view.to_act != view.seat:
            return out_of_turn(view, legal)
        if view.uno_exposed == view.seat and CallUno(view.seat) in legal:
            return reason(CallUno(view.seat), "hint.call_exposed")
        for a in legal:
            if isinstance(a, Catch):  # T6: catch before our own move closes the window
                return reason(a, "hint.catch")
        real = [a for a in legal if not isinstance(a, WrongPlay)]
        if len(real) == 1:
            return reason(real[0], "hint.only")
        know = track(view)
        choice = choose_turn(view, real, know)
        return with_uno_call(view, legal, choice)


register_level("normal", lambda seed, think_ms: NormalAgent(seed, think_ms))
