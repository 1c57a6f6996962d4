"""game.table.hotseat: who holds a shared screen, and when the curtain falls."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.config import MatchConfig
from game.rules.settings import OFFICIAL
from game.rules.view import PlayerView
from game.table.animations import Effect
from game.table.hotseat import curtain_for, hide_on_pause, screen_owner, still_shown
from tests.table_helpers import seats


@dataclass
class Seats:
    """The match as the decisions read it: who is human, who is on turn, who
    is exposed without UNO! and whether they may still call it."""

    humans: set[int]
    to_act: int = 0
    exposed: int = -1
    window: bool = False
    asked: list[float] = field(default_factory=list)

    def view(self, seat: int) -> PlayerView:
        assert seat == -1, "only the public view decides who holds the screen"
        return _View(self.exposed)  # type: ignore[return-value]

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def catch_window_open(self, now: float) -> bool:
        self.asked.append(now)
        return self.window

    def human_to_act(self) -> int:
        return self.to_act if self.to_act in self.humans else -1


@dataclass
class _View:
    uno_exposed: int


HOT = MatchConfig(seats(4, humans=3), OFFICIAL, 1)
SOLO = MatchConfig(seats(4, humans=1), OFFICIAL, 1)


def test_the_human_on_turn_holds_the_screen():
    assert screen_owner(Seats({0, 1, 2}, to_act=1), 0.0) == 1
    assert screen_owner(Seats({0, 1, 2}, to_act=3), 0.0) == -1  # a bot's turn: nobody


def test_T6_an_exposed_human_keeps_the_screen_while_they_may_still_call_uno():
    s = Seats({0, 1, 2}, to_act=2, exposed=1, window=True)
    assert screen_owner(s, 4.5) == 1 and s.asked == [4.5]
    s.window = False
    assert screen_owner(s, 6.0) == 2
    bot = Seats({0, 1, 2}, to_act=2, exposed=3, window=True)
    assert screen_owner(bot, 1.0) == 2  # a bot's missed call never holds the screen


def test_a_curtain_falls_only_in_hot_seat_and_only_for_someone_else():
    s = Seats({0, 1, 2}, to_act=1)
    assert curtain_for(HOT, s, viewer=0, now=0.0) == 1
    assert curtain_for(HOT, s, viewer=-1, now=0.0) == 1  # between turns
    assert curtain_for(HOT, s, viewer=1, now=0.0) == -1  # already theirs
    assert curtain_for(SOLO, Seats({0}, to_act=0), viewer=-1, now=0.0) == -1
    assert curtain_for(HOT, Seats({0, 1, 2}, to_act=3), viewer=0, now=0.0) == -1


def test_an_overlay_hides_a_shown_hot_seat_hand():
    assert hide_on_pause(HOT, 2)
    assert not hide_on_pause(HOT, -1)  # nothing shown
    assert not hide_on_pause(SOLO, 0)  # one human: always their view


def test_T5_a_reveal_does_not_outlive_its_viewer():
    reveal = Effect("reveal", (0.0, 0.0), 1.0, cards=(1, 2))
    bubble = Effect("bubble", (0.0, 0.0), 1.0, text="UNO!")
    assert still_shown([reveal, bubble]) == [bubble]
