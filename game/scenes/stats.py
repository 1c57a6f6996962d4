"""Statistics screen: one player's numbers, the computer levels, the win-rate chart.

Reads ``game.storage.stats``; writes only to clear a notice it has shown
(statistics restored from the backup, or lost). The player is picked in a
drop-down; the chart shows that player's win rate after each finished match.
"Replays" and "Saved games" open the lists of :mod:`game.scenes.saves_scene`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIDropDownMenu

from game import i18n
from game.i18n import t
from game.resources import get_font
from game.scenes.ui_scene import UIScene
from game.storage.stats import Entry, PlayerStats, StatsStore
from game.ui import theme
from game.ui.chart import draw_line_chart
from game.ui.widgets import draw_panel, oid
from game.ui.wrap import wrap_text

if TYPE_CHECKING:
    from game.scenes.services import Services


def player_rows(p: PlayerStats) -> list[tuple[str, str]]:
    """(label, value) lines of one player's statistics, in the current language."""
    round_rate = p.rounds_won / p.rounds_played if p.rounds_played else 0.0
    rows = [
        (t("stats.matches"), f"{p.matches_played} / {p.matches_won}"),
        (t("stats.win_rate"), f"{p.win_rate:.0%}"),
        (t("stats.rounds"), f"{p.rounds_played} / {p.rounds_won}"),
        (t("stats.round_rate"), f"{round_rate:.0%}"),
        (t("stats.points"), str(p.points_scored)),
    ]
    if p.penalty_points:
        rows.append((t("stats.penalty"), str(p.penalty_points)))
    rows += [
        (t("stats.uno_missed"), str(p.uno_missed)),
        (t("stats.catches"), str(p.catches_made)),
        (t("stats.challenges"), f"{p.challenges_won} / {p.challenges_lost}"),
    ]
    return rows


def level_name(level: str) -> str:
    key = f"level.{level}"
    text = t(key)
    return text if text != key else level.split(":")[-1].replace("_", " ").title()


def level_rows(store: StatsStore) -> list[tuple[str, ...]]:
    """One row per AI level: level, matches, won, win rate, rounds won, points."""
    order = {"easy": 0, "normal": 1, "hard": 2, "random": 3}
    rows: list[tuple[str, ...]] = []
    for level in sorted(store.ai_levels, key=lambda k: (order.get(k, 9), k)):
        p = store.ai_levels[level]
        rows.append((level_name(level), str(p.matches_played), str(p.matches_won),
                     f"{p.win_rate:.0%}", str(p.rounds_won), str(p.points_scored)))
    return rows


def default_player(entries: list[Entry]) -> Entry | None:
    """The local human ("You" in any language) when they are there, else the most
    active player."""
    mine = [e for e in entries if not e.level and i18n.is_you_name(e.name)]
    return mine[0] if mine else (entries[0] if entries else None)


def entry_label(entry: Entry) -> str:
    """How the list names an entry: a person as the table does ("You" in the
    reader's language), a bot with its level ("Ada (Easy)"): two bots of one
    name are two lines (#39)."""
    if entry.level:
        return t("stats.bot_entry", name=entry.name, level=level_name(entry.level))
    return i18n.seat_name(entry.name)


