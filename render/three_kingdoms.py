"""Images for Three Kingdoms (逐鹿): the public board, a seat's private panel and the final result.

Drawn from a :class:`~games.three_kingdoms.view.TKView` (what one seat or a spectator may see) plus the
public content (map, lord boards, talent cards, condition cards); never from the game state. The board
shows no hand: a spectator view carries only hand sizes, and only :func:`private` draws
``view.seats[view.viewer].hand``.

Layout of the board (about 1500 px wide): a header with the round and whose turn it is; the map of the
13 州 (left) beside the rondel and the 称霸/称王/称帝 ladder (right); the four talent markets; one panel
per player; the last move. Words of the image are in ``three_kingdoms.toml``; names of actions,
resources, buildings, tiers, metrics and card effects come from the game's own catalog.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.core import Outcome
from games.three_kingdoms import GAME
from games.three_kingdoms.content import (
    ROW_ACTION,
    ROW_GAINS,
    ROW_PAYS,
    ROWS,
    SPECIAL_FOR,
    SPECIALS,
    SQUARES,
    Content,
    Talent,
    content,
)
from games.three_kingdoms.game import META
from games.three_kingdoms.text import card_name, effect_text, gains_text, move_steps, word
from games.three_kingdoms.view import AskView, SeatView, TierView, TKView

from . import palette as pal
from .cards import CARD_BODY, card_frame
from .kit import DIRECT, MARGIN_DEFAULT, Canvas, Flow, TitleRenderer, recording, seat_label
from .palette import RGB
from .static_layer import Layer, Sprites, draw_layer, paste_layer

__all__ = ["REGION_COLOURS", "RENDERER", "SEAT_COLOURS", "board_image", "draw_board", "map_centres", "private",
           "result"]

MARGIN = MARGIN_DEFAULT
GAP = 16
WIDTH = 1500
INNER = WIDTH - 2 * MARGIN
MAP_W = 900                      # the map panel; the rondel and ladder column is right of it
SIDE_X = MARGIN + MAP_W + GAP
SIDE_W = WIDTH - MARGIN - SIDE_X
BOX_W, BOX_H = 124, 96           # a 州 on the map
HEADER_H = 54                    # the title line above the map
RONDEL_R = 166                   # the rondel's outer radius
PRIVATE_W = 1000
RESULT_W = 1240

# The printed map: parchment, dark ink; the four regions in soft earth colours.
PARCHMENT: RGB = (238, 230, 208)
INK: RGB = (40, 38, 34)
INK_MUTED: RGB = (110, 104, 92)
BORDER_LINE: RGB = (122, 104, 82)
COST_BADGE: RGB = (74, 58, 44)
REGION_COLOURS: dict[str, RGB] = {
    "nw": (224, 200, 148),       # 西北: loess and steppe
    "ne": (178, 200, 228),       # 东北: the northern plain
    "se": (176, 214, 170),       # 东南: rivers and rice
    "sw": (230, 180, 160),       # 西南: red hills
}
_REGION_FALLBACK: tuple[RGB, ...] = tuple(REGION_COLOURS.values())
# Card bands by deck: a region's deck in a deeper tone of its map colour.
DECK_COLOURS: dict[str, RGB] = {
    "nw": (170, 128, 58), "ne": (64, 104, 168), "se": (54, 132, 74), "sw": (176, 86, 64),
    "hand": (112, 114, 124), "lord": (146, 112, 36), "ba": (168, 40, 44), "wang": (118, 52, 150),
}
# Seat colours: occupation markers, buildings, claims.
SEAT_COLOURS: tuple[RGB, ...] = ((44, 102, 214), (206, 48, 56), (12, 146, 136), (140, 84, 210))
RESOURCE_COLOURS: dict[str, RGB] = {"gold": (242, 196, 48), "wood": (150, 98, 52), "troops": (200, 62, 58)}
# The rondel: one tone per action, the two pointers in clearly different colours.
ACTION_COLOURS: dict[str, RGB] = {
    "sell": (150, 118, 30), "log": (112, 78, 44), "recruit": (150, 48, 48), "hire": (102, 70, 146),
    "siege": (170, 70, 30), "build": (70, 104, 118), "any": (84, 88, 100),
}
TAO: RGB = (232, 72, 56)          # 韬: vermilion
LUE: RGB = (40, 150, 232)         # 略: azure
GOLD: RGB = (230, 182, 60)
_MEDAL: dict[int, RGB] = {1: GOLD, 2: (190, 196, 206), 3: (198, 128, 74)}
# One glyph per building kind and per empty square (zh: the word's first character).
_GLYPH_EN = {"lumber": "Lm", "barracks": "Bk", "workshop": "Ws", "drill": "Dr", "works": "Wk", "pavilion": "Pv",
             "special": "Sp"}

_WORDS: dict[str, dict[str, str]] = tomllib.loads(
    Path(__file__).with_name("three_kingdoms.toml").read_text(encoding="utf-8"))


def _w(key: str, lang: str, **params: Any) -> str:
    table = _WORDS["zh"] if lang.startswith("zh") else _WORDS["en"]
    text = table.get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def _zh(lang: str) -> bool:
    return lang.startswith("zh")


def _word(group: str, key: str, lang: str) -> str:
    return word(GAME, group, key, lang)


def _tier(tier: str, lang: str) -> str:
    """A tier's short name: 称霸 / Hegemon (the catalog's English adds the Chinese in brackets)."""
    return _word("tier", tier, lang).split(" (")[0]


def _names(names: Sequence[str] | None, lang: str) -> list[str]:
    return [seat_label(s, lang, names) for s in range(max(META.max_players, len(names or ())))]


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _region_colour(region: str) -> RGB:
    if region in REGION_COLOURS:
        return REGION_COLOURS[region]
    index = list(content().regions).index(region) if region in content().regions else 0
    return _REGION_FALLBACK[index % len(_REGION_FALLBACK)]


def _deck_colour(card: str) -> RGB:
    talent = content().talents.get(card)
    return DECK_COLOURS.get(talent.deck, pal.MUTED) if talent else pal.MUTED


def glyph(kind: str, lang: str) -> str:
    """The short mark of a building kind (or of an empty square) on the map."""
    if _zh(lang):
        return _word("kind", kind, lang)[:1]
    return _GLYPH_EN.get(kind, kind[:2].title())


def _lord_name(seat: SeatView, lang: str) -> str:
    lord = content().lords.get(seat.lord)
    return lord.name(lang) if lord else ""


def _effects(talent: Talent, lang: str) -> str:
    sep = "；" if _zh(lang) else "; "
    return sep.join(effect_text(GAME, e, lang) for e in talent.effects)


def _moves(talent: Talent, lang: str) -> str:
    return " | ".join(move_steps(m, lang) for m in talent.moves)


def prompt_text(ask: AskView, lang: str, names: Sequence[str]) -> str:
    """What the game waits for, in the catalog's words (``act`` lists the actions still pending)."""
    params: dict[str, Any] = {"pointer": ask.detail, "kind": ask.detail, "tier": ask.detail, "card": ask.detail}
    if ask.kind == "act":
        params["actions"] = _w("comma", lang).join(_word("action", a, lang) for a in ask.pending)
    text = GAME.text(f"prompt.{ask.kind}", params, lang, names)
    if ask.kind == "choice" and ask.options:
        text += _w("colon", lang) + " / ".join(gains_text(GAME, o, lang) for o in ask.options)
    return text


