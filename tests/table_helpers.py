"""Shared helpers of the table tests: a real App when the shell's is importable,
else a minimal stand-in with the same attributes (and a real pygame_gui UIManager)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import dataclass  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.config import MatchConfig, SeatConfig  # noqa: E402
from game.rules.actions import WrongPlay  # noqa: E402
from game.rules.settings import OFFICIAL, RuleSettings  # noqa: E402
from game.scenes.base import SceneStack  # noqa: E402
from game.scenes.write_notices import WriteNotices  # noqa: E402

NAMES = ["Ann", "Li", "Wang", "Zhang", "Chen", "Liu", "Yang", "Zhao", "Huang", "Zhou"]


@dataclass
class FakeSettings:
    language: str = "en"
    anim_speed: str = "off"
    colourblind: bool = False
    card_size: str = "medium"
    hard_think_ms: int = 50
    hand_order: str = "sorted"
    confirm_play: bool = False
    party_bot_after: int = 60
    party_phones_deal: bool = True
    log_panel: str = "auto"
    tip_uno_seen: bool = True  # the T6 tip is tested on its own
    table_legend: bool = True


class SoundLog:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


class FakeApp:
    """The services the table and its overlays use (game.scenes.services.Services),
    opening screens by name from the real registry (game.screens)."""

    version = "test"
    seed = None

    def __init__(self, size: tuple[int, int] = (1024, 640), lang: str = "en",
                 anim_speed: str = "off") -> None:
        pygame.init()
        self.screen = pygame.display.set_mode(size)
        self.size = size
        self.settings = FakeSettings(language=lang, anim_speed=anim_speed)
        i18n.set_language(lang)
        theme: Any = None
        try:
            from game.ui.theme import build_theme
            theme = build_theme(size)
        except ImportError:
            pass
        self.ui = pygame_gui.UIManager(size, theme, starting_language=lang)
        self.audio = SoundLog()
        self.scenes = SceneStack()
        self.started: list[MatchConfig] = []
        self.menu = False
        self.persist = True  # as game.app.App outside scripted runs
        self.write_notices = WriteNotices()
        self.settings_saved = 0

    def audio_click(self) -> None:
        self.audio.play("click")

    def open(self, name: str, /, **data: Any) -> None:
        from game.screens import make
        self.scenes.push(make(name, self, **data))

    def close(self, scene: object) -> None:
        if self.scenes.top is scene:
            self.scenes.pop()

    def is_top(self, scene: object) -> bool:
        return self.scenes.top is scene

    def running_match(self) -> Any:
        return None

    def save_settings(self) -> bool:
        self.settings_saved += 1
        return True

    def quit(self) -> None:
        self.menu = True

    def start_match(self, config: MatchConfig, loaded: Any = None) -> None:
        from game.session import start_session
        self.started.append(config)
        while len(self.scenes):
            self.scenes.pop()
        session = start_session(config, loaded, prefs=self.settings, persist=self.persist)
        self.open("table", session=session)

    def back_to_menu(self) -> None:
        while len(self.scenes):
            self.scenes.pop()
        self.menu = True

    def apply_settings(self) -> None:
        i18n.set_language(self.settings.language)
        for scene in self.scenes:
            scene.on_resize(self.size)

    def frame(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 60) -> None:
        for event in list(events or []) + pygame.event.get():
            consumed = self.ui.process_events(event)
            top = self.scenes.top
            if top is not None and not consumed:
                top.handle_event(event)
        self.ui.update(dt)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        for scene in self.scenes:  # as game.app.App.frame does
            if scene is not top:
                scene.update_below(dt)
        self.draw()

    def pump(self, frames: int = 1, dt: float = 1 / 60) -> None:
        """As game.app.App.pump: queued events, then ``frames`` frames."""
        for _ in range(frames):
            self.frame(None, dt)

    def draw(self) -> None:
        pygame.event.pump()
        self.screen.fill((6, 44, 27))
        for scene in self.scenes.visible():
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)


def make_app(size: tuple[int, int] = (1024, 640), lang: str = "en",
             anim_speed: str = "off") -> FakeApp:
    return FakeApp(size, lang, anim_speed)


def seats(n: int, humans: int = 1, level: str = "random") -> tuple[SeatConfig, ...]:
    out = []
    for i in range(n):
        kind = "human" if i < humans else "ai"
        out.append(SeatConfig(NAMES[i], kind, level))  # type: ignore[arg-type]
    return tuple(out)


def config(n: int = 4, humans: int = 1, seed: int = 1, settings: RuleSettings = OFFICIAL,
           level: str = "random") -> MatchConfig:
    return MatchConfig(seats(n, humans, level), settings, seed)


def pump(app: FakeApp, frames: int = 1, dt: float = 1 / 60,
         events: list[pygame.event.Event] | None = None) -> None:
    for i in range(frames):
        app.frame(events if i == 0 else None, dt)


def click(pos: tuple[int, int], mods: int = 0) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=mods),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, mod=mods)]


def key(k: int, mods: int = 0) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mods, unicode="", scancode=0)]


class Texts:
    """Every text the app draws in a frame through the table's text helpers
    (:mod:`game.ui.draw_kit`'s ``text``, ``fit_text``, ``text_block``), each string once however many
    rows or tries it took."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from game.ui import draw_kit as kit

        self.lines: list[str] = []
        self._depth = 0  # inside fit_text / text_block: their own kit.text calls are theirs

        def whole(real: Any) -> Any:
            def draw(s: str, *a: Any, **k: Any) -> pygame.Surface:
                if not self._depth:
                    self.lines.append(s)
                self._depth += 1
                try:
                    return real(s, *a, **k)
                finally:
                    self._depth -= 1
            return draw

        for name in ("text", "fit_text", "text_block"):
            monkeypatch.setattr(kit, name, whole(getattr(kit, name)))

    def frame(self, app: Any) -> list[str]:
        self.lines.clear()
        app.draw()
        return list(self.lines)


def human_moves(app: Any, table: Any) -> None:
    """Wait for the human's turn at ``table`` and make one move (and the save after it)."""
    for _ in range(2000):
        if table.can_act():
            legal = [a for a in table.ctl.legal(table.viewer) if not isinstance(a, WrongPlay)]
            if legal:
                table.act(legal[0])
                table.ctl.flush_saves()
                app.pump(1, dt=0.05)
                return
        app.pump(1, dt=0.05)
    raise AssertionError("the human never got a turn")
