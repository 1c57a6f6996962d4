"""TableScene: the UNO table's lifecycle, intents -> controller, and the frame.

Every other job of the table lives beside it in a module named for it
(docs/ARCHITECTURE.md lists them): intents and gestures read the player,
shown_controls and buttons show the rows, journal keeps the log, cues say the
toasts and sound the cues, hotseat (passing the screen too), overlays and phones
answer the seats, director animates the engine's events. Drawing is
:func:`game.table.live_frame.frame` then :class:`game.table.renderer.TableRenderer`:
``draw`` changes nothing of the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.actions import Accept, Action, Draw, Pass, WrongPlay
from game.rules.errors import IllegalAction
from game.rules.events import Event
from game.scenes.base import Scene
from game.table import (
    gestures,
    hotseat,
    intents,
    journal,
    live_frame,
    overlays,
    phones,
    warmup,
    wording,
)
from game.table.animations import Animator
from game.table.buttons import control_state
from game.table.controls import ControlState
from game.table.cues import Cues
from game.table.director import Director, Stage
from game.table.drag import Pointer
from game.table.frame import TableFrame
from game.table.hand import HandView
from game.table.layout import TableLayout, compute_layout
from game.table.model import TableModel
from game.table.probe import table_probe
from game.table.remote_link import LinkWatch
from game.table.renderer import TableRenderer
from game.table.shown_controls import ShownControls
from game.table.tutorial import TutorialDesk
from game.table.widgets import LogPanel
from game.ui.theme import ui_scale

if TYPE_CHECKING:
    from game.scenes.services import Services
    from game.session import Session


class TableScene(Scene):
    """The match in progress. ``TableScene(app, session)`` (game.session builds the match)."""

    # A failing autosave is shown in the table's standing notice: the app tells it
    # no other way (game.scenes.write_notices)
    writes_shown = ("autosave",)

    def __init__(self, app: Services, session: Session) -> None:
        super().__init__(app)
        self.session = session  # the match, built by game.session; closed on exit
        self.config = config = session.config
        self.party = session.party  # phone seats (game/party), or None
        self.remote = session.remote  # phones and online seats together, or None
        # a guest's table (a remote session): the link to the host, its refusals
        self.link = LinkWatch(session) if hasattr(session, "guest") else None
        self.ctl = session.controller
        self.n = len(config.seats)
        humans = config.humans
        # One human: always their view. Hot-seat: nobody until the first curtain.
        self.viewer = humans[0] if len(humans) == 1 else -1
        self.model = TableModel(self.viewer, self.n)
        self.anim = Animator(str(app.settings.anim_speed))
        self.hand = HandView(self.hand_order)
        self.pointer = Pointer()  # press / drag / release on the hand and the piles
        self.controls = ShownControls()  # the button rows and the colour picker
        # every batch, told as the log and the ticker while its steps play
        self.journal = journal.Journal(lambda: self.ctl.names)
        self.cues = Cues(app.audio, lambda: self.now)  # the toast and the sounds
        self.director = Director(Stage(
            anim=self.anim, sound=self.cues.sound, layout=lambda: self.layout,
            model=lambda: self.model, viewer=lambda: self.viewer,
            card_rect=lambda lay, card: self.hand.card_rect(lay, card),
            names=lambda: self.ctl.names, told=self.journal.tell))
        self.renderer = TableRenderer()
        self.hover_tip: tuple[int, str] | None = None
        self.now = 0.0
        self.dirty = True
        self.log_open = False
        self.layout: TableLayout = compute_layout(app.size, self.n, self.viewer)
        self.scoreboard_shown = False
        self.overlay_open = False  # a curtain/scoreboard/pause is on top
        self._fresh = session.fresh
        # The tutorial (#39): its gate on the player's actions and its line on screen
        self.tutorial = TutorialDesk(session.guide) if session.guide is not None else None
        self._warm: list[Callable[[], object]] = []  # card art to draw while nothing moves

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.log_open = journal.opens(str(self.app.settings.log_panel), self.app.size[0])
        self.controls.build(self.app.ui)
        self.journal.panel = LogPanel()
        self.relayout()
        if self._fresh:
            self.ingest(self.ctl.take_events())
        else:
            self.ctl.take_events()
            self.model.sync(self.ctl.view(self.viewer))
            # the round so far: logged (and kept for a re-told log), not animated
            self.journal.add(self.ctl.round_events(), self.viewer, told=True)
        self.refresh_controls()

    def exit(self) -> None:
        self.controls.clear()
        self.session.close()

    def pause(self) -> None:
        opening = not self.overlay_open
        self.overlay_open = True
        if opening and self.log_open:
            self.relayout()  # the log folds under the overlay: no empty strip
        if hotseat.hide_on_pause(self.config, self.viewer):
            self.anim.finish_all()
            hotseat.pass_screen(self, -1)
        self.controls.show(False)
        if self.journal.panel is not None:
            self.journal.panel.show(False)

    def resume(self) -> None:
        self.overlay_open = False
        self.anim.set_speed(str(self.app.settings.anim_speed))
        self.session.follow(self.app.settings)
        self.hand.set_order(self.hand_order)
        self.relayout()
        self.refresh_controls(force=True)
        self.controls.show(True)  # an unchanged set is kept as pause() hid it

    def on_resize(self, size: tuple[int, int]) -> None:
        self.relayout()
        self.refresh_controls(force=True)
        if self.overlay_open:
            self.pause()

    def relayout(self) -> None:
        self.layout = lay = compute_layout(self.app.size, self.n, self.viewer,
                                           str(self.app.settings.card_size),
                                           self.log_open and not self.overlay_open,
                                           gestures.legend_on(self))
        self._warm = warmup.jobs(lay, self.viewer, self.colourblind)
        if self.journal.panel is not None:  # re-told for the viewer and the language
            box = lay.log.inflate(-lay.px(12), -lay.px(12)) if lay.log.w else lay.log
            self.journal.retell(self.viewer, box, ui_scale(self.app.size))
        self.controls.place_corner(lay, self.viewer, phones.corner_extra(self.remote))

    @property
    def colourblind(self) -> bool:
        return bool(self.app.settings.colourblind)

    @property
    def hand_order(self) -> str:
        return str(self.app.settings.hand_order)

    def ingest(self, events: list[Event]) -> None:
        """A batch from the controller: log it and queue its animations."""
        if events:
            self.director.queue(self.journal.add(events, self.viewer))
            self.dirty = True

    # ------------------------------------------------------------ the frame's clock
    def busy(self) -> bool:
        return self.anim.busy() or bool(self.ctl.pending)

    def update(self, dt: float) -> None:
        self.now += dt
        self.anim.update(dt)
        phones.pump(self.session, self.app.settings)  # their actions come via take_events()
        if self.link is not None:
            self.link.tick(self)
        if not self.anim.busy() and not self.overlay_open:
            self.ctl.poll_ai(self.now, True)  # its events arrive through take_events()
        self.ingest(self.ctl.take_events())
        self.cues.expire(overlays.tip_outlived(self))
        if not self.busy():
            if self.dirty:
                self.model.sync(self.ctl.view(self.viewer))
                self.dirty = False
            self.refresh_controls()
            overlays.tip_uno(self)
            overlays.open_due(self)
        if not self.anim.busy() and self.ctl.thinking_seat() < 0:  # a bot's thread would stretch the work
            warmup.warm_up(self._warm, 0.003)
        self.hand.set_cards(self.model.hand)
        self.hand.slide_factor = self.anim.factor
        self.hand.update(dt, self.layout)

    def update_below(self, dt: float) -> None:
        """A menu or the scoreboard is on top: phones still get answers, the match waits;
        cards sliding to new places (a resize, a language switch) finish their slide."""
        phones.pump(self.session, self.app.settings, paused=True)
        self.hand.update(dt, self.layout)

    def is_animating(self) -> bool:
        return (self.anim.animating() or bool(self.ctl.pending) or self.ctl.ai_waiting()
                or self.cues.toast is not None or (self.remote is not None and self.remote.busy())
                or self.hand.sliding())

    def next_round(self) -> None:
        """Scoreboard's Next round: deal again."""
        self.scoreboard_shown = False
        self.ctl.next_round()  # its events also wait in take_events(): ingest them once
        self.ingest(self.ctl.take_events())

    # ------------------------------------------------------------ intents -> controller
    def can_act(self) -> bool:
        return self.viewer >= 0 and not self.busy() and not self.overlay_open

    def legal(self) -> list[Action]:
        return self.ctl.legal(self.viewer) if self.can_act() else []

    def control_state(self, picker_open: bool) -> ControlState:
        return control_state(self.model, self.hand, self.ctl.names,
                             self.ctl.view(self.viewer).phase, picker_open,
                             gestures.swap_choice(self)[1])

    def refresh_controls(self, force: bool = False) -> None:
        """The rows follow the legal actions (``force``: the corner row is laid again)."""
        if self.controls.bar is None:
            return
        self.controls.refresh(self.layout, self.hand, self.legal(),
                              self.ctl.view(self.viewer).to_act == self.viewer, self.control_state)
        if force:
            self.controls.place_corner(self.layout, self.viewer, phones.corner_extra(self.remote))

    def handle_event(self, event: pygame.event.Event) -> None:
        self.hand.set_cards(self.model.hand)
        intent = intents.read(event, gestures.where(self), pygame.key.get_mods())
        if intent is not None:
            gestures.do(self, intent)

    def press(self, key: str) -> None:
        gestures.press(self, key)

    def click_card(self, index: int, multi: bool = False) -> None:
        gestures.click_card(self, index, multi)

    def give_hint(self) -> None:
        gestures.give_hint(self)

    def act(self, action: Action) -> bool:
        """Send a human action; show the refusal (state unchanged) if illegal."""
        if not self.can_act() or gestures.tutorial_refuses(self, (action,)):
            return False
        declared = self.ctl.view(self.viewer).uno_declared == self.viewer
        result = self.ctl.human_act(action)
        if isinstance(result, IllegalAction):
            self.cues.refuse(result)
            return False
        self.cues.acted()  # a followed hint goes
        if declared and isinstance(action, (Draw, Pass, Accept, WrongPlay)):
            self.cues.say(wording.uno_dropped())  # T6: the call counted for the play it came with
        self.hand.selected = []
        self.hand.armed = self.hand.focus = -1  # Enter follows the hint again
        self.controls.picker.open = False
        self.controls.forget()
        self.hover_tip = None
        self.ingest(self.ctl.take_events())
        self.refresh_controls()
        return True

    def why_not(self, card_id: int) -> IllegalAction:
        return self.ctl.explain(self.viewer, card_id)

    def open_menu(self) -> None:
        restart = self.app.start_tutorial if self.tutorial is not None else None
        self.app.open("pause", settings=self.config.settings, party=self.party, restart=restart,
                      online=getattr(self.session, "online", None) is not None)

    def probe(self) -> dict[str, Any]:
        """For game.debug_probe: :func:`game.table.probe.table_probe`; a guest's table
        adds its link to the host under ``link`` (:meth:`LinkWatch.probe`)."""
        doc = table_probe(self.layout, self.viewer, self.ctl.view(self.viewer), self.hand,
                          self.controls)
        if self.link is not None:
            doc["link"] = self.link.probe()
        return doc

    # ------------------------------------------------------------ drawing
    def frame(self) -> TableFrame:
        """What the table shows now (reads the scene, changes nothing)."""
        return live_frame.frame(self, gestures.swap_choice(self), gestures.legend_on(self),
                                self.colourblind)

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.layout, self.frame())
        if self.tutorial is not None and self.viewer >= 0:
            self.tutorial.draw(surface, self.layout, self.ctl.names)
