"""Turns (redacted) engine events into animation steps for the table.

Every event becomes one :class:`Step` (consecutive deals share one): the
display model's ``begin`` runs when the step starts and ``end`` when it
lands, so the table always shows the cards where the animation put them.

The director knows its collaborators, not the scene: the animator it queues
on, a sink for sounds, and the table's current layout, display model,
viewer and hand (read when a step runs: the hot-seat viewer may change).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.exhaustive import assert_never
from game.i18n import t
from game.rules.cards import DECK
from game.rules.events import DrawReason, Event, EventKind
from game.table.animations import Animator, Effect, Flight, Step
from game.table.layout import TableLayout
from game.table.model import TableModel
from game.ui.audio import event_sound

RED = (222, 41, 48)
GOLD = (232, 197, 71)
CREAM = (245, 240, 225)

# Bubble colours; the words are catalogue ids ``bubble.<kind>``.
_BUBBLES = {EventKind.UNO: RED, EventKind.CAUGHT: RED, EventKind.FALSE_UNO: RED,
            EventKind.SKIP: GOLD, EventKind.JUMP_IN: GOLD, EventKind.CHALLENGE: GOLD,
            EventKind.PASS: CREAM, EventKind.DEFLECT: GOLD, EventKind.SWAP: GOLD}


@dataclass(frozen=True, slots=True, kw_only=True)
class Stage:
    """What the director works with (each read when needed, never kept)."""

    anim: Animator
    sound: Callable[[str], None]
    """plays a named sound ("play", "draw", "shuffle", "uno", "win")"""
    layout: Callable[[], TableLayout]
    model: Callable[[], TableModel]
    viewer: Callable[[], int]
    card_rect: Callable[[TableLayout, int], pygame.Rect | None]
    """where the viewer's hand shows a card now (a play leaves from there)"""
    names: Callable[[], Sequence[str]] = tuple
    """the seats' names in the current language"""
    told: Callable[[int], None] = lambda count: None
    """``count`` more events started playing: the log says them now (game.table.log_feed)"""


# Seconds the hand a challenge revealed stays up (at the default speed).
REVEAL_S = 4.0

# Draws forced on a seat: marked "+n" on that seat (a chosen draw is not).
_FORCED = frozenset({DrawReason.PENALTY, DrawReason.UNO, DrawReason.FALSE_UNO,
                     DrawReason.CHALLENGE, DrawReason.WRONG_PLAY})


