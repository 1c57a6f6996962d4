"""TableScene headless: real pygame_gui elements, synthetic mouse and keys."""

from __future__ import annotations

import random

import pygame
import pytest
from table_helpers import click, config, key, make_app, pump

from game import i18n
from game.rules.actions import Catch, Play, WrongPlay
from game.rules.cards import DECK
from game.rules.settings import OFFICIAL
from game.rules.view import Phase
from game.scenes.scoreboard import ScoreboardScene
from game.table.scene import TableScene
from game.ui.event_text import illegal_text


def start(n=4, humans=1, seed=1, speed="off", size=(1024, 640), lang="en", settings=OFFICIAL):
    app = make_app(size, lang, speed)
    app.start_match(config(n, humans, seed, settings))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    return app, table


def to_human_turn(app, table, limit=3000):
    for _ in range(limit):
        if table.can_act() and table.ctl.game.to_act == table.viewer:
            return
        pump(app, 1, 0.05)
    raise AssertionError("no human turn")


def visible_point(table, index):
    r = table.hand.rects(table.layout)[index]
    return (r.x + 6, r.y + r.h // 2)


def find_seed(pred, n=4, speed="off", settings=OFFICIAL, seeds=range(1, 60)):
    for seed in seeds:
        app, table = start(n, 1, seed, speed, settings=settings)
        to_human_turn(app, table)
        if pred(table):
            return app, table
    pytest.skip("no seed found")


def test_quick_play_reaches_first_human_turn_and_buttons():
    app, table = start()
    to_human_turn(app, table)
    assert table.hand.cards and table.hand.legal is not None
    assert "draw" in table.controls.bar.buttons
    pump(app, 10, 0.5)  # let bubbles fade: then nothing moves and the app may sleep
    assert table.ctl.game.to_act == 0
    assert not table.is_animating()
    names = [b.text for b in table.controls.corner.buttons.values()]
    assert {"Hint", "Log", "Menu"} <= set(names)


def _single_plain_play(table):
    for i, c in enumerate(table.hand.cards):
        if any(isinstance(a, Play) and a.cards == (c.id,) and a.colour is None
               for a in table.ctl.legal(table.viewer)):
            return i
    return -1


def test_click_a_legal_card_plays_it():
    app, table = find_seed(lambda t: _single_plain_play(t) >= 0)
    i = _single_plain_play(table)
    card = table.hand.cards[i]
    n_before = len(table.ctl.game.actions)
    pump(app, 1, events=click(visible_point(table, i)))
    acts = table.ctl.game.actions[n_before:]
    assert acts and acts[0] == Play(table.viewer, (card.id,))
    assert card.id not in [c.id for c in table.ctl.view(table.viewer).hand]


def _illegal_card(table):
    for i, c in enumerate(table.hand.cards):
        if table.ctl.why_not(table.viewer, c.id) is not None:
            return i
    return -1


def test_illegal_click_changes_nothing_and_quotes_the_rule():
    app, table = find_seed(lambda t: _illegal_card(t) >= 0)
    i = _illegal_card(table)
    before = table.ctl.game.to_dict()
    err = table.ctl.why_not(table.viewer, table.hand.cards[i].id)
    pump(app, 1, events=click(visible_point(table, i)))
    assert table.ctl.game.to_dict() == before
    assert table.cues.toast is not None and table.cues.toast[0] == illegal_text(err, "en")
    assert not table.cues.toast[0].startswith(err.rule)  # a sentence, not "T1: ..."
    assert "error" in app.audio.played
    # Hovering the card shows the same reason as a tooltip.
    table.hand.hovered = -1
    pump(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=visible_point(table, i),
                                            rel=(0, 0), buttons=(0, 0, 0))])
    assert table.hover_tip is not None and table.hover_tip[1] == illegal_text(err, "en")


