"""Typed errors of the rules engine."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error the rules package raises."""


class IllegalAction(RulesError):
    """``apply`` refused an action; the state is unchanged."""

    def __init__(self, rule: str, key: str) -> None:
        super().__init__(f"[{rule}] {key}")
        self.rule = rule
        """The RULES.md ID that refused it (``"T1"``, ``"T2"``...), or
        ``"turn"``/``"phase"`` for an action from the wrong seat or at the wrong time."""
        self.key = key
        """Catalogue id of why (``"refusal.t1_no_match"``): the screens' words."""


class SettingsConflict(RulesError):
    """A ``RuleSettings`` (or seat count) combination that cannot be played."""

    def __init__(self, rules: tuple[str, ...], message: str) -> None:
        super().__init__(f"[{', '.join(rules)}] {message}")
        self.rules = rules
        self.message = message


class StateError(RulesError):
    """A snapshot that does not describe a valid game (bad save data)."""
