"""Input gestures -> intents: what a pygame event asks of the table.

:func:`read` takes one event and the table as the pointer finds it
(:class:`Where`) and returns an intent record, or None when the event asks
nothing of the match (a wheel over the log, a hover that changed nothing).
It follows press, drag and release on the hand and the piles (issue 14: a
card plays when the button comes up on it, or when it is dropped on the
discard pile) and moves the hand's pointer feedback (hover, the dragged
card); it never asks the controller. The scene turns each intent into an
action (:meth:`game.table.scene.TableScene.do`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game.rules.actions import Accept, Action, CallUno, Catch, Draw, Pass
from game.rules.cards import COLOURS, Colour
from game.table.drag import Outcome, Pointer
from game.table.hand import HandView, drop_hits_discard
from game.table.layout import TableLayout
from game.table.widgets import ButtonBar, ColourPicker, LogPanel, TopChooser


@dataclass(frozen=True, slots=True)
class Press:
    """A button of the action row or the corner, by key ("menu", "log", "hint",
    "confirm", or a :class:`game.table.controls.Control` key), or its shortcut."""

    key: str
    clicked: bool = False
    """pressed with the mouse (the click sound plays)"""


@dataclass(frozen=True, slots=True)
class ClickCard:
    """A card of the viewer's hand clicked, or Enter on it (``index`` in the hand)."""

    index: int
    multi: bool = False
    """Ctrl/Shift held: H4 selects instead of playing"""


@dataclass(frozen=True, slots=True)
class DropCard:
    """A card (id) let go on the discard pile."""

    card: int


@dataclass(frozen=True, slots=True)
class ClickSeat:
    """An opponent's seat plate clicked (H7: chooses it as the swap target)."""

    seat: int


@dataclass(frozen=True, slots=True)
class DrawCard:
    """The draw pile clicked."""


@dataclass(frozen=True, slots=True)
class HoverCard:
    """The pointer is now over the card at ``index`` (-1: none)."""

    index: int


@dataclass(frozen=True, slots=True)
class PickColour:
    """S4 or a wild's colour, from the open picker."""

    colour: Colour


@dataclass(frozen=True, slots=True)
class StepPicker:
    """Arrow keys in the open picker: focus the next (+1) or previous (-1) colour."""

    step: int


@dataclass(frozen=True, slots=True)
class PickTop:
    """H4: the card (id) chosen to land on top of a play of several."""

    card: int


@dataclass(frozen=True, slots=True)
class StepTop:
    """Arrow keys or Tab in the open "which on top?" chooser."""

    step: int


@dataclass(frozen=True, slots=True)
class CancelTop:
    """Escape in the open "which on top?" chooser: back to the hand."""


@dataclass(frozen=True, slots=True)
class CancelPicker:
    """Escape in the open picker."""


@dataclass(frozen=True, slots=True)
class CancelGesture:
    """Escape while a card waits for its confirm step or the button is still down."""


@dataclass(frozen=True, slots=True)
class MoveFocus:
    """Arrow keys or Tab (Shift+Tab back): the keyboard focus moves along the hand,
    or among the seats a swap may target (H7)."""

    step: int


@dataclass(frozen=True, slots=True)
class Enter:
    """Enter or Space: the highlighted card, else the selection, else the hint's move."""

    multi: bool = False


@dataclass(frozen=True, slots=True)
class TakeAction:
    """A shortcut for the first legal action of one of ``kinds``."""

    kinds: tuple[type[Action], ...]


Intent = (Press | ClickCard | DropCard | ClickSeat | DrawCard | HoverCard | PickColour | StepPicker
          | CancelPicker | CancelGesture | MoveFocus | Enter | TakeAction | PickTop | StepTop
          | CancelTop)

KEY_COLOURS = {pygame.K_r: Colour.RED, pygame.K_y: Colour.YELLOW, pygame.K_g: Colour.GREEN,
               pygame.K_b: Colour.BLUE, pygame.K_1: Colour.RED, pygame.K_2: Colour.YELLOW,
               pygame.K_3: Colour.GREEN, pygame.K_4: Colour.BLUE}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
