"""Reach packaged data only through :mod:`importlib.resources`.

Everything under the top-level ``assets/`` folder is installed as the package
``game.assets``; nothing here uses ``__file__`` or the working directory, so
it keeps working from a wheel, a zip or a frozen (PyInstaller) build.

The UI font is pygame_gui's bundled Noto Sans SC (Latin + Chinese glyphs).
Never use ``pygame.font.Font(None)`` / ``SysFont``: both break when frozen.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import AbstractContextManager
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

import pygame

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

ASSETS_PACKAGE = "game.assets"
FONT_PACKAGE = "pygame_gui.data"
FONT_REGULAR = "NotoSansSC-Regular.otf"
FONT_BOLD = "NotoSansSC-Bold.otf"


def _join(root: Traversable, rel: str) -> Traversable:
    node = root
    for part in rel.replace("\\", "/").split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            raise ValueError(f"asset paths may not go up: {rel!r}")
        node = node / part
    return node


def asset(rel: str) -> Traversable:
    """The packaged resource ``rel`` (e.g. ``"sounds/play.wav"``)."""
    return _join(resources.files(ASSETS_PACKAGE), rel)


def asset_exists(rel: str) -> bool:
    return asset(rel).is_file()


def asset_path(rel: str) -> AbstractContextManager[Path]:
    """Context manager giving a real filesystem path (extracted if needed)."""
    return resources.as_file(asset(rel))


def read_bytes(rel: str) -> bytes:
    return asset(rel).read_bytes()


def open_binary(rel: str) -> BinaryIO:
    """An in-memory binary file of the resource (safe to keep after closing)."""
    return io.BytesIO(read_bytes(rel))


def iter_assets(rel_dir: str) -> Iterator[str]:
    """Names of the files directly inside the packaged folder ``rel_dir``."""
    folder = asset(rel_dir)
    if folder.is_dir():
        for child in sorted(folder.iterdir(), key=lambda c: c.name):
            if child.is_file():
                yield child.name


# ---------------------------------------------------------------- fonts


def font_file(bold: bool = False) -> Traversable:
    """The Noto Sans SC font resource shipped inside pygame_gui."""
    return resources.files(FONT_PACKAGE) / (FONT_BOLD if bold else FONT_REGULAR)


@lru_cache(maxsize=2)
def _font_bytes(bold: bool) -> bytes:
    return font_file(bold).read_bytes()


@lru_cache(maxsize=128)
def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached Noto Sans SC font of ``size`` pixels (do not change its style flags)."""
    if not pygame.font.get_init():
        pygame.font.init()
    source = font_file(bold)
    if isinstance(source, Path) and source.is_file():
        # A real file (source and frozen installs): FreeType maps it lazily, much
        # faster than handing it the whole 16 MB CJK font again for every size.
        return pygame.font.Font(str(source), max(1, int(size)))
    # pygame keeps a reference to the file object for the font's lifetime.
    return pygame.font.Font(io.BytesIO(_font_bytes(bold)), max(1, int(size)))


def clear_font_cache() -> None:
    """Forget cached fonts (call after ``pygame.quit()`` before re-initialising)."""
    get_font.cache_clear()
