"""Party mode on the desktop: the Phone seat kind, the join screen with its QR codes,
the table as a spectator of phone seats, the away banner, Continue with the same links.
The real App, headless; the server on 127.0.0.1 (``UNO_PARTY_ADDRESS``)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from party_helpers import Phone
from ui_driver import click, make_app

from game.app import App
from game.config import MatchConfig, SeatConfig
from game.i18n import t
from game.party.protocol import new_secret
from game.rules.settings import RuleSettings
from game.scenes.new_game import NewGameModel, NewGameScene
from game.scenes.party_join import PartyJoinScene
from game.scenes.seat_panels import qr_surface
from game.storage import saves
from game.table import phones
from game.table.scene import TableScene


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("UNO_PARTY_ADDRESS", "127.0.0.1")
    a = make_app("--lang", "en")
    yield a
    a.shutdown()


def _config(kinds: str = "pap") -> MatchConfig:
    names = {"p": "phone", "a": "ai", "h": "human"}
    seats = tuple(SeatConfig(f"S{i}", names[k], "normal") for i, k in enumerate(kinds))  # type: ignore[arg-type]
    return MatchConfig(seats, RuleSettings(target_score=50), 9, new_secret())


def _until(app: App, cond, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        app.pump(1)
        time.sleep(0.005)


def _answer(app: App, phone: Phone, pred, timeout: float = 10.0) -> dict:
    """The phone's first message that ``pred`` accepts, while the table goes on
    drawing frames (the table answers a phone from its frame loop)."""
    end = time.monotonic() + timeout
    while True:
        assert time.monotonic() < end, "timed out"
        app.pump(1)
        try:
            msg = phone.recv(timeout=0.02)
        except TimeoutError:
            continue
        if pred(msg):
            return msg


def test_party_new_game_offers_phone_seats_with_a_secret():
    model = NewGameModel([{"kind": "human"}, {"kind": "phone"}, {"kind": "ai"}], "official", {},
                         ["easy", "normal", "hard"])
    assert [s["kind"] for s in model.seats] == ["human", "phone", "ai"]
    config = model.config(seed=1)
    assert config.phones == [1] and len(config.party_secret) == 32
    assert config.seats[1].name == "Phone 1"
    model.set_kind(1, "ai", "normal")
    assert model.config(seed=1).party_secret == ""  # no phones: no party, no secret


def _button(scene, text: str):
    """The scene's button showing ``text``."""
    return next(e for e in scene._elements if getattr(e, "text", None) == text)


def test_party_kind_cycles_through_phone(app: App):
    """Phone is the second stop of the seat-kind cycler (right after Human), and
    the cycler's tooltip names it (#35)."""
    app.open_scene("new_game")
    app.pump(2)
    sc = app.scenes.top
    assert isinstance(sc, NewGameScene)
    sc.cycle_kind(0, 1)  # Human -> Phone
    assert sc.model.seats[0]["kind"] == "phone"
    assert "Phone" in sc.kind_text(0)
    sc.cycle_kind(0, -1)
    assert sc.model.seats[0]["kind"] == "human"
    # (without the online extra the tooltip also says how to get Online seats, #38)
    assert "Phone" in sc.kind_tip()
    kind_buttons = [b for b in sc._elements if getattr(b, "tool_tip_text", None) == sc.kind_tip()]
    assert kind_buttons


def test_party_main_menu_entry_opens_new_game_with_phone_seats(app: App):
    """The main menu's "Phone party" opens New game with the host and two
    Phone seats (#35); a match started there goes to the join screen."""
    from game.scenes.menu import MenuScene

    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, _button(menu, t("menu.party")))
    sc = app.scenes.top
    assert isinstance(sc, NewGameScene) and sc.party
    assert [s["kind"] for s in sc.model.seats] == ["human", "phone", "phone"]
    assert sc.model.config(seed=1).phones == [1, 2]


def test_party_qr_code_encodes_the_link():
    surf = qr_surface("http://127.0.0.1:8765/#" + "A" * 22, 200)
    assert 150 <= surf.get_width() <= 200
    colours = {tuple(surf.get_at((x, y)))[:3] for x in range(0, surf.get_width(), 3)
               for y in range(0, surf.get_height(), 3)}
    assert colours == {(0, 0, 0), (255, 255, 255)}


