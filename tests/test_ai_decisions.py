"""Normal's decisions in hand-made positions (fixed seeds): the intended move.

Each test names the rule it is about; the positions are rigged with
``tests/rigging.py`` and the agent sees only ``Game.view``.
"""

from __future__ import annotations

import random
from pathlib import Path

from game.ai.base import as_choice
from game.ai.belief import sample_world
from game.ai.easy import EasyAgent
from game.ai.hard import HardAgent
from game.ai.normal import NormalAgent
from game.ai.rollout import choose_card
from game.ai.tracking import track
from game.rules.actions import CallUno, Draw, Play
from game.rules.engine import Game
from game.rules.settings import preset
from tests.rigging import Faces, log_the_deal, rig

SHEET = preset("sheet")


def _decide(agent: EasyAgent | NormalAgent | HardAgent, g: Game, seat: int = 0) -> object:
    view = g.view(seat)
    result = agent.choose(view, g.legal_actions(seat))
    assert result is not None
    return as_choice(result).action


def test_T6_H4_no_false_uno_call_before_a_pair_that_leaves_one_card() -> None:
    """Sheet rules (H4 pairs, a false UNO call costs 2): with three cards, the
    pair that leaves one card is played at once; calling first would be a
    false call (T6 counts the cards held when calling). The UNO call comes
    afterwards, when the seat is exposed."""
    for agent in (NormalAgent(seed=1), HardAgent(seed=1, iterations=20)):
        c = Faces()
        g = rig(SHEET, hands=[c.ids("R5 R5 G7"), c.ids("Y1 Y2 Y3 Y4 Y5"),
                              c.ids("B1 B2 B3 B4 B5"), c.ids("G1 G2 G3 G4 G5")], top=c("R3"))
        assert g.view(0).is_false_uno(CallUno(0))
        act = _decide(agent, g)
        assert isinstance(act, Play) and len(act.cards) == 2, act
        g.apply(act)
        assert g.view(0).uno_exposed == 0
        assert _decide(agent, g) == CallUno(0), "the exposed seat calls before anyone catches"


def test_T6_H4_easy_never_makes_a_false_uno_call_before_a_pair() -> None:
    """Easy forgets UNO on purpose, but never pays for a false call (T6)."""
    c = Faces()
    g = rig(SHEET, hands=[c.ids("R5 R5 G7"), c.ids("Y1 Y2 Y3 Y4 Y5"),
                          c.ids("B1 B2 B3 B4 B5"), c.ids("G1 G2 G3 G4 G5")], top=c("R3"))
    view = g.view(0)
    picks = [_decide(EasyAgent(seed=s), g) for s in range(60)]
    assert not any(view.is_false_uno(a) for a in picks), picks
    assert any(isinstance(a, Play) and len(a.cards) == 2 for a in picks), "the pair is drawn"


def _table(c: Faces, mine: str, sizes: tuple[int, int, int], top: str) -> Game:
    """Seat 0 holds ``mine``; seats 1-3 hold ``sizes`` yellow and green cards
    (unseen by seat 0)."""
    spare = iter(f"{col}{n}" for n in range(1, 10) for col in "YG" for _ in range(2))
    others = [[c(next(spare)) for _ in range(n)] for n in sizes]
    return rig(preset("official"), hands=[c.ids(mine), *others], top=c(top))


def test_T1_normal_spares_a_draw_two_for_the_player_who_threatens() -> None:
    """The next player holds 6 cards, the one after them 2: a Draw Two on the
    next player would be spent on the wrong opponent; Normal follows red with
    a number and keeps the Draw Two."""
    c = Faces()
    g = _table(c, "R+2 R7 B3 G4 Y9", (6, 2, 5), "R5")
    act = _decide(NormalAgent(seed=1), g)
    assert isinstance(act, Play) and g.view(0).card(act.cards[-1]).short() == "R7", act


def test_T1_normal_hits_the_player_who_threatens_even_over_its_longest_colour() -> None:
    """The next player is down to 3 cards and holds the fewest: the Draw Two
    goes on them rather than switching to blue, the colour held most."""
    c = Faces()
    g = _table(c, "R+2 R7 B5 B6 B8", (3, 6, 6), "R5")
    act = _decide(NormalAgent(seed=1), g)
    assert isinstance(act, Play) and g.view(0).card(act.cards[-1]).short() == "R+2", act


