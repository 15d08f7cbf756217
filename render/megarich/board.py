"""巨富豪∞'s gathering board: a readable window of the wrapped 16 × 16 map around one player, the whole world as a
minimap, the travellers, and the tram's odds per direction while the player to act must move.

The whole torus at a readable size is far too big for a chat preview, so :func:`board_image` draws a window of
about 11 × 9 hexes centred on the player to act (or another ``focus`` seat), wrapping across the map's edges:
each hex in its continent's light colour (``places.toml``), key cities bright, flow hubs teal, its name small, a
dot for its tag (都市 / 人文 / 自然), a pennant in the patent holder's colour with the block's level, dots for the
other holders, and the pawns. While the player must throw the tram, badges 0–5 round the pawn name the
directions, and a strip under the map draws each direction's cone: dark and light red hexes with their chances.
The minimap dims what lies outside the window.

Drawn from a :class:`~games.megarich.view.GatherView` and the public board data only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.core.hexgrid import DIRECTIONS, Hex, Layout, from_offset
from games.megarich import board
from games.megarich.board import Cell
from games.megarich.view import GatherView, MoveOdds, PlayerView

from .. import palette as pal
from ..kit import DIRECT, Canvas, board_palette
from ..palette import RGB
from ..static_layer import Reused, Sprites
from .common import (
    DARK_RED,
    GAP,
    HEX_LINE,
    INK,
    LIGHT_RED,
    MARGIN,
    STATE_COLOURS,
    TAG_COLOURS,
    flag,
    is_key,
    item_name,
    names_for,
    pawn,
    seat_colour,
    tile_fill,
    tile_name,
    w,
)

__all__ = ["HEX", "MAP_H", "MAP_W", "WIDTH", "Window", "board_image", "draw_board", "window"]

HEX = 44                 # the window's hex radius (corner to centre)
MAP_W, MAP_H = 860, 596  # the window, in output pixels
SIDE_W = 300             # the column right of the window: the minimap and the travellers
HEADER_H = 52
WIDTH = MARGIN + MAP_W + GAP + SIDE_W + MARGIN
MINI_HEX = 6.6
SEA: RGB = (30, 44, 66)


@dataclass(frozen=True)
class Window:
    """Which hexes a window shows: ``cells`` maps each drawn axial hex (unwrapped, around ``centre``) to the map
    cell it shows; ``layout`` places them on the window's canvas."""

    centre: Cell
    cells: dict[Hex, Cell]
    layout: Layout

    def visible(self) -> set[Cell]:
        """The map cells the window shows at least in part."""
        return set(self.cells.values())


def window(centre: Cell, width: float = MAP_W, height: float = MAP_H, size: float = HEX) -> Window:
    """The hexes of a ``width`` × ``height`` window of radius-``size`` hexes centred on ``centre``, wrapping:
    the unwrapped offset ``(col + dc, row + dr)`` shows the cell ``((col + dc) % 16, (row + dr) % 16)`` (the map's
    height is even, so the odd rows stay odd across the wrap)."""
    torus = board.atlas().torus
    col, row = centre
    probe = Layout("pointy", size)
    cx, cy = probe.centre(from_offset(col, row, "odd-r"))
    layout = probe.moved((width / 2 - cx, height / 2 - cy))
    reach_c = math.ceil(width / (2 * probe.hex_width)) + 1
    reach_r = math.ceil(height / (3 * size)) + 1
    cells: dict[Hex, Cell] = {}
    for dr in range(-reach_r, reach_r + 1):
        for dc in range(-reach_c, reach_c + 1):
            h = from_offset(col + dc, row + dr, "odd-r")
            x, y = layout.centre(h)
            if -size < x < width + size and -size < y < height + size:
                cells[h] = ((col + dc) % torus.width, (row + dr) % torus.height)
    return Window(centre, cells, layout)


# ---- the window ---------------------------------------------------------------------------------------------------
def _name_lines(cv: Canvas, name: str, size: float, width: float, lang: str) -> tuple[str, ...]:
    return _wrapped(name, size, width, lang, cv.scale)


