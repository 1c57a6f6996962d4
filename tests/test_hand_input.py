"""The hand as a player meets it (issue 14): play on release, drag to the pile,
sliding off cancels, "confirm each play", Enter follows the hint, the hand's
order and cards sliding into place. Real pygame events through the scene."""

from __future__ import annotations

import pygame
from table_helpers import key, pump
from test_table import _single_plain_play, find_seed, start, to_human_turn

from game.rules.actions import Draw, Play
from game.rules.cards import DECK
from game.table.hand_sort import sort_key


def down(pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=0)]


def up(pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, mod=0)]


def move(pos, rel=(0, 0)):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))]


def centre_of(table, index):
    return table.hand.rects(table.layout)[index].center


def drag(app, start_pos, end_pos, steps=6):
    pump(app, 1, events=down(start_pos))
    for k in range(1, steps + 1):
        x = start_pos[0] + (end_pos[0] - start_pos[0]) * k // steps
        y = start_pos[1] + (end_pos[1] - start_pos[1]) * k // steps
        pump(app, 1, events=move((x, y)))
    pump(app, 1, events=up(end_pos))


def _ready():
    """A human turn with a plain card to play: app, table, the card, its centre,
    and how many actions the match has seen."""
    app, table = find_seed(lambda t: _single_plain_play(t) >= 0)
    i = _single_plain_play(table)
    return app, table, table.hand.cards[i], centre_of(table, i), len(table.ctl.game.actions)


def _hand_ids(table):
    return [c.id for c in table.ctl.view(table.viewer).hand]


def test_a_card_plays_on_release_not_on_press():
    app, table, card, pos, n = _ready()
    pump(app, 1, events=down(pos))
    assert len(table.ctl.game.actions) == n and card.id in _hand_ids(table)
    pump(app, 1, events=up(pos))
    assert table.ctl.game.actions[n] == Play(table.viewer, (card.id,))


def test_sliding_off_the_card_cancels():
    app, table, card, pos, _ = _ready()
    before = table.ctl.game.to_dict()
    away = (pos[0], table.layout.bar.top - table.layout.card_h)  # up onto the felt
    drag(app, pos, away)
    pump(app, 3)
    assert table.ctl.game.to_dict() == before
    assert table.hand.dragging == -1 and table.pointer.press is None
    assert table.hand.highlighted() == -1  # Enter now follows the hint, not this card


def test_drag_a_card_onto_the_discard_pile_plays_it():
    app, table, card, pos, n = _ready()
    pump(app, 1, events=down(pos))
    pump(app, 1, events=move((pos[0] + 20, pos[1] - 40)))
    assert table.hand.dragging == card.id  # the card follows the pointer
    assert len(table.ctl.game.actions) == n
    drag(app, (pos[0] + 20, pos[1] - 40), table.layout.discard.center)
    assert table.ctl.game.actions[n] == Play(table.viewer, (card.id,))


def test_confirm_each_play_asks_once_more():
    app, table, card, pos, n = _ready()
    app.settings.confirm_play = True
    pump(app, 1, events=down(pos) + up(pos))
    assert len(table.ctl.game.actions) == n
    assert table.hand.armed == card.id and "confirm" in table.controls.bar.buttons
    assert card.id in _hand_ids(table)
    pump(app, 1, events=key(pygame.K_ESCAPE))  # Esc drops the pending play, no menu
    assert table.hand.armed == -1 and "confirm" not in table.controls.bar.buttons
    assert app.scenes.top is table
    pos = centre_of(table, table.hand.index_of(card.id))
    pump(app, 1, events=down(pos) + up(pos))
    assert table.hand.armed == card.id
    pump(app, 1, events=key(pygame.K_RETURN))
    assert table.ctl.game.actions[n] == Play(table.viewer, (card.id,))


def test_enter_with_nothing_highlighted_follows_the_hint():
    app, table = find_seed(lambda t: _single_plain_play(t) >= 0)
    table.hand.focus = table.hand.hovered = -1
    hinted = table.ctl.hint_choice(table.viewer).action
    n = len(table.ctl.game.actions)
    pump(app, 1, events=key(pygame.K_RETURN))
    assert table.ctl.game.actions[n] == hinted


