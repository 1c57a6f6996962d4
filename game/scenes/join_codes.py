"""Join codes: every phone seat's QR code and link, and the room code, at any time
of a party match (from the table's corner button or J, and from the pause menu).

A friend whose phone died, or who arrives late for a seat a bot is playing,
scans the seat's code (or types the address and the room code) and takes it:
the bot steps down. "New link" re-issues a seat's link as on the join screen.
The match waits while this view is open (the table below pumps the phones as
paused).

:class:`~game.scenes.seat_panels.SeatPanels` draws the seat panels and the room
line for this view and for the join screen (game/scenes/party_join.py), so both
read the same.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.scenes.seat_panels import SeatPanels, party_probe, seat_status
from game.scenes.ui_scene import UIScene
from game.ui import draw_kit as kit
from game.ui.widgets import dim, draw_panel, oid

if TYPE_CHECKING:
    from game.party.host import PartyHost
    from game.scenes.services import Services

log = logging.getLogger(__name__)


class JoinCodesScene(UIScene):
    """``JoinCodesScene(app, host)``: the join codes of the running party match
    ``host`` over the table; Back (or Escape) returns to it."""

    transparent = True
    show_focus_initially = True

    def __init__(self, app: Services, host: PartyHost) -> None:
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
        self.app.close(self)

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
        title = kit.fit_text(t("party.codes_title"), self.px(34), r.w - self.px(40), kit.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + self.px(14))))
        how = kit.fit_text(t("party.codes_how"), self.px(17), r.w - self.px(40), kit.MUTED)
        surface.blit(how, how.get_rect(midtop=(r.centerx, r.y + self.px(58))))
        self.panels.draw_room(surface, r.centerx, r.y + self.px(86), r.w - self.px(40),
                              self.host.address(), self.host.code)
        for seat, rect in self._seat_rects().items():
            status, colour = seat_status(self.host, seat)
            self.panels.draw(surface, rect, self.host.controller.names[seat], self.host.url(seat),
                             status, colour, seat in self.host.connected())
        self.draw_focus(surface)
