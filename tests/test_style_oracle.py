"""benchmarks/search/style_oracle.py: the exact keepwilds rule it weighs hands by
and plays the opponents' rollouts with is the bot's own, and the belief
sampler takes a likelihood from outside."""

from __future__ import annotations

import random

import pytest
from rigging import Faces

from benchmarks.search import style_oracle
from benchmarks.strength.bots import KeepWilds
from game.ai.belief import deal_hands, seat_likelihood
from game.ai.hard import HardAgent
from game.ai.rollout import World
from game.ai.tracking import COLOUR_INDEX, SeenPlay, track
from game.rules.actions import Play
from game.rules.cards import DECK
from game.rules.engine import Game
from game.rules.settings import preset
from game.rules.view import Phase
from game.sim import play_game

Seen = list[tuple[list[int], int, int, int, int]]  # hand, card, colour, top, named


class Watched(KeepWilds):
    """The keepwilds bot, noting each single-card play with the hand it came from."""

    def __init__(self, seed: int, seen: Seen) -> None:
        super().__init__(seed)
        self.seen = seen

    def choose(self, view, legal):  # type: ignore[no-untyped-def]
        action = super().choose(view, legal)
        if (isinstance(action, Play) and view.phase is Phase.PLAY and len(action.cards) == 1
                and view.colour is not None and view.discard):
            named = COLOUR_INDEX[action.colour] if action.colour is not None else -1
            self.seen.append(([c.id for c in view.hand], action.cards[0],
                              COLOUR_INDEX[view.colour], view.discard[-1].id, named))
        return action


@pytest.fixture(scope="module")
def seen() -> Seen:
    """Every single-card play of the keepwilds bot in six 4-seat Official games."""
    plays: Seen = []
    for seed in range(6):
        play_game([Watched(seed * 10 + s, plays) for s in range(4)], preset("official"), seed)
    return plays


def test_keepwilds_rule_explains_every_play_of_the_bot(seen: Seen) -> None:
    assert len(seen) > 100
    wilds = [s for s in seen if DECK[s[1]].colour is None]
    assert wilds, "the games include wild plays"
    for hand, card, colour, top, named in seen:
        assert style_oracle.keepwilds_fits(hand, card, colour, top, named)


def test_keepwilds_rollout_plays_what_the_bot_plays(seen: Seen) -> None:
    for hand, card, colour, top, _ in seen:
        w = World([hand, [], [], []], [], [], top, colour, 1, (), [0, 1, 2, 3], False)
        i = style_oracle.keepwilds_card(w, 0)
        assert i >= 0
        played, picked = DECK[card], DECK[hand[i]]
        assert (picked.colour, picked.points) == (played.colour, played.points)


def test_oracle_rollouts_play_the_opponents_by_the_keepwilds_rule() -> None:
    """On a red 7 the opponent to move holds R1 and R9: the keepwilds rule
    sheds the R9 every time, where Hard's noisy rollout policy varies."""
    tops: dict[str, set[int | None]] = {"oracle": set(), "hard": set()}
    for seed in range(30):
        for who, agent in (("oracle", style_oracle.KeepWildsOracle(seed, depth=1)),
                           ("hard", HardAgent(seed, depth=1))):
            f = Faces()
            hands = [f.ids("G1 G2 G3"), f.ids("R1 R9 B3 B4 B5"), f.ids("Y1 Y2"), f.ids("Y3 Y4")]
            top = f("R7")
            w = World(hands, f.ids("G5 G6 G7"), [], top, COLOUR_INDEX[DECK[top].colour],  # type: ignore[index]
                      1, (), [0, 1, 2, 3], False)
            agent._playout(w, 1, 0, random.Random(seed))
            tops[who].add(DECK[w.top].number)
    assert tops["oracle"] == {9}
    assert tops["hard"] == {1, 9}


def test_keepwilds_rule_refuses_what_the_bot_would_not_play() -> None:
    red5, red_skip, blue5, green7, wild = Faces().ids("R5 RS B5 G7 W")
    red, green = COLOUR_INDEX[DECK[red5].colour], COLOUR_INDEX[DECK[green7].colour]  # type: ignore[index]
    # on a red 5 it sheds the red Skip (20 points) before the red 5 ...
    assert style_oracle.keepwilds_fits([red5, red_skip], red_skip, red, red5, -1)
    assert not style_oracle.keepwilds_fits([red5, red_skip], red5, red, red5, -1)
    # ... and plays no wild while a coloured card fits
    assert not style_oracle.keepwilds_fits([blue5, wild], wild, red, red5, 0)
    assert style_oracle.keepwilds_fits([green7, wild], wild, red, red5, green)


def test_deal_hands_weighs_hands_by_the_likelihood_it_is_given() -> None:
    g = _game_with_recent_plays()
    view = g.view(0)
    know = track(view)
    assert know.recent_plays
    default = deal_hands(view, know, random.Random(5), 8)
    explicit = deal_hands(view, know, random.Random(5), 8, seat_likelihood)
    assert default == explicit
    calls: list[tuple[int, int]] = []  # (hand size, plays) per proposal weighed

    def counting(hand: list[int], plays: list[SeenPlay]) -> float:
        calls.append((len(hand), len(plays)))
        return 1.0

    deal_hands(view, know, random.Random(5), 8, counting)
    players = {p.seat for p in know.recent_plays}
    assert len(calls) == 8 * len(players)
    assert {n for n, _ in calls} <= {view.hand_sizes[s] for s in players}
    assert {k for _, k in calls} <= {sum(p.seat == s for p in know.recent_plays)
                                     for s in players}


def _game_with_recent_plays() -> Game:
    """A keepwilds game stopped at a turn of seat 0 with others' plays to read."""
    for seed in range(50):
        g = Game.new(preset("official"), 4, seed)
        agents = [KeepWilds(seed * 4 + s) for s in range(4)]
        for _ in range(60):
            seat = g.view(0).to_act
            view = g.view(seat)
            if view.phase is Phase.ROUND_OVER:
                break
            if seat == 0 and view.phase is Phase.PLAY and len(track(view).recent_plays) >= 3:
                return g
            g.apply(agents[seat].choose(view, g.legal_actions(seat)))
    raise AssertionError("no position with recent plays found")
