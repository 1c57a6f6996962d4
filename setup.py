"""Optional compiled engine: ``UNO_COMPILE=1`` builds ``game/rules`` with mypyc.

Everything else lives in pyproject.toml; a normal install (the README's two
commands) stays pure Python. The compiled build is the same source, compiled
ahead of time (about 7x faster; see docs/ENGINE_API.md "Speed"):

    pip install setuptools wheel "mypy>=1.10"
    UNO_COMPILE=1 pip install --no-build-isolation .

(``--no-build-isolation`` so the build sees the mypy installed beside it.)
"""

from __future__ import annotations

import os

from setuptools import setup

# The engine's modules (settings.py stays interpreted: it is read once per match).
COMPILED = [
    "game/rules/actions.py",
    "game/rules/cards.py",
    "game/rules/errors.py",
    "game/rules/events.py",
    "game/rules/prefix.py",
    "game/rules/view.py",
    "game/rules/state.py",
    "game/rules/piles.py",
    "game/rules/scoring.py",
    "game/rules/turns.py",
    "game/rules/deal.py",
    "game/rules/legality.py",
    "game/rules/effects.py",
    "game/rules/observer.py",
    "game/rules/persist.py",
    "game/rules/engine.py",
    "game/ai/random_agent.py",
    "game/sim.py",
]

ext_modules = []
if os.environ.get("UNO_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3", group_name="uno_rules")

setup(ext_modules=ext_modules)
