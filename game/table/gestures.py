"""What each intent asks of the table: a move on the hand, a button, a hint.

:mod:`game.table.intents` reads pygame events into intent records; here each
intent becomes what it means: a :mod:`game.table.moves` move the table
carries out (a legal action sent, a colour picked, a card selected or armed,
or words why not), a corner button's job, or the hint; after a 7 a seat
chosen for the swap (H7), and for a play of several the card on top (H4). The table is any
object offering :class:`Table`: the scene, or a test's stand-in. Nothing
here talks to the controller but through ``table.act``
and the controller's read-only questions (legal actions, the hint, the view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from game.exhaustive import assert_never
from game.rules.actions import Action, Catch, Draw, Play, SwapHands
from game.rules.cards import COLOURS, DECK
from game.rules.errors import IllegalAction
from game.rules.view import Phase
from game.table import intents, moves, wording
from game.table.controls import ControlState, controls, top_choices
from game.table.cues import Cues
from game.table.drag import Pointer
from game.table.hand import HandView
from game.table.journal import Journal, remembered
from game.table.layout import TableLayout
from game.table.shown_controls import ShownControls

if TYPE_CHECKING:
    from game.controller import MatchController
    from game.party.host import PartyHost
    from game.scenes.services import Services
    from game.session import Session
    from game.table.tutorial import TutorialDesk


class Table(Protocol):
    """What the gestures read and ask of the table."""

    app: Services
    ctl: MatchController
    viewer: int
    n: int
    hand: HandView
    layout: TableLayout
    pointer: Pointer
    controls: ShownControls
    journal: Journal
    hover_tip: tuple[int, str] | None
    cues: Cues
    log_open: bool
    tutorial: TutorialDesk | None
    party: PartyHost | None
    session: Session

    def can_act(self) -> bool: ...

    def legal(self) -> list[Action]: ...

    def act(self, action: Action) -> bool: ...

    def refresh_controls(self, force: bool = False) -> None: ...

    def relayout(self) -> None: ...

    def control_state(self, picker_open: bool) -> ControlState: ...

    def why_not(self, card_id: int) -> IllegalAction: ...

    def open_menu(self) -> None: ...




def send(action: Action | None) -> moves.Move | None:
    """A legal action to send as it is (None: nothing to send)."""
    return moves.Send(action) if action is not None else None


def where(table: Table) -> intents.Where:
    """The table as an event finds it."""
    shown = table.controls
    return intents.Where(table.hand, table.layout, table.viewer, table.pointer, shown.picker,
                         (shown.bar, shown.corner), table.journal.panel, shown.chooser)


def do(table: Table, intent: intents.Intent) -> None:
    """What an intent asks of the match: a legal action, or words why not."""
    picker = table.controls.picker
    match intent:
        case intents.Press(key, clicked):
            if clicked:
                table.cues.sound("click")
            press(table, key)
        case intents.ClickCard(index, multi):
            click_card(table, index, multi)
        case intents.DropCard(card):
            drop(table, card)
        case intents.ClickSeat(seat):
            choose_seat(table, seat)
        case intents.DrawCard():
            carry(table, send(moves.first_of(table.legal(), (Draw,))))
        case intents.HoverCard(index):
            hover(table, index)
        case intents.PickColour(colour):
            action = moves.coloured(table.ctl.legal(table.viewer), table.controls.picker_cards,
                                    colour)
            if action is None:
                picker.open = False
            else:
                table.act(action)
        case intents.StepPicker(step):
            picker.focus = (picker.focus + step) % 4
        case intents.CancelPicker():
            cancel_picker(table)
        case intents.PickTop(card):
            play = table.controls.top_plays.get(card)
            table.controls.close_top()
            carry(table, moves.chosen(play) if play is not None else None)
        case intents.StepTop(step):
            table.controls.chooser.step(step)
        case intents.CancelTop():
            table.controls.close_top()
            table.refresh_controls(force=True)
        case intents.CancelGesture():
            intents.cancel(where(table))
            table.refresh_controls()
        case intents.MoveFocus(step):
            if swap_choice(table)[0]:  # H7: the pick moves round the table
                table.controls.step_swap(table.legal(), table.viewer, table.n, step)
                table.refresh_controls()
            else:
                table.hand.move_focus(step)
        case intents.Enter(multi):
            enter(table, multi)
        case intents.TakeAction(kinds):
            carry(table, send(moves.first_of(table.legal(), kinds)))
        case _:
            assert_never(intent)


def carry(table: Table, move: moves.Move | None) -> None:
    """Carry out a move on the hand (None: nothing to do)."""
    match move:
        case moves.Send(action):
            table.act(action)
        case moves.Pick(cards, warn, colour):
            if tutorial_refuses(table, moves.coloured_plays(table.ctl.legal(table.viewer), cards)):
                return
            bluff = (wording.bluff_warning(table.ctl.view(table.viewer), cards[0])
                     if warn else None)
            if bluff is not None:
                table.cues.say(bluff)  # T2/T5: allowed, and a challenge would catch it
            table.controls.open_picker(cards, table.layout)
            # (Enter on a hinted wild: the picker starts on the colour the hint named)
            table.controls.picker.focus = COLOURS.index(colour) if colour is not None else 0
        case moves.Refuse(card, then):
            table.cues.refuse(table.why_not(card))
            if then is not None:
                table.act(then)
        case moves.Select(card):
            table.hand.toggle_select(card)
            table.refresh_controls()
        case moves.Arm(card):
            table.hand.armed = card
            table.refresh_controls()
        case None:
            pass
        case _:
            assert_never(move)


def press(table: Table, key: str) -> None:
    """A button's key (buttons.CORNER, the action row, or "confirm")."""
    if key == "menu":
        table.open_menu()
    elif key == "codes":
        open_join_codes(table)
    elif key == "log":
        toggle_log(table)
    elif key == "hint":
        give_hint(table)
    elif key == "legend":
        toggle_legend(table)
    elif key == "confirm":
        click_card(table, table.hand.index_of(table.hand.armed))
    elif key in ("play_all", "play_sel") and isinstance(
            play := table.controls.actions.get(key), Play):
        play_several(table, play)
    elif (action := table.controls.actions.get(key)) is not None:
        carry(table, moves.chosen(action))


