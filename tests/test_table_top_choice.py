"""Issue 39 item 5 (H4): a play of several cards whose colours differ asks which
card lands on top (its colour goes on): a chooser for the mouse and the keys;
the choice reaches the engine (the last card of ``Play.cards`` is the top), a
bot chooses among the same legal plays, and the log says the top card."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
from rigging import Faces, rig
from table_helpers import click, config, key, make_app, pump

from game import i18n
from game.rules.actions import Play
from game.rules.cards import DECK, Colour
from game.rules.events import Event, EventKind
from game.rules.settings import OFFICIAL
from game.table import gestures, hotseat, intents
from game.table.controls import top_choices
from game.table.scene import TableScene
from game.ui.event_text import describe_events

SEVERAL = OFFICIAL.with_(multi_play=True)


def _game(top: str = "B+2"):  # noqa: ANN202
    """Red and Yellow Draw Two in hand; on a Draw Two either may lead (H4)."""
    c = Faces()
    mine = c.ids("R+2 Y+2 G5")
    game = rig(SEVERAL, hands=[mine, c.ids("G1 B1 Y2"), c.ids("B3 G4 Y9")], top=c(top),
               to_act=0)
    return game, mine[0], mine[1]


def _table(lang: str = "en", top: str = "B+2") -> tuple[object, TableScene, int, int]:
    game, red, yellow = _game(top)
    app = make_app((1024, 640), lang, "off")
    app.start_match(config(3, 1, 3, settings=SEVERAL), SimpleNamespace(game=game, meta=None))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    pump(app, 3)
    return app, table, red, yellow


def _my_play(table: TableScene) -> Play:
    play = next(a for a in table.ctl.game.actions if a.kind == "play" and a.seat == 0)
    assert isinstance(play, Play)
    return play


def test_H4_the_engine_puts_the_last_card_on_top_and_offers_both_orders() -> None:
    game, red, yellow = _game()
    legal = game.legal_actions(0)
    assert Play(0, (red, yellow)) in legal and Play(0, (yellow, red)) in legal
    game.apply(Play(0, (red, yellow)))
    top = game.view(1).top_card
    assert top is not None and top.id == yellow and game.view(1).colour is Colour.YELLOW


def test_H4_when_only_one_card_may_lead_the_top_is_forced_and_said() -> None:
    """The issue's case: on a red card only the Red Draw Two may go first, so the
    Yellow one lands on top; no choice to offer, but the table says so."""
    app, table, red, yellow = _table(top="R3")
    try:
        assert top_choices(table.ctl.legal(0), Play(0, (red, yellow))) == ()
        table.press("play_all")
        assert not table.controls.chooser.open
        assert _my_play(table).cards == (red, yellow)
        assert table.cues.toast is not None
        assert table.cues.toast[0] == i18n.t("tbl.top_forced", card="Yellow Draw Two")
    finally:
        table.exit()


def test_H4_top_choices_one_per_colour_none_for_one_colour_or_wilds() -> None:
    game, red, yellow = _game()
    legal = game.legal_actions(0)
    options = top_choices(legal, Play(0, (red, yellow)))
    assert [DECK[p.cards[-1]].colour for p in options] == [Colour.RED, Colour.YELLOW]
    c = Faces()
    twins = c.ids("R5 R5")
    same = [Play(0, (twins[0], twins[1])), Play(0, (twins[1], twins[0]))]
    assert top_choices(same, same[0]) == ()
    wilds = c.ids("W W")
    wild = [Play(0, tuple(wilds), colour=col) for col in Colour]
    assert top_choices(wild, wild[0]) == ()


def test_H4_play_all_asks_which_goes_on_top_and_a_click_chooses() -> None:
    app, table, red, yellow = _table()
    try:
        assert "play_all" in table.controls.bar.buttons
        pump(app, 1, events=click(table.controls.bar.buttons["play_all"].rect.center))
        pump(app, 1)  # (pygame_gui posts the press for the next frame)
        assert table.controls.chooser.open and set(table.controls.chooser.cards) == {red, yellow}
        assert not table.controls.bar.buttons  # the row waits under the chooser
        frame = table.frame()
        assert frame.top is not None and frame.top.title == i18n.t("tbl.top_title")
        rects = {d["id"]: d["rect"] for d in table.probe()["top_chooser"]}
        assert set(rects) == {red, yellow}
        pump(app, 2, events=click(rects[yellow].center))
        play = _my_play(table)
        assert play.cards[-1] == yellow and set(play.cards) == {red, yellow}
        assert not table.controls.chooser.open
    finally:
        table.exit()


def test_H4_the_keys_choose_the_top_card() -> None:
    app, table, red, yellow = _table()
    try:
        table.press("play_all")
        assert table.controls.chooser.cards == (red, yellow)  # colour order: red first
        pump(app, 1, events=key(pygame.K_RIGHT))
        pump(app, 2, events=key(pygame.K_RETURN))
        assert _my_play(table).cards[-1] == yellow
    finally:
        table.exit()


def test_H4_escape_goes_back_to_the_row_without_playing() -> None:
    app, table, red, yellow = _table()
    try:
        table.press("play_all")
        pump(app, 1, events=key(pygame.K_ESCAPE))
        assert not table.controls.chooser.open
        assert "play_all" in table.controls.bar.buttons
        assert not [a for a in table.ctl.game.actions if a.kind == "play"]
    finally:
        table.exit()


def test_H4_a_selection_of_two_colours_asks_too() -> None:
    app, table, red, yellow = _table()
    try:
        table.hand.selected = [yellow, red]  # the last picked was on top, silently
        table.refresh_controls()
        table.press("play_sel")
        assert table.controls.chooser.open
        gestures.do(table, intents.PickTop(red))
        pump(app, 2)
        assert _my_play(table).cards[-1] == red
    finally:
        table.exit()


def test_H4_the_log_says_the_top_card_in_both_languages() -> None:
    _, red, yellow = _game()
    ev = Event(EventKind.PLAY, seat=1, cards=(red, yellow))
    en = describe_events([ev], ["You", "Ada", "Bo"], "en")[0]
    assert en.endswith(i18n.tl("en", "log.play.top", card="Yellow Draw Two")), en
    zh = describe_events([ev], ["You", "Ada", "Bo"], "zh")[0]
    assert "最上面" in zh, zh
    one = describe_events([Event(EventKind.PLAY, seat=1, cards=(red,))], ["You", "Ada", "Bo"],
                          "en")[0]
    assert "top" not in one


def test_H4_the_chooser_shows_its_words_whole_at_1024x640_with_the_log_open() -> None:
    from game.table.widgets import TopChooser
    from game.ui import draw_kit as kit

    for lang in ("en", "zh"):
        app = make_app((1024, 640), lang, "off")
        app.settings.log_panel = "open"
        game, red, yellow = _game()
        app.start_match(config(3, 1, 3, settings=SEVERAL), SimpleNamespace(game=game, meta=None))
        table = app.scenes.top
        try:
            pump(app, 2)
            lay = table.layout
            chooser = TopChooser()
            chooser.show((red, yellow))
            box = chooser.layout(lay)
            assert lay.table.contains(box)
            room = box.w - lay.px(24)
            for words, size in ((i18n.t("tbl.top_title"), lay.font_px(20)),
                                (i18n.t("tbl.top_hint"), lay.font_px(13))):
                shown = kit.fit(words, size, room, size == lay.font_px(20))
                assert shown == (words, size), (lang, words, shown)
        finally:
            table.exit()


def test_H4_a_new_viewer_never_sees_the_last_ones_top_chooser() -> None:
    """Hot-seat privacy: the screen changing hands (or hiding) closes the chooser."""
    app, table, red, yellow = _table()
    try:
        table.press("play_all")
        assert table.controls.chooser.open
        hotseat.pass_screen(table, -1)
        assert not table.controls.chooser.open and table.frame().top is None
    finally:
        table.exit()
