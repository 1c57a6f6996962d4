"""Hard's sampled worlds read the public record the way players play: a
player who draws instead of playing could not play, so the hand they drew
from held no card of the colour, and no wild either."""

from __future__ import annotations

import random

from game.ai.belief import sample_world
from game.ai.hard import HardAgent
from game.ai.rollout import COL, colour_counts
from game.ai.tracking import COLOUR_INDEX, track
from game.rules.actions import Draw, Pass, Play
from game.rules.cards import FACE, Colour
from game.rules.engine import Game
from game.rules.view import Phase
from tests.rigging import Faces, log_the_deal, rig


def _seat_1_draws_on(c: Faces, mine: list[int]) -> Game:
    """We play ``mine[0]``; seat 1 (no red, no card of that face, no wild)
    draws instead of playing and keeps the drawn blue 9."""
    g = rig(hands=[mine, c.ids("G2 G4 B3 Y4 G6")], top=c("R5"), draw_pile=c.ids("B9"))
    log_the_deal(g)
    g.apply(Play(0, (mine[0],)))
    g.apply(Draw(1))
    if g.phase is Phase.KEEP_OR_PLAY:
        g.apply(Pass(1))
    return g


def test_T3_hard_samples_no_wild_in_the_hand_of_a_player_who_drew() -> None:
    c = Faces()
    view = _seat_1_draws_on(c, c.ids("R1 R2 G3 W")).view(0)
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
    log_the_deal(g)
    g.apply(Play(0, (mine[0],)))
    g.apply(Play(1, (theirs[0],), Colour.GREEN))
    view = g.view(0)
    know = track(view)
    hard = HardAgent(seed=5)
    red = sum(any(COL[cid] == 0 for cid in hard._sample(view, know).hands[1])
              for _ in range(300))
    assert red < 0.5 * 300, red


def test_T1_hard_samples_no_card_of_the_top_face_in_the_hand_of_a_player_who_drew() -> None:
    """Drawing instead of playing on a red 5 says the hand held no 5 of any
    colour either (T1: a 5 would have matched by number)."""
    c = Faces()
    mine = c.ids("R1 R2 G3 B7")
    view = _seat_1_draws_on(c, mine).view(0)
    know = track(view)
    assert know.not_face[1][FACE[mine[0]]] == 6  # the top when seat 1 drew was our red 1
    rng = random.Random(4)
    for _ in range(200):
        hand = sample_world(view, know, rng).hands[1]
        assert not any(FACE[cid] == FACE[mine[0]] for cid in hand), "a 1 where the draw says none"


def test_T1_hard_samples_hands_whose_most_held_colour_a_wild_named() -> None:
    """Players name the colour they hold most for a wild: most of Hard's worlds
    give the player who named blue more blue than any other colour, where an
    uninformed deal rarely does."""
    c = Faces()
    mine = c.ids("R1 R2 G3 B7")
    theirs = c.ids("W B2 B4 B3 Y4 G6")
    g = rig(hands=[mine, theirs], top=c("R5"))
    log_the_deal(g)
    g.apply(Play(0, (mine[0],)))
    g.apply(Play(1, (theirs[0],), Colour.BLUE))
    view = g.view(0)
    know = track(view)
    assert know.recent_plays[-1].named == COLOUR_INDEX[Colour.BLUE]
    hard = HardAgent(seed=6)
    rng = random.Random(6)

    def blue_most(hand: list[int]) -> bool:
        counts = colour_counts(hand)
        return counts[COLOUR_INDEX[Colour.BLUE]] == max(counts)

    informed = sum(blue_most(hard._sample(view, know).hands[1]) for _ in range(300))
    plain = sum(blue_most(sample_world(view, know, rng).hands[1]) for _ in range(300))
    assert informed > 0.6 * 300, informed
    assert informed > plain + 60, (informed, plain)


def test_T1_hard_reads_plays_from_before_its_latest_move() -> None:
    """What a player chose two of our moves ago still tells about its hand
    (tracking.PLAY_WINDOW): the wild it played on red is in recent_plays
    after we moved again."""
    c = Faces()
    mine = c.ids("R1 R2 G3 G7 G8")
    theirs = c.ids("W G2 G4 B3 Y4 G6")
    g = rig(hands=[mine, theirs], top=c("R5"))
    log_the_deal(g)
    g.apply(Play(0, (mine[0],)))
    g.apply(Play(1, (theirs[0],), Colour.GREEN))
    g.apply(Play(0, (mine[2],)))
    g.apply(Play(1, (theirs[1],)))
    seen = [p.card for p in track(g.view(0)).recent_plays]
    assert seen == [theirs[0], theirs[1]]