def click_card(table: Table, index: int, multi: bool = False) -> None:
    """A click on the hand's card ``index`` (``multi``: Ctrl/Shift held, H4)."""
    hand = table.hand
    if not 0 <= index < len(hand.cards) or table.viewer < 0:
        return
    hand.focus = index
    if table.can_act():
        card = hand.cards[index].id
        carry(table, moves.card_click(
            table.ctl.legal(table.viewer), card,
            select=multi and table.ctl.config.settings.multi_play,
            confirm=bool(table.app.settings.confirm_play) and hand.armed != card))


def drop(table: Table, card: int) -> None:
    """A card let go on the discard pile: the selected cards when it is one
    of them (H4), else that card, exactly as a click would play it."""
    selection = table.controls.actions.get("play_sel")
    if isinstance(selection, Play) and card in selection.cards:
        play_several(table, selection)
        return
    table.hand.armed = card  # a drop is deliberate: no confirm step
    click_card(table, table.hand.index_of(card))
    if table.hand.armed == card:  # refused, or waiting in the colour picker
        table.hand.armed = -1


def hover(table: Table, i: int) -> None:
    """The pointer rests on card ``i`` (-1: none): an unplayable card says why not."""
    hand = table.hand
    table.hover_tip = None
    if i >= 0 and hand.active and hand.cards[i].id not in hand.legal:
        table.hover_tip = (i, wording.refusal(table.why_not(hand.cards[i].id)).text)


def enter(table: Table, multi: bool) -> None:
    """Enter: the highlighted card (waiting for confirmation, raised under
    the pointer, or focused); else the selected multi-play; else the hint."""
    if not table.can_act():
        return
    focus = swap_choice(table)[1]
    if focus >= 0:  # H7: the seat picked with the arrows
        table.act(SwapHands(seat=table.viewer, target=focus))
        return
    hand = table.hand
    i = hand.highlighted()
    if 0 <= i < len(hand.cards):
        click_card(table, i, multi)
    elif "play_sel" in table.controls.actions:
        press(table, "play_sel")
    elif (choice := table.ctl.hint_choice(table.viewer)) is not None:
        a = choice.action
        if isinstance(a, Play) and len(a.cards) == 1:  # the hinted card, as a click on it
            hand.focus, hand.hovered = hand.index_of(a.cards[0]), -1
        carry(table, moves.hinted(a, confirm=bool(table.app.settings.confirm_play),
                                  armed=hand.armed))


