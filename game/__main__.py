"""``python -m game`` starts the game."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.launch import main  # noqa: E402

sys.exit(main())
