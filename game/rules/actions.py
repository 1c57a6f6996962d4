"""Actions: small immutable records a seat hands to ``Game.apply``.

Every action names the seat that takes it, because several are taken out of
turn (catch, jump-in, UNO call). ``to_dict``/``action_from_dict`` give the
plain JSON form used by saves and replays.

Actions are keyword-built NamedTuples, like :class:`~game.rules.events.Event`
and :class:`~game.rules.view.PlayerView`: immutable and without a ``__dict__``
(move generation makes up to ~900 of them for one 40-card hand under H4; as
NamedTuples that hand's moves take 14.1 instead of 15.8 million instructions,
docs/ENGINE_API.md). Each carries its ``kind``
as its last field, so two actions are equal only when they are of the same
kind (``Draw(0) != Pass(0)``); never pass ``kind`` yourself.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, final

from .cards import Colour


class _PlayRecord(NamedTuple):
    seat: int
    cards: tuple[int, ...]
    colour: Colour | None = None
    kind: Literal["play"] = "play"


@final  # the engine dispatches on exact types
class Play(_PlayRecord):
    """T1/H4: play ``cards`` (ids; several only under H4, the last lands on top).

    Also used to stack (H1), deflect (H5), relay a Skip (H2) and to play the
    card just drawn (T3). ``colour`` is the colour named for a wild on top.
    Only the top card has a place: the cards below it have no order (one of
    them that is playable leads, H4), so they are kept in id order and plays
    that differ only in that order are one play.
    """

    __slots__ = ()

    def __new__(cls, seat: int, cards: tuple[int, ...], colour: Colour | None = None) -> Play:
        if len(cards) > 2:
            below = cards[:-1]
            order = tuple(sorted(below))
            if order != below:  # (move generation already gives them in id order)
                cards = (*order, cards[-1])
        return super().__new__(cls, seat, cards, colour)

    def __getnewargs__(self) -> tuple[int, tuple[int, ...], Colour | None]:
        return (self.seat, self.cards, self.colour)  # (copy: the kind is not an argument)


@final  # the engine dispatches on exact types
class Draw(NamedTuple):
    """T3: draw instead of playing (one card, or until playable)."""

    seat: int
    kind: Literal["draw"] = "draw"


@final  # the engine dispatches on exact types
class Pass(NamedTuple):
    """T3: keep the card just drawn and end the turn."""

    seat: int
    kind: Literal["pass"] = "pass"


@final  # the engine dispatches on exact types
class ChooseColour(NamedTuple):
    """S4: the first player names the colour when the first card is a Wild."""

    seat: int
    colour: Colour
    kind: Literal["choose_colour"] = "choose_colour"


@final  # the engine dispatches on exact types
class Challenge(NamedTuple):
    """T5: challenge the Wild Draw Four just played on you."""

    seat: int
    kind: Literal["challenge"] = "challenge"


@final  # the engine dispatches on exact types
class Accept(NamedTuple):
    """Take what is pending on you: a Wild Draw Four unchallenged (T5), the
    stacked total (H1/H5), or a Skip you do not relay (H2)."""

    seat: int
    kind: Literal["accept"] = "accept"


@final  # the engine dispatches on exact types
class CallUno(NamedTuple):
    """T6: say "UNO" (before or just after playing your second-to-last card)."""

    seat: int
    kind: Literal["call_uno"] = "call_uno"


@final  # the engine dispatches on exact types
class Catch(NamedTuple):
    """T6: catch ``target``, who is down to one card and did not call UNO."""

    seat: int
    target: int
    kind: Literal["catch"] = "catch"


@final  # the engine dispatches on exact types
class JumpIn(NamedTuple):
    """H3: play a card identical to the one just played, out of turn."""

    seat: int
    card: int
    kind: Literal["jump_in"] = "jump_in"


@final  # the engine dispatches on exact types
class WrongPlay(NamedTuple):
    """T8: offer a card that cannot be played; costs ``wrong_play_penalty``."""

    seat: int
    card: int
    kind: Literal["wrong_play"] = "wrong_play"


@final  # the engine dispatches on exact types
class SwapHands(NamedTuple):
    """H7 (7-0): after playing a 7, swap hands with ``target``."""

    seat: int
    target: int
    kind: Literal["swap_hands"] = "swap_hands"


@final  # the engine dispatches on exact types
class NextRound(NamedTuple):
    """R1: after a round is scored, deal the next one (taken by the next dealer)."""

    seat: int
    kind: Literal["next_round"] = "next_round"

Action = (Play | Draw | Pass | ChooseColour | Challenge | Accept | CallUno | Catch | JumpIn
          | WrongPlay | SwapHands | NextRound)

ACTION_TYPES: dict[str, type] = {
    "play": Play, "draw": Draw, "pass": Pass, "choose_colour": ChooseColour,
    "challenge": Challenge, "accept": Accept, "call_uno": CallUno, "catch": Catch,
    "jump_in": JumpIn, "wrong_play": WrongPlay, "swap_hands": SwapHands,
    "next_round": NextRound,
}

def action_to_dict(action: Action) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": action.kind, "seat": action.seat}
    if isinstance(action, Play):
        d["cards"] = list(action.cards)
        if action.colour is not None:
            d["colour"] = action.colour.value
    elif isinstance(action, ChooseColour):
        d["colour"] = action.colour.value
    elif isinstance(action, (Catch, SwapHands)):
        d["target"] = action.target
    elif isinstance(action, (JumpIn, WrongPlay)):
        d["card"] = action.card
    return d


def action_from_dict(d: dict[str, Any]) -> Action:
    """Inverse of :func:`action_to_dict`; raises ``ValueError`` on bad input."""
    if not isinstance(d, dict):
        raise ValueError("an action must be an object")
    kind = d.get("kind")
    seat = d.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError("an action needs an integer seat")
    if kind == "play":
        cards = d.get("cards")
        if not isinstance(cards, list) or not cards or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in cards
        ):
            raise ValueError("play needs a non-empty list of card ids")
        colour = d.get("colour")
        return Play(seat, tuple(cards), Colour(colour) if colour is not None else None)
    if kind == "choose_colour":
        return ChooseColour(seat, Colour(d.get("colour")))
    if kind in ("catch", "swap_hands"):
        target = d.get("target")
        if not isinstance(target, int) or isinstance(target, bool):
            raise ValueError(f"{kind} needs an integer target")
        return Catch(seat, target) if kind == "catch" else SwapHands(seat, target)
    if kind in ("jump_in", "wrong_play"):
        card = d.get("card")
        if not isinstance(card, int) or isinstance(card, bool):
            raise ValueError(f"{kind} needs an integer card")
        return JumpIn(seat, card) if kind == "jump_in" else WrongPlay(seat, card)
    simple: dict[str, type[Draw | Pass | Challenge | Accept | CallUno | NextRound]] = {"draw": Draw, "pass": Pass, "challenge": Challenge, "accept": Accept,
              "call_uno": CallUno, "next_round": NextRound}
    if kind in simple:
        return simple[kind](seat)
    raise ValueError(f"unknown action kind {kind!r}")
