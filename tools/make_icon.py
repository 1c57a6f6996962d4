"""Draw the game's icon with the game's own card art and write it to ``assets/``::

    python tools/make_icon.py

* ``assets/icon.png`` (256 x 256): the window icon (``game.app``);
* ``assets/icon.ico`` (16 to 256 px): the Windows executable (``build.spec``);
* ``assets/icon.icns`` (16 to 512 px): the macOS app (``build.spec``).

The ICO and ICNS files hold PNG images, written here with plain code (both
formats are a small header and a table of entries), so no imaging library is
needed. Run it again after changing the card art.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules.cards import DECK, Colour, Kind  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.card_art import card_face  # noqa: E402

DRAW_PX = 1024  # drawn once this big, then scaled down for every size
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry types holding PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def _card(kind: Kind, colour: Colour | None, width: int) -> pygame.Surface:
    card = next(c for c in DECK if c.kind == kind and c.colour == colour)
    return card_face(card, width)


def draw_icon(size: int = DRAW_PX) -> pygame.Surface:
    """Three cards (a blue Reverse, a yellow Skip, a Wild in front) on a felt tile."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    tile = pygame.Rect(0, 0, size, size).inflate(-size // 32, -size // 32)
    pygame.draw.rect(surf, theme.FELT_DARK, tile, border_radius=size // 5)
    pygame.draw.rect(surf, theme.FELT, tile.inflate(-size // 24, -size // 24),
                     border_radius=size // 6)
    card_w = int(size * 0.42)
    cards = [(_card(Kind.REVERSE, Colour.BLUE, card_w), 24, (-0.16, 0.02)),
             (_card(Kind.SKIP, Colour.YELLOW, card_w), -22, (0.16, 0.02)),
             (_card(Kind.WILD, None, card_w), 0, (0.0, 0.0))]
    centre = (size / 2, size / 2 + size * 0.02)
    for face, angle, (dx, dy) in cards:
        rotated = pygame.transform.rotozoom(face, angle, 1.0)
        at = (centre[0] + dx * size, centre[1] + dy * size)
        shadow = pygame.Surface(rotated.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 110))
        shadow.blit(rotated, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(shadow, shadow.get_rect(center=(at[0] + size // 60, at[1] + size // 40)))
        surf.blit(rotated, rotated.get_rect(center=at))
    return surf


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def scaled_pngs(art: pygame.Surface, sizes: tuple[int, ...]) -> dict[int, bytes]:
    return {px: png_bytes(pygame.transform.smoothscale(art, (px, px))) for px in sizes}


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file whose images are PNGs (Windows Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    table, data = b"", b""
    for px in sizes:
        png = pngs[px]
        dim = 0 if px >= 256 else px  # 0 means 256
        table += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + table + data


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file of PNG entries (big-endian type + length, then the data)."""
    body = b"".join(ICNS_TYPES[px] + struct.pack(">I", 8 + len(pngs[px])) + pngs[px]
                    for px in sorted(pngs))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.init()
    pygame.display.set_mode((64, 64))
    art = draw_icon()
    out = ROOT / "assets"
    pngs = scaled_pngs(art, tuple(sorted(set(ICO_SIZES) | set(ICNS_TYPES))))
    (out / "icon.png").write_bytes(pngs[256])
    (out / "icon.ico").write_bytes(ico_bytes({px: pngs[px] for px in ICO_SIZES}))
    (out / "icon.icns").write_bytes(icns_bytes({px: pngs[px] for px in ICNS_TYPES}))
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"wrote assets/{name} ({(out / name).stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