def test_party_join_screen_lights_seats_then_the_table_spectates(app: App):
    config = _config("pap")
    app.start_match(config)
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene) and join.host.server.running
    assert join.start_button.text.startswith("Start (2")
    phone0 = Phone(join.host.server.port, join.host.token(0))
    phone2 = Phone(join.host.server.port, join.host.token(2))
    _until(app, lambda: join.host.connected() == {0, 2})
    app.pump(2)
    assert not phone0.state()["started"] and not phone2.state()["legal"]  # the host has not started
    assert join.start_button.text == "Start"
    click(app, join.start_button)
    for phone in (phone0, phone2):  # Start tells every phone
        assert phone.wait(lambda m: m["type"] == "state" and m["started"], timeout=5)["started"]
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.viewer == -1 and table.party is join.host  # no desktop human: a spectator
    from game.table.frame import level_badge

    assert [level_badge(table.config, s, table.viewer, phones.bot_seats(table.remote))
            for s in range(3)] == ["Phone", "Normal", "Phone"]
    host = table.party
    assert host.server.running
    # A phone acts; the table applies it through the controller and shows it.
    for phone, seat in ((phone0, 0), (phone2, 2)):
        state = phone.got[-1]
        while state["to_act"] != seat or not state["legal"]:
            app.pump(1)
            try:
                state = phone.recv(timeout=0.05)
            except TimeoutError:
                continue
        before = len(table.ctl.game.actions)
        phone.act(state["at"], next(a for a in state["legal"] if a["kind"] in ("play", "draw")))
        _until(app, lambda n=before: len(table.ctl.game.actions) > n)
        assert table.ctl.game.actions[before].seat == seat
    # A phone goes away: the table says so.
    phone0.close()
    _until(app, lambda: 0 in host.away())
    assert host.bot_after == 60
    away = table.frame().away  # the countdown to the bot that stands in (issue 35)
    assert len(away) == 1 and away[0].startswith("S0's phone is away: a bot plays in "), away
    assert 55 <= int(away[0].split("plays in ")[1].split()[0]) <= 60
    assert host.busy()  # the next frames are drawn even when the app is idle: the banner shows
    time.sleep(0.3)
    assert not host.busy()
    app.back_to_menu()
    app.pump(2)
    assert not host.server.running  # leaving the table closes the party server
    phone2.close()


def test_party_continue_opens_the_join_screen_with_the_same_links(app: App):
    config = _config("pa")
    app.start_match(config)
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    token = join.host.token(0)
    click(app, join.start_button)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    table.ctl.autosave()
    app.back_to_menu()
    app.pump(2)
    loaded, _notes = saves.load_autosave()
    assert loaded is not None and loaded.config.party_secret == config.party_secret
    app.start_match(loaded.config, loaded)
    app.pump(2)
    again = app.scenes.top
    assert isinstance(again, PartyJoinScene)
    assert again.host.token(0) == token
    phone = Phone(again.host.server.port, token)
    _until(app, lambda: again.host.connected() == {0})
    app.pump(2)
    assert phone.state()["seat"] == 0
    phone.close()
    app.back_to_menu()
    app.pump(1)


def test_party_bot_after_setting_is_checked_and_remembered_phone_seats_kept():
    from game.storage.user_settings import UserSettings

    assert UserSettings.from_dict({"party_bot_after": 30}).party_bot_after == 30
    assert UserSettings.from_dict({"party_bot_after": -5}).party_bot_after == 60
    assert UserSettings.from_dict({"party_bot_after": "soon"}).party_bot_after == 60
    seats = UserSettings.from_dict({"last_seats": [{"name": "", "kind": "phone",
                                                    "level": "normal"}]}).last_seats
    assert seats[0]["kind"] == "phone"


def test_party_join_screen_sets_when_a_bot_stands_in(app: App):
    app.settings.party_bot_after = 60
    app.start_match(_config("pa"))
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene) and join.host.bot_after == 60
    click(app, join.bot_button)
    assert app.settings.party_bot_after == 120 and join.host.bot_after == 120
    for _ in range(2):  # 300 s, then never
        click(app, join.bot_button)
    assert app.settings.party_bot_after == 0 and join.host.bot_after is None  # the match waits
    assert "waits" in join.bot_button.text
    app.back_to_menu()
    app.pump(1)


@pytest.mark.parametrize("allowed", [True, False])
def test_party_a_phone_presses_start_when_the_host_allows_it(app: App, allowed: bool):
    """Issue 35: with party_phones_deal on (the default) a phone's Start starts the
    match as the join screen's button does; off, the phone is told so."""
    app.settings.party_phones_deal = allowed
    app.start_match(_config("pa"))
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    phone = Phone(join.host.server.port, join.host.token(0))
    state = _answer(app, phone, lambda m: m["type"] == "state")
    assert state["may_deal"] == ("start" if allowed else "")
    phone.send({"type": "deal", "at": state["at"]})
    if allowed:
        _until(app, lambda: isinstance(app.scenes.top, TableScene))
        assert _answer(app, phone, lambda m: m["type"] == "state" and m["started"])["started"]
    else:
        assert _answer(app, phone, lambda m: m["type"] == "error")["code"] == "not_allowed"
        app.pump(3)
        assert app.scenes.top is join and not join.host.started
    phone.close()
    app.back_to_menu()
    app.pump(1)


