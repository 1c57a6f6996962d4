"""A debug query for tests that drive the real window (tests/journeys/).

Off unless ``UNO_DEBUG_PROBE=path`` is set. Then, each time the screen settles
(no visible scene animates) and what it shows has changed, the app writes a
small JSON document to that path, atomically: the scene stack, every visible
button (its text, the message ids whose plain text it is, its rect), and what
the topmost scene with a ``probe()`` method reports through it (the table:
hand card ids and rects, piles, seats, its own buttons, the public state; a
guest's table also its link to the host: status and standing line), and
under ``party`` what the topmost scene with a ``party_probe()`` method reports
(the join screen and the join codes: links, room code, seats joined), and under
``online`` the online join screen's codes and seat states. Rects are
``[x, y, w, h]`` in window pixels.

Nothing here is read back by the game: the file is for the test driver only.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game import i18n

if TYPE_CHECKING:
    from game.rules.view import PlayerView
    from game.scenes.base import SceneStack

class App(Protocol):
    """What the probe reads of the running game (``game.app.App``)."""

    ui: pygame_gui.UIManager
    scenes: SceneStack
    size: tuple[int, int]
    frame_count: int


ENV = "UNO_DEBUG_PROBE"
MIN_INTERVAL_S = 0.05  # look at most 20 times a second
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
SETTLING = (*PRESSES, pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame_gui.UI_BUTTON_PRESSED)
HOLD_AFTER_INPUT_S = 0.15


def from_env(environ: Mapping[str, str] | None = None) -> Probe | None:
    """The probe the environment asks for, or None (the normal case)."""
    path = (environ if environ is not None else os.environ).get(ENV, "").strip()
    return Probe(Path(path)) if path else None


def plain(value: Any) -> Any:
    """``value`` as JSON data: Rects become ``[x, y, w, h]``, enums their value."""
    if isinstance(value, pygame.Rect):
        return [value.x, value.y, value.w, value.h]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "value") and not isinstance(value, (int, float, str, bool)):
        return plain(value.value)
    return value


_keys_by_text: dict[str, dict[str, list[str]]] = {}


def text_keys(text: str) -> list[str]:
    """The message ids whose plain text (no parameters) is ``text`` now."""
    lang = i18n.language()
    if lang not in _keys_by_text:
        table: dict[str, list[str]] = {}
        for key in sorted(i18n.keys(lang)):
            raw = i18n.catalogue(lang).gettext(key)
            if "{" not in raw:
                table.setdefault(raw, []).append(key)
        _keys_by_text[lang] = table
    return _keys_by_text[lang].get(text, [])


def buttons(app: App) -> list[dict[str, Any]]:
    """Every button a player can see now."""
    out: list[dict[str, Any]] = []
    for el in app.ui.get_sprite_group().sprites():
        if not isinstance(el, UIButton) or not el.alive() or not el.visible:
            continue
        text = str(el.text)
        out.append({"text": text, "keys": text_keys(text), "rect": plain(el.rect),
                    "enabled": bool(el.is_enabled), "ids": list(el.object_ids)})
    return out


def snapshot(app: App) -> dict[str, Any]:
    """What the screen shows now (see the module docstring)."""
    top = app.scenes.top
    doc: dict[str, Any] = {
        "size": list(app.size),
        "language": i18n.language(),
        "scenes": [type(s).__name__ for s in app.scenes],
        "scene": type(top).__name__ if top is not None else "",
        "buttons": buttons(app),
    }
    # The topmost scene that reports: the table, also under a pause menu or a curtain.
    report = next((s.probe for s in reversed(list(app.scenes))
                   if hasattr(s, "probe")), None)
    if report is not None:
        table = dict(report())
        view = table.pop("view", None)
        if view is not None:
            table["state"] = public_state(view)
        doc["table"] = plain(table)
    party = next((s.party_probe for s in reversed(list(app.scenes))
                  if hasattr(s, "party_probe")), None)
    if party is not None:
        doc["party"] = plain(party())
    online = next((s.online_probe for s in reversed(list(app.scenes))
                   if hasattr(s, "online_probe")), None)
    if online is not None:
        doc["online"] = plain(online())
    return doc


def public_state(view: PlayerView) -> dict[str, Any]:
    """What every player may know (the viewer's own hand is in the rects)."""
    top = view.top_card
    return {"phase": view.phase.value, "to_act": view.to_act, "current": view.current,
            "hand_sizes": list(view.hand_sizes), "top": top.short() if top else "",
            "colour": view.colour.value if view.colour else "", "penalty": view.pending_penalty,
            "draw_pile": view.draw_pile_size, "direction": view.direction,
            "uno_exposed": view.uno_exposed, "uno_declared": view.uno_declared,
            "round_no": view.round_no, "scores": list(view.scores), "winner": view.winner}


class Probe:
    """Writes :func:`snapshot` to ``path`` whenever the settled screen changes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.inputs = 0  # key and button presses seen: a driver waits for a probe past its own
        self.seq = 0
        self._last = ""
        self._next = 0.0

    def after_frame(self, app: App, events: list[pygame.event.Event]) -> None:
        self.inputs += sum(e.type in PRESSES for e in events)
        now = time.monotonic()
        if any(e.type in SETTLING for e in events):
            # A click's release and the widget event it posts arrive in later frames:
            # a document written before them would show the screen before the click.
            self._next = now + HOLD_AFTER_INPUT_S
        if now < self._next or any(s.is_animating() for s in app.scenes.visible()):
            return
        self._next = now + MIN_INTERVAL_S
        text = json.dumps({**snapshot(app), "inputs": self.inputs}, sort_keys=True,
                          ensure_ascii=False)
        if text == self._last:
            return
        self._last = text
        self.seq += 1
        doc = json.loads(text)
        doc["seq"] = self.seq
        doc["frame"] = app.frame_count
        tmp = self.path.with_name(self.path.name + ".tmp")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.path)
