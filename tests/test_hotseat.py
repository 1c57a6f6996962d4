"""Hot-seat: a curtain before every human turn; no human's cards ever shown to another."""

from __future__ import annotations

import pygame
from table_helpers import click, config, key, make_app, pump

from game.rules.events import redact
from game.scenes.curtain import CurtainScene
from game.table.scene import TableScene
from game.ui import card_art, event_text


def start(n=4, humans=2, seed=3, speed="off"):
    app = make_app((1024, 640), "en", speed)
    app.start_match(config(n, humans, seed))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    return app, table


def until_curtain(app, limit=3000):
    for _ in range(limit):
        pump(app, 1, 0.05)
        if isinstance(app.scenes.top, CurtainScene):
            return app.scenes.top
    raise AssertionError("no curtain")


def test_nobody_views_before_the_first_curtain():
    app, table = start()
    assert table.viewer == -1  # the deal is shown face down to everyone
    curtain = until_curtain(app)
    seat = table.ctl.game.to_act
    assert table.config.seats[seat].kind == "human"
    assert table.ctl.names[seat] in curtain_text(curtain)


def curtain_text(curtain):
    from game import i18n
    return i18n.t("curtain.pass_to", name=curtain.name)


def test_curtain_is_opaque_and_draws_no_card_faces(monkeypatch):
    app, table = start()
    until_curtain(app)
    faces: list[object] = []
    real = card_art.card_face
    monkeypatch.setattr(card_art, "card_face", lambda *a, **k: faces.append(a) or real(*a, **k))
    pump(app, 3, 0.1)
    assert app.scenes.visible() == [app.scenes.top]  # the table is not drawn at all
    assert faces == []
    # The screen is the same whoever's cards are in the hands: no hand is on it.
    shot = pygame.image.tobytes(app.screen, "RGB")
    pump(app, 1, 0.1)
    assert pygame.image.tobytes(app.screen, "RGB") == shot


def test_after_the_curtain_only_the_viewers_cards_are_face_up():
    app, table = start()
    curtain = until_curtain(app)
    seat = table.ctl.game.to_act
    pump(app, 1, 0.3)
    pump(app, 2, events=click(curtain.confirm_button.rect.center))  # the press arrives next frame
    assert app.scenes.top is table and table.viewer == seat
    assert [c.id for c in table.hand.cards] == [c.id for c in table.ctl.view(seat).hand] or True
    pump(app, 1)
    assert [c.id for c in table.hand.cards] == [c.id for c in table.ctl.view(seat).hand]
    other = next(s for s in table.config.humans if s != seat)
    # The log is told for the viewer: the other human's draws are counts only.
    lang = "en"
    expected: list[str] = []
    for batch in table.journal.history:
        expected += event_text.describe_events([redact(e, seat) for e in batch], table.ctl.names, lang)
    assert table.journal.panel.lines == expected
    for batch in table.journal.history:
        for e in batch:
            if e.kind in ("draw", "deal") and e.seat == other and e.cards:
                names = event_text.cards_name(e.cards, lang)
                assert not any(names in line for line in table.journal.panel.lines)
    del curtain


def test_flights_of_other_humans_cards_are_face_down():
    app, table = start(speed="slow")
    until_curtain(app)
    seat = table.ctl.game.to_act
    pump(app, 1, 0.3)
    pump(app, 1, events=key(pygame.K_SPACE))
    assert table.viewer == seat
    # Everything in the air is face up only if it is a public play or the viewer's own draw.
    for _ in range(600):
        pump(app, 1, 1 / 30)
        for flight, _pos in table.anim.sprites():
            if flight.face_up and flight.card >= 0:
                assert (flight.card in [c.id for c in table.ctl.view(seat).hand]
                        or flight.card in table.ctl.view(seat).discard
                        or any(flight.card in e.cards and e.kind in ("play", "start_card",
                                                                     "start_card_return")
                               for b in table.journal.history for e in b)
                        or any(flight.card in e.cards and e.seat == seat
                               for b in table.journal.history for e in b))
        if isinstance(app.scenes.top, CurtainScene):
            break


def test_one_human_never_sees_a_curtain():
    app = make_app()
    app.start_match(config(4, 1, 5))
    for _ in range(400):
        pump(app, 1, 0.05)
        assert not isinstance(app.scenes.top, CurtainScene)
