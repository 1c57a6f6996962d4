"""Journey: a whole round between two humans at one screen: a player down to one
card without calling UNO is caught, later UNO is called in time, and the round
ends on the scoreboard. The deal and every move are planned on the rules engine
(seeds.shortest_round); each move is made with the mouse."""

from __future__ import annotations

from typing import Any

from game.rules.actions import Accept, Action, CallUno, Catch, Draw, Pass, Play
from game.rules.cards import DECK
from journeys.driver import Game, did, state
from journeys.seeds import shortest_round


def bar_key(action: Action) -> str:
    if isinstance(action, Catch):
        return f"catch{action.target}"
    return {CallUno: "uno", Accept: "accept", Pass: "pass"}.get(type(action), "")


def ready(action: Action, p: dict[str, Any]) -> bool:
    """The screen belongs to the action's seat and offers the action."""
    t = p.get("table")
    if p["scene"] != "TableScene" or t is None or t["viewer"] != action.seat:
        return False
    if isinstance(action, Play):
        return any(c["id"] == action.cards[0] and c["legal"] for c in t["hand"])
    if isinstance(action, Draw):
        return "draw" in t["bar"]
    return bar_key(action) in t["bar"]


def test_round_with_uno_catch_and_scoreboard(game: Game) -> None:
    seed, plan = shortest_round()
    game.start("--players", "human,human", "--seed", str(seed), "--lang", "en",
               "--size", "1280x800")
    for n, action in enumerate(plan):
        while True:  # lift the curtains on the way (Enter) until the seat holds the screen
            p = game.wait(lambda q, a=action: q["scene"] == "CurtainScene" or ready(a, q),
                          f"move {n}: {action}")
            if ready(action, p):
                break
            game.key("Return")
        t = p["table"]
        done = len(game.autosave()["actions"]) if game.autosave_exists() else 0
        if isinstance(action, Play):
            game.click(next(c["rect"] for c in t["hand"] if c["id"] == action.cards[0]))
            if action.colour is not None:
                p = game.wait(lambda q: bool(q["table"]["picker"]), "the colour picker")
                game.click(next(r for c, r in p["table"]["picker"]
                                if c == action.colour.value))
        elif isinstance(action, Draw):
            game.click(t["draw_pile"])
        else:
            game.click(t["bar"][bar_key(action)])
        want = {"kind": action.kind, "seat": action.seat}
        if isinstance(action, Play):
            want["cards"] = list(action.cards)
        game.wait_autosave(lambda d, k=done, w=want: did(d, k, **w), f"move {n}: {action}")
        if isinstance(action, Catch):
            game.shot("caught")
        elif isinstance(action, CallUno):
            game.shot("uno-called")
        elif isinstance(action, Play) and DECK[action.cards[0]].is_wild:
            game.shot_soon(f"wild-{action.colour.value if action.colour else ''}")
    p = game.wait(lambda q: q["scene"] == "ScoreboardScene", "the scoreboard")
    winner = plan[-1].seat
    assert state(p)["phase"] in ("round_over", "match_over")
    assert state(p)["hand_sizes"][winner] == 0
    assert state(p)["scores"][winner] > 0
    game.shot("scoreboard")
