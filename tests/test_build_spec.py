"""Static checks of build.spec (no PyInstaller run: building takes a minute)."""

from __future__ import annotations

import ast
import struct
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

SPEC = Path(__file__).resolve().parents[1] / "build.spec"
UNUSED_FONTS = {
    "NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf",
    "NotoSansKR-Regular.ttf", "NotoSansKR-Bold.ttf",
    "NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf",
    "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf",
    "NotoSansGeorgian-Regular.ttf", "NotoSansGeorgian-Bold.ttf",
}
# pygame_gui loads these itself for "en"/"zh" (UIFontDictionary: Latin default,
# Chinese default, FiraCode symbols font) and the game draws with Noto Sans SC.
NEEDED_FONTS = {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansSC-Regular.otf",
                "NotoSansSC-Bold.otf", "FiraCode-Regular.ttf"}


@pytest.fixture(scope="module")
def tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def _assigned(tree: ast.Module, name: str) -> Any:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"build.spec does not assign {name}")


def _calls(tree: ast.Module, func: str) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name) and n.func.id == func]


def _keywords(tree: ast.Module, name: str) -> list[ast.expr]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == name:
            out.append(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
            out.extend(k.value for k in node.keywords if k.arg == name)
    return out


def test_spec_parses_and_builds_both_modes(tree: ast.Module) -> None:
    assert _calls(tree, "Analysis") and _calls(tree, "PYZ")
    assert len(_calls(tree, "EXE")) == 2  # one-file and one-folder
    assert len(_calls(tree, "COLLECT")) == 1
    source = SPEC.read_text(encoding="utf-8")
    assert '"--onefile"' in source and "sys.argv[1:]" in source
    assert _assigned(tree, "APP_NAME") == "uno"


def test_unused_fonts_are_excluded(tree: ast.Module) -> None:
    excluded = set(_assigned(tree, "EXCLUDED_FONTS"))
    assert excluded == UNUSED_FONTS
    assert not excluded & NEEDED_FONTS
    shipped = {f.name for f in resources.files("pygame_gui.data").iterdir()}
    assert UNUSED_FONTS <= shipped, "pygame_gui renamed a font: update EXCLUDED_FONTS"
    assert NEEDED_FONTS <= shipped


def test_only_game_languages(tree: ast.Module) -> None:
    from game.i18n import LANGUAGES

    assert tuple(_assigned(tree, "LANGUAGES")) == tuple(LANGUAGES)


def test_keep_data_filter(tree: ast.Module) -> None:
    func = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_keep_data")
    ns: dict[str, Any] = {"EXCLUDED_FONTS": _assigned(tree, "EXCLUDED_FONTS"),
                          "LANGUAGES": _assigned(tree, "LANGUAGES")}
    exec(compile(ast.Module(body=[func], type_ignores=[]), str(SPEC), "exec"), ns)
    keep = ns["_keep_data"]
    assert not keep("pygame_gui/data/NotoSansJP-Bold.otf")
    assert not keep("pygame_gui\\data\\NotoSansKR-Regular.ttf")
    assert keep("pygame_gui/data/NotoSansSC-Regular.otf")
    assert keep("pygame_gui/data/FiraCode-Regular.ttf")
    assert keep("pygame_gui/data/default_theme.json")
    assert keep("pygame_gui/data/translations/pygame-gui.zh.json")
    assert keep("pygame_gui/data/translations/pygame-gui.en.json")
    assert not keep("pygame_gui/data/translations/pygame-gui.ja.json")
    assert keep("game/assets/sounds/music.wav")


def test_no_upx(tree: ast.Module) -> None:
    values = _keywords(tree, "upx")
    assert len(values) >= 2
    assert all(isinstance(v, ast.Constant) and v.value is False for v in values)


def test_windowed(tree: ast.Module) -> None:
    values = _keywords(tree, "console")
    assert values and all(isinstance(v, ast.Name) and v.id == "CONSOLE" for v in values)
    assert _assigned(tree, "CONSOLE") is False


def test_entry_point_runs_the_self_test_launcher() -> None:
    source = SPEC.read_text(encoding="utf-8")
    assert "from game.launch import main" in source  # crash reporting, then selftest.entry
    launch = (SPEC.parent / "game" / "launch.py").read_text(encoding="utf-8")
    assert "from game.selftest import entry" in launch
    assert "collect_submodules(\"game\"" in source
    assert "copy_metadata" in source  # --version from importlib.metadata when frozen


def test_icons_exist_and_are_used_for_exe_and_app(tree: ast.Module) -> None:
    icons = _assigned(tree, "ICONS")
    assert set(icons) == {"win32", "darwin"}  # Linux executables carry no icon
    root = SPEC.parent
    for rel in icons.values():
        assert (root / rel).is_file(), f"build.spec names a missing icon: {rel}"
    ico = (root / icons["win32"]).read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = {struct.unpack_from("<B", ico, 6 + 16 * i)[0] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes
    icns = (root / icons["darwin"]).read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    assert b"ic08" in icns and b"ic09" in icns  # 256 and 512 px
    values = _keywords(tree, "icon")
    assert len(values) >= 2  # EXE (both modes, via _exe_common) and the macOS BUNDLE
    assert all(isinstance(v, ast.Name) and v.id == "ICON" for v in values)


def test_windows_version_info_names_the_product(tree: ast.Module) -> None:
    source = SPEC.read_text(encoding="utf-8")
    assert "version=VERSION_FILE if sys.platform == \"win32\"" in source
    assert '"ProductName": "UNO"' in source and '"LegalCopyright"' in source


def test_online_seats_are_bundled_and_their_test_suites_kept_out(tree: ast.Module) -> None:
    """build.spec collects autobahn's nvx C sources (read when autobahn is imported:
    without them the frozen game stops on ``import wormhole``), asserts the online
    modules and data are in, and keeps the test suites, command lines and WAMP
    serializers out (docs/ONLINE.md, "In the standalone builds")."""
    source = SPEC.read_text(encoding="utf-8")
    assert 'collect_data_files("autobahn", includes=["nvx/*.c"])' in source
    assert "EXCLUDED_MODULES += EXCLUDED_ONLINE" in source
    excluded = set(_assigned(tree, "EXCLUDED_ONLINE"))
    assert {"wormhole.test", "twisted.test", "twisted.trial", "autobahn.test", "nacl.tests",
            "wormhole.cli"} <= excluded
    needed = _assigned(tree, "ONLINE_MODULES")
    assert {"wormhole", "wormhole._dilation.manager", "noise.connection",
            "autobahn.nvx._utf8validator", "twisted.internet.reactor"} <= set(needed)
    assert not any(n == gone or n.startswith(gone + ".") for n in needed for gone in excluded)
    data = _assigned(tree, "ONLINE_DATA")
    assert data == ["autobahn/nvx/_utf8validator.c", "autobahn/nvx/_xormasker.c"]
    for check in ("online seats' modules not bundled", "online seats' data not bundled",
                  "excluded modules still bundled", "test suites bundled"):
        assert check in source, f"build.spec no longer asserts: {check}"
    for dist in ("magic-wormhole", "twisted", "autobahn", "cryptography", "pynacl",
                 "noiseprotocol"):
        assert f'"{dist}"' in source  # their licence files (dist-info) go in


def test_the_online_pieces_the_spec_names_exist_where_the_extra_is_installed(
        tree: ast.Module) -> None:
    from game.online import available

    if not available():
        pytest.skip('needs pip install -e ".[online]"')
    import importlib.util

    missing = [name for name in _assigned(tree, "ONLINE_MODULES")
               if importlib.util.find_spec(name) is None]
    assert not missing
    autobahn = importlib.util.find_spec("autobahn")
    assert autobahn is not None and autobahn.origin
    root = Path(autobahn.origin).parent.parent
    assert all((root / rel).is_file() for rel in _assigned(tree, "ONLINE_DATA"))
