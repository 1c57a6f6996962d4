"""RULES.md D1-D2 (deck) and S1-S5 (setup), on real deals and rigged decks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from rigging import Faces, of_kind, rig, run

from game.rules.actions import ChooseColour, Draw, NextRound, Pass, Play
from game.rules.cards import COLOURS, DECK, Colour, Kind, deck_size
from game.rules.engine import Game
from game.rules.errors import IllegalAction, SettingsConflict
from game.rules.events import Event, EventKind
from game.rules.settings import OFFICIAL, RuleSettings, check_seats
from game.rules.view import Phase

SEEDS = range(300)


def start_card(g: Game) -> Event:
    return of_kind(g.initial_events, "start_card")[0]


def find_game(settings: RuleSettings, n: int, want: Callable[[Game], bool],
              seeds: range = range(3000)) -> Game:
    for seed in seeds:
        g = Game.new(settings, n, seed)
        if want(g):
            return g
    raise AssertionError("no seed gives that deal")


def first_kind_is(kind: Kind) -> Callable[[Game], bool]:
    return lambda g: DECK[start_card(g).cards[0]].kind is kind


# ---------------------------------------------------------------- D: deck
def test_D1_composition_108_cards():
    classic = DECK[:deck_size("classic")]
    assert len(classic) == 108
    assert [c.id for c in classic] == list(range(108))
    for colour in COLOURS:
        mine = [c for c in classic if c.colour is colour]
        assert len(mine) == 25
        numbers = Counter(c.number for c in mine if c.kind is Kind.NUMBER)
        assert numbers == Counter({0: 1, **{n: 2 for n in range(1, 10)}})
        kinds = Counter(c.kind for c in mine if c.kind is not Kind.NUMBER)
        assert kinds == {Kind.SKIP: 2, Kind.REVERSE: 2, Kind.DRAW_TWO: 2}
    assert sum(c.kind is Kind.WILD and c.colour is None for c in classic) == 4
    assert sum(c.kind is Kind.WILD_DRAW_FOUR and c.colour is None for c in classic) == 4
    assert Counter(c.kind for c in classic) == Counter(c.kind for c in classic
                                                       if c.kind not in D3_KINDS)


D3_KINDS = (Kind.WILD_SHUFFLE_HANDS, Kind.WILD_CUSTOMIZABLE)


def test_D3_official_deck_adds_one_shuffle_hands_and_three_customizable():
    assert deck_size("official") == len(DECK) == 112
    assert [c.id for c in DECK] == list(range(112))
    extra = DECK[108:]
    assert Counter(c.kind for c in extra) == {Kind.WILD_SHUFFLE_HANDS: 1,
                                              Kind.WILD_CUSTOMIZABLE: 3}
    assert all(c.is_wild and c.points == 50 for c in extra)  # D2
    assert [c.short() for c in extra] == ["WS", "WC", "WC", "WC"]


def test_D3_every_new_game_holds_each_card_of_its_deck_once():
    for deck, size in (("classic", 108), ("official", 112)):
        for seed in range(20):
            g = Game.new(OFFICIAL.with_(deck=deck), 2 + seed % 9, seed)
            g.check_invariants()
            everything = g.draw_pile + g.discard + [c for h in g.hands for c in h]
            assert sorted(everything) == list(range(size))


def test_D3_start_card_new_wilds_are_put_back():
    """S4/D3: a Wild Shuffle Hands or Wild Customizable turned first goes back."""
    seen = set()
    for seed in range(400):
        g = Game.new(OFFICIAL.with_(deck="official"), 4, seed)
        returned = [DECK[e.cards[0]].kind for e in g.initial_events
                    if e.kind is EventKind.START_CARD_RETURN]
        seen.update(returned)
        assert DECK[start_card(g).cards[0]].kind not in D3_KINDS
    assert set(D3_KINDS) <= seen


def test_D1_every_new_game_holds_each_card_once():
    for seed in range(20):
        g = Game.new(OFFICIAL, 4, seed)
        g.check_invariants()
        everything = g.draw_pile + g.discard + [c for h in g.hands for c in h]
        assert sorted(everything) == list(range(108))


def test_D2_points_per_card():
    for c in DECK:
        if c.kind is Kind.NUMBER:
            assert c.points == c.number
        elif c.kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO):
            assert c.points == 20
        else:
            assert c.points == 50
    assert sum(c.points for c in DECK[:108]) == 4 * (90 + 120) + 8 * 50
    assert sum(c.points for c in DECK) == 4 * (90 + 120) + 12 * 50  # D3


def test_D2_points_used_by_round_scoring():
    c = Faces()
    loser = c.ids("R9 G0 BS YR G+2 W W4")  # 9 + 0 + 20*3 + 50*2 = 169
    g = rig(hands=[c.ids("R3"), loser], top=c("R5"))
    ev = run(g, Play(0, (g.hands[0][0],)))
    end = of_kind(ev, "round_end")[0]
    assert end.data["points"] == [0, 169]
    assert g.scores == [169, 0]


# ---------------------------------------------------------------- S: setup
@pytest.mark.parametrize("n", [2, 3, 10])
def test_S1_two_to_ten_players(n):
    check_seats(OFFICIAL, n)
    g = Game.new(OFFICIAL, n, 1)
    assert len(g.hands) == n


@pytest.mark.parametrize("n", [0, 1, 11])
def test_S1_refuses_other_seat_counts(n):
    with pytest.raises(SettingsConflict) as e:
        check_seats(OFFICIAL, n)
    assert e.value.rules == ("S1",)
    with pytest.raises(SettingsConflict):
        Game.new(OFFICIAL, n, 1)


def dealer_rounds(g: Game, n: int) -> list[dict[int, int]]:
    """Split the dealer_draw events into draw rounds, following S2's procedure."""
    draws = of_kind(g.initial_events, "dealer_draw")
    rounds: list[dict[int, int]] = []
    candidates = list(range(n))
    i = 0
    while i < len(draws):
        rnd = {}
        for seat in candidates:
            assert draws[i].seat == seat
            rnd[seat] = draws[i].cards[0]
            i += 1
        rounds.append(rnd)
        nums = {s: DECK[cid].number for s, cid in rnd.items()}
        valid = [v for v in nums.values() if v is not None]
        if valid:
            best = max(valid)
            candidates = [s for s in candidates if nums[s] == best]
        if valid and len(candidates) == 1:
            break
    assert i == len(draws), "draws after the dealer was found"
    return rounds


