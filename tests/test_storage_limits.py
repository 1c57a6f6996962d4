"""Issue #34 (6, 8): settings and statistics read like saves: capped in size, only
from regular files (a FIFO or /dev/zero never stalls the start), and the debris of
a killed write is swept in every folder the game writes, not only in saves/."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.paths import config_dir, data_dir
from game.storage import atomic
from game.storage.atomic import backup_path, is_temp_file
from game.storage.saves import load_with_recovery
from game.storage.stats import MAX_STATS_BYTES, StatsStore, stats_path
from game.storage.user_settings import (
    MAX_SETTINGS_BYTES,
    UserSettings,
    load_settings,
    save_settings,
    settings_path,
)

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _within(seconds: float, job: Callable[[], Any], unblock: Path | None = None) -> Any:
    """``job()``'s result, failing the test if it takes longer than ``seconds``
    (a reader stuck on a FIFO is released by opening it for writing)."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(job()), daemon=True)
    worker.start()
    worker.join(seconds)
    stuck = worker.is_alive()
    if stuck and unblock is not None:
        fd = os.open(unblock, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        worker.join(5)
    assert not stuck, f"still reading after {seconds} s"
    return out[0]


def _huge_json(path: Path, size: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "language": "en", "pad": "x" * size}))


def test_an_oversized_settings_file_is_set_aside_not_rewritten_whole() -> None:
    path = settings_path()
    _huge_json(path, MAX_SETTINGS_BYTES + 10)
    started = time.perf_counter()
    prefs = load_settings()
    assert prefs == UserSettings() and time.perf_counter() - started < 1.0
    assert not path.exists(), "the huge file was moved aside"
    assert [p.name.split(".damaged-")[0] for p in path.parent.iterdir()] == ["settings.json"]
    assert save_settings(prefs).ok
    assert path.stat().st_size < 4096 and not backup_path(path).exists()


def test_an_oversized_statistics_file_falls_back_to_its_backup() -> None:
    path = stats_path()
    good = StatsStore(path=path)
    good.player("Ann").matches_played = 4
    assert good.save().ok and good.save().ok  # the second save keeps the first as .bak
    _huge_json(path, MAX_STATS_BYTES + 10)
    store = StatsStore.load()
    assert store.players["Ann"].matches_played == 4 and store.notice == "restored"
    assert store.save().ok and path.stat().st_size < 4096


@needs_fifo
@pytest.mark.parametrize("which", ["settings", "stats", "autosave"])
def test_a_fifo_in_place_of_a_file_never_blocks(which: str) -> None:
    path = {"settings": settings_path, "stats": stats_path,
            "autosave": lambda: data_dir() / "saves" / "autosave.json"}[which]()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    load = {"settings": load_settings, "stats": StatsStore.load, "autosave": load_with_recovery}
    result = _within(3.0, (lambda: load[which](path)) if which == "autosave" else load[which],
                     unblock=path)
    if which == "settings":
        assert result == UserSettings() and save_settings(result).ok
    elif which == "stats":
        assert result.players == {} and result.save().ok
    else:
        assert result[0] is None


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("which", ["settings", "stats"])
def test_a_link_to_an_endless_device_is_not_read(which: str) -> None:
    path = settings_path() if which == "settings" else stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to("/dev/zero")
    result = _within(3.0, load_settings if which == "settings" else StatsStore.load)
    assert result == UserSettings() if which == "settings" else result.players == {}


def test_read_capped_reads_at_most_the_cap(tmp_path: Path) -> None:
    p = tmp_path / "f"
    p.write_bytes(b"12345")
    assert atomic.read_capped(p, 5) == b"12345"
    with pytest.raises(atomic.TooLarge):
        atomic.read_capped(p, 4)
    with pytest.raises(atomic.NotRegular):
        atomic.read_capped(tmp_path, 10)
    with pytest.raises(FileNotFoundError):
        atomic.read_capped(tmp_path / "nope", 10)


@pytest.mark.parametrize("folder", ["config", "data"])
def test_killed_write_debris_is_swept_in_every_folder(folder: str) -> None:
    where = config_dir() if folder == "config" else data_dir()
    name = "settings.json" if folder == "config" else "stats.json"
    debris = where / f".{name}.k1ll3d.tmp"
    fresh = where / f".{name}.wr1t1ng.tmp"  # another instance may be writing right now
    where.mkdir(parents=True, exist_ok=True)
    debris.write_text("{half")
    fresh.write_text("{half")
    old = time.time() - 2 * atomic.STALE_TEMP_SECONDS
    os.utime(debris, (old, old))
    if folder == "config":
        assert save_settings(load_settings()).ok
    else:
        assert StatsStore.load().save().ok
    left = sorted(p.name for p in where.iterdir() if is_temp_file(p))
    assert left == [fresh.name]


def test_a_damaged_file_with_a_name_at_the_length_limit_is_set_aside(tmp_path: Path) -> None:
    """A 250-byte file name has no room for ".damaged-<time>": quarantine shortens the
    name it moves to instead of letting ENAMETOOLONG escape into Load."""
    name = "é" * 120 + "x" * 5 + ".json"  # 250 bytes in UTF-8
    assert len(name.encode()) == 250
    path = tmp_path / name
    path.write_text("{ not json")
    loaded, notices = load_with_recovery(path)
    assert loaded is None
    moved = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(moved) == 1 and not path.exists()
    assert len(moved[0].name.encode()) <= 255
    assert moved[0].read_text() == "{ not json"
    assert notices and notices[0].key == "save.damaged"
    again = tmp_path / name
    again.write_text("{ still not json")
    load_with_recovery(again)  # a second one in the same second gets its own name
    assert len([p for p in tmp_path.iterdir() if ".damaged-" in p.name]) == 2
