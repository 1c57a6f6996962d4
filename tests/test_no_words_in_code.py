"""Words live in the catalogue, not in the code (issue 36): no Python file under
``game/`` holds Chinese text but a language's own name (``中文`` in the language
list), so a translation is never half in a ``.po`` file and half in code."""

from __future__ import annotations

import re
from pathlib import Path

from game import i18n

GAME = Path(__file__).resolve().parents[1] / "game"
# Han ideographs (CJK Unified, Extension A, Compatibility, Extensions B on).
HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")


def own_names() -> set[str]:
    """Each shipped language's name for itself (``language.name``)."""
    return {i18n.tl(lang, "language.name") for lang in i18n.LANGUAGES}


def chinese_in_code() -> list[str]:
    """``path:line: text`` for every run of Han characters in game/**/*.py that
    is not a language's own name (comments and docstrings count: they are read)."""
    allowed = own_names()
    found = []
    for path in sorted(GAME.rglob("*.py")):
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for run in HAN_RUN.findall(line):
                if run not in allowed:
                    found.append(f"{path.relative_to(GAME.parent)}:{no}: {run}")
    return found


def test_no_chinese_in_python_files_but_a_languages_own_name() -> None:
    assert "中文" in own_names()
    assert chinese_in_code() == []


def test_the_scan_finds_chinese_where_there_is_some(tmp_path, monkeypatch) -> None:
    fake = tmp_path / "game"
    (fake / "ai").mkdir(parents=True)
    (fake / "ai" / "bot.py").write_text('NAME = "中文"\nSAY = "喊 UNO"  # 中文\n', encoding="utf-8")
    monkeypatch.setitem(globals(), "GAME", fake)
    assert chinese_in_code() == ["game/ai/bot.py:2: 喊"]
