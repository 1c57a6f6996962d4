"""Persistence: a match as plain JSON-able data, and back (never code, never pickle).

``to_dict`` writes the whole state; ``from_dict`` rebuilds it, checks every
field's type and the invariants, and raises :class:`StateError` on anything
that does not describe a valid match.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action, action_from_dict
from .cards import Colour
from .errors import StateError
from .events import Event, RoundLog
from .phase import Phase
from .settings import RuleSettings, check_seats
from .state import MatchState, PenaltyKind, PendingPenalty, RoundState, check_invariants

ENGINE_VERSION = "2.0"

# Round fields stored as they are: (name, type).
_ROUND_SCALARS: tuple[tuple[str, type], ...] = (
    ("direction", int), ("current", int), ("to_act", int), ("skips", int), ("drawn", int),
    ("uno_exposed", int), ("uno_declared", int), ("jump_card", int), ("jump_from", int),
    ("first_colour_only", bool), ("winner", int), ("dry_turns", int), ("turns", int))


def to_dict(m: MatchState, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The full state as plain JSON-able data, with ``actions`` (the JSON form of
    the actions that led to it, ``action_to_dict``) as its action list."""
    r = m.round
    version, internal, gauss = m.rng.getstate()
    p = r.penalty
    d: dict[str, Any] = {
        "engine_version": ENGINE_VERSION,
        "settings": m.settings.to_dict(),
        "seats": m.seats,
        "seed": m.seed,
        "rng": [version, list(internal), gauss],
        "dealer": m.dealer,
        "round_no": m.round_no,
        "scores": list(m.scores),
        "round_points": [list(x) for x in m.round_points],
        "draw_pile": list(r.draw_pile),
        "discard": list(r.discard),
        "hands": [list(h) for h in r.hands],
        "colour": r.colour.value if r.colour else None,
        "phase": r.phase.value,
        "penalty": None if p is None else {"amount": p.amount, "kind": p.kind.value,
                                           "offender": p.offender, "guilty": p.guilty},
        "out": list(r.out),
        "actions": actions,
        "log": [e.to_dict() for e in r.log.full],
    }
    for name, _ in _ROUND_SCALARS:
        d[name] = getattr(r, name)
    return d


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer")
    return value


def _ints(values: Any, name: str) -> list[int]:
    if not isinstance(values, list):
        raise TypeError(f"{name} must be a list")
    return [_int(v, name) for v in values]


def _penalty(d: Any) -> PendingPenalty | None:
    if d is None:
        return None
    if not isinstance(d, dict) or not isinstance(d.get("guilty"), bool):
        raise TypeError("penalty must be null or an object")
    return PendingPenalty(amount=_int(d["amount"], "penalty amount"),
                          kind=PenaltyKind(d["kind"]),
                          offender=_int(d["offender"], "penalty offender"),
                          guilty=d["guilty"])


def from_dict(d: dict[str, Any]) -> tuple[MatchState, list[Action]]:
    """Rebuild a match from :func:`to_dict`; StateError if it is not a valid state."""
    try:
        settings = RuleSettings.from_dict(d["settings"])
        seats = _int(d["seats"], "seats")
        check_seats(settings, seats)
        m = MatchState.start(settings, seats, _int(d["seed"], "seed"))
        version, internal, gauss = d["rng"]
        m.rng = random.Random()
        m.rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
        m.dealer = _int(d["dealer"], "dealer")
        m.round_no = _int(d["round_no"], "round_no")
        m.scores = _ints(d["scores"], "scores")
        m.round_points = [_ints(x, "round_points") for x in d["round_points"]]
        r = m.round = RoundState(
            hands=[_ints(h, "hands") for h in d["hands"]],
            draw_pile=_ints(d["draw_pile"], "draw_pile"),
            log=RoundLog(seats),
            discard=_ints(d["discard"], "discard"),
            colour=Colour(d["colour"]) if d["colour"] is not None else None,
            phase=Phase(d["phase"]),
            penalty=_penalty(d["penalty"]),
            out=_ints(d["out"], "out"),
        )
        for name, kind in _ROUND_SCALARS:
            value = d[name]
            if kind is bool and not isinstance(value, bool):
                raise TypeError(f"{name} must be true or false")
            setattr(r, name, _int(value, name) if kind is int else value)
        for data in d["log"]:
            r.log.file(Event.from_dict(data))
        actions = [action_from_dict(a) for a in d["actions"]]
        check_invariants(m)
    except StateError:
        raise
    except Exception as exc:  # bad data of any shape: KeyError, TypeError, SettingsConflict...
        raise StateError(f"not a valid game state: {exc!r}") from None
    return m, actions


def upgrade_v1(d: dict[str, Any]) -> dict[str, Any]:
    """An engine-1.0 ``to_dict`` in this version's form: the pending penalty's four
    fields become one ``penalty`` record, ``pending_skips`` is ``skips``; the T7
    idle counters, counted differently then, start again from 0."""
    d = dict(d)
    amount = d.pop("pending", 0)
    kind = d.pop("pending_kind", "")
    offender = d.pop("wd4_offender", -1)
    guilty = d.pop("wd4_guilty", False)
    d["penalty"] = None if not amount else {
        "amount": amount, "kind": kind, "offender": offender,
        "guilty": bool(guilty) and offender >= 0}
    d["skips"] = d.pop("pending_skips", 0)
    d.pop("round_turns", None)
    d["dry_turns"] = d["turns"] = 0
    d["engine_version"] = ENGINE_VERSION
    return d