@lru_cache(maxsize=4096)
def _wrapped(name: str, size: float, width: float, lang: str, scale: int) -> tuple[str, ...]:
    """A tile's name in lines, worked out once per process (a window wraps some 140 names a board)."""
    probe = Canvas(round(width) + 1, 1, lang, dry=True, scale=scale)
    return tuple(probe.wrap(name, size, width, max_lines=2 if lang == "zh" else 3))


def _draw_hex(cv: Canvas, layout: Layout, h: Hex, tile: str, lang: str) -> None:
    x, y = layout.centre(h)
    fill = tile_fill(tile)
    corners = layout.corners(h)
    if cv.dry:
        pass
    elif cv.scale == DIRECT:
        # a plain fill, its edge hidden under the anti-aliased outline: half the blending of a masked fill
        cv.draw.polygon(corners, fill=fill)
        cv.polygon(corners, outline=HEX_LINE, width=1)
    else:
        cv.polygon(corners, fill=fill, outline=HEX_LINE, width=1)
    key = is_key(tile)
    found = board.atlas().by_id[tile]
    if isinstance(found, board.Place):
        cv.circle((x, y - HEX * 0.7), 3.2, fill=TAG_COLOURS[found.tag], outline=(255, 255, 255), width=0.8)
    size = (12.5 if key else 11.0) if lang == "zh" else (11.5 if key else 10.0)
    ink = pal.on_colour(fill)
    lines = _name_lines(cv, tile_name(tile, lang), size, HEX * 1.5, lang)
    step = cv.line_height(size) * 0.92
    top = y - HEX * 0.12 - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        cv.text((x, top + step * i), line, size, fill=ink, bold=key, anchor="mm", source=tile_name(tile, lang))


def _draw_marks(cv: Canvas, layout: Layout, h: Hex, cell: Cell, view: GatherView,
                patents: dict[Cell, tuple[int, int, list[int]]], pawns: dict[Cell, list[int]]) -> None:
    x, y = layout.centre(h)
    found = patents.get(cell)
    if found is not None:
        holder, level, others = found
        if holder >= 0:
            colour = seat_colour(holder)
            cv.polygon([(x + (cx - x) * 0.9, y + (cy - y) * 0.9) for cx, cy in layout.corners(h)], outline=colour,
                       width=3.5)
            flag(cv, (x - HEX * 0.5, y - HEX * 0.68), holder, 12, level)
        for i, seat in enumerate(others):
            cv.circle((x + HEX * 0.3 + i * 8, y - HEX * 0.55), 3.6, fill=seat_colour(seat), outline=(255, 255, 255),
                      width=0.8)
    here = pawns.get(cell, [])
    if here:
        radius = 9.5 if len(here) <= 3 else 7.5
        span = (len(here) - 1) * radius * 1.7
        for i, seat in enumerate(here):
            ring = pal.ACCENT if seat == view.acting else None
            pawn(cv, (x - span / 2 + i * radius * 1.7, y + HEX * 0.5), seat, radius, ring=ring)


def _draw_reach(cv: Canvas, layout: Layout, start: Hex, limit: int) -> None:
    """A red inner rim on every hex the tram can reach (all the cones together: the hexes within ``limit``)."""
    for dq in range(-limit, limit + 1):
        for dr in range(max(-limit, -dq - limit), min(limit, -dq + limit) + 1):
            h = Hex(start.q + dq, start.r + dr)
            if h == start:
                continue
            x, y = layout.centre(h)
            if -HEX < x < cv.width + HEX and -HEX < y < cv.height + HEX:
                cv.polygon([(x + (px - x) * 0.93, y + (py - y) * 0.93) for px, py in layout.corners(h)],
                           outline=LIGHT_RED, width=2)


def _draw_directions(cv: Canvas, layout: Layout, start: Hex) -> None:
    """Badges 0–5 on the edges round the mover: the direction ``move D`` names."""
    for d, step in enumerate(DIRECTIONS):
        ax, ay = layout.centre(start)
        bx, by = layout.centre(start + step)
        at = (ax + (bx - ax) * 0.6, ay + (by - ay) * 0.6)
        cv.circle(at, 8.5, fill=DARK_RED, outline=(255, 255, 255), width=1.5)
        cv.text(at, str(d), 11, fill=(255, 255, 255), bold=True, anchor="mm")


