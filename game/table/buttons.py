"""The table's two rows of buttons, as pygame_gui widgets.

The action row shows :func:`game.table.controls.controls` for the viewer's
legal actions; the corner row holds what every seat may always press (the
hint, the log, the menu). A button's key is what
:func:`game.table.gestures.press` is given: an action row key sends its
action, a corner key opens or toggles something. To add a corner button, add
a :class:`CornerButton` to :data:`CORNER` (or pass it in ``extra``) and
answer its key in :func:`game.table.gestures.press`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game import i18n
from game.rules.actions import Action, ChooseColour, JumpIn, Play
from game.rules.view import Phase
from game.table.controls import Control, ControlState, controls
from game.table.frame import Button
from game.table.hand import HandView
from game.table.layout import TableLayout
from game.table.model import TableModel
from game.table.widgets import ButtonBar
from game.table.wording import button_label

Spec = list[tuple[str, str, bool]]


@dataclass(frozen=True, slots=True)
class CornerButton:
    key: str
    label: str
    """a message key"""
    needs_hand: bool = False
    """shown only while someone's hand is shown (a hint names its cards)"""


CORNER: tuple[CornerButton, ...] = (
    CornerButton("hint", "tbl.hint", needs_hand=True),
    CornerButton("log", "tbl.log"),
    CornerButton("menu", "tbl.menu"),
)
JOIN_CODES = CornerButton("codes", "party.codes")
"""A party match's corner: every phone seat's QR code and link (also J, and the pause menu)."""


def corner_spec(viewer: int, extra: Sequence[CornerButton] = ()) -> Spec:
    """The corner row for ``viewer`` (-1: nobody's hand is shown), ``extra`` before the menu."""
    shown = [b for b in CORNER if viewer >= 0 or not b.needs_hand]
    shown[-1:-1] = extra
    return [(b.key, i18n.t(b.label), False) for b in shown]


def place_corner(corner: ButtonBar, layout: TableLayout, viewer: int,
                 extra: Sequence[CornerButton] = ()) -> None:
    r = layout.corner.copy()
    r.x = layout.table.right - layout.corner.w - layout.px(8)
    corner.set(corner_spec(viewer, extra), r, layout.scale)


def control_state(model: TableModel, hand: HandView, names: Sequence[str], phase: Phase,
                  picker_open: bool, swap_focus: int = -1) -> ControlState:
    """The UI state the action row depends on."""
    return ControlState(
        phase=phase, hand_size=len(model.hand), sizes=tuple(model.sizes), names=tuple(names),
        penalty=model.penalty, selected=tuple(hand.selected), picker_open=picker_open,
        armed=hand.armed if hand.index_of(hand.armed) >= 0 and hand.active else None,
        swap_focus=swap_focus)


def mark_playable(hand: HandView, legal: Sequence[Action], to_act: bool) -> bool:
    """Mark the cards ``legal`` lets the viewer play (the first card of a play,
    or a jump-in) in ``hand``; True when S4 asks for a colour now."""
    hand.legal = {c for a in legal if isinstance(a, Play) for c in a.cards[:1]}
    hand.legal |= {a.card for a in legal if isinstance(a, JumpIn)}
    hand.active = bool(legal) and to_act
    return any(isinstance(a, ChooseColour) for a in legal)


@dataclass(frozen=True, slots=True)
class Row:
    """The action row as shown."""

    actions: dict[str, Action]
    """what each enabled button sends, by key"""
    buttons: tuple[Button, ...]


def show_row(bar: ButtonBar, layout: TableLayout, legal: Sequence[Action],
             state: ControlState) -> Row:
    """Lay the action row for ``legal`` in ``bar`` (empty while the picker is open)."""
    row: tuple[Control, ...] = controls(legal, state)
    buttons = tuple(Button(key=c.key, label=button_label(c), primary=c.primary,
                           enabled=c.enabled) for c in row)
    own = layout.bottom.plate.inflate(layout.px(8), layout.px(8)) if layout.bottom else None
    bar.set([(b.key, b.label, b.primary) for b in buttons], layout.bar, layout.scale,
            frozenset(b.key for b in buttons if not b.enabled), own)
    return Row({c.key: c.action for c in row if c.action is not None and c.enabled}, buttons)


def hide_row(bar: ButtonBar | None, layout: TableLayout) -> None:
    """The colour picker opened over the row."""
    if bar is not None:
        bar.set([], layout.bar, layout.scale)
