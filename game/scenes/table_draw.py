"""Drawing of the TableScene (reads the scene, changes nothing)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.rules.cards import COLOURS, Colour
from game.rules.view import Phase
from game.ui import card_art
from game.ui import table_widgets as tw
from game.ui.animations import Effect
from game.ui.widgets import felt_background

if TYPE_CHECKING:
    from game.party.host import PartyHost
    from game.scenes.table import TableScene
    from game.ui.table_layout import TableLayout

t = i18n.t


def _background(size: tuple[int, int]) -> pygame.Surface:
    return felt_background(size)


def _level_badge(scene: TableScene, seat: int) -> str:
    sc = scene.config.seats[seat]
    if sc.kind == "human":
        return t("tbl.you") if seat == scene.viewer and not scene.config.hot_seat else ""
    if sc.kind == "phone":  # party mode: played on a phone, or by a bot while it is away
        party = scene.party
        return t("party.badge_bot") if party is not None and seat in party.bot_seats \
            else t("party.phone_seat")
    key = f"level.{sc.level}"
    label = t(key)
    return label if label != key else sc.level.split(":")[-1][:8]


def _line2(scene: TableScene, seat: int) -> str:
    m = scene.model
    n = m.sizes[seat] if seat < len(m.sizes) else 0
    rank = (m.out.index(seat) + 1 if seat in m.out
            and scene.config.settings.scoring == "elimination" else 0)
    score = m.scores[seat] if seat < len(m.scores) else 0
    return _line2_text(i18n.language(), n, score, rank)


def _seat_state(scene: TableScene, seat: int) -> tuple[Any, ...]:
    """What a seat's plate and fan show: (cards, name, badge, line 2, on turn,
    out, team, called UNO), in :func:`tw.draw_plate`'s argument order."""
    m = scene.model
    teams = m.teams
    return (m.sizes[seat] if seat < len(m.sizes) else 0, scene.ctl.names[seat],
            _level_badge(scene, seat), _line2(scene, seat), m.to_act == seat, seat in m.out,
            teams[seat] if teams else -1, seat in m.uno_called)


@lru_cache(maxsize=1024)
def _line2_text(lang: str, n: int, score: int, rank: int) -> str:
    """A seat's second line in ``lang`` (the current language): cards and
    score, or its place once out (``rank`` > 0)."""
    if rank:
        return t("tbl.out", n=rank)
    cards = i18n.nt("tbl.cards", n)
    return f"{cards} · {t('tbl.score', n=score)}"


class Layer:
    """One opaque surface: a background and parts drawn over it in order (the
    direction ring, the opponents, the ticker, the piles...). Blitted whole
    each frame; when a part changes only its area is redrawn (the background
    there, then every part reaching into it, in order, clipped to it): the same
    pixels as drawing everything every frame, for one blit."""

    def __init__(self) -> None:
        self.base_key: object = None
        self.background: pygame.Surface | None = None
        self.surf: pygame.Surface | None = None
        self.keys: list[object] = []
        self.parts: list[tuple[list[tw.Blit], pygame.Rect | None]] = []

    def update(self, base_key: object, make_background: Callable[[], pygame.Surface],
               parts: list[tuple[object, Callable[[tw.Recorder], object]]]) -> pygame.Surface:
        """The layer for ``parts`` ((key, draw) pairs: ``draw`` runs only when
        its key changed) over ``make_background()`` (called again when
        ``base_key`` changes)."""
        if (base_key != self.base_key or self.surf is None or self.background is None
                or len(parts) != len(self.parts)):
            self.background = make_background()
            self.surf = self.background.copy()
            self.keys, self.parts = [], []
            for key, draw in parts:
                self.keys.append(key)
                self.parts.append(self._record(draw))
                self.surf.blits(self.parts[-1][0], doreturn=False)
            self.base_key = base_key
            return self.surf
        dirty: list[pygame.Rect] = []
        for i, (key, draw) in enumerate(parts):
            if key == self.keys[i]:
                continue
            old = self.parts[i][1]
            self.keys[i] = key
            self.parts[i] = self._record(draw)
            new = self.parts[i][1]
            for r in (old, new):
                if r is not None:
                    _add_area(dirty, r)
        surf, background = self.surf, self.background
        for area in dirty:
            surf.blit(background, area, area)
            surf.set_clip(area)
            for blits, bounds in self.parts:
                if bounds is not None and bounds.colliderect(area):
                    surf.blits(blits, doreturn=False)
            surf.set_clip(None)
        return surf

    @staticmethod
    def _record(draw: Callable[[tw.Recorder], object]) -> tuple[list[tw.Blit], pygame.Rect | None]:
        rec = tw.Recorder()
        draw(rec)
        return rec.blits, rec.bounds


