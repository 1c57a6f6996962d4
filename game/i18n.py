"""Translations: one gettext catalogue per language, keyed by message ids.

``t("tbl.draw")`` and ``nt("tbl.cards", n)`` give the text of a message id in
the current language, formatted with ``str.format`` fields.  The catalogues
are ``assets/locale/<lang>/LC_MESSAGES/uno.po`` (shipped as package data of
``game.assets``, found through :mod:`importlib.resources`), read at import by
a small reader and handed to :class:`gettext.GNUTranslations`, which does the
lookups and the plural forms.  Adding a language is one ``.po`` file plus its
code in :data:`LANGUAGES`.  ``docs/TRANSLATING.md`` says why ids, not English
sentences, are the msgids, and why the ``.po`` files ship uncompiled.

A missing message falls back to English, then to the id itself;
:func:`missing_keys` lists what one language lacks.  The pseudo-locale
:data:`PSEUDO` is generated from English (accented, about 30 % longer, in
brackets) so a test can spot untranslated and cut-off text on every screen.
"""

from __future__ import annotations

import ast
import gettext
import io
import locale
import os
import struct
from importlib import resources

PSEUDO = "pseudo"
DOMAIN = "uno"
LOCALE_PACKAGE = "game.assets"


def _shipped_languages() -> tuple[str, ...]:
    """Every ``locale/<lang>/LC_MESSAGES/uno.po`` shipped, English first."""
    root = resources.files(LOCALE_PACKAGE) / "locale"
    found = {node.name for node in root.iterdir()
             if (node / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()}
    return ("en", *sorted(found - {"en"}))


# Adding a language is adding its .po file.
LANGUAGES = _shipped_languages()

_current = "en"


# ---------------------------------------------------------------- .po reading

def parse_po(text: str) -> list[tuple[str, str, list[str]]]:
    """``(msgid, msgid_plural, [msgstr, ...])`` for each entry of a .po file.

    Only what our catalogues use: comments, ``msgid``, ``msgid_plural``,
    ``msgstr`` / ``msgstr[n]`` and continued ``"..."`` lines.  Entries marked
    ``#, fuzzy`` are dropped (gettext does the same).
    """
    entries: list[tuple[str, str, list[str]]] = []
    msgid = plural = ""
    strs: dict[int, str] = {}
    fuzzy = False
    field: tuple[str, int] | None = None

    def flush() -> None:
        nonlocal msgid, plural, strs, fuzzy, field
        if field is not None and not fuzzy:
            entries.append((msgid, plural, [strs.get(i, "") for i in range(len(strs))]))
        msgid, plural, strs, fuzzy, field = "", "", {}, False, None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if field is not None and field[0] == "msgstr":
                flush()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            value = ast.literal_eval(line)
        else:
            keyword, _, rest = line.partition(" ")
            value = ast.literal_eval(rest.strip())
            if keyword == "msgid":
                if field is not None and field[0] == "msgstr":
                    flush()
                field = ("msgid", 0)
                msgid = ""
            elif keyword == "msgid_plural":
                field = ("plural", 0)
            elif keyword.startswith("msgstr"):
                index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
                field = ("msgstr", index)
                strs[index] = ""
            else:
                raise ValueError(f"unexpected line in .po file: {raw!r}")
        assert field is not None, raw
        if field[0] == "msgid":
            msgid += value
        elif field[0] == "plural":
            plural += value
        else:
            strs[field[1]] += value
    flush()
    return entries


def compile_mo(entries: list[tuple[str, str, list[str]]]) -> bytes:
    """The GNU .mo bytes of ``entries`` (what ``msgfmt`` would write)."""
    pairs: list[tuple[bytes, bytes]] = []
    for msgid, plural, strs in entries:
        if plural:
            key = (msgid + "\0" + plural).encode()
            value = "\0".join(strs).encode()
        else:
            key, value = msgid.encode(), (strs[0] if strs else "").encode()
        pairs.append((key, value))
    pairs.sort()
    n = len(pairs)
    ids_at = 7 * 4
    strs_at = ids_at + n * 8
    data_at = strs_at + n * 8
    ids_table, strs_table, blob = [], [], io.BytesIO()
    for key, _ in pairs:
        ids_table.append((len(key), data_at + blob.tell()))
        blob.write(key + b"\0")
    for _, value in pairs:
        strs_table.append((len(value), data_at + blob.tell()))
        blob.write(value + b"\0")
    out = io.BytesIO()
    out.write(struct.pack("<7I", 0x950412DE, 0, n, ids_at, strs_at, 0, 0))
    for length, offset in ids_table + strs_table:
        out.write(struct.pack("<2I", length, offset))
    out.write(blob.getvalue())
    return out.getvalue()


def po_text(lang: str) -> str:
    node = resources.files(LOCALE_PACKAGE) / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    return node.read_text(encoding="utf-8")


def _translations(lang: str) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(po_text(lang)))))


