"""What the table says, made from message keys: hints, toasts, refusals and
the words of its buttons.

Rules, bots and the controls hand over keys with parameters
(:class:`game.rules.errors.IllegalAction`, :class:`game.ai.base.Choice`,
:class:`game.table.controls.Control`); the sentences are made here, in the
current language, from the one catalogue (game.i18n). A :class:`Toast` is a
sentence with its colour and how long it stays.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game import i18n
from game.ai.base import Choice
from game.rules.actions import Action, CallUno, ChooseColour, Play
from game.rules.errors import IllegalAction
from game.rules.settings import RuleSettings
from game.rules.view import Phase, PlayerView
from game.table.controls import Control, Param
from game.ui import draw_kit as kit
from game.ui.event_text import card_name, colour_name, illegal_text
from game.ui.hint_text import reason_text

RGB = tuple[int, int, int]
t = i18n.t


@dataclass(frozen=True, slots=True)
class Toast:
    """A line over the table for ``secs`` seconds."""

    text: str
    colour: RGB = kit.CREAM
    secs: float = 2.5


def refusal(err: IllegalAction) -> Toast:
    """Why an action was refused (no rule ID shown)."""
    return Toast(illegal_text(err, i18n.language()), kit.RED, 3.5)


def no_hint() -> Toast:
    return Toast(t("tbl.hint_none"))


def hint_reason(choice: Choice) -> str:
    """Why the bot would make ``choice``, in the current language
    (:func:`game.ui.hint_text.reason_text`)."""
    return reason_text(choice, i18n.language())


def hint(choice: Choice, label: str) -> Toast:
    """The hint for ``choice``: the cards it plays (and the colour it names) or,
    for another action, ``label`` (the words of its button), then why."""
    lang = i18n.language()
    a = choice.action
    if isinstance(a, Play):
        what = ", ".join(card_name(c, lang) for c in a.cards)
        if a.colour is not None:
            what += f" → {colour_name(a.colour, lang)}"
    else:
        what = label
    said = " — ".join(part for part in (what, hint_reason(choice)) if part)
    return Toast(t("tbl.hint_prefix") + said, kit.GOLD, 5.0)


def kept_after_acting(toast: tuple[str, RGB, float] | None) -> tuple[str, RGB, float] | None:
    """The table's toast once the viewer has acted: a hint is done with (followed,
    or the player chose otherwise), so it goes (#39); any other toast stays."""
    if toast is not None and toast[0].startswith(t("tbl.hint_prefix")):
        return None
    return toast


def bluff_warning(view: PlayerView, card_id: int) -> Toast | None:
    """T2/T5: playing the Wild Draw Four ``card_id`` now is a bluff a challenge
    would catch (:meth:`PlayerView.is_bluff`): say so; the play stays allowed."""
    if not view.is_bluff(Play(view.seat, (card_id,))):
        return None
    if view.settings.wd4_rule == "no_matching_colour" and view.colour is not None:
        colour = colour_name(view.colour, i18n.language())
        return Toast(t("tbl.wd4_bluff", colour=colour), kit.GOLD, 4.0)
    return Toast(t("tbl.wd4_bluff_playable"), kit.GOLD, 4.0)


def uno_dropped() -> Toast:
    """T6: the call counted for the play it came with, and that play did not come."""
    return Toast(t("tbl.uno_dropped"), kit.GOLD, 5.0)


def uno_tip() -> Toast:
    """T6, the first time the viewer could be caught: how to call UNO!."""
    return Toast(t("tbl.tip_uno"), kit.GOLD, 6.0)


def legend(multi_play: bool) -> str:
    """The keys' one line along the table's bottom edge (H4's Ctrl/Shift-click
    only when several cards may go)."""
    parts = [t("controls.legend")]
    if multi_play:
        parts.append(t("controls.legend.several"))
    parts.append(t("controls.legend.hide"))
    return " · ".join(parts)


def top_forced(card: int) -> Toast:
    """H4: a play of several whose top was not the player's to choose (only the
    other cards could go first): which card landed on top."""
    return Toast(t("tbl.top_forced", card=card_name(card, i18n.language())), kit.GOLD, 4.0)


def words(params: Sequence[Param]) -> dict[str, str | int]:
    """A control's message parameters, a card id named in the current language."""
    out = dict(params)
    if "card" in out:
        out["card"] = card_name(int(out["card"]), i18n.language())
    return out


def button_label(control: Control) -> str:
    return t(control.label, **words(control.params))


def action_label(action: Action, row: Sequence[Control]) -> str:
    """The words of the button in ``row`` that does ``action`` (the row made
    for it even while the bar is hidden), or the colour an S4 choice names."""
    if isinstance(action, ChooseColour):  # S4
        return colour_name(action.colour, i18n.language())
    for c in row:
        if c.action == action:
            return button_label(c)
    return t("tbl.uno") if isinstance(action, CallUno) else ""


def phase_prompt(phase: Phase, settings: RuleSettings) -> str:
    """What the viewer is asked to do now (after "Your turn — "). Facing a draw
    penalty it names only the answers the rules allow (#39): stacking (H1),
    deflecting (H5), or both."""
    if phase is Phase.PENALTY:
        stack, deflect = settings.stack_rule != "off", settings.deflect
        if stack and not deflect:
            return t("tbl.phase.penalty.stack")
        if deflect and not stack:
            return t("tbl.phase.penalty.deflect")
    return t(f"tbl.phase.{phase.value}")


def save_notice(problem: str) -> str:
    """The standing notice while autosaves fail ("" once one works again)."""
    return t(f"tbl.save_failed.{problem}") if problem else ""


def away_lines(names: Sequence[str], away: Sequence[int], bots: frozenset[int],
               bot_in: Mapping[int, float] | None = None,
               online: frozenset[int] = frozenset()) -> tuple[str, ...]:
    """Party and online seats: one line per seat that is away (with the seconds until
    a bot stands in, when it will), or that a bot plays for now. A phone seat's line
    says its phone is away, an ``online`` seat's that the friend's game is."""
    soon = bot_in or {}
    return tuple(_away_line(names[seat], seat in bots, soon.get(seat), seat in online)
                 for seat in away)


def _away_line(name: str, bot: bool, bot_in: float | None, online: bool) -> str:
    if bot:
        return t("online.bot", name=name) if online else t("party.bot", name=name)
    if bot_in is not None:
        n = math.ceil(bot_in)
        return (t("online.away_bot_in", name=name, n=n) if online
                else t("party.away_bot_in", name=name, n=n))
    return t("online.away", name=name) if online else t("party.away", name=name)