def _add_area(areas: list[pygame.Rect], r: pygame.Rect) -> None:
    """Add ``r`` to ``areas``, merged with any it mostly overlaps (a part's old
    and new places, neighbours): each pixel is then redrawn once, not twice."""
    r = r.copy()
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(areas):
            if a.colliderect(r):
                u = a.union(r)
                if u.w * u.h <= a.w * a.h + r.w * r.h:
                    r = u
                    del areas[i]
                    merged = True
                    break
    areas.append(r)


_layer = Layer()


_felt_cache: dict[object, pygame.Surface] = {}
_ring_tiles: dict[object, tuple[pygame.Surface, pygame.Rect]] = {}


def _felt(scene: TableScene, size: tuple[int, int]) -> pygame.Surface:
    """Felt and the log backdrop (cached for the current size)."""
    lay = scene.layout
    key = (size, tuple(lay.log))
    surf = _felt_cache.get(key)
    if surf is None:
        _felt_cache.clear()
        _ring_tiles.clear()
        surf = pygame.Surface(size)
        surf.blit(_background(size), (0, 0))
        if lay.log.w:
            tw.panel(surf, lay.log, 0, (4, 24, 15, 235), (70, 130, 95, 255), 1)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        _felt_cache[key] = surf
    return surf


def _ring_tile(felt: pygame.Surface, size: int, clockwise: bool,
               centre: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect]:
    """The faint direction ring already laid on the felt under it: an opaque
    tile (redrawing it is a copy, not a blend of 200 000 translucent pixels)."""
    key = (id(felt), size, clockwise, centre)
    tile = _ring_tiles.get(key)
    if tile is None:
        arrow = tw.faded((size, clockwise), 70)
        where = arrow.get_rect(center=centre)
        rect = where.clip(felt.get_rect())
        surf = felt.subsurface(rect).copy()
        surf.blit(arrow, (where.x - rect.x, where.y - rect.y))
        tile = _ring_tiles[key] = (surf, rect)
    return tile


def _layer_parts(scene: TableScene,
                 size: tuple[int, int]) -> list[tuple[object, Callable[[tw.Recorder], object]]]:
    """What the table layer shows, in drawing order, each with its key."""
    lay = scene.layout
    m = scene.model
    parts: list[tuple[object, Callable[[tw.Recorder], object]]] = []

    ring = ring_px(lay)
    clockwise = m.direction >= 0
    felt = _felt(scene, size)

    def draw_ring(rec: tw.Recorder) -> None:
        tile, rect = _ring_tile(felt, ring, clockwise, lay.centre)
        rec.blit(tile, rect)

    parts.append(((id(felt), ring, lay.centre, clockwise), draw_ring))

    for seat, spot in lay.seats.items():
        args = (spot.plate.size,
                (spot.fan_center[0] - spot.plate.x, spot.fan_center[1] - spot.plate.y),
                *_seat_state(scene, seat))
        parts.append(((lay.scale, lay.mini_w, lay.mini_h, spot.plate.topleft, args),
                      _seat_drawer(scene, spot.plate.topleft, args)))

    geometry = (lay.size, lay.scale, lay.card_w, lay.mini_w, lay.mini_h, tuple(lay.table),
                lay.centre, tuple(lay.draw_pile), tuple(lay.discard),
                tuple((tuple(spot.plate), spot.fan_center) for spot in lay.seats.values()))
    info = _info_text(scene)
    parts.append(((geometry, info), lambda rec: _draw_info(scene, rec, info)))

    # The piles, in four parts (a card on the discard leaves the draw pile be).
    pile_label = t("tbl.pile", n=m.draw_pile)
    penalty = t("tbl.penalty", n=m.penalty) if m.penalty else ""
    discard = tuple(m.discard[-4:])
    cb, colour, count = scene.colourblind, m.colour, m.draw_pile
    parts.append(((geometry, colour), lambda rec: tw.draw_halo(rec, lay, colour)))
    parts.append(((geometry, count, pile_label),
                  lambda rec: tw.draw_draw_pile(rec, lay, count, pile_label)))
    parts.append(((geometry, discard, cb), lambda rec: tw.draw_discard(rec, lay, discard, cb)))
    parts.append(((geometry, colour, penalty),
                  lambda rec: tw.draw_colour_marks(rec, lay, colour, penalty)))

    if scene.viewer < 0:  # a spectator's bottom seat does not move: it joins the layer
        parts.append(((geometry, tuple(lay.hand), _bottom_key(scene)),
                      lambda rec: _draw_bottom(scene, rec)))
    return parts


