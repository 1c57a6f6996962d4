"""Words of the menus, the settings and the new-game screen that need code (names, labels)."""

from __future__ import annotations

from game.i18n import is_you_name, t
from game.rules.errors import SettingsConflict
from game.storage.atomic import WRITE_REASONS, write_failure_reason
from game.storage.saves import Notice, SaveError
from game.text_gate import excerpt

# Why a write failed (``storage.<reason>``): what the atomic writer says, and a
# settings file a newer version wrote (left as it is).
STORAGE_REASONS = (*WRITE_REASONS, "newer_format")
QUOTE_CHARS = 80  # the most of a file or file name a notice quotes


def default_seat_name(index: int, kind: str, nth_of_kind: int) -> str:
    """"You" for the first human, "Player N" for later ones; bot names for AIs."""
    if kind == "human":
        if nth_of_kind <= 1:
            return t("tbl.you")
        return t("seat.player_n", n=nth_of_kind - 1)
    if kind == "phone":  # party mode: Phone 1, Phone 2 ...
        return t("seat.phone_n", n=nth_of_kind)
    if kind == "online":  # a friend's own game, joined by a code: Friend 1, Friend 2 ...
        return t("seat.online_n", n=nth_of_kind)
    names = t("seat.bots").split()
    return names[(nth_of_kind - 1) % len(names)]


# Sentences whose subject is a seat: for the player called "You" each has a
# ".you" form ("You win round 3!", never "You wins round 3!").
YOU_FORMS = ("score.wins_round", "score.takes", "score.winner")


def said_of(key: str, name: str, **fmt: object) -> str:
    """``t(key, name=name, ...)``, or its second-person ``.you`` form when ``name``
    is the default "You" (in any language)."""
    if key in YOU_FORMS and is_you_name(name):
        you_key = key + ".you"  # (a run-time id: every one is listed in YOU_FORMS)
        return t(you_key, **fmt)
    return t(key, name=name, **fmt)


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
    """A storage notice (catalogue id + params) in the current language; the
    names it quotes (files, levels) come from the disk: a short clean excerpt."""
    params = {key: excerpt(value, QUOTE_CHARS) for key, value in notice.params}
    if "reason" in params:
        params["reason"] = t(f"save.reason.{params['reason']}")
    return t(notice.key, **params)


def write_reason_text(reason: str) -> str:
    """Why a write failed, in the current language (an unknown reason reads as ``other``)."""
    key = reason if reason in STORAGE_REASONS else "other"
    return t(f"storage.{key}")


def save_error_text(exc: BaseException) -> str:
    """Why a save could not be loaded, written or exported, in the current
    language: the file's fault (``save.reason.<code>``) or the write's cause
    (``storage.<reason>``); never the exception's own (English) words."""
    if isinstance(exc, SaveError):
        if exc.reason != "write_failed":
            return t(f"save.reason.{exc.reason}")
        return write_reason_text(exc.write_reason)
    return write_reason_text(write_failure_reason(exc))
