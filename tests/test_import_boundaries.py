"""Architecture rules, enforced: the rules are pure (no pygame, no I/O, no global
random), AI sees only the rules' public types, and nothing imports pickle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "game"
STDLIB_OK_RULES = {"__future__", "dataclasses", "enum", "typing", "random", "itertools",
                   "collections", "collections.abc", "functools", "math"}
IO_NAMES = {"open", "print", "input"}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import inside the package
                out.append("." * node.level + (node.module or ""))
            else:
                out.append(node.module or "")
    return out


def _files(sub: str) -> list[Path]:
    return sorted((ROOT / sub).rglob("*.py"))


def test_rules_import_only_stdlib_and_themselves():
    assert _files("rules")
    for f in _files("rules"):
        for mod in _imports(f):
            if mod.startswith("."):
                continue
            assert mod in STDLIB_OK_RULES, f"{f.name} imports {mod}: game/rules must stay pure"


def test_rules_use_no_global_random_and_no_io():
    for f in _files("rules"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "random":
                assert node.attr == "Random", f"{f.name} uses random.{node.attr}: use the game's RNG"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in IO_NAMES, f"{f.name} calls {node.func.id}()"


def test_ai_sees_only_rules_types():
    allowed_prefixes = ("game.rules", "game.ai", ".")
    for f in _files("ai"):
        for mod in _imports(f):
            top = mod.split(".")[0]
            if mod.startswith(allowed_prefixes) or top in {
                "__future__", "dataclasses", "enum", "typing", "random", "itertools",
                "collections", "math", "time", "statistics", "functools", "importlib",
                "heapq", "bisect", "operator", "inspect",
            }:
                assert not mod.startswith(("pygame", "game.scenes", "game.ui", "game.storage")), mod
                continue
            raise AssertionError(f"game/ai/{f.name} imports {mod}")


def test_no_pygame_below_the_ui():
    for sub in ("rules", "ai", "storage"):
        for f in _files(sub):
            for mod in _imports(f):
                assert not mod.startswith("pygame"), f"{f} imports {mod}"


def test_nothing_imports_pickle():
    for f in ROOT.rglob("*.py"):
        for mod in _imports(f):
            assert mod.split(".")[0] not in ("pickle", "marshal", "shelve"), f"{f} imports {mod}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _game_imports(path: Path, *, typing: bool) -> set[str]:
    """Modules of the game that ``path`` imports (at the top or in a function);
    those under ``if TYPE_CHECKING:`` only with ``typing``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" \
        else _module_name(path)
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if not typing and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return {m for m in out if m == "game" or m.startswith("game.")}


def _graph(*, typing: bool = False, under: str = "game") -> dict[str, set[str]]:
    """Modules in package ``under`` -> the modules of that package each imports."""
    files = {_module_name(p): p for p in ROOT.rglob("*.py")}
    mine = {name: p for name, p in files.items() if name == under or name.startswith(under + ".")}
    return {name: {m for m in _game_imports(p, typing=typing) if m in mine and m != name}
            for name, p in mine.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: each strongly connected group of two or
    more modules, sorted (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(cycles)


def test_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}) == [["a", "b"], ["c", "d"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_inside_rules():
    """Inside game/rules an import under ``TYPE_CHECKING`` counts too: the rules
    are one small pure package, and two modules that name each other's types
    are coupled even if only the type checker sees it (the game-wide check
    below skips those imports: a scene naming the App for its type is how a
    scene gets typed, not a cycle)."""
    graph = _graph(typing=True, under="game.rules")
    assert {f"game.rules.{m}" for m in ("engine", "state", "legality", "effects", "scoring",
                                       "observer", "persist")} <= set(graph)
    assert _cycles(graph) == [], "game/rules modules import each other in a cycle"


def test_ui_never_imports_scenes_nor_the_table_nor_the_app():
    for name, deps in _graph().items():
        if name.startswith("game.ui"):
            bad = {d for d in deps if d.startswith(("game.scenes", "game.table")) or d == "game.app"}
            assert not bad, f"{name} imports {sorted(bad)}"


def test_menus_draw_with_the_ui_kit_not_the_table():
    """Only the screens that open or show a table import game.table: party join
    opens it, the replay draws its frames with the table's renderer (and the
    scoreboard names the table's type). Every other screen draws with game.ui."""
    table_screens = {"game.scenes.party_join", "game.scenes.replay"}
    for name, deps in _graph().items():
        if name.startswith("game.scenes") and name not in table_screens:
            bad = {d for d in deps if d.startswith("game.table")}
            assert not bad, f"{name} imports {sorted(bad)}"


def test_rules_and_ai_never_import_the_table():
    for name, deps in _graph().items():
        if name.startswith(("game.rules", "game.ai")):
            bad = {d for d in deps if d.startswith("game.table")}
            assert not bad, f"{name} imports {sorted(bad)}"


def test_no_import_cycles():
    """Not even through imports inside functions (those only hide a cycle)."""
    cycles = _cycles(_graph())
    # (game.app and game.selftest were one until the self-test left app.main: the
    # launcher, game.selftest.entry, runs it; app.main never imports the self-test)
    assert not cycles, f"import cycles: {cycles}"


def test_scenes_see_the_controller_not_the_engine_game():
    """Scenes and the table ask the MatchController (legal actions, views,
    explain, hint) or, for a replay, the ReplayStepper (game/replay.py); none
    reads a ``game`` nor imports the engine (the replay viewer used to)."""
    for f in _files("scenes") + _files("table"):
        assert "game.rules.engine" not in _imports(f), f"{f.name} imports the engine"
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "game":
                owner = ast.unparse(node.value)
                assert not owner.endswith(("ctl", "controller", "loaded", "stepper")), \
                    f"{f.name}:{node.lineno} reads {owner}.game"


def test_no_import_cycles_even_for_the_type_checker():
    """A type named across two modules couples them as much as a call does: the
    scenes depend on the small Services protocol (game/scenes/services.py), not on
    the App, so no circle runs back up through ``if TYPE_CHECKING:`` either (it
    held 20 modules before, #36)."""
    cycles = _cycles(_graph(typing=True))
    assert not cycles, f"import cycles: {cycles}"


def test_scenes_open_each_other_by_name_and_never_import_the_app():
    """Screens ask their services to open another by name (game/screens.py holds
    the registry); a scene module imports no other screen's module, nor the App.
    The dialog module is imported for its helpers (show_message, confirm), which
    open the dialog by name too."""
    from game.screens import SCREENS

    screens = {cls.__module__ for cls in SCREENS.values()} - {"game.scenes.dialog"}
    for name, deps in _graph(typing=True).items():
        if name.startswith(("game.scenes", "game.table")):
            bad = {d for d in deps if d in screens or d == "game.app" or d == "game.screens"}
            assert not bad, f"{name} imports {sorted(bad)}"
