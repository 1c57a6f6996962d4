"""The table's test probe: where the clickable things are now (game.debug_probe
reports it to tests that drive the real window)."""

from __future__ import annotations

from typing import Any

from game.rules.view import PlayerView
from game.table.hand import HandView
from game.table.layout import TableLayout
from game.table.shown_controls import ShownControls


def table_probe(lay: TableLayout, viewer: int, view: PlayerView, hand: HandView,
                controls: ShownControls) -> dict[str, Any]:
    """Rects of the hand's cards, the piles, the seat plates, both button rows
    and the open picker's colours, and the viewer's PlayerView under ``view``."""
    picker, bar, corner = controls.picker, controls.bar, controls.corner
    chooser = controls.chooser
    if picker.open:
        picker.layout(lay)  # the rects a click is tested against (as intents.read does)
    top = []
    if chooser.open:
        chooser.layout(lay)
        top = [{"id": cid, "rect": r} for cid, r in chooser.rects]
    seats = {s: spot.plate for s, spot in lay.seats.items()}
    if lay.bottom is not None:
        seats[lay.bottom.seat] = lay.bottom.plate
    return {"viewer": viewer, "view": view,
            "hand": [{"id": c.id, "face": c.short(), "rect": r, "legal": c.id in hand.legal}
                     for c, r in zip(hand.cards, hand.rects(lay), strict=False)],
            "draw_pile": lay.draw_pile, "discard": lay.discard, "seats": seats,
            "bar": {k: b.rect for k, b in (bar.buttons if bar else {}).items()},
            "corner": {k: b.rect for k, b in (corner.buttons if corner else {}).items()},
            "picker": list(picker.rects) if picker.open else [],
            "top_chooser": top}
