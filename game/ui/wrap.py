"""Line breaking for text the game draws itself (and for pygame_gui text boxes,
which only break at spaces)."""

from __future__ import annotations

import html
import re
from typing import Protocol


class Measures(Protocol):
    def size(self, text: str, /) -> tuple[int, int]: ...


# No line starts with these (they stay with the character before them) ...
CLOSING = frozenset("，。；：、！？）》」』”’,.;:!?)]…")
# ... and none ends with these (they stay with the character after them).
OPENING = frozenset("（《「『“‘([")
# Scripts that break between any two characters (Chinese, Japanese kana, full-width forms).
_CJK = "\u2e80-\u2fff\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
# A word: letters of any other script (accents included), digits and the marks inside
# words and numbers ("." too: "1.5", "e.g."); it breaks only at the spaces after it.
_NOT_IN_WORDS = re.escape("".join(sorted((CLOSING - {"."}) | OPENING)))
_TOKENS = re.compile(rf"[^\s{_CJK}{_NOT_IN_WORDS}]+\s*|\s+|.")
_RULE_ID = re.compile(r"[DSTRH]\d\s*")


def _units(text: str) -> list[str]:
    """``text`` cut where a line may break: between CJK characters and after
    spaces, never before closing or after opening punctuation, never between a
    rule ID (``T5``) and what follows it."""
    units: list[str] = []
    glue_next = False
    for tok in _TOKENS.findall(text):
        if tok.isspace():
            if units:
                units[-1] += tok
            continue
        if units and (glue_next or tok[0] in CLOSING):
            units[-1] += tok
        else:
            units.append(tok)
        glue_next = bool(_RULE_ID.fullmatch(tok)) or tok in OPENING
    return units


def _fits(font: Measures, text: str, avail: int) -> bool:
    return font.size(text.rstrip())[0] <= avail


def wrap_text(text: str, font: Measures, width: int, first_offset: int = 0) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels, the first one
    ``first_offset`` pixels narrower (something stands before it).

    Chinese breaks between characters, other text at spaces (see
    :func:`_units`); a word wider than a whole line is cut between
    characters. A newline starts a new line; no line is blank, and an empty
    ``text`` gives no lines. Used by every screen that draws paragraphs,
    and by :func:`wrap_html` for pygame_gui text boxes.
    """
    lines: list[str] = []
    avail = width - first_offset
    for paragraph in text.split("\n"):
        line = ""
        for unit in _units(paragraph):
            if _fits(font, line + unit, avail):
                line += unit
                continue
            if line:
                lines.append(line.rstrip())
                line, avail = "", width
            unit = unit.lstrip()
            if _fits(font, unit, avail):
                line = unit
                continue
            for ch in unit:  # wider than a line: cut anywhere
                if line and not _fits(font, line + ch, avail):
                    lines.append(line.rstrip())
                    line, avail = "", width
                line += ch.lstrip() if not line else ch
        if line.strip():
            lines.append(line.rstrip())
            avail = width
    return lines


def needs_wrapping(text: str) -> bool:
    """True when ``text`` has CJK characters (pygame_gui cannot break those lines)."""
    return any("\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


def wrap_html(text: str, font: Measures, width: int, first_offset: int = 0) -> str:
    """``text`` escaped for a text box, with <br> where a CJK line must break."""
    if not needs_wrapping(text):
        return html.escape(text)
    return "<br>".join(html.escape(line) for line in wrap_text(text, font, width, first_offset))
