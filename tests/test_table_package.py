"""The table package's seams: drawing changes nothing, renderers keep their own caches."""

from __future__ import annotations

import copy
from dataclasses import asdict
from typing import Any

import pygame
from table_helpers import config, make_app, pump

from game.table.renderer import TableRenderer
from game.table.scene import TableScene


def _start(speed: str = "off") -> tuple[Any, TableScene]:
    app = make_app((1024, 640), "en", speed)
    app.start_match(config(4, 1, 3))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    return app, table


def _state(table: TableScene) -> tuple[Any, ...]:
    """Everything of the scene a draw could change (deep copies)."""
    return (asdict(table.model), copy.deepcopy(vars(table.hand)), list(table.journal.ticker), table.cues.toast,
            table.hover_tip, table.now, table.dirty, table.anim.t, len(table.anim.queue),
            [vars(e).copy() for e in table.anim.effects], vars(table.controls.picker).copy(),
            table.viewer, table.layout)


def test_drawing_twice_changes_nothing_and_draws_the_same_pixels() -> None:
    app, table = _start("normal")
    pump(app, 20, 0.05)  # mid-deal: cards in flight, effects running
    surface = pygame.Surface(app.size)
    before = _state(table)
    table.draw(surface)
    first = pygame.image.tobytes(surface, "RGB")
    assert _state(table) == before
    table.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == first
    assert _state(table) == before


def test_two_renderers_share_no_cache() -> None:
    app, table = _start()
    pump(app, 5)
    a, b = TableRenderer(), TableRenderer()
    a.draw(pygame.Surface(app.size), table.layout, table.frame())
    assert a._felt and a._seats and a.layer.surf is not None
    assert not b._felt and not b._seats and b.layer.surf is None
    assert a._felt is not b._felt and a._seats is not b._seats and a.layer is not b.layer
    b.draw(pygame.Surface(app.size), table.layout, table.frame())
    felt_a, felt_b = next(iter(a._felt.values())), next(iter(b._felt.values()))
    assert felt_a is not felt_b
    assert a.layer.surf is not b.layer.surf
