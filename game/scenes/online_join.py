"""Online join screen: each online seat's spoken code (``7-guitarist-revenge``)
and its state; "New code" on a seat's panel gives it a fresh code (the old one
stops working, a guest on it is dropped). Start goes on to the phones' join
screen when the match also has phone seats, else sits down at the table.

Opened by the App after game.session started the match's online host (each seat
asks the rendezvous server for its code: ``UNO_ONLINE_SERVER`` points at a
self-hosted one). From the table (its corner button) it opens again as an
overlay: ``overlay=True`` has no Start, Back returns to the table.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any

import pygame

from game import __version__
from game.i18n import t
from game.scenes.ui_scene import UIScene
from game.ui import draw_kit as kit
from game.ui import theme
from game.ui.widgets import draw_panel, oid

if TYPE_CHECKING:
    from game.online.host import OnlineHost
    from game.scenes.services import Services
    from game.session import Session

log = logging.getLogger(__name__)
CODE_PX = 40  # a seat's code: read out over the phone, so large


def seat_words(host: OnlineHost, seat: int) -> tuple[str, str, tuple[int, int, int]]:
    """``(code, status, colour)`` of an online seat's panel: the code to read out
    ("" when there is none to read) and what the seat's link is doing."""
    state, error = host.state(seat)
    code = host.seat_code(seat) if state == "waiting" else ""
    if seat in host.bot_seats and state != "connected":
        return code, t("party.codes_bot"), kit.GOLD
    if state == "connected":
        return "", "✓ " + t("party.joined"), theme.OK
    if state == "waiting":
        said = t("online.wrong_tried") if error == "wrong_code" else t("online.read_out")
        return code, said, kit.CREAM
    if state == "away":
        return "", t("online.seat_away"), kit.GOLD
    if state == "rejoining":  # after Continue: the guest's game pairs by its rejoin code
        return "", t("online.seat_rejoin"), kit.CREAM
    if state == "expired":
        return "", t("online.seat_expired"), theme.ERROR
    if state == "left":
        return "", t("online.seat_left"), kit.MUTED
    if state == "versions_differ":
        return "", t("online.host_versions", theirs=host.online.detail(seat),
                     ours=__version__), theme.ERROR
    if state == "failed":
        return "", t("online.no_server"), theme.ERROR
    return "", t("online.asking"), kit.MUTED


