"""D3 (Mattel's current 112-card deck), T10 (Wild Shuffle Hands), T11 (Wild
Customizable) and the house effects the host picks for it (H8-H10)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rigging import Faces, drew, of_kind, rig, run, skipped

from game.rules.actions import CallUno, Catch, Play
from game.rules.cards import DECK, Colour, Kind
from game.rules.engine import Game
from game.rules.errors import IllegalAction
from game.rules.resample import redeal_hidden
from game.rules.settings import OFFICIAL, RuleSettings
from game.rules.verdicts import shuffle_counts
from game.rules.view import Phase

DECK112 = OFFICIAL.with_(deck="official")
SAME = DECK112.with_(shuffle_deal="same_counts")


def effect(name: str) -> RuleSettings:
    return DECK112.with_(custom_wild=name)


def _all_cards(g: Game) -> list[int]:
    return sorted(g.draw_pile + g.discard + [c for h in g.hands for c in h])


# ------------------------------------------------------------------ T10
def test_T10_shuffle_hands_deals_evenly_from_the_left_and_names_a_colour():
    c = Faces()
    mine = c.ids("WS R1 R2 R3 R4 R5")  # 5 left after the card
    hands = [mine, c.ids("B1"), c.ids("Y1 Y2"), c.ids("G1 G2 G3")]  # 11 cards in all
    g = rig(DECK112, hands=hands, top=c("R9"))
    before = Counter(c for h in g.hands for c in h if c != mine[0])
    events = run(g, Play(0, (mine[0],), Colour.GREEN))
    assert g.colour is Colour.GREEN and g.discard[-1] == mine[0]
    # 11 cards round 4 players from seat 1: 3, 3, 3, 2 (seat 0, the dealer, last)
    assert [len(h) for h in g.hands] == [2, 3, 3, 3]
    assert Counter(c for h in g.hands for c in h) == before  # every card kept
    (shuffle,) = of_kind(events, "shuffle_hands")
    assert shuffle.seat == 0 and shuffle.value == 11 and shuffle.cards == ()
    assert g.phase is Phase.PLAY and g.to_act == 1
    assert _all_cards(g) == list(range(112))


def test_T10_deal_starts_left_whatever_the_direction():
    c = Faces()
    mine = c.ids("WS R1")
    hands = [mine, c.ids("B1"), c.ids("Y1")]  # 3 cards after the play round 3 players
    g = rig(DECK112, hands=hands, top=c("R9"), direction=-1)
    run(g, Play(0, (mine[0],), Colour.RED))
    assert [len(h) for h in g.hands] == [1, 1, 1]
    assert g.to_act == 2  # play runs on counter-clockwise
    assert shuffle_counts("evenly", [1, 2, 0], {0: 1, 1: 1, 2: 2}) == {1: 2, 2: 1, 0: 1}


def test_T10_evenly_a_last_card_deals_its_player_back_in():
    c = Faces()
    ws = c("WS")
    g = rig(DECK112, hands=[[ws], c.ids("B1 B2 B3"), c.ids("Y1 Y2 Y3")], top=c("R9"))
    run(g, Play(0, (ws,), Colour.BLUE))
    assert g.phase is Phase.PLAY and not g.round_over
    assert [len(h) for h in g.hands] == [2, 2, 2]


def test_T10_evenly_fewer_cards_than_players_the_player_goes_out():
    c = Faces()
    ws = c("WS")
    g = rig(DECK112, hands=[[ws], c.ids("B1"), c.ids("Y1")], top=c("R9"))
    run(g, Play(0, (ws,), Colour.BLUE))
    assert g.round_over and g.winner == 0
    assert [len(h) for h in g.hands] == [0, 1, 1]


def test_T10_same_counts_everyone_keeps_their_count_and_a_last_card_goes_out():
    c = Faces()
    mine = c.ids("WS R1 R2")
    g = rig(SAME, hands=[mine, c.ids("B1"), c.ids("Y1 Y2 Y3 Y4")], top=c("R9"))
    run(g, Play(0, (mine[0],), Colour.RED))
    assert [len(h) for h in g.hands] == [2, 1, 4]
    c2 = Faces()
    ws = c2("WS")
    g = rig(SAME, hands=[[ws], c2.ids("B1 B2"), c2.ids("Y1")], top=c2("R9"))
    run(g, Play(0, (ws,), Colour.RED))
    assert g.round_over and g.winner == 0
    assert g.state.round_points[-1][0] == sum(DECK[x].points for h in g.hands for x in h)


def test_T10_nobody_can_be_caught_for_uno_after_the_deal():
    c = Faces()
    mine = c.ids("WS R1")  # one card left after the play, no UNO called
    g = rig(SAME, hands=[mine, c.ids("B1 B2"), c.ids("Y1 Y2")], top=c("R9"))
    run(g, Play(0, (mine[0],), Colour.RED))
    assert g.uno_exposed == -1
    assert not any(isinstance(a, Catch) for s in range(3) for a in g.legal_actions(s))
    with pytest.raises(IllegalAction) as exc:
        g.apply(Catch(1, 0))
    assert exc.value.rule == "T6"


def test_T10_an_uno_called_ahead_lapses():
    c = Faces()
    mine = c.ids("WS R1")
    g = rig(SAME, hands=[mine, c.ids("B1 B2"), c.ids("Y1 Y2")], top=c("R9"))
    run(g, CallUno(0), Play(0, (mine[0],), Colour.RED))
    assert g.round.uno_declared == -1


def test_T10_needs_a_colour_like_any_wild():
    c = Faces()
    mine = c.ids("WS R1")
    g = rig(DECK112, hands=[mine, c.ids("B1")], top=c("R9"))
    with pytest.raises(IllegalAction) as exc:
        g.apply(Play(0, (mine[0],)))
    assert exc.value.rule == "T4"
    assert Play(0, (mine[0],), Colour.YELLOW) in g.legal_actions(0)


def test_T10_the_shuffle_comes_from_the_match_generator_and_replays():
    c = Faces()
    mine = c.ids("WS R1 R2 R3")
    hands = [mine, c.ids("B1 B2 B3"), c.ids("Y1 Y2 Y3 Y4")]
    top = c("R9")
    outcomes = []
    for global_seed in (1, 2):
        random.seed(global_seed)  # the global generator plays no part
        g = rig(DECK112, hands=[list(h) for h in hands], top=top, seed=5)
        run(g, Play(0, (mine[0],), Colour.RED))
        outcomes.append(g.hands)
    assert outcomes[0] == outcomes[1]
    g = _game_after(DECK112, "shuffle_hands")
    again = Game.replay(g.settings, g.n, g.seed, g.actions)
    assert again.to_dict() == g.to_dict()


def test_T10_each_seat_sees_only_its_own_new_hand():
    c = Faces()
    mine = c.ids("WS R1 R2 R3")
    g = rig(DECK112, hands=[mine, c.ids("B1 B2 B3"), c.ids("Y1 Y2 Y3 Y4")], top=c("R9"))
    run(g, Play(0, (mine[0],), Colour.RED))
    for seat in range(3):
        v = g.view(seat)
        assert [x.id for x in v.hand] == g.hands[seat]
        others = {x for s in range(3) if s != seat for x in g.hands[s]}
        shown = {x for e in v.log for x in e.cards}
        assert not (others & shown - set(g.discard))
        assert v.hand_sizes == tuple(len(h) for h in g.hands)


def test_T10_resampling_after_a_shuffle_keeps_the_view():
    g = _game_after(DECK112, "shuffle_hands")
    seat = g.to_act
    before = g.view(seat)
    for i in range(5):
        other = redeal_hidden(g, seat, random.Random(i))
        after = other.view(seat)
        assert after.hand == before.hand and after.hand_sizes == before.hand_sizes
        assert list(after.log) == list(before.log)


def _game_after(settings: RuleSettings, kind: str) -> Game:
    """A real match (random legal play) just after an event of ``kind``."""
    for seed in range(300):
        rng = random.Random(seed)
        g = Game.new(settings, 3 + seed % 3, seed)
        for _ in range(3000):
            if g.is_over:
                break
            seat = g.to_act if g.to_act >= 0 else 0
            events = g.apply(rng.choice(g.legal_actions(seat)))
            if any(e.kind == kind for e in events) and not g.round_over and not g.is_over:
                return g
    raise AssertionError(f"no {kind} in 300 seeded matches")


# ------------------------------------------------------------------ T11, H8-H10
def test_T11_plain_wild_by_default():
    c = Faces()
    mine = c.ids("WC R1")
    g = rig(DECK112, hands=[mine, c.ids("B1 B2"), c.ids("Y1")], top=c("R9"))
    events = run(g, Play(0, (mine[0],), Colour.YELLOW))
    assert g.colour is Colour.YELLOW and g.to_act == 1 and not drew(events, 1)


def test_H8_wild_draw_two_the_next_player_draws_two_and_is_skipped():
    c = Faces()
    mine = c.ids("WC R1")
    g = rig(effect("draw_two"), hands=[mine, c.ids("B1 B2"), c.ids("Y1")], top=c("R9"))
    events = run(g, Play(0, (mine[0],), Colour.GREEN))
    assert drew(events, 1, "penalty") == 2 and skipped(events) == [1]
    assert g.to_act == 2 and g.colour is Colour.GREEN


def test_H8_a_draw_two_may_be_stacked_on_it_under_H1():
    c = Faces()
    mine = c.ids("WC R1")
    answer = c("B+2")
    g = rig(effect("draw_two").with_(stack_rule="same_kind"),
            hands=[mine, [answer, c("B1")], c.ids("Y1")], top=c("R9"))
    run(g, Play(0, (mine[0],), Colour.GREEN))
    assert g.phase is Phase.PENALTY and g.to_act == 1
    events = run(g, Play(1, (answer,)))  # seat 2 holds no Draw Two: it takes the 4
    assert drew(events, 2, "penalty") == 4 and skipped(events) == [2]


def test_H8_as_the_last_card_the_next_player_still_draws():
    c = Faces()
    wc = c("WC")
    g = rig(effect("draw_two"), hands=[[wc], c.ids("B1 B2"), c.ids("Y1")], top=c("R9"))
    events = run(g, Play(0, (wc,), Colour.GREEN))
    assert g.round_over and g.winner == 0 and drew(events, 1, "penalty") == 2


def test_H9_everyone_passes_their_hand_on():
    c = Faces()
    hands = [c.ids("WC R1"), c.ids("B1 B2"), c.ids("Y1 Y2 Y3")]
    g = rig(effect("pass_hands"), hands=[list(h) for h in hands], top=c("R9"))
    events = run(g, Play(0, (hands[0][0],), Colour.RED))
    assert g.hands[1] == [hands[0][1]] and g.hands[2] == hands[1] and g.hands[0] == hands[2]
    assert of_kind(events, "rotate") and g.to_act == 1


def test_H9_as_the_last_card_it_goes_out():
    c = Faces()
    wc = c("WC")
    g = rig(effect("pass_hands"), hands=[[wc], c.ids("B1 B2"), c.ids("Y1")], top=c("R9"))
    run(g, Play(0, (wc,), Colour.RED))
    assert g.round_over and g.winner == 0


def test_H10_the_next_player_draws_one_and_is_skipped():
    c = Faces()
    mine = c.ids("WC R1")
    g = rig(effect("skip_draw_one"), hands=[mine, c.ids("B1 B2"), c.ids("Y1")], top=c("R9"))
    events = run(g, Play(0, (mine[0],), Colour.RED))
    assert drew(events, 1, "penalty") == 1 and skipped(events) == [1] and g.to_act == 2


def test_H10_with_H4_one_card_drawn_per_card_played():
    c = Faces()
    mine = c.ids("WC WC R1")
    g = rig(effect("skip_draw_one").with_(multi_play=True),
            hands=[mine, c.ids("B1 B2"), c.ids("Y1")], top=c("R9"))
    events = run(g, Play(0, (mine[0], mine[1]), Colour.RED))
    assert drew(events, 1, "penalty") == 2 and skipped(events) == [1]


def test_H6_no_action_finish_covers_the_new_wilds():
    for face in ("WS", "WC"):
        c = Faces()
        card = c(face)
        g = rig(DECK112.with_(no_action_finish=True), hands=[[card], c.ids("B1")],
                top=c("R9"))
        with pytest.raises(IllegalAction) as exc:
            g.apply(Play(0, (card,), Colour.RED))
        assert exc.value.rule == "H6"


# ------------------------------------------------------------------ D3 as a whole
@pytest.mark.parametrize("custom", ["wild", "draw_two", "pass_hands", "skip_draw_one"])
@pytest.mark.parametrize("deal", ["evenly", "same_counts"])
def test_D3_random_matches_keep_every_card_and_accept_only_legal_actions(custom, deal):
    settings = DECK112.with_(custom_wild=custom, shuffle_deal=deal)
    played: Counter[Kind] = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        g = Game.new(settings, 2 + seed % 6, seed)
        for _ in range(2500):
            if g.is_over:
                break
            seat = g.to_act
            legal = g.legal_actions(seat)
            action = rng.choice(legal)
            for e in g.apply(action):
                if e.kind == "play":
                    played[DECK[e.cards[-1]].kind] += 1
            g.check_invariants()
            assert _all_cards(g) == list(range(112))
    assert played[Kind.WILD_SHUFFLE_HANDS] and played[Kind.WILD_CUSTOMIZABLE]


def test_D3_the_classic_deck_never_deals_the_new_cards():
    for seed in range(10):
        g = Game.new(OFFICIAL, 4, seed)
        assert max(_all_cards(g)) == 107
