"""Journey: hot-seat with two humans (in Chinese): every key on the curtain,
pause and resume over it, a Wild Draw Four and its challenge."""

from __future__ import annotations

from game.rules.view import Phase
from journeys.driver import Game, button, did, hand, state
from journeys.seeds import faces, seed_where


def curtain(p: dict) -> bool:
    return p["scene"] == "CurtainScene"


def table_for(seat: int):
    return lambda p: (p["scene"] == "TableScene" and p["table"]["viewer"] == seat
                      and state(p)["to_act"] == seat)


def test_hotseat_curtain_pause_resume_and_challenge(game: Game) -> None:
    # The first player holds a Wild Draw Four and a card of the colour in effect:
    # the play is a bluff, and the challenge catches it (T5).
    seed = seed_where(2, lambda g: "W4" in faces(g, g.to_act) and g.view(0).phase is Phase.PLAY
                      and any(c.colour is g.view(0).colour for c in g.view(g.to_act).hand))
    game.start("--players", "human,human", "--seed", str(seed), "--lang", "zh",
               "--size", "1280x800")
    p = game.wait(curtain, "the first curtain")
    assert p["table"]["viewer"] == -1 and p["table"]["hand"] == []
    game.shot("curtain")
    first = state(p)["to_act"]
    second = 1 - first

    # Keys and clicks that are not the confirm leave the curtain down, every hand hidden.
    for keys in (("a",), ("Left", "Right"), ("d", "u", "c", "h"), ("Tab",), ("BackSpace",)):
        game.key(*keys)
        p = game.wait(lambda q: True, f"the curtain after {keys}")
        assert curtain(p) and p["table"]["hand"] == [], keys
    game.click((40, 40))
    p = game.wait(lambda q: True, "the curtain after a stray click")
    assert curtain(p) and p["table"]["viewer"] == -1

    # Escape: the pause menu over the curtain; Resume: the curtain again.
    game.key("Escape")
    p = game.wait(lambda q: q["scene"] == "PauseScene", "the pause menu")
    assert p["table"]["hand"] == []
    game.shot("paused")
    game.click(button(p, "pause.resume")["rect"])
    p = game.wait(curtain, "the curtain after Resume")
    game.shot("resumed")

    # Enter lifts it for the named player.
    game.key("Return")
    p = game.wait(table_for(first), "the first player's table")
    game.shot("first-player")

    # Paused in the middle of a turn: the hand goes under the curtain again.
    game.key("Escape")
    p = game.wait(lambda q: q["scene"] == "PauseScene", "the pause menu mid-turn")
    assert p["table"]["viewer"] == -1 and p["table"]["hand"] == []
    game.click(button(p, "pause.resume")["rect"])
    p = game.wait(curtain, "the curtain after resuming mid-turn")
    assert p["table"]["hand"] == []
    game.key("KP_Enter")
    p = game.wait(table_for(first), "the first player's table again")
    w4 = next(c for c in hand(p) if c["face"] == "W4")
    game.click(w4["rect"])
    p = game.wait(lambda q: bool(q["table"]["picker"]), "the colour picker")
    game.shot("picker")
    game.click(next(r for colour, r in p["table"]["picker"] if colour == "green"))
    game.wait_autosave(lambda d: did(d, kind="play", seat=first, cards=[w4["id"]],
                                     colour="green"), "the Wild Draw Four played as green")

    # Space lifts the next curtain; the second player challenges.
    p = game.wait(curtain, "the second player's curtain")
    game.shot("curtain-second")
    game.key("space")
    p = game.wait(table_for(second), "the second player's table")
    assert "challenge" in p["table"]["bar"], p["table"]["bar"]
    sizes = state(p)["hand_sizes"]
    game.shot("challenge-offered")
    game.click(p["table"]["bar"]["challenge"])
    game.wait_autosave(lambda d: did(d, kind="challenge", seat=second), "the challenge")
    # T5: the bluff is caught, the first player draws 4 and the turn goes on.
    p = game.wait(lambda q: state(q)["hand_sizes"][first] == sizes[first] + 4,
                  "the bluffer drawing 4")
    assert state(p)["hand_sizes"][second] == sizes[second]
    game.shot("challenge-result")
    if curtain(p):  # the third curtain is lifted by its button
        game.click(next(b for b in p["buttons"] if "#primary" in b["ids"])["rect"])
        p = game.wait(lambda q: q["scene"] == "TableScene" and q["table"]["viewer"] >= 0,
                      "a table after the curtain's button")
        game.shot("after-curtain-button")