SHORTCUTS: dict[int, Intent] = {
    pygame.K_d: TakeAction((Draw, Pass, Accept)),  # facing a penalty or a Wild Draw Four too
    pygame.K_u: TakeAction((CallUno,)),
    pygame.K_c: TakeAction((Catch,)),
    pygame.K_h: Press("hint"),
    pygame.K_l: Press("log"),
    pygame.K_k: Press("legend"),  # the keys' legend along the bottom edge, shown or hidden
    pygame.K_j: Press("codes"),  # a party match: the join codes (ignored without phones)
}
MULTI_MODS = pygame.KMOD_CTRL | pygame.KMOD_SHIFT


def key_intent(key: int, mod: int, *, picker: ColourPicker | None = None,
               gesture: bool = False, chooser: TopChooser | None = None) -> Intent | None:
    """A key press: the open ``picker`` or top ``chooser`` takes every key; Escape
    ends a ``gesture`` in progress (a press, or a card waiting for its confirm)
    before it opens the menu."""
    if chooser is not None and chooser.open:
        if key == pygame.K_ESCAPE:
            return CancelTop()
        if key in ARROWS:
            return StepTop(ARROWS[key])
        if key == pygame.K_TAB:
            return StepTop(-1 if mod & pygame.KMOD_SHIFT else 1)
        if key in ENTER_KEYS and chooser.cards:
            return PickTop(chooser.cards[chooser.focus])
        return None
    if picker is not None and picker.open:
        if key == pygame.K_ESCAPE:
            return CancelPicker()
        if key in ARROWS:
            return StepPicker(ARROWS[key])
        if key in ENTER_KEYS:
            return PickColour(COLOURS[picker.focus])
        return PickColour(KEY_COLOURS[key]) if key in KEY_COLOURS else None
    if key == pygame.K_ESCAPE:
        return CancelGesture() if gesture else Press("menu")
    if key in ARROWS:
        return MoveFocus(ARROWS[key])
    if key == pygame.K_TAB:
        return MoveFocus(-1 if mod & pygame.KMOD_SHIFT else 1)
    if key in ENTER_KEYS:
        return Enter(bool(mod & pygame.KMOD_SHIFT))
    return SHORTCUTS.get(key)


@dataclass(frozen=True, slots=True)
class Where:
    """The table as an event finds it (the scene's own objects, read and moved here)."""

    hand: HandView
    layout: TableLayout
    viewer: int
    """-1: nobody's hand is shown (hot-seat, between turns)"""
    pointer: Pointer
    picker: ColourPicker
    bars: tuple[ButtonBar | None, ...] = ()
    log: LogPanel | None = None
    chooser: TopChooser | None = None
    """H4: the "which on top?" chooser (open: it takes the keys and the clicks)"""


def read(event: pygame.event.Event, at: Where, held_mods: int = 0) -> Intent | None:
    """The intent of ``event`` (``held_mods``: the modifier keys down now, as
    ``pygame.key.get_mods()``), after the pointer feedback it causes."""
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        for bar in at.bars:
            key = bar.key_of(event.ui_element) if bar is not None else None
            if key is not None:
                return Press(key, clicked=True)
        return None
    if _log_took(event, at):
        return None
    if event.type == pygame.MOUSEMOTION:
        hover = _hover(at, event.pos)
        return HoverCard(-1) if drag_to(at, event.pos) else hover
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        multi = bool((held_mods | getattr(event, "mod", 0)) & MULTI_MODS)
        return _down(at, event.pos, multi)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return _up(at, event.pos)
    if event.type == pygame.KEYDOWN:
        gesture = at.hand.armed >= 0 or at.pointer.press is not None
        return key_intent(event.key, event.mod, picker=at.picker, gesture=gesture,
                          chooser=at.chooser)
    return None


