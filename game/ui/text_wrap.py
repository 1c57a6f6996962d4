"""Line breaking for the table's text: at spaces in English, between any two
characters in Chinese (never before a closing mark such as "，" or "）", never
after an opening one), and inside a word only when the word alone is too wide.

Pure: the caller passes the width measure (a font's ``size(s)[0]``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

# No row starts with these (they close what the previous character began) ...
_CLOSING = set("，。、；：！？）》」』】〉…·,.;:!?)]}%")
# ... and none ends with these.
_OPENING = set("（《「『【〈([{")
# A unit: a run of spaces, or a run of characters that are neither spaces nor wide.
_UNIT = re.compile(r"\s+|[^\s\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]+|.")


def _units(text: str) -> list[str]:
    """Pieces that stay together: words, single wide characters, spaces; a
    closing mark joins the piece before it and an opening mark the one after."""
    out: list[str] = []
    carry = ""
    for u in _UNIT.findall(text):
        if u in _CLOSING and out and not out[-1].isspace():
            out[-1] += u
        elif u in _OPENING:
            carry += u
        else:
            out.append(carry + u)
            carry = ""
    if carry:
        out.append(carry)
    return out


def _split_long(unit: str, measure: Callable[[str], int], max_w: int) -> list[str]:
    """A single piece wider than ``max_w``, cut between characters."""
    rows, row = [], ""
    for ch in unit:
        if row and measure(row + ch) > max_w:
            rows.append(row)
            row = ""
        row += ch
    return [*rows, row] if row else rows


def wrap(text: str, measure: Callable[[str], int], max_w: int) -> list[str]:
    """``text`` broken into rows no wider than ``max_w`` (a single character
    wider than that still gets a row of its own). No row is empty, none begins
    or ends with a space; an empty text is no rows."""
    rows: list[str] = []
    row = ""
    for unit in _units(text):
        if unit.isspace():
            row += unit if row else ""
            continue
        if measure(row + unit) <= max_w:
            row += unit
            continue
        if row.strip():
            rows.append(row.rstrip())
        pieces = [unit] if measure(unit) <= max_w else _split_long(unit, measure, max_w)
        rows += pieces[:-1]
        row = pieces[-1]
    if row.strip():
        rows.append(row.rstrip())
    return rows
