"""UNO for the desktop."""

__version__ = "0.1.0"  # the one place the version lives (pyproject.toml reads it)

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
