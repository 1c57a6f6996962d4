"""Journey: the language switched mid-match, then quit to the menu, quit the game,
start it again and Continue the same match."""

from __future__ import annotations

from journeys.driver import Game, button, hand, has_button, my_turn, state


def test_language_switch_mid_match_then_quit_and_continue(game: Game) -> None:
    game.write_settings(language="en")
    game.start("--players", "human,normal,normal", "--seed", "11", "--size", "1280x800")
    p = game.wait(my_turn, "your turn", 40)
    assert p["language"] == "en"
    game.shot("english")

    # Menu -> Settings -> Language: 中文, back to the match.
    game.click(p["table"]["corner"]["menu"])
    p = game.wait(lambda q: q["scene"] == "PauseScene", "the pause menu")
    game.click(button(p, "menu.settings")["rect"])
    p = game.wait(lambda q: q["scene"] == "SettingsScene", "the settings")
    game.click(button(p, "English")["rect"])
    p = game.wait(lambda q: has_button(q, "中文"), "the language list")
    game.shot("language-list")
    game.click(button(p, "中文")["rect"])
    p = game.wait(lambda q: q["language"] == "zh" and has_button(q, "common.back"),
                  "the settings in Chinese")
    game.shot("settings-zh")
    game.click(button(p, "common.back")["rect"])
    p = game.wait(lambda q: q["scene"] == "PauseScene", "the pause menu in Chinese")
    game.click(button(p, "pause.resume")["rect"])
    p = game.wait(lambda q: my_turn(q) and has_button(q, "tbl.menu"), "the table in Chinese")
    assert p["language"] == "zh" and button(p, "tbl.menu")["text"] == "菜单"
    game.shot("table-zh")
    ids = [c["id"] for c in hand(p)]
    before = state(p)

    # Quit to the menu (confirmed), then quit the game.
    game.click(p["table"]["corner"]["menu"])
    p = game.wait(lambda q: q["scene"] == "PauseScene", "the pause menu")
    game.click(button(p, "pause.quit")["rect"])
    p = game.wait(lambda q: q["scene"] == "DialogScene", "the quit question")
    game.shot("quit-question")
    game.click(button(p, "pause.quit_yes")["rect"])
    p = game.wait(lambda q: q["scene"] == "MenuScene", "the main menu")
    assert button(p, "menu.continue")["enabled"]
    game.shot("menu")
    game.click(button(p, "menu.quit")["rect"])
    assert game.stop() == 0
    saved = game.autosave()

    # Start again: Continue sits down at the same position, still in Chinese.
    p = game.start("--size", "1280x800")
    p = game.wait(lambda q: q["scene"] == "MenuScene" and has_button(q, "menu.continue"),
                  "the main menu", fresh=False)
    assert p["language"] == "zh"
    game.click(button(p, "menu.continue")["rect"])
    p = game.wait(my_turn, "your turn in the continued match")
    assert [c["id"] for c in hand(p)] == ids
    assert state(p)["hand_sizes"] == before["hand_sizes"] and state(p)["top"] == before["top"]
    assert game.autosave()["actions"] == saved["actions"]
    game.shot("continued")
