"""The base of the menu scenes: :class:`UIScene` owns the pygame_gui elements
of one scene (see :mod:`game.ui.widgets` for the helpers it draws with)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer, UITextBox

from game import i18n
from game.scenes import keys_to_controls as controls
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import (
    ACTIVATE_KEYS,
    CHANGE_EVENTS,
    NEXT_KEYS,
    PREV_KEYS,
    Action,
    draw_focus_ring,
    draw_tip,
    felt_background,
    oid,
)

if TYPE_CHECKING:
    from game.scenes.services import Services

E = TypeVar("E", bound=UIElement)
"""a widget, handed back as it came"""

class UIScene(Scene):
    """A scene whose widgets live in the app's shared UIManager."""

    show_focus_initially = False

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self._elements: list[UIElement] = []
        self._actions: dict[UIElement, Action] = {}
        self._on_change: dict[UIElement, Callable[[pygame.event.Event], None]] = {}
        self.nav: list[Any] = []  # the focus ring: buttons and controls, in order
        # Left/Right on a focused button that steps through values (a seat's kind)
        self.arrows: dict[Any, Callable[[int], None]] = {}
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
    def track(self, element: E) -> E:
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

    def on_change(self, element: E, handler: Callable[[pygame.event.Event], None],
                  *, nav: bool = True) -> E:
        """Call ``handler(event)`` when ``element`` changes (drop-down, slider, check box,
        entry); with ``nav`` the control is on the focus ring too (Tab reaches it)."""
        self.track(element)
        self._on_change[element] = handler
        if nav and controls.is_control(element):
            self.nav.append(element)
        return element

    def label(self, rect: pygame.Rect, text: str, *, class_id: str | None = None,
              container: Any = None) -> UILabel:
        return self.track(UILabel(rect, text, manager=self.app.ui, container=container,
                                  object_id=oid(class_id)))

    def text_width(self, text: str, *element_ids: str) -> int:
        """How wide ``text`` is in the theme's font for ``element_ids`` (most
        specific first, e.g. ``"@muted", "label"``)."""
        return int(self.app.ui.get_theme().get_font(list(element_ids)).size(text)[0])

    def text_lines(self, rect: pygame.Rect, text: str, *, class_id: str | None = None,
                   container: Any = None) -> int:
        """``text`` at ``rect``'s top left: one label when it fits ``rect``'s width,
        else a text box as wide that wraps it onto as many lines as it needs (a
        longer language never cuts it off). Returns the height used (at least
        ``rect``'s)."""
        ids = [class_id, "label"] if class_id else ["label"]
        if self.text_width(text, *ids) <= rect.width:
            self.label(rect, text, class_id=class_id, container=container)
            return rect.height
        box = self.track(UITextBox(html.escape(text), pygame.Rect(rect.x, rect.y, rect.width, -1),
                                   manager=self.app.ui, container=container,
                                   object_id=oid(class_id, "#wrapped_label")))
        return max(rect.height, int(box.rect.height))

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
        self.arrows.clear()

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
        self.app.close(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self._actions.get(event.ui_element)
            if action is not None:
                self.app.audio_click()
                action()
            return
        if event.type in CHANGE_EVENTS:
            element = getattr(event, "ui_element", None)
            handler = self._on_change.get(element) if element is not None else None
            if handler is not None:
                handler(event)
            return
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED and event.ui_element in self.nav:
            self.focus_index = self.nav.index(event.ui_element)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.wheel_over_disabled(event)
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def wheel_over_disabled(self, event: pygame.event.Event) -> None:
        """Scroll a list when the wheel turns over its disabled controls (#39).

        pygame_gui scrolls a container only while one of its elements is hovered,
        and a disabled drop-down or check box never is: under a preset, the wheel
        over the New game rules' right half did nothing. Here the container under
        the mouse that pygame_gui left alone moves as far as pygame_gui moves it
        (its scroll bar's wheel speed, in proportion to what is visible)."""
        pos = pygame.mouse.get_pos()
        for element in self._elements:
            if not isinstance(element, UIScrollingContainer) or not element.rect.collidepoint(pos):
                continue
            bar = element.vert_scroll_bar
            if bar is None or not element.visible or element.are_contents_hovered():
                continue  # no bar, or pygame_gui scrolls it itself
            track = max(1, bar.rect.height)
            step = event.y * bar.visible_percentage * bar.scroll_wheel_speed / track
            top = max(0.0, 1.0 - bar.visible_percentage)
            bar.set_scroll_from_start_percentage(min(top, max(0.0, bar.start_percentage - step)))

    def handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.on_back()
        elif key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self._focus_changes_with_arrows():
            self.focus_visible = True
            el, direction = self.focused(), 1 if key == pygame.K_RIGHT else -1
            if el in self.arrows:
                self.arrows[el](direction)
            else:
                controls.step(el, direction)
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

    def _focus_changes_with_arrows(self) -> bool:
        el = self.focused()
        return el is not None and el.is_enabled and (controls.changes_with_arrows(el)
                                                     or el in self.arrows)

    def focus_on(self, element: Any) -> None:
        """Put the focus ring on ``element`` (when it is on the ring)."""
        if element in self.nav:
            self.focus_index = self.nav.index(element)

    def move_focus(self, step: int) -> None:
        if not self.nav:
            return
        self.focus_visible = True
        before = self.focused()
        n = len(self.nav)
        i = self.focus_index if self.focus_index is not None else (-1 if step > 0 else 0)
        for _ in range(n):
            i = (i + step) % n
            el = self.nav[i]
            if el.is_enabled and el.visible and el.alive():
                self.focus_index = i
                self._focus_moved(before, el)
                return

    def _focus_moved(self, before: Any, now: Any) -> None:
        """A text field the ring leaves stops taking keys, one it reaches takes them;
        a control scrolled out of view comes into view."""
        if before is not now and controls.is_text(before):
            before.unfocus()
            self.app.ui.set_focus_set(None)
        if controls.is_text(now):
            controls.take_typing(now)
        controls.reveal(now, self._elements)

    def focused(self) -> Any:
        if self.focus_index is None or not 0 <= self.focus_index < len(self.nav):
            return None
        return self.nav[self.focus_index]

    def activate_focused(self) -> None:
        btn = self.focused()
        if btn is None or not btn.is_enabled:
            return
        self.focus_visible = True
        if controls.activate(btn):
            return
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
