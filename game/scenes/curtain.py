"""Hot-seat curtain: an opaque "pass the screen" page between human turns.

It draws no cards at all, so nobody sees another player's hand while the
screen changes hands. Only its deliberate confirm lifts it: its button,
Enter or Space. Escape opens the pause menu over it (every hand still
hidden); every other key, click, wheel or window event does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game import i18n
from game.scenes.ui_scene import UIScene
from game.ui import card_art
from game.ui import draw_kit as kit
from game.ui.widgets import ACTIVATE_KEYS, oid

if TYPE_CHECKING:
    from game.scenes.services import Services

GUARD_S = 0.25  # input this soon after the curtain falls ended the previous turn


class CurtainScene(UIScene):
    """``on_ready`` runs once, after the named player confirms; ``on_menu``
    opens the pause menu (Escape)."""

    transparent = False  # opaque: the table (and every hand) stays hidden
    show_focus_initially = True

    def __init__(self, app: Services, name: str, on_ready: Callable[[], None],
                 on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.on_menu = on_menu
        self.t = 0.0
        self.done = False
        self.confirm_button: UIButton | None = None

    def build(self) -> None:
        w, h = self.size
        s = self._s()
        bw = min(w - round(80 * s), max(round(360 * s), self.px(360)))
        bh = max(round(56 * s), self.px(52))
        label = i18n.t("curtain.show", name=self.name)
        rect = pygame.Rect(0, 0, bw, bh)
        rect.center = (w // 2, h // 2 + round(135 * s))
        self.confirm_button = self.button(rect, label, self.ready,
                                          object_id=oid("@menu", "#primary"))
        # A long name or a wordy language widens the button rather than cut it.
        font = self.confirm_button.font  # typed optional by pygame_gui; a themed button has one
        need = bw if font is None else min(w - self.px(40), font.size(label)[0] + self.px(48))
        if need > bw:
            rect.w = need
            rect.center = (w // 2, rect.centery)
            self.confirm_button.set_dimensions(rect.size)
            self.confirm_button.set_relative_position(rect.topleft)
        self.focus_index = 0

    def _s(self) -> float:
        w, h = self.size
        return min(w / 1024, h / 640)

    def update(self, dt: float) -> None:
        self.t += dt

    def is_animating(self) -> bool:
        return self.t < 0.4

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.t < GUARD_S:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.confirm_button:
                self.ready()
        elif event.type == pygame.KEYDOWN:
            if event.key in ACTIVATE_KEYS:
                self.ready()
            elif event.key == pygame.K_ESCAPE:
                self.on_back()

    def on_back(self) -> None:
        if self.on_menu is not None and self.app.is_top(self):
            self.on_menu()

    def ready(self) -> None:
        if self.done:
            return
        self.done = True
        self.app.close(self)
        self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill((8, 30, 20))
        s = self._s()

        def sz(v: float) -> int:
            return max(12, round(v * s))

        back = card_art.card_back(max(40, round(90 * s)))  # an emblem: no face is ever drawn
        surface.blit(back, back.get_rect(center=(w // 2, h // 2 - sz(110))))
        img = kit.fit_text(i18n.t("curtain.pass_to", name=self.name), sz(40), w - sz(80),
                          kit.GOLD, True)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 + sz(20))))
        img = kit.text(i18n.t("curtain.hint"), sz(18), kit.MUTED)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 + sz(62))))
        img = kit.fit_text(i18n.t("curtain.ready"), sz(16), w - sz(80), kit.MUTED)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 + sz(200))))
        if not self._paused:
            self.draw_focus(surface)
