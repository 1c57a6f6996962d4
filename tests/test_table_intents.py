"""game.table.intents: pygame events -> intent records, without a scene or a controller."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from game.rules.actions import Accept, CallUno, Catch, Draw, Pass  # noqa: E402
from game.rules.cards import COLOURS, DECK, Colour  # noqa: E402
from game.table import intents  # noqa: E402
from game.table.drag import Pointer  # noqa: E402
from game.table.hand import HandView  # noqa: E402
from game.table.intents import (  # noqa: E402
    CancelGesture,
    CancelPicker,
    ClickCard,
    DrawCard,
    DropCard,
    Enter,
    HoverCard,
    MoveFocus,
    PickColour,
    Press,
    StepPicker,
    TakeAction,
    key_intent,
)
from game.table.layout import compute_layout  # noqa: E402
from game.table.widgets import ButtonBar, ColourPicker  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((1024, 640))
    yield


def _where(viewer: int = 0, cards: int = 5) -> intents.Where:
    hand = HandView("dealt")
    hand.set_cards([DECK[i] for i in range(0, cards * 4, 4)])  # five different faces
    return intents.Where(hand, compute_layout((1024, 640), 4, 0), viewer, Pointer(),
                         ColourPicker())


def _centre(at: intents.Where, i: int) -> tuple[int, int]:
    r = at.hand.rects(at.layout)[i]
    # the part of the card no neighbour covers (the fan may overlap to the right)
    return (r.x + 4, r.centery)


def _ev(kind: int, **kw) -> pygame.event.Event:
    return pygame.event.Event(kind, **kw)


def _down(pos, mod=0):
    return _ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=mod)


def _up(pos):
    return _ev(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def _move(pos):
    return _ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


# ---------------------------------------------------------------- keys
@pytest.mark.parametrize(("key", "mod", "want"), [
    (pygame.K_ESCAPE, 0, Press("menu")),
    (pygame.K_LEFT, 0, MoveFocus(-1)),
    (pygame.K_RIGHT, 0, MoveFocus(1)),
    (pygame.K_RETURN, 0, Enter(False)),
    (pygame.K_SPACE, pygame.KMOD_LSHIFT, Enter(True)),
    (pygame.K_KP_ENTER, 0, Enter(False)),
    (pygame.K_d, 0, TakeAction((Draw, Pass, Accept))),
    (pygame.K_u, 0, TakeAction((CallUno,))),
    (pygame.K_c, 0, TakeAction((Catch,))),
    (pygame.K_h, 0, Press("hint")),
    (pygame.K_l, 0, Press("log")),
    (pygame.K_q, 0, None),
])
def test_keys_at_the_table(key, mod, want):
    assert key_intent(key, mod) == want


def test_escape_first_ends_a_gesture_then_opens_the_menu():
    assert key_intent(pygame.K_ESCAPE, 0, gesture=True) == CancelGesture()
    assert key_intent(pygame.K_ESCAPE, 0, gesture=False) == Press("menu")


def test_the_open_picker_takes_every_key():
    picker = ColourPicker()
    picker.open, picker.focus = True, 2
    assert key_intent(pygame.K_ESCAPE, 0, picker=picker, gesture=True) == CancelPicker()
    assert key_intent(pygame.K_LEFT, 0, picker=picker) == StepPicker(-1)
    assert key_intent(pygame.K_RIGHT, 0, picker=picker) == StepPicker(1)
    assert key_intent(pygame.K_RETURN, 0, picker=picker) == PickColour(COLOURS[2])
    assert key_intent(pygame.K_r, 0, picker=picker) == PickColour(Colour.RED)
    assert key_intent(pygame.K_3, 0, picker=picker) == PickColour(Colour.GREEN)
    assert key_intent(pygame.K_d, 0, picker=picker) is None  # no draw under the picker
    picker.open = False
    assert key_intent(pygame.K_d, 0, picker=picker) == TakeAction((Draw, Pass, Accept))


def test_a_key_event_reads_the_gesture_from_the_table():
    at = _where()
    esc = _ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    assert intents.read(esc, at) == Press("menu")
    at.hand.armed = at.hand.cards[1].id  # waiting for its confirm step
    assert intents.read(esc, at) == CancelGesture()


# ---------------------------------------------------------------- pointer
def test_a_card_is_clicked_on_release_not_on_press():
    at = _where()
    p = _centre(at, 2)
    assert intents.read(_down(p), at) is None
    assert at.pointer.press is not None and at.hand.focus == 2  # raised, not played
    assert intents.read(_up(p), at) == ClickCard(2, False)
    assert at.pointer.press is None


def test_ctrl_or_shift_click_is_a_multi_click():
    at = _where()
    p = _centre(at, 1)
    intents.read(_down(p, mod=pygame.KMOD_LCTRL), at)
    assert intents.read(_up(p), at) == ClickCard(1, True)
    intents.read(_down(p), at, held_mods=pygame.KMOD_LSHIFT)
    assert intents.read(_up(p), at) == ClickCard(1, True)


def test_a_card_dragged_onto_the_discard_pile_is_dropped():
    at = _where()
    card = at.hand.cards[3].id
    intents.read(_down(_centre(at, 3)), at)
    target = at.layout.discard.center
    assert intents.read(_move(target), at) == HoverCard(-1)  # no tip follows a dragged card
    assert at.hand.dragging == card and at.hand.drag_over
    assert intents.read(_up(target), at) == DropCard(card)
    assert at.hand.dragging == -1  # it goes back until the match says it landed


def test_sliding_off_a_card_cancels_and_leaves_nothing_chosen():
    at = _where()
    intents.read(_down(_centre(at, 0)), at)
    off = (at.layout.table.centerx, at.layout.table.top + 5)
    intents.read(_move(off), at)
    assert intents.read(_up(off), at) is None
    assert at.hand.focus == -1


def test_the_draw_pile_draws_on_release():
    at = _where()
    pile = at.layout.draw_pile.center
    assert intents.read(_down(pile), at) is None
    assert intents.read(_up(pile), at) == DrawCard()


def test_nobody_s_hand_shown_no_card_can_be_pressed():
    at = _where(viewer=-1)
    p = _centre(at, 2)
    assert intents.read(_ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)), at) is None
    assert intents.read(_down(p), at) is None
    assert intents.read(_up(p), at) is None


def test_hovering_a_card_is_told_once():
    at = _where()
    p = _centre(at, 4)
    motion = _ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
    assert intents.read(motion, at) == HoverCard(4)
    assert intents.read(motion, at) is None  # still the same card


def test_a_press_on_the_open_picker_picks_that_colour():
    at = _where()
    at.picker.open = True
    at.picker.layout(at.layout)
    colour, rect = at.picker.rects[1]
    assert intents.read(_down(rect.center), at) == PickColour(colour)
    assert at.pointer.press is None  # no gesture starts under the picker


def test_a_gui_button_is_pressed_by_its_key_with_the_click_sound():
    at = _where()
    bar = ButtonBar(pygame_gui.UIManager((1024, 640)))
    bar.set([("draw", "Draw", True), ("pass", "Pass", False)], at.layout.bar, 1.0)
    at = intents.Where(at.hand, at.layout, 0, at.pointer, at.picker, (None, bar))
    event = _ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=bar.buttons["pass"])
    assert intents.read(event, at) == Press("pass", clicked=True)
    stranger = _ev(pygame_gui.UI_BUTTON_PRESSED, ui_element=object())
    assert intents.read(stranger, at) is None
