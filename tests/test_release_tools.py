"""The release's own tools and files: the tag check, the frozen-build report,
the locks, the installer and desktop files, and the package metadata agree."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from game import __version__
from game.paths import APP_NAME

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "io.github.uno_game.uno_game"
LINUX = ROOT / "packaging" / "linux"
NSIS = ROOT / "packaging" / "windows" / "uno.nsi"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def release_tree(tmp_path: Path) -> Path:
    """A copy of the files scripts/check_version.py reads, ready for version 9.8.7."""
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text('__version__ = "9.8.7"\n', "utf-8")
    (tmp_path / "CHANGELOG.md").write_text(
        "# Changelog\n\n## [Unreleased]\n\n## [9.8.7] - 2027-01-02\n\n- things\n", "utf-8")
    meta = tmp_path / "packaging" / "linux"
    meta.mkdir(parents=True)
    shutil.copy(LINUX / f"{APP_ID}.metainfo.xml", meta)
    text = (meta / f"{APP_ID}.metainfo.xml").read_text("utf-8")
    text = text.replace("</component>", '  <releases>\n    <release version="9.8.7" '
                        'date="2027-01-02"/>\n  </releases>\n</component>')
    (meta / f"{APP_ID}.metainfo.xml").write_text(text, "utf-8")
    return tmp_path


def test_a_tag_that_is_the_version_written_up_passes(release_tree: Path) -> None:
    assert _script("check_version").problems("v9.8.7", release_tree) == []


def test_a_tag_other_than_the_version_is_refused_first(release_tree: Path) -> None:
    found = _script("check_version").problems("v9.8.8", release_tree)
    assert len(found) == 1 and "'v9.8.8' is not v + game.__version__ ('9.8.7')" in found[0]
    assert _script("check_version").problems("9.8.7", release_tree)  # the v is part of it


def test_a_version_without_changelog_or_appstream_release_is_refused(release_tree: Path) -> None:
    changelog = release_tree / "CHANGELOG.md"
    changelog.write_text(changelog.read_text("utf-8").replace(" - 2027-01-02", ""), "utf-8")
    meta = release_tree / "packaging" / "linux" / f"{APP_ID}.metainfo.xml"
    meta.write_text(meta.read_text("utf-8").replace('version="9.8.7"', 'version="9.8.6"'), "utf-8")
    found = _script("check_version").problems("v9.8.7", release_tree)
    assert [p.split(" ")[0] for p in found] == ["CHANGELOG.md", f"{APP_ID}.metainfo.xml"]


def test_the_checkout_carries_its_own_version() -> None:
    assert _script("check_version").code_version() == __version__


def _record(modules: list[str], size: int) -> dict[str, object]:
    return {"size_bytes": size, "files": 10, "module_count": len(modules),
            "binary_count": 3, "modules": modules}


def test_frozen_report_fails_on_growth_and_names_new_packages() -> None:
    report = _script("frozen_report")
    base = _record(["game", "game.app", "pygame", "json"], 1000)
    # The game's own modules may grow; the size within its margin.
    game_grew = _record(["game", "game.app", "game.logo", "pygame", "json"], 1090)
    assert not any(line.startswith("FAIL") for line in report.compare(game_grew, base, 5.0))
    grown = _record(["game", "game.app", "pygame", "json", "trio", "trio._core"], 1110)
    lines = report.compare(grown, base, 5.0)
    assert [line.split(":")[0] for line in lines if line.startswith("FAIL")] == [
        "FAIL size_bytes", "FAIL other_modules"]
    assert "packages new since the baseline: trio (2)" in lines
    assert report.foreign(["game", "_pytest.main", "pygments.lexer", "yaml"]) == [
        "_pytest", "pygments", "yaml"]


def test_frozen_baseline_is_a_clean_build() -> None:
    report = _script("frozen_report")
    import json

    base = json.loads((ROOT / "requirements" / "frozen-baseline-linux-x86_64.json")
                      .read_text("utf-8"))
    assert base["module_count"] == len(base["modules"]) > 100
    assert report.foreign(base["modules"]) == []
    assert {"game", "pygame", "pygame_gui", "websockets"} <= set(report.packages(base["modules"]))
    # online seats: the library and what it runs on, no test suite, no WAMP serializer
    assert {"wormhole", "twisted", "autobahn", "noise", "nacl", "spake2"} <= set(
        report.packages(base["modules"]))
    assert "wormhole._dilation.manager" in base["modules"]
    assert not [m for m in base["modules"] if {"test", "tests"} & set(m.split("."))]
    assert not {"cbor2", "msgpack", "ujson", "click", "qrcode"} & set(
        report.packages(base["modules"]))


def _pins(lock: str) -> dict[str, str]:
    """name -> the block of lines pinning it (its hashes)."""
    text = (ROOT / "requirements" / lock).read_text("utf-8")
    blocks = re.split(r"\n(?=[a-z0-9])", text)
    return {re.split(r"[=;\s]", b, maxsplit=1)[0]: b for b in blocks if re.match(r"[a-z0-9]", b)}


def test_frozen_lock_pins_every_run_time_dependency_with_hashes() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    deps = re.search(r"^dependencies = \[(.*?)\]", pyproject, re.S | re.M)
    assert deps
    names = {re.split(r"[<>=!~\[ ]", d, maxsplit=1)[0].lower()
             for d in re.findall(r'"([^"]+)"', deps.group(1))}
    pins = _pins("frozen.lock")
    assert names | {"pyinstaller"} <= set(pins)
    for lock in ("frozen.lock", "package.lock"):
        for name, block in _pins(lock).items():
            assert re.match(rf"{re.escape(name)}==\S+", block), f"{lock}: {name} is not pinned"
            assert "--hash=sha256:" in block, f"{lock}: {name} has no hash"
    # Test tools never enter the frozen build's environment.
    assert not {"pytest", "hypothesis", "pygments", "pyyaml", "trio"} & set(pins)
    assert {"build", "setuptools", "wheel", "twine"} <= set(_pins("package.lock"))


def test_frozen_lock_holds_the_online_extra_not_its_servers() -> None:
    """The standalone builds carry online seats: the lock resolves pyproject's
    ``online`` extra (magic-wormhole with Dilation's noiseprotocol), never the
    ``online-servers`` extra (the servers run beside the game, not in it)."""
    assert "--extra online pyproject.toml requirements/frozen.in" in (
        ROOT / "scripts" / "lock.sh").read_text("utf-8")
    pins = _pins("frozen.lock")
    assert {"magic-wormhole", "noiseprotocol", "twisted", "autobahn", "pynacl", "spake2",
            "cryptography"} <= set(pins)
    assert "# via uno-game (pyproject.toml)" in pins["magic-wormhole"]
    assert not {"magic-wormhole-mailbox-server", "magic-wormhole-transit-relay"} & set(pins)


# In frozen.lock but not in the standalone builds: the build tools, and what
# build.spec keeps out (EXCLUDED_ONLINE): autobahn's WAMP serializers and
# magic-wormhole's command line and file transfer.
NOT_BUNDLED = {
    "altgraph", "macholib", "packaging", "pefile", "pyinstaller", "pyinstaller-hooks-contrib",
    "pywin32-ctypes", "setuptools",
    "cbor2", "msgpack", "u-msgpack-python", "ujson",
    "click", "colorama", "qrcode", "tqdm", "humanize", "txtorcon", "zipstream-ng", "iterable-io",
}


def test_third_party_notices_name_everything_the_frozen_build_bundles() -> None:
    """Every package of the frozen build's environment is named in the notices
    (the About screen shows them), unless it is a build tool or build.spec keeps it
    out: a new package in the lock needs one or the other."""
    notices = re.sub(r"[-_.]+", "-", (ROOT / "assets" / "licenses" / "THIRD-PARTY-NOTICES.txt")
                     .read_text("utf-8").lower())
    pins = set(_pins("frozen.lock"))
    missing = sorted(name for name in pins - NOT_BUNDLED if name not in notices)
    assert not missing, f"name these in THIRD-PARTY-NOTICES.txt (or keep them out): {missing}"
    assert NOT_BUNDLED <= pins, f"not in frozen.lock any more: {sorted(NOT_BUNDLED - pins)}"
    spec = (ROOT / "build.spec").read_text("utf-8")
    for module in ("cbor2", "msgpack", "umsgpack", "ujson", "click", "colorama", "qrcode", "tqdm",
                   "humanize", "txtorcon", "zipstream", "iterable_io"):
        assert f'"{module}"' in spec, f"build.spec does not keep {module} out"


def test_desktop_files_installer_and_metadata_name_one_app() -> None:
    desktop = (LINUX / f"{APP_ID}.desktop").read_text("utf-8")
    assert f"Icon={APP_ID}\n" in desktop and "Exec=uno\n" in desktop
    meta = (LINUX / f"{APP_ID}.metainfo.xml").read_text("utf-8")
    assert f"<id>{APP_ID}</id>" in meta
    assert f'<launchable type="desktop-id">{APP_ID}.desktop</launchable>' in meta
    assert "UNO is a trademark of Mattel" in meta
    homepage = re.search(r'^Homepage = "([^"]+)"', (ROOT / "pyproject.toml").read_text("utf-8"),
                         re.M)
    assert homepage and f'<url type="homepage">{homepage.group(1)}</url>' in meta
    slug = homepage.group(1).removeprefix("https://github.com/")
    assert f"gh attestation verify uno-{__version__}-linux-x86_64.zip --repo {slug}" in (
        ROOT / "docs" / "BUILD.md").read_text("utf-8")
    for script in ("package_linux.sh", "check_linux_zip.sh"):
        assert f"id={APP_ID}\n" in (ROOT / "scripts" / script).read_text("utf-8")
    assert f"id={APP_ID}\n" in (LINUX / "install-desktop-entry.sh").read_text("utf-8")
    # The uninstaller removes the folder where platformdirs keeps the player's data.
    nsis = NSIS.read_text("utf-8")
    assert f'!define APP_KEY "{APP_NAME}"' in nsis
    assert 'RMDir /r "$LOCALAPPDATA\\${APP_KEY}"' in nsis
    assert "Section /o \"un.$(DataSection)\" SecUnData" in nsis  # unticked unless asked


def test_classifiers_name_every_python_we_claim() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    oldest = re.search(r'^requires-python = ">=3\.(\d+)"$', pyproject, re.M)
    assert oldest
    named = sorted(int(m) for m in re.findall(r'"Programming Language :: Python :: 3\.(\d+)"',
                                               pyproject))
    newest = re.search(r"^NEWEST=3\.(\d+)$", (ROOT / ".ci" / "run").read_text("utf-8"), re.M)
    assert newest
    assert named == list(range(int(oldest.group(1)), int(newest.group(1)) + 1))


def test_py_typed_ships_with_the_package() -> None:
    from importlib import resources

    assert (resources.files("game") / "py.typed").is_file()
    assert '"game" = ["py.typed"]' in (ROOT / "pyproject.toml").read_text("utf-8")
