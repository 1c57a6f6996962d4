"""A progress bar on stderr for long headless runs (uno-sim, benchmarks).

On a terminal it redraws one line (``\\r``); into a file or a pipe it writes a
line at every tenth of the run, so logs show progress without flooding.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 28


class Progress:
    def __init__(self, total: int, label: str = "", stream: TextIO | None = None) -> None:
        self.total = max(1, total)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.start = time.perf_counter()
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._last_tenth = 0
        self._last_draw = 0.0

    def update(self, n: int = 1, note: str = "") -> None:
        self.done = min(self.total, self.done + n)
        now = time.perf_counter()
        if self.tty:
            if now - self._last_draw >= 0.2 or self.done == self.total:
                self._last_draw = now
                self.stream.write("\r" + self.line(now, note))
                self.stream.flush()
            return
        tenth = self.done * 10 // self.total
        if tenth > self._last_tenth:
            self._last_tenth = tenth
            self.stream.write(self.line(now, note) + "\n")
            self.stream.flush()

    def line(self, now: float, note: str = "") -> str:
        frac = self.done / self.total
        fill = int(frac * WIDTH)
        elapsed = now - self.start
        eta = elapsed / frac - elapsed if frac > 0 else 0.0
        bar = "#" * fill + "." * (WIDTH - fill)
        head = f"{self.label} " if self.label else ""
        tail = f" {note}" if note else ""
        return (f"{head}[{bar}] {self.done}/{self.total} {elapsed:.0f}s elapsed, "
                f"~{eta:.0f}s left{tail}")

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
