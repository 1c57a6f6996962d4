"""Our own card art, drawn with pygame at any size (no image files).

Every public function returns a *cached, shared* surface: blit it, never draw
on it (``.copy()`` first if you must). Cards are ``width`` x ``card_height(width)``
(height = width * 1.5). Shapes are drawn supersampled, then smooth-scaled down
for anti-aliasing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game.resources import get_font
from game.rules.cards import COLOURS, DECK, Card, Colour, Kind

RGB = tuple[int, int, int]
Point = tuple[float, float]

PALETTE: dict[Colour, RGB] = {
    Colour.RED: (222, 41, 48),
    Colour.YELLOW: (248, 196, 22),
    Colour.GREEN: (40, 160, 72),
    Colour.BLUE: (24, 108, 206),
}
WILD_BODY: RGB = (26, 26, 30)
BACK_BODY: RGB = (24, 24, 30)
WHITE: RGB = (255, 255, 255)
INK: RGB = (18, 18, 22)
EDGE: RGB = (120, 120, 128)
GOLD: RGB = (255, 206, 48)

RATIO = 1.5
OVAL_TILT = 30.0  # degrees, the oval's top leans right
SLANT = 0.16  # italic shear of numerals
WILD_ORDER: tuple[Colour, ...] = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)

FaceKey = tuple[Kind, Colour | None, int | None]


# ------------------------------------------------------------------ basics


def card_height(width: int) -> int:
    return round(width * RATIO)


def card_size(width: int) -> tuple[int, int]:
    return (width, card_height(width))


def colour_rgb(colour: Colour | None) -> RGB:
    """The body colour of a card colour (wild/None -> black)."""
    return WILD_BODY if colour is None else PALETTE[colour]


def _ss(width: int) -> int:
    """Supersampling factor: draw big, scale down smoothly."""
    return max(2, math.ceil(220 / max(1, width)))


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _down(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, size)


def _tinted(mask: pygame.Surface, rgb: RGB, alpha: int = 255) -> pygame.Surface:
    out = mask.copy()
    out.fill((*rgb, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _stamp(
    target: pygame.Surface,
    mask: pygame.Surface,
    center: Point,
    fill: RGB,
    outline: RGB | None = INK,
    thickness: float = 0.0,
    shadow: float = 0.0,
) -> None:
    """Blit a white alpha ``mask`` centred at ``center``: shadow, outline, fill."""
    rect = mask.get_rect(center=(round(center[0]), round(center[1])))
    if shadow > 0:
        target.blit(_tinted(mask, INK, 110), rect.move(round(shadow), round(shadow)))
    if outline is not None and thickness > 0:
        dark = _tinted(mask, outline)
        steps = 24
        for r in (thickness, thickness * 0.5):
            for i in range(steps):
                a = 2 * math.pi * i / steps
                target.blit(dark, rect.move(round(r * math.cos(a)), round(r * math.sin(a))))
    target.blit(_tinted(mask, fill), rect)


def _rot(points: Sequence[Point], deg: float, center: Point) -> list[Point]:
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = center
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in points]


def _ellipse_points(rx: float, ry: float, a0: float = 0.0, a1: float = 360.0) -> list[Point]:
    n = max(8, int(abs(a1 - a0) / 3))
    return [
        (
            rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
            ry * math.sin(math.radians(a0 + (a1 - a0) * i / n)),
        )
        for i in range(n + 1)
    ]


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    m = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=radius)
    return m


def _gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    """A vertical gradient (a new surface: the caller may paint on it)."""
    return _gradient_cached(size, top, bottom).copy()


@lru_cache(maxsize=32)
def _gradient_cached(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    for y in range(h):
        pygame.draw.line(s, _mix(top, bottom, y / max(1, h - 1)), (0, y), (w - 1, y))
    return s


# ------------------------------------------------------------------ masks


def _text_mask(text: str, height: float, max_width: float | None = None) -> pygame.Surface:
    """White text cropped to its ink, scaled so the ink is ``height`` tall."""
    font = get_font(max(4, round(height / 0.72)), bold=True, warm=False)
    raw = font.render(text, True, WHITE)
    ink = raw.get_bounding_rect()
    surf = raw.subsurface(ink).copy() if ink.w and ink.h else raw
    scale = height / max(1, surf.get_height())
    if max_width is not None and surf.get_width() * scale > max_width:
        scale = max_width / surf.get_width()
    size = (max(1, round(surf.get_width() * scale)), max(1, round(surf.get_height() * scale)))
    return pygame.transform.smoothscale(surf, size)


def _underlined(mask: pygame.Surface) -> pygame.Surface:
    """Add the bar that tells 6 from 9."""
    w, h = mask.get_size()
    bar = max(2, round(h * 0.09))
    gap = max(1, round(h * 0.07))
    out = pygame.Surface((w, h + gap + bar), pygame.SRCALPHA)
    out.blit(mask, (0, 0))
    bw = round(w * 0.9)
    pygame.draw.rect(out, WHITE, ((w - bw) // 2, h + gap, bw, bar), border_radius=bar // 2)
    return out


def _skip_mask(size: float) -> pygame.Surface:
    s = max(4, round(size))
    m = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    t = s * 0.16
    r = s / 2 - 1
    pygame.draw.circle(m, WHITE, (c, c), r, width=max(1, round(t)))
    half = r - t / 2
    bar = [(-half, -t / 2), (half, -t / 2), (half, t / 2), (-half, t / 2)]
    pygame.draw.polygon(m, WHITE, _rot(bar, -45, (c, c)))
    return m


def _arrow(length: float, shaft: float, head_w: float, head_l: float) -> list[Point]:
    """Arrow pointing +x, centred on the origin."""
    x0, x1 = -length / 2, length / 2
    xh = x1 - head_l
    return [
        (x0, -shaft / 2),
        (xh, -shaft / 2),
        (xh, -head_w / 2),
        (x1, 0),
        (xh, head_w / 2),
        (xh, shaft / 2),
        (x0, shaft / 2),
    ]


def _reverse_mask(size: float) -> pygame.Surface:
    s = max(4, round(size))
    m = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    shaft, off = s * 0.14, s * 0.19
    arrow = _arrow(s * 0.9, shaft, s * 0.34, s * 0.26)
    up = [(x, y - off) for x, y in arrow]
    down = [(-x, -y + off) for x, y in arrow]
    pygame.draw.polygon(m, WHITE, _rot(up, -45, (c, c)))
    pygame.draw.polygon(m, WHITE, _rot(down, -45, (c, c)))
    return m


def _shuffle_mask(size: float) -> pygame.Surface:
    """T10's Wild Shuffle Hands: two arrows crossing (a shape, read without colour)."""
    s = max(4, round(size))
    m = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    arrow = _arrow(s * 0.95, s * 0.13, s * 0.34, s * 0.25)
    pygame.draw.polygon(m, WHITE, _rot(arrow, -32, (c, c)))
    pygame.draw.polygon(m, WHITE, _rot(arrow, 32, (c, c)))
    return m


