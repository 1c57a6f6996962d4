"""A guest's table (game/online/remote.py): what the link to the host says.

The table of a remote session draws the host's frames like its own match; this
watches what only a guest has: a new frame (the table redraws), a refusal from the
host (its reason, in the player's language), the link (lost and reconnecting,
back, the host paused or its game silent and the guest waiting to come back by
itself, the host gone or ending the match) and a match not started yet.
"""

from __future__ import annotations

from typing import Any, Protocol

from game import i18n
from game.i18n import t
from game.party.deal_commit import TAMPERED
from game.table.cues import Cues
from game.ui import draw_kit as kit
from game.ui import theme

SHOWN_S = 2.5  # a change of the standing line is also said this long


class Table(Protocol):
    dirty: bool
    cues: Cues


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
    """Call :meth:`tick` each frame after the session's pump; :meth:`notice` is the
    table's standing line while the link or the match says something lasting (the
    match not started, the link lost, the host gone or done, a deal that failed its
    check). Each change is also a short toast, so an idle table draws it."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self._state: Any = None
        self._notice = ""
        self._status = ""  # the link's status the notice was last made from
        self._tampered = ""

    def notice(self) -> str:
        return self._notice

    def probe(self) -> dict[str, str]:
        """For the journeys' debug probe: the link's status and the standing line made
        from it at the last :meth:`tick` (the status itself changes on the network's
        thread, in between)."""
        return {"status": self._status, "notice": self._notice}

    def _standing(self) -> str:
        ctl = self.session.controller
        self._status = status = str(self.session.status)
        if status == "reconnecting":
            return t("online.link_lost")
        if status == "paused":  # the host quit; the guest waits on its rejoin code
            return t("online.host_paused")
        if status == "lost":  # the host's game went silent (a crash?); the guest waits too
            return t("online.host_lost")
        if status == "host_gone":
            return t("online.err_host_gone")
        if status == "closed":
            return t("online.host_ended")
        if self._tampered:
            return self._tampered
        if ctl.state is not None and not ctl.started:
            return t("online.wait_start")
        return ""

    def tick(self, table: Table) -> None:
        ctl = self.session.controller
        if ctl.state is not self._state:
            self._state = ctl.state
            table.dirty = True
        if ctl.refusal is not None:
            error, ctl.refusal = ctl.refusal, None
            if error.get("code") != "stale":  # a newer state follows at once
                table.cues.show(refusal_text(error), theme.ERROR, 3.0)
        while ctl.deal_news:
            round_no, verdict = ctl.deal_news.pop(0)
            if verdict == TAMPERED:
                self._tampered = t("online.deal_tampered", n=round_no)
            else:
                table.cues.show(t("online.deal_verified", n=round_no), theme.OK, 3.0)
        was, now = self._notice, self._standing()
        if now != was:
            self._notice = now
            table.dirty = True
            if now:
                table.cues.show(now, theme.ERROR if now == self._tampered else kit.CREAM, SHOWN_S)
            elif was == t("online.link_lost"):
                table.cues.show(t("online.link_back"), theme.OK, SHOWN_S)
            elif was in (t("online.host_paused"), t("online.host_lost")):
                table.cues.show(t("online.host_back"), theme.OK, SHOWN_S)
