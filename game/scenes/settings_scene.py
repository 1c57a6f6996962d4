"""Settings: language, volumes, animation speed, window, card look, the hand, AI think time,
party phones, the keys' legend, and an own (self-hosted) server for online seats.

Every change takes effect at once (``app.apply_settings``) and is saved.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import (
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UITextEntryLine,
)

from game.i18n import LANGUAGES, t, tl
from game.online.addresses import MAX_ADDRESS_CHARS, mailbox_address, relay_address
from game.scenes.ui_scene import UIScene
from game.storage.user_settings import HAND_ORDERS
from game.text_gate import clean
from game.ui.widgets import draw_panel, oid

if TYPE_CHECKING:
    from game.scenes.services import Services

# Each language by its own name (catalogue id ``language.name`` of that language).
LANGUAGE_NAMES = tuple((tl(code, "language.name"), code) for code in LANGUAGES)
ANIM_SPEEDS = ("slow", "normal", "fast", "off")
CARD_SIZES = ("small", "medium", "large")
WINDOW_SIZES = ((1024, 640), (1280, 720), (1280, 800), (1600, 900), (1920, 1080))
THINK_RANGE = (0, 2000)


def _size_text(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


class SettingsScene(UIScene):
    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.value_labels: dict[str, UILabel] = {}
        self._dirty = False
        self.server_entries: dict[str, UITextEntryLine] = {}
        self.server_note: UILabel | None = None
        self._typed: dict[str, str] = {}  # an own server's field as typed, kept across a rebuild
        self._refused: set[str] = set()  # the fields whose typed text has no address's shape
        # an own server's setting as the screen opened: kept while the typed text is no address
        self._kept = {f: str(getattr(app.settings, f)) for f in ("online_server", "online_relay")}

    # ---- layout
    def build(self) -> None:
        w, h = self.size
        s = self.app.settings
        self.value_labels = {}
        pw = min(self.px(820), w - self.px(60))
        title_h = self.px(64)  # the title's font needs it all
        self.label(pygame.Rect((w - pw) // 2, self.px(8), pw, title_h), t("settings.title"),
                   class_id="@title")
        rows = 13
        top = self.px(8) + title_h + self.px(4)
        bottom_bar = self.px(62)  # the Back button and a margin round it
        row_h = min(self.px(56), (h - top - bottom_bar - self.px(4)) // rows)
        ph = rows * row_h + self.px(16)
        self.panel_rect = pygame.Rect((w - pw) // 2, top, pw, ph)
        pad = self.px(28)
        label_w = int((pw - 2 * pad) * 0.42)
        ctrl_x = self.panel_rect.x + pad + label_w
        ctrl_w = pw - 2 * pad - label_w
        field_h = min(self.px(40), row_h - self.px(16))  # room for a two-line check box text
        y = top + self.px(8)

        def row(key: str) -> pygame.Rect:
            nonlocal y
            self.label(pygame.Rect(self.panel_rect.x + pad, y, label_w, row_h), t(key))
            rect = pygame.Rect(ctrl_x, y + (row_h - field_h) // 2, ctrl_w, field_h)
            y += row_h
            return rect

        lang_names = [name for name, _ in LANGUAGE_NAMES]
        current = next(n for n, code in LANGUAGE_NAMES if code == s.language)
        self._dropdown(row("settings.language"), lang_names, current, self._set_language)

        self._slider(row("settings.sfx"), "sfx", round(s.sfx_volume * 100), (0, 100),
                     lambda v: self._set_volume("sfx_volume", v), lambda v: f"{v}%")
        self._slider(row("settings.music"), "music", round(s.music_volume * 100), (0, 100),
                     lambda v: self._set_volume("music_volume", v), lambda v: f"{v}%")

        speeds = [t(f"settings.anim.{k}") for k in ANIM_SPEEDS]
        self._dropdown(row("settings.anim"), speeds, t(f"settings.anim.{s.anim_speed}"),
                       lambda text: self._set_choice("anim_speed", ANIM_SPEEDS, speeds, text))

        rect = row("settings.display")
        box = min(rect.height, self.px(26))
        words = self.text_width(t("settings.fullscreen"), "label")  # the size list starts after them
        check_w = min(max(int(rect.width * 0.42), box + words + self.px(20)),
                      rect.width - self.px(150))
        fs = self._checkbox(pygame.Rect(rect.x, rect.y, check_w - self.px(8), rect.height),
                            t("settings.fullscreen"), bool(s.fullscreen))
        self.on_change(fs, self._set_fullscreen)
        sizes = [_size_text(sz) for sz in WINDOW_SIZES]
        cur = _size_text(tuple(s.window_size))  # type: ignore[arg-type]
        if cur not in sizes:
            sizes.append(cur)
        dd = self._dropdown(pygame.Rect(rect.x + check_w, rect.y, rect.width - check_w,
                                        rect.height), sizes, cur, self._set_window_size)
        if s.fullscreen:
            dd.disable()

        cb = self._checkbox(row("settings.colourblind"), t("settings.colourblind_on"),
                            bool(s.colourblind))
        self.on_change(cb, lambda e: self._set_bool("colourblind", bool(cb.is_checked)))

        cards = [t(f"settings.card.{k}") for k in CARD_SIZES]
        self._dropdown(row("settings.card_size"), cards, t(f"settings.card.{s.card_size}"),
                       lambda text: self._set_choice("card_size", CARD_SIZES, cards, text))

        orders = [t(f"settings.hand_order.{k}") for k in HAND_ORDERS]
        self._dropdown(row("settings.hand_order"), orders,
                       t(f"settings.hand_order.{s.hand_order}"),
                       lambda text: self._set_choice("hand_order", HAND_ORDERS, orders, text))
        confirm = self._checkbox(row("settings.confirm_play"), t("settings.confirm_play_on"),
                                 bool(s.confirm_play))
        self.on_change(confirm, lambda e: self._set_bool("confirm_play", bool(confirm.is_checked)))

        self._slider(row("settings.think"), "think", int(s.hard_think_ms), THINK_RANGE,
                     self._set_think, lambda v: t("settings.ms", ms=v), step=100)

        deal = self._checkbox(row("settings.party_phones_deal"), t("settings.party_phones_deal_on"),
                              bool(s.party_phones_deal))
        self.on_change(deal, lambda e: self._set_bool("party_phones_deal", bool(deal.is_checked)))
        legend = self._checkbox(row("settings.table_legend"), t("settings.table_legend_on"),
                                bool(s.table_legend))
        self.on_change(legend, lambda e: self._set_bool("table_legend", bool(legend.is_checked)))

        rect = row("settings.online_server")
        half = (rect.width - self.px(8)) // 2
        self.server_entries = {}
        for i, (field, shown, tip) in enumerate((
                ("online_server", t("settings.online_mailbox_public"), t("settings.online_mailbox_tip")),
                ("online_relay", t("settings.online_relay_public"), t("settings.online_relay_tip")))):
            entry = UITextEntryLine(pygame.Rect(rect.x + i * (half + self.px(8)), rect.y, half,
                                                rect.height), manager=self.app.ui,
                                    initial_text=self._typed.get(field, getattr(s, field)),
                                    placeholder_text=shown)
            entry.set_text_length_limit(MAX_ADDRESS_CHARS)
            entry.set_tooltip(tip)
            self.server_entries[field] = entry
            self.on_change(entry, self._server_typed(field))

        bw, bh = self.px(220), self.px(50)
        # what is wrong with a typed server, or that the environment overrides it:
        # along the bottom, left of Back, level with it (clear of the panel above)
        self.server_note = self.label(
            pygame.Rect(self.px(16), h - bottom_bar + (bottom_bar - bh) // 2,
                        (w - bw) // 2 - self.px(28), bh),
            self._server_note(), class_id=self._note_class())
        back = self.button(pygame.Rect((w - bw) // 2, h - bottom_bar + (bottom_bar - bh) // 2,
                                       bw, bh),
                           t("common.back"), self.on_back, object_id=oid(None, "#primary"))
        self.focus_on(back)

    def _checkbox(self, rect: pygame.Rect, text: str, state: bool) -> UICheckBox:
        """A check box at the left of ``rect`` with ``text`` beside it; words too long
        for ``rect`` wrap in a text box beside the box instead of running past it."""
        box = min(rect.height, self.px(26))
        square = pygame.Rect(rect.x, rect.centery - box // 2, box, box)
        gap = self.px(8)
        room = rect.width - box - gap
        if self.text_width(text, "label") <= room:
            return UICheckBox(square, text, manager=self.app.ui, initial_state=state)
        check = UICheckBox(square, "", manager=self.app.ui, initial_state=state)
        beside = pygame.Rect(square.right + gap, rect.y, room, rect.height)
        used = self.text_lines(beside, text)
        if used > rect.height:  # two lines: centre them on the row
            self._elements[-1].set_relative_position((beside.x, rect.centery - used // 2))
        return check

    def _dropdown(self, rect: pygame.Rect, options: list[str], current: str,
                  handler: Callable[[str], None]) -> UIDropDownMenu:
        dd = UIDropDownMenu(list(options), current, rect, manager=self.app.ui)
        return self.on_change(dd, lambda e: handler(e.text))

    def _slider(self, rect: pygame.Rect, name: str, value: int, value_range: tuple[int, int],
                handler: Callable[[int], None], fmt: Callable[[int], str],
                step: int = 1) -> UIHorizontalSlider:
        # as wide as the longest value needs (a longer language's "ms")
        value_w = max(self.px(90), max(self.text_width(fmt(v), "label") for v in value_range)
                      + self.px(8))
        slider = UIHorizontalSlider(pygame.Rect(rect.x, rect.y, rect.width - value_w - self.px(10),
                                                rect.height),
                                    value, value_range, manager=self.app.ui, click_increment=step)
        label = self.label(pygame.Rect(rect.right - value_w, rect.y, value_w, rect.height),
                           fmt(value))
        self.value_labels[name] = label

        def moved(event: pygame.event.Event) -> None:
            v = int(round(slider.get_current_value() / step) * step)
            label.set_text(fmt(v))
            handler(v)

        return self.on_change(slider, moved)

    # ---- changes
    def _changed(self, apply: bool = True) -> None:
        if apply:
            self.app.apply_settings()
        self.app.save_settings()

    def _set_language(self, text: str) -> None:
        code = dict(LANGUAGE_NAMES).get(text)
        if code and code != self.app.settings.language:
            self.app.settings.language = code
            self._changed()

    def _set_volume(self, field: str, value: int) -> None:
        setattr(self.app.settings, field, value / 100)
        try:
            self.app.audio.set_volumes(self.app.settings.sfx_volume,
                                       self.app.settings.music_volume)
        except Exception:
            pass
        self._dirty = True

    def _set_think(self, value: int) -> None:
        self.app.settings.hard_think_ms = value
        self._dirty = True

    def _set_choice(self, field: str, keys: tuple[str, ...], labels: list[str],
                    text: str) -> None:
        if text in labels:
            setattr(self.app.settings, field, keys[labels.index(text)])
            self._changed(apply=field == "card_size")

    def _set_bool(self, field: str, value: bool) -> None:
        setattr(self.app.settings, field, value)
        self._changed()

    def _server_typed(self, field: str) -> Callable[[pygame.event.Event], None]:
        """An own server's field changed: its text is used (and saved on leaving) when
        it has an address's shape or is empty (the public server); else the setting is
        what it was when the screen opened, and the note beside Back says why."""
        check = mailbox_address if field == "online_server" else relay_address

        def typed(event: pygame.event.Event) -> None:
            text = self._typed[field] = event.ui_element.get_text()
            try:
                value = check(clean(text, MAX_ADDRESS_CHARS))
            except ValueError:
                self._refused.add(field)
                value = self._kept[field]
            else:
                self._refused.discard(field)
            if value != getattr(self.app.settings, field):
                setattr(self.app.settings, field, value)
                self._dirty = True
            if self.server_note is not None:
                self.server_note.change_object_id(oid(self._note_class()))
                self.server_note.set_text(self._server_note())

        return typed

    def _note_class(self) -> str:
        return "@error" if self._refused else "@muted"

    def _server_note(self) -> str:
        """Under the panel: what is wrong with a typed address, or that an environment
        variable overrides the setting, or nothing."""
        if "online_server" in self._refused:
            return t("settings.online_mailbox_bad")
        if "online_relay" in self._refused:
            return t("settings.online_relay_bad")
        if os.environ.get("UNO_ONLINE_SERVER") or os.environ.get("UNO_ONLINE_RELAY"):
            return t("settings.online_env_wins")
        return " "

    def _set_fullscreen(self, event: pygame.event.Event) -> None:
        self._set_bool("fullscreen", bool(event.ui_element.is_checked))

    def _set_window_size(self, text: str) -> None:
        try:
            w, h = (int(p) for p in text.split("×"))
        except ValueError:
            return
        self.app.settings.window_size = (w, h)
        self._changed()

    # ---- lifecycle
    def exit(self) -> None:
        if self._dirty:
            self.app.save_settings()
        super().exit()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_panel(surface, self.panel_rect, radius=self.px(16))
        self.draw_focus(surface)

    def find(self, kind: type, index: int = 0) -> Any:
        """The ``index``-th element of this type (tests)."""
        return [e for e in self._elements if isinstance(e, kind)][index]
