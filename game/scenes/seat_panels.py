"""The phone seats' panels that the join screen and Join codes share: each seat's
name, QR code, link in two rows and status, the room line, and what the
journeys' debug probe reads of them. Drawing only: no screen lives here."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import segno

from game.i18n import t
from game.ui import draw_kit as kit
from game.ui import theme
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.party.host import PartyHost
    from game.scenes.ui_scene import UIScene


LINK_PX = 18  # the join link's text (design pixels): readable from a step away
CODE_PX = 46  # the room code's letters


def qr_surface(text: str, size: int) -> pygame.Surface:
    """``text`` as a QR code about ``size`` pixels wide (dark on white, quiet zone kept)."""
    qr = segno.make(text, error="m")
    matrix = [list(row) for row in qr.matrix]
    border = 2
    cells = len(matrix) + 2 * border
    cell = max(2, size // cells)
    surf = pygame.Surface((cells * cell, cells * cell))
    surf.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surf.fill((0, 0, 0), ((x + border) * cell, (y + border) * cell, cell, cell))
    return surf


def link_rows(url: str) -> tuple[str, str]:
    """A join link in two rows a person can copy by eye: the address, then the
    seat's token (``#...``)."""
    address, sep, token = url.partition("#")
    return address, sep + token


class SeatPanels:
    """The phone seats' panels of a screen: their places, QR codes (cached) and
    drawing. ``scene`` gives the scale (``px``) and the button text widths."""

    def __init__(self, scene: UIScene) -> None:
        self.scene = scene
        self._qr: dict[tuple[str, int], pygame.Surface] = {}

    def rects(self, area: pygame.Rect, seats: Sequence[int]) -> dict[int, pygame.Rect]:
        """Each seat's panel in ``area``: one row of up to five, else two rows."""
        if not seats:
            return {}
        px = self.scene.px
        cols = len(seats) if len(seats) <= 5 else (len(seats) + 1) // 2
        rows = 1 if len(seats) <= 5 else 2
        gap = px(14)
        cw = (area.w - gap * (cols - 1)) // cols
        ch = (area.h - gap * (rows - 1)) // rows
        out = {}
        for i, seat in enumerate(seats):
            r, c = divmod(i, cols)
            out[seat] = pygame.Rect(area.x + c * (cw + gap), area.y + r * (ch + gap), cw, ch)
        return out

    def new_link_rect(self, panel: pygame.Rect) -> pygame.Rect:
        """The "New link" button: the top right corner of the seat's panel, in the
        name's row (the QR code keeps all the room below; the name takes the rest)."""
        px = self.scene.px
        width = min(self.scene.text_width(t("party.new_link"), "button") + px(24),
                    panel.w * 2 // 5)
        return pygame.Rect(panel.right - px(8) - width, panel.y + px(8), width, px(30))

    def add_new_link_buttons(self, panels: dict[int, pygame.Rect],
                             on_press: Callable[[int], None]) -> dict[int, Any]:
        return {seat: self.scene.button(self.new_link_rect(rect), t("party.new_link"),
                                        functools.partial(on_press, seat),
                                        tooltip=t("party.new_link_tip"))
                for seat, rect in panels.items()}

    def forget(self, url: str) -> None:
        """Drop the QR codes of a link that changed."""
        self._qr = {k: v for k, v in self._qr.items() if k[0] != url}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, name: str, url: str,
             status: str, colour: tuple[int, int, int], lit: bool) -> None:
        """One seat's panel: its name, QR code, link (two rows) and ``status``;
        ``lit``: a green frame (a phone holds the seat)."""
        px = self.scene.px
        draw_panel(surface, rect)
        if lit:
            pygame.draw.rect(surface, theme.OK, rect, max(2, px(4)), border_radius=14)
        button = self.new_link_rect(rect)
        title = kit.fit_text(name, px(24), button.left - rect.x - px(16),
                            kit.GOLD if lit else kit.CREAM, True)
        surface.blit(title, title.get_rect(midtop=((rect.x + button.left) // 2, rect.y + px(8))))
        shown = kit.fit_text(status, px(18), rect.w - px(16), colour, lit)
        surface.blit(shown, shown.get_rect(midbottom=(rect.centerx, rect.bottom - px(8))))
        y = rect.bottom - px(36)
        link_h = 0
        for row in reversed(link_rows(url)):
            text = kit.fit_text(row, px(LINK_PX), rect.w - px(12), kit.CREAM)
            surface.blit(text, text.get_rect(midbottom=(rect.centerx, y)))
            y -= text.get_height()
            link_h += text.get_height()
        side = min(rect.w - px(20), rect.h - px(90) - link_h)
        if side < 40:
            return
        key = (url, side)
        if key not in self._qr:
            self._qr[key] = qr_surface(url, side)
        qr = self._qr[key]
        surface.blit(qr, qr.get_rect(center=(rect.centerx, rect.y + px(44) + side // 2)))

    def draw_room(self, surface: pygame.Surface, centre_x: int, y: int, max_w: int,
                  address: str, code: str) -> int:
        """The room line: where to type and the room code in large letters; the
        height it took (0 without a code: the match is over)."""
        if not code:
            return 0
        px = self.scene.px
        how = kit.fit_text(t("party.room_how", address=address), px(20), max_w, kit.CREAM)
        letters = kit.fit_text(" ".join(code), px(CODE_PX), max_w // 3, kit.GOLD, True)
        gap = px(16)
        width = min(max_w, how.get_width() + gap + letters.get_width())
        x = centre_x - width // 2
        height = max(how.get_height(), letters.get_height())
        surface.blit(how, how.get_rect(midleft=(x, y + height // 2)))
        surface.blit(letters, letters.get_rect(midleft=(x + how.get_width() + gap, y + height // 2)))
        return height


def seat_status(host: PartyHost, seat: int) -> tuple[str, tuple[int, int, int]]:
    """What a seat's panel says under its link, and in which colour."""
    if seat in host.connected():
        return "✓ " + t("party.joined"), theme.OK
    if seat in host.bot_seats:
        return t("party.codes_bot"), kit.GOLD
    return t("party.waiting"), kit.MUTED


def party_probe(host: PartyHost, panels: dict[int, pygame.Rect],
                buttons: dict[int, Any]) -> dict[str, Any]:
    """The join codes as a test driver needs them: links, room code, who holds a seat."""
    return {"seats": list(host.seats), "links": {str(s): host.url(s) for s in host.seats},
            "code": host.code, "address": host.address(),
            "joined": sorted(host.connected()), "bots": sorted(host.bot_seats),
            "panels": {str(s): r for s, r in panels.items()},
            "new_link": {str(s): b.rect for s, b in buttons.items()}}