def test_T8_wrong_play_penalty_costs_cards_and_the_turn():
    settings = OFFICIAL.with_(wrong_play_penalty=2)
    app, table = find_seed(lambda t: _illegal_card(t) >= 0, settings=settings)
    i = _illegal_card(table)
    g = table.ctl.game
    size = len(g.hands[0])
    pump(app, 1, events=click(visible_point(table, i)))
    assert any(e.kind == "wrong_play" for e in g.log)
    assert len(g.hands[0]) == size + 2 and g.to_act != 0
    assert table.cues.toast is not None and table.cues.toast[0] == i18n.t(
        "refusal.t1_no_match")


def _bluff_wd4(table):
    v = table.ctl.view(table.viewer)
    if v.pending_penalty or not any(c.colour is v.colour for c in v.hand):
        return -1
    for i, c in enumerate(table.hand.cards):
        if c.kind.value == "wild_draw_four":
            return i
    return -1


def test_T2_bluff_warning_before_a_wild_draw_four():
    app, table = find_seed(lambda t: _bluff_wd4(t) >= 0, seeds=range(1, 300))
    i = _bluff_wd4(table)
    pump(app, 1, events=click(visible_point(table, i)))
    assert table.controls.picker.open  # still allowed: T5 judges it
    assert table.cues.toast is not None and table.cues.toast[0].startswith("You still hold ")  # no rule ID


def _wild(table):
    for i, c in enumerate(table.hand.cards):
        if c.is_wild and any(isinstance(a, Play) and a.cards == (c.id,)
                             for a in table.ctl.legal(table.viewer)):
            return i
    return -1


def test_wild_opens_colour_picker_esc_cancels_then_pick_plays():
    app, table = find_seed(lambda t: _wild(t) >= 0, seeds=range(1, 200))
    i = _wild(table)
    cid = table.hand.cards[i].id
    before = table.ctl.game.to_dict()
    pump(app, 1, events=click(visible_point(table, i)))
    assert table.controls.picker.open and table.ctl.game.to_dict() == before
    assert table.controls.bar.buttons == {}
    pump(app, 1, events=key(pygame.K_ESCAPE))
    assert not table.controls.picker.open and table.ctl.game.to_dict() == before
    assert "draw" in table.controls.bar.buttons  # back to choosing a card, not stuck
    pump(app, 1, events=click(visible_point(table, table.hand.cards.index(DECK[cid]))))
    assert table.controls.picker.open
    table.controls.picker.layout(table.layout)
    colour, rect = table.controls.picker.rects[2]
    pump(app, 1, events=click(rect.center))
    assert not table.controls.picker.open
    played = [a for a in table.ctl.game.actions if isinstance(a, Play) and a.seat == table.viewer]
    assert played[-1] == Play(table.viewer, (cid,), colour)


def _drive(table, pred, seed=0, limit=4000):
    """Play every seat at random through the controller (nobody calls UNO)."""
    from game.rules.actions import CallUno

    rng = random.Random(seed)
    ctl = table.ctl
    for _ in range(limit):
        if pred(ctl):
            return True
        g = ctl.game
        if g.is_over or g.round_over:
            return False
        legal = [a for a in ctl.legal(g.to_act) if not isinstance(a, (WrongPlay, CallUno, Catch))]
        ctl.apply(rng.choice(legal))
    return False


def _settle(app, table):
    table.ctl.anim_speed = "normal"
    table.ctl._next_ai = 1e9  # hold the bots
    pump(app, 2)


def test_uno_button_and_key_call_uno():
    for seed in range(1, 40):
        app, table = start(3, 1, seed)
        to_human_turn(app, table)
        ok = _drive(table, lambda c: c.game.to_act == 0 and len(c.game.hands[0]) == 2
                    and any(a.kind == "call_uno" for a in c.legal(0))
                    and any(isinstance(a, Play) for a in c.legal(0)), seed)  # T6: worth calling
        if ok:
            break
    else:
        pytest.skip("no seed")
    _settle(app, table)
    assert "uno" in table.controls.bar.buttons
    pump(app, 1, events=key(pygame.K_u))
    assert table.ctl.game.actions[-1].kind == "call_uno"
    assert any(e.kind == "uno" for batch in table.journal.history for e in batch)