def test_enter_follows_a_draw_hint():
    def must_draw(t):
        legal = t.ctl.legal(t.viewer)
        return not any(isinstance(a, Play) for a in legal) and any(
            isinstance(a, Draw) for a in legal)
    app, table = find_seed(must_draw, seeds=range(1, 120))
    table.hand.focus = table.hand.hovered = -1
    n = len(table.ctl.game.actions)
    pump(app, 1, events=key(pygame.K_RETURN))
    assert table.ctl.game.actions[n].kind == "draw"


def test_enter_plays_the_card_under_the_pointer():
    app, table, card, pos, n = _ready()
    pump(app, 1, events=move(pos))
    assert table.hand.hovered == table.hand.index_of(card.id)
    pump(app, 1, events=key(pygame.K_RETURN))
    assert table.ctl.game.actions[n] == Play(table.viewer, (card.id,))


def test_hand_is_sorted_by_colour_then_number_by_default():
    app, table = start(seed=1)  # the engine holds 51, 45, 106, 49, 71, 61, 25
    to_human_turn(app, table)
    pump(app, 1)
    shown = table.hand.cards
    assert [c.id for c in shown] != _hand_ids(table)
    assert [c.id for c in shown] == [c.id for c in sorted(shown, key=sort_key)]
    assert sorted(c.id for c in shown) == sorted(_hand_ids(table))
    app.settings.hand_order = "dealt"
    table.resume()
    pump(app, 1)
    assert [c.id for c in table.hand.cards] == _hand_ids(table)


def test_a_drawn_card_slides_into_its_place():
    app, table = start(seed=4, speed="normal")
    to_human_turn(app, table)
    pump(app, 30, 0.05)
    before = set(_hand_ids(table))
    pump(app, 1, events=key(pygame.K_d))
    new = None
    for _ in range(200):
        pump(app, 1, 0.016)
        ids = [c.id for c in table.hand.cards]
        fresh = [c for c in ids if c not in before]
        if fresh:
            new = fresh[0]
            break
    assert new is not None
    target = table.hand.rects(table.layout)[table.hand.index_of(new)]
    first = table.hand.card_rect(table.layout, new)
    assert first.topleft != target.topleft  # it starts where its flight ended
    path = [first.topleft]
    for _ in range(60):
        pump(app, 1, 0.016)
        path.append(table.hand.card_rect(table.layout, new).topleft)
    target = table.hand.rects(table.layout)[table.hand.index_of(new)]
    assert path[-1] == target.topleft
    assert len(set(path)) > 3  # it moved through places in between
    assert table.hand.index_of(new) == sorted(table.hand.cards, key=sort_key).index(DECK[new])


def test_the_draw_pile_draws_on_release_too():
    app, table = start(seed=4)
    to_human_turn(app, table)
    pile = table.layout.draw_pile.center
    n = len(table.ctl.game.actions)
    pump(app, 1, events=down(pile))
    assert len(table.ctl.game.actions) == n
    pump(app, 1, events=up(pile))
    assert table.ctl.game.actions[n].kind == "draw"


def test_cards_sliding_home_settle_under_the_pause_menu():
    """The hand's slide runs on while a menu covers the table: after a language
    switch or a resize under the pause menu (the cards' places move), the table
    stopped counting as animating only when the menu closed, so the game drew at
    full rate behind the menu and never settled."""
    app, table = start(seed=4, speed="normal")
    to_human_turn(app, table)
    pump(app, 30, 0.05)
    table.open_menu()
    pump(app, 2, 0.05)
    assert app.scenes.top is not table
    card = table.hand.cards[0].id
    table.hand.show_at({card: (0.0, 0.0)})  # as if its place had just moved
    assert table.hand.sliding()
    pump(app, 60, 0.05)
    assert not table.hand.sliding() and not table.is_animating()


def test_D3_every_card_of_the_112_card_deck_has_a_place_in_the_sorted_hand():
    """The sorted hand took only the classic kinds: a Wild Shuffle Hands stopped
    the game (KeyError) in a real window. The new wilds come last, in kind order."""
    order = sorted(DECK, key=sort_key)
    tail = [c.kind.value for c in order if c.colour is None]
    assert tail == ["wild"] * 4 + ["wild_draw_four"] * 4 + ["wild_shuffle_hands"] \
        + ["wild_customizable"] * 3