def last_text(view: TKView, lang: str, names: Sequence[str]) -> str:
    """The latest visible change in words ("" before the first)."""
    if view.last_seat is None:
        return ""
    c = content()
    name = names[view.last_seat] if 0 <= view.last_seat < len(names) else f"#{view.last_seat + 1}"
    kind, where = view.last_kind, view.last_where
    if kind in {"play", "hire"}:
        text = _w(f"last_{kind}", lang, name=name, card=card_name(where, lang))
    elif kind in {"siege", "build"}:
        zhou = c.zhou[where].name(lang) if where in c.zhou else where
        text = _w(f"last_{kind}", lang, name=name, zhou=zhou)
    elif kind in {"recall", "usurp"}:
        text = _w(f"last_{kind}", lang, name=name)
    elif kind in ROW_ACTION.values():
        text = _w("last_produce", lang, name=name, action=_word("action", kind, lang))
    else:
        text = _w("last_other", lang, name=name, kind=kind)
    return _w("last", lang, text=text)


# ------------------------------------------------------------------------------------------------
# Small pieces


def _marker(cv: Canvas, centre: tuple[float, float], seat: int, radius: float) -> None:
    """An occupation marker: a disc in the seat's colour with its number."""
    colour = seat_colour(seat)
    cv.circle(centre, radius, fill=colour, outline=(255, 255, 255), width=max(1.0, radius / 6))
    cv.text(centre, str(seat + 1), radius * 1.1, fill=(255, 255, 255), bold=True, anchor="mm")


def _disc_row(cv: Canvas, x: float, y: float, seats: Sequence[int], radius: float = 10) -> float:
    """Seat discs left to right from ``x``, centred on ``y``; returns the width."""
    for i, seat in enumerate(seats):
        _marker(cv, (x + radius + i * (2 * radius + 4), y), seat, radius)
    return len(seats) * (2 * radius + 4)


def _resource(cv: Canvas, xy: tuple[float, float], key: str, amount: int, size: float = 18,
              fill: RGB = pal.TEXT) -> float:
    """A resource cube and its amount, vertically centred on ``xy[1]``; returns the width."""
    x, y = xy
    cv.cube((x, y - size / 2), size, RESOURCE_COLOURS[key], hollow=amount == 0)
    w = cv.text((x + size * 1.22, y), str(amount), size * 0.92, bold=True, fill=fill if amount else pal.MUTED)
    return size * 1.22 + w


def _crown(cv: Canvas, centre: tuple[float, float], size: float, fill: RGB = GOLD) -> None:
    cx, cy = centre
    h = size / 2
    cv.polygon([(cx - h, cy + h * 0.6), (cx - h, cy - h * 0.5), (cx - h * 0.45, cy), (cx, cy - h * 0.8),
                (cx + h * 0.45, cy), (cx + h, cy - h * 0.5), (cx + h, cy + h * 0.6)], fill=fill,
               outline=pal.darken(fill, 0.45), width=max(0.8, size / 14))


def _seal(cv: Canvas, centre: tuple[float, float], size: float, fill: RGB = (196, 40, 44)) -> None:
    """An imperial seal: a square stamp with a knob."""
    cx, cy = centre
    h = size / 2
    cv.box((cx - h * 0.8, cy - h * 0.2, cx + h * 0.8, cy + h), fill=fill, outline=pal.darken(fill, 0.4), radius=2,
           width=max(0.8, size / 14))
    cv.circle((cx, cy - h * 0.5), h * 0.38, fill=pal.lighten(fill, 0.15), outline=pal.darken(fill, 0.4),
              width=max(0.8, size / 14))


def _pointer_badge(cv: Canvas, centre: tuple[float, float], pointer: str, radius: float) -> None:
    colour = TAO if pointer == "tao" else LUE
    cv.circle(centre, radius, fill=colour, outline=(255, 255, 255), width=2)
    cv.text(centre, "韬" if pointer == "tao" else "略", radius * 1.05, fill=(255, 255, 255), bold=True, anchor="mm")


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


# ------------------------------------------------------------------------------------------------
# The rondel and the ladder


def _angle(space: int) -> float:
    """The middle of rondel space ``space`` in degrees clockwise from 3 o'clock; space 0 at the top."""
    return -90 + space * 360 / 7


_RONDEL_INNER = 54.0


def _rondel_space(cv: Canvas, space: int, action: str, cx: float, cy: float, lang: str) -> None:
    """A rondel space's action name and its number."""
    outer, inner = RONDEL_R, _RONDEL_INNER
    rad = math.radians(_angle(space))
    r = (outer + inner) / 2 + 2
    pos = (cx + r * math.cos(rad), cy + r * math.sin(rad))
    cv.text(pos, _word("action", action, lang), 18 if _zh(lang) else 15.5, fill=(255, 255, 255), bold=True,
            anchor="mm", max_width=(outer - inner) * 1.05)
    cv.text((cx + (outer - 14) * math.cos(rad), cy + (outer - 14) * math.sin(rad)), str(space), 10,
            fill=pal.lighten(ACTION_COLOURS.get(action, pal.PANEL_ALT), 0.45), anchor="mm")


