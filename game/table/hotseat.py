"""Hot-seat privacy: who holds the screen, and when the curtain falls.

Several people share one screen. A hand is shown only to its owner: between
their turns the table shows nobody's hand (viewer -1) and a curtain
(game.scenes.curtain) asks the next owner to take the screen. These are the
decisions, and the handing over itself (:func:`pass_screen`); the overlays push
the curtain.
"""

from __future__ import annotations

from typing import Protocol

from game.config import MatchConfig
from game.rules.view import PlayerView
from game.table.animations import Animator, Effect
from game.table.cues import Cues
from game.table.drag import Pointer
from game.table.hand import HandView
from game.table.model import TableModel
from game.table.shown_controls import ShownControls


class Seats(Protocol):
    """What the decisions read of the match (a :class:`game.controller.MatchController`)."""

    def view(self, seat: int) -> PlayerView: ...

    def is_human(self, seat: int) -> bool: ...

    def catch_window_open(self, now: float) -> bool: ...

    def human_to_act(self) -> int: ...


def screen_owner(seats: Seats, now: float) -> int:
    """The human who should hold the screen now (-1: nobody in particular): one
    who just went down to one card without UNO! while they may still call it
    (T6), else the human the game waits for."""
    exposed = seats.view(-1).uno_exposed
    if seats.is_human(exposed) and seats.catch_window_open(now):
        return exposed
    return seats.human_to_act()


def curtain_for(config: MatchConfig, seats: Seats, viewer: int, now: float) -> int:
    """Hot-seat: the seat a curtain should pass the screen to now, or -1 (not
    hot-seat, nobody in particular, or the screen is already theirs)."""
    if not config.hot_seat:
        return -1
    seat = screen_owner(seats, now)
    return seat if seat >= 0 and seat != viewer else -1


def hide_on_pause(config: MatchConfig, viewer: int) -> bool:
    """An overlay (menu, scoreboard) is opening: whoever closes it may not be the
    shown hand's owner, so the hand goes under it and a curtain falls again
    before it shows."""
    return config.hot_seat and viewer >= 0


def still_shown(effects: list[Effect]) -> list[Effect]:
    """The screen changed hands: what stays of the effects on the table (a T5
    reveal was for the last viewer's eyes only)."""
    return [e for e in effects if e.kind != "reveal"]


class Screen(Protocol):
    """What passing the screen changes of the table."""

    n: int
    viewer: int
    model: TableModel
    hand: HandView
    pointer: Pointer
    controls: ShownControls
    cues: Cues
    hover_tip: tuple[int, str] | None
    anim: Animator
    dirty: bool

    @property
    def ctl(self) -> Seats: ...

    @property
    def hand_order(self) -> str: ...

    def relayout(self) -> None: ...

    def refresh_controls(self, force: bool = False) -> None: ...


def pass_screen(table: Screen, seat: int) -> None:
    """``seat`` now looks at the screen (-1: nobody): nothing the last viewer saw stays."""
    table.viewer = seat
    table.model = TableModel(seat, table.n)
    table.model.sync(table.ctl.view(seat))
    table.hand = HandView(table.hand_order)
    table.pointer.cancel()
    table.controls.forget()  # the last viewer's cards in the "which on top?" chooser go too
    table.cues.toast = table.hover_tip = None
    table.anim.effects = still_shown(table.anim.effects)
    table.relayout()
    table.dirty = True
    table.refresh_controls(force=True)