def draw_window(view: GatherView, centre: Cell, lang: str, height: float = MAP_H) -> tuple[Canvas, Window]:
    """The map window around ``centre`` on a canvas of its own, ``height`` tall."""
    win = window(centre, MAP_W, height)
    cv = Canvas(MAP_W, math.ceil(height), lang, background=SEA, scale=DIRECT)
    patents: dict[Cell, tuple[int, int, list[int]]] = {}
    for p in view.patents:
        level = p.levels[p.holders.index(p.patent)] if p.patent in p.holders else 0
        patents[p.cell] = (p.patent, level, [s for s in p.holders if s != p.patent])
    pawns: dict[Cell, list[int]] = {}
    for player in view.players:
        pawns.setdefault(player.cell, []).append(player.seat)
    for h, cell in win.cells.items():
        _draw_hex(cv, win.layout, h, view.tile_at(cell), lang)
    if view.odds:
        start = from_offset(*centre, "odd-r")
        _draw_reach(cv, win.layout, start, view.limits[0] if view.limits else view.odds[0].limit)
        _draw_directions(cv, win.layout, start)
    for h, cell in win.cells.items():
        _draw_marks(cv, win.layout, h, cell, view, patents, pawns)
    return cv, win


# ---- the odds strip -----------------------------------------------------------------------------------------------
def _cone_box(odds: MoveOdds, size: float) -> tuple[float, float, float, float]:
    return _offsets_box(tuple(c.offset for c in odds.cells), size)


@lru_cache(maxsize=256)
def _offsets_box(offsets: tuple[tuple[int, int], ...], size: float) -> tuple[float, float, float, float]:
    """The bounding box of a cone (the mover's hex and the cells at ``offsets``), worked out once per cone shape:
    a mover's board asked for it 18 times (issue 25 §2)."""
    return Layout("pointy", size).bounding_box([Hex(0, 0), *(Hex(*offset) for offset in offsets)])


def _draw_cone(cv: Canvas, view: GatherView, odds: MoveOdds, rect: tuple[float, float, float, float], size: float,
               lang: str) -> None:
    """One direction's cone: the mover's hex, then each hex it may stop on in dark or light red with its chance;
    a key city's hex has a dot of its colour, a patented one a rim in the holder's colour.

    The panel, its title and the cone's hexes with their chances depend only on the direction and the limit (the
    tram's odds, rules §3): a sprite per process (issue 25 §2: six cones of masked hexes were a fifth of a mover's
    board). The mover's hex and pawn, then the rims and dots of the cells under it, are drawn on it."""
    mover = view.players[view.current]
    holders = {p.cell: p.patent for p in view.patents if p.patent >= 0}
    x0, y0, x1, y1 = rect
    usual = view.limits[0] if view.limits else odds.limit
    shown = tuple((c.offset, c.shade, c.label) for c in odds.cells)

    def base(c: Canvas, x: float, y: float) -> None:
        _cone_base(c, odds, (x, y, x + x1 - x0, y + y1 - y0), size, lang, usual)

    _CONES.paste(cv, (odds.direction, odds.limit, usual, shown, size, x1 - x0, y1 - y0), rect, base)
    layout = _cone_layout(odds, rect, size)
    cv.polygon(layout.corners(Hex(0, 0)), fill=tile_fill(mover.tile), outline=HEX_LINE, width=1)
    pawn(cv, layout.centre(Hex(0, 0)), mover.seat, size * 0.42)
    around = set(DIRECTIONS)
    for c in odds.cells:
        h = Hex(*c.offset)
        if h in around:                       # the cells' white outlines lay over the mover's hex
            cv.polygon(layout.corners(h), outline=(255, 255, 255), width=1)
        x, y = layout.centre(h)
        holder = holders.get(c.cell)
        if holder is not None:
            cv.polygon([(x + (px - x) * 0.84, y + (py - y) * 0.84) for px, py in layout.corners(h)],
                       outline=seat_colour(holder), width=2)
        tile = view.tile_at(c.cell)
        if is_key(tile):
            cv.circle((x, y - size * 0.6), size * 0.17, fill=tile_fill(tile), outline=(255, 255, 255), width=1)


