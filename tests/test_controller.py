"""MatchController: human actions, AI pacing, UNO catch fairness, hints, autoplay."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from rigging import Faces, rig  # noqa: E402
from table_helpers import config  # noqa: E402

from game.ai.base import Reason  # noqa: E402
from game.controller import CATCH_DELAY, MatchController  # noqa: E402
from game.rules.actions import CallUno, Catch, Draw, Play, WrongPlay  # noqa: E402
from game.rules.cards import Colour  # noqa: E402
from game.rules.errors import IllegalAction  # noqa: E402
from game.rules.settings import OFFICIAL, SHEET_HOUSE_RULES  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_GAME_HOME", str(tmp_path))


def ctl_for(n=4, humans=1, seed=1, speed="off", settings=OFFICIAL,
            level="random") -> MatchController:
    return MatchController(config(n, humans, seed, settings, level=level), anim_speed=speed,
                           persist=False)


def run_to_human(ctl: MatchController, limit: int = 2000) -> None:
    now = 0.0
    for _ in range(limit):
        if ctl.human_to_act() >= 0:
            return
        now += 10
        ctl.poll_ai(now)
    raise AssertionError("the human never got a turn")


def test_initial_events_are_queued_and_first_human_turn_comes():
    ctl = ctl_for()
    first = ctl.take_events()
    assert any(e.kind == "deal" for e in first)
    assert ctl.take_events() == []
    run_to_human(ctl)
    assert ctl.game.to_act == 0
    assert ctl.legal(0)


def test_illegal_human_action_changes_nothing():
    ctl = ctl_for(seed=3)
    run_to_human(ctl)
    view = ctl.view(0)
    bad = next((c.id for c in view.hand if ctl.why_not(0, c.id) is not None), None)
    if bad is None:
        pytest.skip("every card playable in this deal")
    before = ctl.game.to_dict()
    result = ctl.human_act(Play(0, (bad,)))
    assert isinstance(result, IllegalAction)
    assert result.rule and result.key.startswith("refusal.")
    assert ctl.game.to_dict() == before
    # An AI seat's action through human_act is refused too.
    assert isinstance(ctl.human_act(Draw(1)), IllegalAction)
    assert ctl.game.to_dict() == before


def test_ai_waits_for_animations_and_pacing():
    ctl = ctl_for(n=3, humans=0, speed="normal")
    ctl.take_events()
    assert ctl.poll_ai(100.0, animations_idle=False) == []
    first = ctl.poll_ai(100.0)
    assert first
    assert ctl.poll_ai(100.0 + ctl.delay() / 2) == []  # too soon
    assert ctl.poll_ai(100.0 + ctl.delay() + 0.01)


def _random_legal(ctl: MatchController, seat: int, rng: random.Random, avoid=(CallUno,)):
    legal = [a for a in ctl.legal(seat) if not isinstance(a, (WrongPlay, *avoid))]
    return rng.choice(legal) if legal else None


def drive_until(ctl: MatchController, pred, seed: int = 0, limit: int = 5000) -> bool:
    """Play every seat at random (nobody calls UNO) until ``pred(ctl)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if pred(ctl):
            return True
        g = ctl.game
        if g.is_over:
            return False
        if g.round_over:
            ctl.next_round()
            continue
        action = _random_legal(ctl, g.to_act, rng, avoid=(CallUno, Catch))
        if action is None:
            return False
        ctl.apply(action)
    return False


def test_bots_do_not_snipe_a_human_who_can_still_call_uno():
    for seed in range(1, 40):
        ctl = ctl_for(n=3, seed=seed, speed="normal")
        if drive_until(ctl, lambda c: c.view(-1).uno_exposed == 0, seed):
            break
    else:
        pytest.skip("no seed exposed the human")
    ctl.take_events()
    t0 = 50.0
    ctl.poll_ai(t0)  # exposure noticed now
    window = CATCH_DELAY["normal"]
    for dt in (0.1, 0.5, window - 0.2):
        events = ctl.poll_ai(t0 + dt)
        assert not any(e.kind == "caught" for e in events)
    # The human calls in time: never caught.
    assert ctl.human_act(CallUno(0)) and any(e.kind == "uno" for e in ctl.take_events())
    assert ctl.view(-1).uno_exposed == -1


def test_bots_catch_a_human_after_the_reaction_delay():
    for seed in range(1, 40):
        ctl = ctl_for(n=3, seed=seed, speed="fast", level="normal")
        if drive_until(ctl, lambda c: c.view(-1).uno_exposed == 0, seed):
            break
    else:
        pytest.skip("no seed exposed the human")
    ctl.take_events()
    ctl.poll_ai(10.0)
    caught = []
    now = 10.0
    while now < 10.0 + 5 and not caught:
        now += 0.1
        caught = [e for e in ctl.poll_ai(now) if e.kind == "caught"]
    assert caught and caught[0].target == 0
    assert now - 10.0 >= CATCH_DELAY["fast"] - 1e-6


def test_hint_is_a_legal_action_with_a_reason_field():
    ctl = ctl_for(seed=5)
    run_to_human(ctl)
    choice = ctl.hint_choice(0)
    assert choice is not None
    assert ctl.game.refusal(choice.action) is None
    assert choice.reasons and all(isinstance(r, Reason) for r in choice.reasons)


@pytest.mark.parametrize("settings", [OFFICIAL.with_(target_score=50),
                                      SHEET_HOUSE_RULES.with_(target_score=50)])
