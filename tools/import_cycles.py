"""Print the import cycles of game/: each strongly connected group of modules.

Usage: ``python tools/import_cycles.py [--runtime]``. By default every import
counts, at the top, inside a function or under ``if TYPE_CHECKING:`` (a type
named across two modules couples them as much as a call does); ``--runtime``
leaves out the ``TYPE_CHECKING`` ones. Prints one line per cycle (its size and
modules), then the totals; exits 0 either way (a measuring device, not a test:
tests/test_import_boundaries.py holds the rules).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, *, typing: bool) -> set[str]:
    """The game's modules ``path`` imports; those under TYPE_CHECKING only with ``typing``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    skip: set[int] = set()
    if not typing:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skip |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return out


def graph(*, typing: bool = True) -> dict[str, set[str]]:
    files = {module_name(p): p for p in GAME.rglob("*.py")}
    return {name: {m for m in imports_of(p, typing=typing) if m in files and m != name}
            for name, p in files.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return sorted(found, key=lambda c: (-len(c), c))


def main(argv: list[str]) -> int:
    typing = "--runtime" not in argv
    found = cycles(graph(typing=typing))
    for comp in found:
        print(f"{len(comp):3d}: {' '.join(comp)}")
    kind = "every import" if typing else "runtime imports (TYPE_CHECKING left out)"
    print(f"{len(found)} cycle(s), {sum(map(len, found))} modules in them ({kind})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
