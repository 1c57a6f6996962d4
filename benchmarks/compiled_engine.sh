#!/usr/bin/env bash
# The engine benchmark against the mypyc-compiled engine (same source, compiled
# ahead of time by setup.py when UNO_COMPILE=1), in a throw-away venv so the
# developer's editable install stays pure Python.
#
#   bash benchmarks/compiled_engine.sh [engine_vs_rlcard.py options]
#
# Set KEEP_VENV=dir to build into (and keep) that venv instead of a temp one.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
venv="${KEEP_VENV:-$(mktemp -d)/venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q setuptools wheel "mypy>=1.10" "rlcard>=1.2"
# Build from a clean copy of the sources: setuptools would reuse a stale build/ folder.
src="$(mktemp -d)/src"
mkdir -p "$src"
cp -r "$here/pyproject.toml" "$here/setup.py" "$here/README.md" "$here/game" "$here/assets" "$src/"
find "$src" -name "__pycache__" -prune -exec rm -rf {} +
UNO_COMPILE=1 "$venv/bin/pip" install -q --no-build-isolation --force-reinstall "$src"
rm -rf "$src"
# Run from benchmarks/ so "import game" finds the installed (compiled) package,
# not the source tree.
cd "$here/benchmarks"
exec "$venv/bin/python" engine_vs_rlcard.py "$@"
