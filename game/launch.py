"""How the game starts: the log and the crash report first, then the game.

Every entry (``uno``, ``python -m game``, the frozen builds) comes through
:func:`main`. Before anything heavy is imported, logging is set up and
:mod:`faulthandler` writes a hard crash (a segfault in SDL, a deadlock killed by a
signal) to ``faults.log`` beside the game's log. An exception from start to exit
then reaches the log as one clear line plus its traceback, and the player is
told where the log is: on the console when there is one, else (a windowed build,
where ``sys.stdout`` and ``sys.stderr`` are None) in a native message box.
"""

from __future__ import annotations

import faulthandler
import logging
import sys
import threading
from pathlib import Path
from typing import IO, Any

log = logging.getLogger(__name__)

PROG = "uno"
FAULTS_NAME = "faults.log"
CRASH_EXIT = 1
_kept: list[IO[str]] = []  # faulthandler writes to the file it was given: keep it open


def one_line(exc: BaseException) -> str:
    """``Type: message`` on one short line (the message quoted through the text gate)."""
    from game.text_gate import excerpt

    text = excerpt(" ".join(str(exc).split()), 200)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def start_logging(to_file: bool = True) -> Path | None:
    """The game's log file (None when no log can be written, or ``to_file`` is
    False); hard crashes go to ``faults.log`` in the same folder, else to stderr
    when there is one."""
    path: Path | None = None
    try:
        from game.logs import setup_logging

        path = setup_logging() if to_file else None
    except Exception:  # logging must never stop the game
        path = None
    # (a relative path: no log folder could be made; never write into the cwd)
    _enable_faults(path.parent if path is not None and path.is_absolute() and path.parent.is_dir()
                   else None)
    threading.excepthook = _thread_crashed
    return path


def _enable_faults(folder: Path | None) -> None:
    if faulthandler.is_enabled():
        return
    if folder is not None:
        try:
            stream = open(folder / FAULTS_NAME, "a", encoding="utf-8")  # noqa: SIM115 (kept open)
        except OSError:
            pass
        else:
            _kept.append(stream)
            faulthandler.enable(stream)
            return
    if sys.stderr is not None:
        try:
            faulthandler.enable(sys.stderr)
        except (AttributeError, ValueError, OSError):  # no real file behind it
            pass


def _thread_crashed(args: Any) -> None:
    """A worker thread's exception: logged with its traceback (the frame loop goes on
    and tells the player through its own paths, e.g. a bot that fails falls back)."""
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "?"
    log.critical("thread %s crashed: %s", name, one_line(args.exc_value or args.exc_type()),
                 exc_info=(args.exc_type, args.exc_value, args.exc_traceback))


def windowed() -> bool:
    """No console to speak to: a windowed build (Windows ``console=False``: stderr
    is None) or a frozen app started from a desktop."""
    return sys.stderr is None or (bool(getattr(sys, "frozen", False)) and not sys.stderr.isatty())


def crash_message(exc: BaseException, log_path: Path | None) -> str:
    """What the player reads: the game stopped, why in one line, where the log is,
    in the player's language when the catalogue can be read."""
    where = str(log_path) if log_path is not None else "-"
    try:
        from game.i18n import t

        return t("crash.message", reason=one_line(exc), log=where)
    except Exception:  # the catalogue itself may be what broke
        return f"The game stopped because of an error.\n{one_line(exc)}\nDetails: {where}"


def report(exc: BaseException, log_path: Path | None) -> None:
    """Log ``exc`` (one line, then the traceback) and tell the player."""
    log.critical("the game crashed: %s", one_line(exc), exc_info=exc)
    for handler in logging.getLogger().handlers:
        try:
            handler.flush()
        except Exception:
            pass
    message = crash_message(exc, log_path)
    if windowed():
        try:
            import pygame

            title = _crash_title()
            pygame.display.message_box(title, message, message_type="error")
        except Exception:
            log.warning("no message box for the crash report")
        return
    stream = sys.stderr or sys.stdout
    if stream is not None:
        stream.write(f"{PROG}: {message}\n")


def _crash_title() -> str:
    try:
        from game.i18n import t

        return t("crash.title")
    except Exception:
        return "UNO"


def main(argv: list[str] | None = None) -> int:
    """``uno``: the game (or its self-test) with crash reporting around all of it."""
    args = list(sys.argv[1:] if argv is None else argv)
    # The self-test keeps to a temporary home of its own (and its own log there):
    # it must not create the player's log folder.
    log_path = start_logging(to_file="--self-test" not in args)
    try:
        from game.selftest import entry

        return entry(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        report(exc, log_path)
        return CRASH_EXIT
