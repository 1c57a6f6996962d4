"""The table's line breaking: English at spaces, Chinese by character (issue 14)."""

from __future__ import annotations

import pytest

from game.ui.text_wrap import wrap


def measure(s: str) -> int:
    """Wide (CJK) characters count 2, others 1."""
    return sum(2 if ord(ch) > 0x2e80 else 1 for ch in s)


def test_english_breaks_at_spaces() -> None:
    assert wrap("Bot 2 plays Wild Draw Four", measure, 12) == ["Bot 2 plays", "Wild Draw", "Four"]


def test_chinese_breaks_between_characters_and_fills_each_row() -> None:
    text = "机器人打出王牌加四指定蓝色下家面临罚牌"
    rows = wrap(text, measure, 10)
    assert "".join(rows) == text
    assert all(measure(r) <= 10 for r in rows)
    assert all(measure(r) == 10 for r in rows[:-1])  # no short row before a long one


def test_a_latin_name_before_chinese_does_not_stand_alone() -> None:
    rows = wrap("Zhang 打出万能牌指定蓝色Wang面临罚牌", measure, 16)
    assert rows[0].startswith("Zhang 打出")
    assert all(measure(r) <= 16 for r in rows)


def test_no_row_starts_with_a_closing_mark() -> None:
    for width in range(4, 20):
        for row in wrap("第 1 局开始：Zhang 发牌，老王出牌。好！", measure, width):
            assert row[0] not in "，。：！", (width, row)


@pytest.mark.parametrize("text", ["", "   "])
def test_nothing_gives_no_rows(text: str) -> None:
    assert wrap(text, measure, 10) == []


def test_a_word_too_long_is_cut_between_letters() -> None:
    rows = wrap("Supercalifragilistic yes", measure, 8)
    assert rows == ["Supercal", "ifragili", "stic yes"]
