"""Scene lifecycle and the scene stack.

A scene is entered when pushed, paused when another is pushed on top, resumed
when that one is popped, and exited when popped. ``handle_event`` and
``update(dt)`` may change the scene; ``draw`` only draws (mutates nothing).
Only the top scene gets events and updates; scenes below it that say
``draws_below``-through (``transparent``) are drawn first (pause over table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.scenes.services import Services


class Scene:
    transparent = False  # draw the scene below first (overlays: pause, curtain, dialogs)

    def __init__(self, app: Services) -> None:
        self.app = app

    # lifecycle -------------------------------------------------------
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    # frame -----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...

    def update_below(self, dt: float) -> None:
        """Every frame while another scene is on top of this one (party mode answers
        the phones here). Nothing by default."""

    def is_animating(self) -> bool:
        """True while something moves: the app then renders at full frame rate."""
        return False

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or the language/card size changed): rebuild the layout."""


class SceneStack:
    def __init__(self) -> None:
        self._stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    def __len__(self) -> int:
        return len(self._stack)

    def __iter__(self) -> Any:
        return iter(list(self._stack))

    def push(self, scene: Scene) -> None:
        if self._stack:
            self._stack[-1].pause()
        self._stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._stack:
            return None
        scene = self._stack.pop()
        scene.exit()
        if self._stack:
            self._stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Pop the top scene and push ``scene`` (no resume of the one below)."""
        if self._stack:
            self._stack.pop().exit()
        self._stack.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Exit every scene and start over with ``scene`` (back to the menu)."""
        while self._stack:
            self._stack.pop().exit()
        self._stack.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top one and the transparent run under it."""
        out: list[Scene] = []
        for scene in reversed(self._stack):
            out.append(scene)
            if not scene.transparent:
                break
        return list(reversed(out))
