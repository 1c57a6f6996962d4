"""The game log speaks to the player called "You" in the second person."""

from __future__ import annotations

from game.i18n import seat_name
from game.rules.events import Event
from game.ui.event_text import describe


def test_you_reads_as_second_person():
    names = ["You", "Ada", "Max"]
    assert describe(Event("skip", seat=0), names, "en") == "You are skipped"
    assert describe(Event("caught", seat=1, target=0), names, "en") == "Ada catches you without UNO!"
    assert describe(Event("draw", seat=0, hidden=2, reason="penalty"), names, "en") == \
        "You draw 2 cards (penalty)"
    assert describe(Event("skip", seat=1), names, "en") == "Ada is skipped"


def test_other_names_and_chinese_unchanged():
    assert describe(Event("skip", seat=0), ["Li", "Wang"], "en") == "Li is skipped"
    assert describe(Event("skip", seat=0), ["你", "王"], "zh") == "你 被跳过"


def test_challenge_log_says_you_hold():
    # "Ada challenges you: guilty! (you holds Green 8)" was the bug
    text = describe(Event("challenge", seat=1, target=0, value=1, cards=(57,)), ["You", "Ada"], "en")
    assert text is not None
    assert "(you hold " in text and "holds" not in text
    mine = describe(Event("challenge", seat=0, target=1, value=0, cards=(57,)), ["You", "Ada"], "en")
    assert mine is not None and mine.startswith("You challenge Ada: not guilty (Ada holds ")


def test_default_human_name_follows_the_language():
    # a match started in Chinese, shown in English: no "你 draws 4 cards"
    names = ["你", "小明"]
    assert describe(Event("skip", seat=0), names, "en") == "You are skipped"
    assert describe(Event("draw", seat=0, hidden=4, reason="penalty"), names, "en") == \
        "You draw 4 cards (penalty)"
    assert describe(Event("round_start", seat=0, value=1), names, "en") == "Round 1 begins: you deal"



def test_bot_names_stay_as_the_match_was_set_up_in_any_language():
    """#39 (7): a language switch mid-match renamed the bots (Ada -> 小明) on the table
    and in the whole log; a bot's name is a name, only "You" and "Player N" are labels."""
    assert describe(Event("skip", seat=1), ["你", "小明"], "en") == "小明 is skipped"
    assert describe(Event("skip", seat=1), ["You", "Ada"], "zh") == "Ada 被跳过"
    assert seat_name("Ada", "zh") == "Ada" and seat_name("小明", "en") == "小明"
    assert seat_name("玩家2", "en") == "Player 2" and seat_name("You", "zh") == "你"