def test_catch_button_catches_a_bot_that_forgot():
    for seed in range(1, 60):
        app, table = start(3, 1, seed)
        to_human_turn(app, table)
        if _drive(table, lambda c: c.view(-1).uno_exposed in (1, 2), seed):
            break
    else:
        pytest.skip("no seed")
    _settle(app, table)
    target = table.ctl.view(-1).uno_exposed
    assert f"catch{target}" in table.controls.bar.buttons
    pump(app, 1, events=key(pygame.K_c))
    assert table.ctl.game.actions[-1] == Catch(0, target)


def test_challenge_button():
    for seed in range(1, 80):
        app, table = start(3, 1, seed)
        to_human_turn(app, table)
        if _drive(table, lambda c: c.game.phase is Phase.CHALLENGE and c.game.to_act == 0, seed):
            break
    else:
        pytest.skip("no seed")
    _settle(app, table)
    assert "challenge" in table.controls.bar.buttons and "accept" in table.controls.bar.buttons
    btn = table.controls.bar.buttons["challenge"]
    pump(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=btn.rect.center, button=1),
                         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=btn.rect.center, button=1)])
    pump(app, 1)
    assert table.ctl.game.actions[-1].kind == "challenge"


def test_keyboard_focus_and_enter_and_draw():
    app, table = start(seed=4)
    to_human_turn(app, table)
    pump(app, 1, events=key(pygame.K_RIGHT))
    assert table.hand.focus == 0
    pump(app, 1, events=key(pygame.K_RIGHT))
    assert table.hand.focus == 1
    n = len(table.ctl.game.actions)
    pump(app, 1, events=key(pygame.K_d))
    assert table.ctl.game.actions[n].kind == "draw"


def test_input_during_animation_is_ignored_not_doubled():
    app, table = start(seed=2, speed="slow")
    for _ in range(4000):
        pump(app, 1, 0.05)
        if table.can_act() and table.ctl.game.to_act == 0:
            break
    n = len(table.ctl.game.actions)
    pump(app, 1, events=key(pygame.K_d))
    assert len(table.ctl.game.actions) == n + 1
    assert table.busy()
    pump(app, 1, events=key(pygame.K_d))  # during the draw animation
    assert len(table.ctl.game.actions) == n + 1


def _autoplay(lang, speed="off", frames=60000):
    settings = OFFICIAL.with_(target_score=50)
    app, table = start(4, 0, 21, speed, lang=lang, settings=settings)
    assert table.viewer == -1
    rounds = 0
    for _ in range(frames):
        pump(app, 1, 0.05)
        top = app.scenes.top
        if isinstance(top, ScoreboardScene):
            if top.match is not None:
                return app, table, top, rounds
            rounds += 1
            pump(app, 1, events=key(pygame.K_RETURN))
    raise AssertionError("match did not finish")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_autoplay_match_to_the_scoreboard(lang):
    app, table, board, rounds = _autoplay(lang)
    assert table.ctl.game.is_over
    assert set(board.buttons) == {"again", "menu"}
    assert table.journal.panel.lines
    if lang == "zh":
        assert any("打出" in line for line in table.journal.panel.lines)
    else:
        assert any(" plays " in line for line in table.journal.panel.lines)
    pump(app, 1, events=key(pygame.K_RETURN))  # the podium asks first (#39) ...
    assert len(app.started) == 1
    pump(app, 1, events=key(pygame.K_RETURN))  # ... then plays again
    assert len(app.started) == 2 and app.started[1].seed != app.started[0].seed


