"""The Hint button's words, pinned: for a sample of situations the toast reads
exactly as it did when the bots still wrote their own sentences (issue 36:
reasons are catalogue ids with parameters; only the table makes sentences)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402
from rigging import Faces, rig, run  # noqa: E402
from table_helpers import config, make_app, pump  # noqa: E402

from game import i18n  # noqa: E402
from game.ai.hard import HardAgent  # noqa: E402
from game.controller import MatchController  # noqa: E402
from game.rules.actions import Play  # noqa: E402
from game.rules.cards import Colour  # noqa: E402
from game.rules.engine import Game  # noqa: E402
from game.rules.settings import OFFICIAL  # noqa: E402
from game.rules.view import Phase  # noqa: E402
from game.session import Session  # noqa: E402


def _several_plays() -> Game:
    c = Faces()
    return rig(hands=[c.ids("R5 R9 W G7 R2"), c.ids("B1 B2 B3 B4"), c.ids("Y1 Y2 Y3 Y4")],
               top=c("R3"))


def _nothing_fits() -> Game:
    c = Faces()
    return rig(hands=[c.ids("B5 G9 Y2"), c.ids("B1 B2 B3 B4"), c.ids("Y1 Y4 Y3 Y6")],
               top=c("R3"), draw_pile=c.ids("G1 G2 G3"))


def _two_cards() -> Game:
    c = Faces()
    return rig(hands=[c.ids("R5 G9"), c.ids("B1 B2 B3 B4"), c.ids("Y1 Y2 Y3 Y4")], top=c("R3"))


def _wild_only() -> Game:
    c = Faces()
    return rig(hands=[c.ids("W B5 B6 G1"), c.ids("B1 B2 B3 B4"), c.ids("Y1 Y2 Y3 Y4")],
               top=c("R3"))


def _facing_wd4() -> Game:
    c = Faces()
    g = rig(hands=[c.ids("Y1 Y2 Y3"), c.ids("B1 B2 B3"), c.ids("W4 R8 G9")], top=c("R5"),
            draw_pile=c.ids("G1 G2 G3 G4 G5 G6 G7 G8"), to_act=2)
    run(g, Play(2, (g.hands[2][0],), Colour.BLUE))
    return g


def _colour_to_name() -> Game:
    c = Faces()
    return rig(hands=[c.ids("G5 G6 B1 W"), c.ids("B1 B2 B3 B4"), c.ids("Y1 Y2 Y3 Y4")],
               top=c("R3"), phase=Phase.CHOOSE_COLOUR)


def _drawn_fits() -> Game:
    c = Faces()
    hands = [c.ids("B5 G9 Y2 R7"), c.ids("B1 B2 B3 B4"), c.ids("Y1 Y4 Y3 Y6")]
    return rig(hands=hands, top=c("R3"), phase=Phase.KEEP_OR_PLAY, drawn=hands[0][3])


def _seven_swap() -> Game:
    c = Faces()
    return rig(OFFICIAL.with_(seven_zero=True), top=c("R7"), phase=Phase.CHOOSE_SWAP,
               hands=[c.ids("G5 G6 B1 W"), c.ids("B1 B2 B3 B4 B5"), c.ids("Y1 Y2")])


def _pair_sheds() -> Game:
    c = Faces()
    return rig(OFFICIAL.with_(multi_play=True), top=c("R3"),
               hands=[c.ids("B3 G3 R3 Y8"), c.ids("B1 B2 B3 B4 B5"), c.ids("Y1 Y2 Y3")])


def _toast(game: Game, lang: str, hard: bool = False) -> str:
    app = make_app((1024, 640), lang, "off")
    cfg = config(3, 1, 3)
    ctl = MatchController(cfg, game, persist=False)
    from game.table.scene import TableScene

    table = TableScene(app, Session(ctl, fresh=False))
    app.scenes.push(table)
    pump(app, 2, 0.05)
    if hard:
        agent = HardAgent(seed=5, iterations=60)
        legal = ctl.legal(table.viewer)
        table.ctl.hint_choice = lambda seat: agent.choose(ctl.view(seat), legal)  # type: ignore[method-assign]
    table.give_hint()
    assert table.cues.toast is not None
    return str(table.cues.toast[0])


SITUATIONS = {
    "several_plays": _several_plays,
    "nothing_fits": _nothing_fits,
    "two_cards": _two_cards,
    "wild_only": _wild_only,
    "facing_wd4": _facing_wd4,
    "colour_to_name": _colour_to_name,
    "drawn_fits": _drawn_fits,
    "seven_swap": _seven_swap,
    "pair_sheds": _pair_sheds,
}


EXPECTED = {
    "en": {
        "several_plays": "Hint: Red 9 — Red is the colour you hold most; keeps your Wild for later",
        "nothing_fits": "Hint: Draw — the only thing you can do",
        "two_cards": "Hint: UNO! — call UNO before playing your second-to-last card",
        "wild_only": "Hint: Draw — better to keep your cards and draw",
        "facing_wd4": "Hint: Accept — a challenge would probably fail",
        "colour_to_name": "Hint: Green — Green is the colour you hold most",
        "drawn_fits": "Hint: Red 7 — the card you drew fits: play it",
        "seven_swap": "Hint: Swap with Wang (2) — takes the smallest hand (2 cards)",
        # (said "sheds 0 cards" before the count travelled with its own reason)
        # (each colour once: a tie is said as one, #39)
        "pair_sheds": "Hint: Green 3, Blue 3, Red 3 — sheds 3 cards at once; "
                      "you hold as many Red cards as of any other colour",
        "hard": "Hint: Red 9 — Red is the colour you hold most; keeps your Wild for later; "
                "won most often in 60 simulated games",
    },
    "zh": {
        "several_plays": "提示：红 9 — 你手里红色最多；留着万能牌以后用",
        "nothing_fits": "提示：摸牌 — 只能这样做",
        "two_cards": "提示：UNO! — 出倒数第二张牌前先喊 UNO",
        "wild_only": "提示：摸牌 — 宁可摸牌也先留着手牌",
        "facing_wd4": "提示：接受 — 质疑多半会失败",
        "colour_to_name": "提示：绿 — 你手里绿色最多",
        "drawn_fits": "提示：红 7 — 摸到的牌能出，直接打出",
        "seven_swap": "提示：与 Wang 换牌（2张） — 换来最少的手牌（2 张）",
        "pair_sheds": "提示：绿 3, 蓝 3, 红 3 — 一次出掉 3 张牌；你手里红色牌和别的颜色一样多",
        "hard": "提示：红 9 — 你手里红色最多；留着万能牌以后用；在 60 局模拟中胜率最高",
    },
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", [*SITUATIONS, "hard"])
def test_hint_toast_reads_as_before(lang: str, name: str) -> None:
    try:
        if name == "hard":
            text = _toast(_several_plays(), lang, hard=True)
        else:
            text = _toast(SITUATIONS[name](), lang)
    finally:
        i18n.set_language("en")
    assert text == EXPECTED[lang][name]


def test_a_bots_own_words_pass_the_text_gate() -> None:
    """A bot from outside may explain itself in its own words (one language):
    shown cleaned (controls dropped, line breaks as spaces) and cut short."""
    from game.ai.base import Choice
    from game.rules.actions import Draw
    from game.ui.hint_text import OWN_WORDS_CHARS, reason_text

    said = reason_text(Choice(Draw(0), "keep\nthe\x00 wild" + "!" * 500), "zh")
    assert said == ("keep the wild" + "!" * 500)[:OWN_WORDS_CHARS]
    assert reason_text(Choice(Draw(0)), "en") == ""


def test_a_reason_id_the_catalogue_lacks_is_left_out() -> None:
    from game.ai.base import Choice, Reason
    from game.rules.actions import Draw
    from game.ui.hint_text import reason_text

    choice = Choice(Draw(0), reasons=(Reason("hint.nonsense"), Reason("hint.draw_none")))
    assert reason_text(choice, "en") == "nothing fits, so draw a card"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_hint_never_says_a_colour_is_held_most_when_it_is_not(lang: str) -> None:
    """#39 (seen in a real window): three reds and two blues in hand, only Blue 6 and
    Yellow 9 fit a Yellow 6; the hint played Blue 6 and said "Blue is the colour you
    hold most". It is the colour held most among the cards that fit."""
    c = Faces()
    game = rig(OFFICIAL, top=c("Y6"),
               hands=[c.ids("R2 R9 RS Y9 GS B6 B+2"), c.ids("G1 G2 G3 G4"), c.ids("Y1 Y2 Y3")])
    toast = _toast(game, lang)
    wrong = {"en": "— Blue is the colour you hold most", "zh": "— 你手里蓝色最多"}[lang]
    assert wrong not in toast
    right = {"en": "of the cards that fit, you hold the most Blue",
             "zh": "能出的牌里，你手里蓝色最多"}[lang]
    assert right in toast, toast
