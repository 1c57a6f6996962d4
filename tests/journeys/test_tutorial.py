"""Journey: the tutorial (#39) from the first start's offer to its last step, in a
real window with real clicks and keys, in both languages: a wrong click first
(explained, nothing played), left from the pause menu half way and picked up
again from the main menu, then every step to the Wild Draw Four's decision.
The screenshots show each step's line; look at them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from journeys.driver import Game, Probe, button, hand, has_button, my_turn


def progress(game: Game) -> int:
    """The step the tutorial waits for, as its progress file keeps it (-1: none)."""
    try:
        doc: dict[str, Any] = json.loads((game.home / "data" / "tutorial.json").read_text("utf-8"))
    except (OSError, ValueError):
        return -1
    return int(doc["step"])


def at_step(game: Game, n: int, what: str) -> Probe:
    """The table waits for the player at step ``n``."""
    return game.wait(lambda q: my_turn(q) and progress(game) == n, what, 60)


def card(p: Probe, face: str) -> list[int]:
    found: list[int] = next(c["rect"] for c in hand(p) if c["face"] == face)
    x, y, w, h = found
    return [x + max(6, w // 8), y + h // 2]  # its left edge: never under the next card


STEPS = ("colour", "number", "skip", "reverse", "draw_two", "uno", "wild", "catch", "draw",
         "wd4")
FACES = {"colour": "R2", "number": "G7", "skip": "GS", "reverse": "GR", "draw_two": "B+2"}


def do_step(game: Game, p: Probe, name: str, challenge: bool) -> None:
    table = p["table"]
    if name in FACES:
        game.click(card(p, FACES[name]))
    elif name == "uno":
        game.key("u")  # the keyboard's UNO! (the button is tested in the other language)
    elif name == "wild":
        game.click(card(p, "W"))
        q = game.wait(lambda q: bool(q["table"]["picker"]), "the colour picker")
        game.shot("wild-picker")
        yellow = next(r for colour, r in q["table"]["picker"] if colour == "yellow")
        game.click(yellow)
    elif name == "catch":
        game.click(table["bar"]["catch1"])
    elif name == "draw":
        game.click(table["draw_pile"])
    elif name == "wd4":
        game.click(table["bar"]["challenge" if challenge else "accept"])


def leave_and_come_back(game: Game, p: Probe) -> None:
    game.click(p["table"]["corner"]["menu"])
    p = game.wait(lambda q: q["scene"] == "PauseScene", "the pause menu")
    assert has_button(p, "tutorial.restart") and not has_button(p, "saves.title")
    game.shot("pause-menu")
    game.click(button(p, "tutorial.leave")["rect"])
    p = game.wait(lambda q: q["scene"] == "DialogScene", "the leave question")
    game.shot("leave-question")
    game.click(button(p, "tutorial.leave")["rect"])
    p = game.wait(lambda q: q["scene"] == "MenuScene", "the main menu")
    assert not has_button(p, "tutorial.offer_yes")  # answered once: not asked again
    game.shot("menu-after-leaving")
    game.click(button(p, "menu.tutorial")["rect"])


@pytest.mark.parametrize(("lang", "challenge"), [("en", True), ("zh", False)])
def test_tutorial_from_the_offer_to_the_last_step(game: Game, lang: str, challenge: bool) -> None:
    game.write_settings(language=lang)
    p = game.start("--size", "1280x800")
    p = game.wait(lambda q: q["scene"] == "MenuScene" and has_button(q, "tutorial.offer_yes"),
                  "the first start's offer")
    game.shot("first-start-offer")
    game.click(button(p, "tutorial.offer_yes")["rect"])
    p = at_step(game, 0, "the first step")
    game.shot("step-colour")
    game.click(p["table"]["draw_pile"])  # not what the step waits for: explained
    game.shot_soon("wrong-click-explained", 0.3)
    assert progress(game) == 0 and len(hand(game.probe())) == 7
    for i, name in enumerate(STEPS):
        p = at_step(game, i, f"step {name}")
        if name == "reverse":
            leave_and_come_back(game, p)
            p = at_step(game, i, f"step {name} again after leaving")
            game.shot("resumed")
        if i:
            game.shot(f"step-{name}")
        do_step(game, p, name, challenge)
        game.wait(lambda q, i=i: progress(game) > i, f"step {name} done", 30)
    p = game.wait(lambda q: q["scene"] == "TableScene" and not q["table"]["picker"],
                  "the table after the last step", 30)
    game.shot_soon("tutorial-done", 1.2)
    assert progress(game) == len(STEPS)
    assert not (game.home / "data" / "saves" / "autosave.json").exists()  # never autosaved
