"""Outside-style bots for measuring our levels (benchmarks only, never shipped).

Each is written from a public description of a kind of bot an outside player
or researcher would bring, not tuned against our levels:

* ``RulePlayer``: RLCard's UNO rule agent (``uno-rule-v1``) as its docs and
  model zoo describe it: play a Wild Draw Four whenever it may (naming the
  colour it holds most), otherwise a random playable non-wild card, a wild
  only when nothing else fits, draw only when it cannot play.
* ``KeepWilds``: the common "keep your wilds, follow your longest colour"
  heuristic: among the playable coloured cards, play one of the colour held
  most (highest points first); wilds only when nothing else fits.
* ``Dumper``: an aggressive action-card dumper: Wild Draw Four, Draw Two,
  Skip, Reverse first, then the highest-scoring card.
* ``RandomPlayer``: the usual random baseline: a random playable card, draws
  only when it must.

All of them always call UNO when down to two cards, catch whoever forgot,
jump in when they can (H3), stack or deflect when offered a play in a penalty
phase (H1/H2/H5), never challenge a Wild Draw Four, and never play one that a
challenge would catch (``view.is_bluff``), as rule agents in the literature
play a Wild Draw Four only when T2 allows it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.rules.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    ChooseColour,
    Draw,
    JumpIn,
    NextRound,
    Pass,
    Play,
    SwapHands,
)
from game.rules.cards import COLOURS, Colour, Kind
from game.rules.view import Phase, PlayerView


def held_colours(view: PlayerView, skip: Sequence[int] = ()) -> Counter[Colour]:
    return Counter(c.colour for c in view.hand if c.colour is not None and c.id not in skip)


def most_held(view: PlayerView, skip: Sequence[int] = ()) -> Colour:
    held = held_colours(view, skip)
    return max(COLOURS, key=lambda c: (held[c], -COLOURS.index(c)))


class OutsideBot:
    """Shared plumbing: everything but the choice among plays (``pick``)."""

    name = "outside"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def pick(self, view: PlayerView, plays: list[Play]) -> Play:
        raise NotImplementedError

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        me = view.seat
        if view.to_act != me:
            for kind in (CallUno, Catch, JumpIn):
                for a in legal:
                    if isinstance(a, kind) and not view.is_false_uno(a):
                        return a
            return None
        for a in legal:
            if isinstance(a, Catch):
                return a
        if len(view.hand) == 2 and CallUno(me) in legal:
            return CallUno(me)
        if view.phase is Phase.CHOOSE_COLOUR:
            return ChooseColour(me, most_held(view))
        if view.phase is Phase.CHOOSE_SWAP:
            swaps = [a for a in legal if isinstance(a, SwapHands)]
            return min(swaps, key=lambda a: view.hand_sizes[a.target])
        plays = [a for a in legal if isinstance(a, Play) and not view.is_bluff(a)]
        # a wild names the colour this bot holds most, one variant per card
        plays = [p for p in plays
                 if p.colour is None or p.colour is most_held(view, p.cards)]
        if plays:
            return self.pick(view, plays)
        for kind in (Draw, Pass, Accept, NextRound):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]


def _is_wild(view: PlayerView, p: Play) -> bool:
    return view.card(p.cards[-1]).colour is None


class RulePlayer(OutsideBot):
    name = "rlcard-rule"

    def pick(self, view: PlayerView, plays: list[Play]) -> Play:
        for p in plays:
            if view.card(p.cards[-1]).kind is Kind.WILD_DRAW_FOUR:
                return p
        plain = [p for p in plays if not _is_wild(view, p)]
        pool = plain or plays
        return pool[self.rng.randrange(len(pool))]


class KeepWilds(OutsideBot):
    name = "keep-wilds"

    def pick(self, view: PlayerView, plays: list[Play]) -> Play:
        held = held_colours(view)

        def value(p: Play) -> tuple[int, int, int]:
            card = view.card(p.cards[-1])
            if card.colour is None:
                return (0, 0, 0)
            return (1, held[card.colour], card.points)

        return max(plays, key=value)


class Dumper(OutsideBot):
    name = "dumper"
    ORDER = {Kind.WILD_DRAW_FOUR: 5, Kind.DRAW_TWO: 4, Kind.SKIP: 3, Kind.REVERSE: 2}

    def pick(self, view: PlayerView, plays: list[Play]) -> Play:
        def value(p: Play) -> tuple[int, int]:
            card = view.card(p.cards[-1])
            return (self.ORDER.get(card.kind, 0 if card.kind is Kind.WILD else 1), card.points)

        return max(plays, key=value)


class RandomPlayer(OutsideBot):
    name = "randplay"

    def pick(self, view: PlayerView, plays: list[Play]) -> Play:
        return plays[self.rng.randrange(len(plays))]


OUTSIDE: dict[str, type[OutsideBot]] = {
    "rlrule": RulePlayer, "keepwilds": KeepWilds, "dumper": Dumper, "randplay": RandomPlayer,
}