def _rondel_base(cv: Canvas, rondel: Sequence[str], cx: float, cy: float, lang: str) -> None:
    """The rondel's seven action spaces and its hub, without names (drawn over the pointers' bands)."""
    outer, inner = RONDEL_R, _RONDEL_INNER
    half = 180 / 7
    for space, action in enumerate(rondel):
        mid = _angle(space)
        colour = ACTION_COLOURS.get(action, pal.PANEL_ALT)
        cv.wedge((cx, cy), outer, mid - half, mid + half, fill=colour, outline=pal.BACKGROUND, width=2.5,
                 inner_radius=inner)
    cv.circle((cx, cy), inner - 4, fill=pal.PANEL, outline=pal.LINE, width=1.5)
    cv.text((cx, cy - 9), _w("rondel", lang) if _zh(lang) else "韬略", 15, fill=pal.TEXT, bold=True, anchor="mm")
    cv.text((cx, cy + 12), "+ ↻", 14, fill=pal.MUTED, bold=True, anchor="mm")


@lru_cache(maxsize=4)
def _rondel_layer(rondel: tuple[str, ...], cx: float, cy: float, lang: str, scale: int) -> Layer:
    """The rondel's spaces and hub, drawn once per order of actions and language (issue 13 §3)."""
    reach = RONDEL_R + 4
    return draw_layer((cx - reach, cy - reach, cx + reach, cy + reach), lang,
                      lambda cv: _rondel_base(cv, rondel, cx, cy, lang), scale=scale)


def _rondel(cv: Canvas, view: TKView, cx: float, cy: float, lang: str) -> None:
    outer, inner = RONDEL_R, _RONDEL_INNER
    half = 180 / 7
    paste_layer(cv, _rondel_layer(tuple(view.rondel), cx, cy, lang, cv.scale))
    for pointer, at in (("tao", view.tao), ("lue", view.lue)):
        if at < 0:
            continue
        mid = _angle(at)
        colour = TAO if pointer == "tao" else LUE
        ring = outer - 6 if pointer == "tao" else inner + 6
        cv.arc((cx, cy), ring - 4.5, mid - half + 2.5, mid + half - 2.5, width=9, fill=colour)
    for space, action in enumerate(view.rondel):
        _rondel_space(cv, space, action, cx, cy, lang)
    same = view.tao == view.lue and view.tao >= 0
    for pointer, at in (("tao", view.tao), ("lue", view.lue)):
        if at < 0:
            continue
        shift = (-9 if pointer == "tao" else 9) if same else 0
        rad = math.radians(_angle(at) + shift)
        tip = (cx + (outer + 3) * math.cos(rad), cy + (outer + 3) * math.sin(rad))
        base = outer + 20
        normal = rad + math.pi / 2
        left = (cx + base * math.cos(rad) + 8 * math.cos(normal), cy + base * math.sin(rad) + 8 * math.sin(normal))
        right = (cx + base * math.cos(rad) - 8 * math.cos(normal), cy + base * math.sin(rad) - 8 * math.sin(normal))
        colour = TAO if pointer == "tao" else LUE
        cv.polygon([tip, left, right], fill=colour)
        _pointer_badge(cv, (cx + (outer + 32) * math.cos(rad), cy + (outer + 32) * math.sin(rad)), pointer, 15)


def _rondel_block(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str) -> float:
    """The rondel with its pointers and, below, where each pointer stands in words."""
    reach = RONDEL_R + 50
    if cv.dry:
        return 2 * reach + 8 + 24
    cx, cy = x + w / 2, y + reach
    _rondel(cv, view, cx, cy, lang)
    ly = y + 2 * reach + 8
    lx = x + 4
    for pointer, at in (("tao", view.tao), ("lue", view.lue)):
        name = _word("pointer", pointer, lang)
        text = (_w("pointer_at", lang, pointer=name, action=_word("action", view.rondel[at], lang)) if at >= 0
                else _w("pointer_unset", lang, pointer=name))
        _pointer_badge(cv, (lx + 11, ly + 11), pointer, 11)
        lx += 28 + cv.text((lx + 28, ly + 11), text, 14.5, fill=pal.TEXT, bold=True, max_width=w / 2 - 40) + 18
    cv.text((x + w - 4, ly + 11), _w("clockwise", lang), 12.5, fill=pal.MUTED, anchor="rm")
    return 2 * reach + 8 + 24


def _tier_tile(cv: Canvas, view: TKView, tv: TierView, x: float, y: float, w: float, h: float | None,
               lang: str) -> float:
    """One 称霸/称王/称帝 tile: its condition, who claimed it, specials and the 5-point token left."""
    c = content()
    cond = c.conditions.get(tv.condition)
    colour = DECK_COLOURS.get(tv.tier, (150, 120, 40)) if tv.tier != "di" else (176, 132, 28)
    if h is not None:
        cv.panel((x, y, x + w, y + h), radius=12)
        cv.box((x, y, x + w, y + 34), fill=colour, radius=12)
        cv.box((x, y + 20, x + w, y + 34), fill=colour, radius=0)
    cv.text((x + 10, y + 17), _tier(tv.tier, lang), 17, fill=(255, 255, 255), bold=True, max_width=w - 20)
    ty = y + 44
    metric = _word("metric", cond.metric, lang) if cond else tv.condition
    lines = cv.wrap(metric, 13, w - 20, max_lines=2)
    for line in lines:
        cv.text((x + 10, ty + 8), line, 13, fill=pal.MUTED, source=metric)
        ty += 17
    cv.text((x + 10, ty + 16), f"≥ {tv.threshold}", 26, fill=pal.TEXT, bold=True)
    ty += 40
    cv.text((x + 10, ty + 8), _w("claimed", lang), 12, fill=pal.MUTED, bold=True)
    ty += 18
    if tv.claimed:
        _disc_row(cv, x + 10, ty + 11, tv.claimed, 11)
    else:
        cv.text((x + 10, ty + 11), _w("nobody", lang), 13, fill=pal.MUTED)
    ty += 30
    if tv.tier in ("ba", "wang"):
        cv.text((x + 10, ty + 8), _w("specials", lang), 12, fill=pal.MUTED, bold=True)
        ty += 18
        if tv.specials:
            for card in tv.specials:
                cv.box((x + 10, ty + 3, x + 16, ty + 15), fill=DECK_COLOURS.get(tv.tier, pal.MUTED), radius=2)
                cv.text((x + 22, ty + 9), card_name(card, lang), 13.5, fill=pal.TEXT, max_width=w - 32)
                ty += 19
        else:
            cv.text((x + 10, ty + 9), _w("none_left", lang), 13, fill=pal.MUTED)
            ty += 19
        ty += 6
        if tv.five:
            cv.vp((x + 10, ty), 24, 5)
            cv.text((x + 40, ty + 12), _w("five", lang), 13, fill=pal.TEXT, max_width=w - 50)
        else:
            cv.circle((x + 22, ty + 12), 11, outline=pal.LINE, width=1.5)
            cv.text((x + 40, ty + 12), _w("five_gone", lang), 13, fill=pal.MUTED, max_width=w - 50)
        ty += 30
    else:
        for i in range(view.crowns):
            _crown(cv, (x + 20 + i * 26, ty + 10), 20)
        cv.text((x + 10, ty + 32), _w("crowns", lang, n=view.crowns), 13, fill=pal.TEXT)
        ty += 48
        for i in range(view.seals):
            _seal(cv, (x + 18 + i * 22, ty + 8), 17)
        cv.text((x + 10, ty + 30), _w("seals", lang, n=view.seals), 13, fill=pal.TEXT)
        ty += 44
        usurp = cond is None or cond.usurp
        cv.text((x + 10, ty + 8), _w("usurp_ok" if usurp else "no_usurp", lang), 12.5,
                fill=pal.MUTED if usurp else pal.BAD, max_width=w - 20)
        ty += 22
    return ty - y + 6