@pytest.mark.parametrize("n", [2, 4, 7])
def test_S2_dealer_draws_highest_number(n):
    redraws = 0
    for seed in SEEDS:
        g = Game.new(OFFICIAL, n, seed)
        dealer = of_kind(g.initial_events, "dealer")[0].seat
        assert g.dealer == dealer
        rounds = dealer_rounds(g, n)
        redraws += len(rounds) > 1
        last = rounds[-1]
        mine = DECK[last[dealer]]
        assert mine.kind is Kind.NUMBER
        for seat, cid in last.items():
            if seat != dealer:
                other = DECK[cid].number
                assert other is None or other < mine.number
        # Everyone in an earlier round either tied for the best number or drew no number.
        for rnd in rounds[:-1]:
            nums = [DECK[cid].number for cid in rnd.values()]
            valid = [x for x in nums if x is not None]
            assert not valid or valid.count(max(valid)) > 1
    assert redraws > 0, "ties and action cards do force redraws"


def test_S2_later_rounds_the_winner_deals():
    c = Faces()
    g = rig(hands=[c.ids("G1 G2"), c.ids("B1 B2"), c.ids("R3"), c.ids("Y1 Y2")],
            top=c("R5"), to_act=2, dealer=1)
    run(g, Play(2, (g.hands[2][0],)))
    assert g.phase is Phase.ROUND_OVER and g.to_act == 2
    with pytest.raises(IllegalAction):
        g.apply(NextRound(0))
    ev = run(g, NextRound(2))
    assert g.dealer == 2
    assert of_kind(ev, "round_start")[0].seat == 2
    assert not of_kind(ev, "dealer_draw"), "no new dealer draw after round 1"
    deals = of_kind(ev, "deal")
    assert deals[0].seat == 3


