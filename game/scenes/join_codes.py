"""Join codes: every phone seat's QR code and link, and the room code, at any time
of a party match (from the table's corner button or J, and from the pause menu).

A friend whose phone died, or who arrives late for a seat a bot is playing,
scans the seat's code (or types the address and the room code) and takes it:
the bot steps down. "New link" re-issues a seat's link as on the join screen.
The match waits while this view is open (the table below pumps the phones as
paused).

:class:`SeatPanels` draws the seat panels and the room line for this view and
for the join screen (game/scenes/party_join.py), so both read the same.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import segno

from game.i18n import t
from game.scenes.ui_scene import UIScene
from game.table import widgets as tw
from game.ui import theme
from game.ui.widgets import dim, draw_panel, oid

if TYPE_CHECKING:
    from game.app import App
    from game.party.host import PartyHost

log = logging.getLogger(__name__)

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
        title = tw.fit_text(name, px(24), button.left - rect.x - px(16),
                            tw.GOLD if lit else tw.CREAM, True)
        surface.blit(title, title.get_rect(midtop=((rect.x + button.left) // 2, rect.y + px(8))))
        shown = tw.fit_text(status, px(18), rect.w - px(16), colour, lit)
        surface.blit(shown, shown.get_rect(midbottom=(rect.centerx, rect.bottom - px(8))))
        y = rect.bottom - px(36)
        link_h = 0
        for row in reversed(link_rows(url)):
            text = tw.fit_text(row, px(LINK_PX), rect.w - px(12), tw.CREAM)
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
        how = tw.fit_text(t("party.room_how", address=address), px(20), max_w, tw.CREAM)
        letters = tw.fit_text(" ".join(code), px(CODE_PX), max_w // 3, tw.GOLD, True)
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
        return t("party.codes_bot"), tw.GOLD
    return t("party.waiting"), tw.MUTED


class JoinCodesScene(UIScene):
    """``JoinCodesScene(app, host)``: the join codes of the running party match
    ``host`` over the table; Back (or Escape) returns to it."""

    transparent = True
    show_focus_initially = True

    def __init__(self, app: App, host: PartyHost) -> None:
        super().__init__(app)
        self.host = host
        self.panels = SeatPanels(self)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.new_link_buttons: dict[int, Any] = {}

    def build(self) -> None:
        w, h = self.size
        margin = self.px(24)
        self.panel_rect = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        bw, bh = self.px(240), self.px(50)
        self.button(pygame.Rect(self.panel_rect.centerx - bw // 2,
                                self.panel_rect.bottom - bh - self.px(14), bw, bh),
                    t("party.codes_back"), self.on_back, object_id=oid(None, "#primary"))
        self.new_link_buttons = self.panels.add_new_link_buttons(self._seat_rects(),
                                                                 self.new_link)

    def _seat_rects(self) -> dict[int, pygame.Rect]:
        r = self.panel_rect
        area = pygame.Rect(r.x + self.px(16), r.y + self.px(150), r.w - self.px(32),
                           r.h - self.px(150) - self.px(80))
        return self.panels.rects(area, self.host.seats)

    def new_link(self, seat: int) -> None:
        """Re-issue ``seat``'s link (its old one stops working at once)."""
        old = self.host.url(seat)
        try:
            self.host.reissue(seat)
        except ValueError as exc:
            log.warning("party: %s", exc)
            return
        self.panels.forget(old)

    def on_back(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def is_animating(self) -> bool:
        return self.host.busy()  # a seat lights up as its phone joins

    def party_probe(self) -> dict[str, Any]:
        """For the journeys' debug probe (game/debug_probe.py)."""
        return party_probe(self.host, self._seat_rects(), self.new_link_buttons)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        if self._paused:
            return
        r = self.panel_rect
        draw_panel(surface, r, radius=self.px(18), alpha=240)
        title = tw.fit_text(t("party.codes_title"), self.px(34), r.w - self.px(40), tw.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + self.px(14))))
        how = tw.fit_text(t("party.codes_how"), self.px(17), r.w - self.px(40), tw.MUTED)
        surface.blit(how, how.get_rect(midtop=(r.centerx, r.y + self.px(58))))
        self.panels.draw_room(surface, r.centerx, r.y + self.px(86), r.w - self.px(40),
                              self.host.address(), self.host.code)
        for seat, rect in self._seat_rects().items():
            status, colour = seat_status(self.host, seat)
            self.panels.draw(surface, rect, self.host.controller.names[seat], self.host.url(seat),
                             status, colour, seat in self.host.connected())
        self.draw_focus(surface)


def party_probe(host: PartyHost, panels: dict[int, pygame.Rect],
                buttons: dict[int, Any]) -> dict[str, Any]:
    """The join codes as a test driver needs them: links, room code, who holds a seat."""
    return {"seats": list(host.seats), "links": {str(s): host.url(s) for s in host.seats},
            "code": host.code, "address": host.address(),
            "joined": sorted(host.connected()), "bots": sorted(host.bot_seats),
            "panels": {str(s): r for s, r in panels.items()},
            "new_link": {str(s): b.rect for s, b in buttons.items()}}
