"""Issue 14, T6 at the table: UNO! is offered when calling makes sense, a call
dropped by a draw is explained, the player's own call shows above everything,
and a newcomer is told once about being caught."""

from __future__ import annotations

from types import SimpleNamespace

from rigging import Faces, rig
from table_helpers import config, make_app, pump

from game import i18n
from game.rules.actions import CallUno, Catch, Draw, Play
from game.rules.events import Event, EventKind
from game.table import widgets as tw
from game.table.controls import ControlState, controls
from game.table.renderer import bubble_rect
from game.table.scene import TableScene
from game.ui import draw_kit as kit


def _keys(legal, hand_size):  # noqa: ANN001, ANN202
    return [c.key for c in controls(legal, ControlState(hand_size=hand_size))]


def test_T6_uno_is_not_offered_when_it_would_be_a_false_call() -> None:
    legal = [CallUno(seat=0), Play(seat=0, cards=(3,)), Draw(seat=0)]
    assert "uno" not in _keys(legal, 3)


def test_T6_uno_is_offered_with_two_cards_and_a_card_to_play() -> None:
    legal = [CallUno(seat=0), Play(seat=0, cards=(3,)), Draw(seat=0)]
    assert "uno" in _keys(legal, 2)


def test_T6_uno_is_not_offered_with_two_cards_and_nothing_to_play() -> None:
    assert "uno" not in _keys([CallUno(seat=0), Draw(seat=0)], 2)


def test_T6_uno_is_offered_when_exposed_after_the_play() -> None:
    assert "uno" in _keys([CallUno(seat=0)], 1)


def _table(game, settings=None):  # noqa: ANN001, ANN202
    app = make_app((1280, 800), "en", "off")
    app.settings.tip_uno_seen = False
    app.saved = 0

    def save_settings() -> bool:
        app.saved += 1
        return True

    app.save_settings = save_settings
    cfg = config(3, 1, 3)
    app.start_match(cfg, SimpleNamespace(game=game, meta=None))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    pump(app, 3)
    return app, table


def test_T6_a_call_dropped_by_a_draw_is_explained() -> None:
    c = Faces()
    game = rig(hands=[c.ids("R5 G7"), c.ids("G1 B1 Y2"), c.ids("B3 G4 Y9")], top=c("R3"),
               to_act=0)
    app, table = _table(game)
    assert table.act(CallUno(seat=0))
    pump(app, 3)
    draw = next(a for a in table.ctl.legal(0) if isinstance(a, Draw))
    assert table.act(draw)
    assert table.cues.toast is not None and table.cues.toast[0] == i18n.t("tbl.uno_dropped")


def test_T6_a_newcomer_is_told_once_that_they_can_be_caught() -> None:
    c = Faces()
    mine = c.ids("R5 G7")
    game = rig(hands=[mine, c.ids("G1 B1 Y2"), c.ids("B3 G4 Y9")], top=c("R3"), to_act=0)
    app, table = _table(game)
    play = next(a for a in table.ctl.legal(0) if isinstance(a, Play) and a.cards == (mine[0],))
    assert table.act(play)
    pump(app, 2)  # down to one card, no call: the catch window is open
    assert table.cues.toast is not None and table.cues.toast[0] == i18n.t("tbl.tip_uno")
    assert app.settings.tip_uno_seen is True and app.saved == 1
    table.cues.toast = None
    pump(app, 3)  # still exposed: not told twice
    assert table.cues.toast is None or table.cues.toast[0] != i18n.t("tbl.tip_uno")


def test_T6_your_own_uno_shows_clear_of_the_buttons_and_the_prompt() -> None:
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        for n in (2, 4, 10):
            app = make_app(size, "en", "normal")
            app.start_match(config(n, 1, 3))
            table = app.scenes.top
            lay = table.layout
            table.director.queue([Event(EventKind.UNO, seat=table.viewer)])
            table.anim.finish_all()
            bubble = next(e for e in table.anim.effects if e.kind == "bubble")
            img = tw.bubble(bubble.text, lay.font_px(22), bubble.colour, lay.px(2))
            prompt_h = kit.text("Your turn", lay.font_px(17), kit.GOLD, True).get_height()
            prompt = (lay.bar.left, lay.bar.top - lay.px(8) - prompt_h - lay.px(3), lay.bar.w,
                      prompt_h + lay.px(6))
            for p in (0.0, 1.0):
                r = bubble_rect(lay, bubble.pos, img.get_size(), p)
                assert not r.colliderect(lay.bar), (size, n, r, lay.bar)
                assert not r.colliderect(prompt), (size, n, r, prompt)
            table.exit()


def test_T6_the_uno_tip_goes_once_you_are_caught() -> None:
    """Issue 39 item 3: the tip stayed up through three bot turns after the catch."""
    c = Faces()
    mine = c.ids("R5 G7")
    game = rig(hands=[mine, c.ids("G1 B1 Y2"), c.ids("B3 G4 Y9")], top=c("R3"), to_act=0)
    app, table = _table(game)
    play = next(a for a in table.ctl.legal(0) if isinstance(a, Play) and a.cards == (mine[0],))
    assert table.act(play)
    pump(app, 2)
    assert table.cues.toast is not None and table.cues.toast[0] == i18n.t("tbl.tip_uno")
    catch = next(a for a in table.ctl.legal(1) if isinstance(a, Catch) and a.target == 0)
    table.ctl.apply(catch)
    pump(app, 1, dt=0.05)  # long before the tip's six seconds are up
    assert table.cues.toast is None or table.cues.toast[0] != i18n.t("tbl.tip_uno")


def test_T6_the_uno_tip_goes_once_you_call_uno() -> None:
    c = Faces()
    mine = c.ids("R5 G7")
    game = rig(hands=[mine, c.ids("G1 B1 Y2"), c.ids("B3 G4 Y9")], top=c("R3"), to_act=0)
    app, table = _table(game)
    play = next(a for a in table.ctl.legal(0) if isinstance(a, Play) and a.cards == (mine[0],))
    assert table.act(play)
    pump(app, 2)
    assert table.cues.toast is not None and table.cues.toast[0] == i18n.t("tbl.tip_uno")
    assert table.act(CallUno(seat=0))
    pump(app, 1, dt=0.05)
    assert table.cues.toast is None or table.cues.toast[0] != i18n.t("tbl.tip_uno")
