"""The viewer's own plate: a "You" badge says whose seat it is, unless the name
beside it already says so ("You" with a "You" badge, "你" with "你")."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import make_app, pump

from game import i18n
from game.config import MatchConfig, SeatConfig
from game.rules.settings import OFFICIAL
from game.table.scene import TableScene


def _table(lang: str, seats: tuple[SeatConfig, ...]) -> TableScene:
    app = make_app((1024, 640), lang, "off")
    app.start_match(MatchConfig(seats, OFFICIAL, 1))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    pump(app, 2)
    return table


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_name_you_wears_no_you_badge(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import draw_kit as kit

    you = i18n.tl(lang, "tbl.you")
    drawn: list[str] = []
    real = kit.text
    monkeypatch.setattr(kit, "text", lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1])
    table = _table(lang, (SeatConfig(you, "human"), SeatConfig("Ada", "ai", "easy"),
                          SeatConfig("Bo", "ai", "hard")))
    try:
        frame = table.frame()
        assert frame.seats[table.viewer].name == you
        assert frame.seats[table.viewer].badge == ()
        drawn.clear()
        table.draw(table.app.screen)
        assert drawn.count(you) == 1, drawn  # the name, and no badge repeating it
        assert [s.badge[-1] for s in frame.seats[1:]] == [i18n.tl(lang, "level.easy"),
                                                          i18n.tl(lang, "level.hard")]
    finally:
        table.exit()
        i18n.set_language("en")


def test_the_you_name_of_the_other_language_wears_none_either() -> None:
    """A match set up in Chinese ("你") and played in English shows "You", unbadged."""
    table = _table("en", (SeatConfig("你", "human"), SeatConfig("Ada", "ai", "easy")))
    try:
        seat = table.frame().seats[table.viewer]
        assert (seat.name, seat.badge) == ("You", ())
    finally:
        table.exit()


def test_a_typed_name_keeps_its_you_badge() -> None:
    table = _table("en", (SeatConfig("Ann", "human"), SeatConfig("Ada", "ai", "easy")))
    try:
        assert table.frame().seats[table.viewer].badge == ("You",)
    finally:
        table.exit()


def test_hot_seat_players_wear_no_badge() -> None:
    """Hot seat: each player's name tells the seats apart (the screen is passed)."""
    table = _table("en", (SeatConfig("You", "human"), SeatConfig("Player 2", "human"),
                          SeatConfig("Ada", "ai", "easy")))
    try:
        frame = table.frame()
        assert [s.badge for s in frame.seats[:2]] == [(), ()]
    finally:
        table.exit()
        pygame.event.clear()