def _cone_layout(odds: MoveOdds, rect: tuple[float, float, float, float], size: float) -> Layout:
    """The cone's hexes centred in its panel ``rect``, under the title."""
    x0, y0, x1, y1 = rect
    bx0, by0, bx1, by1 = _cone_box(odds, size)
    return Layout("pointy", size, ((x0 + x1) / 2 - (bx0 + bx1) / 2, (y0 + 26 + y1) / 2 - (by0 + by1) / 2))


def _cone_base(cv: Canvas, odds: MoveOdds, rect: tuple[float, float, float, float], size: float, lang: str,
               usual: int) -> None:
    """What a cone shows for every mover: its panel, title, and hexes in dark or light red with their chances."""
    x0, y0, x1, _y1 = rect
    cv.box(rect, fill=pal.PANEL, outline=pal.LINE, radius=10)
    direction = w("directions", lang).split()[odds.direction]
    cv.text((x0 + 10, y0 + 14), f"move {odds.direction}" + (f" {odds.limit}" if odds.limit != usual else ""), 13,
            fill=pal.TEXT, bold=True)
    cv.text((x1 - 10, y0 + 14), direction, 12, fill=pal.MUTED, bold=True, anchor="rm")
    layout = _cone_layout(odds, rect, size)
    label = size * 0.56
    for c in odds.cells:
        h = Hex(*c.offset)
        cv.polygon(layout.corners(h), fill=DARK_RED if c.shade == "dark" else LIGHT_RED, outline=(255, 255, 255),
                   width=1)
        if label >= 9:
            cv.text(layout.centre(h), c.label, label, fill=(255, 255, 255) if c.shade == "dark" else INK, bold=True,
                    anchor="mm")


#: The cones' panels with their hexes and chances (:func:`_draw_cone`): six directions at a few limits and sizes.
_CONES = Sprites(48)


def _odds_title(view: GatherView, limit: int, lang: str) -> str:
    mover = view.players[view.current]
    cells = [c for o in view.odds if o.limit == limit for c in o.cells]
    parts = []
    for shade in ("dark", "light"):
        found = next((c.label for c in cells if c.shade == shade), None)
        if found is not None:
            parts.append(w(f"odds_{shade}", lang, p=found))
    return (w("odds_title", lang, tile=tile_name(mover.tile, lang), limit=limit) + w("colon", lang)
            + w("comma", lang).join(parts))


def _odds_strip(cv: Canvas, view: GatherView, y: float, width: float, lang: str) -> float:
    """Each direction's cone, one row per limit, each row under a line naming the chance of each shade (a hex of
    a cone beyond limit 3 is too small for its own label); returns the height used."""
    cell_w = (width - 5 * 10) / 6
    top = y
    for limit in sorted({o.limit for o in view.odds}):
        cv.text((MARGIN, y + 12), _odds_title(view, limit, lang), 14, fill=pal.TEXT, bold=True, max_width=width)
        y += 28
        cones = [o for o in view.odds if o.limit == limit]
        size = 19.0 if limit <= 3 else 12.5 if limit <= 5 else 9.0
        height = max(box[3] - box[1] for box in (_cone_box(o, size) for o in cones)) + 40
        for o in cones if not cv.dry else ():
            x = MARGIN + o.direction * (cell_w + 10)
            _draw_cone(cv, view, o, (x, y, x + cell_w, y + height), size, lang)
        y += height + 10
    return y - top


# ---- the side column ----------------------------------------------------------------------------------------------
def _minimap_height() -> float:
    _x0, y0, _x1, y1 = _minimap_box()
    return y1 - y0


@lru_cache(maxsize=1)
def _minimap_box() -> tuple[float, float, float, float]:
    """The minimap's bounding box at :data:`MINI_HEX` (every cell of the world), worked out once per process: every
    board asked for it twice, 1–2 ms (issue 25 §2)."""
    world = board.atlas()
    return Layout("pointy", MINI_HEX).bounding_box([world.torus.hex_at(*c) for c in world.cells])


#: The minimap of a layout (its tiles), bright and dimmed, drawn once and pasted (:func:`_minimap`).
_MINIMAPS: Reused[tuple[str, ...], tuple[Image.Image, Image.Image]] = Reused(4)


