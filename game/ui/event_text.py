"""Engine events -> sentences for the game log, in English and Chinese.

Events must already be redacted for the seat that reads them
(``game.rules.events.redact``): a hidden draw says "draws 2 cards".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.rules.cards import DECK, Card, Colour, Kind
from game.rules.errors import IllegalAction
from game.rules.events import Event

_COLOUR = {
    "en": {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue"},
    "zh": {"red": "红", "yellow": "黄", "green": "绿", "blue": "蓝"},
}
_KIND = {
    "en": {Kind.SKIP: "Skip", Kind.REVERSE: "Reverse", Kind.DRAW_TWO: "Draw Two",
           Kind.WILD: "Wild", Kind.WILD_DRAW_FOUR: "Wild Draw Four"},
    "zh": {Kind.SKIP: "禁止", Kind.REVERSE: "反转", Kind.DRAW_TWO: "+2",
           Kind.WILD: "万能牌", Kind.WILD_DRAW_FOUR: "万能+4"},
}

# Short Chinese statements of the rules the engine may quote when refusing.
RULE_ZH: dict[str, str] = {
    "T1": "出的牌必须与顶牌颜色（或指定颜色）、数字或符号相同",
    "T2": "手上还有当前颜色的牌时不能出万能+4",
    "T3": "摸牌后只能打出刚摸到的那张，或保留",
    "T5": "只能质疑刚打在你身上的万能+4",
    "T6": "现在不能喊 UNO 或抓人",
    "T8": "这张牌不能出",
    "H1": "罚牌累积中：只能用规定的罚牌叠加，或摸走罚牌",
    "H2": "只能续接禁止牌，或接受跳过",
    "H3": "只有完全相同的牌才能抢出",
    "H4": "多张同时打出必须数字或符号相同",
    "H5": "只能用当前颜色的禁止或反转转嫁罚牌",
    "H6": "最后一张牌不能是禁止、反转或万能牌",
    "S4": "请先选择起始颜色",
    "turn": "还没轮到你",
    "phase": "现在不能这样做",
}


def colour_name(colour: Colour | str | None, lang: str) -> str:
    if colour is None:
        return ""
    value = colour.value if isinstance(colour, Colour) else str(colour)
    return _COLOUR[lang].get(value, value)


def card_name(card: Card | int, lang: str) -> str:
    """``Red 7``, ``Blue Skip``, ``Wild Draw Four`` / ``红 7``, ``蓝 禁止``, ``万能+4``."""
    c = DECK[card] if isinstance(card, int) else card
    if c.is_wild:
        return _KIND[lang][c.kind]
    colour = colour_name(c.colour, lang)
    if c.kind is Kind.NUMBER:
        return f"{colour} {c.number}"
    return f"{colour} {_KIND[lang][c.kind]}" if lang == "en" else f"{colour}{_KIND[lang][c.kind]}"


def cards_name(cards: Sequence[int], lang: str) -> str:
    sep = ", " if lang == "en" else "、"
    return sep.join(card_name(c, lang) for c in cards)


def illegal_text(err: IllegalAction, lang: str) -> str:
    """``T1: <why>`` in the current language (the engine's message is English)."""
    if lang == "zh":
        return f"{err.rule}：{RULE_ZH.get(err.rule, err.message)}"
    return f"{err.rule}: {err.message}"


def _n_cards(n: int, lang: str) -> str:
    if lang == "zh":
        return f"{n} 张牌"
    return "a card" if n == 1 else f"{n} cards"


_DRAW_WHY = {
    "en": {"penalty": " (penalty)", "uno": " for not calling UNO", "false_uno": " for a false UNO call",
           "challenge": " (challenge)", "wrong_play": " for a wrong play", "forced": ""},
    "zh": {"penalty": "（罚牌）", "uno": "（没喊 UNO）", "false_uno": "（错喊 UNO）",
           "challenge": "（质疑）", "wrong_play": "（出错牌）", "forced": ""},
}


_YOU_VERBS = re.compile(
    r"\bYou (turns|plays|names|draws|jumps|challenges|keeps|offers|goes|wins|catches"
    r"|deflects|faces|deals|calls|swaps|is|has)\b")
_BASE = {"is": "are", "has": "have", "goes": "go", "catches": "catch", "faces": "face"}


def _second_person(text: str) -> str:
    """English for the player called "You": "You plays" -> "You play"."""
    text = _YOU_VERBS.sub(lambda m: "You " + _BASE.get(m[1], m[1][:-1]), text)
    head, rest = text[:3], text[3:]
    return head + re.sub(r"\bYou\b", "you", rest)


def describe(ev: Event, names: Sequence[str], lang: str) -> str | None:
    """One sentence for ``ev`` (None for events the log leaves out)."""
    text = _describe(ev, names, lang)
    if text is not None and lang == "en" and "You" in names:
        text = _second_person(text)
    return text


def _describe(ev: Event, names: Sequence[str], lang: str) -> str | None:

    def nm(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    p, t = nm(ev.seat), nm(ev.target)
    en = lang == "en"
    k = ev.kind
    if k == "round_start":
        return (f"Round {ev.value} begins: {p} deals" if en
                else f"第 {ev.value} 局开始：{p} 发牌")
    if k == "dealer_draw" and ev.cards:
        c = card_name(ev.cards[0], lang)
        return f"{p} turns {c} for the deal" if en else f"{p} 翻出 {c} 抽庄"
    if k == "dealer":
        return f"{p} is the dealer" if en else f"{p} 坐庄"
    if k == "start_card" and ev.cards:
        c = card_name(ev.cards[0], lang)
        return f"{c} starts the discard pile" if en else f"翻开首张：{c}"
    if k == "start_card_return" and ev.cards:
        c = card_name(ev.cards[0], lang)
        return f"{c} goes back into the deck" if en else f"{c} 放回牌堆重洗"
    if k == "play":
        text = (f"{p} plays {cards_name(ev.cards, lang)}" if en
                else f"{p} 打出 {cards_name(ev.cards, lang)}")
        if ev.cards and DECK[ev.cards[-1]].is_wild and ev.colour is not None:
            col = colour_name(ev.colour, lang)
            text += f", naming {col}" if en else f"，指定{col}色"
        return text
    if k == "jump_in" and ev.cards:
        c = card_name(ev.cards[0], lang)
        return f"{p} jumps in with {c}!" if en else f"{p} 抢出 {c}！"
    if k == "colour":
        col = colour_name(ev.colour, lang)
        return f"{p} names {col}" if en else f"{p} 选择{col}色"
    if k == "direction":
        if en:
            return "play now goes " + ("clockwise" if ev.value > 0 else "counter-clockwise")
        return "方向变为" + ("顺时针" if ev.value > 0 else "逆时针")
    if k == "skip":
        return f"{p} is skipped" if en else f"{p} 被跳过"
    if k == "draw":
        n = len(ev.cards) or ev.hidden
        why = _DRAW_WHY[lang].get(ev.reason, "")
        if ev.cards and ev.reason in ("choice", "forced", ""):
            c = cards_name(ev.cards, lang)
            return f"{p} draws {c}" if en else f"{p} 摸到 {c}"
        if n == 0:
            return f"{p} has nothing to draw" if en else f"{p} 无牌可摸"
        return f"{p} draws {_n_cards(n, lang)}{why}" if en else f"{p} 摸了 {_n_cards(n, lang)}{why}"
    if k == "reshuffle":
        return (f"the discard pile is shuffled into a new draw pile ({ev.value} cards)" if en
                else f"弃牌堆洗成新的摸牌堆（{ev.value} 张）")
    if k == "penalty":
        return f"{t} faces +{ev.value}" if en else f"{t} 面临 +{ev.value} 罚牌"
    if k == "deflect":
        return f"{p} deflects the penalty to {t}" if en else f"{p} 把罚牌转给 {t}"
    if k == "challenge":
        if en:
            text = f"{p} challenges {t}: " + ("guilty!" if ev.value else "not guilty")
        else:
            text = f"{p} 质疑 {t}：" + ("成立！" if ev.value else "不成立")
        if ev.cards:
            hand = cards_name(ev.cards, lang)
            text += f" ({t} holds {hand})" if en else f"（{t} 的手牌：{hand}）"
        return text
    if k == "uno":
        return f"{p}: UNO!" if en else f"{p}：UNO！"
    if k == "false_uno":
        return f"{p} called UNO too early" if en else f"{p} 错喊 UNO"
    if k == "caught":
        return f"{p} catches {t} without UNO!" if en else f"{p} 抓到 {t} 没喊 UNO！"
    if k == "pass":
        return f"{p} keeps the card" if en else f"{p} 保留了摸到的牌"
    if k == "wrong_play" and ev.cards:
        c = card_name(ev.cards[0], lang)
        return f"{p} offers {c}, which can't be played" if en else f"{p} 出错牌 {c}"
    if k == "swap":
        return f"{p} swaps hands with {t}" if en else f"{p} 与 {t} 交换手牌"
    if k == "rotate":
        return ("everyone passes their hand on" if en else "所有人把手牌传给下家")
    if k == "out":
        return f"{p} goes out (#{ev.value})" if en else f"{p} 出完了（第 {ev.value} 名）"
    if k == "round_end":
        return f"{p} wins the round" if en else f"{p} 赢得本局"
    if k == "match_end":
        return f"{p} wins the match!" if en else f"{p} 赢得比赛！"
    return None


# Effects that read best appended to the play that caused them.
_FOLLOW = frozenset({"skip", "direction", "penalty", "colour"})


def describe_events(events: Sequence[Event], names: Sequence[str], lang: str) -> list[str]:
    """Sentences for a batch: "Li plays Red Skip; Wang is skipped"."""
    lines: list[str] = []
    joinable = False
    named = False
    sep = "; " if lang == "en" else "；"
    for ev in events:
        text = describe(ev, names, lang)
        if text is None:
            continue
        if joinable and ev.kind == "colour" and named:
            continue  # "plays Wild, naming Blue" already said it
        if joinable and ev.kind in _FOLLOW and lines:
            lines[-1] += sep + text
            continue
        lines.append(text[:1].upper() + text[1:] if lang == "en" else text)
        joinable = ev.kind in ("play", "jump_in")
        named = joinable and ev.colour is not None and bool(ev.cards) and DECK[ev.cards[-1]].is_wild
    return lines
