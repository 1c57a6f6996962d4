"""Drawing of the TableScene (reads the scene, changes nothing)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

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


_static: dict[str, object] = {"key": None, "surf": None}


def _static_layer(scene: TableScene, size: tuple[int, int]) -> pygame.Surface:
    """Felt, log backdrop and the direction ring: one opaque surface, redrawn on change."""
    lay = scene.layout
    key = (size, lay.log.w, lay.centre, lay.card_h, scene.model.direction >= 0)
    surf = _static["surf"]
    if _static["key"] != key or not isinstance(surf, pygame.Surface):
        surf = pygame.Surface(size)
        surf.blit(_background(size), (0, 0))
        if lay.log.w:
            tw.panel(surf, lay.log, 0, (4, 24, 15, 235), (70, 130, 95, 255), 1)
        ring = round(lay.card_h * 2.3)
        arrow = tw.faded((ring, scene.model.direction >= 0), 70)
        surf.blit(arrow, arrow.get_rect(center=lay.centre))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        _static["key"], _static["surf"] = key, surf
    return surf


_seats: dict[str, Any] = {"base": None, "args": (), "rects": [], "surf": None}


def _seats_layer(scene: TableScene, size: tuple[int, int]) -> pygame.Surface:
    """The static layer with every opponent's sprite on it: one opaque surface.
    When a seat changes (count, turn, UNO...) only its area is redrawn (the
    background there, then every sprite that reaches into it); blitting the
    nine alpha sprites of a 10-seat table every frame cost more than the rest."""
    lay = scene.layout
    m = scene.model
    static = _static_layer(scene, size)
    teams = m.teams
    args = tuple(
        (seat, spot.plate.topleft, spot.plate.size,
         (spot.fan_center[0] - spot.plate.x, spot.fan_center[1] - spot.plate.y),
         m.sizes[seat] if seat < len(m.sizes) else 0, scene.ctl.names[seat],
         _level_badge(scene, seat), _line2(scene, seat), m.to_act == seat, seat in m.out,
         teams[seat] if teams else -1, seat in m.uno_called)
        for seat, spot in lay.seats.items())
    base = (id(static), _static["key"], lay.scale, tuple(a[:4] for a in args))
    surf = _seats["surf"]
    if _seats["args"] == args and _seats["base"] == base and isinstance(surf, pygame.Surface):
        return surf
    sprites = []
    for _seat, topleft, *rest in args:
        img, offset = tw.seat_sprite(lay, *rest)  # type: ignore[arg-type]
        sprites.append((img, img.get_rect(topleft=(topleft[0] - offset[0],
                                                   topleft[1] - offset[1]))))
    rects = [r for _img, r in sprites]
    if _seats["base"] != base or not isinstance(surf, pygame.Surface):
        surf = static.copy()
        for img, r in sprites:
            surf.blit(img, r)
    else:
        old_args, old_rects = _seats["args"], _seats["rects"]
        dirty = [r.union(old_rects[i]) for i, r in enumerate(rects)
                 if i >= len(old_args) or args[i] != old_args[i]]
        for area in dirty:
            surf.blit(static, area, area)
            surf.set_clip(area)
            for img, r in sprites:
                if r.colliderect(area):
                    surf.blit(img, r)
            surf.set_clip(None)
    _seats.update(base=base, args=args, rects=rects, surf=surf)
    return surf


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    m = scene.model
    surface.blit(_seats_layer(scene, surface.get_size()), (0, 0))

    _draw_info(scene, surface)
    tw.draw_piles(surface, lay, m.draw_pile, m.discard, m.colour, m.direction, scene.colourblind,
                  t("tbl.pile", n=m.draw_pile),
                  t("tbl.penalty", n=m.penalty) if m.penalty else "", ring=False)
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
                  team=teams[seat] if teams else -1, uno=seat in m.uno_called)


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
    for spot in lay.seats.values():  # keep clear of the seats in the top-left corner
        top = min(spot.plate.top, spot.fan_center[1] - lay.mini_h // 2)
        if top < y + px(50) and spot.plate.right > x:
            width = min(width, max(px(120), spot.plate.left - lay.mini_w - x))
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
    if msg and not scene.picker.open and scene.hover_tip is None:
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
        # Why the hovered card cannot be played: in place of the turn prompt.
        tip = scene.hover_tip[1]
        img = tw.fit_text(tip, lay.font_px(15), lay.table.w - px(60), tw.CREAM, True)
        r = img.get_rect(midbottom=(lay.table.centerx, y))
        box = r.inflate(px(20), px(6))
        tw.panel(surface, box, box.h // 2, (70, 14, 14, 245), (*tw.RED, 255), 1)
        surface.blit(img, r)


def _draw_effect(scene: TableScene, surface: pygame.Surface, e: Effect) -> None:
    lay = scene.layout
    px = lay.px
    p = e.progress
    if e.kind == "bubble":
        alpha = 255 if p < 0.75 else round(255 * (1 - p) / 0.25)
        bubble = tw.bubble(e.text, lay.font_px(22), e.colour, px(2))
        bubble.set_alpha(alpha)
        r = bubble.get_rect(midbottom=(round(e.pos[0]), round(e.pos[1] - px(6) - px(14) * p)))
        surface.blit(bubble, r)
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