def _minimap_layers(tiles: tuple[str, ...]) -> tuple[Image.Image, Image.Image]:
    """The whole world small, every tile bright, and every tile dimmed: the minimap of the view's ``tiles`` (the
    map's tiles row by row), drawn at its top-left corner as :func:`_minimap` places it (on whole pixels)."""
    world = board.atlas()
    x0, y0, x1, y1 = _minimap_box()
    layout = Layout("pointy", MINI_HEX).moved((-x0, -y0))
    width = world.torus.width
    pictures = []
    for dim in (False, True):
        cv = Canvas(math.ceil(x1 - x0) + 1, math.ceil(y1 - y0) + 1, "en", scale=DIRECT)
        for cell in world.cells:
            fill = tile_fill(tiles[cell[1] * width + cell[0]])
            cv.polygon(layout.corners(world.torus.hex_at(*cell)),
                       fill=pal.mix(fill, pal.BACKGROUND, 0.55) if dim else fill)
        assert cv.image is not None
        pictures.append(cv.image)
    return pictures[0], pictures[1]


def _minimap(cv: Canvas, view: GatherView, xy: tuple[float, float], visible: set[Cell]) -> float:
    """The whole world, small: the window's cells bright, the rest dimmed, pawns as dots. Returns the height.
    The tiles are pasted from :data:`_MINIMAPS` (the bright ones through a mask of the window's cells)."""
    world = board.atlas()
    layout = Layout("pointy", MINI_HEX)
    x0, y0, _x1, y1 = _minimap_box()
    left, top = round(xy[0]), round(xy[1])
    if not cv.dry and cv.image is not None:
        bright, dim = _MINIMAPS.get(tuple(view.tiles), lambda: _minimap_layers(tuple(view.tiles)))
        mask = Image.new("L", bright.size, 0)
        pen = ImageDraw.Draw(mask)
        local = layout.moved((-x0, -y0))
        for cell in visible:
            pen.polygon(local.corners(world.torus.hex_at(*cell)), fill=255)
        cv.image.paste(dim, (left, top))
        cv.image.paste(bright, (left, top), mask)
    layout = layout.moved((left - x0, top - y0))
    for p in view.patents:
        if p.patent >= 0:
            cv.circle(layout.centre(world.torus.hex_at(*p.cell)), 2.2, fill=seat_colour(p.patent))
    for player in view.players:
        at = layout.centre(world.torus.hex_at(*player.cell))
        cv.circle(at, 4.2, fill=seat_colour(player.seat), outline=(255, 255, 255), width=1.2)
    return y1 - y0


def _traveller(cv: Canvas, view: GatherView, player: PlayerView, rect: tuple[float, float, float, float],
               lang: str, names: Sequence[str]) -> None:
    x0, y0, x1, _y1 = rect
    acting = player.seat == view.acting
    cv.panel(rect, fill=pal.PANEL_HI if acting else pal.PANEL, accent=seat_colour(player.seat) if acting else None,
             radius=10, accent_width=2)
    pawn(cv, (x0 + 18, y0 + 18), player.seat, 10)
    name = names[player.seat] + (f" ({w('you', lang)})" if player.seat == view.viewer else "")
    cv.text((x0 + 34, y0 + 18), name, 14, bold=True, max_width=x1 - x0 - 130)
    cv.text((x1 - 10, y0 + 18), f"${player.funds:,}", 14, bold=True, anchor="rm",
            fill=pal.BAD if player.funds < 0 else pal.ACCENT)
    clock = w("clock", lang, day=player.day, hour=player.hour)
    cv.text((x0 + 12, y0 + 40), clock, 12, fill=pal.BAD if player.late else pal.MUTED, bold=True)
    where = tile_name(player.tile, lang)
    cv.text((x1 - 10, y0 + 40), where, 12, fill=pal.MUTED, anchor="rm", max_width=(x1 - x0) * 0.5)
    bits = [w("items_count", lang, n=player.item_count), w("blocks_count", lang, n=len(player.blocks)),
            w("patents_count", lang, n=len(player.patents))]
    cv.text((x0 + 12, y0 + 60), " · ".join(bits), 11.5, fill=pal.MUTED, max_width=x1 - x0 - 24)
    x = x0 + 12
    for state in player.states:
        x += cv.pill((x, y0 + 80), w(state, lang), 10.5, fill=STATE_COLOURS.get(state, pal.MUTED),
                     text_fill=(255, 255, 255), height=17) + 4
    for buff, left in player.buffs.items():
        x += cv.pill((x, y0 + 80), f"{item_name(buff, lang)} ×{left}", 10.5, fill=pal.PANEL_ALT, height=17,
                     max_width=x1 - x - 8) + 4


