"""The table's cached layer: redrawing only what changed gives the same pixels."""

from __future__ import annotations

import random

import pygame

from game.table.renderer import Layer
from game.ui import draw_kit as kit


def _blob(rng: random.Random, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(6):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(40, 256))
        r = pygame.Rect(rng.randrange(size[0]), rng.randrange(size[1]), 30, 20)
        pygame.draw.ellipse(surf, colour, r)
    return surf


def _background() -> pygame.Surface:
    bg = pygame.Surface((240, 160))
    for y in range(160):
        pygame.draw.line(bg, (10, 60 + y // 2, 40), (0, y), (239, y))
    return bg


def _draw(state: tuple[tuple[int, int, int], ...], sprites: list[pygame.Surface]):
    def part(i: int):
        def draw(rec: kit.Recorder) -> None:
            x, y, k = state[i]
            rec.blit(sprites[k], (x, y))
            rec.blit(sprites[(k + 1) % len(sprites)], pygame.Rect(x + 10, y + 5, 1, 1))
        return draw
    return [(state[i], part(i)) for i in range(len(state))]


def test_partial_redraws_match_drawing_everything() -> None:
    rng = random.Random(3)
    sprites = [_blob(rng, (70, 50)) for _ in range(5)]
    layer = Layer()
    state = tuple((rng.randrange(-20, 200), rng.randrange(-20, 130), rng.randrange(5))
                  for _ in range(6))
    layer.update("base", _background, _draw(state, sprites))
    for _ in range(40):
        parts = list(state)
        for i in rng.sample(range(len(parts)), rng.randrange(1, 3)):
            parts[i] = (rng.randrange(-20, 200), rng.randrange(-20, 130), rng.randrange(5))
        state = tuple(parts)
        got = layer.update("base", _background, _draw(state, sprites))
        fresh = Layer().update("base", _background, _draw(state, sprites))
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_unchanged_parts_are_not_drawn_again() -> None:
    calls = []
    layer = Layer()

    def part(rec: kit.Recorder) -> None:
        calls.append(1)
        rec.blit(pygame.Surface((4, 4)), (1, 1))

    layer.update("base", _background, [("same", part)])
    layer.update("base", _background, [("same", part)])
    assert len(calls) == 1
    layer.update("other base", _background, [("same", part)])
    assert len(calls) == 2


def test_recorder_keeps_blits_and_bounds() -> None:
    rec = kit.Recorder()
    assert rec.bounds is None
    img = pygame.Surface((10, 6))
    assert rec.blit(img, (5, 7)) == pygame.Rect(5, 7, 10, 6)
    rec.blit(img, pygame.Rect(30, 1, 99, 99))
    assert rec.blits == [(img, (5, 7)), (img, (30, 1))]
    assert rec.bounds == pygame.Rect(5, 1, 35, 12)