def _pencil_mask(size: float) -> pygame.Surface:
    """T11's Wild Customizable: a pencil, the rule written on the card."""
    s = max(4, round(size))
    m = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    half, w, tip = s * 0.46, s * 0.11, s * 0.2
    body = [(-half, -w), (half - tip, -w), (half, 0.0), (half - tip, w), (-half, w)]
    pygame.draw.polygon(m, WHITE, _rot(body, -45, (c, c)))
    cut = [(-half + s * 0.16, -w - 1), (-half + s * 0.2, -w - 1),
           (-half + s * 0.2, w + 1), (-half + s * 0.16, w + 1)]
    pygame.draw.polygon(m, (0, 0, 0, 0), _rot(cut, -45, (c, c)))  # the eraser's band
    return m


def _symbol_points(colour: Colour, r: float) -> list[Point]:
    if colour is Colour.RED:  # triangle
        return [(0, -r), (r * 0.98, r * 0.72), (-r * 0.98, r * 0.72)]
    if colour is Colour.GREEN:  # square
        k = r * 0.8
        return [(-k, -k), (k, -k), (k, k), (-k, k)]
    if colour is Colour.BLUE:  # five-point star
        pts: list[Point] = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + 36 * i)
            pts.append((rad * math.cos(a), rad * math.sin(a) + r * 0.08))
        return pts
    return _ellipse_points(r * 0.86, r * 0.86)  # yellow: circle


