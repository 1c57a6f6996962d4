"""Party join screen: one QR code and address per phone seat, and the room code
to type instead (the phone page then offers the free seats); a seat's name lights
when its phone has joined. Start sits down at the table (the phones keep
their connection); Back closes the party server. "New link" on a seat's panel
re-issues its link: the old one (a photo of the QR code, a link sent on) stops
working and a phone connected with it is disconnected.

The server starts when this screen opens, that is only after the host started
(or continued) a match with phone seats, and listens on the local network
address (``UNO_PARTY_ADDRESS`` overrides it, e.g. 127.0.0.1).
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Any

import pygame

from game.config import MatchConfig
from game.controller import MatchController
from game.i18n import t
from game.party.host import PartyHost
from game.party.server import PARTY_PORTS, lan_address
from game.scenes.join_codes import SeatPanels, party_probe
from game.scenes.ui_scene import UIScene
from game.table import widgets as tw
from game.ui import theme
from game.ui.widgets import oid

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)

# What the host may choose for a phone that is away (seconds; 0 = the match waits).
BOT_AFTER_CHOICES = (0, 30, 60, 120, 300)


def party_address() -> str:
    return os.environ.get("UNO_PARTY_ADDRESS") or lan_address()


def party_ports() -> tuple[int, ...]:
    """The ports to try in order: ``UNO_PARTY_PORT`` first when set (tests that
    must not meet another program on 8765), then :data:`PARTY_PORTS`, then any."""
    wanted = os.environ.get("UNO_PARTY_PORT", "").strip()
    first = (int(wanted),) if wanted.isdigit() and 0 < int(wanted) < 65536 else ()
    return (*first, *PARTY_PORTS, 0)


class PartyJoinScene(UIScene):
    """``PartyJoinScene(app, config, loaded=None)``: a new or continued party match."""

    def __init__(self, app: App, config: MatchConfig, loaded: Any = None) -> None:
        super().__init__(app)
        self.config = config
        self.loaded = loaded
        settings = getattr(app, "settings", None)
        game = getattr(loaded, "game", None)
        meta = getattr(loaded, "meta", None)
        self.controller = MatchController(
            config, game, think_ms=int(getattr(settings, "hard_think_ms", 300)),
            anim_speed=str(getattr(settings, "anim_speed", "normal")),
            match_id=str(getattr(meta, "match_id", "") or ""))
        self.host = PartyHost(self.controller, host=party_address(), ports=party_ports(),
                              bot_after=self._bot_after_s())
        self.error = ""
        try:
            self.host.start()
        except OSError as exc:
            log.error("party server: %s", exc)
            self.error = str(exc)
        self.handed_over = False
        self._shown: frozenset[int] = frozenset()
        self.panels = SeatPanels(self)
        self.start_button: Any = None
        self.bot_button: Any = None
        self.new_link_buttons: dict[int, Any] = {}  # phone seat -> its "New link" button

    def _phones_deal(self) -> bool:
        return bool(getattr(getattr(self.app, "settings", None), "party_phones_deal", True))

    def _bot_after_s(self) -> float | None:
        n = int(getattr(getattr(self.app, "settings", None), "party_bot_after", 60))
        return float(n) if n > 0 else None

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
        self.new_link_buttons = self.panels.add_new_link_buttons(self._seat_rects((w, h)),
                                                                 self.new_link)

    def _missing(self) -> int:
        return len(set(self.host.seats) - self.host.connected())

    def _start_label(self) -> str:
        n = self._missing()
        return t("party.start_missing", n=n) if n else t("party.start")

    def _bot_label(self) -> str:
        n = int(getattr(getattr(self.app, "settings", None), "party_bot_after", 60))
        return t("party.bot_after", n=n) if n > 0 else t("party.bot_never")

    def cycle_bot_after(self) -> None:
        settings = getattr(self.app, "settings", None)
        if settings is None:
            return
        now = int(settings.party_bot_after)
        options = list(BOT_AFTER_CHOICES)
        nxt = options[(options.index(now) + 1) % len(options)] if now in options else 60
        settings.party_bot_after = nxt
        self.app.save_settings()
        self.host.bot_after = self._bot_after_s()
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
        self.config = self.controller.config  # the table and the saves get the new link
        self.panels.forget(old)

    def start(self) -> None:
        from game.table.scene import TableScene

        self.handed_over = True
        self.host.begin()  # the phones learn the match runs
        self.config = self.controller.config  # with the names typed on phones
        self.app.scenes.pop()
        self.app.scenes.push(TableScene(self.app, self.config, self.loaded,
                                        controller=self.controller, party=self.host))

    def on_back(self) -> None:
        self.app.back_to_menu()

    def exit(self) -> None:
        super().exit()
        if not self.handed_over:
            # a continued (or already played) match comes back with Continue: its
            # phones wait for it; a new one never dealt is gone
            self.host.stop(paused=self.loaded is not None or self.host.under_way)

    def update(self, dt: float) -> None:
        self.host.phones_deal = self._phones_deal()
        self.host.pump(paused=True)  # phones join here; the match starts with Start
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
        title = tw.fit_text(t("party.title"), self.px(34), w - self.px(40), tw.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.px(18))))
        how = tw.fit_text(self.error and t("party.no_server", error=self.error) or t("party.how"),
                          self.px(17), w - self.px(40), theme.ERROR if self.error else tw.MUTED)
        surface.blit(how, how.get_rect(midtop=(w // 2, self.px(64))))
        if self.error:
            return
        self.panels.draw_room(surface, w // 2, self.px(90), w - self.px(40),
                              self.host.address(), self.host.code)
        joined = self.host.connected()
        for seat, rect in self._seat_rects((w, h)).items():
            self.panels.draw(surface, rect, self.controller.names[seat], self.host.url(seat),
                             "✓ " + t("party.joined") if seat in joined else t("party.waiting"),
                             theme.OK if seat in joined else tw.MUTED, seat in joined)

    def _seat_rects(self, size: tuple[int, int]) -> dict[int, pygame.Rect]:
        """Each phone seat's panel, under the room line."""
        w, h = size
        top, bottom = self.px(160), h - self.px(100)
        return self.panels.rects(pygame.Rect(self.px(20), top, w - self.px(40), bottom - top),
                                 self.host.seats)
