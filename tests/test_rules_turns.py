"""RULES.md T1-T4 and T7-T9: a turn, on rigged decks."""

from __future__ import annotations

import pytest
from rigging import Faces, drew, of_kind, rig, run, skipped

from game.rules.actions import Accept, Challenge, Draw, Pass, Play, WrongPlay
from game.rules.cards import DECK, Colour
from game.rules.errors import IllegalAction
from game.rules.settings import OFFICIAL
from game.rules.view import Phase

FILL3 = "G1 G2 G3"


def three(c: Faces, mine: str, top: str, **kw):
    """Seat 0 holds ``mine``; seats 1 and 2 hold a few yellow/blue cards."""
    settings = kw.pop("settings", OFFICIAL)
    return rig(settings, hands=[c.ids(mine), c.ids("Y1 Y2 Y3"), c.ids("B1 B2 B3")],
               top=c(top), **kw)


# ---------------------------------------------------------------- T1 matching
@pytest.mark.parametrize("play", ["R9", "B5", "W"])
def test_T1_matches_colour_number_or_is_wild(play):
    c = Faces()
    g = three(c, f"{play} G8", "R5")
    cid = g.hands[0][0]
    colour = Colour.GREEN if play == "W" else None
    assert g.refusal(Play(0, (cid,), colour)) is None
    run(g, Play(0, (cid,), colour))
    assert g.discard[-1] == cid and g.to_act == 1


def test_T1_matches_symbol_across_colours():
    c = Faces()
    g = three(c, "BS G8", "RS")
    run(g, Play(0, (g.hands[0][0],)))
    assert g.colour is Colour.BLUE


def test_T1_matches_named_colour_of_a_wild():
    c = Faces()
    g = three(c, "G8 R5", "W", colour=Colour.GREEN)
    g8, r5 = g.hands[0]
    with pytest.raises(IllegalAction) as e:
        g.apply(Play(0, (r5,)))
    assert e.value.rule == "T1"
    run(g, Play(0, (g8,)))


def test_T1_refuses_unmatched_card():
    c = Faces()
    g = three(c, "G8 B+2 Y7", "R5")
    for cid in g.hands[0]:
        with pytest.raises(IllegalAction) as e:
            g.apply(Play(0, (cid,)))
        assert e.value.rule == "T1"
        assert g.why_not(0, cid).rule == "T1"
    assert not any(isinstance(a, Play) for a in g.legal_actions(0))


def test_T1_wild_draw_four_always_playable():
    c = Faces()
    g = three(c, "W4 R8", "R5")
    assert Play(0, (g.hands[0][0],), Colour.BLUE) in g.legal_actions(0)


# ---------------------------------------------------------------- T2 wd4_rule (judged by T5)
def wd4_challenge(wd4_rule: str, mine: str) -> tuple[int, int]:
    """Seat 0 (holding W4 + ``mine``) plays W4 on red R5; seat 1 challenges.

    Returns (cards seat 0 drew, cards seat 1 drew)."""
    c = Faces()
    g = three(c, f"W4 {mine}", "R5", settings=OFFICIAL.with_(wd4_rule=wd4_rule))
    wd4 = g.hands[0][0]
    assert g.refusal(Play(0, (wd4,), Colour.BLUE)) is None, "WD4 is always playable (bluffing)"
    ev = run(g, Play(0, (wd4,), Colour.BLUE), Challenge(1))
    verdict = of_kind(ev, "challenge")[0]
    assert verdict.value == int(drew(ev, 0) > 0)
    return drew(ev, 0), drew(ev, 1)


@pytest.mark.parametrize("mine,guilty", [
    ("R8 G1", True),  # holds the colour in effect
    ("B5 G1", False),  # only a number match: still innocent under the official rule
    ("W G1", False),  # a Wild is not "a card of the colour in effect"
])
def test_T2_no_matching_colour(mine, guilty):
    assert wd4_challenge("no_matching_colour", mine) == ((4, 0) if guilty else (0, 6))


@pytest.mark.parametrize("mine,guilty", [
    ("R8 G1", True),
    ("B5 G1", True),  # a number match is a playable card
    ("W G1", True),  # engine choice: a Wild is a playable card
    ("G1 Y7", False),
])
def test_T2_no_playable_card(mine, guilty):
    assert wd4_challenge("no_playable_card", mine) == ((4, 0) if guilty else (0, 6))


def test_T2_no_playable_card_other_wd4_does_not_count():
    assert wd4_challenge("no_playable_card", "W4 G1") == (0, 6)


@pytest.mark.parametrize("mine", ["R8 G1", "B5 W"])
def test_T2_free_never_guilty(mine):
    assert wd4_challenge("free", mine) == (0, 6)


