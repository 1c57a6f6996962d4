#!/usr/bin/env bash
# Install the game with its engine compiled by mypyc (setup.py, UNO_COMPILE=1)
# into the virtual environment $1 (made if missing). The same source, compiled
# ahead of time; the README's installs stay pure Python.
#
#   bash scripts/build_compiled.sh /tmp/uno-compiled [extra pip requirements...]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
venv="$1"
shift
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q --upgrade "setuptools>=77" wheel "mypy>=1.10" "$@"  # 77: SPDX licence
# Build from a clean copy of the sources: setuptools would reuse a stale build/ folder.
tmp="$(mktemp -d)"
mkdir -p "$tmp/src"
cp -r "$here/pyproject.toml" "$here/setup.py" "$here/README.md" "$here/LICENSE" "$here/game" "$here/assets" "$tmp/src/"
find "$tmp/src" -name "__pycache__" -prune -exec rm -rf {} +
UNO_COMPILE=1 "$venv/bin/pip" install -q --no-build-isolation --force-reinstall "$tmp/src"
rm -rf "$tmp"
# Run from outside the checkout, or "import game" finds the source tree instead.
(cd / && "$venv/bin/python" -c "
import game.rules.engine as e
assert not e.__file__.endswith('.py'), 'the engine did not compile: ' + e.__file__
print('compiled engine:', e.__file__)")
