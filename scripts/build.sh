#!/usr/bin/env bash
# Build the standalone game with PyInstaller (Linux and macOS), then self-test it.
#
#   scripts/build.sh            # one folder (dist/onedir/uno/) and one file (dist/onefile/uno)
#   scripts/build.sh onedir     # only the one-folder app
#   scripts/build.sh onefile    # only the one-file executable
#
# Uses $PYTHON (default: .venv/bin/python, made with `pip install -e .[build,online]`
# when missing: PyInstaller, and the online seats' library that the builds carry).
# Prints the build time and the size of each build.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -eq 0 ]]; then set -- onedir onefile; fi
PYTHON="${PYTHON:-.venv/bin/python}"

if [[ ! -x "$PYTHON" ]]; then
    echo "== creating .venv"
    python3 -m venv .venv
    PYTHON=.venv/bin/python
    "$PYTHON" -m pip install --upgrade pip
    "$PYTHON" -m pip install -e ".[build,online]"
fi
if ! "$PYTHON" -c "import PyInstaller, wormhole, noise" 2>/dev/null; then
    "$PYTHON" -m pip install -e ".[build,online]"
fi

for mode in "$@"; do
    case "$mode" in
        onedir) extra=() ; exe=dist/onedir/uno/uno ; out=dist/onedir/uno ;;
        onefile) extra=(-- --onefile) ; exe=dist/onefile/uno ; out=dist/onefile/uno ;;
        *) echo "unknown mode: $mode (onedir or onefile)" >&2; exit 2 ;;
    esac
    echo "== building $mode"
    start=$(date +%s)
    "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN build.spec "${extra[@]}"
    end=$(date +%s)
    if [[ "$(uname)" == "Darwin" && "$mode" == "onedir" ]]; then
        echo "   (macOS app bundle: dist/onedir/UNO.app)"
    fi
    echo "== $mode built in $((end - start)) s, size $(du -sh "$out" | cut -f1)"
    echo "== self-test of $exe"
    "$exe" --self-test
done
