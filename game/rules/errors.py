"""Typed errors of the rules engine."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error the rules package raises."""


class IllegalAction(RulesError):
    """``apply`` refused an action; the state is unchanged.

    ``rule`` is the RULES.md ID that refused it (``"T1"``, ``"T2"``...), or
    ``"turn"``/``"phase"`` for an action from the wrong seat or at the wrong time.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message

    @property
    def key(self) -> str:
        """Catalogue id of the refusal (``refusal.`` + the message's first words)."""
        words = "".join(ch if ch.isalnum() else " " for ch in self.message.lower()).split()
        return "refusal." + "_".join(words[:8])


class SettingsConflict(RulesError):
    """A ``RuleSettings`` (or seat count) combination that cannot be played."""

    def __init__(self, rules: tuple[str, ...], message: str) -> None:
        super().__init__(f"[{', '.join(rules)}] {message}")
        self.rules = rules
        self.message = message


class StateError(RulesError):
    """A snapshot that does not describe a valid game (bad save data)."""
