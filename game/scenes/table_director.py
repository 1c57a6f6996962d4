"""Turns (redacted) engine events into animation steps for the table.

Every event becomes one :class:`Step` (consecutive deals share one): the
display model's ``begin`` runs when the step starts and ``end`` when it
lands, so the table always shows the cards where the animation put them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import t
from game.rules.cards import DECK
from game.rules.events import Event
from game.ui.animations import Effect, Flight, Step
from game.ui.audio import event_sound

if TYPE_CHECKING:
    from game.scenes.table import TableScene

RED = (222, 41, 48)
GOLD = (232, 197, 71)
CREAM = (245, 240, 225)

# Bubble colours; the words are catalogue ids ``bubble.<kind>``.
_BUBBLES = {"uno": RED, "caught": RED, "false_uno": RED, "skip": GOLD, "jump_in": GOLD,
            "challenge": GOLD, "pass": CREAM, "deflect": GOLD, "swap": GOLD}


class Director:
    def __init__(self, table: TableScene) -> None:
        self.table = table

    # -- geometry helpers ----------------------------------------------------
    def seat_point(self, seat: int) -> tuple[float, float]:
        lay = self.table.layout
        if seat == self.table.viewer or (lay.bottom is not None and lay.bottom.seat == seat):
            return (lay.hand.centerx, lay.hand.centery)
        spot = lay.seats.get(seat)
        return spot.fan_center if spot is not None else lay.centre

    def plate_point(self, seat: int) -> tuple[float, float]:
        lay = self.table.layout
        if lay.bottom is not None and lay.bottom.seat == seat:
            return (lay.hand.centerx, lay.hand.top)
        spot = lay.seats.get(seat)
        if spot is None:
            return lay.centre
        return (spot.plate.centerx, spot.plate.top)

    def _sound(self, ev: Event) -> None:
        name = event_sound(ev.kind)
        if name is not None:
            self.table.sound(name)

    # -- events -> steps -----------------------------------------------------------
    def queue(self, events: list[Event]) -> None:
        deals: list[Event] = []
        for ev in events:
            if ev.kind == "deal":
                deals.append(ev)
                continue
            if deals:
                self._deal(deals)
                deals = []
            self._event(ev)
        if deals:
            self._deal(deals)

    def _model_step(self, ev: Event, hold: float = 0.0) -> Step:
        model = self.table.model
        step = Step(hold=hold)
        step.on_start.append(lambda: self.table.model.begin(ev))
        step.on_end.append(lambda: self.table.model.end(ev))
        del model
        return step

    def _deal(self, deals: list[Event]) -> None:
        lay = self.table.layout
        step = Step()
        src = lay.draw_pile.center
        per = 0.03 if len(deals) <= 6 else 0.02
        width = lay.card_w
        for j, ev in enumerate(deals):
            n = len(ev.cards) or ev.hidden
            face = ev.seat == self.table.viewer and bool(ev.cards)
            dst = self.seat_point(ev.seat)
            for k in range(n):
                cid = ev.cards[k] if face else -1
                step.flights.append(Flight(cid, src, dst, width if face else lay.mini_w * 2,
                                           face, delay=(k * len(deals) + j) * per, dur=0.28))
        step.on_start.append(lambda: self._sound(deals[0]))
        for ev in deals:
            step.on_start.append(lambda ev=ev: self.table.model.begin(ev))
            step.on_end.append(lambda ev=ev: self.table.model.end(ev))
        self.table.anim.push(step)

    def _bubble(self, ev: Event, key: str, seat: int) -> None:
        self.table.add_effect(Effect("bubble", self.plate_point(seat), 1.4, t(f"bubble.{key}"),
                                     _BUBBLES[key]))

    def _event(self, ev: Event) -> None:
        lay = self.table.layout
        k = ev.kind
        anim = self.table.anim
        if k == "play":
            step = self._model_step(ev)
            viewer_play = ev.seat == self.table.viewer
            for i, cid in enumerate(ev.cards):
                f = Flight(cid, self.seat_point(ev.seat), lay.discard.center, lay.card_w, True,
                           delay=i * 0.08, dur=0.32, arc=lay.px(30))
                step.flights.append(f)
                if viewer_play:
                    def at_start(f: Flight = f, cid: int = cid) -> None:
                        r = self.table.hand.card_rect(lay, cid)
                        if r is not None:
                            f.src = r.center
                    step.on_start.insert(0, at_start)
            step.on_start.append(lambda: self._sound(ev))
            if ev.cards and DECK[ev.cards[-1]].is_wild and ev.colour is not None:
                step.on_end.append(lambda: self.table.add_effect(
                    Effect("colour", lay.discard.center, 0.8, colour=(0, 0, 0), icon=ev.colour.value)))
            anim.push(step)
        elif k in ("draw",):
            n = len(ev.cards) or ev.hidden
            step = self._model_step(ev)
            face = ev.seat == self.table.viewer and bool(ev.cards)
            dst = self.seat_point(ev.seat)
            for i in range(min(n, 12)):
                cid = ev.cards[i] if face else -1
                step.flights.append(Flight(cid, lay.draw_pile.center, dst,
                                           lay.card_w if face else lay.mini_w * 2, face,
                                           delay=i * 0.07, dur=0.3))
            step.on_start.append(lambda: self._sound(ev))
            anim.push(step)
        elif k == "start_card":
            step = self._model_step(ev)
            if ev.cards:
                step.flights.append(Flight(ev.cards[0], lay.draw_pile.center, lay.discard.center,
                                           lay.card_w, True, dur=0.35, arc=lay.px(20)))
            anim.push(step)
        elif k == "start_card_return":
            step = self._model_step(ev, 0.1)
            if ev.cards:
                step.flights.append(Flight(ev.cards[0], lay.discard.center, lay.draw_pile.center,
                                           lay.card_w, True, dur=0.35))
            anim.push(step)
        elif k in ("shuffle", "reshuffle"):
            step = self._model_step(ev, 0.45 if k == "reshuffle" else 0.15)
            step.on_start.append(lambda: self._sound(ev))
            step.on_start.append(lambda: self.table.add_effect(
                Effect("pulse", lay.draw_pile.center, 0.6, icon="pile")))
            anim.push(step)
        elif k in ("direction", "rotate"):
            step = self._model_step(ev, 0.2 if k == "direction" else 0.5)
            step.on_start.append(lambda: self.table.add_effect(
                Effect("pulse", lay.centre, 0.8, icon="direction")))
            anim.push(step)
        elif k in _BUBBLES:
            seat = ev.target if k == "caught" else ev.seat
            step = self._model_step(ev, 0.25 if k != "jump_in" else 0.1)
            step.on_start.append(lambda: self._bubble(ev, k, seat))
            if k in ("uno", "caught"):
                step.on_start.append(lambda: self._sound(ev))
            if k == "challenge":
                def verdict() -> None:
                    msg = t("bubble.guilty") if ev.value else t("bubble.not_guilty")
                    self.table.add_effect(Effect("bubble", self.plate_point(ev.target), 1.8, msg,
                                                 RED if ev.value else GOLD))
                step.on_end.append(verdict)
                step.hold = 0.7
            anim.push(step)
        elif k == "out":
            step = self._model_step(ev, 0.3)
            step.on_start.append(lambda: self.table.add_effect(Effect(
                "bubble", self.plate_point(ev.seat), 1.6, t("tbl.out", n=ev.value), GOLD)))
            anim.push(step)
        elif k in ("round_end", "match_end"):
            step = self._model_step(ev, 0.9)
            step.on_start.append(lambda: self._sound(ev))
            anim.push(step)
        elif k == "colour":
            step = self._model_step(ev, 0.15)
            step.on_end.append(lambda: self.table.add_effect(
                Effect("colour", lay.discard.center, 0.8, icon=ev.colour.value if ev.colour else "")))
            anim.push(step)
        else:
            # turn, penalty, dealer, round_start...: no motion, just the model.
            hold = 0.35 if k in ("round_start", "dealer") else 0.0
            anim.push(self._model_step(ev, hold))
