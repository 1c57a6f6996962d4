"""The translation catalogue: complete, up to date with the code, both languages."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from game import i18n

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = {"t": None, "nt": None, "tl": (2,), "N_": None}


def _extracted() -> set[str]:
    found = extract_from_dir(str(ROOT / "game"), method_map=[("**.py", "python")],
                             keywords=KEYWORDS)
    return {msg if isinstance(msg, str) else msg[0] for _f, _l, msg, _c, _x in found}


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_extraction_finds_no_id_missing_from_the_catalogues() -> None:
    ids = _extracted()
    assert len(ids) > 100
    for lang in i18n.LANGUAGES:
        assert ids - i18n.keys(lang) == set(), lang


def test_every_id_has_english_and_chinese_text() -> None:
    assert not any(i18n.missing_keys().values())
    for lang in i18n.LANGUAGES:
        for msgid, _plural, strs in i18n.parse_po(i18n.po_text(lang)):
            assert all(strs), (lang, msgid)


def test_both_languages_use_the_same_fields() -> None:
    def fields(strs: list[str]) -> set[str]:
        return set().union(*(_fields(s) for s in strs)) - {"n"}

    zh = {m: s for m, _p, s in i18n.parse_po(i18n.po_text("zh"))}
    for msgid, _plural, strs in i18n.parse_po(i18n.po_text("en")):
        if msgid:
            assert fields(strs) == fields(zh[msgid]), msgid


def test_our_reader_agrees_with_babel() -> None:
    for lang in i18n.LANGUAGES:
        text = i18n.po_text(lang)
        babel_cat = read_po(io.StringIO(text))
        ours = {m: s for m, _p, s in i18n.parse_po(text) if m}
        theirs = {}
        for msg in babel_cat:
            if not msg.id:
                continue
            key = msg.id if isinstance(msg.id, str) else msg.id[0]
            theirs[key] = [msg.string] if isinstance(msg.string, str) else list(msg.string)
        assert ours == theirs
        header = re.search(r"nplurals=(\d+)", text)  # each language's own plural forms
        assert header and babel_cat.num_plurals == int(header.group(1))
        if lang in ("en", "zh"):
            assert babel_cat.num_plurals == {"en": 2, "zh": 1}[lang]


def test_plural_forms_come_from_the_catalogue() -> None:
    i18n.set_language("en")
    assert i18n.nt("tbl.cards", 1) == "1 card"
    assert i18n.nt("tbl.cards", 2) == "2 cards"
    i18n.set_language("zh")
    try:
        assert i18n.nt("tbl.cards", 1) == "1 张"
        assert i18n.nt("tbl.cards", 5) == "5 张"
    finally:
        i18n.set_language("en")


def test_pseudo_locale_is_generated_from_english() -> None:
    text = i18n.tl(i18n.PSEUDO, "tbl.catch", name="Ada")
    assert re.fullmatch(r"\[Çàtçh Ada ·+\]", text)
    pseudo = i18n.catalogue(i18n.PSEUDO)
    for msgid, plural, strs in i18n.parse_po(i18n.po_text("en")):
        if msgid and msgid != "seat.bots":
            # a plural message's singular through ngettext: gettext finds it only from 3.11
            fake = pseudo.ngettext(msgid, plural, 1) if plural else i18n.tl(i18n.PSEUDO, msgid)
            assert fake.startswith("[") and fake.endswith("]"), msgid
            assert len(fake) >= len(strs[0]) * 1.3, msgid


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        i18n.set_language("xx")


@pytest.mark.parametrize(("value", "expected"), [
    ("zh_CN.UTF-8", "zh"), ("zh-TW", "zh"), ("en_GB.UTF-8", "en"), ("C.UTF-8", "en"),
    ("xx_YY.UTF-8", "en"),  # a language we do not ship
])
def test_system_language_is_the_shipped_language_the_locale_names(
        monkeypatch: pytest.MonkeyPatch, value: str, expected: str) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", value)
    assert i18n.system_language() == expected


def test_system_language_picks_a_third_shipped_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a French catalogue shipped, a French system starts in French (it used
    to know only zh and en)."""
    monkeypatch.setattr(i18n, "LANGUAGES", ("en", "fr", "zh"))
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.system_language() == "fr"
