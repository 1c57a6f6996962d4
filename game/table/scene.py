"""TableScene: the UNO table's lifecycle, intents -> controller, and the frame.

The jobs around it live beside it, each in its own module:

- :mod:`game.table.intents`: pygame events -> intent records (press, drag
  and release on the hand and the piles; keys);
- :mod:`game.table.hotseat`: who holds the screen, when a curtain falls;
- :mod:`game.table.wording`: hints, toasts, refusals and button words from
  message keys;
- :mod:`game.table.buttons`: the action row and the corner buttons;
- :mod:`game.table.warmup`: card art drawn between animations;
- :mod:`game.table.director`: engine events (never state diffs) ->
  animations; the display model follows them and is re-synced from the
  viewer's PlayerView whenever nothing moves.

Drawing is :func:`game.table.frame.build_frame` then
:class:`game.table.renderer.TableRenderer`: ``draw`` changes nothing of the scene.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.exhaustive import assert_never
from game.rules.actions import Accept, Action, Draw, Pass, Play, WrongPlay
from game.rules.cards import COLOURS
from game.rules.errors import IllegalAction
from game.rules.events import Event, redact
from game.rules.view import Phase
from game.scenes.base import Scene
from game.scenes.scores import Scores, next_match
from game.table import buttons, hotseat, intents, moves, warmup, wording
from game.table import widgets as tw
from game.table.animations import Animator
from game.table.controls import ControlState, controls
from game.table.director import Director, Stage
from game.table.drag import Pointer
from game.table.frame import Button, TableFrame, UiState, build_frame
from game.table.hand import HandView
from game.table.layout import TableLayout, compute_layout
from game.table.log_feed import LogFeed
from game.table.model import TableModel
from game.table.probe import table_probe
from game.table.renderer import TableRenderer
from game.ui import draw_kit as kit
from game.ui.theme import ui_scale

if TYPE_CHECKING:
    from game.scenes.services import Services
    from game.session import Session

log = logging.getLogger(__name__)
t = i18n.t


def _send(action: Action | None) -> moves.Move | None:
    return moves.Send(action) if action is not None else None


class TableScene(Scene):
    """The match in progress. ``TableScene(app, session)`` (game.session builds the match)."""

    # A failing autosave is shown in the table's standing notice (game.scenes.write_notices)
    writes_shown = ("autosave",)

    def __init__(self, app: Services, session: Session) -> None:
        super().__init__(app)
        self.session = session  # the match, built by game.session; closed on exit
        self.config = config = session.config
        self.party = session.party  # phone seats (game/party), or None
        self.ctl = session.controller
        self.write_notices = app.write_notices
        self.n = len(config.seats)
        humans = config.humans
        # One human: always their view. Hot-seat: nobody until the first curtain.
        self.viewer = humans[0] if len(humans) == 1 else -1
        self.model = TableModel(self.viewer, self.n)
        self.anim = Animator(str(app.settings.anim_speed))
        self.hand = HandView(self.hand_order)
        self.pointer = Pointer()  # press / drag / release on the hand and the piles
        self.picker = tw.ColourPicker()
        self.picker_cards: tuple[int, ...] = ()
        self.history: list[list[Event]] = []  # unredacted batches (log rebuilt per viewer)
        self.feed = LogFeed(self.history, lambda: self.ctl.names)  # told as it plays
        self.director = Director(Stage(
            anim=self.anim, sound=self.sound, layout=lambda: self.layout,
            model=lambda: self.model, viewer=lambda: self.viewer,
            card_rect=lambda lay, card: self.hand.card_rect(lay, card),
            names=lambda: self.ctl.names, told=self.feed.tell))
        self.renderer = TableRenderer()
        self.toast: tuple[str, tuple[int, int, int], float] | None = None
        self.hover_tip: tuple[int, str] | None = None
        self.now = 0.0
        self.dirty = True
        self.log_open = False
        self.layout: TableLayout = compute_layout(app.size, self.n, self.viewer)
        self.bar: tw.ButtonBar | None = None
        self.corner: tw.ButtonBar | None = None
        self.log_panel: tw.LogPanel | None = None
        self.scoreboard_shown = False
        self.overlay_open = False  # a curtain/scoreboard/pause is on top
        self._fresh = session.fresh
        self._warm: list[Callable[[], object]] = []  # card art to draw while nothing moves
        self._actions: dict[str, Action] = {}
        self.buttons: tuple[Button, ...] = ()  # the action row, as the frame shows it

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        remembered = str(self.app.settings.log_panel)
        self.log_open = remembered == "open" or (remembered == "auto" and self.app.size[0] >= 1280)
        self.bar = tw.ButtonBar(self.app.ui)
        self.corner = tw.ButtonBar(self.app.ui)
        self.log_panel = self.feed.panel = tw.LogPanel()
        self.relayout()
        if self._fresh:
            self.ingest(self.ctl.take_events())
        else:
            self.ctl.take_events()
            self.model.sync(self.ctl.view(self.viewer))
            # the round so far: logged (and kept for a re-told log), not animated
            self.feed.add(self.ctl.round_events(), told=True)
            self.dirty = True
        self.refresh_controls()

    def exit(self) -> None:
        for w in (self.bar, self.corner):
            if w is not None:
                w.clear()
        self.session.close()

    def pause(self) -> None:
        opening = not self.overlay_open
        self.overlay_open = True
        if opening and self.log_open:
            self.relayout()  # the log folds under the overlay: no empty strip
        if hotseat.hide_on_pause(self.config, self.viewer):
            self.anim.finish_all()
            self.set_viewer(-1)
        for w in (self.bar, self.corner, self.log_panel):
            if w is not None:
                w.show(False)

    def resume(self) -> None:
        self.overlay_open = False
        self.anim.set_speed(str(self.app.settings.anim_speed))
        self.session.follow(self.app.settings)
        self.hand.set_order(self.hand_order)
        self.relayout()
        self.refresh_controls(force=True)
        for w in (self.bar, self.corner):  # an unchanged set is kept as pause() hid it
            if w is not None:
                w.show(True)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.relayout()
        self.refresh_controls(force=True)
        if self.overlay_open:
            self.pause()

    def relayout(self) -> None:
        self.layout = compute_layout(self.app.size, self.n, self.viewer,
                                     str(self.app.settings.card_size),
                                     self.log_open and not self.overlay_open)
        self._warm = warmup.jobs(self.layout, self.viewer, self.colourblind)
        if self.log_panel is not None:
            self._rebuild_log()
        if self.corner is not None:
            buttons.place_corner(self.corner, self.layout, self.viewer, self._corner_extra())

    @property
    def colourblind(self) -> bool:
        return bool(self.app.settings.colourblind)

    @property
    def hand_order(self) -> str:
        return str(self.app.settings.hand_order)

    def _keep_setting(self, name: str, value: object) -> None:
        """Set a user setting and save the settings file."""
        setattr(self.app.settings, name, value)
        self.app.save_settings()

    # ------------------------------------------------------------ events in
    def ingest(self, events: list[Event]) -> None:
        """A batch from the controller: log it and queue its animations."""
        if not events:
            return
        self.feed.add(events)  # said as each step starts
        del self.history[:-400]
        self.director.queue([redact(e, self.viewer) for e in events])
        self.dirty = True

    @property
    def ticker(self) -> list[str]:
        return self.feed.ticker

    def _rebuild_log(self) -> None:
        """Re-tell the whole log for the current viewer and language."""
        self.feed.retell(self.viewer)
        if self.log_panel is not None:
            box = self.layout.log
            self.log_panel.build(box.inflate(-self.layout.px(12), -self.layout.px(12))
                                 if box.w else box, ui_scale(self.app.size))

    def set_viewer(self, seat: int) -> None:
        """Hot-seat: ``seat`` now looks at the screen (nothing the last viewer saw stays)."""
        self.viewer = seat
        self.model = TableModel(seat, self.n)
        self.model.sync(self.ctl.view(seat))
        self.hand = HandView(self.hand_order)
        self.pointer.cancel()
        self.toast = self.hover_tip = None
        self.anim.effects = hotseat.still_shown(self.anim.effects)
        self.relayout()
        self.dirty = True
        self.refresh_controls(force=True)

    # ------------------------------------------------------------ frame
    def busy(self) -> bool:
        return self.anim.busy() or bool(self.ctl.pending)

    def _notice_shown(self) -> None:
        """The standing notice says why the autosave fails: that run is told."""
        if self.write_notices is not None:
            self.write_notices.take(self.writes_shown)

    def update(self, dt: float) -> None:
        self._notice_shown()
        self.now += dt
        self.anim.update(dt)
        if self.party is not None:
            self.party.phones_deal = bool(self.app.settings.party_phones_deal)
        self.session.pump()  # the phones' actions arrive through take_events() too
        if not self.anim.busy() and not self.overlay_open:
            self.ctl.poll_ai(self.now, True)  # its events arrive through take_events()
        self.ingest(self.ctl.take_events())
        if self.toast is not None and self.now > self.toast[2]:
            self.toast = None
        if not self.busy():
            if self.dirty:
                self.model.sync(self.ctl.view(self.viewer))
                self.dirty = False
            self.refresh_controls()
            self._maybe_tip_uno()
            self._maybe_overlay()
        if not self.anim.busy():
            if self.ctl.thinking_seat() < 0:  # a bot's thread would stretch the work
                self._warm_up(0.003)
        self.hand.set_cards(self.model.hand)
        self.hand.slide_factor = self.anim.factor
        self.hand.update(dt, self.layout)

    def update_below(self, dt: float) -> None:
        """A menu or the scoreboard is on top: phones still get answers, the match waits;
        cards sliding to new places (a resize, a language switch) finish their slide."""
        self._notice_shown()
        if self.party is not None:
            self.party.phones_deal = bool(self.app.settings.party_phones_deal)
        self.session.pump(paused=True)
        self.hand.update(dt, self.layout)

    def _warm_up(self, budget: float) -> None:
        warmup.warm_up(self._warm, budget)

    def is_animating(self) -> bool:
        return (self.anim.animating() or bool(self.ctl.pending) or self.ctl.ai_waiting()
                or self.toast is not None or (self.party is not None and self.party.busy())
                or self.hand.sliding())

    def _maybe_tip_uno(self) -> None:
        """T6, once per player (remembered in the settings): the first time the
        viewer could be caught without UNO!, say how to call it."""
        if (self.viewer < 0 or self.app.settings.tip_uno_seen
                or self.ctl.view(self.viewer).uno_exposed != self.viewer):
            return
        self._keep_setting("tip_uno_seen", True)
        self.say(wording.uno_tip())

    def _maybe_overlay(self) -> None:
        if (self.ctl.round_over or self.ctl.is_over) and not self.scoreboard_shown:
            self.scoreboard_shown = True
            party = self.party
            self.app.open("scoreboard", scores=Scores.of(self.ctl, self.history),
                          next_asked=(lambda: party.take_request("next_round"))
                          if party is not None else None,
                          on_next=self.next_round, on_again=self._play_again)
            return
        seat = hotseat.curtain_for(self.config, self.ctl, self.viewer, self.now)
        if seat >= 0:
            self.app.open("curtain", name=self.ctl.names[seat],
                          on_ready=lambda: self.set_viewer(seat), on_menu=self.open_menu)

    def _play_again(self) -> None:
        """The scoreboard's Play again: the same seats and rules, a new deal."""
        self.app.start_match(next_match(self.config))

    def next_round(self) -> None:
        """Scoreboard's Next round: deal again."""
        self.scoreboard_shown = False
        self.ctl.next_round()  # its events also wait in take_events(): ingest them once
        self.ingest(self.ctl.take_events())

    # ------------------------------------------------------------ controls
    def can_act(self) -> bool:
        return self.viewer >= 0 and not self.busy() and not self.overlay_open

    def refresh_controls(self, force: bool = False) -> None:
        if self.bar is None:
            return
        legal = self._legal()
        view = self.ctl.view(self.viewer)
        if buttons.mark_playable(self.hand, legal, view.to_act == self.viewer) and not self.picker.open:
            self.open_picker(())
        row = buttons.show_row(self.bar, self.layout, legal, self._state(view.phase, self.picker.open))
        self._actions, self.buttons = row.actions, row.buttons
        if force and self.corner is not None:
            buttons.place_corner(self.corner, self.layout, self.viewer, self._corner_extra())

    def _state(self, phase: Phase, picker_open: bool) -> ControlState:
        return buttons.control_state(self.model, self.hand, self.ctl.names, phase, picker_open)

    # ------------------------------------------------------------ intents -> controller
    def handle_event(self, event: pygame.event.Event) -> None:
        self.hand.set_cards(self.model.hand)
        intent = intents.read(event, self._where(), pygame.key.get_mods())
        if intent is not None:
            self.do(intent)

    def _where(self) -> intents.Where:
        return intents.Where(self.hand, self.layout, self.viewer, self.pointer, self.picker,
                             (self.bar, self.corner), self.log_panel)

    def do(self, intent: intents.Intent) -> None:
        """What an intent asks of the match: a legal action, or words why not."""
        match intent:
            case intents.Press(key, clicked):
                if clicked:
                    self.sound("click")
                self.press(key)
            case intents.ClickCard(index, multi):
                self.click_card(index, multi)
            case intents.DropCard(card):
                self._drop(card)
            case intents.DrawCard():
                self.carry(_send(moves.first_of(self._legal(), (Draw,))))
            case intents.HoverCard(index):
                self._hover(index)
            case intents.PickColour(colour):
                action = moves.coloured(self.ctl.legal(self.viewer), self.picker_cards, colour)
                if action is None:
                    self.picker.open = False
                else:
                    self.act(action)
            case intents.StepPicker(step):
                self.picker.focus = (self.picker.focus + step) % 4
            case intents.CancelPicker():
                self.cancel_picker()
            case intents.CancelGesture():
                intents.cancel(self._where())
                self.refresh_controls()
            case intents.MoveFocus(step):
                self.hand.move_focus(step)
            case intents.Enter(multi):
                self._enter(multi)
            case intents.TakeAction(kinds):
                self.carry(_send(moves.first_of(self._legal(), kinds)))
            case _:
                assert_never(intent)

    def carry(self, move: moves.Move | None) -> None:
        """Carry out a move on the hand (None: nothing to do)."""
        match move:
            case moves.Send(action):
                self.act(action)
            case moves.Pick(cards, warn, colour):
                bluff = wording.bluff_warning(self.ctl.view(self.viewer), cards[0]) if warn else None
                if bluff is not None:
                    self.say(bluff)  # T2/T5: allowed, and a challenge would catch it
                self.open_picker(cards)
                self.picker.focus = COLOURS.index(colour) if colour is not None else 0
            case moves.Refuse(card, then):
                self.show_error(self.why_not(card))
                if then is not None:
                    self.act(then)
            case moves.Select(card):
                self.hand.toggle_select(card)
                self.refresh_controls()
            case moves.Arm(card):
                self.hand.armed = card
                self.refresh_controls()
            case None:
                pass
            case _:
                assert_never(move)

    def _legal(self) -> list[Action]:
        return self.ctl.legal(self.viewer) if self.can_act() else []

    def _drop(self, card: int) -> None:
        """A card let go on the discard pile: the selected cards when it is one
        of them (H4), else that card, exactly as a click would play it."""
        selection = self._actions.get("play_sel")
        if isinstance(selection, Play) and card in selection.cards:
            self.carry(moves.chosen(selection))
            return
        self.hand.armed = card  # a drop is deliberate: no confirm step
        self.click_card(self.hand.index_of(card))
        if self.hand.armed == card:  # refused, or waiting in the colour picker
            self.hand.armed = -1

    def _hover(self, i: int) -> None:
        self.hover_tip = None
        if i >= 0 and self.hand.active and self.hand.cards[i].id not in self.hand.legal:
            self.hover_tip = (i, wording.refusal(self.why_not(self.hand.cards[i].id)).text)

    def _corner_extra(self) -> tuple[buttons.CornerButton, ...]:
        return (buttons.JOIN_CODES,) if self.party is not None else ()

    def press(self, key: str) -> None:
        if key == "menu":
            self.open_menu()
        elif key == "codes":
            self.open_join_codes()
        elif key == "log":
            self.log_open = not self.log_open
            self._keep_setting("log_panel", "open" if self.log_open else "closed")
            self.relayout()
            self.refresh_controls(force=True)
        elif key == "hint":
            self.give_hint()
        elif key == "confirm":
            self.click_card(self.hand.index_of(self.hand.armed))
        elif (action := self._actions.get(key)) is not None:
            self.carry(moves.chosen(action))

    def open_menu(self) -> None:
        self.app.open("pause", settings=self.config.settings, party=self.party)

    def open_join_codes(self) -> None:
        """A party match: every seat's QR code and link, the room code (J)."""
        if self.party is not None:
            self.app.open("join_codes", host=self.party)

    def click_card(self, index: int, multi: bool = False) -> None:
        if not 0 <= index < len(self.hand.cards) or self.viewer < 0:
            return
        self.hand.focus = index
        if self.can_act():
            card = self.hand.cards[index].id
            self.carry(moves.card_click(
                self.ctl.legal(self.viewer), card,
                select=multi and self.ctl.config.settings.multi_play,
                confirm=bool(self.app.settings.confirm_play) and self.hand.armed != card))

    def _enter(self, multi: bool) -> None:
        """Enter: the highlighted card (waiting for confirmation, raised under
        the pointer, or focused); else the selected multi-play; else the hint."""
        if not self.can_act():
            return
        i = self.hand.highlighted()
        if 0 <= i < len(self.hand.cards):
            self.click_card(i, multi)
        elif "play_sel" in self._actions:
            self.press("play_sel")
        elif (choice := self.ctl.hint_choice(self.viewer)) is not None:
            a = choice.action
            if isinstance(a, Play) and len(a.cards) == 1:  # the hinted card, as a click on it
                self.hand.focus, self.hand.hovered = self.hand.index_of(a.cards[0]), -1
            self.carry(moves.hinted(a, confirm=bool(self.app.settings.confirm_play),
                                    armed=self.hand.armed))

    def give_hint(self) -> None:
        if not self.can_act():
            return
        choice = self.ctl.hint_choice(self.viewer)
        if choice is None:
            self.say(wording.no_hint())
            return
        a = choice.action
        if isinstance(a, Play) and self.hand.index_of(a.cards[0]) >= 0:
            self.hand.focus, self.hand.hovered = self.hand.index_of(a.cards[0]), -1
        # the words of its button even while the bar is hidden (the picker is open)
        row = controls([a], self._state(self.ctl.view(self.viewer).phase, False))
        self.say(wording.hint(choice, wording.action_label(a, row)))

    def act(self, action: Action) -> bool:
        """Send a human action; show the refusal (state unchanged) if illegal."""
        if not self.can_act():
            return False
        declared = self.ctl.view(self.viewer).uno_declared == self.viewer
        result = self.ctl.human_act(action)
        if isinstance(result, IllegalAction):
            self.show_error(result)
            return False
        self.toast = wording.kept_after_acting(self.toast)  # a followed hint goes
        if declared and isinstance(action, (Draw, Pass, Accept, WrongPlay)):
            self.say(wording.uno_dropped())  # T6: the call counted for the play it came with
        self.hand.selected = []
        self.hand.armed = self.hand.focus = -1  # Enter follows the hint again
        self.picker.open = False
        self.hover_tip = None
        self.ingest(self.ctl.take_events())
        self.refresh_controls()
        return True

    def why_not(self, card_id: int) -> IllegalAction:
        return self.ctl.explain(self.viewer, card_id)

    def show_error(self, err: IllegalAction) -> None:
        self.say(wording.refusal(err))
        self.sound("error")

    def say(self, toast: wording.Toast) -> None:
        self.show_toast(toast.text, toast.colour, toast.secs)

    def show_toast(self, msg: str, colour: tuple[int, int, int] = kit.CREAM,
                   secs: float = 2.5) -> None:
        self.toast = (msg, colour, self.now + secs)

    def sound(self, name: str) -> None:
        try:
            self.app.audio.play(name)
        except Exception:  # noqa: BLE001 - sound is optional
            pass

    def open_picker(self, cards: tuple[int, ...]) -> None:
        self.picker.open, self.picker.focus, self.picker_cards = True, 0, cards
        self.buttons = ()
        buttons.hide_row(self.bar, self.layout)

    def cancel_picker(self) -> None:
        if self.picker_cards or self.ctl.view(self.viewer).phase is not Phase.CHOOSE_COLOUR:
            self.picker.open = False
            self.picker_cards = ()
            self.refresh_controls(force=True)

    def probe(self) -> dict[str, Any]:
        """For game.debug_probe: :func:`game.table.probe.table_probe`."""
        return table_probe(self.layout, self.viewer, self.ctl.view(self.viewer), self.hand,
                           self.picker, self.bar, self.corner)

    # ------------------------------------------------------------ drawing
    @property
    def names(self) -> list[str]:
        return self.ctl.names

    def thinking_seat(self) -> int:
        """The bot seat whose plate shows the thinking mark: the one working out
        its move, or, once the last move has landed, the one whose move comes next
        (its mark is the first part of its paced second)."""
        seat = self.ctl.thinking_seat()
        if seat < 0 and not self.busy():
            seat = self.ctl.bot_on_turn()
        return seat

    def bot_seats(self) -> frozenset[int]:
        return frozenset(self.party.bot_seats) if self.party is not None else frozenset()

    def frame(self) -> TableFrame:
        """What the table shows now (reads the scene, changes nothing)."""
        away: tuple[str, ...] = ()
        if self.party is not None:
            away = wording.away_lines(self.ctl.names, self.party.away(), self.bot_seats(),
                                      self.party.bot_in())
        busy = self.busy()
        phase = (self.ctl.view(self.viewer).phase
                 if self.viewer >= 0 and not busy and self.model.to_act == self.viewer
                 else Phase.PLAY)
        ui = UiState(busy=busy, phase=phase, hand=self.hand, toast=self.toast,
                     hover_tip=self.hover_tip, picker_open=self.picker.open,
                     picker_focus=self.picker.focus, picker_cancellable=bool(self.picker_cards),
                     mouse=pygame.mouse.get_pos(), now=self.now, anim=self.anim,
                     buttons=self.buttons, notice=wording.save_notice(self.ctl.save_problem),
                     away=away, log=self.log_panel.frame() if self.log_panel is not None else None)
        return build_frame(self, ui, colourblind=self.colourblind)

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.layout, self.frame())
