#!/usr/bin/env bash
# Build the sdist and the wheel, check them with twine, install the wheel into a
# fresh virtual environment in a temporary folder outside the checkout, and run
# `uno --self-test` from there (with its own UNO_GAME_HOME).
#
#   scripts/build_wheel.sh          # results in dist/wheel/
#
# Uses $PYTHON (default: python3) with `build` and `twine` installed
# (pip install -e ".[build]"). BUILD_FLAGS=--no-isolation builds with the
# setuptools of $PYTHON's environment (the release: requirements/package.lock)
# instead of a fresh, unpinned one.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
out=dist/wheel
rm -rf "$out"
# shellcheck disable=SC2086
"$PYTHON" -m build ${BUILD_FLAGS:-} --outdir "$out" .
"$PYTHON" -m twine check --strict "$out"/*

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
wheel="$(cd "$out" && ls -1 ./*.whl)"
"$PYTHON" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet "$out/${wheel#./}"
cd "$tmp"  # outside the checkout: only the installed wheel can be imported
venv/bin/python - <<'PY'
from importlib import metadata, resources

licences = resources.files("game.assets") / "licenses"
for name in ("LICENSE.txt", "THIRD-PARTY-NOTICES.txt", "LGPL-2.1.txt"):
    assert (licences / name).is_file(), f"the wheel lacks assets/licenses/{name}"
assert (resources.files("game.assets") / "icon.png").is_file(), "the wheel lacks the icon"
assert (resources.files("game.party") / "static" / "phone.js").is_file(), "no phone page"
assert (resources.files("game") / "py.typed").is_file(), "the wheel lacks game/py.typed"
assert metadata.metadata("uno-game")["License-Expression"] == "MIT"
files = [str(f) for f in metadata.files("uno-game") or []]
assert any(f.endswith("licenses/LICENSE") for f in files), "no LICENSE in the dist-info"
print("wheel contents: licences, icon, py.typed and metadata present")
PY
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy UNO_GAME_HOME="$tmp/home" venv/bin/uno --self-test
echo "== $out: $(cd "$OLDPWD/$out" && ls -1 | tr '\n' ' ')"