def swap_choice(table: Table) -> tuple[tuple[int, ...], int]:
    """H7: the seats a swap may target now and the one picked ((), -1: none asked)."""
    return table.controls.swap_choice(table.legal(), table.viewer, table.n)


def choose_seat(table: Table, seat: int) -> None:
    """A click on ``seat``'s plate: the swap with it when one is asked (H7), or
    the catch of it when it may be caught (T6); else nothing."""
    for a in table.legal():
        if isinstance(a, (SwapHands, Catch)) and a.target == seat:
            table.act(a)
            return


def play_several(table: Table, play: Play) -> None:
    """H4: a play of several cards; when its top card may be of more than one
    colour (the colour that goes on), the player first chooses which lands on top."""
    options = top_choices(table.legal(), play)
    if not options:
        colours = {DECK[c].colour for c in play.cards}
        if None in colours or len(colours) == 1:
            carry(table, moves.chosen(play))  # wild: the picker names the colour
        elif table.act(play):  # only the other cards could lead: say which is on top
            table.cues.say(wording.top_forced(play.cards[-1]))
        return
    table.controls.show_top(options, table.layout)


def legend_on(table: Table) -> bool:
    """The keys' legend along the table's bottom edge (Settings, or K)."""
    return bool(getattr(table.app.settings, "table_legend", True))


def toggle_legend(table: Table) -> None:
    """K: the keys' legend shown or hidden (remembered in the settings)."""
    table.app.settings.table_legend = not legend_on(table)
    table.app.save_settings()
    table.relayout()
    table.refresh_controls(force=True)


def give_hint(table: Table) -> None:
    """The hint: the card it suggests is focused, and a toast says what and why."""
    if not table.can_act():
        return
    if table.tutorial is not None and (told := table.tutorial.hint(table.ctl.names)) is not None:
        table.cues.say(told)  # the tutorial's step, not a bot's idea
        return
    choice = table.ctl.hint_choice(table.viewer)
    if choice is None:
        table.cues.say(wording.no_hint())
        return
    a = choice.action
    hand = table.hand
    if isinstance(a, Play) and hand.index_of(a.cards[0]) >= 0:
        hand.focus, hand.hovered = hand.index_of(a.cards[0]), -1
    # the words of its button even while the bar is hidden (the picker is open)
    row = controls([a], table.control_state(False))
    table.cues.say(wording.hint(choice, wording.action_label(a, row)))


def cancel_picker(table: Table) -> None:
    """Esc in the colour picker: a wild of the hand goes back; S4's stays asked."""
    if table.controls.close_picker(table.ctl.view(table.viewer).phase is Phase.CHOOSE_COLOUR):
        table.refresh_controls(force=True)


def open_join_codes(table: Table) -> None:
    """A party match: every seat's QR code and link, the room code (J); a match
    with online seats but no phones: each online seat's code (New code)."""
    if table.party is not None:
        table.app.open("join_codes", host=table.party)
    elif table.session.online is not None:
        table.app.open("online_join", session=table.session, overlay=True)


def toggle_log(table: Table) -> None:
    """The log panel opens or folds (remembered in the settings)."""
    table.log_open = not table.log_open
    table.app.settings.log_panel = remembered(table.log_open)
    table.app.save_settings()
    table.relayout()
    table.refresh_controls(force=True)


def tutorial_refuses(table: Table, actions: Sequence[Action]) -> bool:
    """The tutorial waits for something else: say what, and do nothing."""
    toast = table.tutorial.refuses_all(actions, table.ctl.names) if table.tutorial else None
    if toast is not None:
        table.cues.say(toast)  # (a wild's colour refused: the picker stays open)
    return toast is not None
