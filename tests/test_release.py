"""What ships: the licence, the third-party notices, the rules document."""

from __future__ import annotations

import re
from importlib import metadata, resources
from pathlib import Path

from packaging.requirements import Requirement

from game.ui.rules_text import rule_ids

ROOT = Path(__file__).resolve().parents[1]
RULE_HEADING = re.compile(r"^### ([DSTRH][0-9]+)\b", re.MULTILINE)


def _packaged(name: str) -> str:
    return (resources.files("game.assets") / "licenses" / name).read_text(encoding="utf-8")


def test_licence_is_mit_and_ships_in_the_package() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text
    assert _packaged("LICENSE.txt") == text  # the copy the game and the builds show
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    assert 'license = "MIT"' in pyproject  # (tomllib is not in Python 3.10)
    assert 'license-files = ["LICENSE"]' in pyproject
    assert metadata.metadata("uno-game")["License-Expression"] == "MIT"


def _runtime_requirements(dist: str, seen: set[str]) -> set[str]:
    """``dist`` and every distribution it needs at run time here (extras and
    requirements for other Pythons, like segno's importlib-metadata, left out)."""
    for text in metadata.requires(dist) or []:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        name = req.name
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key not in seen:
            seen.add(key)
            _runtime_requirements(name, seen)
    return seen


def test_third_party_notices_name_every_runtime_dependency() -> None:
    notices = re.sub(r"[-_.]+", "-", _packaged("THIRD-PARTY-NOTICES.txt").lower())
    needed = _runtime_requirements("uno-game", set())
    assert {"pygame-ce", "pygame-gui", "platformdirs"} <= needed
    missing = sorted(name for name in needed if name not in notices)
    assert not missing, f"add these dependencies to THIRD-PARTY-NOTICES.txt: {missing}"


def test_third_party_notices_carry_the_licence_texts() -> None:
    notices = _packaged("THIRD-PARTY-NOTICES.txt")
    assert notices.count("Permission is hereby granted, free of charge") >= 3  # MIT x3
    assert notices.count("SIL OPEN FONT LICENSE Version 1.1") >= 2  # Noto, Fira Code
    assert "LGPL-2.1" in notices
    lgpl = _packaged("LGPL-2.1.txt")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl and "Version 2.1, February 1999" in lgpl


def test_rules_document_has_exactly_the_rules_screens_ids() -> None:
    doc = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    in_doc = RULE_HEADING.findall(doc)
    assert len(in_doc) == len(set(in_doc)), "a rule ID appears twice in docs/RULES.md"
    assert set(in_doc) == set(rule_ids())
    assert in_doc == rule_ids()  # same order as the Rules screen


def test_readme_points_only_inside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme
    assert "docs/RULES.md" in readme
    for link in re.findall(r"\]\(([^)#]+)", readme):
        if not link.startswith(("http://", "https://")):
            assert (ROOT / link).exists(), f"README links to a missing file: {link}"


def test_every_package_of_the_game_is_in_the_wheel() -> None:
    """pyproject lists the packages by hand: a new one (game/tutorial was missed
    once) must be listed, or the installed game fails at import."""
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    listed = re.search(r"^packages = \[(.*?)\]", text, re.MULTILINE | re.DOTALL)
    assert listed is not None
    names = set(re.findall(r'"([\w.]+)"', listed.group(1)))
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "game").rglob("__init__.py")}
    assert found <= names, f"not in pyproject's packages: {sorted(found - names)}"
