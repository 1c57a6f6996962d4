"""Card art renders every card, at any size, distinctly and with caching."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.cards import COLOURS, DECK, Colour, Kind  # noqa: E402
from game.ui import card_art  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def _px(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("width", [24, 57, 90, 160])
def test_every_card_renders_at_the_right_size(width: int) -> None:
    for colourblind in (False, True):
        for card in DECK:
            surf = card_art.card_face(card, width, colourblind)
            assert surf.get_size() == (width, round(width * 1.5))
    assert card_art.card_back(width).get_size() == card_art.card_size(width)


def test_card_height_ratio() -> None:
    assert card_art.card_size(100) == (100, 150)
    assert card_art.card_height(57) == 86


def test_distinct_faces_have_distinct_pixels() -> None:
    seen: dict[bytes, tuple[object, ...]] = {}
    for card in DECK:
        key = card_art.face_key(card)
        px = _px(card_art.card_face(card, 64))
        if px in seen:
            assert seen[px] == key, f"{card} looks like {seen[px]}"
        seen[px] = key
    # 4 colours x 13 faces + Wild, Wild Draw Four, and D3's Shuffle Hands and Customizable
    assert len(seen) == 56
    assert _px(card_art.card_back(64)) not in seen


def test_same_face_cards_share_one_surface() -> None:
    sevens = [c for c in DECK if c.kind is Kind.NUMBER and c.number == 7 and c.colour is Colour.RED]
    assert len(sevens) == 2
    assert card_art.card_face(sevens[0], 80) is card_art.card_face(sevens[1], 80)
    assert card_art.card_face(sevens[0], 80) is not card_art.card_face(sevens[0], 81)
    assert card_art.card_face(sevens[0], 80) is not card_art.card_face(sevens[0], 80, True)


def test_corners_are_rounded_and_body_is_coloured() -> None:
    for colour in COLOURS:
        card = next(c for c in DECK if c.colour is colour and c.number == 5)
        surf = card_art.card_face(card, 100)
        assert surf.get_at((0, 0)).a == 0  # transparent rounded corner
        r, g, b, _ = surf.get_at((50, 1))
        assert min(r, g, b) > 200  # white border
        # The body just inside the border, half-way down the left edge.
        body = surf.get_at((9, 75))
        target = card_art.PALETTE[colour]
        assert sum(abs(a - t) for a, t in zip(body[:3], target, strict=True)) < 120


def test_colourblind_mode_adds_symbols() -> None:
    for card in DECK:
        normal = _px(card_art.card_face(card, 80))
        cb = _px(card_art.card_face(card, 80, colourblind=True))
        if card.colour is None:
            assert normal == cb  # wilds have no colour to mark
        else:
            assert normal != cb


def test_colour_symbols_differ_per_colour() -> None:
    shapes = {_px(card_art.colour_symbol(c, 40)) for c in COLOURS}
    assert len(shapes) == 4
    # The shapes themselves (alpha masks) differ, not just their tint.
    masks = {
        bytes(pygame.image.tobytes(card_art.colour_symbol(c, 40), "RGBA")[3::4]) for c in COLOURS
    }
    assert len(masks) == 4
    for c in COLOURS:
        assert card_art.colour_symbol(c, 40).get_size() == (40, 40)


def test_colour_swatches() -> None:
    plain = {_px(card_art.colour_swatch(c, 32)) for c in (*COLOURS, None)}
    assert len(plain) == 5
    for c in COLOURS:
        assert _px(card_art.colour_swatch(c, 32, True)) != _px(card_art.colour_swatch(c, 32))
        mid = card_art.colour_swatch(c, 32).get_at((16, 16))
        assert sum(abs(a - b) for a, b in zip(mid[:3], card_art.PALETTE[c], strict=True)) < 12


def test_direction_arrows_differ() -> None:
    cw = card_art.direction_arrow(48, clockwise=True)
    ccw = card_art.direction_arrow(48, clockwise=False)
    assert cw.get_size() == ccw.get_size() == (48, 48)
    assert _px(cw) != _px(ccw)


def test_outline_dimmed_and_shadow() -> None:
    pad = card_art.outline_pad(80)
    w, h = card_art.card_size(80)
    assert card_art.card_outline(80).get_size() == (w + 2 * pad, h + 2 * pad)
    assert card_art.highlight(80).get_size() == card_art.card_outline(80).get_size()
    card = DECK[5]
    dim = card_art.card_face(card, 80, dimmed=True)
    bright = card_art.card_face(card, 80)
    assert dim.get_size() == bright.get_size()
    assert sum(dim.get_at((40, 2))[:3]) < sum(bright.get_at((40, 2))[:3])
    assert card_art.card_shadow(80).get_width() > w


def test_rendering_is_cached() -> None:
    """Each face is drawn once per size: later calls hand back the same surface.
    (Speed itself is measured by benchmarks, never by a timed unit test.)"""
    card_art.clear_caches()
    first = {card.id: card_art.card_face(card, 72) for card in DECK}
    for _ in range(3):
        for card in DECK:
            assert card_art.card_face(card, 72) is first[card.id]


def test_D3_new_wilds_read_apart_by_shape_without_colour() -> None:
    """D3: the four wild faces differ in grey too (colour-blind players tell the
    Wild Shuffle Hands and Wild Customizable apart by their symbols)."""
    wilds = {c.kind: c for c in DECK if c.colour is None}
    assert len(wilds) == 4
    for colourblind in (False, True):
        greys = set()
        for card in wilds.values():
            surf = card_art.card_face(card, 64, colourblind)
            grey = pygame.transform.grayscale(surf)
            greys.add(pygame.image.tobytes(grey, "RGBA"))
        assert len(greys) == 4
