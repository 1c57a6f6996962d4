"""Hard's choice from its sampled worlds (``hard._pick``): it leaves the
Normal move (candidate 0) only for a gain larger than the search's noise,
counting that every extra candidate is one more chance for noise to win."""

from __future__ import annotations

from game.ai.hard import _futile, _pick


def sweeps(n_moves: int, better: int, worse: int, ties: int, move: int) -> list[list[float]]:
    """Worlds where ``move`` wins and Normal loses (``better``), the other way
    round (``worse``), and both lose (``ties``); every other move always loses."""
    rows = []
    for k in range(better + worse + ties):
        row = [0.0] * n_moves
        if k < better:
            row[move] = 1.0
        elif k < better + worse:
            row[0] = 1.0
        rows.append(row)
    return rows


def test_hard_keeps_normals_move_when_one_of_six_alternatives_leads_within_noise() -> None:
    # 60 worlds for move 3 against 40 for Normal: 2 sigmas for one comparison,
    # but with 6 alternatives noise alone gets that far a quarter of the time
    assert _pick(sweeps(7, better=60, worse=40, ties=300, move=3)) == 0


def test_hard_takes_an_alternative_that_beats_normal_clearly() -> None:
    assert _pick(sweeps(7, better=80, worse=30, ties=290, move=3)) == 3


def test_hard_with_one_alternative_needs_less_evidence() -> None:
    # 1.9 sigmas: enough when it is the only alternative (one-sided 5%)
    assert _pick(sweeps(2, better=59, worse=41, ties=300, move=1)) == 1


def test_hard_stops_searching_when_no_move_is_on_course_to_beat_normals() -> None:
    """After 60 worlds where the best alternative leads Normal's move by 6 to 4
    of the differing worlds, even that pace kept up to 400 worlds stays within
    the switch margin: more worlds cannot change the decision."""
    assert _futile(sweeps(7, better=6, worse=4, ties=50, move=3), cap=400)


def test_hard_keeps_searching_while_a_move_is_on_course_to_beat_normals() -> None:
    """A lead of 16 to 4 after 60 worlds, kept up, would pass the margin by
    400 worlds: the search goes on, and at that pace Hard does switch."""
    assert not _futile(sweeps(7, better=16, worse=4, ties=40, move=3), cap=400)
    assert _pick(sweeps(7, better=16 * 6, worse=4 * 6, ties=40 * 6, move=3)) == 3
