"""New game: seats (2-10, human or AI), rule preset or custom rules, validation.

Every RuleSettings field is listed with its rule ID and a one-line
explanation. Match fields (scoring, target score, teams) can always be
changed (a change away from the preset makes it Custom, except the target score:
a preset played to another length is still that preset); the others are
editable under Custom. Problems (``conflicts()``, ``check_seats()``, bad
numbers) are listed under the panels and Start stays disabled until fixed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UICheckBox,
    UIDropDownMenu,
    UIScrollingContainer,
    UITextBox,
    UITextEntryLine,
)

from game.config import REMOTE_KINDS, SEAT_KINDS, MatchConfig, SeatConfig
from game.i18n import t
from game.online import available as online_available
from game.party.protocol import new_secret
from game.resources import get_font
from game.rules.errors import SettingsConflict
from game.rules.settings import (
    CHOICES,
    DECK_FIELDS,
    INT_LIMITS,
    MAX_SEATS,
    MIN_SEATS,
    PRESET_FREE,
    PRESETS,
    RULE_ID,
    RuleSettings,
    check_seats,
    conflicts,
)
from game.scenes.discard import ask_before_discarding
from game.scenes.strings_menus import conflict_text, default_seat_name, level_label
from game.scenes.ui_scene import UIScene
from game.text_gate import clean, is_blank
from game.ui.theme import px as theme_px
from game.ui.widgets import draw_panel, oid
from game.ui.wrap import wrap_html

if TYPE_CHECKING:
    from game.scenes.services import Services


NAME_CHARS = 24  # what the name box takes (a file may hold up to MAX_NAME_CHARS)
SURPRISE = "surprise"  # seat level picked at random among the real levels at start
PRESET_NAMES = ("official", "sheet", "custom")
MATCH_FIELDS = ("scoring", "target_score", "teams")
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("group.match", MATCH_FIELDS),
    ("group.setup", ("start_card", "start_match", "first_player")),
    ("group.turn", ("wd4_rule", "draw", "forced_play", "challenge_guilty_draw",
                    "false_uno_penalty", "wrong_play_penalty")),
    ("group.house", ("stack_rule", "skip_relay", "jump_in", "multi_play", "pair_on_plus4",
                     "deflect", "no_action_finish", "seven_zero")),
    ("group.deck", DECK_FIELDS),
)


def ai_levels() -> list[str]:
    """Levels offered for AI seats: the registry's, without the random-move bot."""
    try:
        from game.ai.registry import level_names

        names = [n for n in level_names() if n != "random"]
    except Exception:
        names = []
    ordered: list[str] = [n for n in ("easy", "normal", "hard") if n in names]
    ordered += [n for n in names if n not in ordered]
    return ordered or ["easy", "normal", "hard"]


def matching_preset(values: dict[str, Any]) -> str:
    """The preset ``values`` are; the target score is the match's length and the
    deck (D3) what it is played with, not rules, so a preset played to another
    target or with the 112-card deck stays that preset (#39)."""
    free = {k: values.get(k) for k in PRESET_FREE}
    for name, settings in PRESETS.items():
        if {**settings.to_dict(), **free} == values:
            return name
    return "custom"


