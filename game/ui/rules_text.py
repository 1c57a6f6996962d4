"""The in-game rules text: every rule of RULES.md by ID, from the catalogue.

:func:`changed_settings` tells which rules a running match changed, and
:func:`rule_pictures` which cards the rules screen shows beside a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import language, t, tl
from game.rules.cards import DECK
from game.rules.settings import CUSTOM_WILD_RULE, OFFICIAL, RULE_ID, RuleSettings


@dataclass(frozen=True)
class RuleText:
    """One rule of RULES.md; its words are catalogue id ``rule.text.<id>``."""

    id: str

    def text(self, lang: str | None = None) -> str:
        return tl(lang or language(), f"rule.text.{self.id}")


# Section letters in reading order; titles are catalogue ids ``rule.section.<letter>``.
SECTIONS: tuple[str, ...] = tuple("DSTRH")

RULES: tuple[RuleText, ...] = tuple(RuleText(rule_id) for rule_id in (
    "D1 D2 D3 S1 S2 S3 S4 S5 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 R1 R2 R3 R4 R5 R6"
    " H1 H2 H3 H4 H5 H6 H7 H8 H9 H10"
).split())

BY_ID: dict[str, RuleText] = {r.id: r for r in RULES}


def rule_ids() -> list[str]:
    return [r.id for r in RULES]


def setting_value_text(field: str, value: object) -> str:
    """A setting's value in words, in the current language."""
    if isinstance(value, bool):
        return t("rules.on") if value else t("rules.off")
    if isinstance(value, str):
        return t(f"rule.choice.{field}.{value}")
    return str(value)


def changed_settings(settings: RuleSettings) -> dict[str, list[str]]:
    """Rule ID -> "setting: value" notes for every setting differing from Official."""
    out: dict[str, list[str]] = {}
    for field, rule in RULE_ID.items():
        value = getattr(settings, field)
        if value != getattr(OFFICIAL, field):
            out.setdefault(rule, []).append(
                f"{t(f'rule.field.{field}')}: {setting_value_text(field, value)}")
    if settings.scoring == "penalty_points":
        out.setdefault("R3", [])
    if settings.scoring == "elimination":
        out.setdefault("R4", [])
    if settings.custom_wild != OFFICIAL.custom_wild:  # H8-H10: the effect's own rule
        out.setdefault(CUSTOM_WILD_RULE[settings.custom_wild], [])
    return out


# The cards pictured beside each rule (``Card.short`` labels; "*" a card back).
PICTURES: dict[str, tuple[str, ...]] = {
    "D1": ("R0", "Y5", "GS", "W"), "D2": ("G7", "BS", "W4"), "D3": ("WS", "WC"),
    "S1": ("*", "*"), "S2": ("B9", "R4"), "S3": ("*", "*", "*"), "S4": ("Y3",), "S5": ("R5",),
    "T1": ("R7", "B7"), "T2": ("W4",), "T3": ("*", "G4"), "T4": ("BS", "GR", "Y+2"),
    "T5": ("W4",), "T6": ("Y1",), "T7": ("*", "*"), "T8": ("R5", "B2"), "T9": ("G+2",),
    "T10": ("WS",), "T11": ("WC",),
    "R1": ("R5",), "R2": ("B+2", "W"), "R3": ("Y8", "W4"), "R4": ("G1", "B1"),
    "R5": ("R3", "B3"), "R6": ("YR", "YS"),
    "H1": ("R+2", "B+2", "W4"), "H2": ("GS", "BS"), "H3": ("Y5", "Y5"), "H4": ("B6", "G6", "R6"),
    "H5": ("R+2", "RS"), "H6": ("GS", "W"), "H7": ("R7", "B0"),
    "H8": ("WC", "*", "*"), "H9": ("WC",), "H10": ("WC", "*"),
}
_BY_SHORT: dict[str, int] = {}
for _card in DECK:
    _BY_SHORT.setdefault(_card.short(), _card.id)


def rule_pictures(rule_id: str) -> list[int | None]:
    """The cards pictured beside rule ``rule_id``: card ids, None for a card back."""
    return [None if short == "*" else _BY_SHORT[short] for short in PICTURES.get(rule_id, ())]
