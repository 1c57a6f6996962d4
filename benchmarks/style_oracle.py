"""How much could modelling an opponent's style add to Hard's guess? A measuring device.

``KeepWildsBelief`` is Hard with one change: the hands it samples for the
others are weighed by how well they explain the others' recent plays under
the EXACT rule of the ``keepwilds`` bot (``bots.KeepWilds``: among the
playable coloured cards one of the colour held most, highest points first; a
wild only when no coloured card fits, naming the colour held most), instead
of Hard's soft model of a sensible player (``belief.seat_likelihood``), and
each hand is chosen among ``PROPOSALS`` dealt for it instead of
``hard.RESAMPLE``. It knows which bot it faces, so it is an upper bound on
what reading that style could give, never a level. A play the rule does not
explain keeps a weight ``MISS`` (the hand it was played from also held cards
drawn since, which the record cannot tell apart).

Against 3 x keepwilds (``rollout``'s exact-policy bound is the other half:
docs/BOTS.md):

    PYTHONPATH=benchmarks .venv/bin/python benchmarks/gauntlet.py \\
        --heroes style_oracle:KeepWildsBelief --opponents keepwilds --seats 4 \\
        --games 2000 --think-ms 5000 --jobs 2
"""

from __future__ import annotations

from game.ai.belief import sample_fitting
from game.ai.hard import HardAgent
from game.ai.rollout import COL, PTS, World, best_colour, colour_counts
from game.ai.tracking import Knowledge, SeenPlay
from game.rules.cards import FACE
from game.rules.view import PlayerView

PROPOSALS = 32  # hands dealt per seat and world, to pick one the rule explains
MISS = 0.05  # weight of a play the rule does not explain


def keepwilds_fits(hand: list[int], card: int, colour: int, top: int, named: int) -> bool:
    """Would ``bots.KeepWilds`` holding ``hand`` (the card played among it)
    have played ``card`` on ``top`` with ``colour`` in effect (and named
    ``named`` for a wild)?"""
    face = FACE[top]
    rest = list(hand)
    rest.remove(card)
    fits = [cid for cid in rest if COL[cid] == colour or (COL[cid] >= 0 and FACE[cid] == face)]
    held = colour_counts(hand)
    c = COL[card]
    if c < 0:
        # bots.most_held: the colour held most, the first on ties, as rollout.best_colour
        return not fits and (named < 0 or named == best_colour(rest))
    return all((held[COL[cid]], PTS[cid]) <= (held[c], PTS[card]) for cid in fits)


def keepwilds_likelihood(hand: list[int], plays: list[SeenPlay]) -> float:
    """``belief.seat_likelihood``'s reading of the record under the keepwilds
    rule: 1 - ``MISS`` per play it explains, ``MISS`` per play it does not."""
    like = 1.0
    later: list[int] = []  # the cards played after the one looked at
    for _, card, colour, top, named in reversed(plays):
        before = [*hand, *later, card]
        later.append(card)
        like *= 1.0 - MISS if keepwilds_fits(before, card, colour, top, named) else MISS
    return like


class KeepWildsBelief(HardAgent):
    """Hard whose belief knows the opponents play exactly as ``keepwilds``."""

    name = "hard-keepwilds-belief"

    def _sample(self, view: PlayerView, know: Knowledge) -> World:
        return sample_fitting(view, know, self.rng, PROPOSALS, keepwilds_likelihood)
