"""The application shell: one window, one UIManager, the scene stack, the main loop.

The loop renders at 60 fps while something moves (a scene says
``is_animating()``) or the player is using mouse/keyboard, and otherwise
sleeps in ``pygame.event.wait`` so an idle menu costs almost no CPU.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import __version__, debug_probe, i18n, screens, window_place
from game.cli import PROG, CliError, display_problem, match_config_from_args, parse_args
from game.first_frame import MIN_SIZE, clamp_size, open_window, set_icon, window_mode
from game.paths import check_home
from game.scenes.base import SceneStack
from game.scenes.dialog import confirm
from game.scenes.write_notices import KINDS as WRITE_KINDS
from game.scenes.write_notices import Toasts, WriteNotices
from game.session import Session, start_session, start_tutorial
from game.storage.user_settings import UserSettings, load_settings
from game.storage.user_settings import save_settings as _save_settings
from game.ui import theme

if TYPE_CHECKING:
    from game.config import MatchConfig
    from game.controller import MatchController

log = logging.getLogger(__name__)

ACTIVE_FPS = 60
IDLE_SLEEP_S = 0.03  # idle: look for input ~30 times a second; redraw only when needed
BUSY_AFTER_INPUT_S = 1.5  # keep full frame rate this long after the last input
SETTLE_FRAMES = 2  # idle frames still drawn after the busy ones: a scene that has just
# stopped animating may change once more in its next update (the table's action row)
INPUT_EVENTS = {
    pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
    pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING,
    pygame.WINDOWENTER, pygame.WINDOWFOCUSGAINED, pygame.VIDEOEXPOSE,
}
SELF_TEST_ELSEWHERE = "--self-test runs from the launcher: uno --self-test, python -m game.selftest"


class _SilentAudio:
    """Stands in when the audio module cannot start: every call does nothing."""

    def play(self, name: str) -> None: ...
    def set_volumes(self, sfx: float, music: float) -> None: ...
    def start_music(self) -> None: ...


def _make_audio() -> Any:
    try:
        from game.ui.audio import Audio

        return Audio()
    except Exception as exc:  # no module yet, no sound card, broken files...
        log.warning("audio disabled: %s", exc)
        return _SilentAudio()


class App:
    """The running game. Scenes reach everything through their ``app``."""

    def __init__(self, args: argparse.Namespace | None = None) -> None:
        self.args: argparse.Namespace = args if args is not None else parse_args([])
        try:
            from game.logs import setup_logging

            setup_logging()
        except Exception:  # logging must never stop the game
            pass
        self.version = __version__
        # A scripted run (a frame count, a screenshot) writes no saves,
        # statistics or settings: it must never replace the player's own.
        self.persist = self.args.frames is None and not self.args.screenshot
        pygame.init()
        self.settings: UserSettings = load_settings()
        if self.args.lang:
            self.settings.language = self.args.lang
        i18n.set_language(self.settings.language)

        self._fullscreen, self._windowed_size = window_mode(self.args, self.settings)
        if self.args.size:  # the window asked for is the one kept, as a resize by hand is
            self.settings.window_size = self._windowed_size
            self.settings.fullscreen = False
        set_icon()
        self.screen: pygame.Surface = self._set_mode()
        if not self._fullscreen:
            window_place.restore(self.settings.window_pos, self._windowed_size)
        self.size: tuple[int, int] = self.screen.get_size()
        self._theme_key = theme.ui_scale(self.size)
        self.ui = pygame_gui.UIManager(self.size, theme.build_theme(self.size),
                                       enable_live_theme_updates=False,
                                       starting_language=self.settings.language)
        self.audio: Any = _make_audio()
        self._apply_volumes()
        self.clock = pygame.time.Clock()
        self.scenes = SceneStack()
        self.write_notices = WriteNotices()  # failed writes, told once (scenes report here)
        self.toasts = Toasts()
        self.session: Session | None = None  # the match being played (game.session)
        self.running = False
        self.exit_code = 0
        self.frame_count = 0
        self._last_input = time.monotonic()
        self._last_draw = 0.0
        self._close_question: object | None = None  # the party's "Close the game?" while asked
        self.probe = debug_probe.from_env()  # tests driving the real window; None normally
        self._update_caption()
        self._start()

    # ------------------------------------------------------------ window
    _clamp_size = staticmethod(clamp_size)

    def _set_mode(self) -> pygame.Surface:
        return open_window(self._fullscreen, self._windowed_size)

    def _update_caption(self) -> None:
        pygame.display.set_caption(f"{i18n.t('app.title')} {self.version}")

    def _on_window_resized(self, size: tuple[int, int]) -> None:
        surface = pygame.display.get_surface()
        if surface is None:
            return
        if not self._fullscreen and (size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]):
            self._windowed_size = self._clamp_size(size)
            surface = self._set_mode()
        elif not self._fullscreen:
            self._windowed_size = (size[0], size[1])
            self.settings.window_size = self._windowed_size
        self.screen = surface
        new_size = surface.get_size()
        if new_size == self.size:
            return
        self.size = new_size
        self.ui.set_window_resolution(self.size)
        self._refresh_theme()
        for scene in self.scenes:
            scene.on_resize(self.size)

    def _refresh_theme(self, force: bool = False) -> None:
        key = theme.ui_scale(self.size)
        if force or key != self._theme_key:
            self._theme_key = key
            self.ui.get_theme().load_theme(theme.build_theme(self.size))
            self.ui.rebuild_all_from_changed_theme_data()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self._fullscreen
        self.apply_settings()
        self.save_settings()

    # ---------------------------------------------------------- settings
    def _apply_volumes(self) -> None:
        try:
            self.audio.set_volumes(self.settings.sfx_volume, self.settings.music_volume)
        except Exception as exc:
            log.warning("cannot set volumes: %s", exc)

    def apply_settings(self) -> None:
        """Make the settings take effect now: language, volumes, window, theme, layouts."""
        s = self.settings
        i18n.set_language(s.language)
        self.ui.set_locale(s.language)
        self._apply_volumes()
        want_size = self._clamp_size(tuple(s.window_size))
        mode_changed = bool(s.fullscreen) != self._fullscreen
        if not s.fullscreen and want_size != self._windowed_size:
            self._windowed_size = want_size
            mode_changed = True
        if mode_changed:
            self._fullscreen = bool(s.fullscreen)
            self.screen = self._set_mode()
            self.size = self.screen.get_size()
            self.ui.set_window_resolution(self.size)
        self._refresh_theme(force=True)
        self._update_caption()
        for scene in self.scenes:
            scene.on_resize(self.size)

    def save_settings(self) -> bool:
        """Save the settings; a failure is told to the player once (``write_notices``)."""
        try:
            reason = _save_settings(self.settings).reason
        except Exception as exc:
            log.error("cannot save settings: %s", exc)
            reason = "other"
        self.write_notices.report("settings", reason)
        return not reason

    def audio_click(self) -> None:
        try:
            self.audio.play("click")
        except Exception:
            pass

    # ------------------------------------------------------------ scenes
    def _start(self) -> None:
        self.scenes.push(screens.make("menu", self))
        try:
            config = match_config_from_args(self.args)
        except CliError as exc:  # parse_args checked it already; be safe anyway
            log.error("bad command line: %s", exc)
            config = None
        if config is not None:
            self.start_match(config)
        elif self.args.scene:
            self.open_scene(self.args.scene)

    def open_scene(self, name: str) -> None:
        """``--scene``: open a screen that needs no data (``screens.WITHOUT_DATA``)."""
        if name in screens.WITHOUT_DATA and name != "menu":  # the menu is open already
            self.open(name)

    def open(self, name: str, /, **data: Any) -> None:
        """Open the screen registered as ``name`` (game.screens) on top, with ``data``."""
        self.scenes.push(screens.make(name, self, **data))

    def close(self, scene: object) -> None:
        """Close ``scene`` if it is on top (a scene leaving by itself)."""
        if self.scenes.top is scene:
            self.scenes.pop()

    def is_top(self, scene: object) -> bool:
        return self.scenes.top is scene

    @property
    def seed(self) -> int | None:
        """The seed asked for on the command line (``--seed``)."""
        seed = self.args.seed
        return None if seed is None else int(seed)

    def start_match(self, config: MatchConfig, loaded: Any = None) -> None:
        """Leave the menus and sit down at the table (menu kept underneath): the match
        is built by game.session; with phone seats the phones join first (game/party)."""
        self.back_to_menu()  # the match left behind is saved and closed
        session = start_session(config, loaded, prefs=self.settings, persist=self.persist,
                                on_write=self.write_notices.report)
        self.session = session
        first = ("online_join" if config.online else "party_join" if session.party is not None
                 else "table")  # online seats get their codes, then the phones join
        self.open(first, session=session)

    def start_tutorial(self, restart: bool = False) -> None:
        """Sit down at the tutorial (#39), where it was left unless ``restart``
        (game.session builds it too)."""
        self.back_to_menu()
        session = start_tutorial(prefs=self.settings, restart=restart, persist=self.persist)
        self.session = session
        self.open("table", session=session)

    def running_match(self) -> MatchController | None:
        """The match being played and not over (the saves screen offers "Save here")."""
        session = self.session
        if session is None or session.closed or session.controller.is_over:
            return None
        return session.controller

    def back_to_menu(self) -> None:
        self.scenes.clear_to(screens.make("menu", self))
        self.session = None

    def _ask_before_closing(self) -> bool:
        """The window's close button in a party match: a question first, saying what
        happens to the phones (True: asked). Closing again while it is asked closes."""
        if self._close_question is not None and self._close_question in list(self.scenes):
            return False
        session = self.session
        if session is None or session.closed or session.remote is None:
            return False
        text = (i18n.t("party.close_text") if session.party is not None
                else i18n.t("online.close_text"))
        if session.party is not None and session.online is not None:
            text += "\n\n" + i18n.t("online.quit_guests")
        confirm(self, i18n.t("party.close_title"), text, self.quit,
                yes=i18n.t("party.close_yes"), no=i18n.t("dialog.cancel"))
        self._close_question = self.scenes.top
        return True

    def quit(self) -> None:
        self.running = False

    # -------------------------------------------------------------- loop
    def handle_event(self, event: pygame.event.Event) -> None:
        """One event: the window, global keys, then the UI manager, then the top scene."""
        if event.type in INPUT_EVENTS:
            self._last_input = time.monotonic()
        if event.type == pygame.QUIT:
            if not self._ask_before_closing():
                self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_window_resized((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        consumed = self.ui.process_events(event)
        top = self.scenes.top
        if top is not None and not consumed:
            top.handle_event(event)

    def is_busy(self) -> bool:
        """Render at full rate: something animates or the player is active."""
        if self.toasts or any(scene.is_animating() for scene in self.scenes.visible()):
            return True
        return time.monotonic() - self._last_input < BUSY_AFTER_INPUT_S

    def _typing(self) -> bool:
        """A text field has the focus: keep its caret blinking while idle."""
        focus = self.ui.get_focus_set() or set()
        return any(type(el).__name__ == "UITextEntryLine" for el in focus)

    def frame(self, events: list[pygame.event.Event], dt: float, draw: bool = True) -> None:
        """Handle ``events``, advance ``dt`` seconds and (unless ``draw`` is False) draw."""
        for event in events:
            self.handle_event(event)
            if not self.running and self.args.frames is None:
                return
        dt = min(dt, 0.25)
        self.ui.update(dt)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        for scene in self.scenes:
            if scene is not top:
                scene.update_below(dt)
        self._tell_writes(dt)
        if draw:
            self.draw()
        self.frame_count += 1
        if self.probe is not None:
            self.probe.after_frame(self, events)

    def _tell_writes(self, dt: float) -> None:
        """Failed writes not told yet become toasts, but for the kinds a scene in
        the stack shows itself (its ``writes_shown``: the table's autosave notice):
        those runs are taken as told."""
        self.toasts.update(dt)
        own = {kind for scene in self.scenes for kind in getattr(scene, "writes_shown", ())}
        self.write_notices.take(own)
        self.toasts.add(self.write_notices.take(k for k in WRITE_KINDS if k not in own))

    def pump(self, frames: int = 1, dt: float = 1 / 60) -> None:
        """Process queued events and draw ``frames`` frames (tests, scripted runs)."""
        for _ in range(frames):
            self.frame(pygame.event.get(), dt)

    def draw(self) -> None:
        self._last_draw = time.monotonic()
        self.screen.fill(theme.FELT_DARK)
        for scene in self.scenes.visible():
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        top = self.scenes.top
        overlay = getattr(top, "draw_overlay", None)
        if overlay is not None:  # optional: drawn over the widgets (hints, drag images)
            overlay(self.screen)
        self.toasts.draw(self.screen, theme.ui_scale(self.size))
        pygame.display.flip()

    def run(self) -> int:
        self.running = True
        try:
            self.run_loop()  # a crash is logged and told by game.launch
        finally:
            self.shutdown()
        return self.exit_code

    def run_loop(self) -> None:
        """Frames until ``running`` goes False: full rate while busy, else idle."""
        frames_left: int | None = self.args.frames
        settle = SETTLE_FRAMES
        while self.running:
            draw = True
            if frames_left is not None or self.is_busy():
                settle = SETTLE_FRAMES
                dt_ms = self.clock.tick(ACTIVE_FPS)
                events = pygame.event.get()
            else:
                # Idle: nothing moves, so the last frame stays on screen unless an
                # event changes it. A plain sleep costs nothing (SDL's
                # event.wait with a timeout polls and burns a few % of a core).
                time.sleep(IDLE_SLEEP_S)
                events = pygame.event.get()
                dt_ms = self.clock.tick()
                now = time.monotonic()
                blink = self._typing() and now - self._last_draw >= 0.25
                draw = bool(events) or blink or settle > 0
                settle -= 1
            self.frame(events, dt_ms / 1000, draw)
            if frames_left is not None:
                frames_left -= 1
                if frames_left <= 0:
                    self.running = False

    def save_screenshot(self, path: str) -> None:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        pygame.image.save(self.screen, path)

    def shutdown(self) -> None:
        if self.args.screenshot:
            try:
                self.save_screenshot(self.args.screenshot)
            except Exception as exc:
                log.error("cannot save screenshot: %s", exc)
        while len(self.scenes):  # exit every scene: the table autosaves on exit
            try:
                self.scenes.pop()
            except Exception:
                log.exception("error while closing a scene")
                break
        if self.persist:
            if not self._fullscreen:
                self.settings.window_pos = window_place.current() or self.settings.window_pos
            self.save_settings()
        pygame.quit()
        try:
            from game.resources import clear_font_cache

            clear_font_cache()  # fonts die with pygame.quit(); a new App makes new ones
        except Exception:
            pass


def main(argv: list[str] | None = None) -> int:
    """The game itself. ``--self-test`` never gets this far: :func:`game.selftest.entry`,
    every entry's way in (game/launch.py), runs it instead (it drives this App)."""
    try:
        args = parse_args(argv)
    except SystemExit as exc:  # --version, --help, or a bad argument (code 2)
        code = exc.code
        return code if isinstance(code, int) else 0
    problem = (SELF_TEST_ELSEWHERE if args.self_test
               else display_problem(args) or check_home())
    if problem:
        stream = sys.stderr or sys.stdout
        if stream is not None:
            stream.write(f"{PROG}: error: {problem}\n")
        return 2
    try:
        return App(args).run()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