def _header(cv: Canvas, view: GatherView, lang: str, names: Sequence[str]) -> None:
    cv.text((MARGIN, MARGIN + 14), w("title", lang), 22, bold=True)
    x = MARGIN + cv.measure(w("title", lang), 22, True) + 14
    cv.text((x, MARGIN + 15), w("day", lang, day=min(view.round, view.days), days=view.days), 15, fill=pal.MUTED,
            bold=True)
    if view.finished:
        status = w("finished", lang)
    else:
        step = view.step
        params: dict[str, str] = {}
        if step == "candidate" and view.candidate_tile:
            params["tile"] = tile_name(view.candidate_tile, lang)
        elif step == "chance" and view.chance is not None:
            params["card"] = view.chance.name.get(lang, view.chance.name["en"])
        elif step == "shop" and view.shop is not None:
            params["card"] = view.shop.name.get(lang, view.shop.name["en"])
        status = w("turn", lang, seat=names[view.current]) + " — " + w(f"step_{step}", lang, **params)
    cv.text((WIDTH - MARGIN, MARGIN + 15), status, 15, bold=True, anchor="rm", fill=pal.ACCENT,
            max_width=MAP_W * 0.7)


def draw_board(view: GatherView, lang: str, names: Sequence[str] | None = None, focus: int | None = None) -> Canvas:
    """The board as a canvas (see the module's notes); ``focus`` centres the window on that seat's pawn."""
    shown = names_for(names, lang, len(view.players))
    seat = focus if focus is not None else view.current
    centre = view.players[seat].cell
    rows = len(view.players)
    side_h = 26 + _minimap_height() + 12 + 24 + 20 + rows * 104 - 8
    map_h = max(MAP_H, side_h)                      # a long column of travellers shows more of the map
    map_canvas, win = draw_window(view, centre, lang, map_h)
    probe = Canvas(WIDTH, 1, lang, dry=True, scale=DIRECT)
    odds_h = _odds_strip(probe, view, 0, WIDTH - 2 * MARGIN, lang) + GAP if view.odds else 0
    height = MARGIN + HEADER_H + map_h + odds_h + MARGIN
    cv = Canvas(WIDTH, math.ceil(height), lang, scale=DIRECT)
    _header(cv, view, lang, shown)
    top = MARGIN + HEADER_H
    cv.box((MARGIN - 3, top - 3, MARGIN + MAP_W + 3, top + map_h + 3), fill=pal.LINE, radius=6)
    cv.paste(map_canvas, (MARGIN, top))
    sx = MARGIN + MAP_W + GAP
    cv.text((sx, top + 10), w("world", lang), 14, bold=True, fill=pal.MUTED)
    mini_h = _minimap(cv, view, (sx + 40, top + 26), win.visible())
    y = top + 26 + mini_h + 12
    x: float = sx
    world = board.atlas()
    for tag, colour in TAG_COLOURS.items():
        cv.circle((x + 5, y + 8), 4, fill=colour, outline=(255, 255, 255), width=0.8)
        x += 14 + cv.text((x + 13, y + 8), world.tag_names[tag][lang], 11.5, fill=pal.MUTED) + 8
    y += 24
    cv.text((sx, y + 8), w("players", lang), 14, bold=True, fill=pal.MUTED)
    y += 20
    for seat_ in view.order:
        _traveller(cv, view, view.players[seat_], (sx, y, sx + SIDE_W, y + 96), lang, shown)
        y += 104
    if view.odds:
        _odds_strip(cv, view, top + map_h + GAP, WIDTH - 2 * MARGIN, lang)
    return cv


def board_image(view: GatherView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public board as PNG bytes (pass a spectator's view for public posts)."""
    return draw_board(view, lang, names).png(board_palette("megarich"))