def test_fast_animations_for_a_few_hundred_frames_then_idle():
    app, table = start(4, 1, 3, "fast")
    animated = False
    for _ in range(400):
        pump(app, 1, 1 / 60)
        animated |= table.anim.busy()
    assert animated
    to_human_turn(app, table)
    pump(app, 2)
    if table.ctl.game.to_act == table.viewer and not table.ctl.ai_waiting():
        table.cues.toast = None
        assert not table.is_animating()


def test_resize_and_settings_relayout():
    app, table = start(10, 1, 5)
    to_human_turn(app, table)
    for size in [(1920, 1080), (1024, 640), (3840, 2160)]:
        app.size = size
        app.screen = pygame.display.set_mode(size)
        app.ui.set_window_resolution(size)
        table.on_resize(size)
        pump(app, 1)
        lay = table.layout
        assert lay.hand.bottom <= size[1] and lay.table.right <= size[0]
        for spot in lay.seats.values():
            assert lay.table.contains(spot.plate)
        rects = table.hand.rects(lay)
        assert rects[0].left >= 0 and rects[-1].right <= lay.table.right
    app.settings.card_size = "large"
    app.settings.colourblind = True
    table.on_resize(app.size)
    pump(app, 1)


def _seven(table):
    for i, c in enumerate(table.hand.cards):
        if c.number == 7 and any(isinstance(a, Play) and a.cards == (c.id,)
                                 for a in table.ctl.legal(table.viewer)) \
                and len(table.hand.cards) > 1:
            return i
    return -1


def test_H7_seven_offers_swap_buttons_and_swaps_hands():
    app, table = find_seed(lambda t: _seven(t) >= 0, n=3,
                           settings=OFFICIAL.with_(seven_zero=True), seeds=range(1, 200))
    pump(app, 1, events=click(visible_point(table, _seven(table))))
    _settle(app, table)
    g = table.ctl.game
    assert g.phase is Phase.CHOOSE_SWAP and g.to_act == 0
    keys = [k for k in table.controls.bar.buttons if k.startswith("swap")]
    assert sorted(keys) == ["swap1", "swap2"]
    theirs = sorted(g.hands[2])
    btn = table.controls.bar.buttons["swap2"]
    pump(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=btn.rect.center, button=1),
                         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=btn.rect.center, button=1)])
    pump(app, 1)
    assert g.actions[-1].kind == "swap_hands" and sorted(g.hands[0]) == theirs
    pump(app, 30)
    assert any("swaps hands with" in line for line in table.journal.ticker), table.journal.ticker


def test_R1_next_round_events_are_taken_once():
    """The scoreboard's Next round: the new round's events reach the log and the
    animations once (they were also left in the controller's pending list)."""
    app, table = start(4, 0, 21, "off", settings=OFFICIAL.with_(target_score=500))
    assert _drive(table, lambda c: c.game.round_over, seed=3)
    pump(app, 3)
    if isinstance(app.scenes.top, ScoreboardScene):
        app.scenes.pop()
    before = len(table.journal.history)
    table.next_round()
    pump(app, 2)
    starts = [e for batch in table.journal.history[before:] for e in batch if e.kind == "round_start"]
    assert len(starts) == 1


def test_an_illegal_cards_reason_is_shown_once(monkeypatch):
    from game.ui import draw_kit as kit

    app, table = find_seed(lambda t: _illegal_card(t) >= 0)
    i = _illegal_card(table)
    err = table.ctl.why_not(table.viewer, table.hand.cards[i].id)
    point = visible_point(table, i)
    pump(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0),
                                            buttons=(0, 0, 0))])
    pump(app, 1, events=click(point))  # the toast, while the mouse still hovers the card
    drawn: list[str] = []
    for name in ("fit_text", "text_block"):  # one line, or wrapped (the toast)
        real = getattr(kit, name)
        monkeypatch.setattr(kit, name, lambda s, *a, real=real, **k: (drawn.append(s),
                                                                      real(s, *a, **k))[1])
    app.draw()
    assert drawn.count(illegal_text(err, "en")) == 1


