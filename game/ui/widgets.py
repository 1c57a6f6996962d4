"""Small shared helpers for the menu scenes.

:class:`UIScene` owns the pygame_gui elements of one scene: it builds them in
``enter``/``on_resize``, kills them in ``exit``, hides them in ``pause`` and
shows them again in ``resume``. Buttons made with :meth:`UIScene.button` call
their action when pressed, and the ones registered for keyboard navigation
can be reached with the arrows / Tab and pressed with Enter or Space, with a
gold focus ring drawn around the focused one.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UIButton, UILabel

from game import i18n
from game.scenes.base import Scene
from game.ui import theme

if TYPE_CHECKING:
    from game.app import App
    from game.resources import SizedFont

Action = Callable[[], None]

NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
PREV_KEYS = (pygame.K_UP, pygame.K_LEFT)
CHANGE_EVENTS = (
    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
    pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
    pygame_gui.UI_CHECK_BOX_CHECKED,
    pygame_gui.UI_CHECK_BOX_UNCHECKED,
    pygame_gui.UI_TEXT_ENTRY_CHANGED,
    pygame_gui.UI_TEXT_ENTRY_FINISHED,
)
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def oid(class_id: str | None = None, object_id: str | None = None) -> ObjectID:
    return ObjectID(object_id=object_id, class_id=class_id)


# ------------------------------------------------------------- text wrapping

_TOKENS = re.compile(r"[A-Za-z0-9+\-./%'\"]+\s*|\s+|.")
_NO_LINE_START = set("，。；：、！？）》」』”’,.;:!?)")


def wrap_text(text: str, font: pygame.font.Font | SizedFont, width: int, first_offset: int = 0) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels.

    pygame_gui only breaks lines at spaces, so Chinese paragraphs must be broken
    here: between any two CJK characters, never before closing punctuation.
    """
    lines: list[str] = []
    line = ""
    avail = width - first_offset
    for tok in _TOKENS.findall(text):
        if not line or font.size(line + tok.rstrip())[0] <= avail or tok in _NO_LINE_START:
            line += tok
            continue
        lines.append(line.rstrip())
        line = tok.lstrip()
        avail = width
    lines.append(line.rstrip())
    return lines


