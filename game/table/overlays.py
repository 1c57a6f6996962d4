"""What opens over the table when nothing moves, and the one-time UNO! tip.

Between animations the scene asks :func:`open_due`: at a round's (or the
match's) end the scoreboard opens once with the round's :class:`Scores`
and callbacks (Next round, Play again; with phones, whether one asked for
the next round); in hot-seat, when the turn passes to another human, the
curtain falls (:func:`game.table.hotseat.curtain_for`). :func:`tip_uno`
says how to call UNO! the first time the viewer could be caught (T6), once
per player (remembered in the settings); :func:`tip_outlived` says when it
should go at once (the viewer was caught or called UNO!).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.scenes.scores import Scores, next_match
from game.table import hotseat, phones, wording
from game.table.cues import Cues
from game.table.journal import Journal

if TYPE_CHECKING:
    from game.config import MatchConfig
    from game.controller import MatchController
    from game.scenes.services import Services
    from game.session import RemoteSeats


class Table(hotseat.Screen, Protocol):
    """What the overlays read and ask of the table."""

    app: Services
    ctl: MatchController
    config: MatchConfig
    remote: RemoteSeats | None
    viewer: int
    now: float
    cues: Cues
    journal: Journal
    scoreboard_shown: bool

    def next_round(self) -> None: ...

    def open_menu(self) -> None: ...


def open_due(table: Table) -> None:
    """The scoreboard once a round is over, else the curtain when a human's turn comes."""
    ctl, app = table.ctl, table.app
    if (ctl.round_over or ctl.is_over) and not table.scoreboard_shown:
        table.scoreboard_shown = True
        config = table.config
        app.open("scoreboard", scores=Scores.of(ctl, table.journal.history),
                 next_asked=phones.next_asked(table.remote), on_next=table.next_round,
                 on_again=lambda: app.start_match(next_match(config)))
        return
    seat = hotseat.curtain_for(table.config, ctl, table.viewer, table.now)
    if seat >= 0:
        app.open("curtain", name=ctl.names[seat],
                 on_ready=lambda: hotseat.pass_screen(table, seat), on_menu=table.open_menu)


def tip_uno(table: Table) -> None:
    """T6, once per player: the first time the viewer could be caught without UNO!"""
    settings = table.app.settings
    if (table.viewer < 0 or settings.tip_uno_seen
            or table.ctl.view(table.viewer).uno_exposed != table.viewer):
        return
    settings.tip_uno_seen = True
    table.app.save_settings()
    table.cues.say(wording.uno_tip())


def tip_outlived(table: Table) -> bool:
    """T6: the UNO! tip is up but the viewer can be caught no longer (caught,
    called, or moved on): it goes at once, not after its seconds."""
    toast = table.cues.toast
    return (toast is not None and toast[0] == wording.uno_tip().text
            and (table.viewer < 0 or table.ctl.view(table.viewer).uno_exposed != table.viewer))
