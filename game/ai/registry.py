"""Make an agent from a name: a level (random, easy, normal, hard) or
``package.module:ClassName`` for anyone's own bot."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable

from .base import Agent, RandomAgent

AgentFactory = Callable[[int, int], Agent]  # (seed, think_ms) -> agent

LEVELS: dict[str, AgentFactory] = {
    "random": lambda seed, think_ms: RandomAgent(seed),
}


def register_level(name: str, factory: AgentFactory) -> None:
    LEVELS[name] = factory


def _load_levels() -> None:
    # Levels living in their own modules register themselves on import.
    for mod in ("game.ai.easy", "game.ai.normal", "game.ai.hard"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise


def level_names() -> list[str]:
    _load_levels()
    return list(LEVELS)


class AgentLoadError(ValueError):
    """A bot that cannot be made; a constructor's own error is ``__cause__``."""


def _accepts(cls: type, name: str) -> bool:
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        return False
    return name in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def make_agent(spec: str, seed: int = 0, think_ms: int = 300) -> Agent:
    """``spec`` is a level name or ``module:Class``; raises ValueError if unknown.

    A class is constructed with ``seed=`` and ``think_ms=`` when its
    constructor takes them. When the constructor itself fails, the
    :class:`AgentLoadError` raised carries that error as ``__cause__`` (with
    its traceback) for the caller to show.
    """
    _load_levels()
    if spec in LEVELS:
        return LEVELS[spec](seed, think_ms)
    if ":" in spec:
        module_name, _, cls_name = spec.partition(":")
        try:
            cls = getattr(importlib.import_module(module_name), cls_name)
        except (ImportError, AttributeError) as exc:
            raise ValueError(f"cannot load agent {spec!r}: {exc}") from None
        kwargs = {name: value for name, value in (("seed", seed), ("think_ms", think_ms))
                  if _accepts(cls, name)}
        try:
            agent = cls(**kwargs)
        except Exception as exc:
            raise AgentLoadError(f"{spec!r} failed in its constructor: "
                                 f"{type(exc).__name__}: {exc}") from exc
        if not callable(getattr(agent, "choose", None)):
            raise ValueError(f"{spec!r} has no choose(view, legal) method")
        return agent  # type: ignore[no-any-return]
    raise ValueError(f"unknown agent {spec!r}; use one of {', '.join(LEVELS)} or module:Class")
