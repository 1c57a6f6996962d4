"""The game log speaks to the player called "You" in the second person."""

from __future__ import annotations

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
