"""Journey: Quick play to a played card, a draw, and a wild with its colour."""

from __future__ import annotations

from journeys.driver import Game, actions, did, hand, my_turn, state
from journeys.seeds import faces, seed_where


def test_quick_play_card_draw_and_wild_colour(game: Game) -> None:
    seed = seed_where(4, lambda g: "W" in faces(g, 0))
    game.start("--quick", "--seed", str(seed), "--lang", "en", "--size", "1280x800")
    played = drew = False
    while not (played and drew):
        p = game.wait(my_turn, "your turn", 40)
        plain = [c for c in hand(p) if c["legal"] and not c["face"].startswith("W")]
        if not played and plain:
            card = plain[0]
            game.shot(f"your-turn-{card['face']}")
            game.click(card["rect"])
            game.wait_autosave(lambda d, c=card["id"]: did(d, kind="play", seat=0, cards=[c]),
                               f"your play of {card['face']}")
            played = True
            game.shot(f"played-{card['face']}")
        elif not drew:
            before = len(actions(game.autosave())) if game.autosave_exists() else 0
            game.click(p["table"]["draw_pile"])
            game.wait_autosave(lambda d, n=before: did(d, n, kind="draw", seat=0), "your draw")
            p = game.wait(lambda q: True, "the table after your draw")
            game.shot("drew")
            if "pass" in p["table"]["bar"]:
                game.click(p["table"]["bar"]["pass"])
                game.wait_autosave(lambda d: actions(d)[-1]["kind"] != "draw"
                                   or actions(d)[-1]["seat"] != 0, "your pass")
            drew = True
    p = game.wait(my_turn, "your turn with the wild", 40)
    wild = next(c for c in hand(p) if c["face"] == "W")
    game.click(wild["rect"])
    p = game.wait(lambda q: bool(q["table"]["picker"]), "the colour picker")
    game.shot("colour-picker")
    blue = next(r for colour, r in p["table"]["picker"] if colour == "blue")
    game.click(blue)
    game.wait_autosave(lambda d: did(d, kind="play", seat=0, cards=[wild["id"]], colour="blue"),
                       "the wild played as blue")
    game.shot_soon("wild-blue")  # before the next bot answers it
    p = game.wait(lambda q: wild["id"] not in [c["id"] for c in hand(q)], "the wild gone")
    assert state(p)["hand_sizes"][0] == len(hand(p))
