"""Hot-seat privacy: no human's hand is drawn for anyone but its owner.

"Shown" is judged on what the frame actually draws: every card face the
renderer is asked for (:func:`game.ui.card_art.card_face`) and every line of
text, never on a flag. The curtain lifts only on its deliberate confirm (its
button, Enter, Space); every other input leaves every hand hidden.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from rigging import Faces, rig
from table_helpers import config, key, make_app, pump

from game import i18n
from game.controller import MatchController
from game.rules.actions import Draw
from game.rules.events import Event
from game.scenes.curtain import CurtainScene
from game.scenes.pause import PauseScene
from game.scenes.scoreboard import ScoreboardScene
from game.session import Session
from game.table import gestures, hotseat, intents
from game.table.scene import TableScene
from game.ui import card_art
from game.ui import draw_kit as kit
from game.ui.event_text import cards_name

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Screen:
    """Records what each frame draws: card faces (ids) and text. Only while
    the app draws: faces made ahead of time for a cache are not on the screen."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.faces: set[int] = set()
        self.texts: list[str] = []
        self.drawing = False
        real_face, real_text, real_fit = card_art.card_face, kit.text, kit.fit_text

        def face(card: Any, *a: Any, **k: Any) -> pygame.Surface:
            if self.drawing:
                self.faces.add(card.id)
            return real_face(card, *a, **k)

        def text(s: str, *a: Any, **k: Any) -> pygame.Surface:
            if self.drawing:
                self.texts.append(s)
            return real_text(s, *a, **k)

        def fit(s: str, *a: Any, **k: Any) -> pygame.Surface:
            if self.drawing:
                self.texts.append(s)
            return real_fit(s, *a, **k)

        monkeypatch.setattr(card_art, "card_face", face)
        monkeypatch.setattr(kit, "text", text)
        monkeypatch.setattr(kit, "fit_text", fit)

    def frame(self, app: Any, dt: float = 1 / 60,
              events: list[pygame.event.Event] | None = None) -> None:
        self.faces.clear()
        self.texts.clear()
        real = type(app).draw

        def draw() -> None:
            self.drawing = True
            try:
                real(app)
            finally:
                self.drawing = False

        app.draw = draw
        try:
            pump(app, 1, dt, events)
        finally:
            del app.draw


def hands(table: TableScene, but: int = -1) -> set[int]:
    """Card ids in the hands of every human seat except ``but``."""
    return {c.id for s in table.config.humans if s != but for c in table.ctl.view(s).hand}


def start(n: int = 4, humans: int = 2, seed: int = 3, game: Any = None,
          speed: str = "off") -> tuple[Any, TableScene]:
    app = make_app((1024, 640), "en", speed)
    cfg = config(n, humans, seed)
    ctl = MatchController(cfg, game, persist=False)
    table = TableScene(app, Session(ctl, fresh=game is None))
    app.scenes.push(table)
    return app, table


def until_curtain(app: Any, limit: int = 3000) -> CurtainScene:
    for _ in range(limit):
        if isinstance(app.scenes.top, CurtainScene):
            return app.scenes.top
        pump(app, 1, 0.05)
    raise AssertionError("no curtain")


def confirm(app: Any, curtain: CurtainScene) -> None:
    pump(app, 1, 0.3)  # past the guard against the click that ended the last turn
    pump(app, 1, events=key(pygame.K_RETURN))
    assert app.scenes.top is not curtain


# ------------------------------------------------------------ every input on the curtain

def _key_names() -> list[str]:
    by_value: dict[int, str] = {}
    for name, value in sorted(vars(pygame).items()):
        if name.startswith("K_") and isinstance(value, int):
            by_value.setdefault(value, name)
    return sorted(by_value.values())


def _keyboard_cases() -> list[Any]:
    cases = []
    for name in _key_names():
        k = getattr(pygame, name)
        if k not in CONFIRM_KEYS:
            cases.append(pytest.param("down", name, id=f"keydown-{name}"))
        cases.append(pytest.param("up", name, id=f"keyup-{name}"))
    return cases


def _key_event(kind: str, name: str) -> pygame.event.Event:
    k = getattr(pygame, name)
    etype = pygame.KEYDOWN if kind == "down" else pygame.KEYUP
    return pygame.event.Event(etype, key=k, mod=0, unicode="", scancode=0, window=None)


