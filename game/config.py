"""What the new-game screen produces and the table, saves and sims consume."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from game.rules.settings import RuleSettings, check_seats
from game.text_gate import check, excerpt

SeatKind = Literal["human", "ai", "phone", "online"]
# phone: played from a phone's browser (game/party); online: from a friend's own copy
# of the game anywhere, joined by a spoken code (game/online, the ``online`` extra)
SEAT_KINDS = ("human", "ai", "phone", "online")
REMOTE_KINDS = ("phone", "online")  # seats played away from this screen (the party protocol)
AI_LEVELS = ("easy", "normal", "hard")
# Every level a file (save, settings, replay, statistics) may name: the registry's
# own levels. ``module:Class`` stays a command-line choice and is never read from a file.
BUILTIN_LEVELS = (*AI_LEVELS, "random")
MAX_NAME_CHARS = 64
# How often one seat's party link may be re-issued (``party_reissued``): far more
# than a host presses "New link" in a match; a file claiming more is not a save.
MAX_REISSUES = 9999
# An online seat's rejoin code (game/online, docs/ONLINE.md): a whole magic-wormhole
# code the host hands its guest over the encrypted link and keeps in the save, so
# the guest's game pairs again by itself after the host quits and Continues. A
# 16-digit nameplate (the mailbox server hands out 1-3 digits for spoken codes; it
# takes up to 40) and 128 random bits as the password. Never typed nor shown.
REJOIN_CODE = re.compile(r"[1-9][0-9]{15}-[0-9a-f]{32}")


class UntrustedLevel(ValueError):
    """A file names an AI level that is not built in (``os:abort``...); it is never imported.

    ``level`` is a short clean quote of what the file said (see :func:`excerpt`):
    a level of 100,000 characters is never shown whole."""

    def __init__(self, level: Any) -> None:
        self.level = excerpt(level)
        super().__init__(f"the AI level {self.level!r} is not built into the game")


def check_secret(value: Any) -> str:
    """``value`` if it is a party match's secret (32 lowercase hex digits: 128 bits); else ValueError."""
    if not (isinstance(value, str) and len(value) == 32
            and all(ch in "0123456789abcdef" for ch in value)):
        raise ValueError("the party secret must be 32 lowercase hex digits")
    return value


def check_reissued(value: Any, seats: int) -> tuple[int, ...]:
    """``value`` as ``party_reissued`` (``[]``: none, else one whole number from 0 to
    :data:`MAX_REISSUES` per seat); else ValueError."""
    if not isinstance(value, list):
        raise ValueError("party_reissued must be a list")
    if value and len(value) != seats:
        raise ValueError(f"party_reissued needs one count per seat ({seats}), not {len(value)}")
    for n in value:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_REISSUES:
            raise ValueError(f"a re-issue count must be a whole number from 0 to "
                             f"{MAX_REISSUES}, not {excerpt(n)}")
    return tuple(value)


def check_rejoin(value: Any, seats: list[Any]) -> tuple[str, ...]:
    """``value`` as ``online_rejoin`` (``[]``: none, else one entry per seat: ``""``
    or a :data:`REJOIN_CODE`, and a code only on an ``online`` seat); else ValueError."""
    if not isinstance(value, list):
        raise ValueError("online_rejoin must be a list")
    if value and len(value) != len(seats):
        raise ValueError(f"online_rejoin needs one entry per seat ({len(seats)}), not {len(value)}")
    for code, seat in zip(value, seats):
        if code == "":
            continue
        if not isinstance(code, str) or not REJOIN_CODE.fullmatch(code):
            raise ValueError(f"not a rejoin code: {excerpt(code)}")
        if not isinstance(seat, dict) or seat.get("kind") != "online":
            raise ValueError("a rejoin code for a seat that is not online")
    return tuple(value)


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: SeatKind = "ai"
    level: str = "normal"  # for AI seats: easy | normal | hard | random | module:Class

    def __post_init__(self) -> None:
        # Every name a match holds passed the text gate: it saves, loads and draws.
        check(self.name, "a player name", MAX_NAME_CHARS, empty=True)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, d: Any) -> SeatConfig:
        """A seat read from a file: every field checked, only :data:`BUILTIN_LEVELS`.

        Raises :class:`UntrustedLevel` for any other level (never imported) and
        ValueError for anything else that is not a seat.
        """
        if not isinstance(d, dict):
            raise ValueError("a seat must be an object")
        extra = set(d) - {"name", "kind", "level"}
        if extra:
            raise ValueError(f"unknown seat fields: {excerpt(', '.join(sorted(map(str, extra))))}")
        kind = d.get("kind", "ai")
        if kind not in SEAT_KINDS:
            raise ValueError(f"bad seat kind {excerpt(kind)!r}")
        level = d.get("level", "normal")
        if not isinstance(level, str):
            raise ValueError(f"an AI level must be text, not {excerpt(level)}")
        if level not in BUILTIN_LEVELS:
            raise UntrustedLevel(level)
        return cls(check(d.get("name"), "a player name", MAX_NAME_CHARS), kind, level)


