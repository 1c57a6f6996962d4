"""The keys and the mouse, as the Rules screen lists them (#39 4: the controls were
never shown in the game). Each row is a pair of catalogue ids: the keys
(``controls.keys.<name>``) and what they do (``controls.does.<name>``); the
table's one-line legend is ``controls.legend``, then ``controls.legend.several``
(H4 on) and ``controls.legend.hide``."""

from __future__ import annotations

# (group, rows) in reading order; a group's title is ``controls.group.<group>``.
CONTROLS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("table", ("play", "several", "top", "move", "seat", "draw", "uno", "catch", "hint", "log",
               "legend", "menu")),
    ("colour", ("colour_keys", "colour_move")),
    ("screens", ("screen_move", "screen_change", "screen_back", "fullscreen")),
)


def rows() -> list[tuple[str, list[tuple[str, str]]]]:
    """(group title id, [(keys id, does id)...]) for every group."""
    return [(f"controls.group.{group}",
             [(f"controls.keys.{name}", f"controls.does.{name}") for name in names])
            for group, names in CONTROLS]


def ids() -> list[str]:
    """Every catalogue id the controls use (the catalogue test checks they exist)."""
    out = ["controls.title", "controls.legend", "controls.legend.several",
           "controls.legend.hide"]
    for title, pairs in rows():
        out.append(title)
        for keys, does in pairs:
            out += [keys, does]
    return out
