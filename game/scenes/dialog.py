"""A modal message / confirm box drawn over whatever is below it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextBox

from game.i18n import t
from game.resources import get_font
from game.scenes.ui_scene import UIScene
from game.ui.theme import font_size
from game.ui.widgets import dim, draw_panel, oid
from game.ui.wrap import wrap_html

if TYPE_CHECKING:
    from game.scenes.services import Services

Callback = Callable[[], object] | None  # what it returns is ignored
# The most a dialog lays out: pygame_gui's text layout takes time that grows with
# the square of the text (100,000 characters: over 3 minutes; 2,000: 0.03 s).
# Callers quote what comes from a file short (text_gate.excerpt); this is the last guard.
MAX_MESSAGE_CHARS = 2000


class DialogScene(UIScene):
    """Title, a wrapped message and one to three buttons.

    Each button pops the dialog first, then runs its callback. Escape picks
    ``cancel_index`` (the last button by default for a message, the first
    for a confirm), Enter the focused button.
    """

    transparent = True
    show_focus_initially = True

    def __init__(self, app: Services, title: str, message: str,
                 buttons: Sequence[tuple[str, Callback]], *, cancel_index: int = -1,
                 default_index: int = -1, danger: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.message = (message if len(message) <= MAX_MESSAGE_CHARS
                        else message[:MAX_MESSAGE_CHARS - 1] + "…")
        self.buttons = list(buttons) or [(t("dialog.ok"), None)]
        self.cancel_index = cancel_index % len(self.buttons)
        self.default_index = default_index % len(self.buttons)
        self.danger = danger
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.result: int | None = None

    def build(self) -> None:
        w, h = self.size
        pw = min(self.px(620), w - self.px(80))
        pad = self.px(28)
        inner = pw - 2 * pad
        title_h = self.px(46)
        font = get_font(font_size("body", self.scale))
        text = "<br>".join(wrap_html(p, font, inner - self.px(24)) for p in self.message.split("\n"))
        box = UITextBox(text, pygame.Rect(0, 0, inner, -1),
                        manager=self.app.ui, object_id=oid(None, "#dialog_text"))
        self.track(box)
        text_h = min(box.rect.height, int(h * 0.55))
        if text_h != box.rect.height:
            box.set_dimensions((inner, text_h))
        bh = self.px(48)
        ph = pad + title_h + self.px(8) + text_h + self.px(22) + bh + pad
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x0, y0 = self.panel_rect.topleft
        self.label(pygame.Rect(x0 + pad, y0 + pad, inner, title_h), self.title,
                   class_id="@heading")
        box.set_position((x0 + pad, y0 + pad + title_h + self.px(8)))
        n = len(self.buttons)
        bw = min(self.px(200), (inner - (n - 1) * self.px(12)) // n)
        x = self.panel_rect.right - pad - n * bw - (n - 1) * self.px(12)
        y = self.panel_rect.bottom - pad - bh
        for i, (text, _cb) in enumerate(self.buttons):
            primary = i == self.default_index
            object_id = oid("@danger" if self.danger and primary else None,
                            "#primary" if primary and not self.danger else None)
            self.button(pygame.Rect(x, y, bw, bh), text, self._chooser(i), object_id=object_id)
            x += bw + self.px(12)
        self.focus_index = self.default_index

    def _chooser(self, index: int) -> Callable[[], None]:
        def choose() -> None:
            self.choose(index)
        return choose

    def choose(self, index: int) -> None:
        if self.result is not None:
            return
        self.result = index
        self.app.close(self)
        callback = self.buttons[index][1]
        if callback is not None:
            callback()

    def on_back(self) -> None:
        self.choose(self.cancel_index)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        draw_panel(surface, self.panel_rect, radius=self.px(16), alpha=240)
        self.draw_focus(surface)


def show_message(app: Services, title: str, message: str, on_close: Callback = None) -> None:
    app.open("dialog", title=title, message=message, buttons=[(t("dialog.ok"), on_close)])


def confirm(app: Services, title: str, message: str, on_yes: Callback, on_no: Callback = None,
            *, yes: str | None = None, no: str | None = None,
            danger: bool = False) -> None:
    """Cancel (left, Escape) and confirm (right, default) buttons."""
    app.open("dialog", title=title, message=message,
             buttons=[(no or t("dialog.cancel"), on_no), (yes or t("dialog.yes"), on_yes)],
             cancel_index=0, default_index=1, danger=danger)