def _ladder(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str) -> float:
    gap = 10
    tw = (w - gap * (len(view.ladder) - 1)) / max(1, len(view.ladder))
    dry = cv.measuring(tw)
    h = max((_tier_tile(dry, view, tv, 0, 0, tw, None, lang) for tv in view.ladder), default=0)
    if cv.dry:                      # measuring the board: the height is known
        return h
    for i, tv in enumerate(view.ladder):
        _tier_tile(cv, view, tv, x + i * (tw + gap), y, tw, h, lang)
    return h


# ------------------------------------------------------------------------------------------------
# Markets


#: Market cards drawn once and pasted (issue 13 §3): each is about 150 KB at output size.
_MARKET_CARDS = Sprites(16)


def _market_card(cv: Canvas, card: str, x: float, y: float, w: float, h: float, lang: str) -> None:
    talent = content().talents[card]
    colour = _deck_colour(card)
    cv.box((x + 2, y + 3, x + w + 2, y + h + 3), fill=pal.darken(pal.BACKGROUND, 0.45), radius=9)
    cv.box((x, y, x + w, y + h), fill=CARD_BODY, outline=pal.darken(colour, 0.25), radius=9, width=1.5)
    cv.box((x, y, x + 8, y + h), fill=colour, radius=4)
    right = x + w - 8
    cv.vp((right - 26, y + 6), 26, talent.points)
    cost = _w("cost", lang, n=talent.cost)
    cw = cv.measure(cost, 13, True) + 16
    cv.pill((right - 32 - cw, y + 19), cost, 13, fill=RESOURCE_COLOURS["gold"], text_fill=pal.TEXT_DARK, height=22,
            pad=8)
    cv.text((x + 16, y + 19), talent.name(lang), 16, fill=INK, bold=True, max_width=right - 40 - cw - x - 16)
    cv.text((x + 16, y + 42), _moves(talent, lang), 13.5, fill=pal.darken(colour, 0.2), bold=True, max_width=w - 24)
    effects = _effects(talent, lang) or _w("no_effect", lang)
    ink = INK if talent.effects else INK_MUTED
    cv.paragraph((x + 16, y + 52), effects, 12.5, w - 24, fill=ink, max_lines=2, line_height=16)


def _market_card_at(card: str, w: float, h: float, lang: str) -> Callable[[Canvas, float, float], None]:
    return lambda cv, x, y: _market_card(cv, card, x, y, w, h, lang)


def _markets(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str) -> float:
    c = content()
    regions = [r for r in c.regions if r in view.markets] or list(view.markets)
    gap = 14
    cw = (w - gap * (len(regions) - 1)) / max(1, len(regions))
    card_h, card_gap = 96.0, 8.0
    most = max((len(view.markets.get(r, [])) for r in regions), default=0)
    height = 34 + most * (card_h + card_gap)
    if cv.dry:
        return height - card_gap
    for i, rid in enumerate(regions):
        cx = x + i * (cw + gap)
        colour = _region_colour(rid)
        region = c.regions[rid].name(lang) if rid in c.regions else rid
        cv.box((cx, y, cx + cw, y + 26), fill=pal.darken(colour, 0.15), radius=8)
        cv.text((cx + 10, y + 13), region, 15, fill=INK, bold=True)
        cv.text((cx + cw - 10, y + 13), _w("deck", lang, n=view.deck_sizes.get(rid, 0)), 13, fill=INK, anchor="rm")
        for k, card in enumerate(view.markets.get(rid, [])):
            top = y + 34 + k * (card_h + card_gap)
            _MARKET_CARDS.paste(cv, (card, cw, card_h), (cx, top, cx + cw + 2, top + card_h + 3),
                                _market_card_at(card, cw, card_h, lang))
    return height - card_gap


# ------------------------------------------------------------------------------------------------
# Players


def _tier_pills(cv: Canvas, view: TKView, s: SeatView, x: float, y: float, w: float, lang: str) -> float:
    """Each tier: claimed (gold) or the seat's value toward its threshold. Returns the width used."""
    px = x
    for tv in view.ladder:
        claimed = tv.tier in s.claims
        name = _tier(tv.tier, lang)
        if claimed:
            text, fill, ink = f"{name} ✓", GOLD, pal.TEXT_DARK
        elif tv.tier in s.toward:
            text, fill, ink = f"{name} {s.toward[tv.tier]}/{tv.threshold}", pal.PANEL_ALT, pal.TEXT
        else:
            text, fill, ink = f"{name} –/{tv.threshold}", pal.PANEL_ALT, pal.MUTED
        if px + cv.measure(text, 12.5, True) + 18 > x + w:
            break
        px += cv.pill((px, y), text, 12.5, fill=fill, text_fill=ink, height=22, pad=8) + 6
    return px - x


