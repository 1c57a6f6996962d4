"""The table's animation director: handles every EventKind, with explicit collaborators."""

from __future__ import annotations

import ast
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.cards import DECK, Colour, Kind  # noqa: E402
from game.rules.events import Event, EventKind  # noqa: E402
from game.table.animations import Animator  # noqa: E402
from game.table.director import Director, Stage  # noqa: E402
from game.table.layout import TableLayout, compute_layout  # noqa: E402
from game.table.model import TableModel  # noqa: E402

WILD = next(c.id for c in DECK if c.kind is Kind.WILD)
RED_5 = next(c.id for c in DECK if c.colour is Colour.RED and c.kind is Kind.NUMBER)


def _cased_kinds() -> set[str]:
    """The EventKind members named in the cases of ``Director.step``."""
    tree = ast.parse(Path("game/table/director.py").read_text(encoding="utf-8"))
    step = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "step")
    return {n.attr for m in ast.walk(step) if isinstance(m, ast.match_case)
            for n in ast.walk(m.pattern)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
            and n.value.id == "EventKind"}


def test_the_director_names_every_event_kind_in_its_match() -> None:
    assert _cased_kinds() == {k.name for k in EventKind}


class _Table:
    """The director's collaborators, with nothing of a scene."""

    def __init__(self) -> None:
        self.anim = Animator("normal")
        self.sounds: list[str] = []
        self.layout: TableLayout = compute_layout((1024, 640), 4, 0)
        self.model = TableModel(0, 4)
        self.model.sizes = [7, 7, 7, 7]
        self.director = Director(Stage(
            anim=self.anim, sound=self.sounds.append, layout=lambda: self.layout,
            model=lambda: self.model, viewer=lambda: 0, card_rect=lambda lay, card: None))


def _event(kind: EventKind) -> Event:
    cards = {EventKind.PLAY: (WILD,), EventKind.DRAW: (RED_5,), EventKind.DEAL: (RED_5,),
             EventKind.START_CARD: (RED_5,), EventKind.START_CARD_RETURN: (RED_5,),
             EventKind.JUMP_IN: (RED_5,), EventKind.WRONG_PLAY: (RED_5,),
             EventKind.DEALER_DRAW: (RED_5,)}.get(kind, ())
    return Event(kind, seat=0, target=1, cards=cards, colour=Colour.RED, value=1)


@pytest.mark.parametrize("kind", list(EventKind), ids=lambda k: k.value)
def test_every_event_kind_becomes_one_step_that_runs(kind: EventKind) -> None:
    pygame.init()
    table = _Table()
    table.director.queue([_event(kind)])
    assert len(table.anim.queue) == 1
    for _ in range(200):  # the step starts, moves the model, lands
        table.anim.update(0.05)
    assert not table.anim.busy()


@pytest.mark.parametrize("kind,sound", [(EventKind.PLAY, "play"), (EventKind.DRAW, "draw"),
                                        (EventKind.DEAL, "shuffle"), (EventKind.UNO, "uno"),
                                        (EventKind.CAUGHT, "uno"),
                                        (EventKind.RESHUFFLE, "shuffle")])
def test_the_sound_sink_hears_the_step(kind: EventKind, sound: str) -> None:
    table = _Table()
    table.director.queue([_event(kind)])
    table.anim.update(0.01)
    assert table.sounds == [sound]


def test_a_play_moves_the_model_as_the_card_lands() -> None:
    table = _Table()
    table.director.queue([_event(EventKind.PLAY)])
    table.anim.update(0.01)  # the card has left the hand, not yet on the pile
    assert table.model.sizes[0] == 6 and WILD not in table.model.discard
    while table.anim.busy():
        table.anim.update(0.05)
    assert table.model.discard[-1] == WILD and table.model.colour is Colour.RED
    assert [e.kind for e in table.anim.effects] == ["colour"]


def test_consecutive_deals_share_one_step() -> None:
    table = _Table()
    table.director.queue([Event(EventKind.DEAL, seat=s, hidden=7) for s in range(4)])
    assert len(table.anim.queue) == 1
    assert len(table.anim.queue[0].flights) == 28