def _log_took(event: pygame.event.Event, at: Where) -> bool:
    """The wheel over the log and its scroll bar; True when the log took ``event``."""
    panel = at.log
    if panel is None or not at.layout.log.w:
        return False
    if event.type == pygame.MOUSEWHEEL:
        if not at.layout.log.collidepoint(pygame.mouse.get_pos()):
            return False
        panel.scroll_by(3 * event.y)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return panel.press(event.pos)
    if event.type == pygame.MOUSEMOTION:
        return panel.drag(event.pos)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return panel.release()
    return False


def _hover(at: Where, pos: tuple[int, int]) -> HoverCard | None:
    if at.picker.open or (at.chooser is not None and at.chooser.open):
        return None
    i = at.hand.hit(at.layout, pos) if at.viewer >= 0 else -1
    if i == at.hand.hovered:
        return None
    at.hand.hovered = i
    return HoverCard(i)


def _down(at: Where, pos: tuple[int, int], multi: bool) -> Intent | None:
    """A press: a colour of the open picker answers at once; a card or the
    pile acts when the button comes up (:func:`_up`)."""
    if at.picker.open:
        at.picker.layout(at.layout)
        col = at.picker.hit(pos)
        return PickColour(col) if col is not None else None
    if at.chooser is not None and at.chooser.open:
        at.chooser.layout(at.layout)
        top = at.chooser.hit(pos)
        return PickTop(top) if top >= 0 else None
    if at.viewer < 0:
        return None
    hand, lay = at.hand, at.layout
    i = hand.hit(lay, pos)
    if i >= 0:
        hand.focus = i
        card = hand.cards[i]
        at.pointer.down("card", card.id, pos, hand.card_rect(lay, card.id) or lay.hand, multi)
    elif lay.draw_pile.collidepoint(pos):
        at.pointer.down("pile", -1, pos, lay.draw_pile)
    else:
        seat = seat_at(lay, pos)
        return ClickSeat(seat) if seat >= 0 else None
    return None


def seat_at(lay: TableLayout, pos: tuple[int, int]) -> int:
    """The opponent whose plate (with its highlight ring) is under ``pos`` (-1: none)."""
    for seat, spot in lay.seats.items():
        if spot.plate.inflate(lay.px(14), lay.px(14)).collidepoint(pos):
            return seat
    return -1


def drag_to(at: Where, pos: tuple[int, int]) -> bool:
    """The pressed card follows the pointer once the press became a drag
    (True: it does, and no card is hovered)."""
    at.pointer.move(pos)
    press = at.pointer.dragged()
    hand = at.hand
    if press is None or hand.index_of(press.card) < 0:
        return False
    hand.dragging = press.card
    hand.drag_at = (pos[0] - press.offset[0], pos[1] - press.offset[1])
    hand.drag_over = drop_hits_discard(at.layout, hand.drag_at, pos)
    hand.hovered = -1
    return True


def _up(at: Where, pos: tuple[int, int]) -> Intent | None:
    press = at.pointer.press
    if press is None:
        return None
    if press.dragging:
        drag_to(at, pos)
    hand, lay = at.hand, at.layout
    on_target = (lay.draw_pile.collidepoint(pos) if press.target == "pile" else
                 hand.hit(lay, pos) == hand.index_of(press.card))
    outcome, _ = at.pointer.up(pos, on_target, hand.drag_over)
    hand.drop_back(press.card)
    if outcome is Outcome.CLICK and press.target == "pile":
        return DrawCard()
    if outcome is Outcome.CLICK:
        return ClickCard(hand.index_of(press.card), press.multi)
    if outcome is Outcome.DROP:
        return DropCard(press.card)
    if outcome is Outcome.CANCEL:
        hand.focus = -1  # the press raised it; a cancelled gesture leaves nothing chosen
    return None


def cancel(at: Where) -> None:
    """Escape: the card under a press goes back to its place; nothing waits for a confirm."""
    if at.pointer.press is not None:
        at.hand.drop_back(at.pointer.press.card)
        at.pointer.cancel()
    at.hand.armed = -1