# ---------------------------------------------------------------- pseudo-locale

# Latin-1 letters only: the bundled Noto Sans SC has no Latin Extended-A glyphs.
_ACCENTS = str.maketrans("aceinouyACEINOUY", "àçéíñöûýÀÇÉÍÑÖÛÝ")


def pseudo(text: str) -> str:
    """``[Dràw ··]``-like text: accented letters, ~30 % padding, and brackets
    that show cut-offs.

    ``{field}`` placeholders and ``\\n`` are kept so formatting still works.
    """
    if not text:
        return text
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        out.append(ch if depth else ch.translate(_ACCENTS))
    pad = "·" * max(1, round(len(text) * 0.3))
    return "[" + "".join(out) + " " + pad + "]"


# Names, not words: the pseudo-locale keeps them as they are.
_NOT_WORDS = frozenset({"", "seat.bots"})


def _pseudo_translations() -> gettext.GNUTranslations:
    entries = [(msgid, plural, strs if msgid in _NOT_WORDS else [pseudo(s) for s in strs])
               for msgid, plural, strs in parse_po(po_text("en"))]
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))


# ---------------------------------------------------------------- lookups

_catalogues: dict[str, gettext.NullTranslations] = {}


def catalogue(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English behind every other language)."""
    if lang not in _catalogues:
        if lang == PSEUDO:
            tr: gettext.NullTranslations = _pseudo_translations()
        elif lang in LANGUAGES:
            tr = _translations(lang)
            if lang != "en":
                tr.add_fallback(catalogue("en"))
        else:
            raise ValueError(f"unsupported language {lang!r}")
        _catalogues[lang] = tr
    return _catalogues[lang]


def set_language(lang: str) -> None:
    global _current
    catalogue(lang)  # raises for an unknown language
    _current = lang


def language() -> str:
    return _current


def system_language() -> str:
    """The shipped language the system locale names (``zh_CN.UTF-8`` -> zh), else en."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        val = os.environ.get(var, "")
        if val:
            return _shipped(val)
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return _shipped(loc)


def _shipped(locale_name: str) -> str:
    code = locale_name.lower().replace("-", "_").split("_")[0].split(".")[0]
    return code if code in LANGUAGES else "en"


def t(key: str, **fmt: object) -> str:
    """The text of message id ``key`` in the current language, formatted."""
    text = catalogue(_current).gettext(key)
    return text.format(**fmt) if fmt else text


def nt(key: str, n: int, **fmt: object) -> str:
    """Like :func:`t` for a plural message; ``{n}`` is filled in too."""
    text = catalogue(_current).ngettext(key, key, n)
    return text.format(n=n, **fmt)


def ntl(lang: str, key: str, n: int, **fmt: object) -> str:
    """:func:`nt` in ``lang``."""
    return catalogue(lang).ngettext(key, key, n).format(n=n, **fmt)


def tl(lang: str, key: str, **fmt: object) -> str:
    """:func:`t` in ``lang`` whatever the current language is."""
    text = catalogue(lang).gettext(key)
    return text.format(**fmt) if fmt else text


def is_you_name(name: str) -> bool:
    """Whether ``name`` is the default name of the (single) human, in any language."""
    return any(name == tl(lang, "tbl.you") for lang in LANGUAGES)


def seat_name(name: str, lang: str | None = None) -> str:
    """``name`` in ``lang`` (default: current) if it is a default seat name.

    A match keeps the names it was set up with. "You" and "Player 2" (``tbl.you``,
    ``seat.player_n``) are labels, not names: they are shown in the language of
    the screen, so switching language mid-match re-renders them. Every other
    name, the bots' included (Ada stays Ada in Chinese, #39), is left as it was set up.
    """
    lang = lang or _current
    for other in LANGUAGES:
        if name == tl(other, "tbl.you"):
            return tl(lang, "tbl.you")
        prefix, _, suffix = tl(other, "seat.player_n").partition("{n}")
        middle = name[len(prefix):len(name) - len(suffix)] if suffix else name[len(prefix):]
        if name.startswith(prefix) and name.endswith(suffix) and middle.isdigit():
            return tl(lang, "seat.player_n", n=int(middle))
    return name


def has_key(key: str) -> bool:
    return catalogue("en").gettext(key) != key


def keys(lang: str) -> set[str]:
    """Message ids that have a (non-empty) text in ``lang``."""
    return {msgid for msgid, _, strs in parse_po(po_text(lang)) if msgid and any(strs)}


def missing_keys() -> dict[str, set[str]]:
    """Per shipped language, the ids another language has and it lacks."""
    have = {lang: keys(lang) for lang in LANGUAGES}
    every = set().union(*have.values())
    return {lang: every - ids for lang, ids in have.items()}
