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

# settings.py stays interpreted: mypyc's native classes do not support the
# ``object.__new__`` the new-game screen uses to hold an unvalidated RuleSettings
# (the engine copies the settings it reads per decision into native fields).
COMPILED = [
    "game/rules/actions.py",
    "game/rules/cards.py",
    "game/rules/errors.py",
    "game/rules/events.py",
    "game/rules/view.py",
    "game/rules/prefix.py",
    "game/rules/predicates.py",
    "game/rules/engine.py",
    "game/ai/random_agent.py",
    "game/sim.py",
]

ext_modules = []
if os.environ.get("UNO_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3", group_name="uno_rules")

setup(ext_modules=ext_modules)
