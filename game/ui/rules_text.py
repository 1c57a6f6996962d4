"""The in-game rules text: every rule of RULES.md by ID, in English and Chinese.

:func:`rules_html` builds the text for pygame_gui's text box; given the
settings of a running match it marks which variants and house rules are on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from game.i18n import language, t
from game.rules.settings import OFFICIAL, RULE_ID, RuleSettings


@dataclass(frozen=True)
class RuleText:
    id: str
    en: str
    zh: str

    def text(self, lang: str | None = None) -> str:
        return self.zh if (lang or language()) == "zh" else self.en


SECTIONS: tuple[tuple[str, str, str], ...] = (
    ("D", "Deck", "牌组"),
    ("S", "Setup", "准备"),
    ("T", "A turn", "回合"),
    ("R", "Round and match", "局与比赛"),
    ("H", "House rules (each one a setting, off in the Official rules)",
     "家规（均为可选设置，官方规则下关闭）"),
)

RULES: tuple[RuleText, ...] = (
    RuleText("D1",
             "108 cards. Each colour (red, yellow, green, blue) has one 0, two each of 1-9, "
             "two Skip, two Reverse and two Draw Two. Plus 4 Wild and 4 Wild Draw Four.",
             "共108张。红黄绿蓝每色：0一张，1-9各两张，禁止、反转、+2各两张；"
             "另有万能牌4张、+4万能牌4张。"),
    RuleText("D2",
             "Points: a number card is worth its number; Skip, Reverse, Draw Two 20; "
             "Wild and Wild Draw Four 50.",
             "计分：数字牌按牌面数字；禁止、反转、+2各20分；万能牌和+4各50分。"),
    RuleText("S1", "2 to 10 players.", "2至10人。"),
    RuleText("S2",
             "Everyone draws a card; the highest number card deals (draw again on action or "
             "wild cards and on ties). In later rounds the last round's winner deals.",
             "每人摸一张牌，数字最大者坐庄（摸到功能牌、万能牌或平局则重摸）。"
             "之后每局由上一局的赢家坐庄。"),
    RuleText("S3", "Deal 7 cards to each player, one at a time.", "每人依次发7张牌。"),
    RuleText("S4",
             "Turn the top card of the draw pile to start the discard pile. Wild Draw Four: "
             "put it back and turn again. Skip: the first player is skipped. Reverse: the "
             "dealer starts and play goes the other way. Draw Two: the first player draws 2 "
             "and is skipped. Wild: the first player names the colour. Options: turn again on "
             "any action or wild card; or follow only the first card's colour.",
             "翻开牌堆顶的一张作为弃牌堆的第一张。若是+4则放回重洗再翻；禁止：第一位玩家被跳过；"
             "反转：庄家先出且方向反转；+2：第一位玩家摸2张并跳过；万能牌：第一位玩家指定颜色。"
             "可选：翻到功能牌或万能牌一律重翻；或第一张牌只看颜色、不看牌面。"),
    RuleText("S5",
             "The player on the dealer's left starts; play goes clockwise. Option: count the "
             "turned card's number round from the dealer; that player starts.",
             "庄家左手边的玩家先出，顺时针进行。可选：从庄家起按翻开牌的数字顺时针数人，数到者先出。"),
    RuleText("T1",
             "Play one card that matches the top card's colour (or the colour named for a "
             "wild), number or symbol. A Wild can always be played.",
             "出一张与弃牌堆顶牌颜色（或万能牌指定的颜色）、数字或符号相同的牌。万能牌随时可出。"),
    RuleText("T2",
             "Wild Draw Four only when you hold no card of the colour in effect. Options: only "
             "when you cannot play anything else, or with no restriction.",
             "+4万能牌只能在手中没有当前颜色的牌时打出。可选：只能在无牌可出时打出，或不设限制。"),
    RuleText("T3",
             "Instead of playing you may draw one card, even when you could play. If it is "
             "playable you may play it at once; otherwise the turn passes. Options: keep "
             "drawing until a playable card comes; a player who can play must play.",
             "可以不出牌而摸一张（即使有牌可出）。摸到的牌能出就可以立即打出这一张，否则轮到下家。"
             "可选：一直摸到能出的牌为止；能出牌时必须出牌。"),
    RuleText("T4",
             "Skip: the next player loses their turn. Reverse: the direction flips (with 2 "
             "players it works as a Skip). Draw Two: the next player draws 2 and loses their "
             "turn. Wild: name a colour. Wild Draw Four: name a colour; the next player draws "
             "4 and loses their turn.",
             "禁止：下家失去一次出牌机会。反转：出牌方向反转（两人时等同禁止）。"
             "+2：下家摸2张并跳过。万能牌：指定颜色。+4：指定颜色，下家摸4张并跳过。"),
    RuleText("T5",
             "The player hit by a Wild Draw Four may challenge it and see the player's hand. "
             "Guilty (it broke T2): the player who played it draws the penalty (4 by default) "
             "and the challenger plays normally. Not guilty: the challenger draws 6 and loses "
             "the turn. A Wild Draw Four added to a stack (H1) cannot be challenged.",
             "被+4的玩家可以质疑，并查看出牌者的手牌。质疑成立（违反T2）：出牌者罚摸（默认4张），"
             "质疑者正常出牌；质疑失败：质疑者摸6张并跳过。叠加（H1）中打出的+4不能质疑。"),
    RuleText("T6",
             "Say \"UNO\" when you play your second-to-last card. Caught before the next player "
             "starts: draw 2; after that it is too late. Calling UNO with more than one card "
             "left can cost a penalty (a setting). A call and a catch at the same moment: the "
             "call wins.",
             "打出倒数第二张牌时要喊“UNO”。在下家开始前被抓到没喊：罚摸2张；过后不再追究。"
             "手牌不止一张时乱喊UNO可罚牌（可设置）。喊与抓同时发生时，以喊牌者为准。"),
    RuleText("T7",
             "When the draw pile runs out, shuffle the discard pile (except its top card) into "
             "a new draw pile. If there is still nothing, draw what there is.",
             "摸牌堆用完时，把弃牌堆除顶牌外洗匀作为新摸牌堆；仍不够时能摸多少摸多少。"),
    RuleText("T8",
             "Option: offering a card that cannot be played costs that many cards and the turn "
             "(default 0: the card is simply refused).",
             "可选：出了不能出的牌要罚摸若干张并失去本轮（默认0：只是拒绝这张牌）。"),
    RuleText("T9",
             "If the winner's last card is a Draw Two or Wild Draw Four, the next player still "
             "draws (the cards count for scoring).",
             "赢家最后一张是+2或+4时，下家照样摸牌（计入得分）。"),
    RuleText("R1",
             "A round ends when a player has no cards left. (Should nobody be able to play or "
             "draw for a whole circle, the round ends and the lowest hand wins it.)",
             "有人出完手牌，本局结束。（若整整一圈无人能出牌也无牌可摸，本局结束，手牌分最低者获胜。）"),
    RuleText("R2",
             "Winner takes (official): the winner scores the points of every card left in the "
             "other hands. The first player to reach the target score (500) wins the match.",
             "赢家通吃（官方）：赢家获得其他玩家手中剩余牌的总分，先达到目标分（500）者赢得比赛。"),
    RuleText("R3",
             "Penalty points: each player adds the points of their own remaining cards; when "
             "someone reaches the target the match ends and the lowest total wins.",
             "罚分制：每人把自己手中剩余牌的分数计入总分；有人达到目标分时比赛结束，总分最低者获胜。"),
    RuleText("R4",
             "Elimination: players who go out leave the round, which goes on until one player "
             "still holds cards; the order of going out ranks the players. The match is that "
             "one round.",
             "淘汰制：出完牌的玩家退出本局，其余人继续，直到只剩一人有牌；按出完的先后排名。比赛只打这一局。"),
    RuleText("R5",
             "Teams of two sit alternately. When anyone goes out, their team scores the cards "
             "left in the other team's hands.",
             "两人一队，队员间隔而坐。任何人出完牌，其队伍获得对方队伍手中剩余牌的分数。"),
    RuleText("R6",
             "2 players: Reverse works as Skip, and a Skip lets you play again.",
             "两人对玩：反转等同禁止，打出禁止后自己再出一次。"),
    RuleText("H1",
             "Stacking: answer a Draw Two with a Draw Two and pass the growing total on; the "
             "first player who cannot answer draws it all and loses the turn. Options: same "
             "kind only (+2 on +2, +4 on +4), or +4 may also go on +2 (never +2 on +4).",
             "罚牌累积：被+2时可以再出+2把累计的罚牌传给下家，接不上的人摸走全部并跳过。"
             "可选：只能同类相接（+2接+2，+4接+4），或+4也可接+2（+2不能接+4）。"),
    RuleText("H2",
             "Skip relay: a player hit by a Skip may play a Skip to pass it on to the next "
             "player; the colour follows the last Skip.",
             "禁牌可续接：被禁止的玩家可以再出一张禁止牌传给下家，颜色以最后一张禁止牌为准。"),
    RuleText("H3",
             "Jump-in: anyone holding a card identical (colour and number) to the one just "
             "played may play it at once, out of turn; play goes on from them. Options: "
             "numbers only, or action cards too.",
             "抢牌：手中有与刚打出的牌完全相同（颜色和数字相同）的玩家可以立刻抢出，"
             "之后从抢牌者继续。可选：仅数字牌，或功能牌也可以。"),
    RuleText("H4",
             "Several cards: play several cards of the same number or symbol at once if the "
             "first is playable; N Skips skip N players, N Draw Twos add 2N. You choose which "
             "lands on top. Option: a pair of same-colour Draw Twos may answer a Wild Draw "
             "Four while stacking.",
             "叠牌：第一张能出时，可一次打出多张数字或符号相同的牌；N张禁止跳过N人，N张+2累计2N张。"
             "由你决定哪张在最上面。可选：叠加时可用一对同色+2接+4。"),
    RuleText("H5",
             "Deflect: hit by a Draw Two or Wild Draw Four, play a Skip of the colour in "
             "effect to pass the penalty to the next player, or a Reverse of that colour to "
             "send it back.",
             "转嫁：被+2或+4时，可打出当前颜色的禁止牌把罚牌转给下家，或打出该颜色的反转牌还给上家。"),
    RuleText("H6",
             "No action finish: your last card may not be a Skip, Reverse or a wild card; "
             "holding only such a card, you must draw.",
             "不能以功能牌结束：最后一张不能是禁止、反转或万能牌；只剩这类牌时必须摸牌。"),
    RuleText("H7",
             "Published-app extras: draw to match and forced play are the T3 options; 7-0: "
             "playing a 7 swaps hands with a player of your choice, playing a 0 passes every "
             "hand to the next player in the direction of play.",
             "常见规则：摸到能出为止与强制出牌见 T3 的选项；7-0：打出7与任选一名玩家交换手牌，"
             "打出0所有人按出牌方向把手牌传给下家。"),
)

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
    for letter, en, zh in SECTIONS:
        title = zh if lang == "zh" else en
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
