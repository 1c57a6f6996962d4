"""A background writer that keeps only the latest pending save.

The table autosaves after every completed action; building and writing the
checksummed JSON takes tens of milliseconds on long matches, so it happens on
one worker thread. Snapshots that arrive while a write is running coalesce:
only the newest is written next. ``flush`` waits until everything is on disk.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class LatestWriter:
    def __init__(self, write: Callable[[Any], None]) -> None:
        self._write = write
        self._cond = threading.Condition()
        self._pending: Any = None
        self._has_pending = False
        self._busy = False
        self._thread: threading.Thread | None = None
        self.writes = 0  # completed writes (for tests)

    def submit(self, item: Any) -> None:
        with self._cond:
            self._pending, self._has_pending = item, True
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._has_pending:
                    self._cond.wait(timeout=2.0)
                    if not self._has_pending:
                        self._thread = None
                        self._cond.notify_all()
                        return
                item, self._pending, self._has_pending = self._pending, None, False
                self._busy = True
            try:
                self._write(item)
            except Exception:  # noqa: BLE001 - one failed save must not stop later ones
                log.exception("background save failed")
            finally:
                with self._cond:
                    self._busy = False
                    self.writes += 1
                    self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted item is written; False on time-out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._has_pending and not self._busy,
                                       timeout=timeout)
