"""Words of the menus, the settings and the new-game screen that need code (names, labels)."""

from __future__ import annotations

from game.i18n import t
from game.rules.errors import SettingsConflict
from game.storage.saves import Notice


def default_seat_name(index: int, kind: str, nth_of_kind: int) -> str:
    """"You" for the first human, "Player N" for later ones; bot names for AIs."""
    if kind == "human":
        if nth_of_kind <= 1:
            return t("tbl.you")
        return t("seat.player_n", n=nth_of_kind - 1)
    if kind == "phone":  # party mode: Phone 1, Phone 2 ...
        return t("seat.phone_n", n=nth_of_kind)
    names = t("seat.bots").split()
    return names[(nth_of_kind - 1) % len(names)]


def level_label(level: str) -> str:
    key = f"level.{level}"
    text = t(key)
    if text == key:  # a level someone registered without strings
        return level.split(":")[-1].replace("_", " ").title()
    return text


def conflict_text(exc: SettingsConflict) -> str:
    """A settings conflict explained in the current language."""
    key = "conflict." + "+".join(exc.rules)
    text = t(key)
    return f"[{', '.join(exc.rules)}] {exc.message}" if text == key else text


def notice_text(notice: Notice) -> str:
    """A storage notice (catalogue id + params) in the current language."""
    params = dict(notice.params)
    if "reason" in params:
        params["reason"] = t(f"save.reason.{params['reason']}")
    return t(notice.key, **params)