# ---------------------------------------------------------------- T3 draw
def test_T3_draw_one_playable_then_play_it():
    c = Faces()
    g = three(c, "R8 G1", "R5", draw_pile=c.ids("R7 Y9"))
    r8, g1 = g.hands[0]
    ev = run(g, Draw(0))
    assert drew(ev, 0, "choice") == 1
    assert g.phase is Phase.KEEP_OR_PLAY and g.to_act == 0
    drawn = g.round.drawn
    assert DECK[drawn].short() == "R7"
    with pytest.raises(IllegalAction) as e:
        g.apply(Play(0, (r8,)))
    assert e.value.rule == "T3", "only the drawn card may be played"
    assert {a for a in g.legal_actions(0) if a.seat == 0} >= {Play(0, (drawn,)), Pass(0)}
    run(g, Play(0, (drawn,)))
    assert g.to_act == 1 and g.discard[-1] == drawn


def test_T3_draw_allowed_while_holding_playable_card():
    c = Faces()
    g = three(c, "R8 G1", "R5", draw_pile=c.ids("Y9"))
    assert Draw(0) in g.legal_actions(0)
    ev = run(g, Draw(0))
    assert drew(ev, 0) == 1 and g.to_act == 1, "unplayable drawn card: the turn passes"


def test_T3_keep_drawn_playable_card():
    c = Faces()
    g = three(c, "G1", "R5", draw_pile=c.ids("R7"))
    run(g, Draw(0))
    ev = run(g, Pass(0))
    assert of_kind(ev, "pass")[0].seat == 0
    assert g.to_act == 1 and len(g.hands[0]) == 2


def test_T3_draw_one_stops_after_one_card():
    c = Faces()
    g = three(c, "G1", "R5", draw_pile=c.ids("Y8 G9 R7"))
    ev = run(g, Draw(0))
    assert drew(ev, 0) == 1 and g.to_act == 1 and g.phase is Phase.PLAY


def test_T3_until_playable_keeps_drawing():
    c = Faces()
    g = three(c, "G1", "R5", draw_pile=c.ids("Y8 G9 R7 R6"),
              settings=OFFICIAL.with_(draw="until_playable"))
    ev = run(g, Draw(0))
    assert drew(ev, 0) == 3
    assert g.phase is Phase.KEEP_OR_PLAY and DECK[g.round.drawn].short() == "R7"
    run(g, Play(0, (g.round.drawn,)))
    assert g.to_act == 1


def test_T3_forced_play_refuses_draw_when_holding_playable():
    c = Faces()
    g = three(c, "R8 G1", "R5", settings=OFFICIAL.with_(forced_play=True))
    assert Draw(0) not in g.legal_actions(0)
    with pytest.raises(IllegalAction) as e:
        g.apply(Draw(0))
    assert e.value.rule == "T3"


def test_T3_forced_play_draw_when_nothing_playable_and_must_play_drawn():
    c = Faces()
    g = three(c, "G1", "R5", draw_pile=c.ids("R7"), settings=OFFICIAL.with_(forced_play=True))
    run(g, Draw(0))
    assert g.phase is Phase.KEEP_OR_PLAY
    assert Pass(0) not in g.legal_actions(0)
    with pytest.raises(IllegalAction) as e:
        g.apply(Pass(0))
    assert e.value.rule == "T3"
    run(g, Play(0, (g.round.drawn,)))


def test_T3_forced_play_off_allows_pass():
    c = Faces()
    g = three(c, "G1", "R5", draw_pile=c.ids("R7"), settings=OFFICIAL.with_(forced_play=False))
    run(g, Draw(0))
    assert Pass(0) in g.legal_actions(0)


# ---------------------------------------------------------------- T4 effects
def test_T4_skip_next_player_loses_turn():
    c = Faces()
    g = three(c, "RS G1", "R5")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert skipped(ev) == [1] and g.to_act == 2


def test_T4_reverse_flips_direction():
    c = Faces()
    g = three(c, "RR G1", "R5")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert g.direction == -1 and of_kind(ev, "direction")[0].value == -1
    assert g.to_act == 2 and not skipped(ev)


def test_T4_reverse_with_two_players_acts_as_skip():
    c = Faces()
    g = rig(hands=[c.ids("RR G1"), c.ids("Y1 Y2")], top=c("R5"))
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert skipped(ev) == [1]
    assert g.to_act == 0, "the player who played it goes again"


def test_T4_draw_two_next_draws_2_and_loses_turn():
    c = Faces()
    g = three(c, "R+2 G1", "R5")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert drew(ev, 1, "penalty") == 2 and skipped(ev) == [1]
    assert len(g.hands[1]) == 5 and g.to_act == 2


def test_T4_wild_names_colour():
    c = Faces()
    g = three(c, "W G1", "R5")
    ev = run(g, Play(0, (g.hands[0][0],), Colour.YELLOW))
    assert g.colour is Colour.YELLOW
    assert of_kind(ev, "colour")[0].colour is Colour.YELLOW
    assert g.to_act == 1


