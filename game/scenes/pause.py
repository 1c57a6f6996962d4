"""Pause overlay over the table: Resume, Rules, Settings, Quit to menu; in a party
match also Join codes (game/scenes/join_codes.py), and the quit question says
what happens to the phones."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.rules.settings import RuleSettings
from game.scenes.dialog import confirm
from game.scenes.ui_scene import UIScene
from game.ui.widgets import column_rects, dim, draw_panel, oid

if TYPE_CHECKING:
    from game.party.host import PartyHost
    from game.scenes.services import Services


class PauseScene(UIScene):
    """``settings`` are the match's rules (the Rules screen marks them);
    ``on_quit`` runs instead of ``app.back_to_menu`` after the player confirms;
    ``party``: the match's phone seats (Join codes), None without; ``restart``:
    the match is the tutorial, which this starts again (Restart instead of Saved
    games; leaving keeps its progress)."""

    transparent = True
    show_focus_initially = True

    def __init__(self, app: Services, settings: RuleSettings | None = None,
                 on_quit: Callable[[], None] | None = None,
                 party: PartyHost | None = None,
                 restart: Callable[[bool], None] | None = None, online: bool = False) -> None:
        super().__init__(app)
        self.online = online  # the match has online seats: the quit question says they wait
        self.restart = restart
        self.settings = settings
        self.on_quit = on_quit
        self.party_host = party
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        bw, bh, gap = self.px(300), self.px(52), self.px(14)
        title_h = self.px(70)
        n = 6 if self.party_host is not None else 5
        ph = self.px(30) + title_h + n * bh + (n - 1) * gap + self.px(34)
        pw = bw + self.px(80)
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.label(pygame.Rect(self.panel_rect.x, self.panel_rect.y + self.px(20), pw, title_h),
                   t("pause.title"), class_id="@title")
        top = self.panel_rect.y + self.px(30) + title_h
        items = [
            ("pause.resume", self.resume_match, "#primary"),
            ("menu.rules", self.open_rules, None),
            ("saves.title", self.open_saves, None),
            ("menu.settings", self.open_settings, None),
            ("pause.quit", self.ask_quit, None),
        ]
        if self.party_host is not None:
            items.insert(1, ("party.codes", self.open_join_codes, None))
        if self.restart is not None:  # the tutorial: no saves of its own; it restarts
            items[2] = ("tutorial.restart", self.ask_restart, None)
            items[4] = ("tutorial.leave", self.ask_quit, None)
        for rect, (key, action, object_id) in zip(column_rects(w // 2, top, bw, bh, gap, n),
                                                   items, strict=True):
            self.button(rect, t(key), action, object_id=oid("@menu", object_id))

    def resume_match(self) -> None:
        self.app.close(self)

    def on_back(self) -> None:
        self.resume_match()

    def open_join_codes(self) -> None:
        if self.party_host is not None:
            self.app.open("join_codes", host=self.party_host)

    def open_rules(self) -> None:
        self.app.open("rules", settings=self.settings)

    def open_saves(self) -> None:
        self.app.open("saves", controller=self.app.running_match())  # "Save here"

    def open_settings(self) -> None:
        self.app.open("settings")

    def ask_restart(self) -> None:
        restart = self.restart
        if restart is not None:
            confirm(self.app, t("tutorial.restart"), t("tutorial.restart_text"),
                    lambda: restart(True), yes=t("tutorial.restart"), no=t("dialog.cancel"))

    def ask_quit(self) -> None:
        if self.restart is not None:
            confirm(self.app, t("tutorial.leave"), t("tutorial.leave_text"), self._quit,
                    yes=t("tutorial.leave"), no=t("dialog.cancel"))
            return
        text = t("pause.quit_text")
        if self.party_host is not None:
            text += "\n\n" + t("party.quit_phones")
        if self.online:
            text += "\n\n" + t("online.quit_guests")
        confirm(self.app, t("pause.quit_title"), text, self._quit,
                yes=t("pause.quit_yes"), no=t("dialog.cancel"))

    def _quit(self) -> None:
        if self.on_quit is not None:
            self.on_quit()
        else:
            self.app.back_to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        if self._paused:  # a dialog or screen is on top: our buttons are hidden
            return
        draw_panel(surface, self.panel_rect, radius=self.px(18), alpha=235)
        self.draw_focus(surface)
