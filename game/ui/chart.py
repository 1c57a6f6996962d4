"""A small line chart (win rate over time) drawn with pygame.draw.

The y axis is a rate from 0 % to 100 %, the x axis the matches in order
(first and last date under the axis). Everything is computed from the
``rect`` given, so the chart follows the window size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.resources import get_font
from game.ui import theme

GRID = (70, 130, 95)
AXIS = theme.MUTED
LINE = theme.GOLD
LAST = theme.CREAM


@dataclass(frozen=True)
class ChartArea:
    """Where the plot goes inside ``rect`` once room is left for the labels."""

    plot: pygame.Rect
    font_px: int


def chart_area(rect: pygame.Rect, scale: float = 1.0) -> ChartArea:
    fs = max(11, round(14 * scale))
    left = round(fs * 3.2)  # "100%"
    bottom = round(fs * 2.6)  # tick numbers and dates
    top = round(fs * 0.8)
    right = round(fs * 1.2)
    plot = pygame.Rect(rect.x + left, rect.y + top, max(10, rect.w - left - right),
                       max(10, rect.h - top - bottom))
    return ChartArea(plot, fs)


def plot_points(values: Sequence[float], plot: pygame.Rect) -> list[tuple[int, int]]:
    """Pixel positions of ``values`` (rates 0..1) spread evenly across ``plot``."""
    n = len(values)
    if n == 0:
        return []
    out = []
    for i, v in enumerate(values):
        x = plot.left + (plot.w * i / (n - 1) if n > 1 else plot.w / 2)
        v = min(1.0, max(0.0, v))
        y = plot.bottom - plot.h * v
        out.append((round(x), round(y)))
    return out


def _ticks(n: int, most: int = 6) -> list[int]:
    """Match numbers (1-based) to label on the x axis: the first, the last, a few between."""
    if n <= 0:
        return []
    if n <= most:
        return list(range(1, n + 1))
    step = max(1, round((n - 1) / (most - 1)))
    ticks = list(range(1, n, step))
    if n - ticks[-1] < step / 2:
        ticks[-1] = n
    else:
        ticks.append(n)
    return ticks


def _date(iso: str) -> str:
    return iso[:10]


def draw_line_chart(surface: pygame.Surface, rect: pygame.Rect,
                    points: Sequence[tuple[str, float]], *, empty_text: str = "",
                    x_label: str = "", scale: float = 1.0) -> int:
    """Draw ``points`` ((ISO date, rate 0..1), oldest first) in ``rect``; returns how many
    points were plotted (0 when there are fewer than two: ``empty_text`` is shown)."""
    area = chart_area(rect, scale)
    plot, fs = area.plot, area.font_px
    font = get_font(fs)
    small = get_font(max(10, fs - 2))
    lw = max(1, round(scale))
    # horizontal grid and the rate labels
    for pct in (0, 25, 50, 75, 100):
        y = round(plot.bottom - plot.h * pct / 100)
        pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y), lw)
        img = font.render(f"{pct}%", True, AXIS)
        surface.blit(img, img.get_rect(midright=(plot.left - round(fs * 0.4), y)))
    pygame.draw.line(surface, AXIS, plot.bottomleft, plot.topleft, lw)
    pygame.draw.line(surface, AXIS, plot.bottomleft, plot.bottomright, lw)
    if len(points) < 2:
        if empty_text:
            img = font.render(empty_text, True, AXIS)
            if img.get_width() > plot.w - 2 * fs:
                img = small.render(empty_text, True, AXIS)
            surface.blit(img, img.get_rect(center=plot.center))
        return 0
    values = [rate for _, rate in points]
    pos = plot_points(values, plot)
    # x ticks: match numbers
    tick_y = plot.bottom + round(fs * 0.3)
    for k in _ticks(len(points)):
        x = pos[k - 1][0]
        pygame.draw.line(surface, AXIS, (x, plot.bottom), (x, plot.bottom + round(fs * 0.3)), lw)
        img = small.render(str(k), True, AXIS)
        surface.blit(img, img.get_rect(midtop=(x, tick_y + 1)))
    # dates of the first and last match, and the axis name between them
    date_y = plot.bottom + round(fs * 1.45)
    first = small.render(_date(points[0][0]), True, AXIS)
    last = small.render(_date(points[-1][0]), True, AXIS)
    surface.blit(first, first.get_rect(topleft=(plot.left, date_y)))
    surface.blit(last, last.get_rect(topright=(plot.right, date_y)))
    if x_label:
        img = small.render(x_label, True, AXIS)
        label_box = img.get_rect(midtop=(plot.centerx, date_y))
        if (label_box.left > plot.left + first.get_width() + fs
                and label_box.right < plot.right - last.get_width() - fs):
            surface.blit(img, label_box)
    # the curve: a soft fill under it, then the line and the points
    fill = pygame.Surface(rect.size, pygame.SRCALPHA)
    poly = [(x - rect.x, y - rect.y) for x, y in pos]
    poly += [(pos[-1][0] - rect.x, plot.bottom - rect.y), (pos[0][0] - rect.x, plot.bottom - rect.y)]
    pygame.draw.polygon(fill, (*LINE, 40), poly)
    surface.blit(fill, rect.topleft)
    pygame.draw.lines(surface, LINE, False, pos, max(2, round(3 * scale)))
    if len(pos) <= 60:
        r = max(3, round(4 * scale))
        for p in pos:
            pygame.draw.circle(surface, LINE, p, r)
    pygame.draw.circle(surface, LAST, pos[-1], max(4, round(6 * scale)))
    pygame.draw.circle(surface, LINE, pos[-1], max(4, round(6 * scale)), max(1, round(2 * scale)))
    label = font.render(f"{round(values[-1] * 100)}%", True, LAST)
    lr = label.get_rect(bottomright=(pos[-1][0] - round(fs * 0.4), pos[-1][1] - round(fs * 0.4)))
    lr.clamp_ip(plot)
    surface.blit(label, lr)
    return len(pos)
