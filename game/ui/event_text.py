"""Engine events -> sentences for the game log, from the catalogue (``log.*``).

The log is kept as events and told again in the current language whenever
it changes. Each sentence whose subject is the player called "You" has its
own id (``log.skip.you``: "you are skipped"), so no language needs verb
fixing after the fact. Events must already be redacted for the seat that reads them
(``game.rules.events.redact``): a hidden draw says "draws 2 cards".
"""

from __future__ import annotations

from collections.abc import Sequence

from game.exhaustive import assert_never
from game.i18n import has_key, is_you_name, ntl, seat_name, tl
from game.rules.cards import DECK, Card, Colour, Kind
from game.rules.errors import IllegalAction
from game.rules.events import Event, EventKind

_KIND = {Kind.SKIP: "card.skip", Kind.REVERSE: "card.reverse", Kind.DRAW_TWO: "card.draw_two",
         Kind.WILD: "card.wild", Kind.WILD_DRAW_FOUR: "card.wild_draw_four",
         Kind.WILD_SHUFFLE_HANDS: "card.wild_shuffle_hands",
         Kind.WILD_CUSTOMIZABLE: "card.wild_customizable"}
_WHY = frozenset({"penalty", "uno", "false_uno", "challenge", "wrong_play"})


def colour_name(colour: Colour | str | None, lang: str) -> str:
    if colour is None:
        return ""
    value = colour.value if isinstance(colour, Colour) else str(colour)
    key = f"colour.{value}"
    return tl(lang, key) if has_key(key) else value


def card_name(card: Card | int, lang: str) -> str:
    """``Red 7``, ``Blue Skip``, ``Wild Draw Four`` in English (``card.*`` ids)."""
    c = DECK[card] if isinstance(card, int) else card
    if c.is_wild:
        return tl(lang, _KIND[c.kind])
    colour = colour_name(c.colour, lang)
    if c.kind is Kind.NUMBER:
        return tl(lang, "card.number", colour=colour, number=c.number)
    return tl(lang, "card.action", colour=colour, kind=tl(lang, _KIND[c.kind]))


def cards_name(cards: Sequence[int], lang: str) -> str:
    return tl(lang, "card.sep").join(card_name(c, lang) for c in cards)


def illegal_text(err: IllegalAction, lang: str) -> str:
    """Why the action was refused, as a sentence in ``lang`` (no rule ID: a
    refusal the catalogue does not know reads as a plain "can't now")."""
    if has_key(err.key):
        return tl(lang, err.key)
    return tl(lang, "refusal.other")


def describe(ev: Event, names: Sequence[str], lang: str) -> str | None:
    """One sentence for ``ev`` (None for events the log leaves out).

    ``names`` are the seats' names as the match was set up; default names
    ("You" in every language, "Player 2", bot names) are shown in ``lang``, and the seat
    called "You" is spoken to in the second person ("you hold", "you are
    skipped").
    """
    text = _describe(ev, names, lang)
    return None if text is None else text[:1].upper() + text[1:]