class Director:
    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.last_player = -1  # the seat of the last play (a Reverse is marked there)

    # -- geometry helpers ----------------------------------------------------
    def seat_point(self, seat: int) -> tuple[float, float]:
        lay = self.stage.layout()
        if seat == self.stage.viewer() or (lay.bottom is not None and lay.bottom.seat == seat):
            return (lay.hand.centerx, lay.hand.centery)
        spot = lay.seats.get(seat)
        return spot.fan_center if spot is not None else lay.centre

    def plate_point(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s callouts stand: over its plate; the bottom seat's over
        the turn prompt (clear of the action row the buttons are drawn on)."""
        lay = self.stage.layout()
        if lay.bottom is not None and lay.bottom.seat == seat:
            return (lay.hand.centerx, lay.prompt_top())
        spot = lay.seats.get(seat)
        if spot is None:
            return lay.centre
        return (spot.plate.centerx, spot.plate.top)

    def _effect(self, effect: Effect) -> None:
        self.stage.anim.add_effect(effect)

    # -- events -> steps -----------------------------------------------------------
    def queue(self, events: list[Event]) -> None:
        deals: list[Event] = []
        for ev in events:
            if ev.kind is EventKind.DEAL:
                deals.append(ev)
                continue
            if deals:
                self._deal(deals)
                deals = []
            step = self.step(ev)
            step.on_start.append(partial(self.stage.told, 1))
            self.stage.anim.push(step)
        if deals:
            self._deal(deals)

    def _begin(self, ev: Event) -> None:
        self.stage.model().begin(ev)

    def _end(self, ev: Event) -> None:
        self.stage.model().end(ev)

    def _model_step(self, ev: Event, hold: float = 0.0) -> Step:
        step = Step(hold=hold)
        step.on_start.append(partial(self._begin, ev))
        step.on_end.append(partial(self._end, ev))
        self._sound(step, EventKind(ev.kind))
        return step

    def _sound(self, step: Step, kind: EventKind) -> None:
        """The step starts with the event's sound, if it has one (audio.event_sound)."""
        name = event_sound(kind)
        if name is not None:
            step.on_start.append(partial(self.stage.sound, name))

    def _deal(self, deals: list[Event]) -> None:
        lay = self.stage.layout()
        viewer = self.stage.viewer()
        step = Step()
        src = lay.draw_pile.center
        per = 0.03 if len(deals) <= 6 else 0.02
        width = lay.card_w
        for j, ev in enumerate(deals):
            n = len(ev.cards) or ev.hidden
            face = ev.seat == viewer and bool(ev.cards)
            dst = self.seat_point(ev.seat)
            for k in range(n):
                cid = ev.cards[k] if face else -1
                step.flights.append(Flight(cid, src, dst, width if face else lay.mini_w * 2,
                                           face, delay=(k * len(deals) + j) * per, dur=0.28))
        self._sound(step, EventKind.DEAL)
        for ev in deals:
            step.on_start.append(partial(self._begin, ev))
            step.on_end.append(partial(self._end, ev))
        step.on_start.append(partial(self.stage.told, len(deals)))
        self.stage.anim.push(step)

    def _bubble(self, kind: EventKind, seat: int) -> None:
        self._mark(seat, t(f"bubble.{kind.value}"), _BUBBLES[kind])

    def _mark(self, seat: int, text: str, colour: tuple[int, int, int]) -> None:
        """A callout over ``seat``'s plate ("Skipped!", "+2", "Reverse!")."""
        self._effect(Effect("bubble", self.plate_point(seat), 1.4, text, colour))

    def step(self, ev: Event) -> Step:
        """The step that shows ``ev`` (one kind per case: every kind is named)."""
        lay = self.stage.layout()
        kind = EventKind(ev.kind)
        match kind:
            case EventKind.PLAY:
                return self._play(ev, lay)
            case EventKind.DEAL | EventKind.DRAW:
                return self._draw(ev, lay)
            case EventKind.START_CARD:
                step = self._model_step(ev)
                if ev.cards:
                    step.flights.append(Flight(ev.cards[0], lay.draw_pile.center,
                                               lay.discard.center, lay.card_w, True, dur=0.35,
                                               arc=lay.px(20)))
                return step
            case EventKind.START_CARD_RETURN:
                step = self._model_step(ev, 0.1)
                if ev.cards:
                    step.flights.append(Flight(ev.cards[0], lay.discard.center,
                                               lay.draw_pile.center, lay.card_w, True, dur=0.35))
                return step
            case EventKind.SHUFFLE | EventKind.RESHUFFLE:
                step = self._model_step(ev, 0.45 if kind is EventKind.RESHUFFLE else 0.15)
                step.on_start.append(lambda: self._effect(
                    Effect("pulse", lay.draw_pile.center, 0.6, icon="pile")))
                return step
            case EventKind.SHUFFLE_HANDS:  # T10: the new hands come with the next sync
                step = self._model_step(ev, 0.6)
                step.on_start.append(lambda: self._effect(
                    Effect("pulse", lay.centre, 0.8, icon="pile")))
                shuffler = ev.seat
                step.on_start.append(lambda: self._mark(shuffler, t("bubble.shuffle_hands"), GOLD))
                return step
            case EventKind.DIRECTION | EventKind.ROTATE:
                step = self._model_step(ev, 0.2 if kind is EventKind.DIRECTION else 0.5)
                step.on_start.append(lambda: self._effect(
                    Effect("pulse", lay.centre, 0.8, icon="direction")))
                if kind is EventKind.DIRECTION and self.last_player >= 0:
                    seat = self.last_player
                    step.on_start.append(lambda: self._mark(seat, t("bubble.direction"), GOLD))
                return step
            case (EventKind.UNO | EventKind.CAUGHT | EventKind.FALSE_UNO | EventKind.SKIP
                  | EventKind.JUMP_IN | EventKind.CHALLENGE | EventKind.PASS
                  | EventKind.DEFLECT | EventKind.SWAP):
                return self._callout(ev, kind)
            case EventKind.OUT:
                step = self._model_step(ev, 0.3)
                step.on_start.append(lambda: self._effect(Effect(
                    "bubble", self.plate_point(ev.seat), 1.6, t("tbl.out", n=ev.value), GOLD)))
                return step
            case EventKind.ROUND_END | EventKind.MATCH_END:
                return self._model_step(ev, 0.9)
            case EventKind.COLOUR:
                step = self._model_step(ev, 0.15)
                icon = ev.colour.value if ev.colour is not None else ""
                step.on_end.append(lambda: self._effect(
                    Effect("colour", lay.discard.center, 0.8, icon=icon)))
                return step
            case EventKind.ROUND_START | EventKind.DEALER:
                return self._model_step(ev, 0.35)  # a pause to read who deals
            case EventKind.PENALTY:  # H1/H5: the seat facing the pending draw
                step = self._model_step(ev)
                step.on_start.append(lambda: self._mark(
                    ev.target, t("bubble.draws", n=ev.value), RED))
                return step
            case EventKind.TURN | EventKind.DEALER_DRAW | EventKind.WRONG_PLAY:
                return self._model_step(ev)  # no motion, just the model
            case _:
                assert_never(kind)

    def _reveal(self, ev: Event) -> None:
        """T5: the offender's hand, shown to the challenger alone (the redacted
        event carries the cards only for its owners; the offender knows them)."""
        names = self.stage.names()
        name = names[ev.target] if 0 <= ev.target < len(names) else ""
        self._effect(Effect("reveal", self.stage.layout().centre, REVEAL_S,
                            t("tbl.revealed", name=name), GOLD, cards=ev.cards))

    def _play(self, ev: Event, lay: TableLayout) -> Step:
        step = self._model_step(ev)
        self.last_player = ev.seat
        viewer_play = ev.seat == self.stage.viewer()
        for i, cid in enumerate(ev.cards):
            f = Flight(cid, self.seat_point(ev.seat), lay.discard.center, lay.card_w, True,
                       delay=i * 0.08, dur=0.32, arc=lay.px(30))
            step.flights.append(f)
            if viewer_play:
                def at_start(f: Flight = f, cid: int = cid) -> None:
                    r = self.stage.card_rect(lay, cid)
                    if r is not None:
                        f.src = r.center
                step.on_start.insert(0, at_start)
        colour = ev.colour
        if ev.cards and DECK[ev.cards[-1]].is_wild and colour is not None:
            step.on_end.append(lambda: self._effect(
                Effect("colour", lay.discard.center, 0.8, colour=(0, 0, 0), icon=colour.value)))
        return step

    def _draw(self, ev: Event, lay: TableLayout) -> Step:
        """Cards from the draw pile to a seat (a lone deal, outside a batch, too)."""
        n = len(ev.cards) or ev.hidden
        step = self._model_step(ev)
        face = ev.seat == self.stage.viewer() and bool(ev.cards)
        dst = self.seat_point(ev.seat)
        for i in range(min(n, 12)):
            cid = ev.cards[i] if face else -1
            step.flights.append(Flight(cid, lay.draw_pile.center, dst,
                                       lay.card_w if face else lay.mini_w * 2, face,
                                       delay=i * 0.07, dur=0.3))
        if ev.kind is EventKind.DRAW and ev.reason in _FORCED:
            step.on_start.append(lambda: self._mark(ev.seat, t("bubble.draws", n=n), RED))
        return step

    def _callout(self, ev: Event, kind: EventKind) -> Step:
        """A bubble over the seat concerned (the caught one for a catch)."""
        seat = ev.target if kind is EventKind.CAUGHT else ev.seat
        step = self._model_step(ev, 0.25 if kind is not EventKind.JUMP_IN else 0.1)
        step.on_start.append(lambda: self._bubble(kind, seat))
        if kind is EventKind.CHALLENGE:
            def verdict() -> None:
                msg = t("bubble.guilty") if ev.value else t("bubble.not_guilty")
                self._effect(Effect("bubble", self.plate_point(ev.target), 1.8, msg,
                                    RED if ev.value else GOLD))
            step.on_end.append(verdict)
            step.hold = 0.7
            if ev.cards and ev.seat == self.stage.viewer():
                step.on_end.append(lambda: self._reveal(ev))
        return step
