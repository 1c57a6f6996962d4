"""The autosave writer keeps the newest snapshot and flush waits for it."""

from __future__ import annotations

import threading
import time

from game.storage.background import LatestWriter


def test_latest_snapshot_wins_and_flush_waits():
    written: list[int] = []
    gate = threading.Event()

    def slow_write(item: int) -> None:
        gate.wait(2)
        time.sleep(0.01)
        written.append(item)

    w = LatestWriter(slow_write)
    for i in range(50):
        w.submit(i)
    gate.set()
    assert w.flush(5)
    assert written[-1] == 49  # the newest always lands last
    assert len(written) < 50  # intermediate snapshots coalesced
    w.submit(99)
    assert w.flush(5) and written[-1] == 99


def test_writer_errors_do_not_kill_later_writes():
    seen: list[int] = []

    def write(item: int) -> None:
        if item == 1:
            raise OSError("disk full")
        seen.append(item)

    w = LatestWriter(write)
    w.submit(1)
    w.flush(5)
    w.submit(2)
    assert w.flush(5)
    assert seen == [2]
