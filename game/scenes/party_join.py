"""Party join screen: one QR code and address per phone seat; a seat's name lights
when its phone has joined. Start sits down at the table (the phones keep
their connection); Back closes the party server. "New link" on a seat's panel
re-issues its link: the old one (a photo of the QR code, a link sent on) stops
working and a phone connected with it is disconnected.

The server starts when this screen opens, that is only after the host started
(or continued) a match with phone seats, and listens on the local network
address (``UNO_PARTY_ADDRESS`` overrides it, e.g. 127.0.0.1).
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any

import pygame
import segno

from game.i18n import t
from game.scenes.ui_scene import UIScene
from game.ui import draw_kit as kit
from game.ui import theme
from game.ui.widgets import draw_panel, oid

if TYPE_CHECKING:
    from game.config import MatchConfig
    from game.party.host import PartyHost
    from game.scenes.services import Services
    from game.session import Session

log = logging.getLogger(__name__)

# What the host may choose for a phone that is away (seconds; 0 = the match waits).
BOT_AFTER_CHOICES = (0, 30, 60, 120, 300)



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


class PartyJoinScene(UIScene):
    """``PartyJoinScene(app, session)``: the phones of a new or continued party match
    join; Start hands the session to the table."""

    def __init__(self, app: Services, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.controller = session.controller
        assert session.party is not None, "a party match has phone seats"
        self.host: PartyHost = session.party
        self.error = session.party_error
        self.handed_over = False
        self._shown: frozenset[int] = frozenset()
        self._qr: dict[tuple[int, int], pygame.Surface] = {}
        self.start_button: Any = None
        self.bot_button: Any = None
        self.new_link_buttons: dict[int, Any] = {}  # phone seat -> its "New link" button

    def _phones_deal(self) -> bool:
        return bool(self.app.settings.party_phones_deal)

    @property
    def config(self) -> MatchConfig:
        """The match's config now (a re-issued link, names typed on phones change it)."""
        return self.session.config

    # ---- widgets
    def build(self) -> None:
        w, h = self.size
        bw, bh = self.px(220), self.px(52)
        y = h - bh - self.px(24)
        self.button(pygame.Rect(self.px(24), y, bw, bh), t("party.back"), self.on_back)
        self.bot_button = self.button(pygame.Rect((w - self.px(420)) // 2, y, self.px(420), bh),
                                      self._bot_label(), self.cycle_bot_after)
        self.start_button = self.button(pygame.Rect(w - bw - self.px(24), y, bw, bh),
                                        self._start_label(), self.start,
                                        object_id=oid(None, "#primary"),
                                        enabled=not self.error)
        self.new_link_buttons = {}
        if self.error:
            return
        for seat, rect in self._seat_rects((w, h)).items():
            self.new_link_buttons[seat] = self.button(
                self._new_link_rect(rect), t("party.new_link"),
                functools.partial(self.new_link, seat), tooltip=t("party.new_link_tip"))

    def _missing(self) -> int:
        return len(set(self.host.seats) - self.host.connected())

    def _start_label(self) -> str:
        n = self._missing()
        return t("party.start_missing", n=n) if n else t("party.start")

    def _bot_label(self) -> str:
        n = int(self.app.settings.party_bot_after)
        return t("party.bot_after", n=n) if n > 0 else t("party.bot_never")

    def cycle_bot_after(self) -> None:
        settings = self.app.settings
        now = int(settings.party_bot_after)
        options = list(BOT_AFTER_CHOICES)
        nxt = options[(options.index(now) + 1) % len(options)] if now in options else 60
        settings.party_bot_after = nxt
        self.app.save_settings()
        self.session.follow(settings)
        self.bot_button.set_text(self._bot_label())

    # ---- flow
    def new_link(self, seat: int) -> None:
        """Re-issue the link of ``seat``: the panel shows the new one at once."""
        try:
            self.host.reissue(seat)
        except ValueError as exc:
            log.warning("party: %s", exc)
            return
        self._qr = {key: qr for key, qr in self._qr.items() if key[0] != seat}

    def start(self) -> None:
        self.handed_over = True  # the table closes the session now
        self.session.begin()  # the phones learn the match runs
        self.app.close(self)
        self.app.open("table", session=self.session)

    def on_back(self) -> None:
        self.app.back_to_menu()

    def exit(self) -> None:
        super().exit()
        if not self.handed_over:
            self.session.close()

    def update(self, dt: float) -> None:
        self.host.phones_deal = self._phones_deal()
        self.session.pump(paused=True)  # phones join here; the match starts with Start
        if self.host.take_request("start"):  # a phone pressed Start (the host allows it)
            self.start()
            return
        joined = self.host.connected()
        if joined != self._shown:
            self._shown = joined
            if self.start_button is not None:
                self.start_button.set_text(self._start_label())

    def is_animating(self) -> bool:
        return True  # the seats light up as phones join

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.FELT_DARK)
        title = kit.fit_text(t("party.title"), self.px(34), w - self.px(40), kit.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.px(18))))
        how = kit.fit_text(self.error and t("party.no_server", error=self.error) or t("party.how"),
                          self.px(17), w - self.px(40), theme.ERROR if self.error else kit.MUTED)
        surface.blit(how, how.get_rect(midtop=(w // 2, self.px(64))))
        if self.error:
            return
        joined = self.host.connected()
        for seat, rect in self._seat_rects((w, h)).items():
            self._draw_seat(surface, rect, seat, seat in joined)

    def _seat_rects(self, size: tuple[int, int]) -> dict[int, pygame.Rect]:
        """Each phone seat's panel: one row of up to five, else two rows."""
        w, h = size
        seats = self.host.seats
        if not seats:
            return {}
        top, bottom = self.px(100), h - self.px(100)
        cols = len(seats) if len(seats) <= 5 else (len(seats) + 1) // 2
        rows = 1 if len(seats) <= 5 else 2
        gap = self.px(14)
        cw = (w - self.px(40) - gap * (cols - 1)) // cols
        ch = (bottom - top - gap * (rows - 1)) // rows
        rects = {}
        for i, seat in enumerate(seats):
            r, c = divmod(i, cols)
            rects[seat] = pygame.Rect(self.px(20) + c * (cw + gap), top + r * (ch + gap), cw, ch)
        return rects

    def _new_link_rect(self, panel: pygame.Rect) -> pygame.Rect:
        """The "New link" button: the top right corner of the seat's panel, in the
        name's row (the QR code keeps all the room below; the name takes the rest)."""
        width = min(self.text_width(t("party.new_link"), "button") + self.px(24),
                    panel.w * 2 // 5)
        return pygame.Rect(panel.right - self.px(8) - width, panel.y + self.px(8),
                           width, self.px(30))

    def _draw_seat(self, surface: pygame.Surface, rect: pygame.Rect, seat: int,
                   joined: bool) -> None:
        draw_panel(surface, rect)
        if joined:
            pygame.draw.rect(surface, theme.OK, rect, max(2, self.px(4)), border_radius=14)
        button = self._new_link_rect(rect)
        name = kit.fit_text(self.controller.names[seat], self.px(24),
                           button.left - rect.x - self.px(16),
                           kit.GOLD if joined else kit.CREAM, True)
        surface.blit(name, name.get_rect(midtop=((rect.x + button.left) // 2,
                                                 rect.y + self.px(8))))
        status = kit.fit_text("✓ " + t("party.joined") if joined else t("party.waiting"),
                             self.px(18), rect.w - self.px(16),
                             theme.OK if joined else kit.MUTED, joined)
        surface.blit(status, status.get_rect(midbottom=(rect.centerx, rect.bottom - self.px(8))))
        url = self.host.url(seat)
        addr = kit.fit_text(url, self.px(13), rect.w - self.px(12), kit.MUTED)
        surface.blit(addr, addr.get_rect(midbottom=(rect.centerx, rect.bottom - self.px(34))))
        side = min(rect.w - self.px(20), rect.h - self.px(110))
        if side < 40:
            return
        key = (seat, side)
        if key not in self._qr:
            self._qr[key] = qr_surface(url, side)
        qr = self._qr[key]
        surface.blit(qr, qr.get_rect(center=(rect.centerx, rect.y + self.px(44) + side // 2)))