def _player_panel(cv: Canvas, view: TKView, s: SeatView, x: float, y: float, w: float, h: float | None,
                  lang: str, names: Sequence[str]) -> float:
    """One player's public board. Returns the height it needs."""
    c = content()
    ask = view.ask
    asked = ask is not None and ask.seat == s.seat and not view.over
    current = s.seat == view.current and not view.over
    if h is not None:
        cv.panel((x, y, x + w, y + h), fill=pal.PANEL_HI if asked else pal.PANEL,
                 accent=pal.ACCENT if asked else None, accent_width=2.5)
        cv.box((x, y + 12, x + 6, y + h - 12), fill=seat_colour(s.seat), radius=3)
    pad = 14
    ix, iw = x + pad + 4, w - 2 * pad - 4
    cy = y + pad + 12
    _marker(cv, (ix + 12, cy), s.seat, 12)
    tags: list[tuple[str, RGB, RGB]] = []
    if s.seat == view.viewer:
        tags.append((_w("you", lang), pal.PANEL_ALT, pal.TEXT))
    if current:
        tags.append(("▶", pal.ACCENT, pal.TEXT_DARK))
    tag_w = sum(cv.measure(t, 12, True) + 20 for t, _f, _i in tags)
    name_w = cv.text((ix + 30, cy), names[s.seat], 18, bold=True, max_width=iw - 30 - tag_w)
    tx = ix + 30 + name_w + 8
    for text, fill, ink in tags:
        tx += cv.pill((tx, cy), text, 12, fill=fill, text_fill=ink, height=22, pad=8) + 4
    cy += 26
    lord = _lord_name(s, lang)
    sub = lord + (_w("sep", lang) + _w("start", lang, zhou=c.zhou[s.start].name(lang)) if s.start in c.zhou else "")
    cv.text((ix, cy), sub if lord else _w("no_lord", lang), 14, fill=pal.MUTED, bold=bool(lord),
            max_width=iw)
    cy += 28
    rx = ix
    for key in ("gold", "wood", "troops"):
        rx += _resource(cv, (rx, cy), key, getattr(s, key), 19) + 14
    hand = _w("hand", lang, n=s.hand_size)
    cv.card_icon((ix + iw - cv.measure(hand, 14) - 22, cy - 9), 18, pal.MUTED)
    cv.text((ix + iw, cy), hand, 14, fill=pal.TEXT, anchor="rm")
    cy += 20
    # the four counts: score track, talent track, buildings, markers
    cells = ((_w("points", lang), str(s.points)), (_w("talent", lang), str(s.talent)),
             (_w("buildings", lang), f"{s.buildings}/12"),
             (_w("markers", lang), f"{s.markers_on_map}/{s.markers_on_map + s.markers_left}"))
    cell_w = iw / len(cells)
    for i, (label, value) in enumerate(cells):
        bx = ix + i * cell_w
        if h is not None:
            cv.box((bx, cy, bx + cell_w - 6, cy + 46), fill=pal.PANEL_ALT, radius=8)
        cv.text((bx + (cell_w - 6) / 2, cy + 17), value, 19, bold=True, anchor="mm")
        cv.text((bx + (cell_w - 6) / 2, cy + 36), label, 11.5, fill=pal.MUTED, anchor="mm", max_width=cell_w - 10)
    cy += 56
    if view.ladder:
        _tier_pills(cv, view, s, ix, cy + 11, iw, lang)
        cy += 28
    tokens: list[tuple[str, RGB, RGB]] = []
    if s.crown:
        tokens.append((_w("usurper" if s.usurper else "crown", lang), GOLD, pal.TEXT_DARK))
    if s.seals:
        tokens.append((_w("seal_count", lang, n=s.seals), (196, 40, 44), pal.TEXT))
    if s.yifu:
        tokens.append((_w("yifu", lang), (120, 90, 60), pal.TEXT))
    if tokens:
        tx = ix
        for text, fill, ink in tokens:
            if tx + cv.measure(text, 12.5, True) + 18 > ix + iw:
                break
            if text == _w("crown", lang) or text == _w("usurper", lang):
                _crown(cv, (tx + 9, cy + 11), 18)
                tx += 22
            tx += cv.pill((tx, cy + 11), text, 12.5, fill=fill, text_fill=ink, height=22, pad=8) + 6
        cy += 28
    cv.text((ix, cy + 9), _w("in_front", lang) + f" ({len(s.front)})", 12.5, fill=pal.MUTED, bold=True)
    cy += 20
    if s.front:
        flow = Flow(round(ix), round(cy), round(iw), gap_x=5, gap_y=5)
        for card in s.front:
            _chip(cv, flow, card, lang, pal.PANEL_HI if asked else pal.PANEL)
        cy = flow.bottom + 4
    else:
        cv.text((ix, cy + 9), "—", 13, fill=pal.MUTED)
        cy += 20
    if asked and ask is not None:
        text = prompt_text(ask, lang, names)
        lines = cv.wrap(text, 14, iw - 20, bold=True, max_lines=3)
        bh = 12 + 18 * len(lines)
        cy += 4
        cv.box((ix - 4, cy, ix + iw, cy + bh), fill=pal.mix(pal.PANEL_HI, pal.ACCENT, 0.25), radius=8)
        for i, line in enumerate(lines):
            cv.text((ix + 6, cy + 6 + 18 * i + 9), line, 14, fill=pal.ACCENT, bold=True, source=text)
        cy += bh
    return cy - y + pad


def _chip(cv: Canvas, flow: Flow, card: str, lang: str, back: RGB, size: float = 13) -> None:
    """A talent in front: its name and points on its deck's colour (on a panel of colour ``back``)."""
    name = card_name(card, lang)
    talent = content().talents.get(card)
    points = f" {talent.points:+d}" if talent and talent.points else ""
    pad = 7
    text_w = min(cv.measure(name + points, size), flow.width - 2 * pad)
    w, h = text_w + 2 * pad, 23
    px, py = flow.place(round(w), h)
    colour = _deck_colour(card)

    def face(c: Canvas, x: float, y: float) -> None:
        c.box((x, y, x + w, y + h), fill=colour, outline=pal.lighten(colour, 0.25), radius=6)
        c.text((x + pad, y + h / 2), name + points, size, fill=(255, 255, 255), max_width=text_w + 1)

    _CHIPS.paste(cv, (name + points, colour, w, size), (px, py, px + w, py + h), face, background=back)


