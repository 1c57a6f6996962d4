"""Drawing of the TableScene (reads the scene, changes nothing)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.rules.cards import COLOURS, Colour
from game.rules.view import Phase
from game.ui import card_art
from game.ui import table_widgets as tw
from game.ui.animations import Effect

if TYPE_CHECKING:
    from game.scenes.table import TableScene

t = i18n.t


def _background(size: tuple[int, int]) -> pygame.Surface:
    try:
        from game.ui.widgets import felt_background
        return felt_background(size)
    except ImportError:  # pragma: no cover - the shell's helpers are missing
        surf = pygame.Surface(size)
        surf.fill((18, 92, 58))
        return surf


def _level_badge(scene: TableScene, seat: int) -> str:
    sc = scene.config.seats[seat]
    if sc.kind == "human":
        return t("tbl.you") if seat == scene.viewer and not scene.config.hot_seat else ""
    key = f"level.{sc.level}"
    label = t(key)
    return label if label != key else sc.level.split(":")[-1][:8]


def _line2(scene: TableScene, seat: int) -> str:
    m = scene.model
    n = m.sizes[seat] if seat < len(m.sizes) else 0
    if seat in m.out and scene.config.settings.scoring == "elimination":
        return t("tbl.out", n=m.out.index(seat) + 1)
    cards = t("tbl.card1") if n == 1 else t("tbl.cards", n=n)
    score = m.scores[seat] if seat < len(m.scores) else 0
    return f"{cards} · {t('tbl.score', n=score)}"


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    m = scene.model
    px = lay.px
    surface.blit(_background(surface.get_size()), (0, 0))
    if lay.log.w:
        tw.panel(surface, lay.log, 0, (4, 24, 15, 235), (70, 130, 95, 255), 1)

    _draw_info(scene, surface)
    tw.draw_piles(surface, lay, m.draw_pile, m.discard, m.colour, m.direction, scene.colourblind,
                  t("tbl.pile", n=m.draw_pile),
                  t("tbl.penalty", n=m.penalty) if m.penalty else "")

    teams = m.teams
    for seat, spot in lay.seats.items():
        tw.draw_mini_fan(surface, lay, spot.fan_center, m.sizes[seat] if seat < len(m.sizes) else 0)
    for seat, spot in lay.seats.items():
        tw.draw_plate(surface, lay, spot.plate, scene.ctl.names[seat], _level_badge(scene, seat),
                      _line2(scene, seat), active=m.to_act == seat,
                      out=seat in m.out, team=teams[seat] if teams else -1,
                      uno=seat in m.uno_called, pulse=scene.now)
    _draw_bottom(scene, surface)
    scene.anim.draw(surface, scene.render_card)
    for eff in scene.anim.effects:
        _draw_effect(scene, surface, eff)
    _draw_prompt(scene, surface)
    if scene.picker.open:
        names = [t(f"colour.{c.value}") for c in COLOURS]
        scene.picker.draw(surface, lay, t("tbl.pick_colour"),
                          t("tbl.esc_cancel") if scene.picker_cards else "", names,
                          scene.colourblind, pygame.mouse.get_pos())
    del px


def _draw_bottom(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    m = scene.model
    bottom = lay.bottom
    if bottom is None or bottom.seat < 0:
        return
    seat = bottom.seat
    if scene.viewer >= 0:
        scene.hand.draw(surface, lay, scene.colourblind)
    else:
        # Spectator: the bottom seat's cards stay face down.
        n = m.sizes[seat] if seat < len(m.sizes) else 0
        from game.ui.table_layout import hand_rects
        back = card_art.card_back(lay.card_w)
        for r in hand_rects(lay, n):
            surface.blit(back, r)
    teams = m.teams
    tw.draw_plate(surface, lay, bottom.plate, scene.ctl.names[seat], _level_badge(scene, seat),
                  _line2(scene, seat), active=m.to_act == seat, out=seat in m.out,
                  team=teams[seat] if teams else -1, uno=seat in m.uno_called, pulse=scene.now)


def _draw_info(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    px = lay.px
    x, y = lay.table.x + px(12), px(10)
    s = scene.config.settings
    head = t("tbl.round", n=scene.model.round_no)
    if s.scoring != "elimination":
        head += " · " + t("score.target", n=s.target_score)
    img = tw.text(head, lay.font_px(14), tw.GOLD, True)
    surface.blit(img, (x, y))
    y += img.get_height() + px(2)
    width = min(lay.table.w // 3, px(330))
    for i, line in enumerate(scene.ticker[-3:]):
        shade = (tw.MUTED if i < len(scene.ticker[-3:]) - 1 else tw.CREAM)
        img = tw.fit_text(line, lay.font_px(13), width, shade)
        surface.blit(img, (x, y))
        y += img.get_height()


def _draw_prompt(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    px = lay.px
    m = scene.model
    y = lay.bar.top - px(8)
    msg = ""
    colour = tw.CREAM
    if scene.viewer >= 0 and not scene.busy() and m.to_act == scene.viewer:
        phase = scene.ctl.game.phase
        if phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            msg = t("tbl.your_turn") + " — " + t(f"tbl.phase.{phase.value}")
            colour = tw.GOLD
    elif 0 <= m.to_act < scene.n and m.to_act != scene.viewer:
        msg = t("tbl.turn_of", name=scene.ctl.names[m.to_act])
        colour = tw.MUTED
    if scene.viewer < 0:
        msg = (t("tbl.spectator") + (" · " + msg if msg else ""))
    if msg and not scene.picker.open:
        img = tw.text(msg, lay.font_px(17), colour, True)
        r = img.get_rect(midbottom=(lay.table.centerx, y))
        back = r.inflate(px(20), px(6))
        tw.panel(surface, back, back.h // 2, (0, 0, 0, 110), (0, 0, 0, 0), 0)
        surface.blit(img, r)
    if scene.toast is not None:
        text, col, _ = scene.toast
        img = tw.fit_text(text, lay.font_px(16), lay.table.w - px(60), col, True)
        r = img.get_rect(center=(lay.table.centerx, lay.discard.bottom + px(44)))
        box = r.inflate(px(28), px(14))
        tw.panel(surface, box, px(10), (6, 24, 16, 235), (*col, 255), px(2))
        surface.blit(img, r)
    if scene.hover_tip is not None and not scene.picker.open:
        i, tip = scene.hover_tip
        rects = scene.hand.rects(lay)
        if 0 <= i < len(rects):
            img = tw.fit_text(tip, lay.font_px(14), lay.table.w - px(40), tw.CREAM)
            r = img.get_rect(midbottom=(rects[i].centerx, rects[i].top - px(10)))
            box = r.inflate(px(16), px(8))
            box.clamp_ip(lay.table)
            r.center = box.center
            tw.panel(surface, box, px(8), (30, 10, 10, 235), (*tw.RED, 255), 1)
            surface.blit(img, r)


def _draw_effect(scene: TableScene, surface: pygame.Surface, e: Effect) -> None:
    lay = scene.layout
    px = lay.px
    p = e.progress
    if e.kind == "bubble":
        grow = min(1.0, p * 6)
        alpha = 255 if p < 0.75 else round(255 * (1 - p) / 0.25)
        img = tw.text(e.text, lay.font_px(22 * (0.6 + 0.4 * grow)), (255, 255, 255), True)
        r = img.get_rect(midbottom=(round(e.pos[0]), round(e.pos[1] - px(6) - px(14) * p)))
        box = r.inflate(px(22), px(10))
        bubble = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bubble, (*e.colour, 255), bubble.get_rect(), border_radius=box.h // 2)
        pygame.draw.rect(bubble, (255, 255, 255, 255), bubble.get_rect(), width=max(1, px(2)),
                         border_radius=box.h // 2)
        fg = img if e.colour != tw.GOLD else tw.text(e.text, lay.font_px(22 * (0.6 + 0.4 * grow)),
                                                     tw.INK, True)
        bubble.blit(fg, fg.get_rect(center=(box.w // 2, box.h // 2)))
        bubble.set_alpha(alpha)
        surface.blit(bubble, box)
    elif e.kind == "colour" and e.icon:
        col = Colour(e.icon)
        r = round(lay.card_w * (0.6 + 0.8 * p))
        ring = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        rgb = card_art.colour_rgb(col)
        pygame.draw.circle(ring, (*rgb, round(220 * (1 - p))), (r + 2, r + 2), r, max(2, px(6)))
        surface.blit(ring, ring.get_rect(center=(round(e.pos[0]), round(e.pos[1]))))
    elif e.kind == "pulse":
        if e.icon == "direction":
            size = round(lay.card_h * 2.3 * (1 + 0.15 * math.sin(p * math.pi)))
            img = card_art.direction_arrow(size, scene.model.direction >= 0, tw.GOLD, None).copy()
            img.set_alpha(round(200 * (1 - p)))
            surface.blit(img, img.get_rect(center=lay.centre))
        else:
            r = round(lay.card_w * (0.5 + p))
            ring = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (255, 255, 255, round(160 * (1 - p))), (r + 2, r + 2), r,
                               max(2, px(4)))
            surface.blit(ring, ring.get_rect(center=(round(e.pos[0]), round(e.pos[1]))))
