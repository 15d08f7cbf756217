"""Three Kingdoms' map of the 13 州: the printed map drawn once per process and pasted, then who occupies and
built where, the last 州 highlighted, and the legend."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from games.three_kingdoms.content import (
    ROWS,
    SPECIALS,
    SQUARES,
    Content,
    content,
)
from games.three_kingdoms.view import TKView

from .. import palette as pal
from ..kit import Canvas, Flow, recording
from ..palette import RGB
from ..static_layer import Layer, Sprites, draw_layer, paste_layer
from .common import (
    BORDER_LINE,
    BOX_H,
    BOX_W,
    COST_BADGE,
    HEADER_H,
    INK,
    INK_MUTED,
    MAP_W,
    MARGIN,
    PARCHMENT,
    _marker,
    _region_colour,
    _w,
    _word,
    _zh,
    glyph,
    seat_colour,
)

# ------------------------------------------------------------------------------------------------
# The map


class _MapFrame:
    """Where the map's picture coordinates (1000 x 760, from the data) land on the canvas."""

    def __init__(self, c: Content, x: float, y: float, w: float) -> None:
        xs = [z.pos[0] for z in c.zhou.values()]
        ys = [z.pos[1] for z in c.zhou.values()]
        self.x_min, self.y_min = min(xs), min(ys)
        span_x, span_y = max(1, max(xs) - self.x_min), max(1, max(ys) - self.y_min)
        self.pad = 14
        self.scale = min(1.0, (w - 2 * self.pad - BOX_W) / span_x)
        self.x, self.y = x, y
        self.height = span_y * self.scale + BOX_H + 2 * self.pad + 10

    def centre(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (self.x + self.pad + BOX_W / 2 + (pos[0] - self.x_min) * self.scale,
                self.y + self.pad + 10 + BOX_H / 2 + (pos[1] - self.y_min) * self.scale)


def _badge_spot(centres: dict[str, tuple[float, float]], pair: tuple[str, str]) -> tuple[float, float]:
    """Where a border's cost badge goes: the point of the line between the two 州 farthest from every box
    (the middle, unless another 州 lies across the line)."""
    (ax, ay), (bx, by) = centres[pair[0]], centres[pair[1]]
    best, spot = -math.inf, ((ax + bx) / 2, (ay + by) / 2)
    for k in range(7):
        t = 0.5 + (k // 2 + k % 2) * (0.06 if k % 2 else -0.06)
        px, py = ax + (bx - ax) * t, ay + (by - ay) * t
        clear = min(max(abs(px - cx) - BOX_W / 2, abs(py - cy) - BOX_H / 2) for cx, cy in centres.values())
        if clear > best + 4:
            best, spot = clear, (px, py)
    return spot


def _zhou_base(cv: Canvas, zid: str, centre: tuple[float, float], lang: str) -> None:
    """What a 州 shows on every board: its walls, region colour and name, four empty marker spaces and the
    four empty building squares (markers and buildings are drawn over them by :func:`_zhou_pieces`)."""
    z = content().zhou[zid]
    cx, cy = centre
    x0, y0, x1, y1 = cx - BOX_W / 2, cy - BOX_H / 2, cx + BOX_W / 2, cy + BOX_H / 2
    colour = _region_colour(z.region)
    dark = pal.darken(colour, 0.5)
    if z.edge:  # an edge province: a heavy double wall
        cv.box((x0 - 4, y0 - 4, x1 + 4, y1 + 4), fill=dark, radius=14)
        cv.box((x0 - 1.5, y0 - 1.5, x1 + 1.5, y1 + 1.5), fill=PARCHMENT, radius=12)
    cv.box((x0, y0, x1, y1), fill=colour, outline=dark, radius=11, width=1.5)
    cv.text((cx, y0 + 16), z.name(lang), 17, fill=INK, bold=True, anchor="mm", max_width=BOX_W - 10)
    r, step = 10.0, 25.0
    mx0 = cx - step * 1.5
    for i in range(4):
        cv.circle((mx0 + i * step, cy + 3), r - 1, fill=pal.lighten(colour, 0.35), outline=pal.darken(colour, 0.25),
                  width=1.2)
    s, sstep = 24.0, 27.0
    sx0 = cx - sstep * 1.5 - s / 2
    sy = y1 - s - 7
    for i, square in enumerate(SQUARES):
        bx = sx0 + i * sstep
        cv.box((bx, sy, bx + s, sy + s), fill=pal.lighten(colour, 0.45), outline=pal.darken(colour, 0.3), radius=4,
               width=1)
        cv.text((bx + s / 2, sy + s / 2), glyph(square, lang), 11 if _zh(lang) else 10,
                fill=pal.darken(colour, 0.35), anchor="mm")


def _zhou_pieces(cv: Canvas, view: TKView, zid: str, centre: tuple[float, float], lang: str) -> None:
    """A 州's occupation markers (up to four, in the order placed) and buildings, over its base."""
    zv = next((x for x in view.zhou if x.id == zid), None)
    if zv is None:
        return
    cx, cy = centre
    back = _region_colour(content().zhou[zid].region)
    r, step = 10.0, 25.0
    mx0 = cx - step * 1.5
    for i, seat in enumerate(zv.markers[:4]):
        mx, my = mx0 + i * step, cy + 3
        _PIECES.paste(cv, ("marker", seat), (mx - r - 1, my - r - 1, mx + r + 1, my + r + 1), _marker_at(seat, r),
                      background=back)
    s, sstep = 24.0, 27.0
    sx0 = cx - sstep * 1.5 - s / 2
    sy = cy + BOX_H / 2 - s - 7
    for i, square in enumerate(SQUARES):
        if square not in zv.squares:
            continue
        bx = sx0 + i * sstep
        seat, kind = zv.squares[square]
        _PIECES.paste(cv, ("building", seat, kind), (bx, sy, bx + s, sy + s), _building_at(seat, kind, s, lang, back),
                      background=back)


#: Markers and buildings on the map, drawn once and pasted (issue 13 §3): each is about 8 KB.
_PIECES = Sprites(256)


def _marker_at(seat: int, r: float) -> Callable[[Canvas, float, float], None]:
    """Draws an occupation marker in the ``2r + 2`` square at ``(x, y)``."""
    return lambda cv, x, y: _marker(cv, (x + r + 1, y + r + 1), seat, r)


def _building_at(seat: int, kind: str, s: float, lang: str, back: RGB) -> Callable[[Canvas, float, float], None]:
    """Draws a building of ``seat`` in the ``s`` square at ``(x, y)``, over the empty square printed there: that
    is first covered with the 州's colour ``back``, so the building's anti-aliased corners blend with what a
    sprite of it is drawn on."""
    def draw(cv: Canvas, x: float, y: float) -> None:
        cv.box((x, y, x + s, y + s), fill=back, radius=0)
        cv.box((x, y, x + s, y + s), fill=seat_colour(seat), outline=(255, 255, 255), radius=4, width=1.5)
        cv.text((x + s / 2, y + s / 2), glyph(kind, lang), 12.5 if _zh(lang) else 11.5, fill=(255, 255, 255),
                bold=True, anchor="mm")
    return draw


def _zhou_rect(zid: str, centre: tuple[float, float], grow: float = 0) -> tuple[float, float, float, float]:
    """The box a 州 covers on the map (with its wall), widened by ``grow``."""
    wall = 4 if content().zhou[zid].edge else 0
    cx, cy = centre
    return (cx - BOX_W / 2 - wall - grow, cy - BOX_H / 2 - wall - grow, cx + BOX_W / 2 + wall + grow,
            cy + BOX_H / 2 + wall + grow)


def _overlaps(a: Sequence[float], b: Sequence[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@lru_cache(maxsize=8)
def _map_height(w: float, lang: str, scale: int) -> float:
    """The map panel's height: the 州 and, below them, the legend."""
    legend = _legend(Canvas(round(w), 1, lang, dry=True, scale=scale), 0, 0, w - 28, lang)
    return _MapFrame(content(), 0, 0, w).height + legend + 16


def _map_base(cv: Canvas, x: float, y: float, w: float, lang: str) -> None:
    """The map as printed: parchment, borders with their troop cost, every 州's base, the legend."""
    c = content()
    frame = _MapFrame(c, x, y, w)
    height = _map_height(w, lang, cv.scale)
    cv.box((x, y, x + w, y + height), fill=PARCHMENT, outline=pal.darken(PARCHMENT, 0.35), radius=14, width=1.5)
    centres = {zid: frame.centre(z.pos) for zid, z in c.zhou.items()}
    for border in c.borders:
        a, b = (centres[zid] for zid in border.zhou)
        cv.line([a, b], fill=BORDER_LINE, width=3)
    for border in c.borders:
        mid = _badge_spot(centres, border.zhou)
        cv.circle(mid, 11, fill=COST_BADGE, outline=PARCHMENT, width=1.5)
        cv.text(mid, str(border.cost), 13, fill=(255, 255, 255), bold=True, anchor="mm")
    for zid, centre in centres.items():
        _zhou_base(cv, zid, centre, lang)
    _legend(cv, x + 14, y + frame.height + 4, w - 28, lang)


@lru_cache(maxsize=4)
def _map_layer(lang: str, scale: int) -> Layer:
    """The printed map of the board, drawn once per language (issue 13 §3)."""
    x, y = MARGIN, MARGIN + HEADER_H
    rect = (x, y, x + MAP_W, y + _map_height(MAP_W, lang, scale))
    return draw_layer(rect, lang, lambda cv: _map_base(cv, x, y, MAP_W, lang), scale=scale)


def _map(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str) -> float:
    """The map panel: 州 by region, borders with their troop cost, markers and buildings, a legend."""
    height = _map_height(w, lang, cv.scale)
    if cv.dry:
        return height
    c = content()
    frame = _MapFrame(c, x, y, w)
    centres = {zid: frame.centre(z.pos) for zid, z in c.zhou.items()}
    if (x, y, w) == (MARGIN, MARGIN + HEADER_H, MAP_W):
        paste_layer(cv, _map_layer(lang, cv.scale))
    else:
        _map_base(cv, x, y, w, lang)
    lit = view.last_where if view.last_kind in {"siege", "build"} and view.last_where in centres else ""
    if lit:
        lx, ly = centres[lit]
        colour = seat_colour(view.last_seat) if view.last_seat is not None else pal.ACCENT
        ring = _zhou_rect(lit, centres[lit], 9)
        cv.box((lx - BOX_W / 2 - 9, ly - BOX_H / 2 - 9, lx + BOX_W / 2 + 9, ly + BOX_H / 2 + 9), fill=pal.ACCENT,
               radius=17)
        cv.box((lx - BOX_W / 2 - 5, ly - BOX_H / 2 - 5, lx + BOX_W / 2 + 5, ly + BOX_H / 2 + 5), fill=colour,
               radius=15)
        with recording():           # drawn again over the ring, as printed; its strings are already reported
            for zid, centre in centres.items():
                if _overlaps(ring, _zhou_rect(zid, centre)):
                    _zhou_base(cv, zid, centre, lang)
    for zid, centre in centres.items():
        _zhou_pieces(cv, view, zid, centre, lang)
    if lit:
        lx, ly = centres[lit]
        label = _word("action", view.last_kind, lang)
        lw = cv.measure(label, 13, bold=True) + 16
        cv.pill((lx - lw / 2, ly - BOX_H / 2 - 9), label, 13, fill=pal.ACCENT, text_fill=pal.TEXT_DARK, height=22,
                pad=8)
    return height


def _legend(cv: Canvas, x: float, y: float, w: float, lang: str) -> float:
    """Regions, edge provinces, border costs and the building marks. Returns the height."""
    c = content()
    flow = Flow(round(x), round(y), round(w), gap_x=16, gap_y=6)
    size = 13.0
    for rid, region in c.regions.items():
        label = region.name(lang)
        px, top = flow.place(round(24 + cv.measure(label, size, True)), 22)
        colour = _region_colour(rid)
        cv.box((px, top + 3, px + 18, top + 19), fill=colour, outline=pal.darken(colour, 0.5), radius=4)
        cv.text((px + 24, top + 11), label, size, fill=INK, bold=True)
    label = _w("legend_edge", lang)
    px, top = flow.place(round(30 + cv.measure(label, size)), 22)
    cv.box((px, top + 1, px + 24, top + 21), fill=INK_MUTED, radius=6)
    cv.box((px + 3, top + 4, px + 21, top + 18), fill=PARCHMENT, radius=4)
    cv.text((px + 30, top + 11), label, size, fill=INK)
    label = _w("legend_cost", lang)
    px, top = flow.place(round(28 + cv.measure(label, size)), 22)
    cv.circle((px + 10, top + 11), 10, fill=COST_BADGE)
    cv.text((px + 10, top + 11), "3", 12, fill=(255, 255, 255), bold=True, anchor="mm")
    cv.text((px + 26, top + 11), label, size, fill=INK)
    flow.newline()
    for kind in (*ROWS, *SPECIALS):
        label = _word("kind", kind, lang)
        px, top = flow.place(round(28 + cv.measure(label, size)), 22)
        cv.box((px, top, px + 22, top + 22), fill=INK_MUTED, radius=4)
        cv.text((px + 11, top + 11), glyph(kind, lang), 11.5 if _zh(lang) else 10.5, fill=(255, 255, 255), bold=True,
                anchor="mm")
        cv.text((px + 28, top + 11), label, size, fill=INK)
    label = _w("legend_empty", lang)
    px, top = flow.place(round(28 + cv.measure(label, size)), 22)
    cv.box((px, top, px + 22, top + 22), fill=pal.lighten(INK_MUTED, 0.7), outline=INK_MUTED, radius=4)
    cv.text((px + 11, top + 11), glyph("special", lang), 10.5, fill=INK_MUTED, anchor="mm")
    cv.text((px + 28, top + 11), label, size, fill=INK)
    return flow.bottom - y
