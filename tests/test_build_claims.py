"""What the docs and CI say about how the game is built must match the files.

One build is shipped: the interpreted package (pyproject) and the PyInstaller
apps made from it. The optional mypyc build was removed (docs/BUILD.md,
"No compiled build"): no doc, script or CI step may still offer it, and every
script or benchmark the docs and CI name must exist.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLAIMS = [ROOT / "README.md", ROOT / ".ci" / "run", *sorted((ROOT / "docs").glob("*.md"))]
OWN_TOOLS = [*sorted((ROOT / "scripts").glob("*")), *sorted((ROOT / "benchmarks").rglob("*.py"))]


def test_no_compiled_build_is_offered() -> None:
    offers = re.compile(r"UNO_COMPILE|mypycify|build_compiled|test_compiled|compiled_engine")
    found = [f"{p.relative_to(ROOT)}: {m.group(0)}"
             for p in [*CLAIMS, *OWN_TOOLS] if p.is_file()
             for m in offers.finditer(p.read_text(encoding="utf-8"))]
    assert not found
    assert not (ROOT / "setup.py").exists()


def test_every_script_the_docs_name_exists() -> None:
    named = re.compile(r"\b((?:scripts|benchmarks)/[\w./-]+\.(?:sh|py|ps1|md))")
    module = re.compile(r"-m (benchmarks(?:\.\w+)+)")
    claims = [p for p in (*CLAIMS, ROOT / "CONTRIBUTING.md", ROOT / "benchmarks" / "README.md",
                          *sorted((ROOT / "benchmarks").rglob("*.py"))) if p.is_file()]
    missing = sorted({f"{p.relative_to(ROOT)}: {m.group(1)}"
                      for p in claims
                      for m in named.finditer(p.read_text(encoding="utf-8"))
                      if not (ROOT / m.group(1)).exists()})
    missing += sorted({f"{p.relative_to(ROOT)}: {m.group(1)}"
                       for p in claims
                       for m in module.finditer(p.read_text(encoding="utf-8"))
                       if not (ROOT / (m.group(1).replace(".", "/") + ".py")).is_file()})
    assert not missing