def test_T1_hard_rollouts_spare_the_draw_two_as_normal_does() -> None:
    """Hard's rollout policy plays like Normal: the same two positions."""
    for mine, sizes, want in (("R+2 R7 B3 G4 Y9", (6, 2, 5), "R7"),
                              ("R+2 R7 B5 B6 B8", (3, 6, 6), "R+2")):
        c = Faces()
        g = _table(c, mine, sizes, "R5")
        view = g.view(0)
        world = sample_world(view, track(view), random.Random(1))
        pick = world.hands[0][choose_card(world, 0, random.Random(1), noise=0.0)]
        assert view.card(pick).short() == want, (mine, view.card(pick).short())



def test_T2_docs_say_what_the_code_does_about_bluffing() -> None:
    """docs/BOT_STRENGTH.md says Normal and Hard bluff a Wild Draw Four only onto an
    opponent down to one card; test_ai_levels checks it in play, here in a
    position where the bluff is on offer next to the move they make."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "BOT_STRENGTH.md").read_text("utf-8")
    docs = " ".join(text.split())
    assert "**It bluffs a Wild Draw Four only onto an opponent down to one card**" in docs
    assert "Like Normal it bluffs a Wild Draw Four only onto an opponent down to one card" in docs
    c = Faces()
    g = _table(c, "W4 R7 B4", (6, 5, 5), "R5")  # red held: the W4 breaks T2
    view = g.view(0)
    assert any(view.is_bluff(a) for a in g.legal_actions(0))
    for agent in (NormalAgent(seed=1), HardAgent(seed=1, iterations=20)):
        assert not view.is_bluff(_decide(agent, g))


def test_T2_T5_normal_and_hard_bluff_a_wild_draw_four_onto_a_player_with_one_card() -> None:
    """The next player is down to one card and we hold red, so the Wild Draw
    Four breaks T2: unless they challenge, it stops them going out; a red 7
    lets them win on any red or 7. Measured: bluffing here wins more games
    against players who challenge (3 x Normal) and players who never do (3 x
    keepwilds). The hint says it is a bluff."""
    c = Faces()
    g = _table(c, "W4 R7 B4", (1, 5, 5), "R5")
    view = g.view(0)
    for agent in (NormalAgent(seed=1), HardAgent(seed=1, iterations=20)):
        result = agent.choose(view, g.legal_actions(0))
        assert result is not None
        choice = as_choice(result)
        assert view.is_bluff(choice.action), choice.action
        assert "hint.bluff" in [r.key for r in choice.reasons]


def test_T1_normal_keeps_the_card_whose_number_turns_up_more_often() -> None:
    """Red is in effect and Normal holds two red numbers. Five of the eight 3s
    are in the discard pile, so only two are still out (in other hands or the
    draw pile) against seven 9s: a 9 is far likelier to be the top card some
    later turn, when our colour is gone. Normal plays the 3 and keeps the 9
    (it used to shed the 9 for its points)."""
    c = Faces()
    others = [c.ids("Y6 Y7 Y8 G6 G7"), c.ids("Y6 Y7 Y8 G6 G7"), c.ids("Y1 Y2 G1 G2 B1")]
    g = rig(preset("official"), hands=[c.ids("R9 R3 B7 G2"), *others], top=c("R5"),
            under=c.ids("B3 B3 Y3 G3 Y3"))
    act = _decide(NormalAgent(seed=1), g)
    assert isinstance(act, Play) and g.view(0).card(act.cards[-1]).short() == "R3", act


def test_T1_T3_normal_keeps_play_in_a_colour_the_next_player_lacks_at_any_hand_size() -> None:
    """Heads-up: the opponent drew on blue instead of playing, so all seven of
    their cards are known not to be blue (T1/T3). Normal holds two reds and
    one blue: it keeps play in blue, which forces another draw, rather than
    switch to red, the colour it holds most (it used to look for a lacking
    colour only once the next player was down to 3 cards)."""
    c = Faces()
    mine = c.ids("B5 R5 R7 B9 G1 G2")
    g = rig(preset("official"), hands=[mine, c.ids("Y1 Y2 Y3 G4 G6 G7")], top=c("B3"),
            draw_pile=[c("Y8")])
    log_the_deal(g)
    g.apply(Play(0, (mine[0],)))
    g.apply(Draw(1))  # seat 1 cannot follow blue: it draws the yellow 8, which does not fit
    assert g.to_act == 0
    view = g.view(0)
    assert track(view).void_colours(1, view.hand_sizes[1]) == [view.colour]
    act = _decide(NormalAgent(seed=1), g)
    assert isinstance(act, Play) and view.card(act.cards[-1]).short() == "B9", act
