#!/usr/bin/env bash
# The rules, simulation and AI tests against the mypyc-compiled engine
# (scripts/build_compiled.sh), so the optional compiled build never drifts
# from the interpreted one. Used by .ci/run.
#
#   bash scripts/test_compiled.sh [venv dir]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
venv="${1:-$(mktemp -d)/venv}"
bash "$here/scripts/build_compiled.sh" "$venv" "pytest>=8" "hypothesis>=6.100"
# From outside the checkout (so the compiled package is imported), on the
# checkout's tests; the self-test and UI tests need the source tree's layout.
cd /
export UNO_EXPECT_COMPILED=1
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider -c "$here/pyproject.toml" \
    --rootdir "$here" \
    "$here"/tests/test_rules_*.py "$here/tests/test_engine_simulation.py" \
    "$here/tests/test_no_peek.py" "$here/tests/test_sim.py" "$here/tests/test_ai_fairness.py" \
    "$here/tests/test_saves.py" "$here/tests/test_settings_hypothesis.py"
