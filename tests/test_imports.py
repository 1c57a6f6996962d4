"""Every module of the game imports on the Python running the tests.

The README claims Python 3.10+; a module using what only a later Python has
(``typing.assert_never`` is 3.11+, issue 34) fails here on 3.10 even when no
other test reaches it. ``.ci/run`` runs this on the oldest and the newest
Python we claim.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
NOT_IMPORTED = {"game.__main__"}  # importing it starts the game

# One fresh interpreter imports them all, so a module another test imported
# first cannot hide a failure; each failure is reported with its last line.
IMPORT_ALL = """
import importlib, sys, traceback
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except BaseException:
        print(name + ": " + traceback.format_exc().strip().splitlines()[-1])
"""


def game_modules() -> list[str]:
    """The dotted names of every ``.py`` file under ``game/`` (packages by their ``__init__``)."""
    names = []
    for path in sorted(GAME.rglob("*.py")):
        parts = path.relative_to(GAME.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return [n for n in names if n not in NOT_IMPORTED]


def test_every_module_of_the_game_imports_on_this_python(tmp_path: Path) -> None:
    modules = game_modules()
    assert {"game", "game.app", "game.rules.engine", "game.party.server"} <= set(modules)
    env = dict(os.environ, UNO_GAME_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(GAME.parent))
    proc = subprocess.run([sys.executable, "-c", IMPORT_ALL, *modules], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-4000:]
    failed = proc.stdout.strip()
    assert not failed, f"on Python {sys.version.split()[0]}:\n{failed}"