def _describe(ev: Event, names: Sequence[str], lang: str) -> str | None:

    def nm(seat: int) -> str:
        if not 0 <= seat < len(names):
            return "?"
        return tl(lang, "log.you") if is_you_name(names[seat]) else seat_name(names[seat], lang)

    def say(key: str, seat: int = ev.seat, count: int | None = None, **fmt: object) -> str:
        if 0 <= seat < len(names) and is_you_name(names[seat]):
            key += ".you"
        if count is not None:
            return ntl(lang, key, count, name=nm(seat), **fmt)
        return tl(lang, key, name=nm(seat), **fmt)

    t = nm(ev.target)
    one = card_name(ev.cards[0], lang) if ev.cards else ""
    match ev.kind:
        case EventKind.ROUND_START:
            return say("log.round_start", n=ev.value)
        case EventKind.DEALER_DRAW:
            return say("log.dealer_draw", card=one) if ev.cards else None
        case EventKind.DEALER:
            return say("log.dealer")
        case EventKind.START_CARD | EventKind.START_CARD_RETURN:
            return tl(lang, f"log.{ev.kind}", card=one) if ev.cards else None
        case EventKind.PLAY:
            text = say("log.play", cards=cards_name(ev.cards, lang))
            if len({DECK[c].colour for c in ev.cards}) > 1:  # H4: the top card's colour goes on
                text += tl(lang, "log.play.top", card=card_name(ev.cards[-1], lang))
            if ev.cards and DECK[ev.cards[-1]].is_wild and ev.colour is not None:
                text += tl(lang, "log.play.naming", colour=colour_name(ev.colour, lang))
            return text
        case EventKind.JUMP_IN:
            return say("log.jump_in", card=one) if ev.cards else None
        case EventKind.COLOUR:
            return say("log.colour", colour=colour_name(ev.colour, lang))
        case EventKind.DIRECTION:
            return tl(lang, "log.direction.cw") if ev.value > 0 else tl(lang, "log.direction.ccw")
        case EventKind.SKIP:
            return say("log.skip")
        case EventKind.DRAW:
            n = len(ev.cards) or ev.hidden
            if ev.cards and ev.reason in ("choice", "forced", ""):
                return say("log.draw.cards", cards=cards_name(ev.cards, lang))
            if n == 0:
                return say("log.draw.nothing")
            why = tl(lang, f"log.why.{ev.reason}") if ev.reason in _WHY else ""
            return say("log.draw.n", count=n, why=why)
        case EventKind.RESHUFFLE:
            return tl(lang, "log.reshuffle", n=ev.value)
        case EventKind.PENALTY:
            return say("log.penalty", seat=ev.target, n=ev.value)
        case EventKind.DEFLECT:
            return say("log.deflect", target=t)
        case EventKind.CHALLENGE:
            text = say("log.challenge.guilty" if ev.value else "log.challenge.innocent", target=t)
            if ev.cards:
                text += say("log.challenge.holds", seat=ev.target,
                            cards=cards_name(ev.cards, lang))
            return text
        case EventKind.UNO | EventKind.FALSE_UNO:
            return tl(lang, f"log.{ev.kind}", name=nm(ev.seat))
        case EventKind.CAUGHT | EventKind.SWAP:
            return say(f"log.{ev.kind}", target=t)
        case EventKind.PASS:
            return say("log.pass")
        case EventKind.WRONG_PLAY:
            return say("log.wrong_play", card=one) if ev.cards else None
        case EventKind.ROTATE:
            return tl(lang, "log.rotate")
        case EventKind.SHUFFLE_HANDS:
            return say("log.shuffle_hands")
        case EventKind.OUT | EventKind.ROUND_END | EventKind.MATCH_END:
            return say(f"log.{ev.kind}", n=ev.value)
        case EventKind.SHUFFLE | EventKind.DEAL | EventKind.TURN:
            return None  # the table shows these; the log would only repeat them
        case _:
            assert_never(ev.kind)


# Effects that read best appended to the play that caused them.
_FOLLOW = frozenset({"skip", "direction", "penalty", "colour"})


def describe_events(events: Sequence[Event], names: Sequence[str], lang: str) -> list[str]:
    """Sentences for a batch: "Li plays Red Skip; Wang is skipped"."""
    lines: list[str] = []
    joinable = False
    named = False
    sep = tl(lang, "log.sep")
    for ev in events:
        text = _describe(ev, names, lang)
        if text is None:
            continue
        if joinable and ev.kind == "colour" and named:
            continue  # "plays Wild, naming Blue" already said it
        if joinable and ev.kind in _FOLLOW and lines:
            lines[-1] += sep + text
            continue
        lines.append(text[:1].upper() + text[1:])
        joinable = ev.kind in ("play", "jump_in")
        named = joinable and ev.colour is not None and bool(ev.cards) and DECK[ev.cards[-1]].is_wild
    return lines