class NewGameModel:
    """The screen's state, kept apart from the widgets (tests use it directly)."""

    def __init__(self, seats: list[dict[str, Any]], preset: str, custom: dict[str, Any],
                 levels: list[str], *, online: bool = True) -> None:
        self.levels = levels
        self.seats: list[dict[str, Any]] = []
        for d in seats[:MAX_SEATS]:
            kind = d.get("kind") if d.get("kind") in SEAT_KINDS else "ai"
            if kind == "online" and not online:  # the online extra is not installed (any more)
                kind = "ai"
            level = d.get("level", "normal")
            if kind == "ai" and level not in levels and level != SURPRISE:
                level = "normal" if "normal" in levels else levels[0]
            name = clean(d.get("name", ""), NAME_CHARS)
            self.seats.append({"kind": kind, "level": level, "name": name,
                               "auto": is_blank(name)})
        if len(self.seats) < MIN_SEATS:
            self.seats = [{"kind": "human", "level": "normal", "name": "", "auto": True}] + [
                {"kind": "ai", "level": "normal", "name": "", "auto": True} for _ in range(3)]
        self.preset = preset if preset in PRESET_NAMES else "official"
        base = PRESETS.get(self.preset, PRESETS["official"]).to_dict()
        for k, v in custom.items():  # under a preset, only its length and deck are kept
            if k in base and type(v) is type(base[k]) and (self.preset == "custom"
                                                            or k in PRESET_FREE):
                base[k] = v
        self.values: dict[str, Any] = base
        self.number_errors: dict[str, str] = {}

    # ---- seats
    def seat_name(self, i: int) -> str:
        seat = self.seats[i]
        if not is_blank(seat["name"]) and not seat["auto"]:
            return str(seat["name"]).strip()[:NAME_CHARS]
        same_kind = [j for j in range(i + 1) if self.seats[j]["kind"] == seat["kind"]]
        nth = len(same_kind)
        if seat["kind"] == "human" and sum(x["kind"] == "human" for x in self.seats) > 1:
            nth += 1  # hot-seat: "Player 1", "Player 2"... never "You"
        return default_seat_name(i, seat["kind"], nth)

    def add_seat(self) -> None:
        if len(self.seats) < MAX_SEATS:
            level = "normal" if "normal" in self.levels else self.levels[0]
            self.seats.append({"kind": "ai", "level": level, "name": "", "auto": True})

    def remove_seat(self, i: int) -> None:
        if len(self.seats) > MIN_SEATS and 0 <= i < len(self.seats):
            del self.seats[i]

    def set_kind(self, i: int, kind: str, level: str) -> None:
        self.seats[i]["kind"] = kind
        self.seats[i]["level"] = level

    def set_name(self, i: int, name: str) -> str:
        """Take what was typed or pasted through the text gate (a tab becomes a
        space); returns what was kept, for the box to show."""
        name = clean(name, NAME_CHARS)
        self.seats[i]["name"] = name
        self.seats[i]["auto"] = is_blank(name)
        return name

    # ---- rules
    def set_preset(self, name: str) -> None:
        self.preset = name
        if name in PRESETS:  # (the deck chosen stays: D3 goes with any preset)
            deck = {k: self.values[k] for k in DECK_FIELDS if k in self.values}
            self.values = {**PRESETS[name].to_dict(), **deck}
        self.number_errors.clear()

    def set_value(self, name: str, value: Any) -> None:
        self.values[name] = value
        if self.preset != "custom" and matching_preset(self.values) != self.preset:
            self.preset = "custom"

    def set_number_text(self, name: str, text: str) -> None:
        lo, hi = INT_LIMITS[name]
        try:
            value = int(text.strip())
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            self.number_errors[name] = t("newgame.bad_number", field=t(f"rule.field.{name}"),
                                         rule=RULE_ID[name], lo=lo, hi=hi)
            return
        self.number_errors.pop(name, None)
        self.set_value(name, value)

    # ---- checks
    def problems(self) -> list[str]:
        out = list(self.number_errors.values())
        out += [conflict_text(c) for c in conflicts(self.values)]
        try:
            check_seats(self.values, len(self.seats))
        except SettingsConflict as exc:
            out.append(conflict_text(exc))
        return out

    def settings(self) -> RuleSettings:
        return RuleSettings(**self.values)

    def config(self, seed: int | None = None) -> MatchConfig:
        rng = random.Random(seed)
        seats = []
        for i, seat in enumerate(self.seats):
            level = seat["level"]
            if seat["kind"] == "ai" and level == SURPRISE:
                level = rng.choice(self.levels)
            seats.append(SeatConfig(self.seat_name(i), seat["kind"],
                                    level if seat["kind"] == "ai" else "normal"))
        phones = any(seat["kind"] in REMOTE_KINDS for seat in self.seats)
        return MatchConfig(tuple(seats), self.settings(),
                           seed if seed is not None else random.randrange(2**31),
                           new_secret() if phones else "")

    def rules_to_save(self) -> dict[str, Any]:
        """Every value under Custom; under a preset, only a target score and a deck
        (D3) of its own."""
        if self.preset == "custom":
            return dict(self.values)
        own = PRESETS[self.preset]
        return {k: self.values[k] for k in PRESET_FREE if self.values[k] != getattr(own, k)}

    def seats_to_save(self) -> list[dict[str, Any]]:
        return [{"name": "" if s["auto"] else s["name"], "kind": s["kind"], "level": s["level"]}
                for s in self.seats]


