"""The online seats' library is loaded on use only (docs/ONLINE.md, "In the
standalone builds"): the standalone builds carry magic-wormhole, Twisted and
autobahn, and a game that never plays online must not pay for importing them.
The menu, New game (which offers the Online seat kind) and Join online (before a
code is typed) open without them, where the ``online`` extra is installed too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("wormhole", "twisted", "autobahn", "nacl", "noise", "spake2", "cryptography", "OpenSSL")
SCRIPT = f"""
import json, sys
from game.app import App
from game.cli import parse_args
from game.online import available

app = App(parse_args(["--size", "1280x720", "--lang", "en"]))
app.running = True
app.pump(3)
seen = {{}}
for name in ("menu", "new_game", "join_online"):
    if name != "menu":
        app.open(name)
        app.pump(3)
    seen[name] = sorted(m for m in {HEAVY!r} if m in sys.modules)
app.shutdown()
print(json.dumps({{"available": available(), "seen": seen}}))
"""


def test_menu_new_game_and_join_online_import_no_online_library(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "UNO_GAME_HOME": str(tmp_path / "home"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("UNO_ONLINE_SERVER", None)
    env.pop("UNO_ONLINE_RELAY", None)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["seen"] == {"menu": [], "new_game": [], "join_online": []}, result
