"""The tutorial's script (#39): the prepared deal, the scripted bots and every
step's action predicate, played at the rules level from start to end."""

from __future__ import annotations

import pytest

from game.ai.base import as_choice
from game.ai.normal import NormalAgent
from game.ai.scripted import ScriptedAgent
from game.rules.actions import Accept, Action, CallUno, Catch, Challenge, Draw, JumpIn, Play
from game.rules.cards import DECK, Colour
from game.rules.engine import Game
from game.rules.events import EventKind
from game.rules.view import Phase
from game.session import tutorial_deal
from game.tutorial import script
from game.tutorial.guide import Guide
from game.tutorial.script import PLAYER, STEPS, card


def bots() -> dict[int, ScriptedAgent]:
    return {1: ScriptedAgent(script.BOT1_MOVES, forget_uno_after=script.FORGETS_UNO_AFTER),
            2: ScriptedAgent(script.BOT2_MOVES, forget_uno_after=script.FORGETS_UNO_AFTER)}


def run_bots(g: Game, agents: dict[int, ScriptedAgent]) -> list[Action]:
    """Let the bots act (out-of-turn offers first, as the controller asks) until
    the player is to act; the actions they took."""
    done: list[Action] = []
    while not g.round_over:
        moved = False
        for seat in g.out_of_turn_seats():
            if seat in agents:
                offer = [a for a in g.legal_actions(seat) if isinstance(a, (CallUno, Catch, JumpIn))]
                got = agents[seat].choose(g.view(seat), offer) if offer else None
                if got is not None:
                    a = as_choice(got).action
                    g.apply(a)
                    done.append(a)
                    moved = True
        if g.to_act in agents:
            got = agents[g.to_act].choose(g.view(g.to_act), g.legal_actions(g.to_act))
            assert got is not None
            a = as_choice(got).action
            g.apply(a)
            done.append(a)
            moved = True
        if not moved:
            return done
    return done


def play_to(step_name: str, challenge: bool = True) -> tuple[Game, dict[int, ScriptedAgent]]:
    """The tutorial's match with every step before ``step_name`` done."""
    g, agents = tutorial_deal(), bots()
    run_bots(g, agents)
    for step in STEPS:
        if step.name == step_name:
            return g, agents
        wanted = [a for a in g.legal_actions(PLAYER) if step.wants(a)]
        pick = wanted[0] if challenge or len(wanted) == 1 else wanted[-1]
        g.apply(pick)
        run_bots(g, agents)
    return g, agents


def test_the_prepared_deal_gives_the_scripted_hands():
    g = tutorial_deal()
    g.check_invariants()
    assert sorted(g.hands[0]) == sorted(script.PLAYER_HAND)
    assert sorted(g.hands[1]) == sorted(script.BOT1_HAND)
    assert sorted(g.hands[2]) == sorted(script.BOT2_HAND)
    assert g.discard == [script.START] and g.to_act == 1  # S5: the dealer's left


@pytest.mark.parametrize("step", STEPS, ids=[s.name for s in STEPS])
def test_each_step_waits_for_exactly_its_action(step):
    """When a step comes, the predicate lets through one legal action of the
    player's (two for the Wild Draw Four: challenge or accept), and nothing else."""
    g, _ = play_to(step.name)
    assert g.to_act == PLAYER
    legal = g.legal_actions(PLAYER)
    wanted = [a for a in legal if step.wants(a)]
    assert len(wanted) == (2 if step.name == "wd4" else 1), (step.name, legal)
    if step.name != "draw":  # (nothing fits there: the rules refuse the cards themselves)
        assert len(legal) > len(wanted)  # something else could be clicked: the gate matters
    guide = Guide(at=STEPS.index(step))
    for a in legal:
        assert (guide.refusal(a) is None) == (a in wanted)
        if a not in wanted:
            assert guide.refusal(a) == step.wanted


def test_step_colour_is_a_colour_match_and_number_a_number_match():
    g, _ = play_to("colour")
    top = DECK[g.discard[-1]]
    red2 = DECK[card("R2")]
    assert red2.colour is top.colour and red2.number != top.number
    g, _ = play_to("number")
    top = DECK[g.discard[-1]]
    green7 = DECK[card("G7")]
    assert green7.number == top.number and green7.colour is not top.colour


