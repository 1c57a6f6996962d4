"""Join online: the guest types the code the host reads out (``7-guitarist-revenge``),
the game pairs with the host over magic-wormhole (game/online/guest.py) and, at
the first state the host sends, sits down at its own table: the same table code,
driven by a remote session (game/online/remote.py) instead of a local match.

What is typed passes the text gate (game.online.wire.normal_code). Pairing runs on a
worker thread (it waits on the network); this screen polls it each frame. The
errors say what to do: a mistyped or spent code, the host gone, versions that
differ (both versions named: whoever is older updates), no server.

**Rejoin** (shown when a seat is kept, game.storage.online_seat): back to the last
online game's seat by its rejoin code, no code typed. It waits until the host's
game opens the seat (at once when the host is playing; when the host quit, at
their Continue); a code the host's game refuses is forgotten.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import __version__
from game.i18n import t
from game.online import available
from game.online.wire import MAX_CODE_CHARS, OnlineError, mailbox_url, normal_code, relay_hint
from game.scenes import keys_to_controls as controls
from game.scenes.ui_scene import UIScene
from game.storage import online_seat
from game.ui import draw_kit as kit
from game.ui import theme
from game.ui.widgets import oid

if TYPE_CHECKING:
    from game.scenes.services import Services

log = logging.getLogger(__name__)

# OnlineError.code -> its words (online.err_*); versions_differ names both versions.
ERROR_KEYS = {"bad_code": "online.err_bad_code", "wrong_code": "online.err_wrong_code",
              "rejoin_refused": "online.err_rejoin_refused",
              "expired": "online.err_wrong_code", "host_gone": "online.err_host_gone",
              "versions_differ": "online.err_versions", "no_server": "online.no_server",
              "missing": "online.missing_extra"}


def error_words(code: str, detail: str = "") -> str:
    """What the guest reads when joining failed (``code``: :class:`OnlineError`'s)."""
    key = ERROR_KEYS.get(code, "online.err_host_gone")
    if code == "versions_differ":
        return t(key, theirs=detail or "?", ours=__version__)
    return t(key)


class OnlineGuestScene(UIScene):
    """``OnlineGuestScene(app, code="")``: type the code, Join; errors are shown here."""

    def __init__(self, app: Services, *, code: str = "") -> None:
        super().__init__(app)
        self.typed = code
        self.entry: UITextEntryLine | None = None
        self.join_button: Any = None
        self.error = "" if available() else error_words("missing")
        self.status = ""  # "connecting", "returning" (waiting on the kept seat), "waiting"
        self.kept = online_seat.kept_code() if available() else None  # the last online seat
        self.rejoin_button: Any = None
        self.guest: Any = None
        self.session: Any = None
        self._worker: threading.Thread | None = None
        self._outcome: tuple[str, str] | None = None  # ("ok"|error code, detail)
        self.handed_over = False
        self._drawn: tuple[str, str] = ("", "")  # (status, error) last drawn

    # ---- widgets
    def build(self) -> None:
        w, h = self.size
        ew, eh = min(self.px(560), w - self.px(80)), self.px(56)
        self.entry = UITextEntryLine(pygame.Rect((w - ew) // 2, self.px(200), ew, eh),
                                     manager=self.app.ui, initial_text=self.typed)
        # no placeholder: pygame_gui draws it in the text's own colour, so an example
        # code in the empty field read as a code typed (the line above shows one)
        self.entry.set_text_length_limit(MAX_CODE_CHARS)
        self.on_change(self.entry, self._typed)
        bw, bh = self.px(220), self.px(52)
        y = h - bh - self.px(24)
        self.button(pygame.Rect(self.px(24), y, bw, bh), t("common.back"), self.on_back)
        self.join_button = self.button(pygame.Rect((w - bw) // 2, self.px(280), bw, bh),
                                       t("online.join_button"), self.join,
                                       object_id=oid(None, "#primary"),
                                       enabled=available() and not self.status,
                                       tooltip=None if available() else error_words("missing"))
        if self.kept is not None:
            self.rejoin_button = self.button(
                pygame.Rect((w - bw) // 2, self.px(470), bw, bh), t("online.rejoin_button"),
                self.rejoin, enabled=not self.status)
        self.focus_on(self.entry)
        controls.take_typing(self.entry)  # the code is typed at once, no click first

    def handle_key(self, event: pygame.event.Event) -> None:
        """While the code field takes the keys, Space and the letters are the code's
        (Enter joins, Esc goes back, Tab leaves the field)."""
        typing = self.entry is not None and self.entry.is_focused
        if typing and event.key not in (pygame.K_ESCAPE, pygame.K_TAB):
            return
        super().handle_key(event)

    def _typed(self, event: pygame.event.Event) -> None:
        self.typed = event.ui_element.get_text()
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.typed.strip():
            self.join()  # Enter in the box joins

    # ---- flow
    def join(self) -> None:
        if self.status or not available():
            return
        if self.entry is not None:
            self.typed = self.entry.get_text()
        try:
            code = normal_code(self.typed)  # through the text gate
        except OnlineError as err:
            self.error = error_words(err.code)
            return
        from game.online.guest import OnlineGuest

        self.error, self.status, self._outcome = "", "connecting", None
        settings = self.app.settings
        self.guest = OnlineGuest(mailbox=mailbox_url(settings.online_server),
                                 relay=relay_hint(settings.online_relay))
        self._worker = threading.Thread(target=self._pair, args=(self.guest, code),
                                        name="online-join", daemon=True)
        self._worker.start()
        if self.join_button is not None:
            self.join_button.disable()

    def rejoin(self) -> None:
        """Back to the kept seat: wait on its rejoin code for the host's game."""
        if self.status or self.kept is None or not available():
            return
        from game.online.guest import OnlineGuest

        settings = self.app.settings
        self.guest = OnlineGuest(mailbox=mailbox_url(settings.online_server),
                                 relay=relay_hint(settings.online_relay))
        self.error, self.status = "", "returning"
        self.guest.come_back(self.kept.code)
        for btn in (self.join_button, self.rejoin_button):
            if btn is not None:
                btn.disable()

    def _keep(self, code: str) -> None:
        """The session's latest rejoin code, kept for the next run ("" forgets it)."""
        self.app.write_notices.report("online_seat", online_seat.keep_code(code).reason)

    def _pair(self, guest: Any, code: str) -> None:
        """The worker thread: pair with the host (it waits on the network)."""
        try:
            guest.join(code)
            self._outcome = ("ok", "")
        except OnlineError as err:
            self._outcome = (err.code, err.detail)
        except Exception as exc:  # noqa: BLE001 - any failure of the library: said, not raised
            log.warning("online join failed: %s", exc)
            self._outcome = ("host_gone", "")

    def update(self, dt: float) -> None:
        outcome = self._outcome
        if self.status == "connecting" and outcome is not None:
            self._outcome = None
            if outcome[0] != "ok":
                self._failed(*outcome)
                return
            self._sit_down()
        if self.status == "returning" and self.guest is not None:
            if self.guest.status == "connected":
                self._sit_down()
            elif self.guest.status == "host_gone":  # the host's game refused the kept code
                online_seat.forget_code()
                self._failed("rejoin_refused", "")
                self.kept = self.rejoin_button = None
                self.rebuild()  # no Rejoin any more
        if self.status == "waiting" and self.session is not None:
            self.session.pump()
            if self.session.controller.ready:
                self.handed_over = True
                self.app.close(self)
                self.app.open("table", session=self.session)
            elif self.session.status in ("host_gone", "closed"):
                self.session.close()
                self.session = None
                self._failed("host_gone", "")

    def _sit_down(self) -> None:
        """Paired: the remote session waits for the host's first state."""
        from game.online.remote import RemoteSession

        self.session = RemoteSession(self.guest, anim_speed=str(self.app.settings.anim_speed),
                                     keep=self._keep)
        self.status = "waiting"

    def _failed(self, code: str, detail: str) -> None:
        self.status, self.error = "", error_words(code, detail)
        self.guest = None
        for btn in (self.join_button, self.rejoin_button):
            if btn is not None:
                btn.enable()

    def on_back(self) -> None:
        self.app.close(self)

    def exit(self) -> None:
        super().exit()
        if not self.handed_over:
            if self.session is not None:
                self.session.close()
            elif self.guest is not None and (self.status == "returning" or (
                    self._outcome is not None and self._outcome[0] == "ok")):
                self.guest.close()

    def is_animating(self) -> bool:
        """The network answers on its own time: drawn while it may, and until the
        screen shows its answer (an idle frame updates without drawing)."""
        return bool(self.status) or (self.status, self.error) != self._drawn

    # ---- drawing
    def draw(self, surface: pygame.Surface) -> None:
        w, _h = surface.get_size()
        surface.fill(theme.FELT_DARK)
        title = kit.fit_text(t("online.join_title"), self.px(34), w - self.px(40), kit.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.px(40))))
        how = kit.fit_text(t("online.join_how"), self.px(18), w - self.px(40), kit.CREAM)
        surface.blit(how, how.get_rect(midtop=(w // 2, self.px(120))))
        self._drawn = (self.status, self.error)
        words = {"connecting": t("online.connecting"), "waiting": t("online.connected_wait"),
                 "returning": t("online.rejoin_waiting")}
        said = self.error or words.get(self.status, "")
        if said:
            shown = kit.fit_text(said, self.px(19), w - self.px(40),
                                 theme.ERROR if self.error else kit.MUTED, bool(self.error))
            surface.blit(shown, shown.get_rect(midtop=(w // 2, self.px(360))))
        if self.kept is not None:
            kept_at = time.strftime("%H:%M", time.localtime(self.kept.kept_at))
            line = kit.fit_text(t("online.rejoin_how", time=kept_at), self.px(18),
                                w - self.px(40), kit.CREAM)
            surface.blit(line, line.get_rect(midtop=(w // 2, self.px(430))))
