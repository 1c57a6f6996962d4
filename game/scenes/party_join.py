"""Party join screen: one QR code and address per phone seat, and the room code
to type instead (the phone page then offers the free seats); a seat's name lights
when its phone has joined. Start sits down at the table (the phones keep
their connection); Back closes the party server. "New link" on a seat's panel
re-issues its link: the old one (a photo of the QR code, a link sent on) stops
working and a phone connected with it is disconnected.

The server is started by game.session when the host starts (or continues) a
match with phone seats, just before this screen opens, and listens on the local network
address (``UNO_PARTY_ADDRESS`` overrides it, e.g. 127.0.0.1).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.scenes.seat_panels import SeatPanels, party_probe
from game.scenes.ui_scene import UIScene
from game.ui import draw_kit as kit
from game.ui import theme
from game.ui.widgets import oid

if TYPE_CHECKING:
    from game.config import MatchConfig
    from game.party.host import PartyHost
    from game.scenes.services import Services
    from game.session import Session

log = logging.getLogger(__name__)

# What the host may choose for a phone that is away (seconds; 0 = the match waits).
BOT_AFTER_CHOICES = (0, 30, 60, 120, 300)



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
        self.panels = SeatPanels(self)
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
        back = self.button(pygame.Rect(self.px(24), y, bw, bh), t("party.back"), self.on_back)
        self.bot_button = self.button(pygame.Rect((w - self.px(420)) // 2, y, self.px(420), bh),
                                      self._bot_label(), self.cycle_bot_after)
        self.start_button = self.button(pygame.Rect(w - bw - self.px(24), y, bw, bh),
                                        self._start_label(), self.start,
                                        object_id=oid(None, "#primary"),
                                        enabled=not self.error)
        self.new_link_buttons = {}
        if self.error:
            return
        self.new_link_buttons = self.panels.add_new_link_buttons(self._seat_rects((w, h)),
                                                                 self.new_link)
        # Tab in reading order (#39): each seat's New link, then the row at the bottom;
        # the ring starts on Back (Enter never re-issues a link unasked)
        links = [b for b in self.nav if b in self.new_link_buttons.values()]
        self.nav = links + [b for b in self.nav if b not in links]
        if self.focus_index is None:
            self.focus_index = self.nav.index(back)

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
        old = self.host.url(seat)
        try:
            self.host.reissue(seat)
        except ValueError as exc:
            log.warning("party: %s", exc)
            return
        self.panels.forget(old)

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
            # a continued (or already played) match comes back with Continue: its
            # phones wait for it; a new one never dealt is gone
            self.session.close(paused=not self.session.fresh or self.host.under_way)

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
        return self.host.busy()  # the seats light up as phones join

    def party_probe(self) -> dict[str, Any]:
        """For the journeys' debug probe (game/debug_probe.py)."""
        return party_probe(self.host, self._seat_rects(self.size), self.new_link_buttons)

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
        self.panels.draw_room(surface, w // 2, self.px(90), w - self.px(40),
                              self.host.address(), self.host.code)
        joined = self.host.connected()
        for seat, rect in self._seat_rects((w, h)).items():
            self.panels.draw(surface, rect, self.controller.names[seat], self.host.url(seat),
                             "✓ " + t("party.joined") if seat in joined else t("party.waiting"),
                             theme.OK if seat in joined else kit.MUTED, seat in joined)

    def _seat_rects(self, size: tuple[int, int]) -> dict[int, pygame.Rect]:
        """Each phone seat's panel, under the room line."""
        w, h = size
        top, bottom = self.px(160), h - self.px(100)
        return self.panels.rects(pygame.Rect(self.px(20), top, w - self.px(40), bottom - top),
                                 self.host.seats)