def test_party_a_phone_deals_the_next_round_from_the_scoreboard(app: App):
    """Issue 35: at the end of a round the scoreboard waits; a phone's Next round
    (allowed by default) deals it, as the scoreboard's button does."""
    from types import SimpleNamespace

    from rigging import Faces, rig

    from game.scenes.scoreboard import ScoreboardScene

    app.settings.anim_speed = "off"
    config = _config("pa")
    c = Faces()
    game = rig(config.settings, hands=[c.ids("R1"), c.ids("Y1 Y2 Y9")], top=c("R3"))
    app.start_match(config, SimpleNamespace(game=game, meta=None))
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    app.pump(2)
    phone = Phone(join.host.server.port, join.host.token(0))
    _answer(app, phone, lambda m: m["type"] == "state")
    click(app, join.start_button)
    state = _answer(app, phone, lambda m: m["type"] == "state" and m["started"] and m["legal"])
    phone.act(state["at"], next(a for a in state["legal"] if a["kind"] == "play"))
    over = _answer(app, phone, lambda m: m["type"] == "state" and m["phase"] == "round_over")
    assert over["may_deal"] == "next_round"
    _until(app, lambda: isinstance(app.scenes.top, ScoreboardScene))
    phone.send({"type": "deal", "at": over["at"]})
    _until(app, lambda: isinstance(app.scenes.top, TableScene))
    table = app.scenes.top
    assert table.ctl.game.view(0).round_no == 2
    phone.close()
    app.back_to_menu()
    app.pump(1)


def test_party_seat_kind_words_come_with_the_new_game_screen():
    import subprocess
    import sys

    code = ("import game.scenes.new_game, game.i18n as i; i.set_language('zh'); "
            "assert i.t('party.phone_seat') == '手机', i.t('party.phone_seat')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-300:]


def test_party_phones_are_answered_while_a_menu_covers_the_table(app: App):
    app.start_match(_config("pa"))
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    click(app, join.start_button)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    from game.scenes.pause import PauseScene

    app.scenes.push(PauseScene(app, table.config.settings))
    app.pump(2)
    phone = Phone(table.party.server.port, table.party.token(0))
    _until(app, lambda: table.party.connected() == {0})
    app.pump(2)
    state = phone.state(timeout=2)  # a (re)joining phone gets its hand at once...
    before = len(table.ctl.game.actions)
    phone.act(state["at"], {"kind": "draw"})
    err = _answer(app, phone, lambda m: m["type"] == "error")
    assert err["code"] == "paused"  # ...but the match waits while the host is in a menu
    assert len(table.ctl.game.actions) == before
    phone.close()
    app.back_to_menu()
    app.pump(1)


def test_party_join_screen_reissues_a_seats_link_and_continue_keeps_it(app: App):
    """"New link" on a phone seat's panel: the old link stops working (its phone is
    disconnected), the panel shows the new one, and Continue brings the new one back."""
    config = _config("pap")
    app.start_match(config)
    app.pump(2)
    join = app.scenes.top
    assert isinstance(join, PartyJoinScene)
    assert set(join.new_link_buttons) == {0, 2}
    assert all(b.text == "New link" for b in join.new_link_buttons.values())
    old = join.host.token(0)
    kept = join.host.token(2)
    phone = Phone(join.host.server.port, old)
    _until(app, lambda: join.host.connected() == {0})
    app.pump(2)
    url_before = join.host.url(0)
    click(app, join.new_link_buttons[0])
    new = join.host.token(0)
    assert new != old and join.host.token(2) == kept
    assert join.host.url(0) == url_before.replace(old, new)
    assert _answer(app, phone, lambda m: m["type"] == "error")["code"] == "bad_token"
    _until(app, lambda: join.host.connected() == frozenset())
    assert join.config.party_reissued == (1, 0, 0)
    click(app, join.start_button)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.config.party_reissued == (1, 0, 0)
    table.ctl.autosave()
    app.back_to_menu()
    app.pump(2)
    loaded, _notes = saves.load_autosave()
    assert loaded is not None and loaded.config.party_reissued == (1, 0, 0)
    app.start_match(loaded.config, loaded)
    app.pump(2)
    again = app.scenes.top
    assert isinstance(again, PartyJoinScene)
    assert again.host.token(0) == new and again.host.token(2) == kept
    phone.close()
    app.back_to_menu()
    app.pump(1)


def test_party_new_link_words_in_both_languages():
    from game import i18n

    assert i18n.tl("en", "party.new_link") == "New link"
    assert i18n.tl("zh", "party.new_link") == "新链接"
    for lang in ("en", "zh"):
        assert i18n.tl(lang, "party.new_link_tip") != "party.new_link_tip"
