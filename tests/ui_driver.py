"""Drive the real app with synthetic mouse and keyboard events (no mocks)."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App
from game.cli import parse_args


def make_app(*argv: str) -> App:
    app = App(parse_args(["--size", "1280x720", *argv]))
    app.running = True
    app.pump(2)
    return app


def click_at(app: App, pos: tuple[int, int], frames: int = 5) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.pump(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.pump(frames)


def click(app: App, element: Any, frames: int = 5) -> None:
    """Press and release the left button over the centre of ``element``."""
    click_at(app, element.rect.center, frames)


def key(app: App, k: int, frames: int = 2, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.pump(frames)


def choose(app: App, dropdown: Any, option_id: str) -> None:
    """Open a drop-down with a click and click the option ``option_id``."""
    click(app, dropdown.current_state.selected_option_button)
    expanded = dropdown.current_state
    items = expanded.options_selection_list.item_list
    target = next(i for i in items if i.get("object_id") == option_id or i["text"] == option_id)
    button = target["button_element"]
    assert button is not None, f"option {option_id!r} is scrolled out of view"
    click(app, button)


def buttons(app: App) -> dict[str, Any]:
    """Visible buttons of the top scene by their text."""
    scene = app.scenes.top
    return {b.text: b for b in scene._elements if hasattr(b, "text") and b.__class__.__name__ == "UIButton"}
