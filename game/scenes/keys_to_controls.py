"""Every control a screen offers, by keyboard (#39: Tab on New game reached only
three buttons; on Settings only Back).

pygame_gui's drop-downs, check boxes and sliders have no keyboard of their own.
A screen's focus ring (:class:`~game.scenes.ui_scene.UIScene`) walks over them
too, and here a key changes the focused control the way a click would: a check
box toggles, a drop-down or a slider steps, each posting the very event a mouse
choice posts, so the screen's own change handler runs as it does for the mouse.
A text field takes the typing while it has the ring.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIScrollingContainer,
    UITextEntryLine,
)

CONTROLS = (UIDropDownMenu, UICheckBox, UIHorizontalSlider, UITextEntryLine)
"""What :meth:`UIScene.on_change` puts on the focus ring besides buttons."""

SLIDER_STEPS = 20  # a slider moves a twentieth of its range per key


def is_control(element: Any) -> bool:
    return isinstance(element, CONTROLS)


def is_text(element: Any) -> bool:
    return isinstance(element, UITextEntryLine)


def changes_with_arrows(element: Any) -> bool:
    """Left and Right change this control (instead of moving the ring)."""
    return isinstance(element, (UIDropDownMenu, UIHorizontalSlider))


def activate(element: Any) -> bool:
    """Enter or Space on a control: a check box toggles, a drop-down takes its next
    option, a text field takes the typing. False when ``element`` is no control."""
    if isinstance(element, UICheckBox):
        element.set_state(not element.get_state())  # posts UI_CHECK_BOX_(UN)CHECKED
        return True
    if isinstance(element, (UIDropDownMenu, UIHorizontalSlider)):
        return step(element, 1)
    if isinstance(element, UITextEntryLine):
        take_typing(element)
        return True
    return False


def take_typing(entry: UITextEntryLine) -> None:
    """The field takes the keys with its text selected, so typing replaces it (as a
    Tab into a field does everywhere)."""
    entry.ui_manager.set_focus_set(entry)
    entry.select_range = [0, len(entry.get_text())]


def step(element: Any, direction: int) -> bool:
    """Left/Right on a drop-down (the previous/next option, round the list) or a
    slider (a twentieth of its range). Posts the event a mouse change posts."""
    if isinstance(element, UIDropDownMenu):
        options = [_pair(o) for o in element.options_list]
        if not options:
            return False
        now = _pair(element.selected_option)
        i = options.index(now) if now in options else -1
        choice = options[(i + direction) % len(options)]
        _select(element, choice)
        return True
    if isinstance(element, UIHorizontalSlider):
        lo, hi = element.value_range
        before = element.get_current_value()
        size = (hi - lo) / SLIDER_STEPS
        if isinstance(before, int) and isinstance(lo, int) and isinstance(hi, int):
            size = max(1, round(size))
        element.set_current_value(min(hi, max(lo, before + direction * size)))
        after = element.get_current_value()
        if after != before:
            pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "value": after, "ui_element": element,
                "ui_object_id": element.most_specific_combined_id}))
        return True
    return False


def _pair(option: Any) -> tuple[str, str]:
    return (option, option) if isinstance(option, str) else (str(option[0]), str(option[1]))


def _select(menu: UIDropDownMenu, choice: tuple[str, str]) -> None:
    """What choosing ``choice`` with the mouse does: the closed menu shows it and
    UI_DROP_DOWN_MENU_CHANGED is posted (pygame_gui 0.6: no public setter)."""
    menu.selected_option = choice
    closed = menu.menu_states.get("closed")
    if closed is not None:
        closed.selected_option = choice
        button = getattr(closed, "selected_option_button", None)
        if button is not None:
            button.set_text(choice[0])
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": choice[0], "selected_option_id": choice[1], "ui_element": menu,
        "ui_object_id": menu.most_specific_combined_id}))


def reveal(element: Any, containers: list[Any]) -> None:
    """Scroll the list holding ``element`` so that the element is in view."""
    for box in containers:
        if not isinstance(box, UIScrollingContainer) or box.vert_scroll_bar is None:
            continue
        inner = box.get_container()
        if element.ui_container is not inner and getattr(element, "parent_element", None) is None:
            continue
        if not _inside(element, inner):
            continue
        view = box.rect
        if view.top <= element.rect.top and element.rect.bottom <= view.bottom:
            return
        bar = box.vert_scroll_bar
        total = max(1, inner.rect.height)
        y = element.rect.top - inner.rect.top  # its place in the whole list
        want = (y - view.height / 3) / total
        top = max(0.0, 1.0 - bar.visible_percentage)
        bar.set_scroll_from_start_percentage(min(top, max(0.0, want)))
        return


def _inside(element: Any, container: Any) -> bool:
    """Whether ``element`` sits in ``container`` (directly or through a parent)."""
    seen = 0
    while element is not None and seen < 8:
        if getattr(element, "ui_container", None) is container:
            return True
        element = getattr(element, "parent_element", None)
        seen += 1
    return False