#: Talent chips drawn once and pasted (issue 13 §3): each is about 12 KB at output size.
_CHIPS = Sprites(160)


def _players(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str, names: Sequence[str]) -> float:
    n = max(1, len(view.seats))
    gap = 12
    pw = (w - gap * (n - 1)) / n
    dry = cv.measuring(pw)
    h = max(_player_panel(dry, view, s, 0, 0, pw, None, lang, names) for s in view.seats) if view.seats else 0
    if cv.dry:
        return h
    for i, s in enumerate(view.seats):
        _player_panel(cv, view, s, x + i * (pw + gap), y, pw, h, lang, names)
    return h


# ------------------------------------------------------------------------------------------------
# The board


def _header(cv: Canvas, view: TKView, y: float, lang: str, names: Sequence[str]) -> None:
    if cv.dry:
        return
    x0, x1 = MARGIN, WIDTH - MARGIN
    title = META.name(lang) + ("" if _zh(lang) else " · 逐鹿")
    tw = cv.text((x0, y + 18), title, 28, bold=True)
    status = [_w("round", lang, round=view.round)]
    if view.over:
        status.append(_w("game_over", lang))
    elif view.ending:
        status.append(_w("last_round", lang))
    cv.text((x0 + tw + 18, y + 20), _w("sep", lang).join(status), 17, fill=pal.ACCENT if view.ending else pal.MUTED,
            bold=True)
    ask = view.ask
    if ask is not None and not view.over:
        seat = ask.seat
        who = names[seat]
        lord = _lord_name(view.seats[seat], lang) if 0 <= seat < len(view.seats) else ""
        head = _w("turn" if seat == view.current else "waiting", lang, name=who + (f" ({lord})" if lord else ""))
        prompt = prompt_text(ask, lang, names)
        pw = min(cv.measure(prompt, 15, True), (x1 - x0) * 0.34)
        hw = min(cv.measure(head, 16, True) + 30, (x1 - x0) * 0.3)
        cv.text((x1, y + 18), prompt, 15, fill=pal.ACCENT, bold=True, anchor="rm", max_width=pw + 1)
        cv.pill((x1 - pw - 14 - hw, y + 18), head, 16, fill=seat_colour(seat), text_fill=(255, 255, 255), height=32,
                max_width=hw)


def map_centres() -> dict[str, tuple[float, float]]:
    """Where each 州's box is centred on the board image (output pixels)."""
    frame = _MapFrame(content(), MARGIN, MARGIN + HEADER_H, MAP_W)
    return {zid: frame.centre(z.pos) for zid, z in content().zhou.items()}


def _board(cv: Canvas, view: TKView, lang: str, names: Sequence[str]) -> float:
    y: float = MARGIN
    _header(cv, view, y, lang, names)
    y += HEADER_H
    map_h = _map(cv, view, MARGIN, y, MAP_W, lang)
    sy = y
    sy += _rondel_block(cv, view, SIDE_X, sy, SIDE_W, lang) + 12
    sy += _ladder(cv, view, SIDE_X, sy, SIDE_W, lang)
    y = max(y + map_h, sy) + GAP
    if view.markets:
        y += _markets(cv, view, MARGIN, y, INNER, lang) + GAP
    if view.seats:
        y += _players(cv, view, MARGIN, y, INNER, lang, names) + GAP
    offers: list[str] = []
    c = content()
    if view.offered and view.ask is not None and view.ask.kind in {"lord", "draft"}:
        offers.append(_w("offered", lang) + _w("colon", lang) + _w("comma", lang).join(
            c.lords[lord].name(lang) for lord in view.offered if lord in c.lords))
        if view.offered_talents:
            offers.append(_w("offered_talents", lang) + _w("colon", lang) + _w("comma", lang).join(
                card_name(t, lang) for t in view.offered_talents))
    parts = [_w("round", lang, round=view.round)]
    if view.turn_card and not view.over:
        parts.append(_w("turn_card", lang, card=card_name(view.turn_card, lang)))
    last = last_text(view, lang, names)
    last = _w("sep", lang).join([*parts, last]) if last else ""
    for line in [*offers, last]:
        if line:
            y += cv.paragraph((MARGIN + 4, y), line, 16, INNER - 8, fill=pal.TEXT, max_lines=2) + 4
    return y + MARGIN - 4


def draw_board(view: TKView, lang: str, names: Sequence[str] | None = None) -> Canvas:
    """The board as a canvas (tests read its pixels; :func:`map_centres` places the 州 on it)."""
    shown = _names(names, lang)
    return Canvas.fitted(WIDTH, lang, lambda cv: _board(cv, view, lang, shown), scale=DIRECT)


