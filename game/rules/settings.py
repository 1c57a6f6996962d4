"""RuleSettings: every variant and house rule of RULES.md as one frozen record.

Each field names the rule ID it belongs to. Conflicting combinations raise
:class:`SettingsConflict` when the settings are made, never mid-game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from .errors import SettingsConflict

StartCard = Literal["official", "reflip_actions"]
StartMatch = Literal["full", "colour_only"]
FirstPlayer = Literal["left_of_dealer", "count_off"]
Wd4Rule = Literal["no_matching_colour", "no_playable_card", "free"]
DrawRule = Literal["one", "until_playable"]
Scoring = Literal["winner_takes", "penalty_points", "elimination"]
StackRule = Literal["off", "same_kind", "plus2_to_plus4"]
JumpIn = Literal["off", "numbers", "all"]
Deck = Literal["classic", "official"]
ShuffleDeal = Literal["evenly", "same_counts"]
CustomWild = Literal["wild", "draw_two", "pass_hands", "skip_draw_one"]

CHOICES: dict[str, tuple[str, ...]] = {
    "start_card": ("official", "reflip_actions"),
    "start_match": ("full", "colour_only"),
    "first_player": ("left_of_dealer", "count_off"),
    "wd4_rule": ("no_matching_colour", "no_playable_card", "free"),
    "draw": ("one", "until_playable"),
    "scoring": ("winner_takes", "penalty_points", "elimination"),
    "stack_rule": ("off", "same_kind", "plus2_to_plus4"),
    "jump_in": ("off", "numbers", "all"),
    "deck": ("classic", "official"),
    "shuffle_deal": ("evenly", "same_counts"),
    "custom_wild": ("wild", "draw_two", "pass_hands", "skip_draw_one"),
}

DECK_FIELDS: tuple[str, ...] = ("deck", "shuffle_deal", "custom_wild")
"""D3/T10/T11: the deck a preset is played with, and what its new wilds do."""

PRESET_FREE: tuple[str, ...] = ("target_score", *DECK_FIELDS)
"""What may differ from a preset while it stays that preset: the match's
length (R2) and the deck (D3), chosen under any preset."""

CUSTOM_WILD_RULE: dict[str, str] = {
    "wild": "T11", "draw_two": "H8", "pass_hands": "H9", "skip_draw_one": "H10"}
"""T11/H8-H10: the rule ID of each house effect a Wild Customizable card may carry."""

# Rule ID of each setting, for the new-game screen, the rules screen and errors.
RULE_ID: dict[str, str] = {
    "start_card": "S4",
    "start_match": "S4",
    "first_player": "S5",
    "wd4_rule": "T2",
    "draw": "T3",
    "forced_play": "T3",
    "challenge_guilty_draw": "T5",
    "false_uno_penalty": "T6",
    "wrong_play_penalty": "T8",
    "scoring": "R2",
    "target_score": "R2",
    "teams": "R5",
    "stack_rule": "H1",
    "skip_relay": "H2",
    "jump_in": "H3",
    "multi_play": "H4",
    "pair_on_plus4": "H4",
    "deflect": "H5",
    "no_action_finish": "H6",
    "seven_zero": "H7",
    "deck": "D3",
    "shuffle_deal": "T10",
    "custom_wild": "T11",
}

INT_LIMITS: dict[str, tuple[int, int]] = {
    "challenge_guilty_draw": (0, 20),
    "false_uno_penalty": (0, 20),
    "wrong_play_penalty": (0, 20),
    "target_score": (50, 5000),
}


@dataclass(frozen=True, slots=True)
class RuleSettings:
    start_card: StartCard = "official"  # S4
    start_match: StartMatch = "full"  # S4
    first_player: FirstPlayer = "left_of_dealer"  # S5
    wd4_rule: Wd4Rule = "no_matching_colour"  # T2
    draw: DrawRule = "one"  # T3
    forced_play: bool = False  # T3
    challenge_guilty_draw: int = 4  # T5
    false_uno_penalty: int = 0  # T6
    wrong_play_penalty: int = 0  # T8
    scoring: Scoring = "winner_takes"  # R2/R3/R4
    target_score: int = 500  # R2/R3
    teams: bool = False  # R5
    stack_rule: StackRule = "off"  # H1
    skip_relay: bool = False  # H2
    jump_in: JumpIn = "off"  # H3
    multi_play: bool = False  # H4
    pair_on_plus4: bool = False  # H4
    deflect: bool = False  # H5
    no_action_finish: bool = False  # H6
    seven_zero: bool = False  # H7: a 7 swaps hands with a chosen player, a 0 rotates all hands
    deck: Deck = "classic"  # D1/D3: 108 cards, or Mattel's current 112
    shuffle_deal: ShuffleDeal = "evenly"  # T10: how Wild Shuffle Hands deals the cards out
    custom_wild: CustomWild = "wild"  # T11/H8-H10: what a Wild Customizable card does

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise SettingsConflict(
                    (RULE_ID[name],), f"{name} must be one of {', '.join(allowed)}, not {value!r}"
                )
        for name in ("forced_play", "teams", "skip_relay", "multi_play", "pair_on_plus4",
                     "deflect", "no_action_finish", "seven_zero"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsConflict((RULE_ID[name],), f"{name} must be true or false")
        for name, (lo, hi) in INT_LIMITS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise SettingsConflict((RULE_ID[name],), f"{name} must be a whole number from {lo} to {hi}")
        for conflict in conflicts(self):
            raise conflict

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSettings:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise SettingsConflict(("settings",), f"unknown settings: {', '.join(sorted(unknown))}")
        return cls(**data)

    def with_(self, **changes: Any) -> RuleSettings:
        return replace(self, **changes)

    @property
    def preset_name(self) -> str:
        """The preset these rules are, whatever the match's length and deck: a
        preset played to another target score (R2/R3) or with the 112-card deck
        (D3) is still that preset (:data:`PRESET_FREE`)."""
        free = {name: getattr(self, name) for name in PRESET_FREE}
        for name, preset in PRESETS.items():
            if replace(preset, **free) == self:
                return name
        return "custom"


def _values(s: RuleSettings | Mapping[str, Any]) -> Mapping[str, Any]:
    return s.to_dict() if isinstance(s, RuleSettings) else s


def conflicts(s: RuleSettings | Mapping[str, Any]) -> list[SettingsConflict]:
    """Every reason why this combination cannot be played (empty when fine).

    ``s`` may be a plain mapping of every setting (a form being edited), so
    every problem can be listed before a RuleSettings is made."""
    v = _values(s)
    out: list[SettingsConflict] = []
    if v["pair_on_plus4"] and not v["multi_play"]:
        out.append(SettingsConflict(("H4",), "pair_on_plus4 needs multi_play (H4) on"))
    if v["pair_on_plus4"] and v["stack_rule"] == "off":
        out.append(SettingsConflict(("H4", "H1"), "pair_on_plus4 answers a Wild Draw Four while stacking: turn stack_rule (H1) on"))
    if v["first_player"] == "count_off" and v["start_card"] != "reflip_actions":
        out.append(SettingsConflict(("S5", "S4"), "count_off counts the turned card's number: it needs start_card = reflip_actions so the first card is a number"))
    if v["teams"] and v["scoring"] != "winner_takes":
        out.append(SettingsConflict(("R5", "R2"), "teams score the opposing team's cards: use scoring = winner_takes"))
    return out


MIN_SEATS, MAX_SEATS = 2, 10  # S1: UNO is for 2 to 10 players


def check_seats(s: RuleSettings | Mapping[str, Any], seats: int) -> None:
    """S1 and R5: raise SettingsConflict if this seat count cannot play ``s``
    (settings, or a plain mapping of every setting)."""
    v = _values(s)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise SettingsConflict(("S1",), "UNO is for 2 to 10 players")
    if v["teams"] and (seats % 2 or seats < 4):
        raise SettingsConflict(("R5",), "teams of two need an even number of players, at least 4")
    if v["scoring"] == "elimination" and seats < 3:
        raise SettingsConflict(("R4",), "elimination needs at least 3 players")


OFFICIAL = RuleSettings()
SHEET_HOUSE_RULES = RuleSettings(
    stack_rule="plus2_to_plus4",
    skip_relay=True,
    jump_in="numbers",
    multi_play=True,
    challenge_guilty_draw=6,
    false_uno_penalty=2,
    target_score=300,
    start_card="reflip_actions",
)

PRESETS: dict[str, RuleSettings] = {"official": OFFICIAL, "sheet": SHEET_HOUSE_RULES}


def preset(name: str) -> RuleSettings:
    try:
        return PRESETS[name]
    except KeyError:
        raise SettingsConflict(("settings",), f"unknown preset {name!r}; choose one of {', '.join(PRESETS)} or give a JSON file") from None


def settings_from_data(data: object) -> RuleSettings:
    """Settings from a rules file's JSON: a settings object, optionally with
    ``"preset"`` (official, sheet) as the base the other keys change, or a saved
    match document holding ``"settings"``. Raises SettingsConflict."""
    if isinstance(data, dict) and isinstance(data.get("settings"), dict):
        data = data["settings"]
    if not isinstance(data, dict):
        raise SettingsConflict(("settings",), "a rules file holds a JSON object of settings")
    changes = dict(data)
    base = preset(str(changes.pop("preset", "official")))
    unknown = set(changes) - {f.name for f in fields(RuleSettings)}
    if unknown:
        raise SettingsConflict(("settings",), f"unknown settings: {', '.join(sorted(unknown))}")
    try:
        return base.with_(**changes)
    except TypeError as exc:
        raise SettingsConflict(("settings",), str(exc)) from None
