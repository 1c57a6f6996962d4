"""The rules screen: every rule of RULES.md by ID, scrollable; marks the rules in play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextBox

from game.i18n import t
from game.resources import get_font
from game.rules.settings import RuleSettings
from game.scenes.ui_scene import UIScene
from game.ui.rules_text import rules_html
from game.ui.theme import font_size
from game.ui.widgets import draw_panel, oid
from game.ui.wrap import wrap_html

if TYPE_CHECKING:
    from game.app import App


class RulesScene(UIScene):
    """``settings`` (from a running match) marks which variants and house rules are on."""

    def __init__(self, app: App, settings: RuleSettings | None = None) -> None:
        super().__init__(app)
        self.settings = settings
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.text_box: UITextBox | None = None

    def build(self) -> None:
        w, h = self.size
        pw = min(self.px(1100), w - self.px(60))
        title_h = self.px(64)
        self.label(pygame.Rect((w - pw) // 2, self.px(14), pw, title_h), t("rules.title"),
                   class_id="@title")
        top = self.px(14) + title_h + self.px(6)
        bottom_bar = self.px(80)
        self.panel_rect = pygame.Rect((w - pw) // 2, top, pw, h - top - bottom_bar)
        pad = self.px(14)
        box_rect = self.panel_rect.inflate(-2 * pad, -2 * pad)
        body = get_font(font_size("body", self.scale))
        bold = get_font(font_size("body", self.scale), bold=True)
        width = box_rect.width - self.px(12) - self.px(34)  # padding and scroll bar

        def wrap(text: str, first_offset: int) -> str:
            return wrap_html(text, body, width, first_offset)

        id_width = bold.size("S4")[0] + body.size("  ")[0]
        self.text_box = self.track(UITextBox(
            rules_html(self.settings, wrap, id_width), box_rect,
            manager=self.app.ui, object_id=oid(None, "#rules_text")))
        bw, bh = self.px(220), self.px(50)
        self.button(pygame.Rect((w - bw) // 2, h - bottom_bar + (bottom_bar - bh) // 2, bw, bh),
                    t("common.back"), self.on_back, object_id=oid(None, "#primary"))
        self.focus_index = 0

    def handle_key(self, event: pygame.event.Event) -> None:
        bar = getattr(self.text_box, "scroll_bar", None)
        step = {pygame.K_PAGEDOWN: 0.25, pygame.K_PAGEUP: -0.25,
                pygame.K_DOWN: 0.05, pygame.K_UP: -0.05}.get(event.key)
        if bar is not None and step is not None:
            start = bar.start_percentage + step
            bar.set_scroll_from_start_percentage(max(0.0, min(1.0 - bar.visible_percentage, start)))
            return
        super().handle_key(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=self.px(16))
        self.draw_focus(surface)
