"""The pygame_gui theme: dark-green felt, gold and cream, Noto Sans SC everywhere.

The theme is built as a dict (no file to find when frozen). Fonts point at
pygame_gui's bundled Noto Sans SC through ``regular_resource`` /
``bold_resource`` for every shipped locale (``en``, ``zh``...), so Chinese never
renders as boxes. Every size scales with the window (:func:`ui_scale`).
"""

from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES
from game.resources import FONT_BOLD, FONT_PACKAGE, FONT_REGULAR, font_file

# pygame_gui (0.6.14) makes a scrolling container's vertical scroll bar 0 px wide
# and then sizes it ("TODO: Remove these when anchoring is fixed" in
# ui_scrolling_container.py); the 0-px sliding button warns that its 1-px border
# and shadow were clamped, on every New game screen. Nothing of ours is wrong and
# the bar draws right once sized: only that message is silenced (#39).
warnings.filterwarnings("ignore", message=r"Clamping (shadow|border)_width of: \d+, to: 0",
                        category=UserWarning, module=r"pygame_gui\.core\.drawable_shapes")

FONT_NAME = "uno_noto_sc"
LOCALES = LANGUAGES  # every shipped catalogue gets the fonts

# Palette ------------------------------------------------------------------
FELT = (18, 92, 58)
FELT_LIGHT = (30, 122, 78)
FELT_DARK = (6, 44, 27)
GOLD = (232, 197, 71)
GOLD_DARK = (176, 140, 40)
CREAM = (245, 240, 225)
MUTED = (176, 200, 184)
ERROR = (255, 120, 110)
OK = (140, 220, 150)
SHADOW = (0, 0, 0)

_HEX = {
    "felt": "#125c3a",
    "felt_hover": "#1c7a4e",
    "felt_active": "#0c4029",
    "panel": "#082a1bE8",
    "panel_border": "#2f6b4c",
    "field": "#0b3322",
    "gold": "#e8c547",
    "gold_hover": "#f5d96a",
    "gold_active": "#c9a532",
    "cream": "#f5f0e1",
    "white": "#ffffff",
    "muted": "#b0c8b8",
    "ink": "#13261b",
    "disabled_bg": "#1d3a2b",
    "disabled_text": "#6f8a7b",
    "disabled_border": "#2f4d3d",
    "error": "#ff786e",
}

# Base pixel sizes at scale 1.0 (a 1280x720 window).
BASE_SIZES = {
    "small": 15,
    "body": 18,
    "button": 20,
    "big_button": 24,
    "heading": 28,
    "title": 44,
}


def ui_scale(size: tuple[int, int]) -> float:
    """Scale of every size for a window of ``size``, in steps of 0.05 (0.8 .. 1.7)."""
    w, h = size
    raw = min(w / 1280, h / 720)
    raw = max(0.8, min(1.7, raw))
    return round(raw * 20) / 20


def px(value: float, scale: float) -> int:
    return max(1, round(value * scale))


def font_size(name: str, scale: float) -> int:
    return px(BASE_SIZES[name], scale)


def _font(size: int, bold: bool = False) -> list[dict[str, Any]]:
    """One font entry per locale, both Noto Sans SC (Latin + CJK glyphs)."""
    return [
        {
            "locale": loc,
            "name": FONT_NAME,
            "size": str(size),
            "bold": "1" if bold else "0",
            **_font_sources(),
        }
        for loc in LOCALES
    ]


@lru_cache(maxsize=1)
def _font_sources() -> dict[str, Any]:
    """Font files as plain paths when they are real files (FreeType then reads the
    16 MB CJK font lazily: much faster start-up), else as package resources."""
    regular, bold = font_file(False), font_file(True)
    if isinstance(regular, Path) and regular.is_file() and isinstance(bold, Path) \
            and bold.is_file():
        return {"regular_path": str(regular), "bold_path": str(bold)}
    return {
        "regular_resource": {"package": FONT_PACKAGE, "resource": FONT_REGULAR},
        "bold_resource": {"package": FONT_PACKAGE, "resource": FONT_BOLD},
    }


def _shape(radius: int, border: int = 2, shadow: int = 0, **extra: str) -> dict[str, str]:
    misc = {
        "shape": "rounded_rectangle",
        "shape_corner_radius": str(radius),
        "border_width": str(border),
        "shadow_width": str(shadow),
    }
    misc.update(extra)
    return misc


