"""#39: following a hint. The hint banner outlived the move it hinted (five
seconds over the table after the card had landed); Enter following a hint to
play a Wild Draw Four named the hint's colour unseen, with no colour picker."""

from __future__ import annotations

import pygame
import pytest
from rigging import Faces, rig
from table_helpers import config, key, make_app, pump

from game import i18n
from game.ai.base import Choice
from game.controller import MatchController
from game.rules.actions import Draw, Play
from game.rules.cards import COLOURS, DECK, Colour
from game.rules.engine import Game
from game.session import Session
from game.table import moves
from game.table.scene import TableScene


def _table(game: Game, lang: str = "en") -> TableScene:
    app = make_app((1280, 800), lang, "off")
    table = TableScene(app, Session(MatchController(config(3, 1, 3), game, persist=False),
                                    fresh=False))
    app.scenes.push(table)
    pump(app, 2, 0.05)  # type: ignore[arg-type]
    table.hand.focus = table.hand.hovered = -1
    return table


def _plain() -> Game:
    c = Faces()
    return rig(hands=[c.ids("R5 B9 G7 Y2"), c.ids("B1 B2 B3 B4"), c.ids("Y1 Y2 Y3 Y4")],
               top=c("R3"))


def _only_wd4() -> Game:
    """Nothing but a Wild Draw Four fits (no bluff: no red in hand)."""
    c = Faces()
    return rig(hands=[c.ids("W4 B9 G7 Y2"), c.ids("B1 B2 B3 B4"), c.ids("Y1 Y2 Y3 Y4")],
               top=c("R3"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_followed_hint_leaves_the_table(lang: str) -> None:
    table = _table(_plain(), lang)
    table.give_hint()
    assert table.cues.toast is not None and table.cues.toast[0].startswith(i18n.t("tbl.hint_prefix"))
    pump(table.app, 1, events=key(pygame.K_RETURN))  # type: ignore[arg-type]
    assert len(table.ctl.game.actions) == 1  # the hinted card was played
    assert table.cues.toast is None


def test_a_hint_goes_too_when_the_player_does_something_else() -> None:
    table = _table(_plain())
    table.give_hint()
    hinted = table.ctl.hint_choice(table.viewer)
    assert hinted is not None and isinstance(hinted.action, Play)
    assert table.act(next(a for a in table.ctl.legal(0) if isinstance(a, Draw)))
    assert table.cues.toast is None


def test_a_refusal_or_warning_stays_after_acting() -> None:
    """Only the hint is done with once the player acts: other words keep their time."""
    table = _table(_plain())
    table.cues.show("A note that is not a hint")
    table.act(next(a for a in table.ctl.legal(0) if isinstance(a, Play)))
    assert table.cues.toast is not None and table.cues.toast[0] == "A note that is not a hint"


@pytest.mark.parametrize("colour", [Colour.BLUE, Colour.YELLOW])
def test_enter_on_a_hinted_wild_opens_the_picker_on_the_hinted_colour(
        monkeypatch: pytest.MonkeyPatch, colour: Colour) -> None:
    table = _table(_only_wd4())
    wd4 = next(c.id for c in table.hand.cards if DECK[c.id].is_wild)
    hint = Play(0, (wd4,), colour)
    monkeypatch.setattr(table.ctl, "hint_choice", lambda seat: Choice(hint))
    pump(table.app, 1, events=key(pygame.K_RETURN))  # type: ignore[arg-type]
    assert table.ctl.game.actions == []  # nothing played unseen
    assert table.controls.picker.open and table.controls.picker_cards == (wd4,)
    assert COLOURS[table.controls.picker.focus] is colour  # the hinted colour comes first
    pump(table.app, 1, events=key(pygame.K_RETURN))  # type: ignore[arg-type]
    assert table.ctl.game.actions[0] == hint and not table.controls.picker.open


def test_h_then_enter_on_a_hinted_wild_opens_the_picker(monkeypatch: pytest.MonkeyPatch) -> None:
    """H raises the hinted card; Enter then clicks it: the picker, never an unseen colour."""
    table = _table(_only_wd4())
    wd4 = next(c.id for c in table.hand.cards if DECK[c.id].is_wild)
    monkeypatch.setattr(table.ctl, "hint_choice", lambda seat: Choice(Play(0, (wd4,), Colour.BLUE)))
    pump(table.app, 1, events=key(pygame.K_h))  # type: ignore[arg-type]
    assert table.cues.toast is not None and table.hand.highlighted() == table.hand.index_of(wd4)
    pump(table.app, 1, events=key(pygame.K_RETURN))  # type: ignore[arg-type]
    assert table.controls.picker.open and table.ctl.game.actions == []


def test_escape_in_the_picker_the_hint_opened_plays_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table(_only_wd4())
    wd4 = next(c.id for c in table.hand.cards if DECK[c.id].is_wild)
    monkeypatch.setattr(table.ctl, "hint_choice", lambda seat: Choice(Play(0, (wd4,), Colour.GREEN)))
    pump(table.app, 1, events=key(pygame.K_RETURN))  # type: ignore[arg-type]
    assert table.controls.picker.open
    pump(table.app, 1, events=key(pygame.K_ESCAPE))  # type: ignore[arg-type]
    assert not table.controls.picker.open and table.ctl.game.actions == []


def test_hinted_moves() -> None:
    """moves.hinted: as a click on the hinted card would."""
    c = Faces()
    wild, red = c("W4"), c("R5")
    assert moves.hinted(Play(0, (wild,), Colour.RED)) == moves.Pick((wild,), True, Colour.RED)
    assert moves.hinted(Play(0, (red,))) == moves.Send(Play(0, (red,)))
    assert moves.hinted(Play(0, (red,)), confirm=True) == moves.Arm(red)
    assert moves.hinted(Play(0, (red,)), confirm=True, armed=red) == moves.Send(Play(0, (red,)))