def _seat_drawer(scene: TableScene, topleft: tuple[int, int],
                 args: tuple[Any, ...]) -> Callable[[tw.Recorder], object]:
    def draw(rec: tw.Recorder) -> None:
        img, offset = tw.seat_sprite(scene.layout, *args)
        rec.blit(img, (topleft[0] - offset[0], topleft[1] - offset[1]))
    return draw


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    size = surface.get_size()
    base = (size, tuple(lay.log), lay.scale)
    surface.blit(_layer.update(base, lambda: _felt(scene, size), _layer_parts(scene, size)), (0, 0))
    if scene.viewer >= 0:
        _draw_bottom(scene, surface)
    thinking = lay.spot(scene.ctl.thinking_seat())
    if thinking is not None:
        tw.draw_thinking_mark(surface, thinking.plate, scene.now)
    scene.anim.draw(surface, scene.render_card)
    for eff in scene.anim.effects:
        _draw_effect(scene, surface, eff)
    _draw_prompt(scene, surface)
    if scene.picker.open:
        names = [t(f"colour.{c.value}") for c in COLOURS]
        scene.picker.draw(surface, lay, t("tbl.pick_colour"),
                          t("tbl.esc_cancel") if scene.picker_cards else "", names,
                          scene.colourblind, pygame.mouse.get_pos())


def _bottom_key(scene: TableScene) -> tuple[Any, ...]:
    bottom = scene.layout.bottom
    if bottom is None or bottom.seat < 0:
        return ()
    return (tuple(bottom.plate), *_seat_state(scene, bottom.seat))


def _draw_bottom(scene: TableScene, surface: tw.Canvas) -> None:
    lay = scene.layout
    bottom = lay.bottom
    if bottom is None or bottom.seat < 0:
        return
    n, name, badge, line2, active, out, team, uno = _seat_state(scene, bottom.seat)
    if scene.viewer >= 0:
        assert isinstance(surface, pygame.Surface)
        scene.hand.draw(surface, lay, scene.colourblind)
    else:
        # Spectator: the bottom seat's cards stay face down.
        from game.ui.hand_layout import hand_rects
        back = card_art.card_back(lay.card_w)
        for r in hand_rects(lay, n):
            surface.blit(back, r.topleft)
    tw.draw_plate(surface, lay, bottom.plate, name, badge, line2, active=active, out=out,
                  team=team, uno=uno)


def _info_text(scene: TableScene) -> tuple[str, tuple[str, ...]]:
    """The heading (round, target) and the last lines of the ticker."""
    s = scene.config.settings
    head = t("tbl.round", n=scene.model.round_no)
    if s.scoring != "elimination":
        head += " · " + t("score.target", n=s.target_score)
    return head, tuple(scene.ticker[-3:])