class StatsScene(UIScene):
    def __init__(self, app: Services, store: StatsStore | None = None) -> None:
        super().__init__(app)
        self.store = store if store is not None else StatsStore.load()
        self.notice = self.store.notice  # shown on this visit, then cleared from the file
        if self.notice:
            self.store.notice = ""
            self.app.write_notices.report("stats", self.store.save().reason)
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        self.entries = sorted(self.store.entries(), key=self._order)
        self.selected = default_player(self.entries)
        self.dropdown: UIDropDownMenu | None = None
        self.left = pygame.Rect(0, 0, 0, 0)
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.levels_rect = pygame.Rect(0, 0, 0, 0)
        self.rows_top = 0
        self.plotted = 0  # points drawn by the last chart (tests)

    def _order(self, e: Entry) -> tuple[int, str, int]:
        """The most active first, then by name (a person before a bot of that name)."""
        p = self.store.stats_of(e)
        return (-(p.matches_played if p else 0), e.name.casefold(), bool(e.level))

    @property
    def player(self) -> PlayerStats | None:
        return self.store.stats_of(self.selected) if self.selected is not None else None

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.size
        m = self.px(24)
        title_h = self.px(70)
        self.label(pygame.Rect(0, self.px(10), w, title_h), t("stats.title"), class_id="@title")
        top = self.px(10) + title_h + self.px(6)
        if self.notice:
            font = get_font(theme.font_size("body", self.scale))
            lines = wrap_text(self.notice_text(), font, w - 2 * m - self.px(28))
            self.notice_rect = pygame.Rect(m, top, w - 2 * m,
                                           len(lines) * font.get_linesize() + self.px(20))
            top = self.notice_rect.bottom + self.px(10)
        bar_h = self.px(80)
        body_h = h - top - bar_h
        left_w = min(self.px(470), int((w - 3 * m) * 0.42))
        self.left = pygame.Rect(m, top, left_w, body_h)
        right = pygame.Rect(self.left.right + m, top, w - left_w - 3 * m, body_h)
        chart_h = int(body_h * 0.56)
        self.chart_rect = pygame.Rect(right.x, right.y, right.w, chart_h)
        self.levels_rect = pygame.Rect(right.x, right.y + chart_h + self.px(14), right.w,
                                       body_h - chart_h - self.px(14))
        pad = self.px(16)
        self.dropdown = None
        if self.entries and self.selected is not None:
            lab_w = self.px(90)
            self.label(pygame.Rect(self.left.x + pad, self.left.y + pad, lab_w, self.px(38)),
                       t("stats.player"))
            # Shown as the table shows them ("You" in the reader's language), a bot with
            # its level; the option id is the entry's place in the list.
            options: list[str | tuple[str, str]] = [(entry_label(e), str(i))
                                                    for i, e in enumerate(self.entries)]
            chosen = self.entries.index(self.selected)
            dd = UIDropDownMenu(options, (entry_label(self.selected), str(chosen)),
                                pygame.Rect(self.left.x + pad + lab_w, self.left.y + pad,
                                            self.left.w - 2 * pad - lab_w, self.px(38)),
                                manager=self.app.ui)
            self.dropdown = self.on_change(dd, self._picked)
        self.rows_top = self.left.y + pad + self.px(38) + self.px(18)
        bw, bh, gap = self.px(210), self.px(50), self.px(16)
        x = (w - 3 * bw - 2 * gap) // 2
        y = h - bar_h + (bar_h - bh) // 2
        self.button(pygame.Rect(x, y, bw, bh), t("stats.replays"), self.open_replays)
        self.button(pygame.Rect(x + bw + gap, y, bw, bh), t("stats.saves"), self.open_saves)
        back = self.button(pygame.Rect(x + 2 * (bw + gap), y, bw, bh), t("common.back"),
                           self.on_back, object_id=oid(None, "#primary"))
        self.focus_on(back)

    def notice_text(self) -> str:
        """What happened to the statistics file since the last visit ("" if nothing)."""
        return t(f"stats.notice.{self.notice}") if self.notice else ""

    def _picked(self, event: pygame.event.Event) -> None:
        picked = str(getattr(event, "selected_option_id", None) or "")
        if picked.isdigit() and int(picked) < len(self.entries):
            self.selected = self.entries[int(picked)]

    def select(self, who: Entry | str) -> None:
        """Show ``who``: an entry, or by name the first entry so called."""
        if isinstance(who, Entry):
            self.selected = who if who in self.entries else self.selected
            return
        self.selected = next((e for e in self.entries if e.name == who), self.selected)

    # ------------------------------------------------------------ actions
    def open_replays(self) -> None:
        self.app.open("saves", mode="replays")

    def open_saves(self) -> None:
        self.app.open("saves")

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        radius = self.px(16)
        for r in (self.left, self.chart_rect, self.levels_rect):
            draw_panel(surface, r, radius=radius)
        if self.notice:
            draw_panel(surface, self.notice_rect, radius=radius)
            pygame.draw.rect(surface, theme.ERROR, self.notice_rect, self.px(2), radius)
            self._draw_wrapped(surface, self.notice_text(),
                               self.notice_rect.inflate(-self.px(28), -self.px(20)), theme.GOLD)
        self._draw_player(surface)
        self._draw_chart(surface)
        self._draw_levels(surface)
        self.draw_focus(surface)

    def _text(self, text: str, size: str = "body", colour: Any = theme.CREAM,
              bold: bool = False) -> pygame.Surface:
        return get_font(theme.font_size(size, self.scale), bold).render(text, True, colour)

    def _draw_player(self, surface: pygame.Surface) -> None:
        pad = self.px(16)
        p = self.player
        if p is None:
            self._draw_wrapped(surface, t("stats.none"), self.left.inflate(-2 * pad, -2 * pad))
            return
        y = self.rows_top
        row_h = self.px(36)
        for i, (label, value) in enumerate(player_rows(p)):
            r = pygame.Rect(self.left.x + pad, y, self.left.w - 2 * pad, row_h)
            if i % 2 == 0:
                pygame.draw.rect(surface, (12, 52, 34), r, border_radius=self.px(6))
            lab = self._text(label, colour=theme.MUTED)
            val = self._text(value, bold=True)
            surface.blit(lab, lab.get_rect(midleft=(r.x + self.px(10), r.centery)))
            surface.blit(val, val.get_rect(midright=(r.right - self.px(10), r.centery)))
            y += row_h
        self._draw_recent(surface, p, y + self.px(18))

    def _draw_recent(self, surface: pygame.Surface, p: PlayerStats, y: int) -> None:
        """The last matches as won / lost discs, newest on the right."""
        if not p.history:
            return
        pad = self.px(16)
        head = self._text(t("stats.recent"), "small", theme.MUTED, True)
        surface.blit(head, (self.left.x + pad + self.px(10), y))
        y += head.get_height() + self.px(8)
        d = self.px(28)
        gap = self.px(6)
        fit = max(1, (self.left.w - 2 * pad - self.px(10)) // (d + gap))
        x = self.left.x + pad + self.px(10)
        size = theme.font_size("small", self.scale)
        for _, won in p.history[-fit:]:
            colour = (40, 160, 72) if won else (190, 50, 50)
            centre = (x + d // 2, y + d // 2)
            pygame.draw.circle(surface, colour, centre, d // 2)
            mark = get_font(size, True).render(t("stats.won_short") if won
                                               else t("stats.lost_short"), True, theme.CREAM)
            surface.blit(mark, mark.get_rect(center=centre))
            x += d + gap

    def _draw_wrapped(self, surface: pygame.Surface, text: str, rect: pygame.Rect,
                      colour: Any = theme.MUTED) -> None:
        font = get_font(theme.font_size("body", self.scale))
        y = rect.y
        for line in wrap_text(text, font, rect.w):
            img = font.render(line, True, colour)
            surface.blit(img, (rect.x, y))
            y += font.get_linesize()

    def _draw_chart(self, surface: pygame.Surface) -> None:
        pad = self.px(14)
        shown = entry_label(self.selected) if self.selected is not None else ""
        head = self._text(t("stats.chart") + (f" — {shown}" if self.player else ""),
                          "button", theme.GOLD, True)
        surface.blit(head, (self.chart_rect.x + pad, self.chart_rect.y + pad))
        area = pygame.Rect(self.chart_rect.x + pad, self.chart_rect.y + pad + head.get_height()
                           + self.px(6), self.chart_rect.w - 2 * pad,
                           self.chart_rect.h - 2 * pad - head.get_height() - self.px(6))
        points = self.player.win_rate_over_time() if self.player else []
        self.plotted = draw_line_chart(surface, area, points, empty_text=t("stats.chart_empty"),
                                       x_label=t("stats.chart_x"), scale=self.scale)

    def _draw_levels(self, surface: pygame.Surface) -> None:
        pad = self.px(14)
        rect = self.levels_rect
        head = self._text(t("stats.levels"), "button", theme.GOLD, True)
        surface.blit(head, (rect.x + pad, rect.y + pad))
        y = rect.y + pad + head.get_height() + self.px(8)
        rows = level_rows(self.store)
        if not rows:
            img = self._text(t("stats.no_levels"), colour=theme.MUTED)
            surface.blit(img, (rect.x + pad, y))
            return
        cols = [t(f"stats.col.{k}") for k in ("level", "matches", "won", "rate", "rounds",
                                              "points")]
        inner = rect.w - 2 * pad
        widths = [0.28, 0.14, 0.12, 0.14, 0.16, 0.16]
        xs = [rect.x + pad + round(inner * sum(widths[:i])) for i in range(len(widths))]
        row_h = self.px(30)
        for i, c in enumerate(cols):
            img = self._text(c, "small", theme.MUTED, True)
            surface.blit(img, (xs[i] + self.px(6), y))
        y += row_h
        for j, row in enumerate(rows):
            if y + row_h > rect.bottom - pad // 2:
                break
            r = pygame.Rect(rect.x + pad, y - self.px(4), inner, row_h)
            if j % 2 == 0:
                pygame.draw.rect(surface, (12, 52, 34), r, border_radius=self.px(6))
            for i, cell in enumerate(row):
                img = self._text(cell, bold=i == 0)
                surface.blit(img, (xs[i] + self.px(6), y))
            y += row_h