def board_image(view: TKView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table: map, rondel, ladder, markets, every player's public board, the last move."""
    return draw_board(view, lang, names).png()


# ------------------------------------------------------------------------------------------------
# Private


def _hand_card(cv: Canvas, card: str, x: float, y: float, w: float, h: float | None, lang: str) -> float:
    """A talent card in full: name and points in the band, cost, rondel options, every effect."""
    talent = content().talents[card]
    colour = _deck_colour(card)
    badge = 30.0
    frame = card_frame(cv, (x, y, x + w, y + (h or 400)), colour, talent.name(lang),
                       subtitle=_w("sep", lang).join(x for x in (_w("card_cost", lang, n=talent.cost),
                                                                 _deck_tag(talent, lang)) if x), title_size=17,
                       max_title_lines=2, badge=lambda bx, by: cv.vp((bx, by), badge, talent.points),
                       badge_size=badge)
    frame_x0, frame_w, body_y = frame.x0, frame.x1 - frame.x0, frame.y0
    ty = body_y + 8
    for i, move in enumerate(talent.moves):
        label = _w("option", lang, n=i + 1)
        lw = cv.text((frame_x0, ty + 10), label, 12.5, fill=INK_MUTED, bold=True)
        cv.text((frame_x0 + lw + 8, ty + 10), move_steps(move, lang), 15, fill=INK, bold=True)
        ty += 22
    ty += 4
    effects = [effect_text(GAME, e, lang) for e in talent.effects] or [_w("no_effect", lang)]
    for text in effects:
        ty += cv.paragraph((frame_x0, ty), text, 13.5, frame_w, fill=INK if talent.effects else INK_MUTED,
                           line_height=18) + 4
    return ty - y + 8


def _deck_tag(talent: Talent, lang: str) -> str:
    c = content()
    if talent.deck in c.regions:
        return c.regions[talent.deck].name(lang)
    if talent.deck in ("ba", "wang"):
        return _tier(talent.deck, lang)
    return ""


def _lord_board(cv: Canvas, s: SeatView, x: float, y: float, w: float, lang: str) -> float:
    """The lord board's building rows: each slot's cost and conversion, built slots in the seat colour."""
    c = content()
    lord = c.lords.get(s.lord)
    if lord is None:
        return 0
    colour = seat_colour(s.seat)
    cv.text((x, y + 12), _w("lord_board", lang) + _w("colon", lang) + lord.name(lang), 18, bold=True)
    y0 = y
    y += 32
    label_w = 250.0
    slot_w = (w - label_w - 2 * 10) / 3
    for row in ROWS:
        built = s.built.get(row, 0)
        kind = _word("kind", row, lang)
        after = _w("row_after", lang, action=_word("action", ROW_ACTION[row], lang),
                   pay=_word("res", ROW_PAYS[row], lang), gain=_word("res", ROW_GAINS[row], lang))
        cv.text((x, y + 16), kind, 16, bold=True, max_width=label_w - 10)
        cv.text((x, y + 38), after, 12.5, fill=pal.MUTED, max_width=label_w - 10)
        for i, slot in enumerate(lord.row(row)):
            sx = x + label_w + i * (slot_w + 10)
            done = i < built
            cv.box((sx, y, sx + slot_w, y + 52), fill=pal.mix(pal.PANEL_ALT, colour, 0.45) if done else pal.PANEL_ALT,
                   outline=colour if done else pal.LINE, radius=8, width=2 if done else 1)
            pay = gains_text(GAME, {ROW_PAYS[row]: slot.pay}, lang)
            conv = f"{pay} → {gains_text(GAME, {ROW_GAINS[row]: slot.gain}, lang)}"
            cv.text((sx + 10, y + 16), _w("slot_cost", lang, n=slot.cost), 14, bold=True,
                    fill=pal.TEXT if not done else (255, 255, 255))
            if done:
                cv.text((sx + slot_w - 10, y + 16), "✓ " + _w("built", lang), 12.5, bold=True, fill=(255, 255, 255),
                        anchor="rm")
            cv.text((sx + 10, y + 38), conv, 14, fill=pal.TEXT, max_width=slot_w - 20)
        y += 62
    cv.text((x, y + 16), _word("kind", "special", lang), 16, bold=True, max_width=label_w - 10)
    for i, kind in enumerate(SPECIALS):
        sx = x + label_w + i * (slot_w + 10)
        done = s.built.get(kind, 0) > 0
        cv.box((sx, y, sx + slot_w, y + 52), fill=pal.mix(pal.PANEL_ALT, colour, 0.45) if done else pal.PANEL_ALT,
               outline=colour if done else pal.LINE, radius=8, width=2 if done else 1)
        cv.text((sx + 10, y + 16), _word("kind", kind, lang), 14, bold=True,
                fill=pal.TEXT if not done else (255, 255, 255), max_width=slot_w - (90 if done else 20))
        if done:
            cv.text((sx + slot_w - 10, y + 16), "✓ " + _w("built", lang), 12.5, bold=True, fill=(255, 255, 255),
                    anchor="rm")
        effect = _w("special_effect", lang, action=_word("action", SPECIAL_FOR[kind], lang))
        cv.text((sx + 10, y + 38), _w("slot_cost", lang, n=lord.special_cost(kind)) + _w("sep", lang) + effect, 13.5,
                fill=pal.TEXT, max_width=slot_w - 20)
    y += 62
    return y - y0


def _notice(cv: Canvas, x: float, y: float, w: float, text: str, colour: RGB, size: float = 16) -> float:
    lines = cv.wrap(text, size, w - 40, bold=True, max_lines=4)
    step = cv.line_height(size)
    h = 18 + step * len(lines)
    cv.box((x, y, x + w, y + h), fill=pal.PANEL_ALT, radius=10)
    cv.box((x, y, x + 6, y + h), fill=colour, radius=3)
    for i, line in enumerate(lines):
        cv.text((x + 20, y + 9 + step * (i + 0.5)), line, size, fill=pal.TEXT, bold=True, source=text)
    return h


def _private_body(cv: Canvas, view: TKView, lang: str, names: Sequence[str], width: float) -> float:
    assert view.viewer is not None
    s = view.seats[view.viewer]
    x0, x1 = MARGIN, width - MARGIN
    w = x1 - x0
    y: float = MARGIN
    # the seat's public board, as on the board, then the private note
    note = _w("private_note", lang)
    cv.text((x0, y + 14), f"{META.name(lang)} · {_w('round', lang, round=view.round)}", 16, fill=pal.MUTED, bold=True)
    nw = cv.measure(note, 13, True) + 24
    cv.pill((x1 - nw, y + 14), note, 13, fill=pal.mix(pal.PANEL_ALT, pal.ACCENT, 0.2), text_fill=pal.ACCENT, height=28,
            pad=12)
    y += 38
    dry = cv.measuring(w)
    h = _player_panel(dry, view, s, 0, 0, w, None, lang, names)
    _player_panel(cv, view, s, x0, y, w, h, lang, names)
    y += h + 12
    ask = view.ask
    if ask is not None and not view.over and ask.seat != s.seat:
        y += _notice(cv, x0, y, w, _w("waiting", lang, name=names[ask.seat]) + _w("colon", lang) +
                     prompt_text(ask, lang, names), pal.MUTED, 15) + 10
    if view.usurp_seals is not None:
        y += _notice(cv, x0, y, w, _w("usurp_offer", lang, n=view.usurp_seals), GOLD, 15) + 10
    # the hand
    hand = s.hand or []
    y += 6
    title = _w("your_hand", lang)
    cv.text((x0, y + 12), title, 19, bold=True)
    cv.pill((x0 + cv.measure(title, 19, True) + 10, y + 12), str(len(hand)), 13, fill=pal.PANEL_ALT,
            text_fill=pal.TEXT, height=22)
    y += 34
    if not hand:
        cv.text((x0, y + 10), _w("empty_hand", lang), 15, fill=pal.MUTED)
        y += 34
    else:
        per_row, gap = 3, 14
        cw = (w - gap * (per_row - 1)) / per_row
        for start in range(0, len(hand), per_row):
            row = hand[start:start + per_row]
            rh = max(_hand_card(dry, card, 0, 0, cw, None, lang) for card in row)
            for i, card in enumerate(row):
                _hand_card(cv, card, x0 + i * (cw + gap), y, cw, rh, lang)
            y += rh + gap
    y += 8
    if s.lord:
        cv.panel((x0, y, x1, y + _lord_board(dry, s, 0, 0, w - 32, lang) + 24))
        y += _lord_board(cv, s, x0 + 16, y + 12, w - 32, lang) + 24
    return y + MARGIN


def private(view: TKView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """One seat's own image: their hand in full, their lord board, and what they may do now."""
    if view.viewer is None or not 0 <= view.viewer < len(view.seats):
        raise ValueError("private() needs a seat's own view (view.viewer is None)")
    shown = _names(names, lang)
    return Canvas.fitted(PRIVATE_W, lang, lambda cv: _private_body(cv, view, lang, shown, PRIVATE_W),
                         scale=DIRECT).png()


# ------------------------------------------------------------------------------------------------
# Result

_PARTS = ("track", "talents", "buildings", "markers", "resources")


def _result_body(cv: Canvas, outcome: Outcome, view: TKView, lang: str, names: Sequence[str], width: float) -> float:
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    cv.text((x0, y + 18), _w("results", lang), 30, bold=True)
    cv.text((x0, y + 50), META.name(lang) + _w("sep", lang) + _w("round", lang, round=view.round), 16,
            fill=pal.MUTED)
    winners = [names[seat] for seat in outcome.winners]
    if winners:
        text = _w("winners" if len(winners) > 1 else "winner", lang, names=_w("comma", lang).join(winners))
        cv.text((x1, y + 20), text, 20, bold=True, fill=GOLD, anchor="rm", max_width=(x1 - x0) * 0.6)
    y += 78
    name_w = 330.0
    col_w = (x1 - x0 - 70 - name_w - 110) / len(_PARTS)
    hx = x0 + 70 + name_w
    cv.text((x0 + 10, y + 10), _w("rank", lang), 13, fill=pal.MUTED, bold=True)
    for key in _PARTS:
        cv.text((hx + col_w - 12, y + 10), _w(f"b_{key}", lang), 13, fill=pal.MUTED, bold=True, anchor="rm",
                max_width=col_w - 8)
        hx += col_w
    cv.text((x1 - 14, y + 10), _w("total", lang), 13, fill=pal.MUTED, bold=True, anchor="rm")
    y += 26
    row_h = 84
    for standing in outcome.standings:
        seat = standing.seat
        s = view.seats[seat] if 0 <= seat < len(view.seats) else None
        top = standing.rank == 1
        cv.panel((x0, y, x1, y + row_h), fill=pal.PANEL_HI if top else pal.PANEL,
                 accent=GOLD if top else None, accent_width=2)
        medal = _MEDAL.get(standing.rank, pal.PANEL_ALT)
        cv.circle((x0 + 38, y + row_h / 2), 22, fill=medal)
        cv.text((x0 + 38, y + row_h / 2), str(standing.rank), 22, bold=True, anchor="mm",
                fill=pal.TEXT_DARK if standing.rank <= 3 else pal.TEXT)
        nx = x0 + 74
        _marker(cv, (nx + 11, y + 24), seat, 11)
        cv.text((nx + 30, y + 24), names[seat], 20, bold=True, max_width=name_w - 40)
        sub = _lord_name(s, lang) if s else ""
        if s is not None and s.claims:
            sub += (_w("sep", lang) if sub else "") + " ".join(_tier(t, lang) for t in s.claims)
        if s is not None and s.crown:
            sub += (_w("sep", lang) if sub else "") + _w("usurper" if s.usurper else "crown", lang)
        cv.text((nx, y + 50), sub, 13.5, fill=pal.MUTED, max_width=name_w - 8)
        tb = standing.tiebreak
        if len(tb) >= 3:
            ties = _w("sep", lang).join((_w("tb_markers", lang, n=tb[0]), _w("tb_talent", lang, n=tb[1]),
                                         _w("tb_buildings", lang, n=tb[2])))
            cv.text((nx, y + 70), ties, 12.5, fill=pal.MUTED, max_width=name_w - 8)
        hx = x0 + 70 + name_w
        for key in _PARTS:
            amount = standing.breakdown.get(key, 0)
            colour = pal.BAD if amount < 0 else (pal.TEXT if amount else pal.MUTED)
            cv.text((hx + col_w - 12, y + row_h / 2), str(amount), 19, fill=colour, anchor="rm")
            hx += col_w
        cv.text((x1 - 14, y + row_h / 2), str(standing.score), 28, bold=True, fill=GOLD if top else pal.TEXT,
                anchor="rm")
        y += row_h + 10
    y += 2
    cv.text((x0 + 4, y + 10), _w("tiebreak", lang), 13.5, fill=pal.MUTED, max_width=x1 - x0 - 8)
    y += 28
    if outcome.reasons:
        cv.text((x0 + 4, y + 10), _w("notes", lang), 15, fill=pal.MUTED, bold=True)
        y += 26
        for key, params in outcome.reasons:
            y += cv.paragraph((x0 + 8, y), "• " + GAME.text(key, dict(params), lang, names), 15, x1 - x0 - 16)
    return y + MARGIN - 8


def result(outcome: Outcome, view: TKView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking with each player's score parts (track, talents, buildings, markers,
    resources) and the tie-break values."""
    shown = _names(names, lang)
    return Canvas.fitted(RESULT_W, lang, lambda cv: _result_body(cv, outcome, view, lang, shown, RESULT_W),
                         scale=DIRECT).png()


#: The renderer registered for ``three-kingdoms``.
RENDERER = TitleRenderer(META.id, board_image, private, result)
