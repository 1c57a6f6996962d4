"""The reason a hint gives, in words (the one place a bot's reasons become a sentence).

The built-in levels explain a choice with :class:`~game.ai.base.Reason`
records, catalogue ids with parameters, put into words here in the reader's
language; a bot from outside the game may give its own words instead
(``Choice.text``), shown through the text gate like any text from outside.
"""

from __future__ import annotations

from game.ai.base import Choice
from game.i18n import has_key, tl
from game.text_gate import clean
from game.ui.event_text import colour_name

OWN_WORDS_CHARS = 160  # a bot's own words are cut to this (the toast has one or two lines)


def reason_text(choice: Choice, lang: str) -> str:
    """Why ``choice``'s bot picked it, in ``lang``: its reasons' texts joined
    (``hint.*`` ids the catalogue lacks are left out), else its own words, else ``""``."""
    if choice.reasons:
        return tl(lang, "log.sep").join(
            tl(lang, r.key, colour=colour_name(r.colour, lang), n=r.n)
            for r in choice.reasons if has_key(r.key))
    return clean(choice.text, OWN_WORDS_CHARS)
