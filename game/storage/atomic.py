"""Crash-safe file writes: a file on disk is always either the old or the new version.

``atomic_write_text`` writes a temp file in the same folder, flushes and
fsyncs it, keeps the previous version as ``<name>.bak`` and swaps the new
file in with ``os.replace`` (atomic on POSIX and Windows). Temp files left by
a crash start with ``.`` and end with ``.tmp``: loaders never look at them.
Nothing here (or anywhere in storage) uses pickle.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import shutil
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TEMP_SUFFIX = ".tmp"
BACKUP_SUFFIX = ".bak"
STALE_TEMP_SECONDS = 600.0

# Why a write failed, as a key the screens can show (``storage.<reason>`` in the UI strings).
WRITE_REASONS = ("disk_full", "read_only", "other")
_DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_READ_ONLY = {errno.EROFS, errno.EACCES, errno.EPERM}


@dataclass(frozen=True)
class WriteResult:
    """What a save of settings or statistics did: true when written, else ``reason``
    says why (one of :data:`WRITE_REASONS`, or ``newer_format`` for a file left alone)."""

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok


def write_failure_reason(exc: BaseException) -> str:
    """``disk_full`` (ENOSPC, EDQUOT), ``read_only`` (EROFS, EACCES, EPERM) or ``other``."""
    if isinstance(exc, OSError):
        if exc.errno in _DISK_FULL:
            return "disk_full"
        if exc.errno in _READ_ONLY:
            return "read_only"
    return "other"


def backup_path(path: Path) -> Path:
    """``save.json`` -> ``save.json.bak``."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def is_temp_file(path: Path) -> bool:
    return path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX)


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable; not possible (nor needed) on Windows."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(folder: Path, name: str, data: bytes, mode: int) -> Path:
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=TEMP_SUFFIX)
    try:
        try:
            fh = os.fdopen(fd, "wb")
        except BaseException:
            os.close(fd)
            raise
        with fh:
            if hasattr(os, "fchmod"):
                os.fchmod(fh.fileno(), mode)  # mkstemp makes 0600: keep the old mode or 0644
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp)


def _temp_name(folder: Path, name: str) -> Path:
    """A fresh temp path in ``folder`` (``.<name>.<random>.tmp``); nothing is opened."""
    return folder / f".{name}.{secrets.token_hex(6)}{TEMP_SUFFIX}"


def _copy_durably(src: Path, dst: Path) -> None:
    """Copy ``src`` to the new file ``dst`` and fsync it; both handles closed on return."""
    with open(src, "rb") as fin, open(dst, "xb") as fout:
        shutil.copyfileobj(fin, fout)
        fout.flush()
        os.fsync(fout.fileno())


def _keep_backup(path: Path) -> None:
    """Copy the current ``path`` to ``path.bak`` atomically; ``path`` stays in place.

    Nothing is held open across a rename: the hard link opens no file, and the
    copy (where links are not possible) is closed before ``os.replace``.
    """
    bak = backup_path(path)
    for _ in range(8):
        tmp = _temp_name(path.parent, bak.name)
        try:
            try:
                os.link(path, tmp)  # cheap: the old inode lives on as the backup
            except FileExistsError:
                continue
            except OSError:
                _copy_durably(path, tmp)
            os.replace(tmp, bak)
            return
        except FileExistsError:
            continue
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
    raise FileExistsError(errno.EEXIST, "no free temp name for the backup", str(bak))


_swept: set[Path] = set()  # folders whose crash debris this process has cleared
_swept_lock = threading.Lock()  # the autosave and statistics write from worker threads


def sweep_once(folder: Path) -> None:
    """:func:`remove_stale_temps` in ``folder`` the first time this process writes there,
    so no folder the game writes (config, data, saves, replays) keeps a killed write's debris."""
    with _swept_lock:
        if folder in _swept:
            return
        _swept.add(folder)
    remove_stale_temps(folder)


def atomic_write_bytes(path: Path | str, data: bytes, keep_backup: bool = True) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old or the new file, never a mix.

    Every handle opened here is closed before any rename: the temp file is written,
    flushed, fsynced and closed, then renamed over ``path`` (see docs/ARCHITECTURE.md,
    "Files on disk", for what this guarantees on Windows).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    sweep_once(path.parent)
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        mode = 0o644
    tmp = _write_temp(path.parent, path.name, data, mode)
    try:
        if keep_backup and path.is_file():
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def atomic_write_text(path: Path | str, text: str, keep_backup: bool = True) -> None:
    """UTF-8 text version of :func:`atomic_write_bytes`."""
    atomic_write_bytes(path, text.encode("utf-8"), keep_backup=keep_backup)


class TooLarge(OSError):
    """A file bigger than its kind may be (read nothing more of it)."""


class NotRegular(OSError):
    """A path that is a FIFO, a device, a folder...: never read as a file."""


def read_capped(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` if there are at most ``limit`` of them.

    Raises FileNotFoundError, :class:`NotRegular` (a FIFO as ``stats.json`` would
    block forever, ``/dev/zero`` never ends), :class:`TooLarge`, or another OSError.
    The file is opened without blocking, checked through its own handle (no race
    between a check and the read), read to at most ``limit + 1`` bytes and closed.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(errno.EINVAL, "not a regular file", str(path))
        if info.st_size > limit:
            raise TooLarge(errno.EFBIG, f"larger than {limit} bytes", str(path))
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while we read
                raise TooLarge(errno.EFBIG, f"larger than {limit} bytes", str(path))
    finally:
        os.close(fd)


def read_json_object(path: Path, limit: int) -> tuple[dict[str, Any] | None, str]:
    """The JSON object stored in ``path`` and ``""``, or None and what went wrong:
    ``missing``, ``unreadable`` (an OS error, or not a regular file) or ``damaged``
    (not a JSON object, or more than ``limit`` bytes)."""
    try:
        raw = read_capped(path, limit)
    except FileNotFoundError:
        return None, "missing"
    except TooLarge:
        return None, "damaged"
    except OSError:
        return None, "unreadable"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None, "damaged"
    return (data, "") if isinstance(data, dict) else (None, "damaged")


def remove_stale_temps(folder: Path | str, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete temp files a crash left in ``folder`` (only ones older than ``older_than`` s)."""
    removed = 0
    now = time.time()
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return 0
    for entry in entries:
        try:
            if is_temp_file(entry) and entry.is_file() and now - entry.stat().st_mtime > older_than:
                entry.unlink()
                removed += 1
        except OSError:
            continue
    return removed


NAME_BYTES = 255  # the longest file name most file systems take (ext4, APFS, NTFS in UTF-16 units)


def _aside_name(name: str, suffix: str) -> str:
    """``name + suffix``, with ``name`` cut (on a character boundary) so that the
    whole fits in :data:`NAME_BYTES` bytes as the file system is given them (a name
    that is not valid UTF-8 holds escaped bytes: ``os.fsencode`` gives them back)."""
    room = NAME_BYTES - len(os.fsencode(suffix))
    while name and len(os.fsencode(name)) > room:
        name = name[:-1]
    return name + suffix


def quarantine(path: Path | str) -> Path | None:
    """Move a damaged file aside as ``<name>.damaged-<time>`` (never deleted; a name
    near the length limit is shortened to make room for the mark).

    Returns the new path, or None when there was nothing to move (or it failed).
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        if not path.exists():
            return None
        for n in range(1000):
            suffix = f".damaged-{stamp}" + (f"-{n}" if n else "")
            target = path.with_name(_aside_name(path.name, suffix))
            if not target.exists():
                os.rename(path, target)
                return target
    except OSError:
        return None
    return None
