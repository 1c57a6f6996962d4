"""A guard for the whole test session: nothing may write into the player's
real folders (settings, saves, stats, logs), from any test or any thread a
test left running. An audit hook (``sys.addaudithook``) sees every file the
test process opens for writing, renames, creates or removes; a write under
one of the real folders is recorded and fails the session."""

from __future__ import annotations

import os
import threading
import traceback
from pathlib import Path

import platformdirs

from game.paths import APP_NAME

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
PATH_EVENTS = ("os.rename", "os.replace", "os.mkdir", "os.remove", "os.rmdir", "shutil.rmtree")


def real_folders() -> tuple[str, ...]:
    """The player's folders, as the game finds them without ``UNO_GAME_HOME``."""
    found = (platformdirs.user_config_dir(APP_NAME, appauthor=False),
             platformdirs.user_data_dir(APP_NAME, appauthor=False),
             platformdirs.user_log_dir(APP_NAME, appauthor=False))
    return tuple(str(Path(p).resolve()) for p in found)


class RealFilesGuard:
    def __init__(self, folders: tuple[str, ...]) -> None:
        self.folders = folders
        self.writes: list[str] = []
        self._busy = threading.local()

    def _inside(self, path: object) -> bool:
        if not isinstance(path, (str, bytes, os.PathLike)):
            return False
        p = os.path.abspath(os.fsdecode(path))
        return any(p == f or p.startswith(f + os.sep) for f in self.folders)

    def __call__(self, event: str, args: tuple[object, ...]) -> None:
        if event == "open":
            path, mode, flags = (args + (None, None, None))[:3]
            writing = (isinstance(mode, str) and any(m in mode for m in "wax+")) or (
                isinstance(flags, int) and bool(flags & WRITE_FLAGS))
            paths: tuple[object, ...] = (path,) if writing else ()
        elif event in PATH_EVENTS:
            paths = args[:2]
        else:
            return
        if getattr(self._busy, "on", False):
            return
        self._busy.on = True
        try:
            for p in paths:
                if self._inside(p):
                    where = "".join(traceback.format_stack(limit=12)[:-1])
                    test = os.environ.get("PYTEST_CURRENT_TEST", "(between tests)")
                    self.writes.append(f"{event} {os.fsdecode(p)!r} during {test}\n{where}")
                    break  # (one record per event)
        finally:
            self._busy.on = False