def _draw_info(scene: TableScene, surface: tw.Canvas,
               info: tuple[str, tuple[str, ...]]) -> None:
    lay = scene.layout
    px = lay.px
    x, y = lay.table.x + px(12), px(10)
    head, lines = info
    img = tw.text(head, lay.font_px(14), tw.GOLD, True)
    surface.blit(img, (x, y))
    y += img.get_height() + px(2)
    width = min(lay.table.w // 3, px(330))
    for spot in lay.seats.values():  # keep clear of the seats in the top-left corner
        top = min(spot.plate.top, spot.fan_center[1] - lay.mini_h // 2)
        if top < y + px(50) and spot.plate.right > x:
            width = min(width, max(px(120), spot.plate.left - lay.mini_w - x))
    for i, line in enumerate(lines):
        shade = (tw.MUTED if i < len(lines) - 1 else tw.CREAM)
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
        phase = scene.ctl.view(scene.viewer).phase
        if phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            msg = t("tbl.your_turn") + " — " + t(f"tbl.phase.{phase.value}")
            colour = tw.GOLD
    elif 0 <= m.to_act < scene.n and m.to_act != scene.viewer:
        msg = t("tbl.turn_of", name=scene.ctl.names[m.to_act])
        colour = tw.MUTED
    if scene.viewer < 0:
        msg = (t("tbl.spectator") + (" · " + msg if msg else ""))
    tip = scene.hover_tip[1] if scene.hover_tip is not None and not scene.picker.open else ""
    if scene.toast is not None and scene.toast[0] == tip:
        tip = ""  # the toast already says why: once is enough
    if msg and not scene.picker.open and not tip:
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
    if tip:
        # Why the hovered card cannot be played: in place of the turn prompt.
        img = tw.fit_text(tip, lay.font_px(15), lay.table.w - px(60), tw.CREAM, True)
        r = img.get_rect(midbottom=(lay.table.centerx, y))
        box = r.inflate(px(20), px(6))
        tw.panel(surface, box, box.h // 2, (70, 14, 14, 245), (*tw.RED, 255), 1)
        surface.blit(img, r)


def draw_notice(lay: TableLayout, surface: pygame.Surface, msg: str) -> None:
    """A standing notice (an autosave that fails) in the top row of the felt,
    between the round's heading and ticker and the corner buttons."""
    px = lay.px
    left = lay.table.x + px(24) + min(lay.table.w // 3, px(330))  # the ticker's width
    right = lay.table.right - lay.corner.w - px(20)  # the corner buttons' left edge
    img = tw.fit_text(msg, lay.font_px(14), max(px(120), right - left - px(20)), tw.CREAM, True)
    r = img.get_rect(midright=(right - px(10), lay.corner.centery))
    box = r.inflate(px(20), px(10))
    tw.panel(surface, box, px(8), (70, 14, 14, 240), (*tw.RED, 255), px(2))
    surface.blit(img, r)


RING_SCALE = 2.3  # the direction ring's size, in card heights
PULSE_GROWTH = 0.15  # how much it swells in the "direction" pulse


def ring_px(lay: TableLayout, growth: float = 0.0) -> int:
    """The direction ring's size in pixels (``growth``: part of the pulse)."""
    return round(lay.card_h * RING_SCALE * (1 + growth))


def pulse_arrow(scene: TableScene, clockwise: bool) -> pygame.Surface:
    """The gold direction arrow at its largest in the "direction" pulse (shared:
    copy it before changing it)."""
    size = ring_px(scene.layout, PULSE_GROWTH)
    return card_art.direction_arrow(size, clockwise, tw.GOLD, None)


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
            size = ring_px(lay, PULSE_GROWTH * math.sin(p * math.pi))
            peak = pulse_arrow(scene, scene.model.direction >= 0)
            # Drawing the arrow afresh at each size took ~50 ms a frame.
            img = (peak.copy() if size >= peak.get_width()
                   else pygame.transform.smoothscale(peak, (size, size)))
            img.set_alpha(round(200 * (1 - p)))
            surface.blit(img, img.get_rect(center=lay.centre))
        else:
            r = round(lay.card_w * (0.5 + p))
            ring = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (255, 255, 255, round(160 * (1 - p))), (r + 2, r + 2), r,
                               max(2, px(4)))
            surface.blit(ring, ring.get_rect(center=(round(e.pos[0]), round(e.pos[1]))))


def draw_away(host: PartyHost, names: list[str], surface: pygame.Surface, layout: Any) -> None:
    """On the table, under the ticker at the top left: one line per phone seat whose
    phone is away (the match waits, or a bot plays for now)."""
    lines = [t("party.bot", name=names[seat]) if seat in host.bot_seats
             else t("party.away", name=names[seat]) for seat in host.away()]
    x = layout.table.x + layout.font_px(14)
    y = layout.table.y + layout.font_px(118)
    for line in lines:
        img = tw.fit_text(line, layout.font_px(15), layout.table.w // 3, tw.GOLD, True)
        r = img.get_rect(topleft=(x + layout.font_px(10), y))
        box = r.inflate(layout.font_px(20), layout.font_px(8))
        tw.panel(surface, box, box.h // 2, (60, 20, 10, 220), (*tw.GOLD, 255), 1)
        surface.blit(img, r)
        y = box.bottom + layout.font_px(6)
