"""Every consumer of engine events handles every EventKind (issue 13).

The log text (game/ui/event_text.py), the sounds (game/ui/audio.py, which the
table's director plays) and the statistics (game/storage/stats.py) each
dispatch with ``match`` over ``EventKind``, name the kinds they leave alone,
and end in ``assert_never``: a kind added to the enum fails here (no sample
for it, and every consumer refuses it) until each consumer says what it does
with it. The table's animation director has its own check
(tests/test_table_director_kinds.py). Hints and explanations read no events.
"""

from __future__ import annotations

import pytest

from game.config import MatchConfig, SeatConfig
from game.rules.cards import DECK, Colour, Kind
from game.rules.events import DrawReason, Event, EventKind, MatchResult, RoundResult
from game.storage.stats import COUNTED_KINDS, StatsStore
from game.ui.audio import SOUND_NAMES, event_sound
from game.ui.event_text import describe, describe_events

NAMES = ["You", "Ada", "Bo"]
CONFIG = MatchConfig((SeatConfig("You", "human"), SeatConfig("Ada", "ai", "easy"),
                      SeatConfig("Bo", "ai", "normal")))


def _card(kind: Kind) -> int:
    return next(c.id for c in DECK if c.kind is kind)


RED_7 = next(c.id for c in DECK if c.kind is Kind.NUMBER and c.number == 7
             and c.colour is Colour.RED)
WILD = _card(Kind.WILD)

ROUND = RoundResult(winner=1, round=1, hands=((RED_7,), (), (WILD,)), points=(7, 0, 50),
                    gained=(0, 57, 0), totals=(0, 57, 0), out=(1,))
MATCH = MatchResult(winner=1, winners=(1,), totals=(0, 557, 0), ranking=(1, 0, 2), rounds=3)

# One event of each kind, its fields as the engine fills them (events.py).
SAMPLES: dict[EventKind, Event] = {
    EventKind.ROUND_START: Event(EventKind.ROUND_START, seat=0, value=1),
    EventKind.DEALER_DRAW: Event(EventKind.DEALER_DRAW, seat=1, cards=(RED_7,)),
    EventKind.DEALER: Event(EventKind.DEALER, seat=1),
    EventKind.SHUFFLE: Event(EventKind.SHUFFLE, value=108),
    EventKind.DEAL: Event(EventKind.DEAL, seat=2, hidden=7),
    EventKind.START_CARD: Event(EventKind.START_CARD, cards=(RED_7,), colour=Colour.RED),
    EventKind.START_CARD_RETURN: Event(EventKind.START_CARD_RETURN, cards=(WILD,)),
    EventKind.PLAY: Event(EventKind.PLAY, seat=1, cards=(WILD,), colour=Colour.BLUE),
    EventKind.JUMP_IN: Event(EventKind.JUMP_IN, seat=2, cards=(RED_7,)),
    EventKind.COLOUR: Event(EventKind.COLOUR, seat=1, colour=Colour.BLUE),
    EventKind.DIRECTION: Event(EventKind.DIRECTION, value=-1),
    EventKind.SKIP: Event(EventKind.SKIP, seat=0),
    EventKind.DRAW: Event(EventKind.DRAW, seat=0, hidden=2, reason=DrawReason.PENALTY),
    EventKind.RESHUFFLE: Event(EventKind.RESHUFFLE, value=40),
    EventKind.PENALTY: Event(EventKind.PENALTY, target=2, value=4),
    EventKind.DEFLECT: Event(EventKind.DEFLECT, seat=2, target=0),
    EventKind.CHALLENGE: Event(EventKind.CHALLENGE, seat=0, target=1, cards=(RED_7,), value=1),
    EventKind.UNO: Event(EventKind.UNO, seat=1),
    EventKind.FALSE_UNO: Event(EventKind.FALSE_UNO, seat=2),
    EventKind.CAUGHT: Event(EventKind.CAUGHT, seat=1, target=0),
    EventKind.PASS: Event(EventKind.PASS, seat=2),
    EventKind.WRONG_PLAY: Event(EventKind.WRONG_PLAY, seat=0, cards=(RED_7,)),
    EventKind.SWAP: Event(EventKind.SWAP, seat=0, target=2),
    EventKind.ROTATE: Event(EventKind.ROTATE, value=1),
    EventKind.SHUFFLE_HANDS: Event(EventKind.SHUFFLE_HANDS, seat=1, value=14),
    EventKind.TURN: Event(EventKind.TURN, seat=0, reason="play"),
    EventKind.OUT: Event(EventKind.OUT, seat=1, value=1),
    EventKind.ROUND_END: Event(EventKind.ROUND_END, seat=1, value=1, result=ROUND),
    EventKind.MATCH_END: Event(EventKind.MATCH_END, seat=1, value=1, result=MATCH),
}
# What the log leaves out: the table shows it, a sentence would only repeat it.
UNTOLD = {EventKind.SHUFFLE, EventKind.DEAL, EventKind.TURN}


def test_every_kind_has_a_sample() -> None:
    assert set(SAMPLES) == set(EventKind), "a new EventKind: add a sample, then handle it"
    assert all(ev.kind is kind for kind, ev in SAMPLES.items())


@pytest.mark.parametrize("kind", list(EventKind), ids=str)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_log_text_handles_every_kind(kind: EventKind, lang: str) -> None:
    ev = SAMPLES[kind]
    text = describe(ev, NAMES, lang)
    if kind in UNTOLD:
        assert text is None
    else:
        assert text and "log." not in text, text  # a sentence, not a catalogue id
    assert describe_events([ev], NAMES, lang) == ([] if text is None else [text])


@pytest.mark.parametrize("kind", list(EventKind), ids=str)
def test_sound_handles_every_kind(kind: EventKind) -> None:
    assert event_sound(kind) in (None, *SOUND_NAMES)


def test_the_sounds_the_table_plays() -> None:
    played = {kind: event_sound(kind) for kind in EventKind if event_sound(kind) is not None}
    assert played == {EventKind.PLAY: "play", EventKind.DRAW: "draw", EventKind.DEAL: "shuffle",
                      EventKind.SHUFFLE: "shuffle", EventKind.RESHUFFLE: "shuffle",
                      EventKind.SHUFFLE_HANDS: "shuffle",
                      EventKind.UNO: "uno", EventKind.CAUGHT: "uno"}
    # a round's or match's end is the scoreboard's to sound: it knows who won (#39)


@pytest.mark.parametrize("kind", list(EventKind), ids=str)
def test_statistics_handle_every_kind(kind: EventKind) -> None:
    store = StatsStore()
    counted = store.record_event(CONFIG, SAMPLES[kind], when="2026-01-01T00:00:00+00:00")
    assert counted == (kind in COUNTED_KINDS)
    assert bool(store.players) == counted


def test_an_unhandled_kind_fails_every_consumer() -> None:
    """What a kind added to the enum but to no consumer meets: each refuses it
    rather than passing it over in silence (a plain string stands in for it)."""
    stranger = Event("a_new_kind", seat=0)  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        describe(stranger, NAMES, "en")
    with pytest.raises(AssertionError):
        event_sound(stranger.kind)
    with pytest.raises(AssertionError):
        StatsStore().record_event(CONFIG, stranger)
