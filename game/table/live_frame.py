"""What the live table shows now, read off the scene (nothing is changed): the
:class:`~game.table.frame.TableFrame` (:func:`frame`), built by
:func:`~game.table.frame.build_frame` from the table as it reads it (:class:`Seen`)
and the :class:`~game.table.frame.UiState`, with which bot's plate shows the
thinking mark."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.rules.view import Phase
from game.table import phones, wording
from game.table.animations import Animator
from game.table.cues import Cues
from game.table.frame import TableFrame, UiState, build_frame
from game.table.hand import HandView
from game.table.journal import Journal
from game.table.layout import TableLayout
from game.table.model import TableModel
from game.table.remote_link import LinkWatch
from game.table.shown_controls import ShownControls

if TYPE_CHECKING:
    from game.config import MatchConfig
    from game.controller import MatchController
    from game.session import RemoteSeats


class Shown(Protocol):
    """What the frame reads of the table (and the gestures read, for the swap pick)."""

    config: MatchConfig
    ctl: MatchController
    viewer: int
    model: TableModel
    hand: HandView
    layout: TableLayout
    anim: Animator
    controls: ShownControls
    journal: Journal
    cues: Cues
    hover_tip: tuple[int, str] | None
    now: float
    link: LinkWatch | None
    remote: RemoteSeats | None

    def busy(self) -> bool: ...


@dataclass(slots=True)
class Seen:
    """The live table as :func:`~game.table.frame.build_frame` reads it (its ``Source``)."""

    config: MatchConfig
    viewer: int
    model: TableModel
    ticker: list[str]
    names: list[str]
    thinking: int
    bots: frozenset[int]

    def thinking_seat(self) -> int:
        return self.thinking

    def bot_seats(self) -> frozenset[int]:
        return self.bots


def frame(table: Shown, choices: tuple[tuple[int, ...], int], legend: bool,
          colourblind: bool) -> TableFrame:
    """The frame of the live table now (``choices`` and ``legend``: see :func:`ui_state`)."""
    seen = Seen(table.config, table.viewer, table.model, table.journal.ticker, table.ctl.names,
                thinking_seat(table), phones.bot_seats(table.remote))
    return build_frame(seen, ui_state(table, choices, legend), colourblind=colourblind)


def thinking_seat(table: Shown) -> int:
    """The bot seat whose plate shows the thinking mark: the one working out
    its move, or, once the last move has landed, the one whose move comes next
    (its mark is the first part of its paced second)."""
    seat = table.ctl.thinking_seat()
    if seat < 0 and not table.busy():
        seat = table.ctl.bot_on_turn()
    return seat


def ui_state(table: Shown, choices: tuple[tuple[int, ...], int], legend: bool) -> UiState:
    """The table's state of play as the frame shows it (``choices``: the swap
    targets and the one picked, H7; ``legend``: the keys' line is on)."""
    busy = table.busy()
    targets, chosen = choices if not busy else ((), -1)
    phase = (table.ctl.view(table.viewer).phase
             if table.viewer >= 0 and not busy and table.model.to_act == table.viewer
             else Phase.PLAY)
    c, panel = table.controls, table.journal.panel
    notice = table.link.notice() if table.link is not None else ""
    return UiState(busy=busy, phase=phase, hand=table.hand, toast=table.cues.toast,
                   hover_tip=table.hover_tip, picker_open=c.picker.open,
                   picker_focus=c.picker.focus, picker_cancellable=bool(c.picker_cards),
                   mouse=pygame.mouse.get_pos(), now=table.now, anim=table.anim,
                   buttons=c.buttons, notice=notice or wording.save_notice(table.ctl.save_problem),
                   away=phones.away_lines(table.remote, table.ctl.names, table.config.online),
                   log=panel.frame() if panel is not None else None,
                   choices=targets, chosen=chosen, top_cards=c.chooser.cards,
                   top_focus=c.chooser.focus,
                   legend=wording.legend(table.config.settings.multi_play) if legend else "",
                   bar_top=c.wrapped_top(table.layout))
