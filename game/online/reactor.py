"""The Twisted reactor that magic-wormhole runs on, in a daemon thread of its own.

Twisted's reactor is one per process and cannot be restarted, so it is
started on first use and lives as long as the process. Everything of the
library runs on that thread; other threads hand work over with :func:`call`
(which waits for the result) or :func:`post` (which does not).
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
from collections.abc import Callable
from typing import Any

_log = logging.getLogger(__name__)
_lock = threading.Lock()
_thread: threading.Thread | None = None


def reactor() -> Any:
    """The running reactor (started on first use)."""
    from twisted.internet import reactor as the_reactor

    global _thread
    with _lock:
        if _thread is None:
            _thread = threading.Thread(target=the_reactor.run, name="online-reactor",  # type: ignore[misc]
                                       kwargs={"installSignalHandlers": False}, daemon=True)
            _thread.start()
    return the_reactor


def on_reactor_thread() -> bool:
    return _thread is not None and threading.current_thread() is _thread


def post(fn: Callable[..., Any], *args: Any) -> None:
    """Run ``fn(*args)`` on the reactor thread, soon; errors are logged by Twisted."""
    reactor().callFromThread(fn, *args)


def submit(fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
    """Run ``fn(*args)`` on the reactor thread; a coroutine or Deferred it returns is
    awaited there. The future holds the result or the exception."""
    from twisted.internet.defer import Deferred, ensureDeferred

    done: concurrent.futures.Future[Any] = concurrent.futures.Future()

    def run() -> None:
        try:
            result = fn(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            done.set_exception(exc)
            return
        if not isinstance(result, Deferred) and not hasattr(result, "__await__"):
            done.set_result(result)
            return
        d = ensureDeferred(result) if not isinstance(result, Deferred) else result
        d.addCallbacks(done.set_result, lambda f: done.set_exception(f.value))

    reactor().callFromThread(run)
    return done


def call(fn: Callable[..., Any], *args: Any, timeout: float = 30.0) -> Any:
    """:func:`submit` and wait (at most ``timeout`` seconds) for the result."""
    return submit(fn, *args).result(timeout)


def sleep(seconds: float) -> Any:
    """A Deferred that fires after ``seconds`` (on the reactor thread)."""
    from twisted.internet import task

    return task.deferLater(reactor(), seconds, lambda: None)


def ensure(coro: Any) -> Any:
    """A coroutine as a Deferred running on the reactor (call on the reactor thread);
    an exception it raises is logged, not lost."""
    from twisted.internet.defer import ensureDeferred

    d = ensureDeferred(coro)
    d.addErrback(lambda f: _log.error("online: %s", f.getTraceback()))
    return d
