"""TableScene: the UNO table's lifecycle, input and frame loop.

Engine events (never state diffs) become animations through
:mod:`game.table.director`; the display model follows them and is
re-synced from the viewer's PlayerView whenever nothing moves. Drawing is
:func:`game.table.frame.build_frame` then :class:`game.table.renderer.TableRenderer`:
``draw`` changes nothing of the scene.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import i18n, resources
from game.config import MatchConfig
from game.controller import MatchController
from game.rules.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    ChooseColour,
    Draw,
    JumpIn,
    Pass,
    Play,
    WrongPlay,
)
from game.rules.cards import COLOURS, DECK, Colour, Kind
from game.rules.errors import IllegalAction
from game.rules.events import Event, redact
from game.rules.view import Phase
from game.scenes.base import Scene
from game.table import widgets as tw
from game.table.animations import Animator
from game.table.controls import ControlState, controls
from game.table.director import Director, Stage
from game.table.drag import Outcome, Pointer
from game.table.frame import Button, TableFrame, UiState, build_frame
from game.table.hand import HandView, drop_hits_discard
from game.table.layout import TableLayout, compute_layout
from game.table.model import TableModel
from game.table.renderer import RING_ALPHA, TableRenderer, pulse_arrow, ring_px
from game.ui import card_art
from game.ui.event_text import card_name, colour_name, describe_events, illegal_text
from game.ui.theme import ui_scale

if TYPE_CHECKING:
    from game.app import App
    from game.party.host import PartyHost

log = logging.getLogger(__name__)
t = i18n.t

KEY_COLOURS = {pygame.K_r: Colour.RED, pygame.K_y: Colour.YELLOW, pygame.K_g: Colour.GREEN,
               pygame.K_b: Colour.BLUE, pygame.K_1: Colour.RED, pygame.K_2: Colour.YELLOW,
               pygame.K_3: Colour.GREEN, pygame.K_4: Colour.BLUE}


def _setting(app: Any, name: str, default: Any) -> Any:
    return getattr(getattr(app, "settings", None), name, default)


class TableScene(Scene):
    """The match in progress. ``TableScene(app, config, loaded=None)``."""

    # A failing autosave is shown in the table's standing notice (game.scenes.write_notices)
    writes_shown = ("autosave",)

    def __init__(self, app: App, config: MatchConfig, loaded: Any = None, *,
                 controller: MatchController | None = None, party: PartyHost | None = None) -> None:
        super().__init__(app)
        self.config = config
        self.party = party  # phone seats (game/party): pumped every frame, closed on exit
        if controller is None:
            game = getattr(loaded, "game", None)
            meta = getattr(loaded, "meta", None)
            controller = MatchController(
                config, game, think_ms=int(_setting(app, "hard_think_ms", 300)),
                anim_speed=str(_setting(app, "anim_speed", "normal")),
                persist=bool(getattr(app, "persist", True)),
                match_id=str(getattr(meta, "match_id", "") or ""), background=True)
        self.ctl = controller
        self.write_notices = getattr(app, "write_notices", None)
        if self.write_notices is not None:
            controller.on_write = self.write_notices.report
        self.n = len(config.seats)
        humans = config.humans
        # One human: always their view. Hot-seat: nobody until the first curtain.
        self.viewer = humans[0] if len(humans) == 1 else -1
        self.model = TableModel(self.viewer, self.n)
        self.anim = Animator(str(_setting(app, "anim_speed", "normal")))
        self.hand = HandView(self.hand_order)
        self.pointer = Pointer()  # press / drag / release on the hand and the piles
        self.picker = tw.ColourPicker()
        self.picker_cards: tuple[int, ...] = ()
        self.director = Director(Stage(
            anim=self.anim, sound=self.sound, layout=lambda: self.layout,
            model=lambda: self.model, viewer=lambda: self.viewer,
            card_rect=lambda lay, card: self.hand.card_rect(lay, card),
            names=lambda: self.ctl.names))
        self.renderer = TableRenderer()
        self.history: list[list[Event]] = []  # unredacted batches (log rebuilt per viewer)
        self.ticker: list[str] = []
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
        self._fresh = loaded is None
        self._warm: list[Callable[[], object]] = []  # card art to draw while nothing moves
        self._actions: dict[str, Action] = {}
        self.buttons: tuple[Button, ...] = ()  # the action row, as the frame shows it

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        remembered = str(_setting(self.app, "log_panel", "auto"))
        self.log_open = remembered == "open" or (remembered == "auto" and self.app.size[0] >= 1280)
        self.bar = tw.ButtonBar(self.app.ui)
        self.corner = tw.ButtonBar(self.app.ui)
        self.log_panel = tw.LogPanel()
        self.relayout()
        if self._fresh:
            self.ingest(self.ctl.take_events())
        else:
            self.ctl.take_events()
            self.model.sync(self.ctl.view(self.viewer))
            # the round so far: logged (and kept for a re-told log), not animated
            self.history.append(self.ctl.round_events())
            self._log_lines([redact(e, self.viewer) for e in self.history[-1]])
            self.dirty = True
        self.refresh_controls()

    def exit(self) -> None:
        for w in (self.bar, self.corner):
            if w is not None:
                w.clear()
        if not self.ctl.is_over:
            self.ctl.autosave()
        if self.party is not None:
            self.party.stop(paused=True)  # the phones wait for Continue (bye "paused")
        self.ctl.close()

    def pause(self) -> None:
        opening = not self.overlay_open
        self.overlay_open = True
        if opening and self.log_open:
            self.relayout()  # the log folds under the overlay: no empty strip
        if self.config.hot_seat and self.viewer >= 0:
            # Whoever closes the overlay may not be this hand's owner: it stays
            # hidden under the overlay and the curtain falls again before it shows.
            self.anim.finish_all()
            self.set_viewer(-1)
        for w in (self.bar, self.corner):
            if w is not None:
                w.show(False)
        if self.log_panel is not None:
            self.log_panel.show(False)

    def resume(self) -> None:
        self.overlay_open = False
        self.anim.set_speed(str(_setting(self.app, "anim_speed", "normal")))
        self.ctl.anim_speed = str(_setting(self.app, "anim_speed", "normal"))
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
                                     str(_setting(self.app, "card_size", "medium")),
                                     self.log_open and not self.overlay_open)
        # Card faces still to draw at this size: warmed a few at a time between
        # animations, so no flight ever waits for a first render (big at 4K).
        # Plain faces come first (pop() takes from the end); only a player's own
        # hand shows dimmed ones; then the colour swatches, the direction ring and
        # the direction pulse's arrows (~50 ms each).
        faces = list({card_art.face_key(c): c for c in DECK}.values())
        w, cb = self.layout.card_w, self.colourblind
        self._warm = [partial(self._pulse_arrow, True), partial(self._pulse_arrow, False)]
        ring = ring_px(self.layout)  # the faint direction ring, both ways (~50 ms each)
        self._warm += [partial(tw.faded, (ring, way), RING_ALPHA) for way in (True, False)]
        self._warm += [partial(card_art.colour_swatch, c, self.layout.px(50), True)
                       for c in COLOURS]
        if self.viewer >= 0:
            self._warm += [partial(card_art.card_face, c, w, cb, True) for c in faces]
        self._warm += [partial(card_art.card_face, c, w, cb, False) for c in faces]
        # The table's text sizes get faces of their own in the same pauses
        # (sizes first drawn mid-flight join them: resources.warm_next_font).
        fp = self.layout.font_px
        for size, bold in ((fp(13), False), (fp(15), True), (fp(17), True), (fp(14), True),
                           (fp(11), True), (fp(12), True), (fp(16), True), (fp(22), True)):
            resources.want_font(size, bold)
        if self.log_panel is not None:
            self._rebuild_log()
        self._build_corner()

    def _build_corner(self) -> None:
        if self.corner is None:
            return
        spec = [("log", t("tbl.log"), False), ("menu", t("tbl.menu"), False)]
        if self.party is not None:
            spec.insert(0, ("codes", t("party.codes"), False))
        if self.viewer >= 0:
            spec.insert(0, ("hint", t("tbl.hint"), False))
        r = self.layout.corner.copy()
        w = self.layout.corner.w
        r.x = self.layout.table.right - w - self.layout.px(8)
        self.corner.set(spec, r, self.layout.scale)

    @property
    def colourblind(self) -> bool:
        return bool(_setting(self.app, "colourblind", False))

    @property
    def hand_order(self) -> str:
        return str(_setting(self.app, "hand_order", "sorted"))

    @property
    def confirm_plays(self) -> bool:
        return bool(_setting(self.app, "confirm_play", False))

    # ------------------------------------------------------------ events in
    def ingest(self, events: list[Event]) -> None:
        """A batch from the controller: log it and queue its animations."""
        if not events:
            return
        self.history.append(events)
        del self.history[:-400]
        seen = [redact(e, self.viewer) for e in events]
        self._log_lines(seen)
        self.director.queue(seen)
        self.dirty = True

    def _log_lines(self, seen: list[Event]) -> None:
        lines = describe_events(seen, self.ctl.names, i18n.language())
        self.ticker = (self.ticker + lines)[-3:]
        if self.log_panel is not None:
            self.log_panel.add(lines)

    def _rebuild_log(self) -> None:
        """Re-tell the whole log for the current viewer and language."""
        lang = i18n.language()
        lines: list[str] = []
        for batch in self.history:
            lines.extend(describe_events([redact(e, self.viewer) for e in batch],
                                         self.ctl.names, lang))
        self.ticker = lines[-3:]
        if self.log_panel is not None:
            self.log_panel.lines = lines
            log = self.layout.log
            self.log_panel.build(log.inflate(-self.layout.px(12), -self.layout.px(12))
                                 if log.w else log, ui_scale(self.app.size))

    def set_viewer(self, seat: int) -> None:
        """Hot-seat: ``seat`` now looks at the screen."""
        self.viewer = seat
        self.model = TableModel(seat, self.n)
        self.model.sync(self.ctl.view(seat))
        self.hand = HandView(self.hand_order)
        self.pointer.cancel()
        self.toast = self.hover_tip = None  # a hint or a refusal named the last viewer's cards
        # a T5 reveal was for the last viewer's eyes only
        self.anim.effects = [e for e in self.anim.effects if e.kind != "reveal"]
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
            self.party.phones_deal = bool(getattr(self.app.settings, "party_phones_deal", True))
            self.party.pump()  # the phones' actions arrive through take_events() too
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
            self.party.phones_deal = bool(getattr(self.app.settings, "party_phones_deal", True))
            self.party.pump(paused=True)
        self.hand.update(dt, self.layout)

    def _warm_up(self, budget: float) -> None:
        """Between animations: open a font size or draw card art for later."""
        start = time.perf_counter()
        if resources.warm_next_font():
            return
        while self._warm and time.perf_counter() - start < budget:
            self._warm.pop()()

    def _pulse_arrow(self, clockwise: bool) -> None:
        pulse_arrow(self.layout, clockwise)

    def is_animating(self) -> bool:
        return (self.anim.animating() or bool(self.ctl.pending) or self.ctl.ai_waiting()
                or self.toast is not None or (self.party is not None and self.party.busy())
                or self.hand.sliding())

    def _maybe_tip_uno(self) -> None:
        """T6, once per player (remembered in the settings): the first time the
        viewer could be caught without UNO!, say how to call it."""
        if (self.viewer < 0 or _setting(self.app, "tip_uno_seen", True)
                or self.ctl.view(self.viewer).uno_exposed != self.viewer):
            return
        self._keep_setting("tip_uno_seen", True)
        self.show_toast(t("tbl.tip_uno"), tw.GOLD, 6.0)

    def _maybe_overlay(self) -> None:
        if (self.ctl.round_over or self.ctl.is_over) and not self.scoreboard_shown:
            self.scoreboard_shown = True
            from game.scenes.scoreboard import ScoreboardScene
            self.app.scenes.push(ScoreboardScene(self.app, self))
            return
        if not self.config.hot_seat:
            return
        seat = self._screen_owner()
        if seat >= 0 and seat != self.viewer:
            from game.scenes.curtain import CurtainScene
            self.app.scenes.push(CurtainScene(self.app, self.ctl.names[seat],
                                              lambda: self.set_viewer(seat), self.open_menu))

    def _screen_owner(self) -> int:
        """Hot-seat: the human who should hold the screen now (-1: nobody in particular)."""
        exposed = self.ctl.view(-1).uno_exposed
        if self.ctl.is_human(exposed) and self.ctl.catch_window_open(self.now):
            return exposed  # may still call UNO before the screen moves on
        return self.ctl.human_to_act()

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
        legal = self.ctl.legal(self.viewer) if self.can_act() else []
        plays = [a for a in legal if isinstance(a, Play)]
        self.hand.legal = {c for a in plays for c in a.cards[:1]}
        self.hand.legal |= {a.card for a in legal if isinstance(a, JumpIn)}
        view = self.ctl.view(self.viewer)
        self.hand.active = bool(legal) and view.to_act == self.viewer
        if any(isinstance(a, ChooseColour) for a in legal) and not self.picker.open:
            self.open_picker(())
        row = controls(legal, self._control_state(view.phase, self.picker.open))
        self._actions = {c.key: c.action for c in row if c.action is not None and c.enabled}
        self.buttons = tuple(Button(key=c.key, label=t(c.label, **self._words(c.params)),
                                    primary=c.primary, enabled=c.enabled) for c in row)
        self.bar.set([(b.key, b.label, b.primary) for b in self.buttons], self.layout.bar,
                     self.layout.scale, frozenset(b.key for b in self.buttons if not b.enabled))
        if force:
            self._build_corner()

    def _control_state(self, phase: Phase, picker_open: bool) -> ControlState:
        v = self.model
        return ControlState(
            phase=phase, hand_size=len(v.hand), sizes=tuple(v.sizes),
            names=tuple(self.ctl.names), penalty=v.penalty, selected=tuple(self.hand.selected),
            picker_open=picker_open,
            armed=self.hand.armed if self.hand.index_of(self.hand.armed) >= 0 and self.hand.active
            else None)

    @staticmethod
    def _words(params: tuple[tuple[str, str | int], ...]) -> dict[str, str | int]:
        """A control's message parameters, a card id named in the current language."""
        words = dict(params)
        if "card" in words:
            words["card"] = card_name(int(words["card"]), i18n.language())
        return words

    # ------------------------------------------------------------ acting
    def act(self, action: Action) -> bool:
        """Send a human action; show the refusal (state unchanged) if illegal."""
        if not self.can_act():
            return False
        declared = self.ctl.view(self.viewer).uno_declared == self.viewer
        result = self.ctl.human_act(action)
        if isinstance(result, IllegalAction):
            self.show_error(result)
            return False
        if declared and isinstance(action, (Draw, Pass, Accept, WrongPlay)):
            # T6: the call counted for the play it came with; say it is gone
            self.show_toast(t("tbl.uno_dropped"), tw.GOLD, 5.0)
        self.hand.selected = []
        self.hand.armed = self.hand.focus = -1  # Enter follows the hint again
        self.picker.open = False
        self.hover_tip = None
        self.ingest(self.ctl.take_events())
        self.refresh_controls()
        return True

    def show_error(self, err: IllegalAction) -> None:
        self.show_toast(illegal_text(err, i18n.language()), tw.RED, 3.5)
        self.sound("error")

    def show_toast(self, msg: str, colour: tuple[int, int, int] = tw.CREAM,
                   secs: float = 2.5) -> None:
        self.toast = (msg, colour, self.now + secs)

    def sound(self, name: str) -> None:
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            try:
                audio.play(name)
            except Exception:  # noqa: BLE001 - sound is optional
                pass

    def click_card(self, index: int, multi: bool = False) -> None:
        if not 0 <= index < len(self.hand.cards) or self.viewer < 0:
            return
        card = self.hand.cards[index]
        self.hand.focus = index
        if not self.can_act():
            return
        legal = self.ctl.legal(self.viewer)
        if multi and self.ctl.config.settings.multi_play:
            self.hand.toggle_select(card.id)
            self.refresh_controls()
            return
        if self._wait_for_confirm(card.id):
            return
        single = [a for a in legal if isinstance(a, Play) and a.cards == (card.id,)]
        if single:
            if single[0].colour is not None:
                self._warn_if_bluff(card.id)
                self.open_picker((card.id,))
            else:
                self.act(single[0])
            return
        jump = [a for a in legal if isinstance(a, JumpIn) and a.card == card.id]
        if jump:
            self.act(jump[0])
            return
        wrong = [a for a in legal if isinstance(a, WrongPlay) and a.card == card.id]
        self.show_error(self.why_not(card.id))
        if wrong:  # T8: offering an unplayable card costs the penalty (and the turn)
            self.act(wrong[0])

    def _warn_if_bluff(self, card_id: int) -> None:
        """T2/T5: a Wild Draw Four played while holding the colour in effect is a
        bluff a challenge would catch: say so (the play stays allowed)."""
        view = self.ctl.view(self.viewer)
        if (DECK[card_id].kind is not Kind.WILD_DRAW_FOUR or view.pending_penalty
                or view.settings.wd4_rule != "no_matching_colour" or view.colour is None):
            return
        if any(c.colour is view.colour for c in view.hand):
            colour = colour_name(view.colour, i18n.language())
            self.show_toast(i18n.t("tbl.wd4_bluff", colour=colour), tw.GOLD, 4.0)

    def why_not(self, card_id: int) -> IllegalAction:
        return self.ctl.explain(self.viewer, card_id)

    def play_action(self, play: Play) -> None:
        if play.colour is not None or DECK[play.cards[-1]].is_wild:
            self.open_picker(play.cards)
        else:
            self.act(play)

    def open_picker(self, cards: tuple[int, ...]) -> None:
        self.picker.open = True
        self.picker.focus = 0
        self.picker_cards = cards
        self.buttons = ()
        if self.bar is not None:
            self.bar.set([], self.layout.bar, self.layout.scale)

    def pick_colour(self, colour: Colour) -> None:
        legal = self.ctl.legal(self.viewer)
        if not self.picker_cards:
            action: Action | None = next((a for a in legal if isinstance(a, ChooseColour)
                                          and a.colour is colour), None)
        else:
            action = next((a for a in legal if isinstance(a, Play)
                           and a.cards == self.picker_cards and a.colour is colour), None)
        if action is None:
            self.picker.open = False
            return
        self.act(action)

    def cancel_picker(self) -> None:
        if self.picker_cards or self.ctl.view(self.viewer).phase is not Phase.CHOOSE_COLOUR:
            self.picker.open = False
            self.picker_cards = ()
            self.refresh_controls(force=True)

    def press(self, key: str) -> None:
        if key == "menu":
            self.open_menu()
        elif key == "codes":
            self.open_join_codes()
        elif key == "log":
            self.log_open = not self.log_open
            self._remember_log()
            self.relayout()
            self.refresh_controls(force=True)
        elif key == "hint":
            self.give_hint()
        elif key == "confirm":
            self.click_card(self.hand.index_of(self.hand.armed))
        else:
            action = self._actions.get(key)
            if isinstance(action, Play):
                self.play_action(action)
            elif action is not None:
                self.act(action)

    def _remember_log(self) -> None:
        """The next table opens the log as the player left it."""
        self._keep_setting("log_panel", "open" if self.log_open else "closed")

    def _keep_setting(self, name: str, value: object) -> None:
        """Set a user setting and save the settings file."""
        settings = getattr(self.app, "settings", None)
        if settings is None:
            return
        setattr(settings, name, value)
        save = getattr(self.app, "save_settings", None)
        if save is not None:
            save()

    def give_hint(self) -> None:
        if not self.can_act():
            return
        choice = self.ctl.hint_choice(self.viewer)
        if choice is None:
            self.show_toast(t("tbl.hint_none"))
            return
        lang = i18n.language()
        a = choice.action
        if choice.reasons:
            reason = t("log.sep").join(
                t(f"hint.{key}", colour=colour_name(colour, lang), n=n)
                for key, colour, n in choice.reasons)
        else:  # a bot from outside that explains itself in words
            reason = choice.reason_zh if lang == "zh" else choice.reason_en
        if isinstance(a, Play):
            what = ", ".join(card_name(c, lang) for c in a.cards)
            ids = [c.id for c in self.hand.cards]
            if a.cards[0] in ids:
                self.hand.focus = ids.index(a.cards[0])
                self.hand.hovered = -1
            if a.colour is not None:
                what += f" → {colour_name(a.colour, lang)}"
        else:
            what = self._action_label(a)
        said = " — ".join(part for part in (what, reason) if part)
        self.show_toast(t("tbl.hint_prefix") + said, tw.GOLD, 5.0)

    def _action_label(self, a: Action) -> str:
        """The words of the button that does ``a`` (even while the bar is
        hidden), or the colour named by an S4 choice."""
        if isinstance(a, ChooseColour):  # S4
            return colour_name(a.colour, i18n.language())
        row = controls([a], self._control_state(self.ctl.view(self.viewer).phase, False))
        for c in row:
            if c.action == a:
                return t(c.label, **self._words(c.params))
        return t("tbl.uno") if isinstance(a, CallUno) else ""

    def open_menu(self) -> None:
        from game.scenes.pause import PauseScene  # the pause menu leads back to the table

        self.app.scenes.push(PauseScene(self.app, self.config.settings))

    def open_join_codes(self) -> None:
        """A party match: every seat's QR code and link, the room code (J)."""
        from game.scenes.join_codes import JoinCodesScene

        if self.party is not None:
            self.app.scenes.push(JoinCodesScene(self.app, self.party))

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        self.hand.set_cards(self.model.hand)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for bar in (self.bar, self.corner):
                key = bar.key_of(event.ui_element) if bar is not None else None
                if key is not None:
                    self.sound("click")
                    self.press(key)
                    return
            return
        if self._log_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            self._drag_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos, bool(pygame.key.get_mods() & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
                        or bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT)))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _log_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the log and its scroll bar; True when the log took ``event``."""
        panel = self.log_panel
        if panel is None or not self.layout.log.w:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if not self.layout.log.collidepoint(pygame.mouse.get_pos()):
                return False
            panel.scroll_by(3 * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return panel.press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            return panel.drag(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return panel.release()
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        if self.picker.open:
            return
        i = self.hand.hit(self.layout, pos) if self.viewer >= 0 else -1
        if i != self.hand.hovered:
            self.hand.hovered = i
            self.hover_tip = None
            if i >= 0 and self.hand.active and self.hand.cards[i].id not in self.hand.legal:
                err = self.why_not(self.hand.cards[i].id)
                self.hover_tip = (i, illegal_text(err, i18n.language()))

    def _click(self, pos: tuple[int, int], multi: bool) -> None:
        if self.picker.open:
            self.picker.layout(self.layout)
            col = self.picker.hit(pos)
            if col is not None:
                self.pick_colour(col)
            return
        if self.viewer < 0:
            return
        # A card or the pile acts when the button comes up (see _release).
        i = self.hand.hit(self.layout, pos)
        if i >= 0:
            self.hand.focus = i
            card = self.hand.cards[i]
            rect = self.hand.card_rect(self.layout, card.id) or self.layout.hand
            self.pointer.down("card", card.id, pos, rect, multi)
        elif self.layout.draw_pile.collidepoint(pos):
            self.pointer.down("pile", -1, pos, self.layout.draw_pile)

    # ---- press, drag and release (issue 14: a card plays on release, or dropped on the pile)
    def _drag_to(self, pos: tuple[int, int]) -> None:
        self.pointer.move(pos)
        press = self.pointer.dragged()
        if press is None or self.hand.index_of(press.card) < 0:
            return
        self.hand.dragging = press.card
        self.hand.drag_at = (pos[0] - press.offset[0], pos[1] - press.offset[1])
        self.hand.drag_over = drop_hits_discard(self.layout, self.hand.drag_at, pos)
        self.hand.hovered = -1
        self.hover_tip = None

    def _release(self, pos: tuple[int, int]) -> None:
        press = self.pointer.press
        if press is None:
            return
        if press.dragging:
            self._drag_to(pos)
        on_target = (self.layout.draw_pile.collidepoint(pos) if press.target == "pile" else
                     self.hand.hit(self.layout, pos) == self.hand.index_of(press.card))
        outcome, _ = self.pointer.up(pos, on_target, self.hand.drag_over)
        self.hand.drop_back(press.card)
        if outcome is Outcome.CLICK and press.target == "pile":
            if self.can_act():
                draw = [a for a in self.ctl.legal(self.viewer) if isinstance(a, Draw)]
                if draw:
                    self.act(draw[0])
        elif outcome is Outcome.CLICK:
            self.click_card(self.hand.index_of(press.card), press.multi)
        elif outcome is Outcome.DROP:
            self._drop(press.card)
        elif outcome is Outcome.CANCEL:
            self.hand.focus = -1  # the press raised it; a cancelled gesture leaves nothing chosen

    def _drop(self, card_id: int) -> None:
        """A card let go on the discard pile: the selected cards when it is one
        of them (H4), else that card, exactly as a click would play it."""
        sel = self._actions.get("play_sel")
        if isinstance(sel, Play) and card_id in sel.cards:
            self.play_action(sel)
            return
        self.hand.armed = card_id  # a drop is deliberate: no confirm step
        self.click_card(self.hand.index_of(card_id))
        if self.hand.armed == card_id:  # refused, or waiting in the colour picker
            self.hand.armed = -1

    def _wait_for_confirm(self, card_id: int) -> bool:
        """With "confirm each play" on, the first click on a card only raises it
        and offers a Play button (Enter or a second click also confirms)."""
        if not self.confirm_plays or self.hand.armed == card_id:
            return False
        self.hand.armed = card_id
        self.refresh_controls()
        return True

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if self.picker.open:
            if k == pygame.K_ESCAPE:
                self.cancel_picker()
            elif k in (pygame.K_LEFT, pygame.K_RIGHT):
                self.picker.focus = (self.picker.focus + (1 if k == pygame.K_RIGHT else -1)) % 4
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick_colour(COLOURS[self.picker.focus])
            elif k in KEY_COLOURS:
                self.pick_colour(KEY_COLOURS[k])
            return
        if k == pygame.K_ESCAPE and (self.hand.armed >= 0 or self.pointer.press is not None):
            self._cancel_gesture()
        elif k == pygame.K_ESCAPE:
            self.open_menu()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand.move_focus(1 if k == pygame.K_RIGHT else -1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._enter(bool(event.mod & pygame.KMOD_SHIFT))
        elif k == pygame.K_d:  # facing a penalty or a Wild Draw Four, D takes the cards
            self._key_action((Draw, Pass, Accept))
        elif k == pygame.K_u:
            self._key_action((CallUno,))
        elif k == pygame.K_c:
            self._key_action((Catch,))
        elif k == pygame.K_h:
            self.give_hint()
        elif k == pygame.K_l:
            self.press("log")
        elif k == pygame.K_j:
            self.open_join_codes()

    def _cancel_gesture(self) -> None:
        if self.pointer.press is not None:
            self.hand.drop_back(self.pointer.press.card)
            self.pointer.cancel()
        self.hand.armed = -1
        self.refresh_controls()

    def _enter(self, multi: bool) -> None:
        """Enter: the highlighted card (waiting for confirmation, raised under
        the pointer, or focused); else the selected multi-play; else the hint."""
        if not self.can_act():
            return
        i = self.hand.highlighted()
        if 0 <= i < len(self.hand.cards):
            self.click_card(i, multi)
            return
        if "play_sel" in self._actions:
            self.press("play_sel")
            return
        choice = self.ctl.hint_choice(self.viewer)
        if choice is None:
            return
        a = choice.action
        if isinstance(a, Play) and len(a.cards) == 1:
            self.hand.focus = self.hand.index_of(a.cards[0])
            self.hand.hovered = -1
            if self._wait_for_confirm(a.cards[0]):
                return
        self.act(a)

    def _key_action(self, kinds: tuple[type, ...]) -> None:
        if not self.can_act():
            return
        for a in self.ctl.legal(self.viewer):
            if isinstance(a, kinds):
                self.act(a)
                return

    def probe(self) -> dict[str, Any]:
        """For game.debug_probe (tests driving the real window): where the clickable
        things are now, and the viewer's PlayerView under ``view``."""
        lay = self.layout
        if self.picker.open:
            self.picker.layout(lay)  # the rects a click is tested against (as in _click)
        seats = {s: spot.plate for s, spot in lay.seats.items()}
        if lay.bottom is not None:
            seats[lay.bottom.seat] = lay.bottom.plate
        return {"viewer": self.viewer, "view": self.ctl.view(self.viewer),
                "hand": [{"id": c.id, "face": c.short(), "rect": r, "legal": c.id in self.hand.legal}
                         for c, r in zip(self.hand.cards, self.hand.rects(lay), strict=False)],
                "draw_pile": lay.draw_pile, "discard": lay.discard, "seats": seats,
                "bar": {k: b.rect for k, b in (self.bar.buttons if self.bar else {}).items()},
                "corner": {k: b.rect for k, b in (self.corner.buttons if self.corner else {}).items()},
                "picker": [(c, r) for c, r in self.picker.rects] if self.picker.open else []}

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
        problem = self.ctl.save_problem  # shown until a save works again
        away: tuple[str, ...] = ()
        if self.party is not None:
            names, bots, bot_in = self.ctl.names, self.party.bot_seats, self.party.bot_in()
            away = tuple(t("party.bot", name=names[seat]) if seat in bots
                         else t("party.away_bot_in", name=names[seat], n=math.ceil(bot_in[seat]))
                         if seat in bot_in
                         else t("party.away", name=names[seat]) for seat in self.party.away())
        busy = self.busy()
        phase = (self.ctl.view(self.viewer).phase
                 if self.viewer >= 0 and not busy and self.model.to_act == self.viewer
                 else Phase.PLAY)
        ui = UiState(busy=busy, phase=phase, hand=self.hand, toast=self.toast,
                     hover_tip=self.hover_tip, picker_open=self.picker.open,
                     picker_focus=self.picker.focus, picker_cancellable=bool(self.picker_cards),
                     mouse=pygame.mouse.get_pos(), now=self.now, anim=self.anim,
                     buttons=self.buttons,
                     notice=t(f"tbl.save_failed.{problem}") if problem else "", away=away,
                     log=self.log_panel.frame() if self.log_panel is not None else None)
        return build_frame(self, ui, colourblind=self.colourblind)

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.layout, self.frame())
