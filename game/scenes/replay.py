"""ReplayScene: a finished match, step by step, on the table's own drawing code.

``ReplayScene(app, path)`` loads a save (``game.storage.saves.load_match``)
and steps through it with a :class:`game.replay.ReplayStepper` (the match
started again from its seed, the recorded actions applied one at a time;
stepping back starts from the nearest snapshot). The table is drawn like the live one:
:class:`ReplaySource` (the stepper's views, from the spectator's seat -1) ->
:func:`game.table.frame.build_frame` -> :class:`game.table.renderer.TableRenderer`.
Hands are face down unless "Show all hands" is on, but for the replay of a
match with one person at the table: their hand is face up at the bottom from
the first step (#39), as they saw it, and the log says what they saw.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.config import MatchConfig
from game.paths import data_dir
from game.replay import ReplayStepper
from game.rules.cards import Card
from game.rules.events import redact
from game.rules.view import PlayerView
from game.scenes.dialog import show_message
from game.scenes.strings_menus import save_error_text
from game.scenes.ui_scene import UIScene
from game.storage.saves import LoadedMatch, SaveError, export_replay, load_match
from game.table.frame import TableFrame, build_frame
from game.table.layout import TableLayout, compute_layout
from game.table.model import TableModel
from game.table.renderer import TableRenderer
from game.ui import draw_kit as kit
from game.ui.event_text import describe_events
from game.ui.widgets import oid

if TYPE_CHECKING:
    from game.scenes.services import Services

log = logging.getLogger(__name__)
t = i18n.t

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # steps per second while playing


class ReplaySource:
    """What the frame builder reads of a table, for a spectator of the replayed match."""

    viewer = -1

    def __init__(self, config: MatchConfig, view: PlayerView) -> None:
        self.config = config
        self.model = TableModel(-1, len(config.seats))
        self.ticker: list[str] = []
        self.show(view)

    @property
    def names(self) -> list[str]:
        """As the table names them: "You" and "Player 2" in the screen's language."""
        return [i18n.seat_name(s.name) for s in self.config.seats]

    def show(self, view: PlayerView) -> None:
        self.model.sync(view)

    def thinking_seat(self) -> int:
        return -1  # a replay has no bot thinking

    def bot_seats(self) -> frozenset[int]:
        return frozenset()


def exports_dir() -> Path:
    path = data_dir() / "exports"
    path.mkdir(parents=True, exist_ok=True)
    return path


def export_path(stamp: str | None = None) -> Path:
    """A fresh ``exports/replay-YYYYmmdd-HHMMSS.json`` (``-n`` added when taken)."""
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    path = exports_dir() / f"replay-{stamp}.json"
    n = 1
    while path.exists():
        path = exports_dir() / f"replay-{stamp}-{n}.json"
        n += 1
    return path


