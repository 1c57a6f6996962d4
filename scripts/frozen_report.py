"""What went into a frozen build, compared with the last release's.

    python scripts/frozen_report.py --dist dist/onedir/uno --work build/onedir \\
        --baseline requirements/frozen-baseline-linux-x86_64.json

Prints the build's size (bytes of every file under ``--dist``), its number of
files, Python modules and binaries (the lists ``build.spec`` writes to the work
folder: ``modules.txt``, ``binaries.txt``), the modules per top-level package,
and, when the baseline file exists, what changed since it: size and counts, the
top-level packages that came or went. Exits 1 when the modules that are not the
game's own (``game.*`` grows with the game) grew by more than ``--max-growth``
percent (default 5), when the size grew by more than ``--max-size-growth``
percent (default 10), or when a module of a test or development tool (pytest,
pygments, ...) is in the build: these mean the build environment changed. ``--json FILE``
writes this build's record, which becomes the baseline after a release
(docs/BUILD.md, "Pinned build environment").
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

# Packages that only a test or development environment brings: never in the game.
FOREIGN = ("_pytest", "pytest", "pluggy", "pygments", "trio", "yaml", "hypothesis",
           "selenium", "mypy", "ruff", "babel", "twine", "setuptools", "pkg_resources")


def project_version() -> str:
    init = Path(__file__).resolve().parents[1] / "game" / "__init__.py"
    found = re.search(r'^__version__ = "([^"]+)"', init.read_text(encoding="utf-8"), re.M)
    return found.group(1) if found else "?"


def measure(dist: Path, work: Path) -> dict[str, Any]:
    """The record of one build: size, counts and the module list."""
    files = [p for p in dist.rglob("*") if p.is_file() and not p.is_symlink()]
    modules = (work / "modules.txt").read_text(encoding="utf-8").split()
    binaries = (work / "binaries.txt").read_text(encoding="utf-8").split()
    return {
        "size_bytes": sum(p.stat().st_size for p in files),
        "files": len(files),
        "module_count": len(modules),
        "binary_count": len(binaries),
        "modules": modules,
    }


def packages(modules: list[str]) -> Counter[str]:
    return Counter(name.split(".", 1)[0] for name in modules)


def _not_game(record: dict[str, Any]) -> int:
    return sum(1 for name in record["modules"] if name.split(".", 1)[0] != "game")


def compare(now: dict[str, Any], base: dict[str, Any], max_growth: float,
            max_size_growth: float = 10.0) -> list[str]:
    """Lines describing the change; those starting with "FAIL" fail the check."""
    lines = []
    limits = {"size_bytes": max_size_growth, "other_modules": max_growth}
    for key in ("size_bytes", "module_count", "other_modules", "files", "binary_count"):
        old, new = ((_not_game(base), _not_game(now)) if key == "other_modules"
                    else (base[key], now[key]))
        pct = 100.0 * (new - old) / old if old else 0.0
        bad = key in limits and pct > limits[key]
        lines.append(f"{'FAIL ' if bad else ''}{key}: {old} -> {new} ({pct:+.1f}%)"
                     + (f", more than {limits[key]:g}% growth" if bad else ""))
    was, now_pkgs = packages(base["modules"]), packages(now["modules"])
    came = sorted(set(now_pkgs) - set(was))
    went = sorted(set(was) - set(now_pkgs))
    if came:
        lines.append("packages new since the baseline: "
                     + ", ".join(f"{p} ({now_pkgs[p]})" for p in came))
    if went:
        lines.append("packages gone since the baseline: "
                     + ", ".join(f"{p} ({was[p]})" for p in went))
    changed = sorted(p for p in set(was) & set(now_pkgs) if was[p] != now_pkgs[p])
    if changed:
        lines.append("module counts changed: "
                     + ", ".join(f"{p} {was[p]}->{now_pkgs[p]}" for p in changed))
    return lines


def foreign(modules: list[str]) -> list[str]:
    found = packages(modules)
    return sorted(p for p in found if p in FOREIGN)


def main(argv: list[str] | None = None) -> int:
    cli = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cli.add_argument("--dist", type=Path, required=True, help="the built folder")
    cli.add_argument("--work", type=Path, required=True, help="PyInstaller's work folder")
    cli.add_argument("--baseline", type=Path, help="the last release's record (JSON)")
    cli.add_argument("--json", type=Path, help="write this build's record here")
    cli.add_argument("--label", default="", help="system and architecture, for the record")
    cli.add_argument("--max-growth", type=float, default=5.0,
                     help="percent, modules other than game.* (default 5)")
    cli.add_argument("--max-size-growth", type=float, default=10.0,
                     help="percent, bytes (default 10)")
    args = cli.parse_args(argv)

    now = measure(args.dist, args.work)
    now["label"] = args.label
    now["version"] = project_version()
    print(f"frozen build {args.dist}: {now['size_bytes']} bytes "
          f"({now['size_bytes'] / 2**20:.1f} MiB), {now['files']} files, "
          f"{now['module_count']} Python modules, {now['binary_count']} binaries")
    print("modules per package: " + ", ".join(
        f"{p} {n}" for p, n in packages(now["modules"]).most_common()))
    failed = False
    bad = foreign(now["modules"])
    if bad:
        print(f"FAIL test or development tools in the build: {', '.join(bad)}")
        failed = True
    if args.baseline and args.baseline.is_file():
        base = json.loads(args.baseline.read_text(encoding="utf-8"))
        print(f"compared with {args.baseline} ({base.get('version', '?')}, {base.get('label', '')}):")
        for line in compare(now, base, args.max_growth, args.max_size_growth):
            print("  " + line)
            failed = failed or line.startswith("FAIL")
    elif args.baseline:
        print(f"no baseline at {args.baseline}: nothing to compare with")
    if args.json:
        args.json.write_text(json.dumps(now, indent=1) + "\n", encoding="utf-8")
    if failed:
        print("the build environment changed: see docs/BUILD.md, 'Pinned build environment'")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