class OnlineJoinScene(UIScene):
    """``OnlineJoinScene(app, session, overlay=False)``: the online seats of a new or
    continued match get their codes and their friends join."""

    def __init__(self, app: Services, session: Session, *, overlay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.controller = session.controller
        self.host = session.online
        self.overlay = overlay
        self.handed_over = overlay  # an overlay never closes the session
        self._shown: tuple[Any, ...] = ()  # the seats' words the Start button counted
        self._drawn: tuple[Any, ...] = ()  # the seats' words last drawn
        self.start_button: Any = None
        self.new_code_buttons: dict[int, Any] = {}

    @property
    def seats(self) -> list[int]:
        return list(self.controller.config.online)

    # ---- widgets
    def build(self) -> None:
        w, h = self.size
        bw, bh = self.px(220), self.px(52)
        y = h - bh - self.px(24)
        self.button(pygame.Rect(self.px(24), y, bw, bh),
                    t("common.back") if self.overlay else t("party.back"), self.on_back)
        if not self.overlay:
            self.start_button = self.button(pygame.Rect(w - bw - self.px(24), y, bw, bh),
                                            self._start_label(), self.start,
                                            object_id=oid(None, "#primary"),
                                            enabled=self.host is not None)
        self.new_code_buttons = {}
        if self.host is None:
            return
        for seat, rect in self._seat_rects((w, h)).items():
            self.new_code_buttons[seat] = self.button(
                self._new_code_rect(rect), t("online.new_code"),
                functools.partial(self.new_code, seat), tooltip=t("online.new_code_tip"))

    def _new_code_rect(self, panel: pygame.Rect) -> pygame.Rect:
        width = min(self.text_width(t("online.new_code"), "button") + self.px(24), panel.w - self.px(16))
        return pygame.Rect(panel.centerx - width // 2, panel.bottom - self.px(44), width, self.px(34))

    def _missing(self) -> int:
        if self.host is None:
            return len(self.seats)
        return len(set(self.seats) - self.host.connected())

    def _start_label(self) -> str:
        n = self._missing()
        return t("party.start_missing", n=n) if n else t("party.start")

    # ---- flow
    def new_code(self, seat: int) -> None:
        """A fresh code for ``seat``: the old one stops working."""
        if self.host is not None:
            self.host.reissue(seat)

    def start(self) -> None:
        if self.host is None:
            return
        self.handed_over = True  # the next screen (or the table) closes the session now
        self.app.close(self)
        if self.session.party is not None:
            self.app.open("party_join", session=self.session)  # the phones join next
            return
        self.session.begin()
        self.app.open("table", session=self.session)

    def on_back(self) -> None:
        if self.overlay:
            self.app.close(self)
        else:
            self.app.back_to_menu()

    def exit(self) -> None:
        super().exit()
        if not self.handed_over:
            under_way = self.host is not None and self.host.under_way
            self.session.close(paused=not self.session.fresh or under_way)

    def update(self, dt: float) -> None:
        if self.overlay:
            return  # the table below pumps the match
        self.session.pump(paused=True)  # guests join here; the match starts with Start
        shown = self._summary()
        if shown != self._shown:
            self._shown = shown
            if self.start_button is not None:
                self.start_button.set_text(self._start_label())

    def _summary(self) -> tuple[Any, ...]:
        if self.host is None:
            return ()
        return tuple(seat_words(self.host, s) for s in self.seats)

    def is_animating(self) -> bool:
        """The codes arrive from the server and the seats change state on the network:
        the screen is drawn again until it shows what the seats say now (an idle frame
        updates without drawing)."""
        return self.host is not None and (self.host.busy() or self._summary() != self._drawn)

    def online_probe(self) -> dict[str, Any]:
        """For the journeys' debug probe (game/debug_probe.py): each seat's code and state."""
        host = self.host
        return {"seats": self.seats,
                "codes": {str(s): host.seat_code(s) if host else "" for s in self.seats},
                "states": {str(s): host.state(s)[0] if host else "" for s in self.seats},
                "joined": sorted(host.connected()) if host else [],
                "new_code": {str(s): b.rect for s, b in self.new_code_buttons.items()}}

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.FELT_DARK)
        title = kit.fit_text(t("online.title"), self.px(34), w - self.px(40), kit.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.px(18))))
        error = self.session.online_error
        how = kit.fit_text(t("online.unavailable", error=error) if error else t("online.how"),
                           self.px(17), w - self.px(40), theme.ERROR if error else kit.MUTED)
        surface.blit(how, how.get_rect(midtop=(w // 2, self.px(64))))
        if self.host is None:
            return
        self._drawn = self._summary()
        for seat, rect in self._seat_rects((w, h)).items():
            self._draw_seat(surface, rect, seat)

    def _draw_seat(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        assert self.host is not None
        px = self.px
        code, status, colour = seat_words(self.host, seat)
        joined = seat in self.host.connected()
        draw_panel(surface, rect)
        if joined:
            pygame.draw.rect(surface, theme.OK, rect, max(2, px(4)), border_radius=14)
        name = kit.fit_text(self.controller.names[seat], px(24), rect.w - px(16),
                            kit.GOLD if joined else kit.CREAM, True)
        surface.blit(name, name.get_rect(midtop=(rect.centerx, rect.y + px(10))))
        button_top = self._new_code_rect(rect).top
        if code:
            shown = kit.fit_text(code, px(CODE_PX), rect.w - px(16), kit.GOLD, True)
            surface.blit(shown, shown.get_rect(center=(rect.centerx, (rect.y + button_top) // 2)))
        said = kit.fit_text(status, px(18), rect.w - px(16), colour, joined)
        surface.blit(said, said.get_rect(midbottom=(rect.centerx, button_top - px(8))))

    def _seat_rects(self, size: tuple[int, int]) -> dict[int, pygame.Rect]:
        """Each online seat's panel: one row of up to three, else rows of three."""
        w, h = size
        seats = self.seats
        if not seats:
            return {}
        area = pygame.Rect(self.px(20), self.px(110), w - self.px(40), h - self.px(230))
        cols = min(3, len(seats))
        rows = (len(seats) + cols - 1) // cols
        gap = self.px(14)
        cw = (area.w - gap * (cols - 1)) // cols
        ch = min(self.px(260), (area.h - gap * (rows - 1)) // rows)
        return {seat: pygame.Rect(area.x + (i % cols) * (cw + gap), area.y + (i // cols) * (ch + gap),
                                  cw, ch) for i, seat in enumerate(seats)}
