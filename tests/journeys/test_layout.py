"""Journey: ten seats at the smallest window (1024x640, in Chinese), a move made
there, then the window resized by the window system, larger and too small."""

from __future__ import annotations

from journeys.driver import Game, did, hand, my_turn, state


def inside(rect: list[int], size: list[int]) -> bool:
    x, y, w, h = rect
    return x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1]


def check_layout(p: dict, seats: int) -> None:
    t, size = p["table"], p["size"]
    assert sorted(int(s) for s in t["seats"]) == list(range(seats))
    rects = {f"seat {s}": r for s, r in t["seats"].items()}
    rects.update({f"card {c['face']}": c["rect"] for c in t["hand"]})
    rects.update({f"button {k}": r for k, r in {**t["bar"], **t["corner"]}.items()})
    rects.update(draw_pile=t["draw_pile"], discard=t["discard"])
    out = [name for name, r in rects.items() if not inside(r, size)]
    assert not out, f"outside the {size} window: {out}"


def test_ten_seats_at_1024x640_and_window_resize(game: Game) -> None:
    game.start("--players", "10", "--seed", "5", "--lang", "zh", "--size", "1024x640")
    p = game.wait(my_turn, "your turn at a table of ten", 60)
    assert p["size"] == [1024, 640] and len(state(p)["hand_sizes"]) == 10
    check_layout(p, 10)
    game.shot("ten-seats")
    playable = [c for c in hand(p) if c["legal"] and not c["face"].startswith("W")]
    if playable:
        game.click(playable[0]["rect"])
        game.wait_autosave(lambda d: did(d, kind="play", seat=0, cards=[playable[0]["id"]]),
                           "your play at a table of ten")
    else:
        game.click(p["table"]["draw_pile"])
        game.wait_autosave(lambda d: did(d, kind="draw", seat=0), "your draw at a table of ten")
    game.shot("ten-seats-moved")

    game.resize(1440, 900)
    p = game.wait(lambda q: q["size"] == [1440, 900] and "table" in q, "the 1440x900 window",
                  60, fresh=False)
    check_layout(p, 10)
    game.shot("resized-1440x900")
    game.resize(800, 500)  # below the minimum: the game keeps 1024x640
    p = game.wait(lambda q: q["size"] == [1024, 640], "the window back at its minimum",
                  60, fresh=False)
    check_layout(p, 10)
    game.shot("resized-too-small")
