"""A release tag must name the version the code carries, and that version
must be written up: the first step of release.yml, before anything is built.

    python scripts/check_version.py v0.1.0

Exits 1 unless the tag is ``v`` + ``game.__version__``, CHANGELOG.md has a
dated section ``## [0.1.0] - YYYY-MM-DD`` and the AppStream metainfo lists
``<release version="0.1.0" date="YYYY-MM-DD"/>`` (docs/BUILD.md, "Making a
release"). Reads the files only: nothing is imported, so it runs before any
install.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
METAINFO = ROOT / "packaging" / "linux" / "io.github.uno_game.uno_game.metainfo.xml"


def code_version(root: Path = ROOT) -> str:
    """``game.__version__``, read from the file (nothing imported)."""
    text = (root / "game" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if not found:
        raise SystemExit("game/__init__.py has no __version__ line")
    return found.group(1)


def problems(tag: str, root: Path = ROOT) -> list[str]:
    """What stops ``tag`` from being released (empty when nothing does)."""
    version = code_version(root)
    if tag != f"v{version}":
        return [f"the tag {tag!r} is not v + game.__version__ ({version!r}): "
                "tag the commit whose game/__init__.py carries that version"]
    found = []
    changelog = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    if not re.search(rf"^## \[{re.escape(version)}\] - \d{{4}}-\d\d-\d\d$", changelog, re.M):
        found.append(f"CHANGELOG.md has no section '## [{version}] - YYYY-MM-DD'")
    metainfo = (root / METAINFO.relative_to(ROOT)).read_text(encoding="utf-8")
    if not re.search(rf'<release version="{re.escape(version)}" date="\d{{4}}-\d\d-\d\d"',
                     metainfo):
        found.append(f'{METAINFO.name} lists no <release version="{version}" date="...">')
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: check_version.py TAG (e.g. v0.1.0)", file=sys.stderr)
        return 2
    found = problems(argv[0])
    for line in found:
        print(f"release refused: {line}", file=sys.stderr)
    if not found:
        print(f"tag {argv[0]} matches game.__version__, CHANGELOG.md and the metainfo")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
