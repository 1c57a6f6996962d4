"""A guest's way back to its last online seat (issue 38, docs/ONLINE.md).

While a guest sits at a host's table, the host hands it a rejoin code over the
encrypted link. The guest keeps the latest one here (``online_seat.json`` in the
data folder, written atomically), so a guest whose game was closed, or crashed,
finds **Rejoin** on the Join online screen and is back at its seat without a
new code. The code is forgotten when the host ends the match, when the match is
over, and when the host's game refuses it.

The file holds the code (checked by the text gate and against
:data:`~game.config.REJOIN_CODE` when read: anything else is no code) and when it was kept. Reading never raises.
"""

from __future__ import annotations

import json
import logging
import math
import time
from dataclasses import dataclass
from pathlib import Path

from game.config import REJOIN_CODE
from game.paths import data_dir
from game.text_gate import TextRefused, check

from .atomic import WriteResult, atomic_write_text, read_json_object, write_failure_reason

log = logging.getLogger(__name__)

FILE_NAME = "online_seat.json"
FORMAT = 1
MAX_BYTES = 4096  # a code and a time


@dataclass(frozen=True)
class KeptSeat:
    """``code``: the rejoin code; ``kept_at``: when it was kept (seconds since the epoch)."""

    code: str
    kept_at: float


def seat_path() -> Path:
    return data_dir() / FILE_NAME


def keep_code(code: str, path: Path | None = None, now: float | None = None) -> WriteResult:
    """Keep ``code`` (a rejoin code) for the next run of the game; ``""`` forgets it."""
    path = path or seat_path()
    if not code:
        forget_code(path)
        return WriteResult(True)
    if not REJOIN_CODE.fullmatch(code):
        raise ValueError("not a rejoin code")
    data = {"format": FORMAT, "code": code, "kept_at": round(time.time() if now is None else now)}
    try:
        atomic_write_text(path, json.dumps(data) + "\n", keep_backup=False)
    except OSError as exc:
        log.error("cannot keep the online seat's rejoin code in %s: %s", path, exc)
        return WriteResult(False, write_failure_reason(exc))
    return WriteResult(True)


def kept_code(path: Path | None = None) -> KeptSeat | None:
    """The kept rejoin code, or None (none kept, or a file that is not one of ours)."""
    data, _problem = read_json_object(path or seat_path(), MAX_BYTES)
    if data is None:
        return None
    code, kept_at = data.get("code"), data.get("kept_at")
    try:
        code = check(code, "kept online seat", 64)  # the one gate, then the code's shape
    except TextRefused:
        code = None
    if (data.get("format") != FORMAT or not isinstance(code, str)
            or not REJOIN_CODE.fullmatch(code) or isinstance(kept_at, bool)
            or not isinstance(kept_at, int | float) or not math.isfinite(kept_at)):
        log.warning("the kept online seat is not one this version reads: ignored")
        return None
    return KeptSeat(code, float(kept_at))


def forget_code(path: Path | None = None) -> None:
    """Forget the kept code (the match ended, or the host refused it)."""
    path = path or seat_path()
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("cannot remove the kept online seat %s: %s", path, exc)
