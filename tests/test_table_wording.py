"""game.table.wording: the table's sentences, made from message keys."""

from __future__ import annotations

import pytest

from game import i18n
from game.ai.base import Choice, Reason
from game.rules.actions import Draw, Play
from game.rules.cards import Colour
from game.rules.settings import OFFICIAL
from game.table import wording
from game.table.controls import ControlState, controls
from tests.rigging import Faces, rig


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _bluff_game(rule: str, hand: str, top: str = "R5"):
    c = Faces()
    g = rig(OFFICIAL.with_(wd4_rule=rule), hands=[c.ids(hand), c.ids("Y1 Y2"), c.ids("B1 B2")],
            top=c(top))
    return g.view(0), g.hands[0][0]


def test_T2_a_wild_draw_four_held_with_the_colour_is_named_a_bluff():
    view, wd4 = _bluff_game("no_matching_colour", "W4 R8 G9")
    toast = wording.bluff_warning(view, wd4)
    assert toast is not None
    assert toast.text == "You still hold Red: this Wild Draw Four can be challenged."


def test_T2_no_warning_without_the_colour_or_under_the_free_rule():
    view, wd4 = _bluff_game("no_matching_colour", "W4 G8 G9")
    assert wording.bluff_warning(view, wd4) is None
    view, wd4 = _bluff_game("free", "W4 R8 G9")
    assert wording.bluff_warning(view, wd4) is None


def test_T2_under_no_playable_card_a_matching_number_is_a_bluff_too():
    """The rule's own verdict (PlayerView.is_bluff), not a restatement: a Green
    5 on a Red 5 is a card the player could play."""
    view, wd4 = _bluff_game("no_playable_card", "W4 G5 B9")
    toast = wording.bluff_warning(view, wd4)
    assert toast is not None
    assert toast.text == i18n.t("tbl.wd4_bluff_playable")
    i18n.set_language("zh")
    assert wording.bluff_warning(view, wd4).text == "你手里还有能出的牌：这张王牌+4可能被质疑。"


def test_a_hint_reason_is_made_from_its_keys_in_the_current_language():
    choice = Choice(Draw(0), reasons=(Reason("hint.most_colour", Colour.RED), Reason("hint.only")))
    assert wording.hint_reason(choice) == "Red is the colour you hold most; the only thing you can do"


def test_an_outside_bots_own_words_are_shown_as_written_in_any_language():
    choice = Choice(Draw(0), "why not")
    assert wording.hint_reason(choice) == "why not"
    i18n.set_language("zh")
    assert wording.hint_reason(choice) == "why not"


def test_a_hint_names_the_cards_and_colour_or_the_buttons_words():
    c = Faces()
    r5, w = c("R5"), c("W")
    assert wording.hint(Choice(Play(0, (r5,))), "").text == "Hint: Red 5"
    coloured = wording.hint(Choice(Play(0, (w,), Colour.BLUE), reasons=(Reason("hint.only"),)), "")
    assert coloured.text == "Hint: Wild → Blue — the only thing you can do"
    row = controls([Draw(0)], ControlState())
    assert wording.hint(Choice(Draw(0)), wording.action_label(Draw(0), row)).text == "Hint: Draw"


def test_a_buttons_card_parameter_is_named_in_the_current_language():
    c = Faces()
    r5 = c("R5")
    row = controls([Play(0, (r5,))], ControlState(armed=r5))
    confirm = next(b for b in row if b.key == "confirm")
    english = wording.button_label(confirm)
    i18n.set_language("zh")
    assert wording.button_label(confirm) != english
    assert "红" in wording.button_label(confirm)
