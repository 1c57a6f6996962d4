"""The one text gate: every string that enters the game from outside passes here.

Outside means a file (save, slot label, replay, statistics, settings), a paste
or a key typed into a text box, a phone's message, and the command line.
Whatever passes can be written as UTF-8 JSON, read back unchanged and drawn
by the fonts without an error.

Two doors, one notion of "clean":

- :func:`clean` is for what a person typed or pasted: a tab, a newline or
  another line break becomes a space, other control characters and lone
  UTF-16 surrogates (``"\\ud800"`` in JSON) are dropped, the text is put in
  NFC form and cut to ``limit`` characters; a text of which nothing would
  show (:func:`is_blank`: zero-width marks alone) becomes ``""``. It never
  refuses text.
- :func:`check` is for what a file or a peer sent: the text itself when it
  is already clean and short enough, else :class:`TextRefused`, whose
  ``key`` (``text.<reason>``) the screens turn into words.

:func:`excerpt` gives a short, clean quote of any value for a message (an AI
level of 100,000 characters is quoted as its first few words, never whole).
Combining marks, emoji sequences (ZWJ), right-to-left marks and CJK pass
untouched: they are text, not debris.
"""

from __future__ import annotations

import unicodedata
from typing import Any

# Why a text was refused: ``text.<reason>`` in the catalogue.
REASONS = ("not_text", "empty", "too_long", "control", "surrogate")
# Line and paragraph separators break a one-line label like a newline does.
_BREAKS = {"\u2028", "\u2029", "\x85"}
EXCERPT_CHARS = 40
# Letters that draw as nothing (Hangul fillers): a name of them alone is blank.
_FILLERS = {"\u115f", "\u1160", "\u3164", "\uffa0"}


class TextRefused(ValueError):
    """A string from outside that the game will not take; ``key`` says why."""

    def __init__(self, what: str, reason: str, detail: str = "") -> None:
        assert reason in REASONS, reason
        self.what = what
        self.reason = reason
        self.key = f"text.{reason}"
        super().__init__(f"{what} {detail or _ENGLISH[reason]}")


_ENGLISH = {
    "not_text": "must be text",
    "empty": "is empty",
    "too_long": "is too long",
    "control": "holds control characters",
    "surrogate": "holds a lone UTF-16 surrogate",
}


def _bad(ch: str) -> str:
    """``""`` for a character a clean text may hold, else the reason it may not."""
    cat = unicodedata.category(ch)
    if cat == "Cs":
        return "surrogate"
    if cat == "Cc" or ch in _BREAKS:
        return "control"
    return ""


def is_blank(text: str) -> bool:
    """True when nothing of ``text`` shows: no letter, number, punctuation or symbol
    (spaces, zero-width and direction marks, lone combining marks...). The fonts
    refuse to draw such a text ("Text has zero width"), so it never names anything."""
    return not any(unicodedata.category(ch)[0] in "LNPS" and ch not in _FILLERS for ch in text)


def is_clean(text: str) -> bool:
    """True when ``text`` holds no control character, line break or lone surrogate."""
    return not any(_bad(ch) for ch in text)


def clean(value: Any, limit: int) -> str:
    """What a person typed or pasted, made safe: whitespace controls become spaces,
    other controls and surrogates go, NFC, at most ``limit`` characters."""
    if not isinstance(value, str):
        return ""
    out = []
    for ch in value:
        reason = _bad(ch)
        if not reason:
            out.append(ch)
        elif reason == "control" and (ch.isspace() or ch in _BREAKS):
            out.append(" ")
    text = unicodedata.normalize("NFC", "".join(out))[:limit]
    return "" if is_blank(text) and text.strip() else text


def check(value: Any, what: str, limit: int, *, empty: bool = False) -> str:
    """``value`` when it is clean text of at most ``limit`` characters (and not
    blank unless ``empty``); else :class:`TextRefused` naming ``what``."""
    if not isinstance(value, str):
        raise TextRefused(what, "not_text", f"must be text, not {type(value).__name__}")
    if len(value) > limit:
        raise TextRefused(what, "too_long", f"is longer than {limit} characters")
    for ch in value:
        reason = _bad(ch)
        if reason:
            raise TextRefused(what, reason)
    if is_blank(value) and not (empty and not value.strip()):
        raise TextRefused(what, "empty")  # only spaces may stand for "nothing" in a label
    return value


def excerpt(value: Any, limit: int = EXCERPT_CHARS) -> str:
    """A short, clean quote of any value for a message or a log line."""
    text = value if isinstance(value, str) else repr(value)
    short = clean(text, limit + 1)
    return short if len(short) <= limit and len(text) <= limit else short[:limit - 1] + "…"
