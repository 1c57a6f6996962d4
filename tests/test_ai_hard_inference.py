"""Hard's sampled worlds read the public record the way players play: a
player who draws instead of playing could not play, so the hand they drew
from held no card of the colour, and no wild either."""

from __future__ import annotations

import random

from game.ai.hard import HardAgent
from game.ai.rollout import COL, sample_world
from game.ai.tracking import track
from game.rules.actions import Draw, Pass, Play
from game.rules.cards import Colour
from game.rules.engine import Game
from game.rules.events import Event, EventKind
from game.rules.view import Phase
from tests.rigging import Faces, rig


def _log_the_deal(g: Game) -> None:
    """The deal's events, as the log of a real round has them (``rig`` leaves none)."""
    for seat, hand in enumerate(g.round.hands):
        for cid in hand:
            g.state.emit(Event(EventKind.DEAL, seat=seat, cards=(cid,)))


def test_T3_hard_samples_no_wild_in_the_hand_of_a_player_who_drew() -> None:
    c = Faces()
    # seat 1 draws on red 1 with no red, no 1 and no wild, and keeps the drawn blue 9
    mine = c.ids("R1 R2 G3 W")
    g = rig(hands=[mine, c.ids("G2 G4 B3 Y4 G6")], top=c("R5"), draw_pile=c.ids("B9"))
    _log_the_deal(g)
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


def test_T1_hard_samples_hands_that_explain_a_wild_played_on_red() -> None:
    """A player who plays a wild on red most likely had no red card to play
    (players keep wilds): most of Hard's worlds give them none, where an
    uninformed deal of five cards holds red three times in four."""
    c = Faces()
    mine = c.ids("R1 R2 G3 B7")
    theirs = c.ids("W G2 G4 B3 Y4 G6")
    g = rig(hands=[mine, theirs], top=c("R5"))
    _log_the_deal(g)
    g.apply(Play(0, (mine[0],)))
    g.apply(Play(1, (theirs[0],), Colour.GREEN))
    view = g.view(0)
    know = track(view)
    hard = HardAgent(seed=5)
    red = sum(any(COL[cid] == 0 for cid in hard._sample(view, know).hands[1])
              for _ in range(300))
    assert red < 0.5 * 300, red
