"""What a phone tells its player, in every language of the game: the log's sentences
and the reasons of a refusal, made by the same catalogue and the same
:mod:`game.ui.event_text` as the desktop's log, so the phone and the big screen
tell one story (a several-card play names every card, H4; a penalty says why).

A phone picks its own language, so each text goes out as ``{lang: text}`` for
every language in :data:`game.i18n.LANGUAGES`. On a phone "you" is that phone's
player: its own seat gets the second-person sentences ("you are skipped"),
and the desktop player's default name becomes "Host".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game import i18n
from game.rules.errors import IllegalAction
from game.rules.events import Event
from game.ui.event_text import describe_events, illegal_text

Texts = dict[str, str]


def seat_names(names: Sequence[str], seat: int, lang: str) -> list[str]:
    """The seats' names as the phone of ``seat`` reads them in ``lang``: its own
    seat "You" (so the log speaks to it), the desktop's "You" as "Host"."""
    out = []
    for i, name in enumerate(names):
        if i == seat:
            out.append(i18n.tl(lang, "tbl.you"))
        elif i18n.is_you_name(name):
            out.append(i18n.tl(lang, "party.host_name"))
        else:
            out.append(i18n.seat_name(name, lang))
    return out


def log_lines(events: Sequence[Event], names: Sequence[str], seat: int) -> list[Texts]:
    """The log's sentences for ``events`` (already redacted for ``seat``), one
    ``{lang: text}`` per line; ``names`` are the seats' names as set up."""
    by_lang = {lang: describe_events(events, seat_names(names, seat, lang), lang)
               for lang in i18n.LANGUAGES}
    count = min(len(lines) for lines in by_lang.values())
    return [{lang: by_lang[lang][i] for lang in i18n.LANGUAGES} for i in range(count)]


def refusal(err: IllegalAction) -> dict[str, Any]:
    """An ``illegal`` error's fields: the reason in every language and its rule ID."""
    return {"reason": {lang: illegal_text(err, lang) for lang in i18n.LANGUAGES},
            "rule": err.rule}
