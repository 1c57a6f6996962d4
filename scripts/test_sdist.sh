#!/usr/bin/env bash
# The sdist tests itself: unpack it in a temporary folder, install it (with the
# test extra) into a fresh virtual environment there, collect the whole suite
# from the unpacked tests (no file missing: conftest.py, the helpers, the files
# they read) and run a subset of it against the installed package.
#
#   scripts/test_sdist.sh dist/wheel/uno_game-<version>.tar.gz [pytest args]
#
# Without pytest args the subset is some rules, saves, the catalogue and the
# release checks (test_imports puts the unpacked source first on the path: it
# is for checkouts).
# Uses $PYTHON (default: python3) to make the virtual environment.
set -euo pipefail
sdist="$(realpath "$1")"; shift
PYTHON="${PYTHON:-python3}"
if [[ $# -eq 0 ]]; then
    set -- tests/test_release.py tests/test_rules_turns.py \
        tests/test_rules_house.py tests/test_saves.py tests/test_catalogue.py
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$sdist" -C "$tmp"
src="$(echo "$tmp"/uno_game-*)"
"$PYTHON" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet "$sdist[test]"
# The tests import their helpers as `tests.x`: the unpacked folder goes on the
# path *after* site-packages (a .pth file), so that `import game` still finds the
# installed package, not the unpacked game/ (`pytest`, not `python -m pytest`,
# which would put the working folder first).
purelib="$("$tmp/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
echo "$src" > "$purelib/uno_sdist_tests.pth"
cd "$src"
# pyproject's pytest pythonpath would put the unpacked folder first (in a checkout,
# tests import benchmarks.* from it): here its game/ (no assets/ inside, they are
# mapped in at install) must not shadow the installed package, so pytest runs with
# no pythonpath; the .pth file above still finds tests.* and benchmarks.*.
nopath=(-o "pythonpath=")
echo "== collecting the whole suite from the unpacked sdist"
"$tmp/venv/bin/pytest" "${nopath[@]}" --collect-only -q -p no:cacheprovider > "$tmp/collected.txt" || {
    tail -40 "$tmp/collected.txt"; echo "the sdist's tests do not collect"; exit 1; }
# (pyproject's -q and this -q: one "file: count" line per test file)
awk -F': ' '/^tests\/.*: [0-9]+$/ {n += $2; f += 1} END {
    print n " tests collected from " f " files"; exit (f == 0)}' "$tmp/collected.txt"
# One more test, written here, proves which game the subset ran against.
cat > tests/test_zz_sdist_origin.py <<'PY'
import game


def test_the_installed_package_is_under_test():
    assert "site-packages" in game.__file__, f"tests ran against {game.__file__}"
PY
echo "== running a subset from the unpacked sdist: $*"
"$tmp/venv/bin/pytest" "${nopath[@]}" -p no:cacheprovider "$@" tests/test_zz_sdist_origin.py
