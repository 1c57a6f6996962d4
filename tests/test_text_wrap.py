"""The shared wrap helper (game.ui.wrap): Chinese breaks between characters,
English at spaces; no line starts with closing punctuation; a rule ID stays
with the text after it."""

from __future__ import annotations

import re

import pytest

from game.i18n import tl
from game.resources import get_font
from game.ui.rules_text import RULES
from game.ui.wrap import CLOSING, wrap_text

RULE_ID = re.compile(r"^[DSTRH]\d$")
ENDS_WITH_ID = re.compile(r"(^|[^A-Za-z0-9])[DSTRH]\d$")


def _paragraphs(lang: str) -> list[str]:
    return [tl(lang, f"rule.text.{r.id}") for r in RULES]


@pytest.mark.parametrize("width", range(100, 420, 7))
def test_zh_rules_wrap_by_character_within_the_width(width: int) -> None:
    font = get_font(16)
    for text in _paragraphs("zh"):
        lines = wrap_text(text, font, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for line in lines:
            assert line, f"a blank row in {lines}"
            assert font.size(line)[0] <= width, (line, width)
            assert line[0] not in CLOSING, f"{line!r} starts with closing punctuation"
            assert not RULE_ID.match(line.strip()), f"a rule ID alone on a line: {lines}"
        for line in lines[:-1]:
            assert not ENDS_WITH_ID.search(line), f"{line!r}: the rule ID left its text"


def test_a_chinese_paragraph_breaks_between_characters_not_only_at_spaces() -> None:
    font = get_font(16)
    text = tl("zh", "rule.text.T5")
    assert " " not in text
    lines = wrap_text(text, font, 200)
    assert len(lines) > 2


def test_english_breaks_at_spaces_only() -> None:
    font = get_font(16)
    text = tl("en", "rule.text.T5")
    words = text.split()
    lines = wrap_text(text, font, 240)
    assert len(lines) > 2
    assert [w for line in lines for w in line.split()] == words
    assert all(font.size(line)[0] <= 240 for line in lines)


def test_the_first_line_leaves_room_for_what_stands_before_it() -> None:
    font = get_font(16)
    text = tl("zh", "rule.text.T6")
    lines = wrap_text(text, font, 300, first_offset=120)
    assert font.size(lines[0])[0] <= 180
    assert all(font.size(line)[0] <= 300 for line in lines[1:])


def test_a_rule_id_before_closing_punctuation_moves_down_with_its_character() -> None:
    font = get_font(16)
    text = "规则" * 6 + "（T2）结束"
    for width in range(70, 260, 3):
        lines = wrap_text(text, font, width)
        assert all(line[0] not in CLOSING for line in lines)
        assert all(not ENDS_WITH_ID.search(line) for line in lines[:-1]), lines


def test_newlines_start_new_lines_and_no_row_is_blank() -> None:
    font = get_font(16)
    lines = wrap_text("第一行\n\n第二行  ", font, 400)
    assert lines == ["第一行", "第二行"]
    assert wrap_text("", font, 400) == []


def test_an_unbreakable_word_wider_than_the_line_is_cut_by_character() -> None:
    font = get_font(16)
    lines = wrap_text("x" * 80, font, 100)
    assert len(lines) > 1
    assert all(font.size(line)[0] <= 100 for line in lines)


class _Mono:
    """Every character 10 px wide."""

    def size(self, text: str, /) -> tuple[int, int]:
        return (10 * len(text), 16)


@pytest.mark.parametrize("text", ["Révérsé stàrts thé pílé", "Ĉàfé ñàïvé dé Zürich",
                                  "Ölçek değişti şimdi"])
def test_words_with_accents_break_only_at_spaces(text: str) -> None:
    """Accented Latin letters are letters, not Chinese: "Révérsé" never splits
    (the pseudo-locale's log broke words mid-way)."""
    lines = wrap_text(text, _Mono(), 75)
    assert lines == text.split(" ")
