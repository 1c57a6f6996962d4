"""#39: at ten seats beside the open log one seat's plate lay over a neighbour's
fan of card backs ("Zoe's panel over Lin's fan"). From 2 to 10 seats, 1024x640
to 1920x1080, the log open or folded, every card size, as a player or a
spectator: no plate or fan of backs covers another seat's plate or fan, and each
fan stays on the felt, clear of the corner buttons, the piles and the action row."""

from __future__ import annotations

import pygame
import pytest

from game.table.layout import compute_layout

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1440, 900), (1600, 900), (1920, 1080),
         (1024, 768), (1280, 1024)]


def _fan(lay, spot) -> pygame.Rect:  # type: ignore[no-untyped-def]
    fan = pygame.Rect(0, 0, round(lay.mini_w * 4.1), lay.mini_h)  # twelve backs at their widest
    fan.center = spot.fan_center
    return fan


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("n", range(2, 11))
def test_no_seat_covers_another(size: tuple[int, int], n: int) -> None:
    for log_open in (False, True):
        for card_size in ("small", "medium", "large"):
            for viewer in (0, -1):
                lay = compute_layout(size, n, viewer, card_size, log_open)
                parts = [(seat, kind, rect) for seat, spot in lay.seats.items()
                         for kind, rect in (("plate", spot.plate), ("fan", _fan(lay, spot)))]
                where = (log_open, card_size, viewer)
                for i, (seat, kind, rect) in enumerate(parts):
                    for other, okind, orect in parts[i + 1:]:
                        assert seat == other or not rect.colliderect(orect), (
                            *where, seat, kind, other, okind, rect.clip(orect))
                    if kind == "fan":
                        assert lay.table.contains(rect), (*where, seat, rect)
                        assert not rect.colliderect(lay.corner), (*where, seat, rect)
                        assert not rect.colliderect(lay.bar), (*where, seat, rect)
                        assert not rect.colliderect(lay.draw_pile.union(lay.discard)), (
                            *where, seat, rect)


def test_fewer_seats_keep_their_backs_above_or_below_the_plate() -> None:
    """The choice only moves backs where they would collide: at four seats the
    side seats' backs are above their plates, the one across below."""
    lay = compute_layout((1280, 800), 4, 0)
    left, across, right = (lay.seats[s] for s in (1, 2, 3))
    assert left.fan_center[1] < left.plate.top and right.fan_center[1] < right.plate.top
    assert across.fan_center[1] > across.plate.bottom


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_seats_sprite_holds_its_backs_wherever_they_peek_out(size: tuple[int, int]) -> None:
    """A fan beside its plate (ten seats beside the log) was cut off by a sprite
    sized for backs above or below: the sprite holds every back."""
    from game.table import widgets as tw

    pygame.init()
    lay = compute_layout(size, 10, 0, "medium", True)
    for spot in lay.seats.values():
        fan = (spot.fan_center[0] - spot.plate.x, spot.fan_center[1] - spot.plate.y)
        img, (ox, oy) = tw.seat_sprite(lay, spot.plate.size, fan, 12, "Mia", ("Normal",),
                                       ("12 cards", "0 pts"), False, False, -1, False)
        where = img.get_rect(topleft=(spot.plate.x - ox, spot.plate.y - oy))
        assert where.contains(_fan(lay, spot).inflate(-lay.px(8), -4)), (spot.seat, where)
