"""Render every card face (normal and colour-blind) into one PNG sheet.

Usage: python tools/preview_cards.py [out.png] [--width 96]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.resources import get_font  # noqa: E402
from game.rules.cards import COLOURS, DECK, Card  # noqa: E402
from game.ui import card_art  # noqa: E402


def unique_faces() -> list[Card]:
    seen: dict[tuple[object, ...], Card] = {}
    for card in DECK:
        seen.setdefault(card_art.face_key(card), card)
    return list(seen.values())


def build_sheet(width: int) -> pygame.Surface:
    faces = unique_faces()
    per_row = 13
    gap = width // 6
    w, h = card_art.card_size(width)
    rows_per_mode = 5  # four colours + wilds/backs/helpers
    title = get_font(max(12, width // 5), bold=True)
    band = title.get_height() + gap
    sheet_w = per_row * (w + gap) + gap
    sheet_h = 2 * (band + rows_per_mode * (h + gap)) + gap
    sheet = pygame.Surface((sheet_w, sheet_h))
    sheet.fill((18, 92, 60))
    y = gap
    for colourblind in (False, True):
        label = "Colour-blind mode / 色盲模式" if colourblind else "Normal / 普通"
        sheet.blit(title.render(label, True, (240, 240, 240)), (gap, y))
        y += band
        coloured = [c for c in faces if c.colour is not None]
        wilds = [c for c in faces if c.colour is None]
        for colour in COLOURS:
            row = [c for c in coloured if c.colour is colour]
            for i, card in enumerate(row):
                sheet.blit(card_art.card_face(card, width, colourblind), (gap + i * (w + gap), y))
            y += h + gap
        x = gap
        for card in wilds:
            sheet.blit(card_art.card_face(card, width, colourblind), (x, y))
            x += w + gap
        sheet.blit(card_art.card_face(wilds[0], width, colourblind, dimmed=True), (x, y))
        x += w + gap
        sheet.blit(card_art.card_back(width), (x, y))
        x += w + gap
        pad = card_art.outline_pad(width)
        sheet.blit(card_art.card_outline(width), (x - pad, y - pad))
        sheet.blit(card_art.card_face(coloured[7], width, colourblind), (x, y))
        x += w + gap
        sw = width // 2
        for i, colour in enumerate((*COLOURS, None)):
            sx = x + (i % 3) * (sw + gap // 2)
            sy = y + (i // 3) * (sw + gap // 2)
            sheet.blit(card_art.colour_swatch(colour, sw, colourblind), (sx, sy))
        x += 3 * (sw + gap // 2) + gap
        for i, colour in enumerate(COLOURS):
            pos = (x + (i % 2) * (sw + 4), y + (i // 2) * (sw + 4))
            sheet.blit(card_art.colour_symbol(colour, sw), pos)
        x += 2 * (sw + 4) + gap
        aw = round(width * 0.7)
        sheet.blit(card_art.direction_arrow(aw, True), (x, y))
        sheet.blit(card_art.direction_arrow(aw, False), (x, y + aw + 4))
        y += h + gap
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", default="docs/cards.png")
    parser.add_argument("--width", type=int, default=96)
    args = parser.parse_args(argv)
    pygame.init()
    start = time.perf_counter()
    sheet = build_sheet(args.width)
    print(f"rendered in {time.perf_counter() - start:.2f}s", file=sys.stderr)
    pygame.image.save(sheet, args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