@pytest.mark.parametrize("n", [2, 4, 10])
def test_S3_seven_cards_one_at_a_time_from_dealers_left(n):
    for seed in range(10):
        g = Game.new(OFFICIAL, n, seed)
        deals = of_kind(g.initial_events, "deal")
        assert len(deals) == 7 * n
        assert all(len(e.cards) == 1 for e in deals)
        order = [(g.dealer + 1 + i) % n for i in range(n)] * 7
        assert [e.seat for e in deals] == order
        for seat in range(n):
            got = [e.cards[0] for e in deals if e.seat == seat]
            dealt_then_drawn = g.hands[seat][:7]
            assert got == dealt_then_drawn


def test_S4_turns_start_card_onto_discard():
    g = Game.new(OFFICIAL, 4, 3)
    ev = start_card(g)
    assert g.discard[-1] == ev.cards[0]
    assert len(g.discard) == 1


def test_S4_wild_draw_four_returned_and_reflipped():
    g = find_game(OFFICIAL, 4, lambda g: any(
        DECK[e.cards[0]].kind is Kind.WILD_DRAW_FOUR
        for e in of_kind(g.initial_events, "start_card_return")))
    returned = of_kind(g.initial_events, "start_card_return")
    assert all(DECK[e.cards[0]].kind is Kind.WILD_DRAW_FOUR for e in returned)
    kinds = [e.kind for e in g.initial_events]
    i = kinds.index("start_card_return")
    assert kinds[i + 1] == "shuffle"
    assert DECK[g.discard[-1]].kind is not Kind.WILD_DRAW_FOUR
    assert returned[0].cards[0] not in g.discard
    g.check_invariants()


def test_S4_official_never_starts_on_wild_draw_four():
    for seed in SEEDS:
        g = Game.new(OFFICIAL, 3, seed)
        assert DECK[g.discard[-1]].kind is not Kind.WILD_DRAW_FOUR
        assert len(g.discard) == 1


def test_S4_skip_first_player_is_skipped():
    g = find_game(OFFICIAL, 4, first_kind_is(Kind.SKIP))
    first = (g.dealer + 1) % 4
    assert [e.seat for e in of_kind(g.initial_events, "skip")] == [first]
    assert g.to_act == (g.dealer + 2) % 4
    assert g.phase is Phase.PLAY


def test_S4_reverse_dealer_first_counter_clockwise():
    g = find_game(OFFICIAL, 4, first_kind_is(Kind.REVERSE))
    assert g.to_act == g.dealer
    assert g.direction == -1
    assert of_kind(g.initial_events, "direction")[0].value == -1
    # The dealer draws and keeps: the turn passes to the dealer's right.
    run(g, Draw(g.dealer))
    if g.phase is Phase.KEEP_OR_PLAY:
        run(g, Pass(g.dealer))
    assert g.to_act == (g.dealer - 1) % 4


def test_S4_reverse_then_play_goes_to_dealers_right():
    c = Faces()
    # The same situation rigged: Reverse turned, dealer 0 to act, counter-clockwise.
    g = rig(hands=[c.ids("R5 R6"), c.ids("G1 G2"), c.ids("G3 G4"), c.ids("G5 G6")],
            top=c("RR"), to_act=0, dealer=0, direction=-1)
    run(g, Play(0, (g.hands[0][0],)))
    assert g.to_act == 3


def test_S4_draw_two_first_player_draws_2_and_is_skipped():
    g = find_game(OFFICIAL, 4, first_kind_is(Kind.DRAW_TWO))
    first = (g.dealer + 1) % 4
    draws = of_kind(g.initial_events, "draw")
    assert [(e.seat, len(e.cards)) for e in draws] == [(first, 2)]
    assert len(g.hands[first]) == 9
    assert [e.seat for e in of_kind(g.initial_events, "skip")] == [first]
    assert g.to_act == (g.dealer + 2) % 4


def test_S4_wild_first_player_chooses_colour():
    g = find_game(OFFICIAL, 4, first_kind_is(Kind.WILD))
    first = (g.dealer + 1) % 4
    assert g.phase is Phase.CHOOSE_COLOUR and g.to_act == first
    assert g.legal_actions(first) == [ChooseColour(first, col) for col in COLOURS]
    with pytest.raises(IllegalAction):
        g.apply(Draw(first))
    ev = run(g, ChooseColour(first, Colour.GREEN))
    assert g.colour is Colour.GREEN
    assert of_kind(ev, "colour")[0].colour is Colour.GREEN
    assert g.phase is Phase.PLAY and g.to_act == first, "the chooser then plays first"


