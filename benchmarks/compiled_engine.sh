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
bash "$here/scripts/build_compiled.sh" "$venv" "rlcard>=1.2"
# Run from benchmarks/ so "import game" finds the installed (compiled) package,
# not the source tree.
cd "$here/benchmarks"
exec "$venv/bin/python" engine_vs_rlcard.py "$@"