class ReplayScene(UIScene):
    def __init__(self, app: Services, path: Path | str) -> None:
        super().__init__(app)
        self.path = Path(path)
        self.error = ""  # why the file cannot be shown, in the player's words
        self.loaded: LoadedMatch | None = None
        try:
            self.loaded = load_match(self.path)
        except SaveError as exc:
            self.error = save_error_text(exc)
        self.show_all = False
        self.owner = -1  # the one person at the table, whose hand shows (-1: none or several)
        self.stepper: ReplayStepper | None = None
        self.table: ReplaySource | None = None
        self.renderer = TableRenderer()
        self.card_size = str(app.settings.card_size)
        self.colourblind = bool(app.settings.colourblind)
        self.layout: TableLayout = compute_layout(app.size, 1, -1, self.card_size)
        if self.loaded is not None:
            self.stepper = ReplayStepper.of(self.loaded)
            humans = self.loaded.config.humans
            self.owner = humans[0] if len(humans) == 1 else -1
            self.table = ReplaySource(self.loaded.config, self.stepper.view(-1))
            self.layout = compute_layout(app.size, len(self.loaded.config.seats), self.owner,
                                         self.card_size)
            self._tell()
        self.playing = False
        self.speed_index = 1
        self._timer = 0.0
        self.buttons: dict[str, Any] = {}

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        self.buttons = {}
        if self.table is None:
            return
        self.layout = compute_layout(self.size, len(self.table.config.seats), self.owner,
                                     self.card_size)
        lay = self.layout
        spec = [
            ("prev", t("replay.prev"), self.step_back),
            ("play", t("replay.pause") if self.playing else t("replay.play"), self.toggle_play),
            ("next", t("replay.next"), self.step_forward),
            ("speed", t("replay.speed", x=self._speed_text()), self.cycle_speed),
            ("show", t("replay.hide_all") if self.show_all else t("replay.show_all"),
             self.toggle_show_all),
            ("export", t("replay.export"), self.export),
            ("close", t("replay.close"), self.on_back),
        ]
        gap = lay.px(8)
        bar = self.bar_rect()
        bw = min(lay.px(150), (bar.w - gap * (len(spec) - 1)) // len(spec))
        x = bar.centerx - (bw * len(spec) + gap * (len(spec) - 1)) // 2
        for key, text, action in spec:
            object_id = oid("@small_button", "#primary" if key == "play" else None)
            self.buttons[key] = self.button(pygame.Rect(x, bar.y, bw, bar.h), text, action,
                                            object_id=object_id)
            x += bw + gap
        self.focus_index = 2

    def bar_rect(self) -> pygame.Rect:
        """The controls row: the table's button bar, right of the bottom seat's plate."""
        lay = self.layout
        left = lay.bar.x
        if lay.bottom is not None:
            left = max(left, lay.bottom.plate.right + lay.px(12))
        return pygame.Rect(left, lay.bar.y, lay.bar.right - left, lay.bar.h)

    def enter(self) -> None:
        super().enter()
        if self.loaded is None:
            show_message(self.app, t("replay.title"), t("replay.load_failed", error=self.error),
                         self._close)

    def _close(self) -> None:
        self.app.close(self)

    # ------------------------------------------------------------ stepping
    @property
    def k(self) -> int:
        return self.stepper.k if self.stepper else 0

    @property
    def total(self) -> int:
        return self.stepper.total if self.stepper else 0

    def goto(self, k: int) -> None:
        if self.stepper is None or self.table is None:
            return
        self.stepper.goto(k)
        self.table.show(self.stepper.view(-1))
        self._tell()

    def step_forward(self) -> None:
        self.goto(self.k + 1)
        if self.k >= self.total:
            self.set_playing(False)

    def step_back(self) -> None:
        self.set_playing(False)
        self.goto(self.k - 1)

    def _tell(self) -> None:
        """The ticker: what the last step did, as the spectator (or everyone) saw it."""
        if self.stepper is None or self.table is None:
            return
        events = self.stepper.last_events
        if not self.show_all:
            events = [redact(e, self.owner) for e in events]
        lines = describe_events(events, self.table.names, i18n.language())
        self.table.ticker = lines[-3:]

    def set_playing(self, playing: bool) -> None:
        playing = playing and self.k < self.total
        if playing != self.playing:
            self.playing = playing
            self._timer = 0.0
            if "play" in self.buttons:
                self.buttons["play"].set_text(t("replay.pause") if playing else t("replay.play"))

    def toggle_play(self) -> None:
        if not self.playing and self.k >= self.total:
            self.goto(0)
        self.set_playing(not self.playing)

    def _speed_text(self) -> str:
        s = SPEEDS[self.speed_index]
        return f"{s:g}×"

    def cycle_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        if "speed" in self.buttons:
            self.buttons["speed"].set_text(t("replay.speed", x=self._speed_text()))

    def toggle_show_all(self) -> None:
        self.show_all = not self.show_all
        self._tell()
        if "show" in self.buttons:
            self.buttons["show"].set_text(t("replay.hide_all") if self.show_all
                                          else t("replay.show_all"))

    def export(self) -> Path | None:
        self.set_playing(False)
        try:
            dest = export_replay(self.path, export_path())
        except (SaveError, OSError) as exc:  # (OSError: the exports folder cannot be made)
            show_message(self.app, t("replay.title"),
                         t("replay.export_failed", error=save_error_text(exc)))
            return None
        show_message(self.app, t("replay.exported_title"), t("replay.exported", path=str(dest)))
        return dest

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self._timer += dt
        interval = 1.0 / SPEEDS[self.speed_index]
        while self.playing and self._timer >= interval:
            self._timer -= interval
            self.step_forward()

    def is_animating(self) -> bool:
        return self.playing

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_RIGHT:
            self.set_playing(False)
            self.step_forward()
        elif k == pygame.K_LEFT:
            self.step_back()
        elif k == pygame.K_SPACE:
            self.toggle_play()
        elif k == pygame.K_HOME:
            self.set_playing(False)
            self.goto(0)
        elif k == pygame.K_END:
            self.set_playing(False)
            self.goto(self.total)
        elif k == pygame.K_a:
            self.toggle_show_all()
        else:
            super().handle_key(event)

    # ------------------------------------------------------------ drawing
    def frame(self) -> TableFrame | None:
        """What the table shows now: the spectator's view with the owner's hand
        open, every hand open with "Show all"."""
        if self.table is None or self.stepper is None:
            return None
        hands: tuple[tuple[Card, ...], ...] = ()
        if self.show_all or self.owner >= 0:
            hands = tuple(tuple(self.stepper.view(seat).hand)
                          if self.show_all or seat == self.owner else ()
                          for seat in range(len(self.table.config.seats)))
        return build_frame(self.table, colourblind=self.colourblind, open_hands=hands)

    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        if frame is None:
            self.draw_background(surface)
            return
        self.renderer.draw(surface, self.layout, frame)
        self._draw_counter(surface)
        self.draw_focus(surface)

    def _draw_counter(self, surface: pygame.Surface) -> None:
        lay = self.layout
        px = lay.px
        head = kit.text(t("replay.title") + " · " + t("replay.step", k=self.k, n=self.total),
                       lay.font_px(18), kit.GOLD, True)
        r = head.get_rect(topright=(lay.table.right - px(14), px(10)))
        box = r.inflate(px(20), px(10))
        kit.panel(surface, box, px(10), (6, 24, 16, 220), (70, 130, 95, 255), 1)
        surface.blit(head, r)
        keys = kit.text(t("replay.keys"), lay.font_px(12), kit.MUTED)
        surface.blit(keys, keys.get_rect(topright=(r.right, box.bottom + px(4))))
        # progress line along the top of the bar
        if self.total:
            bar = self.bar_rect()
            y = bar.y - px(5)
            pygame.draw.line(surface, (40, 80, 60), (bar.x, y), (bar.right, y), px(3))
            x = bar.x + round(bar.w * self.k / self.total)
            pygame.draw.line(surface, kit.GOLD, (bar.x, y), (x, y), px(3))
