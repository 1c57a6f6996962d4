"""The in-game rules text: every rule of RULES.md by ID, from the catalogue.

:func:`rules_html` builds the text for pygame_gui's text box; given the
settings of a running match it marks which variants and house rules are on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from game.i18n import language, t, tl
from game.rules.settings import OFFICIAL, RULE_ID, RuleSettings


@dataclass(frozen=True)
class RuleText:
    """One rule of RULES.md; its words are catalogue id ``rule.text.<id>``."""

    id: str

    def text(self, lang: str | None = None) -> str:
        return tl(lang or language(), f"rule.text.{self.id}")


# Section letters in reading order; titles are catalogue ids ``rule.section.<letter>``.
SECTIONS: tuple[str, ...] = tuple("DSTRH")

RULES: tuple[RuleText, ...] = tuple(RuleText(rule_id) for rule_id in (
    "D1 D2 S1 S2 S3 S4 S5 T1 T2 T3 T4 T5 T6 T7 T8 T9 R1 R2 R3 R4 R5 R6 H1 H2 H3 H4 H5 H6 H7"
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
    return out


Wrap = Callable[[str, int], str]


def _plain(text: str, first_offset: int = 0) -> str:
    return escape(text)


def rules_html(settings: RuleSettings | None = None, wrap: Wrap | None = None,
               id_width: int = 0) -> str:
    """The rules for a pygame_gui text box; with ``settings``, the rules in play are marked.

    ``wrap(text, first_offset)`` escapes a paragraph and may insert line breaks
    (pygame_gui cannot break Chinese lines); ``id_width`` is the pixel width of
    the rule ID in front of each paragraph.
    """
    wrap = wrap or _plain
    lang = language()
    changed = changed_settings(settings) if settings is not None else {}
    parts: list[str] = []
    if settings is not None:
        playing = t("rules.playing", preset=t(f"preset.{settings.preset_name}"))
        parts.append(f"<font color='#e8c547'><b>{wrap(playing, 0)}</b></font><br>")
    for letter in SECTIONS:
        title = tl(lang, f"rule.section.{letter}")
        gap = "<br>" if parts else ""
        parts.append(f"{gap}<font color='#e8c547'><b>{wrap(title, 0)}</b></font><br>")
        for rule in RULES:
            if not rule.id.startswith(letter):
                continue
            parts.append(f"<font color='#e8c547'><b>{rule.id}</b></font>  "
                         f"{wrap(rule.text(lang), id_width)}<br>")
            if rule.id in changed:
                note = "; ".join(changed[rule.id])
                line = f"● {t('rules.on_now')}" + (f" — {note}" if note else "")
                parts.append(f"<font color='#8cdc96'><b>{wrap(line, 0)}</b></font><br>")
    return "".join(parts)
