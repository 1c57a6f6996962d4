"""Every AI level makes a legal, explained decision at every decision point
of every rule setting (official, sheet preset, random valid combinations),
2 to 10 seats; and the levels behave as documented (UNO calls, catches)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

from game import i18n
from game.ai.base import Agent, Choice
from game.ai.easy import EasyAgent
from game.ai.hard import HardAgent
from game.ai.normal import NormalAgent
from game.ai.registry import level_names, make_agent
from game.config import AI_LEVELS
from game.rules.actions import Action, CallUno, Play
from game.rules.engine import Game
from game.rules.errors import SettingsConflict
from game.rules.settings import CHOICES, OFFICIAL, SHEET_HOUSE_RULES, RuleSettings, check_seats
from game.rules.view import Phase, PlayerView
from game.ui.hint_text import reason_text

CJK = re.compile(r"[\u4e00-\u9fff]")


def random_settings(rng: random.Random, seats: int) -> RuleSettings:
    while True:
        data: dict[str, object] = {name: rng.choice(opts) for name, opts in CHOICES.items()}
        for name in ("forced_play", "teams", "skip_relay", "multi_play", "pair_on_plus4",
                     "deflect", "no_action_finish"):
            data[name] = rng.random() < 0.4
        data["challenge_guilty_draw"] = rng.choice((4, 6))
        data["false_uno_penalty"] = rng.choice((0, 2))
        data["wrong_play_penalty"] = rng.choice((0, 0, 2))
        data["target_score"] = rng.choice((50, 100))
        try:
            s = RuleSettings(**data)  # type: ignore[arg-type]
            check_seats(s, seats)
            return s
        except SettingsConflict:
            continue


def make(level: str, seed: int) -> Agent:
    """A level as registered; Hard with a fixed work budget (no clock)."""
    if level == "hard":
        return HardAgent(seed, iterations=3)
    return make_agent(level, seed)


def check_choice(result: Action | Choice | None, legal: list[Action], own_turn: bool) -> Action | None:
    if result is None:
        assert not own_turn, "declined a decision on its own turn"
        return None
    assert isinstance(result, Choice), "levels explain their choices"
    assert result.reasons and all(i18n.has_key(r.key) for r in result.reasons), result.reasons
    assert result.action in legal, f"{result.action} not in {legal}"
    return result.action


def drive(g: Game, agents: list[Agent], max_steps: int = 3000, rounds: int = 2) -> int:
    """Play with the out-of-turn protocol; check each decision; return steps."""
    steps = 0
    played_rounds = 0
    while not g.is_over and steps < max_steps:
        if g.round_over:
            played_rounds += 1
            if played_rounds >= rounds:
                break
        acted = True
        while acted and not g.round_over and not g.is_over:
            acted = False
            seats = g.out_of_turn_seats()
            seats.sort(key=lambda s: s != g.uno_exposed)
            for s in seats:
                legal = g.legal_actions(s)
                a = check_choice(agents[s].choose(g.view(s), legal), legal, False)
                if a is not None:
                    g.apply(a)
                    steps += 1
                    acted = True
                    break
        if g.is_over:
            break
        s = g.to_act
        legal = g.legal_actions(s)
        a = check_choice(agents[s].choose(g.view(s), legal), legal, True)
        assert a is not None
        g.apply(a)
        steps += 1
    return steps


def test_levels_are_registered() -> None:
    names = level_names()
    for level in ("random", *AI_LEVELS):
        assert level in names
        agent = make_agent(level, seed=1, think_ms=50)
        assert callable(agent.choose)


@pytest.mark.parametrize("which", ["official", "sheet", "random"])
def test_every_level_legal_in_every_setting(which: str) -> None:
    rng = random.Random({"official": 1, "sheet": 2, "random": 3}[which])
    games = 8 if which == "random" else 6
    for i in range(games):
        seats = rng.randint(2, 10)
        if which == "official":
            settings = OFFICIAL
        elif which == "sheet":
            settings = SHEET_HOUSE_RULES
        else:
            settings = random_settings(rng, seats)
        try:
            check_seats(settings, seats)
        except SettingsConflict:
            seats = 4
        g = Game.new(settings, seats, seed=1000 + i)
        agents = [make(AI_LEVELS[(s + i) % len(AI_LEVELS)], i * 10 + s) for s in range(seats)]
        drive(g, agents, max_steps=1500)
        g.check_invariants()


class Spy:
    """Wraps an agent and records the phases it decides in."""

    def __init__(self, agent: Agent, phases: set[Phase]) -> None:
        self.agent = agent
        self.phases = phases

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action | Choice | None:
        if view.to_act == view.seat:
            self.phases.add(view.phase)
        return self.agent.choose(view, legal)


def test_every_phase_is_reached_and_answered() -> None:
    """Across random house-rule games the levels meet every decision kind."""
    rng = random.Random(7)
    phases: set[Phase] = set()
    for i in range(16):
        seats = rng.randint(2, 6)
        settings = random_settings(rng, seats)
        g = Game.new(settings, seats, seed=i)
        agents: list[Agent] = [Spy(make(AI_LEVELS[s % len(AI_LEVELS)], s), phases)
                               for s in range(seats)]
        drive(g, agents, max_steps=800)
    assert {Phase.PLAY, Phase.KEEP_OR_PLAY, Phase.CHALLENGE, Phase.PENALTY,
            Phase.SKIP_RELAY, Phase.ROUND_OVER} <= phases


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_calls_uno_before_second_to_last_card(level: str) -> None:
    """Normal and Hard always call UNO: they are never exposed to a catch."""
    seen = 0
    for seed in range(12):
        g = Game.new(OFFICIAL, 3, seed)
        agents = [make(level, seed), NormalAgent(1), NormalAgent(2)]
        steps = 0
        while not g.round_over and not g.is_over and steps < 2000:
            s = g.to_act
            legal = g.legal_actions(s)
            res = agents[s].choose(g.view(s), legal)
            assert res is not None
            a = res.action if isinstance(res, Choice) else res
            g.apply(a)
            steps += 1
            if s == 0 and isinstance(a, Play) and len(g.hands[0]) == 1:
                seen += 1
                assert g.uno_exposed != 0, "played the second-to-last card without UNO"
    assert seen > 0


def test_normal_catches_and_easy_often_forgets() -> None:
    g = Game.new(OFFICIAL, 3, 5)
    # find a moment where someone is exposed by letting Easy play with FORGET forced
    easy = EasyAgent(3)
    forgot = 0
    called = 0
    for seed in range(300):
        g = Game.new(OFFICIAL, 2, seed)
        while not g.round_over and not g.is_over:
            s = g.to_act
            legal = g.legal_actions(s)
            v = g.view(s)
            if CallUno(s) in legal and len(v.hand) == 2:
                res = easy.choose(v, legal)
                a = res.action if isinstance(res, Choice) else res
                assert a is not None
                if isinstance(a, CallUno):
                    called += 1
                elif isinstance(a, Play) and len(a.cards) == 1:
                    forgot += 1
                g.apply(a)
                if g.uno_exposed >= 0:
                    catcher = 1 - g.uno_exposed
                    legal_c = g.legal_actions(catcher)
                    res = NormalAgent(0).choose(g.view(catcher), legal_c)
                    assert res is not None and not isinstance(res, Action)
                    assert type(res.action).__name__ == "Catch"
                break
            res = NormalAgent(s).choose(v, legal)
            assert res is not None
            g.apply(res.action if isinstance(res, Choice) else res)
    assert forgot > 0 and called > forgot * 0.8


def test_hard_search_is_bounded_by_its_worlds() -> None:
    """Hard's budget is work: no search samples more than ``worlds`` worlds, so a
    decision's cost does not depend on the machine (its time on this machine
    against the think budget: benchmarks/search/hard_think.py)."""
    agent = HardAgent(1, think_ms=10 ** 6, worlds=60)  # a cap no search reaches
    g = Game.new(OFFICIAL, 4, 3)
    others = [NormalAgent(s) for s in range(4)]
    worlds: list[int] = []
    steps = 0
    while not g.round_over and not g.is_over and steps < 400:
        s = g.to_act
        res = (agent if s == 0 else others[s]).choose(g.view(s), g.legal_actions(s))
        if s == 0 and agent.last_iterations:
            worlds.append(agent.last_iterations)
            assert not agent.last_capped
        assert res is not None
        g.apply(res.action if isinstance(res, Choice) else res)
        steps += 1
    assert worlds and max(worlds) <= 60


def test_hints_read_well() -> None:
    g = Game.new(OFFICIAL, 4, 11)
    s = g.to_act
    for agent in (EasyAgent(1), NormalAgent(1), HardAgent(1, iterations=5)):
        res = agent.choose(g.view(s), g.legal_actions(s))
        assert isinstance(res, Choice)
        en, zh = reason_text(res, "en"), reason_text(res, "zh")
        assert en and len(en.split(". ")) == 1 and CJK.search(zh), (en, zh)


def test_example_bot_loads_and_plays() -> None:
    bot = make_agent("game.ai.example_bot:MyBot", seed=3)
    g = Game.new(OFFICIAL, 4, 2)
    agents: list[Agent] = [bot, NormalAgent(1), EasyAgent(2), NormalAgent(3)]
    steps = 0
    while not g.round_over and not g.is_over and steps < 2000:
        for s in g.out_of_turn_seats():
            legal = g.legal_actions(s)
            res = agents[s].choose(g.view(s), legal)
            if res is not None:
                a = res.action if isinstance(res, Choice) else res
                assert a in legal
                g.apply(a)
                break
        else:
            s = g.to_act
            legal = g.legal_actions(s)
            res = agents[s].choose(g.view(s), legal)
            assert res is not None
            a = res.action if isinstance(res, Choice) else res
            assert a in legal
            g.apply(a)
        steps += 1
    assert g.round_over or g.is_over


@pytest.mark.parametrize("rules", ["no_matching_colour", "no_playable_card"])
def test_T2_normal_and_hard_bluff_only_onto_a_player_with_one_card(rules: str) -> None:
    """docs/BOT_STRENGTH.md: Normal and Hard play a Wild Draw Four a challenge would
    catch only onto an opponent down to one card."""
    from game.ai.hard import HardAgent
    from game.ai.normal import victim_after

    settings = OFFICIAL.with_(wd4_rule=rules)
    offered = 0
    for seed in range(60):
        g = Game.new(settings, 4, seed)
        agents = [NormalAgent(seed), HardAgent(seed, iterations=4), NormalAgent(seed + 1),
                  NormalAgent(seed + 2)]
        steps = 0
        while not g.round_over and steps < 400:
            s = g.to_act
            legal = g.legal_actions(s)
            view = g.view(s)
            offered += any(view.is_bluff(a) for a in legal)
            res = agents[s].choose(view, legal)
            assert res is not None
            act = res.action if isinstance(res, Choice) else res
            if view.is_bluff(act):
                assert view.hand_sizes[victim_after(view, act)] == 1, (seed, steps, act)
            g.apply(act)
            steps += 1
    assert offered > 20