def test_a_hint_names_the_move_once():
    from game.ui.event_text import card_name

    def hints_a_play(t):
        choice = t.ctl.hint_choice(t.viewer)
        return choice is not None and isinstance(choice.action, Play)

    app, table = find_seed(hints_a_play)
    choice = table.ctl.hint_choice(table.viewer)
    table.give_hint()
    text = table.cues.toast[0]
    name = card_name(choice.action.cards[0], "en")
    assert text.startswith(i18n.t("tbl.hint_prefix") + name)
    assert text.count(name) == 1, text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_hint_to_name_a_colour_says_the_colour_not_a_class_name(monkeypatch, lang):
    """S4: when the first card is a Wild the hint names a colour (it used to
    show the action's class name, "ChooseColour")."""
    from game.ai.base import Choice
    from game.rules.actions import ChooseColour
    from game.rules.cards import Colour
    from game.ui.event_text import colour_name

    app, table = start(lang=lang)
    to_human_turn(app, table)
    choice = Choice(ChooseColour(table.viewer, Colour.GREEN), "most green")
    monkeypatch.setattr(table.ctl, "hint_choice", lambda seat: choice)
    table.give_hint()
    text = table.cues.toast[0]
    assert "ChooseColour" not in text and "choose_colour" not in text
    assert text.startswith(i18n.t("tbl.hint_prefix") + colour_name(Colour.GREEN, lang)), text


def test_a_hint_off_the_button_bar_is_named_in_words(monkeypatch):
    """An action without a button on the bar now (the picker is open, say) is
    still named by its control's words, never by its class name."""
    from game.ai.base import Choice

    app, table = start(lang="zh")  # in English the class name and the label agree
    to_human_turn(app, table)
    draw = next(a for a in table.ctl.legal(table.viewer) if type(a).__name__ == "Draw")
    monkeypatch.setattr(table.ctl, "hint_choice", lambda seat: Choice(draw))
    table.controls.open_picker((), table.layout)  # the bar is emptied while the colour picker is up
    table.give_hint()
    text = table.cues.toast[0]
    assert "Draw" not in text, text
    assert text == i18n.t("tbl.hint_prefix") + i18n.t("tbl.draw"), text


def _new_wild(table, kind):
    for i, c in enumerate(table.hand.cards):
        if c.kind is kind and len(table.hand.cards) > 2 and any(
                isinstance(a, Play) and a.cards == (c.id,) for a in table.ctl.legal(table.viewer)):
            return i
    return -1


def test_T10_shuffle_hands_at_the_table_shows_the_new_hand_and_says_so():
    """D3 at the table: the sorted hand takes the new wilds (a KeyError stopped
    the game in a real window), the picker names the colour, the hand shown
    after the shuffle is the one the rules dealt, and the log tells it."""
    from game.rules.cards import Kind

    settings = OFFICIAL.with_(deck="official", custom_wild="draw_two")
    app, table = find_seed(lambda t: _new_wild(t, Kind.WILD_SHUFFLE_HANDS) >= 0,
                           settings=settings, seeds=range(1, 400))
    assert any(c.kind is Kind.WILD_SHUFFLE_HANDS for c in table.hand.cards)
    i = _new_wild(table, Kind.WILD_SHUFFLE_HANDS)
    _settle(app, table)
    pump(app, 1, events=click(visible_point(table, i)))
    assert table.controls.picker.open
    table.controls.picker.layout(table.layout)
    colour, rect = table.controls.picker.rects[1]
    pump(app, 1, events=click(rect.center))
    g = table.ctl.game
    assert any(e.kind == "shuffle_hands" for e in g.log)
    pump(app, 60)
    assert sorted(c.id for c in table.hand.cards) == sorted(g.hands[table.viewer])
    assert any("shuffles and deals them out again" in line for line in table.journal.ticker), \
        table.journal.ticker
