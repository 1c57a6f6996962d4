#!/usr/bin/env bash
# Refresh the locked build environments (docs/BUILD.md, "Pinned build environment"):
#
#   python -m pip install uv==0.13.9    # the tool that writes the locks
#   scripts/lock.sh                     # rewrites requirements/*.lock
#   scripts/lock.sh --upgrade           # ... moving every pin to the newest release
#
# Each lock holds every package of one environment, pinned with the SHA-256 of
# every file PyPI has for that release, for every system the release builds on
# (--universal: markers pick pefile on Windows, macholib on macOS), for the
# Python inside the standalone builds (3.11). Install one with
#   pip install --require-hashes -r requirements/frozen.lock
# then the project with --no-deps.
set -euo pipefail
cd "$(dirname "$0")/.."

UV="${UV:-uv}"
BUILD_PYTHON=3.11   # release.yml's build jobs (tests/test_workflows.py keeps them equal)
common=(--universal --python-version "$BUILD_PYTHON" --generate-hashes --quiet
        --custom-compile-command "scripts/lock.sh")
# frozen: the game's run-time dependencies and its online extra (pyproject.toml:
# magic-wormhole[dilate], the online seats; not its server packages) + PyInstaller.
"$UV" pip compile "${common[@]}" "$@" --extra online pyproject.toml requirements/frozen.in \
    -o requirements/frozen.lock
# package: build, the build backend and twine, for the sdist and the wheel.
"$UV" pip compile "${common[@]}" "$@" requirements/package.in -o requirements/package.lock
grep -c '^[a-z]' requirements/frozen.lock requirements/package.lock
