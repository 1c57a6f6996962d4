"""The table's jobs beside the scene (#36): the journal, the shown controls, the
party side, the overlays and the gestures, each driven on its own."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.rules.actions import Play
from game.rules.events import Event, EventKind
from game.table import gestures, intents, journal, overlays, phones
from game.table.buttons import JOIN_CODES
from game.table.layout import compute_layout
from game.table.shown_controls import ShownControls
from game.table.widgets import LogPanel
from tests.table_helpers import config, make_app, pump

NAMES = ["Ann", "Li"]


def test_the_journal_keeps_400_batches_and_a_three_line_ticker() -> None:
    j = journal.Journal(lambda: NAMES)
    for _ in range(journal.KEPT_BATCHES + 5):
        j.add([Event(EventKind.DRAW, seat=1, hidden=1)], 0, told=True)
    assert len(j.history) == journal.KEPT_BATCHES
    assert j.ticker == ["Li draws a card"] * journal.TICKER_LINES


def test_the_journal_tells_a_batch_as_the_viewer_may_see_it_and_keeps_it_whole() -> None:
    j = journal.Journal(lambda: NAMES)
    j.panel = LogPanel()
    drawn = Event(EventKind.DRAW, seat=0, cards=(5,))
    seen = j.add([drawn], 1, told=True)  # Li looks: Ann's card is hidden
    assert seen == [drawn._replace(cards=(), hidden=1)]
    assert j.history == [[drawn]] and j.ticker == ["Ann draws a card"]
    assert j.panel.lines == ["Ann draws a card"]
    j.retell(0, pygame.Rect(0, 0, 300, 400), 1.0)  # hot-seat: Ann holds the screen
    assert j.ticker == j.panel.lines and j.ticker[0].startswith("Ann draws ")
    assert j.ticker != ["Ann draws a card"]


def test_the_log_panel_setting_opens_it_wide_and_remembers_the_players_choice() -> None:
    assert journal.opens("auto", 1280) and not journal.opens("auto", 1279)
    assert journal.opens("open", 800) and not journal.opens("closed", 1920)
    assert journal.remembered(True) == "open" and journal.remembered(False) == "closed"


def test_S4_the_picker_asked_by_the_rules_stays_open_on_escape() -> None:
    c = ShownControls()
    lay = compute_layout((1024, 640), 4, 0)
    c.buttons = ("something shown",)  # type: ignore[assignment]
    c.open_picker((), lay)  # no bar yet: nothing to hide, the row as shown is emptied
    assert c.picker.open and c.buttons == () and c.picker.focus == 0
    assert not c.close_picker(colour_asked=True) and c.picker.open
    assert c.close_picker(colour_asked=False) and not c.picker.open
    c.open_picker((7,), lay)  # a wild of the hand: Esc takes it back even when asked
    assert c.close_picker(colour_asked=True) and c.picker_cards == ()


class FakeParty:
    def __init__(self) -> None:
        self.bot_seats = {1}
        self.asked: list[str] = []
        self.phones_deal = True

    def away(self) -> list[int]:
        return [1]

    def bot_in(self) -> dict[int, float]:
        return {}

    def take_request(self, kind: str) -> bool:
        self.asked.append(kind)
        return True


def test_without_phones_the_party_side_answers_nothing() -> None:
    assert phones.away_lines(None, NAMES) == ()
    assert phones.bot_seats(None) == frozenset()
    assert phones.corner_extra(None) == () and phones.next_asked(None) is None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_online_seat_away_says_the_friends_game_is_away_not_a_phone(lang: str) -> None:
    """Found in the online rejoin journey: the host's table said an online guest's
    "phone is away". Phone seats keep their words; online seats name the game."""
    from game import i18n
    from game.table import wording

    before = i18n.language()
    i18n.set_language(lang)
    try:
        names = ["Ann", "Li", "Bo", "Cy"]
        lines = wording.away_lines(names, [1, 2, 3], frozenset({3}), {1: 4.2},
                                   online=frozenset({1, 3}))
        assert lines == (i18n.t("online.away_bot_in", name="Li", n=5),
                         i18n.t("party.away", name="Bo"), i18n.t("online.bot", name="Cy"))
        phone, online = i18n.t("party.away", name="X"), i18n.t("online.away", name="X")
        assert phone != online and ("phone" in phone and "game" in online
                                    if lang == "en" else "手机" in phone and "游戏" in online)
    finally:
        i18n.set_language(before)


def test_with_phones_the_table_names_the_away_seats_and_offers_join_codes() -> None:
    party: Any = FakeParty()
    assert phones.bot_seats(party) == frozenset({1})
    assert len(phones.away_lines(party, NAMES)) == 1 and "Li" in phones.away_lines(party, NAMES)[0]
    assert phones.corner_extra(party) == (JOIN_CODES,)
    asked = phones.next_asked(party)
    assert asked is not None and asked() and party.asked == ["next_round"]
    pumped: list[bool] = []
    session: Any = SimpleNamespace(remote=party, pump=lambda paused: pumped.append(paused))
    phones.pump(session, SimpleNamespace(party_phones_deal=False), paused=True)  # type: ignore[arg-type]
    assert party.phones_deal is False and pumped == [True]


def _table(**settings: Any) -> tuple[Any, Any]:
    app = make_app()
    for k, v in settings.items():
        setattr(app.settings, k, v)
    app.start_match(config(4, 1, 3))
    table = app.scenes.top
    for _ in range(3000):
        if table.can_act() and table.ctl.game.to_act == table.viewer:
            return app, table
        pump(app, 1, 0.05)
    raise AssertionError("no human turn")


def test_the_log_button_folds_the_panel_and_remembers_it() -> None:
    app, table = _table(log_panel="open")
    assert table.log_open
    gestures.press(table, "log")
    assert not table.log_open and app.settings.log_panel == "closed"


def test_the_picker_focus_steps_round_the_four_colours() -> None:
    _app, table = _table()
    table.controls.picker.focus = 3
    gestures.do(table, intents.StepPicker(1))
    assert table.controls.picker.focus == 0
    gestures.do(table, intents.StepPicker(-1))
    assert table.controls.picker.focus == 3


def test_T1_hovering_an_unplayable_card_says_why_and_a_playable_one_says_nothing() -> None:
    _app, table = _table()
    legal = {a.cards[0] for a in table.ctl.legal(table.viewer) if isinstance(a, Play)}
    table.hand.set_cards(table.model.hand)
    table.refresh_controls()
    cards = [c.id for c in table.hand.cards]
    bad = next((i for i, c in enumerate(cards) if c not in legal), None)
    good = next((i for i, c in enumerate(cards) if c in legal), None)
    if bad is not None:
        gestures.hover(table, bad)
        assert table.hover_tip is not None and table.hover_tip[0] == bad and table.hover_tip[1]
    if good is not None:
        gestures.hover(table, good)
        assert table.hover_tip is None
    assert bad is not None or good is not None


def test_T6_the_uno_tip_is_said_once_per_player_and_saved() -> None:
    said: list[str] = []
    saved: list[bool] = []
    settings = SimpleNamespace(tip_uno_seen=False)
    view = SimpleNamespace(uno_exposed=0)
    table: Any = SimpleNamespace(
        app=SimpleNamespace(settings=settings, save_settings=lambda: saved.append(True)),
        ctl=SimpleNamespace(view=lambda seat: view), viewer=0,
        cues=SimpleNamespace(say=lambda toast: said.append(toast.text)))
    table.viewer = -1  # nobody's hand is shown: no tip
    overlays.tip_uno(table)
    assert said == [] and not settings.tip_uno_seen
    table.viewer = 0
    overlays.tip_uno(table)
    assert len(said) == 1 and settings.tip_uno_seen and saved == [True]
    overlays.tip_uno(table)  # seen: never again
    assert len(said) == 1 and saved == [True]


def test_the_cues_keep_one_toast_for_its_seconds_and_sound_quietly_without_audio() -> None:
    from game import i18n
    from game.rules.errors import IllegalAction
    from game.table import wording
    from game.table.cues import Cues

    i18n.set_language("en")
    played: list[str] = []
    clock = [10.0]
    cues = Cues(SimpleNamespace(play=played.append), lambda: clock[0])
    cues.say(wording.Toast("Hello", secs=2.0))
    assert cues.toast is not None and cues.toast[0] == "Hello" and cues.toast[2] == 12.0
    cues.expire(outlived=False)
    assert cues.toast is not None  # its seconds are not up
    clock[0] = 12.5
    cues.expire(outlived=False)
    assert cues.toast is None
    cues.show("x")
    cues.expire(outlived=True)  # gone at once
    assert cues.toast is None
    cues.refuse(IllegalAction("T1", "refusal.t1_no_match"))
    assert played == ["error"] and cues.toast is not None
    cues.acted()  # a refusal stays after acting; a hint goes
    assert cues.toast is not None
    cues.show(i18n.t("tbl.hint_prefix") + "Red 5")
    cues.acted()
    assert cues.toast is None

    def broken(name: str) -> None:
        raise RuntimeError("no mixer")

    Cues(SimpleNamespace(play=broken), lambda: 0.0).sound("click")  # sound is optional
