"""Where the window opens: where the player left it, if that is still on a screen.

``current()`` reads the window's position (None under the headless drivers or
where the system does not tell, as on Wayland); ``restore(pos, size)`` moves
the window there when ``on_screen`` finds a grip of its title bar on the
desktop, so a window left on an unplugged monitor opens where the system puts
it. The app calls ``restore`` after opening its window and stores ``current()``
in the settings when it closes.
"""

from __future__ import annotations

import logging
import warnings

import pygame

log = logging.getLogger(__name__)

HEADLESS = ("dummy", "offscreen")
GRIP = 80  # pixels of the title bar that must stay on the desktop to drag it back


def on_screen(pos: tuple[int, int], size: tuple[int, int],
              desktops: list[tuple[int, int]]) -> bool:
    """Whether a window at ``pos`` of ``size`` keeps a grip of its title bar on
    the desktops, taken side by side (SDL tells their sizes, not their layout:
    a monitor may stand left of the main one, so x may be negative up to the
    others' width)."""
    if not desktops:
        return False
    x, y = pos
    total_w = sum(w for w, _ in desktops)
    left_of_main = total_w - desktops[0][0]
    tallest = max(h for _, h in desktops)
    return (-left_of_main - size[0] + GRIP <= x <= total_w - GRIP
            and 0 <= y <= tallest - GRIP)


def _window() -> pygame.Window | None:
    if pygame.display.get_surface() is None or pygame.display.get_driver() in HEADLESS:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def current() -> tuple[int, int] | None:
    """The window's top-left corner on the desktop, or None when unknown."""
    try:
        window = _window()
        return None if window is None else (int(window.position[0]), int(window.position[1]))
    except Exception as exc:  # older SDL, no window manager
        log.info("window position unknown: %s", exc)
        return None


def restore(pos: tuple[int, int] | None, size: tuple[int, int]) -> bool:
    """Move the window to ``pos`` if it is on a screen; True when moved."""
    if pos is None:
        return False
    try:
        window = _window()
        if window is None or not on_screen(pos, size, pygame.display.get_desktop_sizes()):
            return False
        window.position = pos
        return True
    except Exception as exc:
        log.info("window not moved to %s: %s", pos, exc)
        return False
