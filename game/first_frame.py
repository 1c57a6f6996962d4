"""The first frame: the window opens and shows the main menu's backdrop (the felt
and the title art) before the heavy part of the start-up, pygame_gui, the scenes
and the fonts, is imported and built (issue #37).

:func:`show` runs from :func:`game.selftest.entry`, every entry's way into the
game, after :mod:`game.launch` has set up the log and the crash report and before
:mod:`game.app` is imported. It opens the window the :class:`game.app.App` will
ask for (same size, same mode, same place, same icon and title: the App's
``set_mode`` then keeps that window) and draws the backdrop exactly where the
menu will draw it, so that the menu's arrival only adds its buttons.

Nothing is shown when the game would not open its window as the player asked:
``--help``, ``--version``, a bad command line, the self-test, no display, or a game
folder that cannot be used (:func:`game.app.main` then says why). A failure here
is logged and the start-up goes on without the early frame.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import warnings
from typing import Any

import pygame

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 720)
ICON_FILE = "icon.png"  # the window icon, drawn by tools/make_icon.py
MENU_ROWS = 11  # buttons in the main menu's column (game/scenes/menu.py; a test checks)


def clamp_size(size: tuple[int, ...]) -> tuple[int, int]:
    w, h = (int(size[0]), int(size[1])) if len(size) >= 2 else DEFAULT_SIZE
    return (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))


def window_mode(args: argparse.Namespace, settings: Any) -> tuple[bool, tuple[int, int]]:
    """(fullscreen, windowed size) for the command line and the player's settings:
    ``--size`` wins over both the saved size and full screen."""
    fullscreen = bool(settings.fullscreen) and args.size is None
    wanted = args.size or tuple(settings.window_size) or DEFAULT_SIZE
    return fullscreen, clamp_size(wanted)


def set_icon() -> None:
    from game.resources import open_binary

    pygame.display.set_icon(pygame.image.load(open_binary(ICON_FILE), ICON_FILE))


def open_window(fullscreen: bool, size: tuple[int, int]) -> pygame.Surface:
    """``set_mode`` for the game's window (the same window again when it is open)."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except Exception:  # older SDL / dummy driver
        pass
    return screen


def draw_backdrop(screen: pygame.Surface) -> None:
    """The menu's felt and title art, where the menu draws them."""
    from game.ui.backdrop import felt_background, menu_layout, saved_title_art

    size = screen.get_size()
    screen.blit(felt_background(size), (0, 0))
    art_rect = menu_layout(size, MENU_ROWS)[0]
    art = saved_title_art(art_rect.height)
    if art is not None:
        screen.blit(art, art.get_rect(center=art_rect.center))


def _args(argv: list[str]) -> argparse.Namespace | None:
    """The command line, or None when the game will not open its window for it."""
    from game.cli import display_problem, parse_args
    from game.paths import check_home

    try:  # game.app.main parses it again and says what is wrong: not twice
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            args = parse_args(argv)
    except SystemExit:
        return None
    if args.self_test or display_problem(args) or check_home():
        return None
    return args


def show(argv: list[str]) -> bool:
    """Open the window and present the first frame; True when it was shown."""
    try:
        args = _args(argv)
        if args is None:
            return False
        from game import __version__, i18n, window_place
        from game.storage.user_settings import load_settings

        settings = load_settings()
        fullscreen, size = window_mode(args, settings)
        pygame.display.init()
        set_icon()
        screen = open_window(fullscreen, size)
        if not fullscreen:
            window_place.restore(settings.window_pos, size)
        draw_backdrop(screen)
        pygame.display.flip()
        i18n.set_language(args.lang or settings.language)  # (reading a catalogue takes a while)
        pygame.display.set_caption(f"{i18n.t('app.title')} {__version__}")
        return True
    except Exception as exc:  # the game starts anyway, only later
        log.warning("no early first frame: %s", exc)
        return False
