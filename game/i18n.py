"""Translations: ``t("key", **fmt)`` in the current language (zh or en).

Modules register their own string tables with :func:`register`, so each UI
module keeps its strings beside it. Missing keys fall back to English, then
to the key itself (and are listed by ``missing_keys`` for the tests).
"""

from __future__ import annotations

import locale
import os

LANGUAGES = ("en", "zh")
_tables: dict[str, dict[str, str]] = {"en": {}, "zh": {}}
_current = "en"


def register(en: dict[str, str], zh: dict[str, str]) -> None:
    _tables["en"].update(en)
    _tables["zh"].update(zh)


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}")
    _current = lang


def language() -> str:
    return _current


def system_language() -> str:
    """zh when the system locale is Chinese, else en."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        val = os.environ.get(var, "")
        if val:
            return "zh" if val.lower().startswith("zh") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "zh" if loc.lower().startswith("zh") else "en"


def t(key: str, **fmt: object) -> str:
    text = _tables[_current].get(key)
    if text is None:
        text = _tables["en"].get(key, key)
    return text.format(**fmt) if fmt else text


def missing_keys() -> dict[str, set[str]]:
    """Keys present in one language and not the other."""
    en, zh = set(_tables["en"]), set(_tables["zh"])
    return {"zh": en - zh, "en": zh - en}
