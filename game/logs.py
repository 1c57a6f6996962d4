"""Logging to a rotating file under :func:`game.paths.log_dir`.

Windowed builds on Windows have ``sys.stdout = None``: we only add a console
handler when a real stream exists (and the caller asks for it).
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

from game.paths import log_dir

LOG_NAME = "uno-game.log"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_MARK = "_uno_game_handler"


def setup_logging(level: int = logging.INFO, console: bool = False) -> Path:
    """Send log records to ``log_dir()/uno-game.log`` (rotating); return its path.

    Calling it again replaces the handlers it added before (no duplicates).
    If the log folder cannot be written, logging still works (to stderr when
    it exists, else nowhere) and the intended path is returned.
    """
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _MARK, False):
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    formatter = logging.Formatter(_FORMAT)
    handlers: list[logging.Handler] = []
    path = Path(LOG_NAME)
    try:
        path = log_dir() / LOG_NAME
        handlers.append(logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"))
    except OSError:
        console = True
    stream = sys.stderr if sys.stderr is not None else sys.stdout
    if console and stream is not None:
        handlers.append(logging.StreamHandler(stream))
    if not handlers:
        handlers.append(logging.NullHandler())
    for handler in handlers:
        handler.setFormatter(formatter)
        setattr(handler, _MARK, True)
        root.addHandler(handler)
    return path