def test_autoplay_match_to_the_end_with_hooks(settings):
    ctl = MatchController(config(4, 0, 11, settings), anim_speed="off", persist=False)
    seen: list[str] = []
    ctl.on_applied.append(lambda action, events: seen.extend(e.kind for e in events))
    now = 0.0
    for _ in range(20000):
        if ctl.game.is_over:
            break
        if ctl.game.round_over:
            ctl.next_round()
        now += 0.01
        ctl.poll_ai(now)
    assert ctl.game.is_over
    assert "round_end" in seen and "match_end" in seen
    ctl.game.check_invariants()


def test_persistence_hooks_write_autosave_and_stats(tmp_path):
    ctl = MatchController(config(3, 1, 2), anim_speed="off", persist=True)
    assert len(ctl.on_applied) == 2
    run_to_human(ctl)
    from game.storage import saves

    assert ctl.flush_saves()
    assert saves.autosave_path().exists()
    # Autosaved after every completed action: the save is exactly the current state.
    assert saves.load_match(saves.autosave_path()).game.to_dict() == ctl.game.to_dict()
    n = len(ctl.game.actions)
    ctl.apply(ctl.legal(ctl.human_to_act())[0])
    assert ctl.flush_saves()
    loaded = saves.load_match(saves.autosave_path()).game
    assert len(loaded.actions) == n + 1 and loaded.to_dict() == ctl.game.to_dict()


def test_out_of_turn_offer_is_asked_once_and_may_be_declined():
    """Bots decide their own UNO calls and catches (Easy forgets); a declined
    offer is not asked again in the same situation."""
    ctl = ctl_for(n=3, seed=2, speed="off", level="easy")
    asked = []

    class Spy:
        def choose(self, view, legal):
            asked.append(tuple(legal))
            return None

    for seat in list(ctl.agents):
        ctl.agents[seat] = Spy()
    g = ctl.game
    now = 0.0
    for _ in range(400):
        if g.is_over or g.round_over or ctl.human_to_act() >= 0:
            break
        before = len(asked)
        others = [s for s in g.out_of_turn_seats() if s in ctl.agents]
        if others:
            for seat in others:
                assert ctl._out_of_turn(seat, now + 100) is None
                assert ctl._out_of_turn(seat, now + 100) is None  # asked once only
            assert len(asked) - before <= len(others)
        legal = ctl.legal(g.to_act)
        ctl.apply(legal[0])
        now += 1


def _play_out(ctl: MatchController, limit: int = 200000) -> list:
    events = list(ctl.take_events())
    now = 0.0
    for _ in range(limit):
        if ctl.is_over:
            return events
        if ctl.round_over:
            ctl.next_round()
        now += 10
        ctl.poll_ai(now)
        events += ctl.take_events()
    raise AssertionError("the match never ended")


@pytest.mark.parametrize("settings", [OFFICIAL.with_(target_score=400),
                                      SHEET_HOUSE_RULES.with_(target_score=1000),
                                      OFFICIAL.with_(scoring="penalty_points", target_score=400)])
def test_match_numbers_agree_with_the_events(settings):
    ctl = MatchController(config(4, 0, 7, settings), anim_speed="off", persist=False)
    events = _play_out(ctl)
    numbers = ctl.match_numbers()
    played = [0] * 4
    for e in events:
        if e.kind == "play":
            played[e.seat] += len(e.cards)
    assert numbers.cards_played == tuple(played)
    ends = [e.result for e in events if e.kind == "round_end"]
    assert numbers.rounds == len(ends) > 1
    best = max(ends, key=lambda r: sum(r.points))
    assert numbers.best_round == best.round
    assert numbers.best_seat == best.winner
    assert numbers.best_points == sum(best.points)


def test_match_numbers_of_a_match_before_its_first_round_end():
    ctl = ctl_for()
    numbers = ctl.match_numbers()
    assert numbers.rounds == 0 and numbers.best_round == 0 and numbers.best_seat == -1
    assert numbers.cards_played == (0, 0, 0, 0)


def test_match_numbers_of_a_resumed_match_count_the_rounds_before_it():
    from game.rules.engine import Game

    ctl = MatchController(config(3, 0, 11, OFFICIAL.with_(target_score=400)), anim_speed="off",
                          persist=False)
    _play_out(ctl)
    resumed = MatchController(ctl.config, Game.from_dict(ctl.game.to_dict()), persist=False)
    assert resumed.match_numbers() == ctl.match_numbers()


def test_the_controller_forwards_the_two_why_not_doors():
    """Game.refusal (an action) and Game.why_not (a card), forwarded; ``explain``
    is ``why_not`` for a card the table found unplayable. No Play is made up to ask."""
    c = Faces()
    g = rig(OFFICIAL, hands=[c.ids("W G9"), c.ids("Y1 Y2"), c.ids("B1 B2")], top=c("R5"))
    ctl = MatchController(config(3, 3), game=g, anim_speed="off", persist=False)
    wild, g9 = g.hands[0]
    assert ctl.why_not(0, g9).rule == ctl.explain(0, g9).rule == "T1"
    assert ctl.refusal(Play(0, (g9,))).key == g.refusal(Play(0, (g9,))).key == "refusal.t1_no_match"
    assert ctl.refusal(Play(0, (wild,), Colour.RED)) is None
    assert ctl.why_not(0, wild) is None, "a wild is playable: no colour needed to ask"
    assert (ctl.explain(1, g.hands[1][0]).rule, ctl.why_not(1, g.hands[1][0]).rule) == ("turn",) * 2
