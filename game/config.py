"""What the new-game screen produces and the table, saves and sims consume."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from game.rules.settings import RuleSettings, check_seats

SeatKind = Literal["human", "ai"]
AI_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: SeatKind = "ai"
    level: str = "normal"  # for AI seats: easy | normal | hard | random | module:Class

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatConfig:
        kind = d.get("kind", "ai")
        if kind not in ("human", "ai"):
            raise ValueError(f"bad seat kind {kind!r}")
        return cls(str(d["name"]), kind, str(d.get("level", "normal")))


@dataclass(frozen=True)
class MatchConfig:
    seats: tuple[SeatConfig, ...]
    settings: RuleSettings = field(default_factory=RuleSettings)
    seed: int = 0

    def __post_init__(self) -> None:
        check_seats(self.settings, len(self.seats))

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the screen: pass-the-screen curtains."""
        return len(self.humans) >= 2

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [s.to_dict() for s in self.seats],
            "settings": self.settings.to_dict(),
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MatchConfig:
        return cls(
            tuple(SeatConfig.from_dict(s) for s in d["seats"]),
            RuleSettings.from_dict(d["settings"]),
            int(d["seed"]),
        )