@dataclass(frozen=True)
class MatchConfig:
    seats: tuple[SeatConfig, ...]
    settings: RuleSettings = field(default_factory=RuleSettings)
    seed: int = 0
    # The per-match secret the phone seats' join tokens derive from (game/party):
    # kept in the save so the same links work after Continue. "" without phone seats.
    party_secret: str = ""
    # Per seat, how many times the host re-issued its join link (game/party: the
    # token of generation n; the old link stops working). () means all 0, as in
    # every save made before links could be re-issued.
    party_reissued: tuple[int, ...] = ()
    # Per seat, the online seat's current rejoin code (:data:`REJOIN_CODE`, "" for
    # none): Continue opens each online seat with it and the guest's game, which got
    # it over the link, comes back by itself. () means none, as in every save made
    # before online seats could rejoin.
    online_rejoin: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_seats(self.settings, len(self.seats))
        if not any(self.party_reissued):
            object.__setattr__(self, "party_reissued", ())  # all 0 is the same as none
        elif len(self.party_reissued) != len(self.seats):
            raise ValueError("party_reissued needs one count per seat")
        if not any(self.online_rejoin):
            object.__setattr__(self, "online_rejoin", ())  # all "" is the same as none
        elif len(self.online_rejoin) != len(self.seats):
            raise ValueError("online_rejoin needs one entry per seat")

    def link_generation(self, seat: int) -> int:
        """How many times the join link of ``seat`` was re-issued (0: its first link)."""
        return self.party_reissued[seat] if self.party_reissued else 0

    def reissue_link(self, seat: int) -> MatchConfig:
        """This match with the next join link for ``seat``; ValueError past
        :data:`MAX_REISSUES`."""
        counts = list(self.party_reissued or [0] * len(self.seats))
        if counts[seat] >= MAX_REISSUES:
            raise ValueError(f"the link of seat {seat} was re-issued {MAX_REISSUES} times")
        counts[seat] += 1
        return replace(self, party_reissued=tuple(counts))

    def rejoin_code(self, seat: int) -> str:
        """The rejoin code of the online seat ``seat`` ("" when it has none)."""
        return self.online_rejoin[seat] if self.online_rejoin else ""

    def with_rejoin(self, seat: int, code: str) -> MatchConfig:
        """This match with ``code`` as the rejoin code of ``seat`` ("": none)."""
        codes = list(self.online_rejoin or [""] * len(self.seats))
        codes[seat] = code
        return replace(self, online_rejoin=tuple(codes))

    @property
    def phones(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "phone"]

    @property
    def online(self) -> list[int]:
        """Seats played from another computer over the internet (game/online)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "online"]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the screen: pass-the-screen curtains."""
        return len(self.humans) >= 2

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "seats": [s.to_dict() for s in self.seats],
            "settings": self.settings.to_dict(),
            "seed": self.seed,
        }
        if self.party_secret:
            d["party_secret"] = self.party_secret  # only party matches have one
        if self.party_reissued:
            d["party_reissued"] = list(self.party_reissued)  # only once a link was re-issued
        if self.online_rejoin:
            d["online_rejoin"] = list(self.online_rejoin)  # only once a guest joined online
        return d

    @classmethod
    def from_dict(cls, d: Any) -> MatchConfig:
        """A match read from a file; raises ValueError (or :class:`UntrustedLevel`,
        or the rules' SettingsConflict) for anything that is not one."""
        if not isinstance(d, dict):
            raise ValueError("config must be an object")
        extra = set(d) - {"seats", "settings", "seed", "party_secret", "party_reissued",
                          "online_rejoin"}
        if extra:
            raise ValueError(f"unknown config fields: {excerpt(', '.join(sorted(map(str, extra))))}")
        seats, settings, seed = d.get("seats"), d.get("settings"), d.get("seed")
        if not isinstance(seats, list):
            raise ValueError("seats must be a list")
        if not isinstance(settings, dict):
            raise ValueError("settings must be an object")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"the seed must be a whole number of 0 or more, not {excerpt(seed)}")
        secret = d.get("party_secret", "")
        if secret != "":
            check_secret(secret)
        reissued = d.get("party_reissued", [])
        if reissued != [] and not secret:
            raise ValueError("re-issued party links without a party")
        rejoin = check_rejoin(d.get("online_rejoin", []), seats)
        return cls(tuple(SeatConfig.from_dict(s) for s in seats),
                   RuleSettings.from_dict(settings), seed, secret,
                   check_reissued(reissued, len(seats)), rejoin)