def build_theme(size: tuple[int, int]) -> dict[str, Any]:
    """The whole theme for a window of ``size``."""
    s = ui_scale(size)
    c = _HEX
    radius = px(10, s)
    button_colours = {
        "normal_bg": c["felt"],
        "hovered_bg": c["felt_hover"],
        "selected_bg": c["felt_hover"],
        "active_bg": c["felt_active"],
        "disabled_bg": c["disabled_bg"],
        "normal_text": c["cream"],
        "hovered_text": c["white"],
        "selected_text": c["white"],
        "active_text": c["gold"],
        "disabled_text": c["disabled_text"],
        "normal_border": c["gold_active"],
        "hovered_border": c["gold_hover"],
        "selected_border": c["gold_hover"],
        "active_border": c["gold"],
        "disabled_border": c["disabled_border"],
    }
    field_colours = {
        "dark_bg": c["field"],
        "normal_bg": c["field"],
        "hovered_bg": c["felt"],
        "selected_bg": c["felt_hover"],
        "active_bg": c["felt_hover"],
        "disabled_bg": c["disabled_bg"],
        "disabled_dark_bg": c["disabled_bg"],
        "normal_text": c["cream"],
        "hovered_text": c["white"],
        "selected_text": c["white"],
        "active_text": c["white"],
        "disabled_text": c["disabled_text"],
        "normal_border": c["panel_border"],
        "hovered_border": c["gold"],
        "selected_border": c["gold"],
        "active_border": c["gold"],
        "disabled_border": c["disabled_border"],
        "text_cursor": c["gold"],
        "selected_text_bg": c["felt_hover"],
    }
    label_misc = {"text_shadow_size": "0", "text_shadow_offset": "0,0"}
    body, small = font_size("body", s), font_size("small", s)
    field = px(16.5, s)
    theme: dict[str, Any] = {
        "defaults": {"colours": {"normal_text": c["cream"], "dark_bg": c["panel"],
                                 "text_cursor": c["gold"], "link_text": c["gold"],
                                 "link_hover": c["gold_hover"]}},
        "button": {
            "font": _font(font_size("button", s)),
            "colours": button_colours,
            "misc": _shape(radius, 2, 0, text_horiz_alignment_padding=str(px(10, s))),
        },
        "#primary": {
            "font": _font(font_size("big_button", s), bold=True),
            "colours": {
                **button_colours,
                "normal_bg": c["gold"],
                "hovered_bg": c["gold_hover"],
                "selected_bg": c["gold_hover"],
                "active_bg": c["gold_active"],
                "normal_text": c["ink"],
                "hovered_text": c["ink"],
                "selected_text": c["ink"],
                "active_text": c["ink"],
                "normal_border": c["cream"],
                "hovered_border": c["white"],
                "selected_border": c["white"],
            },
        },
        "@menu": {"font": _font(font_size("big_button", s))},
        "@small_button": {"font": _font(small),
                          "misc": _shape(px(7, s), 1, 0, text_horiz_alignment_padding="4")},
        "@seat": {"font": _font(field),
                  "misc": _shape(px(7, s), 1, 0, text_horiz_alignment_padding="2")},
        "@danger": {"colours": {"normal_border": c["error"], "hovered_border": c["error"],
                                "hovered_bg": "#6a2a26", "active_bg": "#4a1d1a"}},
        "label": {
            "font": _font(body),
            "colours": {"normal_text": c["cream"], "dark_bg": "#00000000",
                        "disabled_text": c["disabled_text"]},
            "misc": {**label_misc, "text_horiz_alignment": "left"},
        },
        "@center": {"misc": {**label_misc, "text_horiz_alignment": "center"}},
        "@title": {"font": _font(font_size("title", s), bold=True),
                   "colours": {"normal_text": c["gold"]},
                   "misc": {**label_misc, "text_horiz_alignment": "center"}},
        "@heading": {"font": _font(font_size("heading", s), bold=True),
                     "colours": {"normal_text": c["gold"]}},
        "@section": {"font": _font(font_size("button", s), bold=True),
                     "colours": {"normal_text": c["gold"]}},
        "@muted": {"font": _font(small), "colours": {"normal_text": c["muted"]}},
        "@rule_id": {"font": _font(small, bold=True), "colours": {"normal_text": c["gold"]}},
        "@error": {"font": _font(body, bold=True), "colours": {"normal_text": c["error"]}},
        "@ok": {"font": _font(body), "colours": {"normal_text": "#8cdc96"}},
        "text_box": {
            "font": _font(body),
            "colours": {"dark_bg": "#00000000", "normal_border": "#00000000",
                        "normal_text": c["cream"], "link_text": c["gold"]},
            "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0",
                     "padding": f"{px(6, s)},{px(4, s)}", "line_spacing": "1.25"},
        },
        "@panel_text": {
            "colours": {"dark_bg": c["panel"], "normal_border": c["panel_border"]},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(radius),
                     "border_width": "1", "shadow_width": "0",
                     "padding": f"{px(14, s)},{px(10, s)}", "line_spacing": "1.25"},
        },
        "#wrapped_label": {"misc": {"shape": "rectangle", "border_width": "0",
                                    "shadow_width": "0", "padding": "0,0",
                                    "line_spacing": "1.1"}},
        "#newgame_message": {"font": _font(px(15.5, s)),
                             "misc": {"shape": "rectangle", "border_width": "0",
                                      "shadow_width": "0", "padding": f"{px(6, s)},{px(2, s)}",
                                      "line_spacing": "1.1"}},
        "text_entry_line": {
            "font": _font(field),
            "colours": field_colours,
            "misc": _shape(px(6, s), 1, 0, padding=f"{px(6, s)},{px(3, s)}"),
        },
        "drop_down_menu": {
            "font": _font(field),
            "colours": field_colours,
            "misc": _shape(px(6, s), 1, 0, expand_direction="down",
                           open_button_width=str(px(26, s))),
        },
        "drop_down_menu.selection_list": {"colours": field_colours,
                                          "misc": {"list_item_height": str(px(30, s))}},
        "drop_down_menu.selection_list.button": {
            "font": _font(field),
            "colours": {**field_colours, "normal_bg": c["field"], "hovered_bg": c["felt_hover"]},
            "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0",
                     "text_horiz_alignment": "left",
                     "text_horiz_alignment_padding": str(px(8, s))},
        },
        "drop_down_menu.@selected_option": {
            "font": _font(field),
            "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0",
                     "text_horiz_alignment": "left",
                     "text_horiz_alignment_padding": str(px(8, s))},
        },
        "horizontal_slider": {
            "colours": {**field_colours, "dark_bg": c["field"]},
            "misc": _shape(px(6, s), 1, 0, sliding_button_width=str(px(22, s)),
                           enable_arrow_buttons="0"),
        },
        "horizontal_slider.#sliding_button": {
            "colours": {**button_colours, "normal_bg": c["gold"], "hovered_bg": c["gold_hover"],
                        "active_bg": c["gold_active"], "selected_bg": c["gold_hover"]},
            "misc": _shape(px(6, s), 1, 0),
        },
        "check_box": {
            "font": _font(body),
            "colours": {**field_colours, "normal_text": c["gold"], "selected_text": c["gold"],
                        "hovered_text": c["gold_hover"], "selected_bg": c["field"]},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(px(4, s)),
                     "border_width": "2", "shadow_width": "0",
                     "text_offset": str(px(10, s))},
        },
        "scrolling_container": {"colours": {"dark_bg": "#00000000",
                                            "normal_border": "#00000000"}},
        "vertical_scroll_bar": {
            "colours": {"dark_bg": c["field"], "normal_bg": c["gold_active"],
                        "hovered_bg": c["gold"], "active_bg": c["gold_hover"],
                        "disabled_bg": c["disabled_bg"], "normal_border": c["panel_border"]},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(px(5, s)),
                     "border_width": "0", "shadow_width": "0", "enable_arrow_buttons": "0"},
        },
        "vertical_scroll_bar.button": {
            "colours": {"normal_bg": c["gold_active"], "hovered_bg": c["gold"],
                        "active_bg": c["gold_hover"], "selected_bg": c["gold"],
                        "normal_border": c["gold_active"]},
            "misc": _shape(px(5, s), 0, 0),
        },
        "panel": {
            "colours": {"dark_bg": c["panel"], "normal_border": c["panel_border"]},
            "misc": _shape(radius, 1, 0),
        },
        "tool_tip": {
            "font": _font(small),
            "colours": {"dark_bg": "#0b1f15F2", "normal_border": c["gold_active"],
                        "normal_text": c["cream"]},
            "misc": _shape(px(6, s), 1, 0),
        },
        "tool_tip.text_box": {
            "font": _font(small),
            "colours": {"dark_bg": "#0b1f15F2", "normal_border": c["gold_active"],
                        "normal_text": c["cream"]},
        },
    }
    return theme