def _other_cases() -> list[Any]:
    E = pygame.event.Event
    cases: list[Any] = []
    for button in range(1, 8):
        for where in ("corner", "centre", "button"):
            if button == 1 and where == "button":
                continue  # that is the confirm
            cases.append(pytest.param(("click", button, where), id=f"click-{button}-{where}"))
    cases.append(pytest.param(("up_only", 1, "button"), id="release-1-on-button"))
    cases.append(pytest.param(("down_only", 1, "button"), id="press-1-on-button"))
    plain = {
        "wheel-up": E(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                      which=0, touch=False),
        "wheel-down": E(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                        precise_y=-1.0, which=0, touch=False),
        "wheel-side": E(pygame.MOUSEWHEEL, x=1, y=0, flipped=False, precise_x=1.0, precise_y=0.0,
                        which=0, touch=False),
        "motion": E(pygame.MOUSEMOTION, pos=(500, 300), rel=(5, 5), buttons=(1, 0, 0), touch=False),
        "text-space": E(pygame.TEXTINPUT, text=" "),
        "text-return": E(pygame.TEXTINPUT, text="\r"),
        "text-a": E(pygame.TEXTINPUT, text="a"),
        "text-zh": E(pygame.TEXTINPUT, text="好"),
        "editing": E(pygame.TEXTEDITING, text="ni", start=0, length=2),
        "video-resize": E(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700),
        "video-expose": E(pygame.VIDEOEXPOSE),
        "active": E(pygame.ACTIVEEVENT, gain=1, state=1),
        "quit": E(pygame.QUIT),
        "finger-down": E(pygame.FINGERDOWN, touch_id=0, finger_id=0, x=0.5, y=0.5, dx=0.0, dy=0.0),
        "finger-up": E(pygame.FINGERUP, touch_id=0, finger_id=0, x=0.5, y=0.5, dx=0.0, dy=0.0),
        "joy-button": E(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=0),
        "pad-a": E(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=0),
        "drop-file": E(pygame.DROPFILE, file="x.json"),
        "user": E(pygame.USEREVENT),
        "keymap": E(pygame.KEYMAPCHANGED),
    }
    for name in ("WINDOWSHOWN", "WINDOWHIDDEN", "WINDOWEXPOSED", "WINDOWMOVED", "WINDOWRESIZED",
                 "WINDOWSIZECHANGED", "WINDOWMINIMIZED", "WINDOWMAXIMIZED", "WINDOWRESTORED",
                 "WINDOWENTER", "WINDOWLEAVE", "WINDOWFOCUSGAINED", "WINDOWFOCUSLOST",
                 "WINDOWCLOSE", "WINDOWTAKEFOCUS", "WINDOWHITTEST"):
        etype = getattr(pygame, name, None)
        if etype is not None:
            plain[name.lower()] = E(etype, x=1100, y=700, window=None)
    for name, event in plain.items():
        cases.append(pytest.param(("event", event), id=name))
    return cases


@pytest.fixture(scope="module")
def at_curtain() -> Any:
    app, table = start()
    until_curtain(app)
    return app, table


def _back_to_curtain(app: Any) -> CurtainScene:
    while not isinstance(app.scenes.top, CurtainScene):
        assert len(app.scenes) > 1, "the curtain was lifted"
        app.scenes.pop()
    return app.scenes.top


