"""Which buttons the table offers: a pure function of the legal actions.

:func:`controls` reads the viewer's legal actions and the little UI state
that shapes the row (the phase, the H4 selection, whether the colour picker
is open) and returns the buttons in order, each with a message key and its
parameters (the scene turns them into words), the action it sends and
whether it is enabled. No pygame, no scene: unit-tested without a display.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    JumpIn,
    Pass,
    Play,
    SwapHands,
)
from game.rules.cards import COLOURS, DECK
from game.rules.view import Phase

Param = tuple[str, str | int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Control:
    """One button of the action row."""

    key: str
    """the button's id ("draw", "catch2", ...)"""
    label: str
    """a message key (``tbl.*``)"""
    params: tuple[Param, ...] = ()
    """the message's parameters"""
    action: Action | None = None
    """what pressing it sends (None for a disabled button, and for "confirm", which the
    scene answers by playing its armed card)"""
    primary: bool = False
    """drawn as the row's main choice"""
    enabled: bool = True
    """False: shown, but pressing does nothing (an H4 selection that is no legal play)"""


@dataclass(frozen=True, slots=True, kw_only=True)
class ControlState:
    """The table's UI state the row depends on."""

    phase: Phase = Phase.PLAY
    hand_size: int = 0
    """cards in the viewer's hand (UNO! is offered at one, or two with a card to play)"""
    sizes: tuple[int, ...] = ()
    """every seat's hand size (H7's swap button names it)"""
    names: tuple[str, ...] = ()
    penalty: int = 0
    """the pending draw the viewer may accept"""
    selected: tuple[int, ...] = ()
    """H4: card ids picked for a multi-play, the last one on top"""
    picker_open: bool = False
    armed: int | None = None
    """"confirm each play": the card id waiting for its confirm step"""
    swap_focus: int = -1
    """H7: the seat the keyboard has picked among the swap targets (-1: the first)"""


def selected_play(plays: Sequence[Play], selected: Sequence[int]) -> Play | None:
    """H4: the legal play of exactly the ``selected`` cards (preferring the last
    selected on top), or None (fewer than two selected, or no such play)."""
    if len(selected) < 2:
        return None
    want = set(selected)
    best = [a for a in plays if set(a.cards) == want]
    for a in best:
        if a.cards[-1] == selected[-1]:
            return a
    return best[0] if best else None


SWAP_BUTTONS = 3
"""H7: up to this many swap targets get a button each; with more, one button
names the target picked with the arrows (or a click on a seat plate)."""


def swap_targets(legal: Sequence[Action]) -> tuple[int, ...]:
    """H7: the seats ``legal`` lets the viewer swap hands with, in offer order."""
    return tuple(a.target for a in legal if isinstance(a, SwapHands))


def swap_focus(legal: Sequence[Action], focus: int) -> int:
    """H7: the target the compact swap button names: ``focus`` while it is one,
    else the first target (-1: no swap asked)."""
    targets = swap_targets(legal)
    if not targets:
        return -1
    return focus if focus in targets else targets[0]


def top_choices(legal: Sequence[Action], play: Play) -> tuple[Play, ...]:
    """H4: the legal plays of exactly ``play``'s cards, one for each colour its
    top card may have (the last card is the top, and its colour goes on), in
    colour order; () when there is nothing to choose (one colour, or wild tops:
    the colour picker names the colour)."""
    want = set(play.cards)
    by_colour: dict[object, Play] = {}
    for a in legal:
        if isinstance(a, Play) and len(a.cards) == len(play.cards) and set(a.cards) == want:
            colour = DECK[a.cards[-1]].colour
            if colour is None:
                return ()
            by_colour.setdefault(colour, a)
    if len(by_colour) < 2:
        return ()
    return tuple(by_colour[c] for c in COLOURS if c in by_colour)


def uno_makes_sense(hand_size: int, plays: Sequence[Play]) -> bool:
    """T6: calling UNO! helps only on one card (after the play, before a catch)
    or on two with a card to play now; with more it is a false call, and with
    nothing to play the draw that follows drops it."""
    return hand_size <= 1 or (hand_size == 2 and bool(plays))


def controls(legal: Sequence[Action], ui: ControlState) -> tuple[Control, ...]:
    """The buttons for ``legal`` (the viewer's legal actions; empty while the
    table may not act), in the row's order. None while the colour picker is open."""
    if ui.picker_open:
        return ()
    out: list[Control] = []
    plays = [a for a in legal if isinstance(a, Play)]
    targets = swap_targets(legal)
    compact = len(targets) > SWAP_BUTTONS
    shown = swap_focus(legal, ui.swap_focus) if compact else -1
    for a in legal:
        if isinstance(a, CallUno) and uno_makes_sense(ui.hand_size, plays):  # T6
            out.append(Control(key="uno", label="tbl.uno", action=a, primary=True))
        elif isinstance(a, Catch):  # T6
            out.append(Control(key=f"catch{a.target}", label="tbl.catch",
                               params=(("name", _name(ui, a.target)),), action=a, primary=True))
        elif isinstance(a, SwapHands) and (not compact or a.target == shown):  # H7
            size = ui.sizes[a.target] if a.target < len(ui.sizes) else 0
            out.append(Control(key=f"swap{a.target}", label="tbl.swap",
                               params=(("name", _name(ui, a.target)), ("n", size)), action=a,
                               primary=compact))
    jumps = [a for a in legal if isinstance(a, JumpIn)]
    if jumps:  # H3
        out.append(Control(key="jump", label="tbl.jump_in", action=jumps[0], primary=True))
    multi = [a for a in plays if len(a.cards) > 1]
    sel = selected_play(plays, ui.selected)
    if sel is not None:
        out.append(Control(key="play_sel", label="tbl.play_all", params=(("n", len(sel.cards)),),
                           action=sel, primary=True))
    elif len(ui.selected) >= 2 and plays:  # H4: these cards do not go down together
        out.append(Control(key="play_sel", label="tbl.play_all",
                           params=(("n", len(ui.selected)),), enabled=False))
    elif multi and ui.phase is not Phase.KEEP_OR_PLAY:
        best = max(multi, key=lambda a: len(a.cards))
        out.append(Control(key="play_all", label="tbl.play_all",
                           params=(("n", len(best.cards)),), action=best))
    if ui.phase is Phase.KEEP_OR_PLAY and plays:  # T3
        out.append(Control(key="play_drawn", label="tbl.play_drawn", action=plays[0],
                           primary=True))
    for a in legal:
        if isinstance(a, Draw):
            out.append(Control(key="draw", label="tbl.draw", action=a, primary=not plays))
        elif isinstance(a, Pass):
            out.append(Control(key="pass", label="tbl.pass", action=a))
        elif isinstance(a, Challenge):  # T5
            out.append(Control(key="challenge", label="tbl.challenge", action=a, primary=True))
        elif isinstance(a, Accept):
            if ui.phase is Phase.SKIP_RELAY:
                out.append(Control(key="accept", label="tbl.accept_skip", action=a))
            elif ui.phase is Phase.PENALTY and ui.penalty:
                out.append(Control(key="accept", label="tbl.accept_n",
                                   params=(("n", ui.penalty),), action=a))
            else:
                out.append(Control(key="accept", label="tbl.accept", action=a))
    if ui.armed is not None and legal:  # the scene plays the armed card on this button
        out.append(Control(key="confirm", label="tbl.confirm_play", params=(("card", ui.armed),),
                           primary=True))
    return tuple(out)


def _name(ui: ControlState, seat: int) -> str:
    return ui.names[seat] if 0 <= seat < len(ui.names) else str(seat)