def needs_wrapping(text: str) -> bool:
    """True when ``text`` has CJK characters (pygame_gui cannot break those lines)."""
    return any("\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


def wrap_html(text: str, font: pygame.font.Font | SizedFont, width: int, first_offset: int = 0) -> str:
    """``text`` escaped for a text box, with <br> where a CJK line must break."""
    if not needs_wrapping(text):
        return html.escape(text)
    return "<br>".join(html.escape(line) for line in wrap_text(text, font, width, first_offset))


# ------------------------------------------------------------- backgrounds


@lru_cache(maxsize=4)
def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """A radial green-felt gradient with a soft vignette, cached per size."""
    w, h = max(1, size[0]), max(1, size[1])
    sw, sh = 64, 40
    small = pygame.Surface((sw, sh))
    cx, cy = (sw - 1) / 2, (sh - 1) * 0.42
    maxd = ((sw / 2) ** 2 + (sh * 0.6) ** 2) ** 0.5
    light, dark = theme.FELT_LIGHT, theme.FELT_DARK
    for y in range(sh):
        for x in range(sw):
            d = min(1.0, (((x - cx) ** 2 + (y - cy) ** 2) ** 0.5) / maxd)
            k = d**1.6
            small.set_at((x, y), tuple(round(light[i] * (1 - k) + dark[i] * k) for i in range(3)))
    return pygame.transform.smoothscale(small, (w, h))


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken what is already drawn (overlays)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 14,
               alpha: int = 215) -> None:
    """A dark translucent panel with a thin gold-green border."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (6, 34, 22, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (70, 130, 95, 255), panel.get_rect(), width=1, border_radius=radius)
    surface.blit(panel, rect.topleft)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    pad = theme.px(5, scale)
    pygame.draw.rect(surface, theme.CREAM, rect.inflate(pad * 2, pad * 2),
                     width=max(2, theme.px(3, scale)), border_radius=theme.px(14, scale))


# ------------------------------------------------------------------ scenes


class UIScene(Scene):
    """A scene whose widgets live in the app's shared UIManager."""

    show_focus_initially = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._elements: list[UIElement] = []
        self._actions: dict[UIElement, Action] = {}
        self._on_change: dict[UIElement, Callable[[pygame.event.Event], None]] = {}
        self.nav: list[UIButton] = []
        self.disabled_tips: dict[UIButton, str] = {}
        self.focus_index: int | None = None
        self.focus_visible = self.show_focus_initially
        self._paused = False
        self._built_for: tuple[str, tuple[int, int]] | None = None

    # ---- geometry
    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    @property
    def scale(self) -> float:
        return theme.ui_scale(self.app.size)

    def px(self, value: float) -> int:
        return theme.px(value, self.scale)

    # ---- element bookkeeping
    def track(self, element: Any) -> Any:
        self._elements.append(element)
        return element

    def button(self, rect: pygame.Rect, text: str, action: Action | None,
               *, object_id: ObjectID | str | None = None, tooltip: str | None = None,
               container: Any = None, nav: bool = True, enabled: bool = True) -> UIButton:
        btn = UIButton(rect, text, manager=self.app.ui, container=container,
                       object_id=object_id, tool_tip_text=tooltip)
        self.track(btn)
        if action is not None:
            self._actions[btn] = action
        if not enabled:
            btn.disable()
            if tooltip:  # pygame_gui shows no tool tips on disabled buttons: we do
                self.disabled_tips[btn] = tooltip
        if nav:
            self.nav.append(btn)
        return btn

    def on_change(self, element: Any, handler: Callable[[pygame.event.Event], None]) -> Any:
        """Call ``handler(event)`` when ``element`` changes (drop-down, slider, check box, entry)."""
        self.track(element)
        self._on_change[element] = handler
        return element

    def label(self, rect: pygame.Rect, text: str, *, class_id: str | None = None,
              container: Any = None) -> UILabel:
        return self.track(UILabel(rect, text, manager=self.app.ui, container=container,
                                  object_id=oid(class_id)))

    def build(self) -> None:
        """Create the scene's elements for the current window size and language."""

    def clear_ui(self) -> None:
        for element in reversed(self._elements):
            element.kill()
        self._elements.clear()
        self._actions.clear()
        self._on_change.clear()
        self.disabled_tips.clear()
        self.nav.clear()

    def _build_key(self) -> tuple[str, tuple[int, int]]:
        return (i18n.language(), self.app.size)

    def rebuild(self) -> None:
        focus = self.focus_index
        self.clear_ui()
        self.build()
        self._built_for = self._build_key()
        if focus is not None and self.nav:
            self.focus_index = min(focus, len(self.nav) - 1)
        if self._paused:
            self._set_visible(False)

    def _set_visible(self, visible: bool) -> None:
        for element in self._elements:
            if visible:
                element.show()
            else:
                element.hide()

    # ---- lifecycle
    def enter(self) -> None:
        self.build()
        self._built_for = self._build_key()
        if self.nav and self.focus_index is None:
            self.focus_index = self._first_enabled()

    def exit(self) -> None:
        self.clear_ui()

    def pause(self) -> None:
        self._paused = True
        self._set_visible(False)

    def resume(self) -> None:
        self._paused = False
        if self._built_for != self._build_key():
            self.rebuild()  # the language or the theme changed while we were below
        else:
            self._set_visible(True)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    # ---- input
    def on_back(self) -> None:
        """Escape: leave the scene (default: pop it)."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self._actions.get(event.ui_element)
            if action is not None:
                self.app.audio_click()
                action()
            return
        if event.type in CHANGE_EVENTS:
            handler = self._on_change.get(getattr(event, "ui_element", None))
            if handler is not None:
                handler(event)
            return
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED and event.ui_element in self.nav:
            self.focus_index = self.nav.index(event.ui_element)
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.on_back()
        elif key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in NEXT_KEYS:
            self.move_focus(1)
        elif key in PREV_KEYS:
            self.move_focus(-1)
        elif key in ACTIVATE_KEYS:
            self.activate_focused()

    def _first_enabled(self) -> int | None:
        for i, btn in enumerate(self.nav):
            if btn.is_enabled:
                return i
        return None

    def move_focus(self, step: int) -> None:
        if not self.nav:
            return
        self.focus_visible = True
        n = len(self.nav)
        i = self.focus_index if self.focus_index is not None else (-1 if step > 0 else 0)
        for _ in range(n):
            i = (i + step) % n
            if self.nav[i].is_enabled and self.nav[i].visible:
                self.focus_index = i
                return

    def focused(self) -> UIButton | None:
        if self.focus_index is None or not 0 <= self.focus_index < len(self.nav):
            return None
        return self.nav[self.focus_index]

    def activate_focused(self) -> None:
        btn = self.focused()
        if btn is None or not btn.is_enabled:
            return
        self.focus_visible = True
        action = self._actions.get(btn)
        if action is not None:
            self.app.audio_click()
            action()

    # ---- drawing
    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))

    def draw_focus(self, surface: pygame.Surface) -> None:
        btn = self.focused()
        if self.focus_visible and btn is not None and btn.visible and btn.is_enabled:
            draw_focus_ring(surface, btn.rect, self.scale)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_focus(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Tool tips of disabled buttons, drawn above the widgets."""
        if not self.disabled_tips or self._paused:
            return
        pos = pygame.mouse.get_pos()
        for btn, text in self.disabled_tips.items():
            if btn.visible and not btn.is_enabled and btn.rect.collidepoint(pos):
                draw_tip(surface, text, pos, self.scale)
                return


def draw_tip(surface: pygame.Surface, text: str, pos: tuple[int, int], scale: float) -> None:
    from game.resources import get_font

    font = get_font(theme.font_size("small", scale))
    label = font.render(text, True, theme.CREAM)
    pad = theme.px(8, scale)
    rect = label.get_rect().inflate(2 * pad, pad)
    rect.topleft = (pos[0] + theme.px(14, scale), pos[1] + theme.px(18, scale))
    rect.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (11, 31, 21), rect, border_radius=theme.px(6, scale))
    pygame.draw.rect(surface, theme.GOLD_DARK, rect, width=1, border_radius=theme.px(6, scale))
    surface.blit(label, label.get_rect(center=rect.center))


def column_rects(center_x: int, top: int, width: int, height: int, gap: int,
                 count: int) -> list[pygame.Rect]:
    """``count`` equal rects stacked in a centred column."""
    return [pygame.Rect(center_x - width // 2, top + i * (height + gap), width, height)
            for i in range(count)]