def _mouse(curtain: CurtainScene, app: Any, spec: tuple[Any, ...]) -> list[pygame.event.Event]:
    kind, button, where = spec
    pos = {"corner": (5, 5), "centre": (app.size[0] // 2, app.size[1] // 2),
           "button": curtain.confirm_button.rect.center}[where]
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
    return {"click": [down, up], "up_only": [up], "down_only": [down]}[kind]


def _assert_nothing_shown(app: Any, table: TableScene, screen: Screen) -> None:
    assert any(isinstance(s, CurtainScene) for s in app.scenes), "the curtain was lifted"
    assert table.viewer == -1
    assert not screen.faces & hands(table), "a hand was drawn"


@pytest.mark.parametrize(("kind", "name"), _keyboard_cases())
def test_curtain_stays_down_on_every_key(at_curtain: Any, kind: str, name: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = at_curtain
    _back_to_curtain(app)
    screen = Screen(monkeypatch)
    screen.frame(app, 0.3)
    screen.frame(app, events=[_key_event(kind, name)])
    screen.frame(app)
    _assert_nothing_shown(app, table, screen)


@pytest.mark.parametrize("case", _other_cases())
def test_curtain_stays_down_on_every_other_input(at_curtain: Any, case: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = at_curtain
    curtain = _back_to_curtain(app)
    screen = Screen(monkeypatch)
    screen.frame(app, 0.3)
    events = [case[1]] if case[0] == "event" else _mouse(curtain, app, case)
    for event in events:
        screen.frame(app, events=[event])
    screen.frame(app)
    _assert_nothing_shown(app, table, screen)


def test_esc_on_the_curtain_opens_the_pause_menu_with_every_hand_hidden(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = start()
    curtain = until_curtain(app)
    screen = Screen(monkeypatch)
    screen.frame(app, 0.3)
    screen.frame(app, events=key(pygame.K_ESCAPE))
    assert isinstance(app.scenes.top, PauseScene)
    screen.frame(app)
    _assert_nothing_shown(app, table, screen)
    app.scenes.top.resume_match()
    assert app.scenes.top is curtain
    screen.frame(app)
    _assert_nothing_shown(app, table, screen)


@pytest.mark.parametrize("how", ["button", "K_RETURN", "K_KP_ENTER", "K_SPACE"])
def test_curtain_confirm_shows_only_the_named_players_hand(
        how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = start()
    curtain = until_curtain(app)
    seat = table.ctl.game.to_act
    assert curtain.name == table.ctl.names[seat]
    screen = Screen(monkeypatch)
    screen.frame(app, 0.3)
    if how == "button":
        pos = curtain.confirm_button.rect.center
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)]
    else:
        events = key(getattr(pygame, how))
    screen.frame(app, events=events)
    screen.frame(app)
    assert app.scenes.top is table and table.viewer == seat
    own = {c.id for c in table.ctl.view(seat).hand}
    assert own <= screen.faces  # the named player's hand is on the screen...
    assert not screen.faces & hands(table, but=seat)  # ...and no other human's


# ------------------------------------------------------------ every other path

def _at_own_turn(monkeypatch: pytest.MonkeyPatch, **kw: Any) -> tuple[Any, TableScene, Screen]:
    app, table = start(**kw)
    confirm(app, until_curtain(app))
    screen = Screen(monkeypatch)
    screen.frame(app)
    seat = table.viewer
    assert {c.id for c in table.ctl.view(seat).hand} <= screen.faces
    return app, table, screen


def test_pause_over_a_hot_seat_hand_hides_it(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table, screen = _at_own_turn(monkeypatch)
    screen.frame(app, events=key(pygame.K_ESCAPE))
    assert isinstance(app.scenes.top, PauseScene)
    screen.frame(app)
    assert not screen.faces & hands(table)
    # Nor does the text on the table (ticker, hint) name a card of a hand.
    held = hands(table)
    assert not any(cards_name((c,), "en") in line for line in screen.texts for c in held)


def test_resume_puts_the_curtain_back_before_any_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table, screen = _at_own_turn(monkeypatch)
    seat = table.viewer
    screen.frame(app, events=key(pygame.K_ESCAPE))
    app.scenes.top.resume_match()  # whoever presses Resume may not be the owner
    for _ in range(5):
        screen.frame(app)
        assert not screen.faces & hands(table)
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene) and curtain.name == table.ctl.names[seat]
    confirm(app, curtain)
    screen.frame(app)
    assert {c.id for c in table.ctl.view(seat).hand} <= screen.faces


def test_language_switch_and_resize_under_pause_and_curtain_show_no_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, table, screen = _at_own_turn(monkeypatch)
    screen.frame(app, events=key(pygame.K_ESCAPE))
    try:
        for lang, size in (("zh", (1280, 720)), ("en", (1024, 640))):
            app.settings.language = lang
            app.size = size
            app.ui.set_window_resolution(size)
            app.screen = pygame.display.set_mode(size)
            app.apply_settings()
            screen.frame(app)
            assert not screen.faces & hands(table)
        app.scenes.top.resume_match()
        curtain = until_curtain(app)
        app.settings.language = "zh"
        app.apply_settings()
        screen.frame(app)
        assert app.scenes.top is curtain and not screen.faces & hands(table)
    finally:
        i18n.set_language("en")


def test_a_hint_is_not_shown_to_the_next_player(monkeypatch: pytest.MonkeyPatch) -> None:
    c = Faces()
    game = rig(hands=[c.ids("R5 G7"), c.ids("B1 Y2 G3"), c.ids("B3 G4")], top=c("R3"),
               draw_pile=[c("B9")], to_act=0)
    app, table = start(n=3, game=game)
    confirm(app, until_curtain(app))
    assert table.viewer == 0
    screen = Screen(monkeypatch)
    table.give_hint()
    screen.frame(app)
    prefix = i18n.t("tbl.hint_prefix")
    assert any(line.startswith(prefix) for line in screen.texts)
    # The player ignores the hint and draws (an unplayable card): the hinted
    # card stays in their hand and the screen goes to the next human.
    gestures.do(table, intents.TakeAction((Draw,)))
    curtain = until_curtain(app)
    assert curtain.name == table.ctl.names[1]
    confirm(app, curtain)
    for _ in range(3):
        screen.frame(app)
        assert table.viewer == 1
        assert not any(line.startswith(prefix) for line in screen.texts)


def test_next_round_deals_face_down_until_the_curtain(monkeypatch: pytest.MonkeyPatch) -> None:
    c = Faces()
    game = rig(hands=[c.ids("R5"), c.ids("G7 B1 Y2"), c.ids("B3 G4"), c.ids("Y9 Y8")],
               top=c("R3"), to_act=0, uno_declared=0)
    app, table = start(game=game, speed="normal")  # the deal flies: it is drawn
    confirm(app, until_curtain(app))
    assert table.viewer == 0
    table.click_card(0)  # the last card: the round ends
    for _ in range(200):
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        pump(app, 1, 0.05)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene)
    screen = Screen(monkeypatch)
    board.press("next")
    for _ in range(400):
        screen.frame(app, 1 / 30)
        assert not screen.faces & hands(table), "a new hand was dealt face up to the room"
        if isinstance(app.scenes.top, CurtainScene):
            break
    assert isinstance(app.scenes.top, CurtainScene)


def test_the_challenge_verdict_shows_the_hand_only_to_the_challenger() -> None:
    app, table = start(humans=3)
    confirm(app, until_curtain(app))
    challenger = table.viewer
    target = next(s for s in table.config.humans if s != challenger)
    third = next(s for s in table.config.humans if s not in (challenger, target))
    held = tuple(c.id for c in table.ctl.view(target).hand)
    shown = cards_name(held, "en")
    table.ingest([Event("challenge", challenger, target, held, value=1)])
    pump(app, 1)
    assert any(shown in line for line in table.journal.panel.lines)
    hotseat.pass_screen(table, third)
    assert not any(shown in line for line in table.journal.panel.lines + table.journal.ticker)


def test_a_loaded_hot_seat_match_starts_behind_the_curtain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = start()
    confirm(app, until_curtain(app))
    game = table.ctl.game
    app2, table2 = start(game=game)
    screen = Screen(monkeypatch)
    for _ in range(40):
        screen.frame(app2, 0.05)
        assert not screen.faces & hands(table2)
    assert isinstance(app2.scenes.top, CurtainScene)


def test_replay_of_a_hot_seat_match_draws_the_hands_face_down(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from game.scenes.replay import ReplayScene
    from game.storage.saves import save_match

    app, table = start()
    confirm(app, until_curtain(app))
    path = save_match(tmp_path / "hot.json", table.config, table.ctl.game)
    replay = ReplayScene(app, path)
    app.scenes.push(replay)
    screen = Screen(monkeypatch)
    for k in range(replay.total + 1):
        replay.goto(k)
        screen.frame(app)
        game = replay.stepper.game
        held = {c.id for s in table.config.humans for c in game.view(s).hand}
        assert not screen.faces & held
