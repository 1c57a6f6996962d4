"""RULES.md R1-R6: round end, scoring modes, elimination, teams, two players."""

from __future__ import annotations

import pytest
from rigging import Faces, drew, of_kind, rig, run, skipped

from game.rules.actions import Draw, NextRound, Pass, Play
from game.rules.errors import IllegalAction
from game.rules.settings import OFFICIAL
from game.rules.view import Phase

# Hand points (D2): seat 1 = 9 + 20 = 29, seat 2 = 50 + 3 = 53, seat 3 = 1 + 2 = 3
OTHERS = ["R9 YS", "W B3", "G1 G2"]


def going_out(settings=OFFICIAL, seats=4, scores=None, last="R3"):
    """Seat 0 holds one card (``last``) on a red R5 and is about to go out."""
    c = Faces()
    hands = [c.ids(last)] + [c.ids(h) for h in OTHERS[: seats - 1]]
    kw = {} if scores is None else {"scores": scores}
    g = rig(settings, hands=hands, top=c("R5"), **kw)
    return g


# ---------------------------------------------------------------- R1
def test_R1_round_ends_when_a_player_has_no_cards():
    g = going_out()
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.ROUND_OVER and g.round_over and not g.is_over
    end = of_kind(ev, "round_end")[0]
    assert end.seat == 0 and g.winner == 0
    assert g.to_act == 0 and g.legal_actions(0) == [NextRound(0)]
    with pytest.raises(IllegalAction):
        g.apply(Draw(1))


def test_R1_next_round_keeps_totals_and_counts_rounds():
    g = going_out()
    run(g, Play(0, (g.hands[0][0],)))
    totals = list(g.scores)
    ev = run(g, NextRound(0))
    assert g.round_no == 2 and of_kind(ev, "round_start")[0].value == 2
    assert g.scores == totals
    assert all(len(h) >= 7 for h in g.hands)
    assert g.phase in (Phase.PLAY, Phase.CHOOSE_COLOUR)


# ---------------------------------------------------------------- R2 winner takes
def test_R2_winner_takes_everyone_elses_points():
    g = going_out()
    ev = run(g, Play(0, (g.hands[0][0],)))
    end = of_kind(ev, "round_end")[0]
    assert end.data["points"] == [0, 29, 53, 3]
    assert end.data["gained"] == [85, 0, 0, 0]
    assert g.scores == [85, 0, 0, 0] and g.round_points == [[85, 0, 0, 0]]


def test_R2_target_score_500_ends_match():
    g = going_out(scores=[420, 100, 0, 0])
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert g.is_over and g.to_act == -1
    end = of_kind(ev, "match_end")[0]
    assert end.seat == 0 and end.data["totals"] == [505, 100, 0, 0]
    for seat in range(4):
        assert g.legal_actions(seat) == []
    with pytest.raises(IllegalAction) as e:
        g.apply(NextRound(0))
    assert e.value.rule == "R2"


def test_R2_below_target_match_goes_on():
    g = going_out(scores=[400, 0, 0, 0])
    run(g, Play(0, (g.hands[0][0],)))
    assert g.phase is Phase.ROUND_OVER and g.scores[0] == 485


@pytest.mark.parametrize("target,over", [(300, True), (500, False)])
def test_R2_target_score_setting(target, over):
    g = going_out(OFFICIAL.with_(target_score=target), scores=[250, 0, 0, 0])
    run(g, Play(0, (g.hands[0][0],)))
    assert g.is_over is over


# ---------------------------------------------------------------- R3 penalty points
def test_R3_penalty_points_each_adds_own_cards():
    g = going_out(OFFICIAL.with_(scoring="penalty_points"))
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert of_kind(ev, "round_end")[0].data["gained"] == [0, 29, 53, 3]
    assert g.scores == [0, 29, 53, 3]
    assert g.phase is Phase.ROUND_OVER


def test_R3_match_ends_at_target_and_lowest_total_wins():
    g = going_out(OFFICIAL.with_(scoring="penalty_points"), scores=[100, 50, 460, 80])
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert g.scores == [100, 79, 513, 83]
    assert g.is_over
    end = of_kind(ev, "match_end")[0]
    assert end.seat == 1, "the lowest total wins, not the round winner"
    assert end.data["ranking"] == [1, 3, 0, 2]


# ---------------------------------------------------------------- R4 elimination
def test_R4_elimination_round_continues_and_ranks_by_going_out():
    c = Faces()
    s = OFFICIAL.with_(scoring="elimination")
    g = rig(s, hands=[c.ids("R3"), c.ids("R4 Y9"), c.ids("R6 B7"), c.ids("R7 G8")],
            top=c("R5"))
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert [(e.seat, e.value) for e in of_kind(ev, "out")] == [(0, 1)]
    assert g.phase is Phase.PLAY and g.to_act == 1 and g.out == [0]
    assert not g.legal_actions(0), "a seat that went out has nothing to do"
    run(g, Play(1, (g.hands[1][0],)), Play(2, (g.hands[2][0],)), Play(3, (g.hands[3][0],)))
    assert g.to_act == 1, "play skips the seat that went out"
    assert g.out == [0]