def test_step_catch_comes_after_a_bot_forgot_uno():
    g, _ = play_to("catch")
    assert g.uno_exposed == 1 and len(g.hands[1]) == 1
    assert Catch(PLAYER, 1) in g.legal_actions(PLAYER)


def test_step_draw_has_no_card_that_fits():
    g, _ = play_to("draw")
    assert not any(isinstance(a, Play) for a in g.legal_actions(PLAYER))


def test_step_wd4_meets_a_challengeable_bluff():
    g, _ = play_to("wd4")
    assert g.phase is Phase.CHALLENGE and g.penalty is not None
    assert g.penalty.offender == 1 and g.penalty.guilty  # bot 1 held a blue card


@pytest.mark.parametrize("challenge", [True, False])
def test_the_whole_script_then_free_play_to_the_round_end(challenge):
    g, agents = play_to("wd4")
    guide = Guide(at=STEPS.index(STEPS[-1]))
    decision = Challenge(PLAYER) if challenge else Accept(PLAYER)
    assert guide.refusal(decision) is None
    events = g.apply(decision)
    guide.follow(decision, events)
    assert guide.finished and guide.line() == script.FREE_PLAY
    kinds = [e.kind for e in events]
    assert EventKind.CHALLENGE in kinds if challenge else EventKind.CHALLENGE not in kinds
    # the script is over: the bots play on as Normal bots, the player as one too
    normal = {s: ScriptedAgent(a.moves, then=NormalAgent(seed=s)) for s, a in agents.items()}
    me = NormalAgent(seed=9)
    for _ in range(500):
        run_bots(g, normal)  # type: ignore[arg-type]
        if g.round_over:
            break
        got = me.choose(g.view(PLAYER), g.legal_actions(PLAYER))
        assert got is not None
        g.apply(as_choice(got).action)
    assert g.round_over


def test_guide_moves_on_only_for_the_players_wanted_action():
    seen: list[int] = []
    guide = Guide(on_progress=lambda gd: seen.append(gd.at))
    guide.follow(Play(1, (card("R8"),)), [])  # a bot's play: no step
    guide.follow(Play(PLAYER, (card("G7"),)), [])  # not what the step waits for
    assert guide.at == 0 and seen == []
    guide.follow(Play(PLAYER, (card("R2"),)), [])
    assert guide.at == 1 and seen == [1] and guide.last_done == "tutorial.colour.done"


def test_guide_lets_bots_through_and_colours_a_wild_only_as_asked():
    guide = Guide(at=[s.name for s in STEPS].index("wild"))
    assert guide.refusal(Play(2, (card("Y3"),))) is None
    w = card("W")
    assert guide.refusal(Play(PLAYER, (w,), Colour.YELLOW)) is None
    assert guide.refusal(Play(PLAYER, (w,), Colour.RED)) == "tutorial.wild.wanted"
    assert guide.allows_any([Play(PLAYER, (w,), c) for c in Colour])
    assert not guide.allows_any([Play(PLAYER, (card("Y4"),))])
    assert guide.refusal(Draw(PLAYER)) == "tutorial.wild.wanted"


def test_scripted_agent_calls_uno_unless_told_to_forget():
    g, _ = play_to("wild")
    g.apply(Play(PLAYER, (card("W"),), Colour.YELLOW))
    agents = bots()
    remembering = {1: ScriptedAgent(script.BOT1_MOVES), 2: agents[2]}
    run_bots(g, remembering)  # type: ignore[arg-type]
    assert g.uno_exposed == -1 and len(g.hands[1]) == 1  # it called UNO this time


def test_a_bot_that_forgot_uno_leaves_the_table_settled_once_the_others_declined():
    """Ada forgot UNO and the player is on turn: Max is offered the catch once and
    declines; then no bot has anything to do (the table settles, its probe is
    written), where before ``ai_waiting`` stayed true until the player acted."""
    from game.controller import MatchController
    from game.session import tutorial_config

    g, _ = play_to("catch")
    ctl = MatchController(tutorial_config(), g, persist=False, anim_speed="off",
                          agents=bots())
    assert ctl.ai_waiting()  # Max may catch: not asked yet
    for now in (10.0, 20.0, 30.0):
        ctl.poll_ai(now)
    assert g.uno_exposed == 1 and len(g.actions) == len(ctl.game.actions)
    assert not ctl.ai_waiting()
    ctl.close()
