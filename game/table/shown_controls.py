"""The controls the table shows now: the action row, the corner row, the colour
picker, the "which on top?" chooser (H4) and the swap target picked (H7).

:class:`ShownControls` holds the pygame_gui rows (:mod:`game.table.buttons`
lays them) and the :class:`~game.table.widgets.ColourPicker`, and remembers
what the action row offers (``actions``: what each enabled key sends;
``buttons``: the row as the frame shows it). :meth:`ShownControls.refresh`
marks the playable cards and lays the row for the viewer's legal actions;
while the picker is open (a wild waits for its colour, S4) or the top chooser
is (a play of several whose top may be of more than one colour, H4) the row is
empty. After a 7 (H7) :meth:`ShownControls.swap_choice` names the seats a
swap may target and the one the keyboard picked (``swap_pick``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame_gui

from game.rules.actions import Action, Play
from game.table import buttons
from game.table.controls import ControlState, swap_focus, swap_targets
from game.table.frame import Button
from game.table.hand import HandView
from game.table.layout import TableLayout
from game.table.widgets import ButtonBar, ColourPicker, TopChooser


class ShownControls:
    """The two button rows and the colour picker of one table."""

    def __init__(self) -> None:
        self.bar: ButtonBar | None = None
        """the action row (made when the scene enters)"""
        self.corner: ButtonBar | None = None
        """hint, log, (join codes,) menu"""
        self.picker = ColourPicker()
        self.picker_cards: tuple[int, ...] = ()
        """the cards a colour is picked for (empty: S4, a colour asked after the play)"""
        self.chooser = TopChooser()
        """H4: which card of several lands on top"""
        self.top_plays: dict[int, Play] = {}
        """the chooser's cards -> the play with that card on top"""
        self.swap_pick = -1
        """H7: the swap target the arrow keys picked (-1: the first)"""
        self.actions: dict[str, Action] = {}
        self.buttons: tuple[Button, ...] = ()

    def build(self, ui: pygame_gui.UIManager) -> None:
        self.bar = ButtonBar(ui)
        self.corner = ButtonBar(ui)

    def rows(self) -> tuple[ButtonBar, ...]:
        return tuple(w for w in (self.bar, self.corner) if w is not None)

    def clear(self) -> None:
        for w in self.rows():
            w.clear()

    def show(self, shown: bool) -> None:
        for w in self.rows():
            w.show(shown)

    def place_corner(self, layout: TableLayout, viewer: int,
                     extra: Sequence[buttons.CornerButton] = ()) -> None:
        if self.corner is not None:
            buttons.place_corner(self.corner, layout, viewer, extra)

    def refresh(self, layout: TableLayout, hand: HandView, legal: Sequence[Action],
                to_act: bool, state: Callable[[bool], ControlState]) -> None:
        """Mark what ``hand`` may play and lay the row for ``legal``; ``state(picker_open)``
        is the UI state the row depends on. Opens the picker when S4 asks for a colour."""
        if self.bar is None:
            return
        if buttons.mark_playable(hand, legal, to_act) and not self.picker.open:
            self.open_picker((), layout)
        if self.chooser.open and not all(p in legal for p in self.top_plays.values()):
            self.close_top()  # the moment passed (a jump-in took the turn)
        row = buttons.show_row(self.bar, layout, legal, state(self.picker.open or self.chooser.open))
        self.actions, self.buttons = row.actions, row.buttons

    def wrapped_top(self, layout: TableLayout) -> int:
        """The action row's top when it wrapped above its one-row place (-1: it did not)."""
        top = self.bar.top if self.bar is not None else None
        return top if top is not None and top < layout.bar.top else -1

    def open_picker(self, cards: tuple[int, ...], layout: TableLayout) -> None:
        """The picker opens over the row for ``cards`` (empty: the colour S4 asks for)."""
        self.picker.open, self.picker.focus, self.picker_cards = True, 0, cards
        self.buttons = ()
        buttons.hide_row(self.bar, layout)

    def close_picker(self, colour_asked: bool) -> bool:
        """Esc on the picker: closed unless the rules wait for a colour
        (``colour_asked`` and no cards of its own). True when it closed."""
        if self.picker_cards or not colour_asked:
            self.picker.open = False
            self.picker_cards = ()
            return True
        return False

    def show_top(self, options: Sequence[Play], layout: TableLayout) -> None:
        """H4: the chooser opens over the row, a card for each play's top."""
        self.top_plays = {p.cards[-1]: p for p in options}
        self.chooser.show(tuple(self.top_plays))
        self.buttons = ()
        buttons.hide_row(self.bar, layout)

    def close_top(self) -> None:
        self.chooser.close()
        self.top_plays = {}

    def forget(self) -> None:
        """A move made, or the screen changing hands: no choice stays open
        (nobody sees the last player's cards in the chooser)."""
        self.close_top()
        self.swap_pick = -1

    def swap_choice(self, legal: Sequence[Action], viewer: int,
                    n: int) -> tuple[tuple[int, ...], int]:
        """H7: the seats a swap may target now (in seat order round the table from
        the viewer's left) and the one the keyboard picked; ((), -1) when none is asked."""
        targets = swap_targets(legal)
        if not targets:
            return (), -1
        order = sorted(targets, key=lambda s: (s - viewer) % n)
        return tuple(order), swap_focus(legal, self.swap_pick if self.swap_pick in targets
                                        else order[0])

    def step_swap(self, legal: Sequence[Action], viewer: int, n: int, step: int) -> None:
        """H7: arrows/Tab move the pick to the next target round the table."""
        order, focus = self.swap_choice(legal, viewer, n)
        if order:
            self.swap_pick = order[(order.index(focus) + step) % len(order)]