def test_R4_elimination_order_and_match_end():
    c = Faces()
    s = OFFICIAL.with_(scoring="elimination")
    g = rig(s, hands=[c.ids("R3"), c.ids("R4 R9"), c.ids("R6"), c.ids("G7 G8")],
            top=c("R5"))
    run(g, Play(0, (g.hands[0][0],)))  # seat 0 out first
    run(g, Play(1, (g.hands[1][0],)))  # R4: seat 1 keeps R9
    ev = run(g, Play(2, (g.hands[2][0],)))  # seat 2 out second
    assert [e.seat for e in of_kind(ev, "out")] == [2]
    assert g.to_act == 3
    run(g, Draw(3))
    if g.phase is Phase.KEEP_OR_PLAY:
        run(g, Pass(3))
    assert g.to_act == 1
    ev = run(g, Play(1, (g.hands[1][0],)))  # R9 on R6: seat 1 out third, seat 3 last
    assert [(e.seat, e.value) for e in of_kind(ev, "out")] == [(1, 3), (3, 4)]
    assert g.out == [0, 2, 1, 3]
    assert g.is_over
    end = of_kind(ev, "match_end")[0]
    assert end.seat == 0 and end.data["ranking"] == [0, 2, 1, 3]
    assert of_kind(ev, "round_end")[0].data["gained"] == [3, 1, 2, 0]


def test_R4_elimination_skip_as_last_card_skips_next_active():
    c = Faces()
    s = OFFICIAL.with_(scoring="elimination")
    g = rig(s, hands=[c.ids("RS"), c.ids("R4 R9"), c.ids("R6 G1"), c.ids("G7 G8")],
            top=c("R5"))
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert skipped(ev) == [1] and g.to_act == 2


def test_R4_elimination_draw_two_as_last_card():
    c = Faces()
    s = OFFICIAL.with_(scoring="elimination")
    g = rig(s, hands=[c.ids("R+2"), c.ids("R4 R9"), c.ids("R6 G1"), c.ids("G7 G8")],
            top=c("R5"))
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert drew(ev, 1, "penalty") == 2 and skipped(ev) == [1] and g.to_act == 2


# ---------------------------------------------------------------- R5 teams
def test_R5_teams_sit_alternately():
    c = Faces()
    s = OFFICIAL.with_(teams=True)
    g = rig(s, hands=[c.ids(h) for h in ("R3", "R9 YS", "W B3", "G1 G2")], top=c("R5"))
    assert g.teams == (0, 1, 0, 1)
    assert g.view(2).teams == (0, 1, 0, 1)
    c6 = Faces()
    g6 = rig(s, hands=[c6.ids(f"G{k} B{k}") for k in range(1, 7)], top=c6("R5"))
    assert g6.teams == (0, 1, 2, 0, 1, 2)


def test_R5_team_scores_opposing_cards_only():
    g = going_out(OFFICIAL.with_(teams=True))
    ev = run(g, Play(0, (g.hands[0][0],)))
    # Opponents are seats 1 and 3 (29 + 3); partner seat 2's 53 points do not count.
    assert of_kind(ev, "round_end")[0].data["gained"] == [32, 0, 32, 0]
    assert g.scores == [32, 0, 32, 0]


def test_R5_team_match_end_names_both_partners():
    g = going_out(OFFICIAL.with_(teams=True), scores=[480, 0, 480, 0])
    ev = run(g, Play(0, (g.hands[0][0],)))
    end = of_kind(ev, "match_end")[0]
    assert sorted(end.data["winners"]) == [0, 2]


def test_R5_teams_off_scores_individually():
    g = going_out(OFFICIAL.with_(teams=False))
    run(g, Play(0, (g.hands[0][0],)))
    assert g.scores == [85, 0, 0, 0] and g.teams == ()


# ---------------------------------------------------------------- R6 two players
def two(top="R5", mine="RR G1"):
    c = Faces()
    return rig(hands=[c.ids(mine), c.ids("Y1 Y2")], top=c(top))


def test_R6_two_players_reverse_acts_as_skip():
    g = two(mine="RR G1")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert skipped(ev) == [1] and g.to_act == 0


def test_R6_two_players_skip_goes_again():
    g = two(mine="RS G1")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert skipped(ev) == [1] and g.to_act == 0


def test_R6_two_players_draw_two_goes_again():
    g = two(mine="R+2 G1")
    ev = run(g, Play(0, (g.hands[0][0],)))
    assert drew(ev, 1) == 2 and g.to_act == 0
