"""Issue 14, T5: a challenged Wild Draw Four shows the offender's revealed hand
to the challenger in a short pop-up (privately in hot-seat), not only in the log."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from table_helpers import config, make_app, pump  # noqa: E402

from game.rules.cards import DECK, Colour, Kind  # noqa: E402
from game.rules.events import Event, EventKind, redact  # noqa: E402
from game.table import hotseat  # noqa: E402
from game.table import renderer as table_renderer  # noqa: E402
from game.table.animations import Animator, Effect  # noqa: E402
from game.table.director import Director, Stage  # noqa: E402
from game.table.layout import compute_layout  # noqa: E402
from game.table.model import TableModel  # noqa: E402

HAND = tuple(c.id for c in DECK if c.colour is Colour.BLUE and c.kind is Kind.NUMBER)[:3]
NAMES = ["Ann", "Li", "Wang"]


def _reveals(viewer: int, challenger: int = 0, offender: int = 1) -> list[Effect]:
    pygame.init()
    anim = Animator("normal")
    lay = compute_layout((1280, 800), 3, viewer)
    model = TableModel(viewer, 3)
    model.sizes = [5, 3, 5]
    director = Director(Stage(anim=anim, sound=lambda s: None, layout=lambda: lay,
                              model=lambda: model, viewer=lambda: viewer,
                              card_rect=lambda lay, card: None, names=lambda: NAMES))
    ev = Event(EventKind.CHALLENGE, seat=challenger, target=offender, value=1, cards=HAND)
    director.queue([redact(ev, viewer)])
    for _ in range(60):
        anim.update(0.02)
    return [e for e in anim.effects if e.kind == "reveal"]


def test_T5_the_challenger_sees_the_revealed_hand_in_a_pop_up() -> None:
    (pop,) = _reveals(viewer=0)
    assert pop.cards == HAND and "Li" in pop.text


@pytest.mark.parametrize("viewer", [-1, 1, 2])
def test_T5_nobody_else_gets_the_pop_up(viewer: int) -> None:
    assert _reveals(viewer=viewer) == []


def test_T5_the_pop_up_leaves_with_its_viewer_in_hot_seat() -> None:
    app = make_app((1280, 800), "en", "normal")
    app.start_match(config(3, 2, 4))
    table = app.scenes.top
    hotseat.pass_screen(table, 0)
    table.anim.add_effect(Effect("reveal", (0, 0), 4.0, "Li", cards=HAND))
    hotseat.pass_screen(table, -1)  # the curtain falls: the next player must not see it
    assert not [e for e in table.anim.effects if e.kind == "reveal"]
    table.exit()


def test_T5_the_pop_up_is_drawn_with_the_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1280, 800), "en", "normal")
    app.start_match(config(3, 1, 4))
    table = app.scenes.top
    pump(app, 1)
    drawn: list[int] = []
    real = table_renderer.render_card

    def render(card: int, width: int, face_up: bool, cb: bool) -> pygame.Surface:
        drawn.append(card)
        return real(card, width, face_up, cb)

    monkeypatch.setattr(table_renderer, "render_card", render)
    table.anim.add_effect(Effect("reveal", (0, 0), 4.0, "Li", cards=HAND))
    table.draw(app.screen)
    assert set(HAND) <= set(drawn)
    table.exit()


@pytest.mark.parametrize("offender", [1, 2])
def test_T5_the_guilty_bubble_and_the_draw_bubble_do_not_overlap(offender: int) -> None:
    """Issue 35: "Guilty!" over the offender's plate, then its "+4" at the same place:
    the second stands clear of the first, at every moment of their lives."""
    from game.rules.events import DrawReason
    from game.table import widgets as tw
    from game.table.renderer import bubble_rect

    pygame.init()
    anim = Animator("normal")
    lay = compute_layout((1280, 800), 3, 0)
    model = TableModel(0, 3)
    model.sizes = [5, 3, 5]
    director = Director(Stage(anim=anim, sound=lambda s: None, layout=lambda: lay,
                              model=lambda: model, viewer=lambda: 0,
                              card_rect=lambda lay, card: None, names=lambda: NAMES))
    director.queue([Event(EventKind.CHALLENGE, seat=0, target=offender, value=1),
                    Event(EventKind.DRAW, seat=offender, hidden=4, reason=DrawReason.CHALLENGE)])
    seen = False
    for _ in range(200):
        anim.update(0.02)
        bubbles = [e for e in anim.effects if e.kind == "bubble" and e.progress < 1.0
                   and e.pos == director.plate_point(offender)]
        if len(bubbles) < 2:
            continue
        rects = [bubble_rect(lay, e.pos, tw.bubble(e.text, lay.font_px(22), e.colour, lay.px(2)).get_size(),
                             e.progress, e.row) for e in bubbles]
        assert not rects[0].colliderect(rects[1]), ([e.text for e in bubbles], rects)
        seen = True
    assert seen, "the two bubbles never stood together"
