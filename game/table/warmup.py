"""Warm-up: card art and fonts drawn between animations, before they are needed.

Card faces at a new size (big at 4K) are drawn a few at a time while
nothing moves, so no flight ever waits for a first render.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from game import resources
from game.rules.cards import COLOURS, DECK
from game.table import widgets as tw
from game.table.layout import TableLayout
from game.table.renderer import RING_ALPHA, pulse_arrow, ring_px
from game.ui import card_art

Job = Callable[[], object]
TABLE_FONTS = ((13, False), (15, True), (17, True), (14, True), (11, True), (12, True),
               (16, True), (22, True))
"""the table's text sizes (design px) and weights"""


def jobs(layout: TableLayout, viewer: int, colourblind: bool) -> list[Job]:
    """What to draw for ``layout``, last first (:func:`warm_up` pops from the end):
    the plain faces, the dimmed ones (only a player's own hand shows them), the
    colour swatches, the direction ring both ways, then the direction pulse's
    arrows (~50 ms each). The table's text sizes are asked for too
    (:func:`game.resources.want_font`: sizes first drawn mid-flight join them)."""
    faces = list({card_art.face_key(c): c for c in DECK}.values())
    w = layout.card_w
    todo: list[Job] = [partial(pulse_arrow, layout, True), partial(pulse_arrow, layout, False)]
    ring = ring_px(layout)
    todo += [partial(tw.faded, (ring, way), RING_ALPHA) for way in (True, False)]
    todo += [partial(card_art.colour_swatch, c, layout.px(50), True) for c in COLOURS]
    if viewer >= 0:
        todo += [partial(card_art.card_face, c, w, colourblind, True) for c in faces]
    todo += [partial(card_art.card_face, c, w, colourblind, False) for c in faces]
    for size, bold in TABLE_FONTS:
        resources.want_font(layout.font_px(size), bold)
    return todo


def warm_up(todo: list[Job], budget: float) -> None:
    """Open a font size, or run jobs from ``todo`` for up to ``budget`` seconds."""
    start = time.perf_counter()
    if resources.warm_next_font():
        return
    while todo and time.perf_counter() - start < budget:
        todo.pop()()
