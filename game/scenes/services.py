"""What a scene may use of the running game: a small interface, not the App.

Every scene gets an object with these members (``game.app.App`` is the one
in the game; tests pass a smaller stand-in). A scene opens another by its
name with data (``services.open("saves", controller=...)``, the names are in
:mod:`game.screens`) and so imports no other scene; it never reads the App's
window, clock or scene stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame_gui

    from game.config import MatchConfig
    from game.controller import MatchController
    from game.scenes.write_notices import WriteNotices
    from game.storage.user_settings import UserSettings


class Services(Protocol):
    """The services of the running game that scenes use."""

    settings: UserSettings
    """the player's settings (saved by :meth:`save_settings`)"""
    ui: pygame_gui.UIManager
    """the one UI manager of the window"""
    audio: Any
    """sounds: ``audio.play(name)``; ``set_volumes(sfx, music)`` (settings)"""
    size: tuple[int, int]
    """the window's size now"""
    write_notices: WriteNotices
    """failed writes, reported here and told to the player once"""
    version: str
    """the game's version (menu footer, about)"""

    @property
    def seed(self) -> int | None:
        """The seed asked for on the command line (``--seed``), else None."""

    def open(self, name: str, /, **data: Any) -> None:
        """Open the screen registered as ``name`` (``game.screens``) on top, with ``data``."""

    def close(self, scene: object) -> None:
        """Close ``scene`` if it is the one on top (a scene leaving by itself)."""

    def is_top(self, scene: object) -> bool:
        """Whether ``scene`` is the one on top (it gets the input)."""

    def back_to_menu(self) -> None:
        """Leave every screen (and the match) for the main menu."""

    def start_match(self, config: MatchConfig, loaded: Any = None) -> None:
        """Sit down at a new match, or a loaded one (``game.session`` builds it)."""

    def start_tutorial(self, restart: bool = False) -> None:
        """Sit down at the tutorial, where it was left unless ``restart``."""

    def running_match(self) -> MatchController | None:
        """The match being played and not over (the saves screen's "Save here")."""

    def save_settings(self) -> bool:
        """Write the settings; False when that failed (the player is told once)."""

    def apply_settings(self) -> None:
        """Make changed settings take effect now (language, volumes, window, layouts)."""

    def audio_click(self) -> None:
        """The click sound of a button."""

    def quit(self) -> None:
        """Close the game."""