def test_S4_number_start_left_of_dealer_plays():
    g = find_game(OFFICIAL, 4, first_kind_is(Kind.NUMBER))
    assert g.to_act == (g.dealer + 1) % 4 and g.direction == 1
    assert g.colour is DECK[g.discard[-1]].colour


def test_S4_reflip_actions_starts_on_a_number():
    s = OFFICIAL.with_(start_card="reflip_actions")
    returned = 0
    for seed in SEEDS:
        g = Game.new(s, 4, seed)
        assert DECK[g.discard[-1]].kind is Kind.NUMBER
        assert len(g.discard) == 1
        back = of_kind(g.initial_events, "start_card_return")
        returned += len(back)
        assert all(DECK[e.cards[0]].kind is not Kind.NUMBER for e in back)
        assert g.phase is Phase.PLAY and g.to_act == (g.dealer + 1) % 4
    assert returned > 0


def test_S4_official_start_card_keeps_action_cards():
    seen = {DECK[start_card(Game.new(OFFICIAL, 4, seed)).cards[0]].kind for seed in SEEDS}
    assert {Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO, Kind.WILD} <= seen


def test_S4_colour_only_first_play_follows_colour_not_number():
    s = OFFICIAL.with_(start_match="colour_only")
    g = Game.new(s, 3, 5)
    assert g.round.first_colour_only or g.phase is not Phase.PLAY
    c = Faces()
    g = rig(s, hands=[c.ids("B5 R2 G9"), c.ids("G2 G3"), c.ids("Y1 Y4")], top=c("R5"),
            first_colour_only=True)
    b5, r2, _ = g.hands[0]
    with pytest.raises(IllegalAction) as e:
        g.apply(Play(0, (b5,)))
    assert e.value.rule == "S4"
    assert Play(0, (b5,)) not in g.legal_actions(0)
    run(g, Play(0, (r2,)))
    # Only the first play: now the number counts again.
    run(g, Play(1, (g.hands[1][0],)))
    assert DECK[g.discard[-1]].short() == "G2"


def test_S4_colour_only_allows_a_wild():
    s = OFFICIAL.with_(start_match="colour_only")
    c = Faces()
    g = rig(s, hands=[c.ids("W B5"), c.ids("G2 G3")], top=c("R5"), first_colour_only=True)
    run(g, Play(0, (g.hands[0][0],), Colour.BLUE))
    assert g.colour is Colour.BLUE


def test_S4_full_match_first_play_may_match_number():
    c = Faces()
    g = rig(hands=[c.ids("B5 G9"), c.ids("G2 G3")], top=c("R5"))
    run(g, Play(0, (g.hands[0][0],)))
    assert g.colour is Colour.BLUE
    g2 = Game.new(OFFICIAL, 3, 5)
    assert not g2.round.first_colour_only


def test_S5_left_of_dealer_plays_first_clockwise():
    for seed in range(40):
        g = Game.new(OFFICIAL.with_(start_card="reflip_actions"), 5, seed)
        assert g.to_act == (g.dealer + 1) % 5
        assert g.direction == 1


def test_S5_count_off_counts_turned_number_from_dealer():
    s = OFFICIAL.with_(start_card="reflip_actions", first_player="count_off")
    for seed in range(60):
        g = Game.new(s, 4, seed)
        number = DECK[g.discard[-1]].number
        assert g.to_act == (g.dealer + number) % 4


def test_S4_colour_only_lasts_until_the_first_card_is_played():
    # Engine choice (RULES.md says "only the first play"): if the first player draws
    # and keeps, the next player still faces the turned card and must follow its colour.
    s = OFFICIAL.with_(start_match="colour_only")
    c = Faces()
    g = rig(s, hands=[c.ids("G1 G2"), c.ids("B5 R6"), c.ids("Y1 Y2")], top=c("R5"),
            draw_pile=c.ids("Y9"), first_colour_only=True)
    run(g, Draw(0))
    assert g.to_act == 1
    assert g.why_not(1, g.hands[1][0]).rule == "S4"
    run(g, Play(1, (g.hands[1][1],)))
    assert not g.round.first_colour_only
