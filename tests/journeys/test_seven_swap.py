"""Journey (issue 39 item 1): a 10-seat match with 7-0 (H7) in a real window at
1600x1000 with the log open. You play a 7, every opponent's plate is offered,
and a click on the far-left opponent's plate swaps hands with it; the action
row stays inside the window. Then the same at 1024x640 with the keyboard:
Left, Left and Enter pick a seat."""

from __future__ import annotations

import json
from pathlib import Path

from game.rules.actions import Play
from game.rules.cards import DECK
from game.rules.engine import Game as Engine
from game.rules.settings import preset
from journeys.driver import Game, did, hand, my_turn, state

SEVEN_ZERO = preset("official").with_(seven_zero=True)


def _seed() -> int:
    """The first deal where you lead at ten seats with a 7 you may play."""
    for seed in range(3000):
        g = Engine.new(SEVEN_ZERO, 10, seed)
        if g.view(0).to_act == 0 and any(
                isinstance(a, Play) and len(a.cards) == 1 and DECK[a.cards[0]].number == 7
                for a in g.legal_actions(0)):
            return seed
    raise AssertionError("no seed below 3000 deals you a 7 to lead with")


def _play_seven(game: Game, size: str, rules: Path) -> dict:  # type: ignore[type-arg]
    game.start("--players", "10", "--seed", str(_seed()), "--rules", str(rules),
               "--lang", "en", "--size", size)
    p = game.wait(my_turn, "your first turn", 40)
    seven = next(c for c in hand(p) if c["legal"] and c["face"].endswith("7"))
    game.click(seven["rect"])
    p = game.wait(lambda q: state(q)["phase"] == "choose_swap" and bool(q["table"]["bar"]),
                  "the 7-0 swap choice")
    w, h = (int(v) for v in size.split("x"))
    for key, (x, y, bw, bh) in p["table"]["bar"].items():  # every button inside the window
        assert 0 <= x and x + bw <= w and 0 <= y and y + bh <= h, (key, x, y, bw, bh)
    return p


def test_seven_swap_with_the_far_left_seat_by_a_click(game: Game, tmp_path: Path) -> None:
    rules = tmp_path / "seven_zero.json"
    rules.write_text(json.dumps({"seven_zero": True}), "utf-8")
    game.write_settings(log_panel="open")
    p = _play_seven(game, "1600x1000", rules)
    game.shot("swap-choice-1600")
    plates = {int(s): r for s, r in p["table"]["seats"].items() if int(s) != 0}
    assert len(plates) == 9
    left = min(plates, key=lambda s: plates[s][0])
    game.click(plates[left])
    game.wait_autosave(lambda d: did(d, kind="swap_hands", seat=0, target=left),
                       f"the swap with seat {left}")
    game.shot_soon("swapped")


def test_seven_swap_by_the_keyboard_at_1024(game: Game, tmp_path: Path) -> None:
    rules = tmp_path / "seven_zero.json"
    rules.write_text(json.dumps({"seven_zero": True}), "utf-8")
    _play_seven(game, "1024x640", rules)
    game.shot("swap-choice-1024")
    game.key("Left", "Left", "Return")
    # the first pick is the next seat (1); two steps back round the table: seat 8
    game.wait_autosave(lambda d: did(d, kind="swap_hands", seat=0, target=8),
                       "the swap with seat 8")
    game.shot_soon("swapped-1024")
