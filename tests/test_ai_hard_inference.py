"""Hard's sampled worlds read the public record the way players play: a
player who draws instead of playing could not play, so the hand they drew
from held no card of the colour, and no wild either."""

from __future__ import annotations

import random

from game.ai.rollout import COL, sample_world
from game.ai.tracking import track
from game.rules.actions import Draw, Pass, Play
from game.rules.events import Event, EventKind
from game.rules.view import Phase
from tests.rigging import Faces, rig


def test_T3_hard_samples_no_wild_in_the_hand_of_a_player_who_drew() -> None:
    c = Faces()
    # seat 1 draws on red 1 with no red, no 1 and no wild, and keeps the drawn blue 9
    mine = c.ids("R1 R2 G3 W")
    g = rig(hands=[mine, c.ids("G2 G4 B3 Y4 G6")], top=c("R5"), draw_pile=c.ids("B9"))
    for seat, hand in enumerate(g.round.hands):  # the deal, as the log of a real round has it
        for cid in hand:
            g.state.emit(Event(EventKind.DEAL, seat=seat, cards=(cid,)))
    g.apply(Play(0, (mine[0],)))
    g.apply(Draw(1))
    if g.phase is Phase.KEEP_OR_PLAY:
        g.apply(Pass(1))
    view = g.view(0)
    know = track(view)
    rng = random.Random(3)
    for _ in range(200):
        world = sample_world(view, know, rng)
        hand = world.hands[1]
        assert len(hand) == 6
        assert not any(COL[cid] < 0 for cid in hand), "a wild where the draw says none"
        assert not any(COL[cid] == 0 for cid in hand), "red where the draw says none"
