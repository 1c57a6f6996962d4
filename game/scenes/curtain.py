"""Hot-seat curtain: an opaque "pass the screen" page between human turns.

It draws no cards at all, so nobody sees another player's hand while the
screen changes hands. A click or a key press hands over the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.scenes import strings_table  # noqa: F401 - registers the strings
from game.scenes.base import Scene
from game.ui import table_widgets as tw

if TYPE_CHECKING:
    from game.app import App


class CurtainScene(Scene):
    transparent = False  # opaque: the table (and every hand) stays hidden

    def __init__(self, app: App, name: str, on_ready: Callable[[], None],
                 private: bool = False) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.private = private
        self.t = 0.0
        self.done = False

    def update(self, dt: float) -> None:
        self.t += dt

    def is_animating(self) -> bool:
        return self.t < 0.4

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.t < 0.25:  # ignore the click that ended the previous turn
            return
        if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT,
                                                                   pygame.K_LCTRL, pygame.K_RCTRL)):
            self.ready()

    def ready(self) -> None:
        if self.done:
            return
        self.done = True
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill((8, 30, 20))
        s = min(w / 1024, h / 640)
        sz = lambda v: max(12, round(v * s))  # noqa: E731
        # A simple card-back emblem (no faces ever drawn here).
        from game.ui import card_art
        back = card_art.card_back(max(40, round(90 * s)))
        surface.blit(back, back.get_rect(center=(w // 2, h // 2 - sz(110))))
        title = (i18n.t("curtain.private", name=self.name) if self.private
                 else i18n.t("curtain.pass_to", name=self.name))
        img = tw.fit_text(title, sz(40), w - sz(80), tw.GOLD, True)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 + sz(20))))
        img = tw.text(i18n.t("curtain.hint"), sz(18), tw.MUTED)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 + sz(70))))
        img = tw.text(i18n.t("curtain.ready"), sz(20), tw.CREAM, True)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 + sz(120))))
