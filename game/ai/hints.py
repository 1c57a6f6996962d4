"""Reason sentences for the Hint button, in English and Chinese.

Every level explains its choice with one short sentence per language, built
from a card name and a few reason fragments (``"Red 7: keeps your Wild for
later; red is the colour you hold most"`` / ``"红 7：留着万能牌以后用；你手里红色最多"``).
The vocabulary matches the game log (``game/ui/event_text.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Draw,
    JumpIn,
    NextRound,
    Pass,
    Play,
    SwapHands,
    WrongPlay,
)
from game.rules.cards import DECK, Card, Colour, Kind

from .base import Choice

COLOUR_EN = {Colour.RED: "Red", Colour.YELLOW: "Yellow", Colour.GREEN: "Green", Colour.BLUE: "Blue"}
COLOUR_ZH = {Colour.RED: "红", Colour.YELLOW: "黄", Colour.GREEN: "绿", Colour.BLUE: "蓝"}
_KIND_EN = {Kind.SKIP: "Skip", Kind.REVERSE: "Reverse", Kind.DRAW_TWO: "Draw Two",
            Kind.WILD: "Wild", Kind.WILD_DRAW_FOUR: "Wild Draw Four"}
_KIND_ZH = {Kind.SKIP: "禁止", Kind.REVERSE: "反转", Kind.DRAW_TWO: "+2",
            Kind.WILD: "万能牌", Kind.WILD_DRAW_FOUR: "万能+4"}

# Reason fragments: key -> (English, Chinese). ``{c}`` is a colour, ``{n}`` a number.
FRAGMENTS: dict[str, tuple[str, str]] = {
    "only": ("the only thing you can do", "只能这样做"),
    "swap_fewest": ("takes the smallest hand ({n} cards)", "换来最少的手牌（{n} 张）"),
    "random": ("picked at random", "随便选的"),
    "keep_wild": ("keeps your Wild for later", "留着万能牌以后用"),
    "most_colour": ("{c} is the colour you hold most", "你手里{c}色最多"),
    "shed_points": ("gets rid of a high-scoring card", "先出掉分值高的牌"),
    "shed_many": ("sheds {n} cards at once", "一次出掉 {n} 张牌"),
    "hit_low": ("the next player is close to going out", "下家快出完了"),
    "no_other": ("no other card fits", "没有别的牌能出"),
    "bluff": ("a bluff: a challenge would catch it", "这是诈唬：一旦被质疑就会成立"),
    "threat": ("an opponent is close to going out", "有对手快出完了"),
    "void": ("the next player seems to lack {c}", "下家似乎没有{c}色"),
    "go_out": ("your last card: you go out", "最后一张：出完获胜"),
    "draw_none": ("nothing fits, so draw a card", "没有能出的牌，只好摸牌"),
    "draw_keep": ("better to keep your cards and draw", "宁可摸牌也先留着手牌"),
    "play_drawn": ("the card you drew fits: play it", "摸到的牌能出，直接打出"),
    "keep_drawn": ("keep the card you drew for later", "摸到的牌先留着"),
    "call_uno": ("call UNO before playing your second-to-last card",
                 "出倒数第二张牌前先喊 UNO"),
    "call_exposed": ("call UNO before someone catches you", "赶紧喊 UNO，免得被抓"),
    "catch": ("catch them: they forgot to call UNO", "抓住他：他忘了喊 UNO"),
    "jump_in": ("jump in with the identical card", "用相同的牌抢出"),
    "no_jump": ("not worth jumping in", "不值得抢出"),
    "challenge": ("they probably still held {c}", "他很可能还有{c}色牌"),
    "accept_wd4": ("a challenge would probably fail", "质疑多半会失败"),
    "stack": ("pass the penalty on", "把罚牌叠加给下家"),
    "deflect": ("deflect the penalty", "把罚牌转嫁出去"),
    "relay": ("pass the Skip on", "把禁止续接下去"),
    "accept": ("nothing to answer with", "没有牌可以应对"),
    "next_round": ("deal the next round", "开始下一局"),
    "search": ("won most often in {n} simulated games", "在 {n} 局模拟中胜率最高"),
    "pick_colour": ("{c} is the colour you hold most", "你手里{c}色最多"),
    "forgot": ("(forgot to call UNO)", "（忘了喊 UNO）"),
    "decline": ("let it go", "放过这次"),
}


def card_name(card: Card | int, lang: str) -> str:
    c = DECK[card] if isinstance(card, int) else card
    kinds = _KIND_EN if lang == "en" else _KIND_ZH
    if c.colour is None:
        return kinds[c.kind]
    colour = (COLOUR_EN if lang == "en" else COLOUR_ZH)[c.colour]
    if c.kind is Kind.NUMBER:
        return f"{colour} {c.number}"
    return f"{colour} {kinds[c.kind]}" if lang == "en" else f"{colour}{kinds[c.kind]}"


def colour_name(colour: Colour, lang: str) -> str:
    return COLOUR_EN[colour] if lang == "en" else COLOUR_ZH[colour]


def action_name(action: Action, lang: str) -> str:
    """A short label of an action (``Red 7``, ``Draw``, ``Challenge``...)."""
    en = lang == "en"
    if isinstance(action, Play):
        names = [card_name(c, lang) for c in action.cards]
        text = (" + " if en else "+").join(names)
        if action.colour is not None:
            col = colour_name(action.colour, lang)
            text += f" ({col})" if en else f"（{col}色）"
        return text
    if isinstance(action, JumpIn):
        return ("Jump in: " if en else "抢出：") + card_name(action.card, lang)
    if isinstance(action, ChooseColour):
        return colour_name(action.colour, lang) if en else colour_name(action.colour, lang) + "色"
    if isinstance(action, Catch):
        return f"Catch seat {action.target + 1}" if en else f"抓 {action.target + 1} 号位"
    if isinstance(action, WrongPlay):
        return card_name(action.card, lang)
    if isinstance(action, SwapHands):
        return f"Swap with seat {action.target + 1}" if en else f"与 {action.target + 1} 号位换牌"
    labels: dict[type, tuple[str, str]] = {
        Draw: ("Draw", "摸牌"), Pass: ("Keep", "保留"), Challenge: ("Challenge", "质疑"),
        Accept: ("Accept", "接受"), CallUno: ("UNO!", "喊 UNO"), NextRound: ("Next round", "下一局"),
    }
    en_label, zh_label = labels.get(type(action), (action.kind, action.kind))
    return en_label if en else zh_label


def fragment(key: str, lang: str, colour: Colour | None = None, n: int = 0) -> str:
    en, zh = FRAGMENTS[key]
    text = en if lang == "en" else zh
    c = colour_name(colour, lang) if colour is not None else ""
    if lang == "en":
        c = c.lower()
    return text.format(c=c, n=n)


def reason(action: Action, keys: Sequence[str], colour: Colour | None = None,
           n: int = 0) -> Choice:
    """A Choice whose sentences are ``<action>: <fragment>; <fragment>``."""
    out: list[str] = []
    for lang in ("en", "zh"):
        parts = [fragment(k, lang, colour, n) for k in keys]
        head = action_name(action, lang)
        if lang == "en":
            out.append(f"{head}: {'; '.join(parts)}" if parts else head)
        else:
            out.append(f"{head}：{'；'.join(parts)}" if parts else head)
    return Choice(action, out[0], out[1], tuple((k, colour, n) for k in keys))
