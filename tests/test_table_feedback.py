"""Issue 14: each opponent move shows where it happens, and its callouts stay
inside the window at every seat count and window size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.rules.cards import DECK, Colour, Kind  # noqa: E402
from game.rules.events import DrawReason, Event, EventKind  # noqa: E402
from game.table import widgets as tw  # noqa: E402
from game.table.animations import Animator  # noqa: E402
from game.table.director import Director, Stage  # noqa: E402
from game.table.layout import TableLayout, compute_layout  # noqa: E402
from game.table.model import TableModel  # noqa: E402
from game.table.renderer import bubble_rect  # noqa: E402
from game.ui import draw_kit as kit  # noqa: E402

REVERSE = next(c.id for c in DECK if c.kind is Kind.REVERSE and c.colour is Colour.RED)
RED_5 = next(c.id for c in DECK if c.colour is Colour.RED and c.kind is Kind.NUMBER)
SIZES = [(1024, 640), (1280, 800), (1366, 768), (1600, 900), (1920, 1080)]


class _Table:
    def __init__(self, n: int = 4, size: tuple[int, int] = (1280, 800)) -> None:
        pygame.init()
        self.anim = Animator("normal")
        self.layout: TableLayout = compute_layout(size, n, 0)
        self.model = TableModel(0, n)
        self.model.sizes = [7] * n
        self.director = Director(Stage(
            anim=self.anim, sound=lambda name: None, layout=lambda: self.layout,
            model=lambda: self.model, viewer=lambda: 0, card_rect=lambda lay, card: None))

    def run(self, events: list[Event]) -> list[tuple[str, tuple[float, float]]]:
        """The callouts the events raise, with where they stand."""
        self.director.queue(events)
        seen: list[tuple[str, tuple[float, float]]] = []
        for _ in range(100):
            self.anim.update(0.02)
            seen += [(e.text, e.pos) for e in self.anim.effects if e.kind == "bubble"]
        return list(dict.fromkeys(seen))


def test_a_skip_marks_the_seat_it_hits() -> None:
    table = _Table()
    seen = table.run([Event(EventKind.SKIP, seat=2)])
    assert (i18n.t("bubble.skip"), table.director.plate_point(2)) in seen


def test_a_reverse_marks_the_seat_that_played_it() -> None:
    table = _Table()
    seen = table.run([Event(EventKind.PLAY, seat=1, cards=(REVERSE,), colour=Colour.RED),
                      Event(EventKind.DIRECTION, value=-1)])
    assert (i18n.t("bubble.direction"), table.director.plate_point(1)) in seen


@pytest.mark.parametrize("reason", [DrawReason.PENALTY, DrawReason.CHALLENGE, DrawReason.UNO])
def test_a_forced_draw_marks_the_seat_that_draws(reason: DrawReason) -> None:
    table = _Table()
    seen = table.run([Event(EventKind.DRAW, seat=3, hidden=2, reason=reason)])
    assert (i18n.t("bubble.draws", n=2), table.director.plate_point(3)) in seen


def test_a_pending_penalty_marks_the_seat_facing_it() -> None:
    table = _Table()
    seen = table.run([Event(EventKind.PENALTY, target=2, value=4)])
    assert (i18n.t("bubble.draws", n=4), table.director.plate_point(2)) in seen


def test_a_chosen_draw_raises_no_callout() -> None:
    table = _Table()
    assert table.run([Event(EventKind.DRAW, seat=3, hidden=1, reason=DrawReason.CHOICE)]) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_callouts_stay_inside_the_window_for_every_seat(size: tuple[int, int],
                                                        lang: str) -> None:
    pygame.init()
    i18n.set_language(lang)
    try:
        for n in range(2, 11):
            for log_open in (False, True):
                table = _Table(n, size)
                table.layout = lay = compute_layout(size, n, 0, "medium", log_open)
                for text in (i18n.t("bubble.challenge"), i18n.t("bubble.not_guilty"),
                             i18n.t("tbl.out", n=10)):
                    img = tw.bubble(text, lay.font_px(22), kit.GOLD, lay.px(2))
                    for seat in range(n):
                        anchor = table.director.plate_point(seat)
                        for progress in (0.0, 0.5, 1.0):
                            r = bubble_rect(lay, anchor, img.get_size(), progress)
                            assert lay.table.contains(r), (n, log_open, seat, text, r, lay.table)
    finally:
        i18n.set_language("en")


def _felt_with_colour(colour: Colour, size: tuple[int, int]) -> tuple[pygame.Surface, TableLayout]:
    from game.ui.widgets import felt_background

    pygame.init()
    lay = compute_layout(size, 4, 0)
    surf = felt_background(size).copy()
    tw.draw_halo(surf, lay, colour)
    tw.draw_colour_marks(surf, lay, colour, "")
    return surf, lay


@pytest.mark.parametrize("colour", list(Colour))
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_colour_in_effect_rings_the_discard_pile(colour: Colour,
                                                     size: tuple[int, int]) -> None:
    """A wide band in that colour all round the pile (not a dot beside it)."""
    from game.ui.card_art import colour_rgb

    surf, lay = _felt_with_colour(colour, size)
    d, off = lay.discard, lay.px(16)
    rgb = colour_rgb(colour)
    for point in ((d.centerx, d.top - off), (d.centerx, d.bottom + off),
                  (d.left - off, d.centery), (d.right + off, d.bottom - lay.px(20))):
        got = surf.get_at(point)[:3]
        assert all(abs(a - b) <= 12 for a, b in zip(got, rgb, strict=True)), (point, got, rgb)


def test_the_colour_ring_stands_out_from_the_felt_even_in_green() -> None:
    """Its edge is a light rim: green on green felt is still a ring."""
    surf, lay = _felt_with_colour(Colour.GREEN, (1280, 800))
    band = [surf.get_at((lay.discard.centerx, y))[:3]
            for y in range(lay.discard.top - lay.px(40), lay.discard.top)]
    assert max(sum(p) for p in band) >= 3 * 200, band  # a light rim round the band


def test_the_colour_symbol_is_large_beside_the_pile() -> None:
    """The colour-blind symbol's chip is big enough to read (was 34 px at base size)."""
    from game.ui import card_art

    seen: list[int] = []
    real = card_art.colour_swatch

    def swatch(colour, size, colourblind=False):  # noqa: ANN001, ANN202
        seen.append(size)
        return real(colour, size, colourblind)

    mp = pytest.MonkeyPatch()
    mp.setattr(card_art, "colour_swatch", swatch)
    try:
        _surf, lay = _felt_with_colour(Colour.BLUE, (1024, 640))
    finally:
        mp.undo()
    assert seen and max(seen) >= lay.px(48)