def _symbol_mask(colour: Colour, size: float) -> pygame.Surface:
    s = max(4, round(size))
    m = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    pts = [(c + x, c + y) for x, y in _symbol_points(colour, s / 2 - 1)]
    if colour is Colour.GREEN:
        k = round(s * 0.8)
        pygame.draw.rect(m, WHITE, ((s - k) // 2, (s - k) // 2, k, k), border_radius=s // 8)
    else:
        pygame.draw.polygon(m, WHITE, pts)
    return m


def _shear(mask: pygame.Surface, k: float = SLANT) -> pygame.Surface:
    """Italicise: shift each row right in proportion to its height."""
    w, h = mask.get_size()
    out = pygame.Surface((w + math.ceil(h * k), h), pygame.SRCALPHA)
    for y in range(h):
        out.blit(mask, (round((h - 1 - y) * k), y), (0, y, w, 1))
    return out


@lru_cache(maxsize=256)
def _index_mask(kind: Kind, number: int | None, height: float, max_w: float) -> pygame.Surface:
    """The white mask of a card's index (cached, shared: do not draw on it)."""
    if kind is Kind.NUMBER:
        m = _text_mask(str(number), height, max_w)
        return _shear(_underlined(m) if number in (6, 9) else m)
    if kind is Kind.SKIP:
        return _skip_mask(height * 1.05)
    if kind is Kind.REVERSE:
        return _reverse_mask(height * 1.15)
    if kind is Kind.DRAW_TWO:
        return _shear(_text_mask("+2", height, max_w))
    if kind is Kind.WILD_DRAW_FOUR:
        return _shear(_text_mask("+4", height, max_w))
    if kind is Kind.WILD_SHUFFLE_HANDS:
        return _shuffle_mask(height * 1.1)
    if kind is Kind.WILD_CUSTOMIZABLE:
        return _pencil_mask(height * 1.1)
    return pygame.Surface((1, 1), pygame.SRCALPHA)


# ------------------------------------------------------------------ pieces


def _draw_oval(surf: pygame.Surface, center: Point, rx: float, ry: float, fill: RGB | None) -> None:
    """The tilted oval; ``fill=None`` draws the four wild quarters."""
    if fill is not None:
        pygame.draw.polygon(surf, fill, _rot(_ellipse_points(rx, ry), OVAL_TILT, center))
        return
    for i, col in enumerate(WILD_ORDER):
        a0 = -180 + 90 * i
        pts = [(0.0, 0.0), *_ellipse_points(rx, ry, a0, a0 + 90)]
        pygame.draw.polygon(surf, PALETTE[col], _rot(pts, OVAL_TILT, center))


def _frame(size: tuple[int, int], ss: int) -> tuple[pygame.Surface, pygame.Rect, int]:
    """White rounded card with a thin edge; returns (surface, body rect, body radius)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = round(w * 0.1)
    pygame.draw.rect(surf, EDGE, surf.get_rect(), border_radius=radius)
    e = max(1, ss)
    pygame.draw.rect(surf, WHITE, surf.get_rect().inflate(-2 * e, -2 * e), border_radius=radius - e)
    border = round(w * 0.06)
    body = surf.get_rect().inflate(-2 * border, -2 * border)
    return surf, body, max(2, radius - border + e)


def _body_layer(
    rect: pygame.Rect, radius: int, colour: RGB, paint: Callable[[pygame.Surface], None]
) -> pygame.Surface:
    top, bottom = _mix(colour, WHITE, 0.16), _mix(colour, INK, 0.22)
    layer = _gradient(rect.size, top, bottom)
    paint(layer)
    layer.blit(_rounded_mask(rect.size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return layer


def _mini_wild(size: float) -> pygame.Surface:
    s = max(4, round(size))
    m = pygame.Surface((round(s * 0.8), s), pygame.SRCALPHA)
    c = (m.get_width() / 2, s / 2)
    pygame.draw.polygon(m, WHITE, _rot(_ellipse_points(s * 0.3, s * 0.47), OVAL_TILT, c))
    _draw_oval(m, c, s * 0.25, s * 0.42, None)
    return m


# ------------------------------------------------------------------ faces


@lru_cache(maxsize=32)
def _blank_face(width: int, colour: Colour | None) -> tuple[pygame.Surface, pygame.Rect]:
    """The supersampled card of ``colour`` before its indices: frame, body
    gradient and the oval (shared by every face of that colour: copy it)."""
    ss = _ss(width)
    surf, body, radius = _frame((width * ss, card_height(width) * ss), ss)
    bw, bh = body.size
    oc = (bw / 2, bh / 2)
    orx, ory = bw * 0.40, bh * 0.47

    def paint(layer: pygame.Surface) -> None:
        _draw_oval(layer, oc, orx, ory, None if colour is None else WHITE)

    surf.blit(_body_layer(body, radius, colour_rgb(colour), paint), body.topleft)
    return surf, body


@lru_cache(maxsize=256)
def _corner(kind: Kind, number: int | None, width: int,
            symbol: Colour | None) -> tuple[pygame.Surface, pygame.Surface]:
    """The top-left corner index of a supersampled face (white on any colour,
    with the colour-blind ``symbol`` if any) and its 180-degree turn."""
    W, H = width * _ss(width), card_height(width) * _ss(width)
    corner = pygame.Surface((round(W * 0.3), round(H * 0.36)), pygame.SRCALPHA)
    ih = W * 0.18
    cx, cy = W * 0.14, W * 0.16
    if kind is Kind.WILD:
        corner.blit(
            _mini_wild(ih * 1.25), _mini_wild(ih * 1.25).get_rect(center=(cx, cy + ih * 0.1))
        )
    else:
        _stamp(
            corner,
            _index_mask(kind, number, ih, W * 0.24),
            (cx, cy),
            WHITE,
            INK,
            W * 0.012,
            shadow=W * 0.012,
        )
    if symbol is not None:
        sym = _symbol_mask(symbol, W * 0.14)
        _stamp(corner, sym, (cx, cy + ih * 1.1), WHITE, INK, W * 0.011)
    return corner, pygame.transform.rotate(corner, 180)


def _render_face(key: FaceKey, width: int, colourblind: bool) -> pygame.Surface:
    kind, colour, number = key
    blank, body = _blank_face(width, colour)
    surf = blank.copy()
    W, H = surf.get_size()
    base = colour_rgb(colour)
    wild = colour is None
    center = (W / 2, H / 2)

    # Big centre index.
    ink = base if not wild else WHITE
    if kind is Kind.NUMBER:
        big = _index_mask(kind, number, H * 0.36, W * 0.7)
    elif kind in (Kind.SKIP, Kind.REVERSE):
        big = _index_mask(kind, number, W * 0.5, W * 0.7)
    elif kind is Kind.DRAW_TWO:
        big = _index_mask(kind, number, H * 0.27, W * 0.62)
    elif kind is Kind.WILD_DRAW_FOUR:
        big = _index_mask(kind, number, H * 0.25, W * 0.6)
    elif kind in (Kind.WILD_SHUFFLE_HANDS, Kind.WILD_CUSTOMIZABLE):
        big = _index_mask(kind, number, W * 0.5, W * 0.7)
    else:
        big = None
    if big is not None:
        _stamp(surf, big, center, ink, INK, W * 0.022, shadow=W * 0.03)

    # Corner indices (bottom-right is the top-left rotated 180 degrees).
    corner, flipped = _corner(kind, number, width, colour if colourblind else None)
    origin = (body.left - W * 0.005, body.top - W * 0.005)
    surf.blit(corner, (round(origin[0]), round(origin[1])))
    surf.blit(
        flipped,
        (round(W - origin[0] - corner.get_width()), round(H - origin[1] - corner.get_height())),
    )
    return _down(surf, card_size(width))


def face_key(card: Card) -> FaceKey:
    return (card.kind, card.colour, card.number)


@lru_cache(maxsize=2048)
def _face_cached(key: FaceKey, width: int, colourblind: bool, dimmed: bool) -> pygame.Surface:
    if dimmed:
        surf = _face_cached(key, width, colourblind, False).copy()
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((150, 150, 150, 255))
        surf.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return surf
    return _render_face(key, width, colourblind)


def card_face(
    card: Card, width: int, colourblind: bool = False, dimmed: bool = False
) -> pygame.Surface:
    """The face of ``card`` (shared cached surface, do not draw on it).

    Cards with the same face (kind, colour, number) share one surface.
    ``dimmed`` darkens the card, e.g. for unplayable cards in a hand.
    """
    return _face_cached(face_key(card), max(8, int(width)), colourblind, dimmed)


@lru_cache(maxsize=64)
def card_back(width: int) -> pygame.Surface:
    """Our card back: dark striped body, our own logo (game.ui.logo) across the middle."""
    from game.ui.logo import logo

    width = max(8, int(width))
    ss = _ss(width)
    size = (width * ss, card_height(width) * ss)
    surf, body, radius = _frame(size, ss)
    bw, bh = body.size

    def paint(layer: pygame.Surface) -> None:
        step = max(4, round(bw * 0.08))
        stripe = _mix(BACK_BODY, WHITE, 0.05)
        for x in range(-bh, bw + bh, step):
            pygame.draw.line(layer, stripe, (x, 0), (x + bh, bh), max(1, step // 4))

    surf.blit(_body_layer(body, radius, BACK_BODY, paint), body.topleft)
    out = _down(surf, card_size(width))
    mark = logo(max(12, round(width * 0.3)))
    if mark.get_width() > width * 0.86:
        scale = width * 0.86 / mark.get_width()
        mark = pygame.transform.smoothscale(
            mark, (round(mark.get_width() * scale), max(1, round(mark.get_height() * scale))))
    out.blit(mark, mark.get_rect(center=(out.get_width() / 2, out.get_height() / 2)))
    return out


@lru_cache(maxsize=64)
def card_outline(width: int, colour: RGB = GOLD, thickness: int | None = None) -> pygame.Surface:
    """A glowing rounded outline to blit at ``(x - t, y - t)`` around a card.

    ``t`` is ``outline_pad(width, thickness)``; the surface is the card size
    plus ``2 * t`` each way.
    """
    t = outline_pad(width, thickness)
    w, h = card_size(width)
    out = pygame.Surface((w + 2 * t, h + 2 * t), pygame.SRCALPHA)
    radius = round(width * 0.1)
    for i in range(t):
        alpha = round(255 * ((i + 1) / t) ** 1.6)
        rect = out.get_rect().inflate(-2 * i, -2 * i)
        pygame.draw.rect(out, (*colour, alpha), rect, width=2, border_radius=radius + t - i)
    pygame.draw.rect(
        out,
        (*colour, 255),
        out.get_rect().inflate(-2 * t + 4, -2 * t + 4),
        width=max(2, t // 3),
        border_radius=radius + 2,
    )
    return out


def highlight(width: int, colour: RGB = GOLD) -> pygame.Surface:
    """Alias of :func:`card_outline` with the default thickness."""
    return card_outline(width, colour)


def outline_pad(width: int, thickness: int | None = None) -> int:
    return thickness if thickness is not None else max(3, round(width * 0.07))


@lru_cache(maxsize=64)
def card_shadow(width: int, offset: int | None = None) -> pygame.Surface:
    """Soft drop shadow, card-sized plus ``2 * pad``; blit at ``(x - pad + o, y - pad + o)``."""
    pad = max(2, round(width * 0.06))
    w, h = card_size(width)
    small = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad):
        alpha = round(90 * (i + 1) / pad)
        pygame.draw.rect(
            small,
            (0, 0, 0, alpha // 3),
            small.get_rect().inflate(-2 * i, -2 * i),
            border_radius=round(width * 0.1) + pad - i,
        )
    return small


# ------------------------------------------------------------------ colour helpers


@lru_cache(maxsize=128)
def colour_symbol(
    colour: Colour, size: int, fill: RGB = WHITE, outline: RGB = INK
) -> pygame.Surface:
    """The colour-blind shape of ``colour``: red triangle, yellow circle,
    green square, blue star (drawn, not font glyphs)."""
    size = max(4, int(size))
    ss = _ss(size) * 2
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    t = size * ss * 0.07
    mask = _symbol_mask(colour, size * ss - 4 * t)
    _stamp(big, mask, (size * ss / 2, size * ss / 2), fill, outline, t)
    return _down(big, (size, size))


@lru_cache(maxsize=128)
def colour_swatch(colour: Colour | None, size: int, colourblind: bool = False) -> pygame.Surface:
    """A round colour chip for pickers/indicators (``None`` = four wild colours)."""
    size = max(4, int(size))
    ss = _ss(size) * 2
    S = size * ss
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = (S / 2, S / 2)
    pygame.draw.circle(big, WHITE, c, S / 2)
    r = S / 2 - S * 0.07
    if colour is None:
        for i, col in enumerate(WILD_ORDER):
            pts = [(0.0, 0.0), *_ellipse_points(r, r, -180 + 90 * i, -90 + 90 * i)]
            pygame.draw.polygon(big, PALETTE[col], [(c[0] + x, c[1] + y) for x, y in pts])
    else:
        pygame.draw.circle(big, PALETTE[colour], c, r)
        if colourblind:
            mask = _symbol_mask(colour, S * 0.5)
            _stamp(big, mask, c, WHITE, INK, S * 0.035)
    return _down(big, (size, size))


@lru_cache(maxsize=32)
def direction_arrow(
    size: int, clockwise: bool = True, colour: RGB = WHITE, outline: RGB | None = INK
) -> pygame.Surface:
    """Two curved arrows chasing each other round a circle (play direction)."""
    size = max(8, int(size))
    ss = _ss(size) * 2
    S = size * ss
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    c = (S / 2, S / 2)
    r_out, r_in = S * 0.40, S * 0.29
    head = S * 0.13
    for start in (200.0, 20.0):
        span = 120.0
        outer = _ellipse_points(r_out, r_out, start, start + span)
        inner = _ellipse_points(r_in, r_in, start + span, start)
        pygame.draw.polygon(mask, WHITE, [(c[0] + x, c[1] + y) for x, y in outer + inner])
        end = math.radians(start + span)
        rm = (r_out + r_in) / 2
        ex, ey = math.cos(end), math.sin(end)  # radial unit vector at the tip base
        tx, ty = -ey, ex  # tangent (increasing angle = clockwise on screen)
        hw = (r_out - r_in) / 2 + head * 0.55
        base = (c[0] + rm * ex, c[1] + rm * ey)
        tip = (base[0] + tx * head * 1.5, base[1] + ty * head * 1.5)
        pygame.draw.polygon(
            mask,
            WHITE,
            [(base[0] + ex * hw, base[1] + ey * hw), tip, (base[0] - ex * hw, base[1] - ey * hw)],
        )
    if not clockwise:
        mask = pygame.transform.flip(mask, True, False)
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    _stamp(big, mask, c, colour, outline, S * 0.025 if outline else 0.0)
    return _down(big, (size, size))


_sprites: dict[pygame.Surface, pygame.Surface] = {}


def sprite(surf: pygame.Surface) -> pygame.Surface:
    """A run-length encoded copy of the shared surface ``surf``, for blitting
    only (cached). A card blits about 3x faster (its opaque runs are copied,
    not blended); its anti-aliased corners blend within 1/255 of ``surf``."""
    out = _sprites.get(surf)
    if out is None:
        if len(_sprites) >= 256:  # about two card sizes
            _sprites.clear()
        out = surf.copy()
        out.set_alpha(255, pygame.RLEACCEL)
        _sprites[surf] = out
    return out


def clear_caches() -> None:
    """Drop every cached surface (e.g. after ``pygame.quit()``)."""
    _sprites.clear()
    for fn in (
        _face_cached,
        _blank_face,
        _corner,
        _index_mask,
        _gradient_cached,
        card_back,
        card_outline,
        card_shadow,
        colour_symbol,
        colour_swatch,
        direction_arrow,
    ):
        fn.cache_clear()


__all__ = [
    "COLOURS",
    "PALETTE",
    "card_back",
    "card_face",
    "card_height",
    "card_outline",
    "card_shadow",
    "card_size",
    "clear_caches",
    "colour_rgb",
    "colour_swatch",
    "colour_symbol",
    "direction_arrow",
    "face_key",
    "highlight",
    "outline_pad",
    "prerender",
    "sprite",
]


def prerender(width: int, colourblind: bool = False) -> None:
    """Warm the cache for every face at ``width`` (e.g. on a loading screen)."""
    for key in {face_key(c) for c in DECK}:
        _face_cached(key, max(8, int(width)), colourblind, False)
    card_back(width)
