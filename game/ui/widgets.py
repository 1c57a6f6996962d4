"""Small shared helpers for the menu scenes (their base class,
:class:`game.scenes.ui_scene.UIScene`, uses them).

:class:`UIScene` owns the pygame_gui elements of one scene: it builds them in
``enter``/``on_resize``, kills them in ``exit``, hides them in ``pause`` and
shows them again in ``resume``. Buttons made with :meth:`UIScene.button` call
their action when pressed, and the ones registered for keyboard navigation
can be reached with the arrows / Tab and pressed with Enter or Space, with a
gold focus ring drawn around the focused one.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ui import theme
from game.ui.backdrop import felt_background as felt_background  # (scenes import it from here)

Action = Callable[[], object]  # a button's callback: whatever it returns is ignored

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
