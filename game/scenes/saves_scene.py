"""Saved games and replays: list, Load / Watch, Delete, and "Save here" during a match.

``SavesScene(app)`` lists the manual save slots; ``SavesScene(app, controller)``
(from the pause menu: ``services.running_match()``) also offers a name entry and
"Save here"; ``SavesScene(app, mode="replays")`` lists finished matches and
opens them in the replay viewer. Damaged files stay listed, marked, and
loading one sets it aside and falls back to its backup (never a crash).
"""

from __future__ import annotations

import logging
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.i18n import t
from game.resources import get_font
from game.scenes.dialog import confirm, show_message
from game.scenes.discard import ask_before_discarding, has_autosave
from game.scenes.strings_menus import QUOTE_CHARS, notice_text, save_error_text
from game.scenes.ui_scene import UIScene
from game.storage import saves
from game.text_gate import excerpt
from game.ui import draw_kit as kit
from game.ui import theme
from game.ui.widgets import draw_panel, oid
from game.ui.wrap import wrap_text

if TYPE_CHECKING:
    from game.controller import MatchController
    from game.scenes.services import Services

log = logging.getLogger(__name__)


def local_time(iso: str) -> str:
    """``2025-01-02T10:11:12+00:00`` as local ``2025-01-02 11:11`` (the text itself if odd)."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, TypeError):
        return iso[:16].replace("T", " ")


def shown_label(info: saves.SlotInfo) -> str:
    """A save's label as the screens quote it: a damaged file is listed under its
    file name, which the disk may spell with anything (controls, non-UTF-8 bytes)."""
    return excerpt(info.label, QUOTE_CHARS)


def describe_slot(info: saves.SlotInfo) -> tuple[str, str, str]:
    """The list row of a save: (label, date, details: players with scores and round)."""
    label = shown_label(info)
    if info.damaged:
        return label, "", t("saves.damaged", reason=t(f"save.reason.{info.damaged}"))
    if not info.summary_ok:
        return label, local_time(info.saved_at), t("saves.summary_unavailable")
    if info.scores:
        players = " · ".join(f"{name} {score}" for name, score
                             in zip(info.players, info.scores, strict=False))
    else:
        players = " · ".join(info.players)
    state = t("saves.over") if info.over else t("saves.round", n=info.round_no)
    return label, local_time(info.saved_at), f"{players}   ({state})"


class SavesScene(UIScene):
    def __init__(self, app: Services, controller: MatchController | None = None, *,
                 mode: str = "slots") -> None:
        super().__init__(app)
        self.mode = mode
        self.controller = controller if mode == "slots" else None
        self.infos: list[saves.SlotInfo] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0  # first row shown
        self._last_click: tuple[int, float] = (-1, 0.0)
        self.entry: UITextEntryLine | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.selected = -1
        self.open_button: UIButton | None = None
        self.delete_button: UIButton | None = None
        self.refresh()

    # ------------------------------------------------------------ data
    def refresh(self) -> None:
        try:
            self.infos = saves.list_replays() if self.mode == "replays" else saves.list_slots()
        except Exception:  # noqa: BLE001 - a broken folder must not stop the menu
            log.exception("cannot list saves")
            self.infos = []
        if self.selected >= len(self.infos):
            self.selected = -1

    def selected_info(self) -> saves.SlotInfo | None:
        return self.infos[self.selected] if 0 <= self.selected < len(self.infos) else None

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.size
        title = t("saves.replays_title") if self.mode == "replays" else t("saves.title")
        title_h = self.px(70)
        self.label(pygame.Rect(0, self.px(10), w, title_h), title, class_id="@title")
        top = self.px(10) + title_h + self.px(6)
        bar_h = self.px(80)
        pw = min(self.px(1100), w - self.px(60))
        self.panel_rect = pygame.Rect((w - pw) // 2, top, pw, h - top - bar_h)
        pad = self.px(16)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        if self.controller is not None:
            row_h = self.px(44)
            bw = self.px(200)
            self.entry = self.track(UITextEntryLine(
                pygame.Rect(inner.x, inner.y, inner.w - bw - self.px(12), row_h),
                manager=self.app.ui, placeholder_text=t("saves.name_hint"),
                initial_text=t("saves.default_name", date=datetime.now().strftime("%Y-%m-%d %H:%M"))))
            self.entry.set_text_length_limit(60)
            self.button(pygame.Rect(inner.right - bw, inner.y, bw, row_h), t("saves.save_here"),
                        self.save_here, object_id=oid(None, "#primary"))
            inner.y += row_h + self.px(14)
            inner.h -= row_h + self.px(14)
        self.list_rect = inner
        self._keep_visible()
        bw, bh, gap = self.px(200), self.px(50), self.px(16)
        x = (w - 3 * bw - 2 * gap) // 2
        y = h - bar_h + (bar_h - bh) // 2
        open_key = "saves.watch" if self.mode == "replays" else "saves.load"
        chosen = self.selected_info() is not None
        self.open_button = self.button(pygame.Rect(x, y, bw, bh), t(open_key), self.open_selected,
                                       enabled=chosen, tooltip=t("saves.select"))
        self.delete_button = self.button(pygame.Rect(x + bw + gap, y, bw, bh), t("saves.delete"),
                                         self.ask_delete, object_id=oid("@danger"),
                                         enabled=chosen, tooltip=t("saves.select"))
        self.button(pygame.Rect(x + 2 * (bw + gap), y, bw, bh), t("common.back"), self.on_back,
                    object_id=oid(None, "#primary" if self.controller is None else None))
        self.focus_index = len(self.nav) - 1

    # ------------------------------------------------------------ events
    @property
    def row_h(self) -> int:
        return self.px(62)

    def rows_shown(self) -> int:
        return max(1, self.list_rect.h // self.row_h)

    def row_rect(self, index: int) -> pygame.Rect:
        i = index - self.scroll
        return pygame.Rect(self.list_rect.x, self.list_rect.y + i * self.row_h,
                           self.list_rect.w, self.row_h - self.px(6))

    def row_at(self, pos: tuple[int, int]) -> int:
        if not self.list_rect.collidepoint(pos):
            return -1
        i = self.scroll + (pos[1] - self.list_rect.y) // self.row_h
        return i if 0 <= i < len(self.infos) and self.row_rect(i).collidepoint(pos) else -1

    def _keep_visible(self) -> None:
        n = self.rows_shown()
        if self.selected >= 0:
            self.scroll = min(self.scroll, self.selected)
            self.scroll = max(self.scroll, self.selected - n + 1)
        self.scroll = max(0, min(self.scroll, len(self.infos) - n))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.row_at(event.pos)
            if i >= 0:
                now = time.monotonic()
                double = self._last_click[0] == i and now - self._last_click[1] < 0.45
                self._last_click = (i, now)
                self.select(i)
                if double:
                    self.open_selected()
                return
        if event.type == pygame.MOUSEWHEEL and self.infos:
            self.scroll = max(0, min(self.scroll - event.y, len(self.infos) - self.rows_shown()))
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save_here()
            return
        super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.infos:
            step = 1 if event.key == pygame.K_DOWN else -1
            start = self.selected if self.selected >= 0 else (-1 if step > 0 else len(self.infos))
            self.select(max(0, min(len(self.infos) - 1, start + step)))
            if self.open_button is not None:  # Enter now opens the chosen row
                self.focus_index = self.nav.index(self.open_button)
            return
        if event.key == pygame.K_DELETE and self.selected >= 0:
            self.ask_delete()
            return
        super().handle_key(event)

    def select(self, index: int) -> None:
        """Select row ``index`` (keyboard and tests)."""
        self.selected = index if 0 <= index < len(self.infos) else -1
        self._keep_visible()
        for btn in (self.open_button, self.delete_button):
            if btn is not None and btn.alive():
                if self.selected >= 0:
                    btn.enable()
                else:
                    btn.disable()

    # ------------------------------------------------------------ actions
    def save_here(self, name: str | None = None, *, overwrite: bool = False) -> Path | None:
        ctl = self.controller
        if ctl is None:
            return None
        if name is None:
            name = self.entry.get_text() if self.entry is not None else ""
        name = " ".join(name.split()) or t("saves.default_name",
                                           date=datetime.now().strftime("%Y-%m-%d %H:%M"))
        if not overwrite and saves.slot_path(name).exists():
            confirm(self.app, t("saves.overwrite_title"), t("saves.overwrite_text", name=name),
                    lambda: self._save_now(name), yes=t("saves.replace"))
            return None
        return self._save_now(name)

    def _save_now(self, name: str) -> Path | None:
        ctl = self.controller
        if ctl is None:  # not a save-here screen (save_here checked before asking)
            return None
        try:
            path = ctl.save_slot(name)
        except saves.SaveError as exc:  # a click is answered every time, in the player's words
            show_message(self.app, t("saves.title"),
                         t("saves.save_failed", error=save_error_text(exc)))
            return None
        self.refresh()
        self.selected = next((i for i, info in enumerate(self.infos) if info.path == path), -1)
        self.rebuild()
        show_message(self.app, t("saves.title"), t("saves.saved", name=name))
        return path

    def open_selected(self) -> None:
        info = self.selected_info()
        if info is None:  # the button waits for a choice
            return
        if self.mode == "replays":
            self.app.open("replay", path=info.path)
            return
        self.load(info.path)

    def load(self, path: Path) -> None:
        loaded, notices = saves.load_with_recovery(path)
        messages = [notice_text(n) for n in notices]
        if loaded is None:
            self.refresh()
            self.rebuild()
            show_message(self.app, self._title(),
                         "\n\n".join(messages) or t("saves.load_failed"))
            return
        def start() -> None:  # the loaded match replaces the one Continue would resume
            ask_before_discarding(self.app, lambda: self.app.start_match(loaded.config, loaded))

        if messages:
            show_message(self.app, self._title(), "\n\n".join(messages), start)
            return
        start()

    def ask_delete(self) -> None:
        info = self.selected_info()
        if info is None:
            return
        key = "saves.delete_replay_text" if self.mode == "replays" else "saves.delete_text"
        confirm(self.app, t("saves.delete_title"), t(key, name=shown_label(info)),
                lambda: self.delete(info.path), yes=t("saves.delete"), danger=True)

    def delete(self, path: Path) -> bool:
        ok = saves.delete_replay(path) if self.mode == "replays" else saves.delete_slot(path)
        self.selected = -1
        self.refresh()
        self.rebuild()
        return ok

    def _empty_key(self) -> str:
        """Nothing saved by hand; a match waiting for Continue is not a saved game (#39)."""
        return "saves.empty_continue" if has_autosave() else "saves.empty"

    def _title(self) -> str:
        return t("saves.replays_title") if self.mode == "replays" else t("saves.title")

    def resume(self) -> None:
        before = [i.path for i in self.infos]
        self.refresh()
        if [i.path for i in self.infos] != before:
            self._paused = False
            self.rebuild()
            return
        super().resume()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=self.px(16))
        if not self.infos:
            font = get_font(theme.font_size("body", self.scale))
            text = t("saves.replays_empty") if self.mode == "replays" else t(self._empty_key())
            y = self.list_rect.y + self.px(10)
            for line in wrap_text(text, font, self.list_rect.w - self.px(20)):
                img = font.render(line, True, theme.MUTED)
                surface.blit(img, img.get_rect(midtop=(self.list_rect.centerx, y)))
                y += font.get_linesize()
        else:
            self._draw_rows(surface)
        self.draw_focus(surface)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        big = theme.font_size("body", self.scale)
        small = theme.font_size("small", self.scale)
        pad = self.px(14)
        end = min(len(self.infos), self.scroll + self.rows_shown())
        for i in range(self.scroll, end):
            info = self.infos[i]
            r = self.row_rect(i)
            chosen = i == self.selected
            fill = (24, 84, 56, 235) if chosen else (12, 52, 34, 220)
            border = (*theme.GOLD, 255) if chosen else (40, 90, 64, 255)
            kit.panel(surface, r, self.px(8), fill, border, self.px(2) if chosen else 1)
            label, date, details = describe_slot(info)
            date_img = kit.text(date, small, theme.MUTED) if date else None
            room = r.w - 2 * pad - (date_img.get_width() + pad if date_img else 0)
            head = kit.fit_text(label, big, room, theme.GOLD if chosen else theme.CREAM, True)
            surface.blit(head, (r.x + pad, r.y + self.px(6)))
            if date_img is not None:
                surface.blit(date_img, date_img.get_rect(topright=(r.right - pad, r.y + self.px(9))))
            colour = theme.ERROR if info.damaged else theme.MUTED
            line = kit.fit_text(details, small, r.w - 2 * pad, colour)
            surface.blit(line, (r.x + pad, r.bottom - self.px(6) - line.get_height()))
        if len(self.infos) > self.rows_shown():  # a thin scroll indicator
            track = pygame.Rect(self.list_rect.right + self.px(4), self.list_rect.y, self.px(4),
                                self.rows_shown() * self.row_h)
            pygame.draw.rect(surface, (40, 90, 64), track, border_radius=track.w // 2)
            n = len(self.infos)
            thumb = pygame.Rect(track.x, track.y + track.h * self.scroll // n, track.w,
                                max(self.px(20), track.h * self.rows_shown() // n))
            pygame.draw.rect(surface, theme.GOLD, thumb, border_radius=track.w // 2)
