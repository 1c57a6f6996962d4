"""The game window carries our icon (assets/icon.png), set before the window opens."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui_driver import make_app

from game.resources import open_binary


def test_window_icon_is_set_before_the_window_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, Any]] = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode

    def spy_icon(surface: pygame.Surface) -> None:
        calls.append(("icon", surface))
        set_icon(surface)

    def spy_mode(*args: Any, **kwargs: Any) -> pygame.Surface:
        calls.append(("mode", args))
        return set_mode(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_icon", spy_icon)
    monkeypatch.setattr(pygame.display, "set_mode", spy_mode)
    app = make_app("--lang", "en")
    try:
        kinds = [kind for kind, _ in calls]
        assert "icon" in kinds, "the game never sets a window icon"
        assert kinds.index("icon") < kinds.index("mode")
        icon = calls[kinds.index("icon")][1]
        ours = pygame.image.load(open_binary("icon.png"), "icon.png")
        assert icon.get_size() == ours.get_size() == (256, 256)
        for xy in ((128, 128), (60, 100), (200, 150)):
            assert icon.get_at(xy) == ours.get_at(xy)
    finally:
        app.shutdown()
