"""Reach packaged data only through :mod:`importlib.resources`.

Everything under the top-level ``assets/`` folder is installed as the package
``game.assets``; nothing here uses ``__file__`` or the working directory, so
it keeps working from a wheel, a zip or a frozen (PyInstaller) build.

The UI font is pygame_gui's bundled Noto Sans SC (Latin + Chinese glyphs).
Never use ``pygame.font.Font(None)`` / ``SysFont``: both break when frozen.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

import pygame

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:  # Python 3.10
        from importlib.abc import Traversable

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


# Opening the 16 MB CJK font costs FreeType ~15 ms (a dropped frame), so a size
# is never opened on the spot: :func:`get_font` hands out a light
# :class:`SizedFont`, drawn either by a face opened for that size ahead of time
# (:func:`warm_font`, e.g. in a frame where nothing moves) or else by one of a
# few shared faces resized to it (``Font.point_size``, pygame-ce 2.3+). A face
# resized to a size draws exactly what a face opened at that size draws;
# resizing only drops SDL_ttf's glyph cache, so the next text costs ~0.5 ms.
SHARED_FACES = 2  # per weight: two sizes may take turns without resizing
OWN_FACES = 48  # faces opened for one size (~1 MB each); the oldest go first


def _open_font(bold: bool, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    source = font_file(bold)
    if isinstance(source, Path) and source.is_file():
        # A real file (source and frozen installs): FreeType maps it lazily, much
        # faster than handing it the whole 16 MB CJK font again for every face.
        return pygame.font.Font(str(source), size)
    # pygame keeps a reference to the file object for the font's lifetime.
    return pygame.font.Font(io.BytesIO(_font_bytes(bold)), size)


_own: dict[tuple[int, bool], pygame.font.Font] = {}  # (size, bold) -> its own face
_shared: dict[bool, list[pygame.font.Font]] = {False: [], True: []}  # most recent first
_wanted: dict[tuple[int, bool], None] = {}  # sizes drawn by shared faces, latest last


def _face(size: int, bold: bool, want: bool = True) -> pygame.font.Font:
    """A face of weight ``bold`` drawing at ``size`` pixels until the next call
    (``want``: ask for a face of its own if it has to share one)."""
    face = _own.get((size, bold))
    if face is not None:
        return face
    key = (size, bold)
    if want:
        _wanted.pop(key, None)
        _wanted[key] = None
    faces = _shared[bold]
    if faces and faces[0].point_size == size:
        return faces[0]
    for i, face in enumerate(faces):
        if face.point_size == size:
            faces.insert(0, faces.pop(i))
            return face
    if len(faces) < SHARED_FACES:
        face = _open_font(bold, size)
    else:
        face = faces.pop()
        face.point_size = size
    faces.insert(0, face)
    return face


def _key(size: int, bold: bool) -> tuple[int, bool]:
    return (max(1, int(size)), bool(bold))


def font_ready(size: int, bold: bool = False) -> bool:
    """True if ``size`` has its own open face (no resizing, warm glyph cache)."""
    return _key(size, bold) in _own


def want_font(size: int, bold: bool = False) -> None:
    """Ask for a face of its own for ``size`` at the next :func:`warm_next_font`."""
    key = _key(size, bold)
    if key not in _own and key not in _wanted:
        _wanted[key] = None


def warm_next_font() -> bool:
    """Open a face of its own (~15 ms) for the size most recently drawn by a
    shared face (or asked for with :func:`want_font`), or else the first
    shared face of a weight; False if there was nothing to do. Call it when a
    dropped frame does not show (nothing moving)."""
    while _wanted:
        key = next(reversed(_wanted))
        del _wanted[key]
        if warm_font(*key):
            return True
    for bold, faces in _shared.items():
        if not faces:
            faces.append(_open_font(bold, 16))
            return True
    return False


def warm_font(size: int, bold: bool = False) -> bool:
    """Open a face of its own for ``size`` (~15 ms); False if it already had one."""
    key = _key(size, bold)
    _wanted.pop(key, None)
    if key in _own:
        return False
    while len(_own) >= OWN_FACES:
        del _own[next(iter(_own))]
    face = _own[key] = _open_font(key[1], key[0])
    face.render(_COMMON_GLYPHS, True, (255, 255, 255))  # fill its glyph cache
    return True


# Loaded into a new face's glyph cache (~25 us a glyph on first use).
_COMMON_GLYPHS = "".join(chr(c) for c in range(32, 127)) + "·…—：；，。！？（）"


class SizedFont:
    """Noto Sans SC at one pixel size: reads like a ``pygame.font.Font`` (render,
    size, metrics...) but draws with whichever open face serves that size. Never
    change its style (bold, italic, size...): ask :func:`get_font` for another."""

    __slots__ = ("bold", "px", "warm")

    def __init__(self, px: int, bold: bool, warm: bool = True) -> None:
        self.px = px
        self.bold = bold
        self.warm = warm

    @property
    def font(self) -> pygame.font.Font:
        """The underlying face, set to this size (only until the next other size)."""
        return _face(self.px, self.bold, self.warm)

    def render(self, text: str | bytes | None, antialias: bool, color: object,
               bgcolor: object = None, wraplength: int = 0) -> pygame.Surface:
        font = self.font
        try:
            return font.render(text, antialias, color, bgcolor, wraplength)  # type: ignore[arg-type]
        except pygame.error:
            if text and font.size(text)[0] == 0:  # only zero-width characters (a ZWSP name)
                return font.render("", antialias, color, bgcolor, wraplength)  # type: ignore[arg-type]
            raise

    def size(self, text: str | bytes) -> tuple[int, int]:
        return self.font.size(text)

    def get_height(self) -> int:
        return self.font.get_height()

    def get_linesize(self) -> int:
        return self.font.get_linesize()

    def get_ascent(self) -> int:
        return self.font.get_ascent()

    def get_descent(self) -> int:
        return self.font.get_descent()

    def metrics(self, text: str | bytes) -> list[tuple[int, int, int, int, int] | None]:
        return self.font.metrics(text)

    @property
    def point_size(self) -> int:
        return self.px

    def get_point_size(self) -> int:
        return self.px

    def __getattr__(self, name: str) -> object:
        return getattr(self.font, name)

    def __repr__(self) -> str:
        return f"SizedFont({self.px}, bold={self.bold}, warm={self.warm})"


@lru_cache(maxsize=256)
def get_font(size: int, bold: bool = False, warm: bool = True) -> SizedFont:
    """A cached Noto Sans SC font of ``size`` pixels (do not change its style flags).
    ``warm=False``: text drawn once and kept (card art) needs no face of its own."""
    return SizedFont(*_key(size, bold), bool(warm))


def clear_font_cache() -> None:
    """Forget cached fonts (call after ``pygame.quit()`` before re-initialising)."""
    get_font.cache_clear()
    _own.clear()
    _wanted.clear()
    for faces in _shared.values():
        faces.clear()