def party_seats(last: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats the main menu's Party opens with: the last seats when they had
    phones (the same party again), else the host and two phones."""
    if any(d.get("kind") == "phone" for d in last):
        return last
    return [{"kind": "human"}, {"kind": "phone"}, {"kind": "phone"}]


class NewGameScene(UIScene):
    """``party``: opened from the main menu's Party (phone seats preset)."""

    def __init__(self, app: Services, *, party: bool = False) -> None:
        super().__init__(app)
        s = app.settings
        self.party = party
        seats = party_seats(list(s.last_seats)) if party else list(s.last_seats)
        self.online = online_available()  # the Online seat kind needs the online extra
        self.model = NewGameModel(seats, s.last_preset, dict(s.last_custom_rules), ai_levels(),
                                  online=self.online)
        self.kind_options: list[tuple[str, str]] = []
        self.seats_box: UIScrollingContainer | None = None
        self.rules_box: UIScrollingContainer | None = None
        self.preset_dd: UIDropDownMenu | None = None
        self.preset_layer: Any = None
        self.field_widgets: dict[str, Any] = {}
        self.message_box: UITextBox | None = None
        self.start_button: Any = None
        self.add_button: Any = None
        self._seat_elems: list[Any] = []
        self.kind_buttons: list[Any] = []  # each seat's kind button (on the focus ring)
        self.name_entries: list[Any] = []  # each seat's name field
        self._rule_elems: list[Any] = []
        self.seats_rect = pygame.Rect(0, 0, 0, 0)
        self.rules_rect = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.size
        margin = self.px(28)
        title_h = self.px(66)
        self.label(pygame.Rect(0, self.px(4), w, title_h),
                   t("menu.party") if self.party else t("newgame.title"), class_id="@title")
        top = self.px(4) + title_h + self.px(4)
        bottom_h = self.px(118)
        panel_h = h - top - bottom_h
        left_w = int((w - 3 * margin) * 0.42)
        self.seats_rect = pygame.Rect(margin, top, left_w, panel_h)
        self.rules_rect = pygame.Rect(2 * margin + left_w, top, w - 3 * margin - left_w, panel_h)
        bw, bh = self.px(200), self.px(50)
        y = h - bh - self.px(18)
        self.button(pygame.Rect(margin, y, bw, bh), t("common.back"), self.on_back)
        self.start_button = self.button(pygame.Rect(w - margin - bw, y, bw, bh),
                                        t("newgame.start"), self.start,
                                        object_id=oid(None, "#primary"))
        msg_rect = pygame.Rect(margin + bw + self.px(16), h - bottom_h + self.px(6),
                               w - 2 * (margin + bw + self.px(16)), bottom_h - self.px(10))
        self.message_box = self.track(UITextBox("", msg_rect, manager=self.app.ui,
                                                object_id=oid(None, "#newgame_message")))
        self.kind_options = [(t("newgame.human"), "human"), (t("party.phone_seat"), "phone")] + [
            (t("online.seat"), "online")] * self.online + [
            (t("newgame.ai_level", level=level_label(lv)), lv) for lv in self.model.levels
        ] + [(t("newgame.ai_level", level=t("level.surprise")), SURPRISE)]
        self.build_seats()
        self.build_rules()
        self.focus_index = self.nav.index(self.start_button) if self.start_button in self.nav else 0

    def _forget(self, elements: list[Any]) -> None:
        for element in elements:
            if element in self._elements:
                self._elements.remove(element)
            self._actions.pop(element, None)
            self._on_change.pop(element, None)
            if element in self.nav:
                self.nav.remove(element)
        for element in reversed(elements):
            element.kill()
        elements.clear()

    def _ring_place(self) -> tuple[str, Any] | None:
        """Which control the focus ring is on, by what it is (a rebuild makes new ones)."""
        el = self.focused()
        if el is None:
            return None
        if el is self.preset_dd:
            return ("preset", None)
        for name, widget in self.field_widgets.items():
            if widget is el:
                return ("field", name)
        for role, row in (("kind", self.kind_buttons), ("name", self.name_entries)):
            if el in row:
                return (role, row.index(el))
        return None

    def _put_ring(self, place: tuple[str, Any] | None) -> None:
        """The ring back on the control that took the place of the one it was on."""
        if place is None:
            return
        role, which = place
        rows = {"kind": self.kind_buttons, "name": self.name_entries}
        if role == "preset":
            self.focus_on(self.preset_dd)
        elif role == "field" and which in self.field_widgets:
            self.focus_on(self.field_widgets[which])
        elif role in rows and which < len(rows[role]):
            self.focus_on(rows[role][which])

    def _order_nav(self) -> None:
        """The focus ring in reading order: the seats, then the rules, then Back and
        Start (a partial rebuild appends its elements at the end of the ring)."""
        focused = self.focused()
        rank = {id(e): k for k, e in enumerate(self._seat_elems + self._rule_elems)}
        panels = sorted((e for e in self.nav if id(e) in rank), key=lambda e: rank[id(e)])
        self.nav = panels + [e for e in self.nav if id(e) not in rank]
        if focused in self.nav:
            self.focus_index = self.nav.index(focused)
        elif self.focus_index is not None:
            self.focus_index = min(self.focus_index, len(self.nav) - 1) if self.nav else None

    def _own(self, store: list[Any], start: int) -> None:
        store.extend(self._elements[start:])

    def build_seats(self, keep_scroll: bool = False) -> None:
        scroll = 0.0
        if keep_scroll and self.seats_box is not None and self.seats_box.vert_scroll_bar:
            scroll = self.seats_box.vert_scroll_bar.start_percentage
        ring = self._ring_place()
        self._forget(self._seat_elems)
        self.kind_buttons = []
        self.name_entries = []
        start = len(self._elements)
        r = self.seats_rect
        pad = self.px(16)
        m = self.model
        head = pygame.Rect(r.x + pad, r.y + self.px(6), r.width - 2 * pad, self.px(44))
        self.label(head, t("newgame.players", n=len(m.seats)), class_id="@heading")
        box_rect = pygame.Rect(r.x + pad, head.bottom + self.px(6), r.width - 2 * pad,
                               r.bottom - head.bottom - self.px(70))
        box = UIScrollingContainer(box_rect, manager=self.app.ui, allow_scroll_x=False)
        self.track(box)
        self.seats_box = box
        row_h, gap = self.px(44), self.px(8)
        inner_w = box_rect.width - self.px(26)
        num_w = self.px(34)
        arrow_w = self.px(30)
        # The kind button takes what its longest text needs (a longer language),
        # from half the row up to 70 %; the name field keeps the rest.
        need = max(self.text_width(text, "@seat", "button") for text, _ in self.kind_options)
        kind_w = min(max(int((inner_w - num_w) * 0.5), need + self.px(14) + 2 * arrow_w + self.px(6)),
                     int((inner_w - num_w) * 0.7))
        del_w = self.px(40) if len(m.seats) > MIN_SEATS else 0
        name_w = inner_w - num_w - kind_w - del_w - self.px(16)
        teams = bool(m.values.get("teams"))
        for i in range(len(m.seats)):
            y = i * (row_h + gap)
            mark = f"{i + 1}" + (("A" if i % 2 == 0 else "B") if teams else "")
            self.label(pygame.Rect(0, y, num_w, row_h), mark, class_id="@rule_id",
                       container=box)
            rh = row_h - self.px(4)
            self.button(pygame.Rect(num_w, y + self.px(2), arrow_w, rh), "‹",
                        self._kind_cycler(i, -1), container=box, nav=False,
                        object_id=oid("@seat"), tooltip=self.kind_tip())
            kind = self.button(pygame.Rect(num_w + arrow_w + self.px(3), y + self.px(2),
                                           kind_w - 2 * arrow_w - self.px(6), rh),
                               self.kind_text(i), self._kind_cycler(i, 1), container=box,
                               object_id=oid("@seat", "#seat_kind"),
                               tooltip=self.kind_tip())
            self.arrows[kind] = self._kind_stepper(i)
            self.kind_buttons.append(kind)
            self.button(pygame.Rect(num_w + kind_w - arrow_w, y + self.px(2), arrow_w, rh), "›",
                        self._kind_cycler(i, 1), container=box, nav=False,
                        object_id=oid("@seat"), tooltip=self.kind_tip())
            entry = UITextEntryLine(pygame.Rect(num_w + kind_w + self.px(8), y + self.px(2),
                                                name_w, row_h - self.px(4)),
                                    manager=self.app.ui, container=box,
                                    initial_text=m.seat_name(i))
            entry.set_text_length_limit(NAME_CHARS)
            self.name_entries.append(entry)
            self.on_change(entry, self._name_changed(i))
            if del_w:
                self.button(pygame.Rect(inner_w - del_w, y + self.px(4), del_w,
                                        row_h - self.px(8)), "×", self._remover(i),
                            container=box, object_id=oid("@small_button"),
                            tooltip=t("newgame.remove"))  # on the ring: Tab, then Enter (#39)
        box.set_scrollable_area_dimensions((inner_w, len(m.seats) * (row_h + gap)))
        if scroll and box.vert_scroll_bar is not None:
            box.vert_scroll_bar.set_scroll_from_start_percentage(scroll)
        self.add_button = self.button(
            pygame.Rect(r.x + pad, r.bottom - self.px(58), self.px(220), self.px(44)),
            t("newgame.add"), self.add_seat, enabled=len(m.seats) < MAX_SEATS,
            tooltip=None if len(m.seats) < MAX_SEATS else t("newgame.max_seats"))
        self._own(self._seat_elems, start)
        self._order_nav()
        self._put_ring(ring)
        self.validate()

    def build_rules(self, keep_scroll: bool = False) -> None:
        scroll = 0.0
        if keep_scroll and self.rules_box is not None and self.rules_box.vert_scroll_bar:
            scroll = self.rules_box.vert_scroll_bar.start_percentage
        ring = self._ring_place()
        self._forget(self._rule_elems)
        start = len(self._elements)
        r = self.rules_rect
        pad = self.px(16)
        m = self.model
        head_h = self.px(44)
        self.label(pygame.Rect(r.x + pad, r.y + self.px(8), int(r.width * 0.4), head_h),
                   t("newgame.rules"), class_id="@heading")
        dd_w = int(r.width * 0.5)
        # The preset list opens over the rules list: give it its own, higher layer.
        self.preset_layer = self.track(UIContainer(
            pygame.Rect(r.right - pad - dd_w, r.y + self.px(10), dd_w, self.px(38) + self.px(140)),
            manager=self.app.ui, starting_height=40))
        self._make_preset_dropdown()
        box_rect = pygame.Rect(r.x + pad, r.y + head_h + self.px(18), r.width - 2 * pad,
                               r.height - head_h - self.px(30))
        box = UIScrollingContainer(box_rect, manager=self.app.ui, allow_scroll_x=False)
        self.track(box)
        self.rules_box = box
        inner_w = box_rect.width - self.px(30)
        # A choice's list is as wide as its longest option needs (a longer
        # language), up to 60 % of the row; the rule's words wrap beside it.
        need = max(self.text_width(t(f"rule.choice.{name}.{c}"), "@selected_option", "button")
                   for name in CHOICES for c in CHOICES[name]) + self.px(64)
        ctrl_w = min(max(min(self.px(250), int(inner_w * 0.42)), need), int(inner_w * 0.6))
        text_w = inner_w - ctrl_w - self.px(12)
        line_h, help_h = self.px(28), self.px(24)
        self.field_widgets = {}
        y = 0
        custom = m.preset == "custom"
        if not custom:
            self.label(pygame.Rect(0, y, inner_w, help_h), t("newgame.preset_hint"),
                       class_id="@muted", container=box)
            y += help_h + self.px(4)
        for group_key, names in GROUPS:
            self.label(pygame.Rect(0, y, inner_w, self.px(34)), t(group_key),
                       class_id="@section", container=box)
            y += self.px(36)
            for name in names:
                self.label(pygame.Rect(0, y, self.px(40), line_h), RULE_ID[name],
                           class_id="@rule_id", container=box)
                field_h = self.text_lines(
                    pygame.Rect(self.px(42), y, text_w - self.px(42), line_h),
                    t(f"rule.field.{name}"), container=box)
                help_h_used = self.text_lines(
                    pygame.Rect(self.px(42), y + field_h, inner_w - self.px(42), help_h),
                    t(f"rule.help.{name}"), class_id="@muted", container=box)
                rect = pygame.Rect(inner_w - ctrl_w, y, ctrl_w, line_h + self.px(4))
                widget = self._field_widget(name, rect, box)
                if not custom and name not in MATCH_FIELDS and name not in DECK_FIELDS:
                    widget.disable()
                self.field_widgets[name] = widget
                y += field_h + help_h_used + self.px(10)
            y += self.px(6)
        # Room under the last group (the deck's, D3) for its drop-downs to open
        # showing their choices, not two rows clipped by the box's bottom.
        box.set_scrollable_area_dimensions((inner_w, y + self.px(130)))
        if scroll and box.vert_scroll_bar is not None:
            box.vert_scroll_bar.set_scroll_from_start_percentage(scroll)
        self._own(self._rule_elems, start)
        self._order_nav()
        self._put_ring(ring)
        self.validate()

    def _make_preset_dropdown(self) -> None:
        options: list[str | tuple[str, str]] = [(t(f"preset.{p}"), p) for p in PRESET_NAMES]
        layer = self.preset_layer
        self.preset_dd = UIDropDownMenu(
            options, next(o for o in options if o[1] == self.model.preset),
            pygame.Rect(0, 0, layer.relative_rect.width, self.px(38)),
            manager=self.app.ui, container=layer)
        self.on_change(self.preset_dd, self._preset_changed)

    def _field_widget(self, name: str, rect: pygame.Rect, box: Any) -> Any:
        value = self.model.values[name]
        if name in CHOICES:
            options: list[str | tuple[str, str]] = [(t(f"rule.choice.{name}.{c}"), c) for c in CHOICES[name]]
            dd = UIDropDownMenu(options, next(o for o in options if o[1] == value), rect,
                                manager=self.app.ui, container=box)
            return self.on_change(dd, lambda e: self._value_changed(name,
                                                                    e.selected_option_id))
        if name in INT_LIMITS:
            entry = UITextEntryLine(pygame.Rect(rect.right - self.px(110), rect.y,
                                                self.px(110), rect.height),
                                    manager=self.app.ui, container=box,
                                    initial_text=str(value))
            entry.set_allowed_characters("numbers")
            entry.set_text_length_limit(4)
            return self.on_change(entry, lambda e: self._number_changed(name, e))
        size = min(rect.height, self.px(26))
        cb = UICheckBox(pygame.Rect(rect.right - size - self.px(4), rect.y + (rect.height - size) // 2,
                                    size, size), "", manager=self.app.ui, container=box,
                        initial_state=bool(value))
        return self.on_change(cb, lambda e: self._value_changed(name, bool(cb.is_checked)))

    # ------------------------------------------------------------ changes
    def kind_text(self, i: int) -> str:
        seat = self.model.seats[i]
        key = seat["kind"] if seat["kind"] != "ai" else seat["level"]
        return next(text for text, k in self.kind_options if k == key)

    def _kind_stepper(self, i: int) -> Any:
        def step(direction: int) -> None:
            self.cycle_kind(i, direction)
        return step

    def _kind_cycler(self, i: int, step: int) -> Any:
        def cycle() -> None:
            self.cycle_kind(i, step)
        return cycle

    def kind_tip(self) -> str:
        """The kind button's tooltip; without the online extra it says how to get Online seats."""
        return t("newgame.kind_tip") if self.online else t("newgame.kind_tip_no_online")

    def cycle_kind(self, i: int, step: int) -> None:
        """Human -> Phone (party mode) -> Online (the online extra) -> each AI level ->
        random level -> Human (``step`` -1 goes back)."""
        keys = [k for _, k in self.kind_options]
        seat = self.model.seats[i]
        current = seat["kind"] if seat["kind"] != "ai" else seat["level"]
        nxt = keys[(keys.index(current) + step) % len(keys)] if current in keys else keys[0]
        if nxt in ("human", *REMOTE_KINDS):
            self.model.set_kind(i, nxt, "normal")
        else:
            self.model.set_kind(i, "ai", nxt)
        self.build_seats(keep_scroll=True)

    def _name_changed(self, i: int) -> Any:
        def changed(event: pygame.event.Event) -> None:
            typed = event.ui_element.get_text()
            kept = self.model.set_name(i, typed)
            if kept != typed:  # show the player what the name became
                event.ui_element.set_text(kept)
        return changed

    def _remover(self, i: int) -> Any:
        def remove() -> None:
            self.model.remove_seat(i)
            self.build_seats(keep_scroll=True)
        return remove

    def add_seat(self) -> None:
        self.model.add_seat()
        self.build_seats()
        if self.seats_box is not None and self.seats_box.vert_scroll_bar is not None:
            self.seats_box.vert_scroll_bar.set_scroll_from_start_percentage(1.0)

    def _preset_changed(self, event: pygame.event.Event) -> None:
        name = event.selected_option_id
        if name == "custom":
            self.model.preset = "custom"
        else:
            self.model.set_preset(name)
        self.build_rules()
        self.build_seats()

    def _value_changed(self, name: str, value: Any) -> None:
        before = self.model.preset
        self.model.set_value(name, value)
        if self.model.preset != before or name == "teams":
            self.build_rules(keep_scroll=True)
            if name == "teams":
                self.build_seats()
        else:
            self.validate()

    def _number_changed(self, name: str, event: pygame.event.Event) -> None:
        before = self.model.preset
        self.model.set_number_text(name, event.ui_element.get_text())
        if self.model.preset != before:
            self._switch_to_custom_display()
        self.validate()

    def _switch_to_custom_display(self) -> None:
        """The preset became Custom while typing: keep the entry, update the rest in place."""
        if self.preset_dd is not None:
            old = self.preset_dd
            self._forget([old])
            self._make_preset_dropdown()
            self._rule_elems.append(self.preset_dd)
        for widget in self.field_widgets.values():
            widget.enable()

    # ------------------------------------------------------------ checks
    def validate(self) -> list[str]:
        problems = self.model.problems()
        if self.start_button is not None:
            if problems:
                self.start_button.disable()
            else:
                self.start_button.enable()
        if self.message_box is not None:
            font = get_font(theme_px(15.5, self.scale))
            width = self.message_box.rect.width - self.px(36)
            if problems:
                items = "<br>".join(wrap_html(f"• {p}", font, width) for p in problems)
                html = f"<font color='#ff786e'><b>{t('newgame.cannot_start')}</b><br>{items}</font>"
            else:
                preset = t(f"preset.{self.model.preset}")
                ready = t("newgame.ready", n=len(self.model.seats), preset=preset)
                html = f"<font color='#8cdc96'>{ready}</font>"
            self.message_box.set_text(html)
        return problems

    def start(self) -> None:
        if self.validate():
            return
        config = self.model.config(self.app.seed)
        s = self.app.settings
        s.last_preset = self.model.preset
        s.last_custom_rules = self.model.rules_to_save()
        s.last_seats = self.model.seats_to_save()
        self.app.save_settings()
        ask_before_discarding(self.app, lambda: self.app.start_match(config))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_panel(surface, self.seats_rect, radius=self.px(16))
        draw_panel(surface, self.rules_rect, radius=self.px(16))
        self.draw_focus(surface)