def test_T4_wild_draw_four_next_draws_4_and_loses_turn():
    c = Faces()
    g = three(c, "W4 G1", "R5")
    run(g, Play(0, (g.hands[0][0],), Colour.BLUE))
    assert g.phase is Phase.CHALLENGE and g.to_act == 1 and g.colour is Colour.BLUE
    ev = run(g, Accept(1))
    assert drew(ev, 1, "penalty") == 4 and skipped(ev) == [1]
    assert g.to_act == 2 and g.colour is Colour.BLUE


# ---------------------------------------------------------------- T7 reshuffle
def test_T7_reshuffle_keeps_top_card():
    c = Faces()
    g = three(c, "G1", "R5", leftover="discard")
    top = g.discard[-1]
    under = len(g.discard) - 1
    ev = run(g, Draw(0))
    assert of_kind(ev, "reshuffle")[0].value == under
    assert g.discard == [top]
    assert len(g.draw_pile) == under - 1
    assert drew(ev, 0) == 1


def test_T7_draws_what_there_is():
    c = Faces()
    top = c("R5")
    hands = [c.ids("R+2 G1"), [], c.ids("Y1")]
    hands[1] = [x for x in range(108) if x not in c.used]
    g = rig(hands=hands, top=top)  # after the +2 only R5 lies under the top
    assert not g.draw_pile
    ev = run(g, Play(0, (hands[0][0],)))
    assert drew(ev, 1, "penalty") == 1, "only one card could be drawn"
    assert of_kind(ev, "reshuffle")[0].value == 1
    assert g.to_act == 2


def test_T7_nothing_to_draw_turn_passes():
    c = Faces()
    top = c("R5")
    hands = [c.ids("G1"), [], c.ids("Y1")]
    hands[1] = [x for x in range(108) if x not in c.used]
    g = rig(hands=hands, top=top)
    ev = run(g, Draw(0))
    assert drew(ev, 0) == 0 and g.to_act == 1


# ---------------------------------------------------------------- T8 wrong play
def test_T8_wrong_play_penalty_0_refuses_card():
    c = Faces()
    g = three(c, "G8 R1", "R5")
    assert not any(isinstance(a, WrongPlay) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction) as e:
        g.apply(WrongPlay(0, g.hands[0][0]))
    assert e.value.rule == "T8"
    with pytest.raises(IllegalAction) as e:
        g.apply(Play(0, (g.hands[0][0],)))
    assert e.value.rule == "T1"


def test_T8_wrong_play_penalty_2_costs_two_cards():
    c = Faces()
    g = three(c, "G8 R1", "R5", settings=OFFICIAL.with_(wrong_play_penalty=2))
    g8, r1 = g.hands[0]
    assert WrongPlay(0, g8) in g.legal_actions(0)
    assert WrongPlay(0, r1) not in g.legal_actions(0)
    ev = run(g, WrongPlay(0, g8))
    assert of_kind(ev, "wrong_play")[0].cards == (g8,)
    assert drew(ev, 0, "wrong_play") == 2
    assert g8 in g.hands[0] and len(g.hands[0]) == 4
    assert g.to_act == 1, "engine choice: the turn passes after a wrong play"


def test_T8_wrong_play_of_a_playable_card_refused():
    c = Faces()
    g = three(c, "G8 R1", "R5", settings=OFFICIAL.with_(wrong_play_penalty=2))
    with pytest.raises(IllegalAction) as e:
        g.apply(WrongPlay(0, g.hands[0][1]))
    assert e.value.rule == "T8"


# ---------------------------------------------------------------- T9 last card draws
def test_T9_last_card_draw_two_next_player_draws_and_scores():
    c = Faces()
    g = rig(hands=[c.ids("R+2"), c.ids("Y1 Y2"), c.ids("B3")], top=c("R5"),
            draw_pile=c.ids("G9 G8"))
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert drew(ev, 1, "penalty") == 2
    end = of_kind(ev, "round_end")[0]
    assert end.data["points"] == [0, 1 + 2 + 9 + 8, 3]
    assert g.scores[0] == 1 + 2 + 9 + 8 + 3


def test_T9_last_card_wild_draw_four_next_player_draws_4():
    c = Faces()
    g = rig(hands=[c.ids("W4"), c.ids("Y1"), c.ids("B3")], top=c("R5"),
            draw_pile=c.ids("G9 G8 G7 G6"))
    ev = run(g, Play(0, (g.hands[0][0],), Colour.RED))
    assert drew(ev, 1, "penalty") == 4
    assert g.scores[0] == 1 + 9 + 8 + 7 + 6 + 3
    assert g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert g.refusal(Challenge(1)) is not None
