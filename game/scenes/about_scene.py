"""About: the game's version, its MIT licence and the third-party notices.

The texts are the files shipped in ``game.assets`` (``assets/licenses/``), read
through :mod:`importlib.resources`, so a wheel, a source install and a frozen
build show exactly what they carry. Licence texts stay in English (their
legal wording); the screen around them speaks both languages.
"""

from __future__ import annotations

import functools
import html
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from game.i18n import t
from game.resources import get_font, read_bytes
from game.scenes.ui_scene import UIScene
from game.ui.theme import font_size
from game.ui.widgets import draw_panel, oid
from game.ui.wrap import wrap_html

if TYPE_CHECKING:
    from game.scenes.services import Services

# Tab key -> the file under assets/licenses/ it shows.
DOCUMENTS: dict[str, str] = {
    "about.licence": "LICENSE.txt",
    "about.notices": "THIRD-PARTY-NOTICES.txt",
    "about.lgpl": "LGPL-2.1.txt",
}


def licence_text(name: str) -> str:
    """The shipped licence file ``name`` (one of :data:`DOCUMENTS`' values)."""
    return read_bytes(f"licenses/{name}").decode("utf-8")


def document_html(name: str) -> str:
    """A licence file for a pygame_gui text box: escaped, line breaks kept."""
    return "<br>".join(html.escape(line) for line in licence_text(name).splitlines())


class AboutScene(UIScene):
    """Version and licences; one tab per document, Back returns to the menu."""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.document = "about.licence"
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.text_box: UITextBox | None = None
        self.tabs: dict[str, UIButton] = {}

    def build(self) -> None:
        w, h = self.size
        pw = min(self.px(1100), w - self.px(60))
        left = (w - pw) // 2
        title_h = self.px(64)
        self.label(pygame.Rect(left, self.px(12), pw, title_h), t("about.title"),
                   class_id="@title")
        top = self.px(12) + title_h
        body = get_font(font_size("body", self.scale))
        header = self.track(UITextBox(
            wrap_html(t("about.header", version=self.app.version), body, pw - self.px(24))
            + "<br>" + wrap_html(t("about.trademark"), body, pw - self.px(24)),
            pygame.Rect(left, top, pw, self.px(104)), manager=self.app.ui,
            object_id=oid(None, "#about_header")))
        top = header.rect.bottom + self.px(8)
        tab_w, tab_h, gap = self.px(240), self.px(42), self.px(12)
        self.tabs = {}
        for i, key in enumerate(DOCUMENTS):
            rect = pygame.Rect(left + i * (tab_w + gap), top, tab_w, tab_h)
            self.tabs[key] = self.button(rect, t(key), functools.partial(self.show, key),
                                         object_id=self._tab_id(key))
        top += tab_h + self.px(10)
        bottom_bar = self.px(76)
        self.panel_rect = pygame.Rect(left, top, pw, h - top - bottom_bar)
        pad = self.px(12)
        self.text_box = self.track(UITextBox(
            document_html(DOCUMENTS[self.document]), self.panel_rect.inflate(-2 * pad, -2 * pad),
            manager=self.app.ui, object_id=oid(None, "#about_text")))
        bw, bh = self.px(220), self.px(50)
        self.button(pygame.Rect((w - bw) // 2, h - bottom_bar + (bottom_bar - bh) // 2, bw, bh),
                    t("common.back"), self.on_back, object_id=oid(None, "#primary"))

    def show(self, key: str) -> None:
        """Show the document of tab ``key`` (a key of :data:`DOCUMENTS`)."""
        self.document = key
        if self.text_box is not None:
            self.text_box.set_text(document_html(DOCUMENTS[key]))
        self._mark_tab()

    def _tab_id(self, key: str) -> ObjectID:
        """The tab shown is gold (``#primary``), the others plain."""
        return oid("@small_button", "#primary" if key == self.document
                   else "#about_" + key.split(".")[1])

    def _mark_tab(self) -> None:
        for key, btn in self.tabs.items():
            btn.change_object_id(self._tab_id(key))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=self.px(16))
        self.draw_focus(surface)
