"""A guest's table (game/online/remote.py): what the link to the host says.

The table of a remote session draws the host's frames like its own match; this
watches what only a guest has: a new frame (the table redraws), a refusal from the
host (its reason, in the player's language), the link (lost and reconnecting,
back, the host gone or ending the match) and a match not started yet.
"""

from __future__ import annotations

from typing import Any, Protocol

from game import i18n
from game.i18n import t
from game.party.deal_commit import TAMPERED
from game.ui import draw_kit as kit
from game.ui import theme

LONG_S = 3600.0  # a toast that stays until the next one replaces it


class Table(Protocol):
    dirty: bool
    toast: Any

    def show_toast(self, msg: str, colour: tuple[int, int, int] = ..., secs: float = ...) -> None: ...


def refusal_text(error: dict[str, Any]) -> str:
    """The host's ``error`` frame as the guest reads it: an ``illegal`` one's reason in
    the player's language (else English), else the protocol's detail."""
    reason = error.get("reason")
    if isinstance(reason, dict):
        text = reason.get(i18n.language()) or reason.get("en")
        if isinstance(text, str) and text:
            return text
    detail = error.get("detail")
    return detail if isinstance(detail, str) else ""


class LinkWatch:
    """Call :meth:`tick` each frame after the session's pump."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self._state: Any = None
        self._status = "connected"
        self._waiting_said = False

    def tick(self, table: Table) -> None:
        ctl = self.session.controller
        if ctl.state is not self._state:
            self._state = ctl.state
            table.dirty = True
        if ctl.refusal is not None:
            error, ctl.refusal = ctl.refusal, None
            if error.get("code") != "stale":  # a newer state follows at once
                table.show_toast(refusal_text(error), theme.ERROR, 3.0)
        while ctl.deal_news:
            round_no, verdict = ctl.deal_news.pop(0)
            if verdict == TAMPERED:
                table.show_toast(t("online.deal_tampered", n=round_no), theme.ERROR, LONG_S)
            else:
                table.show_toast(t("online.deal_verified", n=round_no), theme.OK, 3.0)
        status = self.session.status
        if status != self._status:
            was, self._status = self._status, status
            if status == "reconnecting":
                table.show_toast(t("online.link_lost"), kit.GOLD, LONG_S)
            elif status == "connected" and was == "reconnecting":
                table.show_toast(t("online.link_back"), theme.OK, 2.0)
            elif status == "host_gone":
                table.show_toast(t("online.err_host_gone"), theme.ERROR, LONG_S)
            elif status == "closed":
                table.show_toast(t("online.host_ended"), kit.CREAM, LONG_S)
        if ctl.state is not None and not ctl.started and not self._waiting_said:
            self._waiting_said = True
            table.show_toast(t("online.wait_start"), kit.CREAM, LONG_S)
        elif ctl.started and self._waiting_said:
            self._waiting_said = False
            table.toast = None  # started: the waiting line goes
