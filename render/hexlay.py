"""Images for Tile Lay (铺轨): the board, a seat's private panel (the supply in full), the result, and a
detail of one hex with every tile that fits there in each of its legal rotations (``r0`` … ``r5``).

Drawn from a :class:`~games.examples.hexlay.view.HexlayView` and the public map and tile data
(:mod:`games.examples.hexlay.board`) with the hex-map kit :mod:`render.hexes`; never from the game state.
Track is drawn in the colour of the seat that laid it, so each player's network shows at a glance.
"""

from __future__ import annotations

import math
import threading
import tomllib
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from games.core import Outcome
from games.core.hexgrid import Hex, Layout
from games.examples.hexlay import GAME
from games.examples.hexlay.board import IDS, TileType, board, try_hex_id
from games.examples.hexlay.game import META
from games.examples.hexlay.view import HexlayView, PlacedView

from . import palette as pal
from .hexes import TILE_COLOURS, City, MapHex, MapImage, Tile, Town, draw_detail, draw_hex, draw_map, patch_map
from .kit import DIRECT, MARGIN_DEFAULT, Canvas, DrawnText, TitleRenderer, board_palette, recording, replay, seat_label
from .palette import RGB
from .static_layer import Reused, Sprites

__all__ = ["RENDERER", "SEAT_COLOURS", "board_image", "detail", "draw_board", "private", "result"]

MARGIN = MARGIN_DEFAULT
HEX = 38                 # the board's hex radius: 11 columns of hexes come out about 720 px wide
PANEL_W = 420            # the column right of the map
GAP = 18

SEAT_COLOURS: tuple[RGB, ...] = ((40, 104, 222), (214, 52, 108), (16, 150, 136), (136, 82, 214))
LAID: RGB = TILE_COLOURS["yellow"]
EMPTY: RGB = TILE_COLOURS["white"]
CITY_FILL: RGB = (238, 196, 184)
CITY_TAG: RGB = (122, 52, 44)
SOLD_OUT: RGB = (120, 124, 134)
GOLD: RGB = (230, 182, 60)
_MEDAL: dict[int, RGB] = {1: GOLD, 2: (190, 196, 206), 3: (198, 128, 74)}

_WORDS: dict[str, dict[str, str]] = tomllib.loads(Path(__file__).with_name("hexlay.toml").read_text(encoding="utf-8"))


def _w(key: str, lang: str, **params: Any) -> str:
    text = _WORDS.get(lang, _WORDS["en"]).get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def seat_colour(seat: int) -> RGB:
    """The track colour of ``seat``."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _names(names: Sequence[str] | None, lang: str) -> list[str]:
    return [seat_label(s, lang, names) for s in range(max(META.max_players, len(names or ())))]


# ---- tiles and cells ------------------------------------------------------------------------------------------
def tile_picture(tile: TileType, rotation: int = 0, track: RGB | None = None) -> Tile:
    """A supply tile as :mod:`render.hexes` draws it: yellow, its paths, a town's station as a dot."""
    stops = (Town(style="dot"),) if tile.station else ()
    kwargs: dict[str, Any] = {} if track is None else {"track": track}
    return Tile(paths=tile.paths, stops=stops, rotation=rotation, colour=LAID, **kwargs)


def _cells(view: HexlayView, lang: str, *, labels: bool = True, city_names: bool = True) -> list[MapHex]:
    """Every hex of the map: printed cities, laid tiles in their layer's colour, empty hexes with their id.
    ``city_names=False`` leaves the names out (:func:`_map` draws them larger on top)."""
    b = board()
    laid = {p.hex: p for p in view.laid}
    cities = set(view.cities)
    last = view.last.hex if view.last is not None and view.last.hex else None
    cells = []
    for h, coord in zip(b.hexes, b.coords, strict=True):
        highlight = pal.ACCENT if h == last else None
        if h in cities:
            cells.append(MapHex(coord, fill=CITY_FILL, name=b.site_by_hex[h].name(lang) if city_names else "",
                                tile=Tile(stops=(City(slots=1),), colour=CITY_FILL), highlight=highlight))
        elif h in laid:
            p = laid[h]
            cells.append(MapHex(coord, tile=tile_picture(b.tile_by_id[p.tile], p.rotation, seat_colour(p.owner)),
                                highlight=highlight))
        else:
            cells.append(MapHex(coord, fill=EMPTY, label=h if labels else ""))
    return cells


def _map(view: HexlayView, lang: str, size: float, *, labels: bool = True) -> MapImage:
    """The whole map, city names on dark tags large enough to read in a chat preview. Drawn once while the map
    stays the same (issue 13 §3), else patched from the nearest map drawn before (:func:`_patched`); the canvas
    returned is shared: paste it, never draw on it."""
    last = view.last.hex if view.last is not None and view.last.hex else None
    key = (tuple((p.hex, p.tile, p.rotation, p.owner) for p in view.laid), tuple(view.cities), last, lang, size,
           labels, DIRECT)
    return _MAPS.get(key, lambda: _patched(view, lang, size, labels=labels))


def _draw_map(view: HexlayView, lang: str, size: float, *, labels: bool) -> MapImage:
    drawn = draw_map(_cells(view, lang, labels=labels, city_names=False), size=size, lang=lang, ids=IDS,
                     margin=MARGIN)
    _city_tags(drawn.canvas, drawn.layout, view.cities, lang, size)
    return drawn


def _city_tags(cv: Canvas, layout: Layout, cities: Iterable[str], lang: str, size: float) -> None:
    """The city names on their dark tags, over the map."""
    b = board()
    text = max(11.0, size * 0.34)
    for h in cities:
        cx, cy = layout.centre(b.coords[b.index[h]])
        name = b.site_by_hex[h].name(lang)
        w = cv.measure(name, text, True) + text * 0.9
        # On a 1/1024 px grid: a patch's canvas lies an even number of pixels off, and a name that came out at
        # exactly half a pixel there would round the other way (float error) than on the whole map.
        at = (round((cx - w / 2) * 1024) / 1024, round((cy + size * 0.58) * 1024) / 1024)
        cv.pill(at, name, text, fill=CITY_TAG, height=text * 1.45, pad=text * 0.45)


@lru_cache(maxsize=16)
def _spill(lang: str, size: float) -> float:
    """How far beyond its hex's box anything drawn for a hex reaches, in pixels: a highlight's thick border, or
    a city's tag wider than its hex (with two pixels for anti-aliasing)."""
    b = board()
    text = max(11.0, size * 0.34)
    probe = Canvas(1, 1, lang, dry=True, scale=DIRECT)
    widest = max((probe.measure(site.name(lang), text, True) + text * 0.9 for site in b.site_by_hex.values()),
                 default=0.0)
    return max(size * 0.3, widest / 2 - size + 2)


def _patched(view: HexlayView, lang: str, size: float, *, labels: bool) -> MapImage:
    """The map, drawn again only in the hexes that differ from the nearest of the last three maps drawn in this
    language and size (issue 25 §2: a lay changes its hex and the last move's highlight; drawing the whole map
    was most of a board), else drawn whole. A patched map is the map drawn whole, pixel for pixel
    (:func:`render.hexes.patch_map`)."""
    cells = _cells(view, lang, labels=labels, city_names=False)
    shown = {cell.hex: cell for cell in cells}
    near = (lang, size, labels)
    with _BASES_LOCK:
        bases = list(_BASES.get(near, ()))
    best: tuple[_Base, list[Hex]] | None = None
    for base in bases:
        changed = [h for h, cell in shown.items() if base.shown.get(h) != cell]
        if base.cities == tuple(view.cities) and (best is None or len(changed) < len(best[1])):
            best = (base, changed)
    if best is not None and len(best[1]) <= _PATCH_MOST:
        b = board()
        where = {b.coords[b.index[h]]: h for h in view.cities}

        def overlay(cv: Canvas, layout: Layout, around: frozenset[Hex]) -> None:
            _city_tags(cv, layout, [where[h] for h in around if h in where], lang, size)

        drawn, texts = patch_map(best[0].image, cells, best[1], lang=lang, ids=IDS, texts=best[0].texts,
                                 overlay=overlay, pad=_spill(lang, size))
    else:
        with recording() as texts:
            drawn = _draw_map(view, lang, size, labels=labels)
    replay(texts)
    with _BASES_LOCK:
        kept = [base for base in _BASES.get(near, ()) if best is None or base is not best[0]]
        _BASES.pop(near, None)
        _BASES[near] = [*kept, _Base(drawn, shown, tuple(view.cities), tuple(texts))][-_BASES_KEPT:]
        while len(_BASES) > _BASES_SIZES:     # most recently drawn last
            del _BASES[next(iter(_BASES))]
    return drawn


@dataclass(frozen=True)
class _Base:
    """A map drawn before: what each hex showed on it, its cities and its strings."""

    image: MapImage
    shown: dict[Hex, MapHex]
    cities: tuple[str, ...]
    texts: tuple[DrawnText, ...]


#: Drawn maps kept per process (the board's is about 1.5 MB at output size).
_MAPS: Reused[Hashable, MapImage] = Reused(2)
#: A map with more hexes changed than this from every kept base is drawn whole (a patch redraws the hex and its
#: neighbours: about a twelfth of the map's cost per hex).
_PATCH_MOST = 10
#: Bases kept per language and size: the last maps drawn (a process drawing several tables patches each from
#: its own last map while they are among these), for up to four languages and sizes (the board's and the
#: result's, in English and Chinese): at most 12 maps of about 1.5 MB.
_BASES_KEPT = 3
_BASES_SIZES = 4
_BASES: dict[tuple[str, float, bool], list[_Base]] = {}
_BASES_LOCK = threading.Lock()


# ---- board ----------------------------------------------------------------------------------------------------
def draw_board(view: HexlayView, lang: str, names: Sequence[str] | None = None) -> MapImage:
    """The board as a canvas, with the layout placing the map's hexes on it (tests read its pixels)."""
    shown = _names(names, lang)
    drawn = _map(view, lang, HEX)
    map_w, map_h = drawn.canvas.width, drawn.canvas.height
    width = map_w + PANEL_W + MARGIN

    def panel(cv: Canvas) -> float:
        return _side_panel(cv, view, lang, shown, map_w, PANEL_W)

    height = max(map_h, math.ceil(panel(Canvas(width, 1, lang, dry=True, scale=DIRECT))))
    canvas = Canvas(width, height, lang, scale=DIRECT)
    canvas.paste(drawn.canvas, (0, (height - map_h) // 2))
    panel(canvas)
    layout = drawn.layout.moved((drawn.layout.origin[0], drawn.layout.origin[1] + (height - map_h) // 2))
    return MapImage(canvas, layout)


def board_image(view: HexlayView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public board: the map with everyone's track, the scores, the latest move and the supply."""
    return draw_board(view, lang, names).canvas.png(board_palette("hexlay"))


def _side_panel(cv: Canvas, view: HexlayView, lang: str, names: list[str], x0: float, w: float) -> float:
    y: float = MARGIN
    cv.text((x0, y + 16), META.name(lang), 28, bold=True)
    y += 40
    left = sum(view.supply.values())
    limit = _w("of", lang, limit=view.round_limit) if view.round_limit else ""
    cv.text((x0, y + 10), f"{_w('round', lang, round=view.round)}{limit}  ·  {_w('left', lang, left=left)}", 16,
            fill=pal.MUTED, max_width=w)
    y += 30
    if view.ended:
        status = _w("over", lang) + " · " + GAME.text(f"reason.{view.ended}", {}, lang)
        cv.pill((x0, y + 16), status, 16, fill=GOLD, height=34, max_width=w)
    else:
        cv.pill((x0, y + 16), "▶ " + _w("to_lay", lang, name=names[view.current]), 17,
                fill=seat_colour(view.current), text_fill=(255, 255, 255), height=34, max_width=w)
    y += 46
    for p in view.players:
        y += _player_row(cv, view, p.seat, names, lang, x0, y, w) + 8
    if view.last is not None:
        y += 4
        y += cv.paragraph((x0, y), _last_line(view, lang, names), 14, w, fill=pal.TEXT, max_lines=2) + 8
    y += 6
    cv.text((x0, y + 10), _w("supply", lang), 16, bold=True)
    y += 26
    return _supply_grid(cv, view, x0, y, w, lang) + MARGIN


def _last_line(view: HexlayView, lang: str, names: Sequence[str]) -> str:
    last = view.last
    assert last is not None
    if not last.hex:
        return _w("last_pass", lang, name=names[last.seat])
    tile = board().tile_by_id[last.tile]
    return _w("last_lay", lang, name=names[last.seat], tile=tile.name(lang), hex=last.hex, rotation=last.rotation,
              points=last.points)


def _player_row(cv: Canvas, view: HexlayView, seat: int, names: Sequence[str], lang: str, x: float, y: float,
                w: float) -> float:
    p = view.players[seat]
    h = 64
    acting = seat in view.to_act
    cv.panel((x, y, x + w, y + h), fill=pal.PANEL_HI if acting else pal.PANEL,
             accent=pal.ACCENT if acting else None, accent_width=2, radius=10)
    colour = seat_colour(seat)
    cv.line([(x + 14, y + 14), (x + 14, y + h - 14)], fill=(252, 252, 250), width=10)
    cv.line([(x + 14, y + 14), (x + 14, y + h - 14)], fill=colour, width=6)
    name = names[seat] + (f" ({_w('you', lang)})" if seat == view.viewer else "")
    cv.text((x + 30, y + 22), name, 18, bold=True, max_width=w - 130)
    parts = [_w("links", lang, n=p.links), _w("own", lang, n=p.extension), _w("tiles", lang, n=p.tiles)]
    cv.text((x + 30, y + 46), "  ·  ".join(parts), 13, fill=pal.MUTED, max_width=w - 130)
    cv.text((x + w - 14, y + h / 2), str(p.score), 28, bold=True, fill=pal.ACCENT if acting else pal.TEXT,
            anchor="rm")
    return h


def _supply_grid(cv: Canvas, view: HexlayView, x0: float, y: float, w: float, lang: str) -> float:
    """Every tile type at r0 with the copies left; sold-out types greyed."""
    tiles = board().tiles
    columns = 6
    cell_w = w / columns
    r = min(cell_w * 0.36, 19)
    cell_h = r * 2 + 22
    for n, tile in enumerate(tiles):
        cx = x0 + cell_w * (n % columns) + cell_w / 2
        top = y + cell_h * (n // columns)
        left = view.supply.get(tile.id, 0)
        _SUPPLY.paste(cv, (tile.id, bool(left), r), (cx - r - 2, top - 2, cx + r + 2, top + 2 * r + 2),
                      partial(_supply_tile, tile, bool(left), r))
        cv.text((cx, top + 2 * r + 10), f"{tile.id} ×{left}", 12, fill=pal.TEXT if left else pal.MUTED,
                bold=bool(left), anchor="mm")
    return y + cell_h * math.ceil(len(tiles) / columns)


def _supply_tile(tile: TileType, left: bool, r: float, cv: Canvas, x: float, y: float) -> None:
    """A supply tile at r0 on its own, in the box from ``(x, y)`` (a flat hex of radius ``r`` two pixels in), greyed
    when sold out."""
    picture = tile_picture(tile, track=None if left else SOLD_OUT)
    if not left:
        picture = Tile(paths=picture.paths, stops=picture.stops, colour=pal.PANEL_ALT, track=SOLD_OUT)
    draw_hex(cv, Layout("flat", r, (x + r + 2, y + r + 2)), MapHex(Hex(0, 0), tile=picture, outline=pal.LINE))


#: The board's supply tiles, drawn once per process (issue 25 §2: 36 small hexes were a fifth of a board).
_SUPPLY = Sprites(128)


# ---- private --------------------------------------------------------------------------------------------------
def private(view: HexlayView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """A seat's panel: its score, how many lays it has, the notation, and the whole supply with names."""
    width = 980
    return Canvas.fitted(width, lang, lambda cv: _private_body(cv, view, lang, _names(names, lang), width),
                         scale=DIRECT).png()


def _private_body(cv: Canvas, view: HexlayView, lang: str, names: list[str], width: float) -> float:
    x0, w = MARGIN, width - 2 * MARGIN
    y: float = MARGIN
    seat = view.viewer if view.viewer is not None else view.current
    cv.text((x0, y + 16), f"{META.name(lang)} · {names[seat]}", 26, bold=True, max_width=w)
    y += 44
    y += _player_row(cv, view, seat, names, lang, x0, y, w) + 12
    if view.lays is not None and seat in view.to_act:
        line = _w("lays", lang, n=f"{view.lays:,}")
        cv.pill((x0, y + 16), line, 17, fill=pal.ACCENT, height=34, max_width=w)
    elif not view.ended:
        cv.pill((x0, y + 16), _w("waiting", lang, name=names[view.current]), 17, fill=pal.PANEL_ALT, height=34,
                max_width=w)
    y += 44
    cv.text((x0, y + 10), _w("howto", lang), 15, fill=pal.MUTED, max_width=w)
    y += 34
    cv.text((x0, y + 10), _w("your_supply", lang), 18, bold=True)
    y += 30
    columns = 3
    cell_w = w / columns
    r = 24.0
    row_h = 2 * r + 14
    tiles = board().tiles
    for n, tile in enumerate(tiles):
        x = x0 + cell_w * (n % columns)
        top = y + row_h * (n // columns)
        left = view.supply.get(tile.id, 0)
        cv.panel((x + 2, top + 2, x + cell_w - 6, top + row_h - 4), fill=pal.PANEL if left else pal.BACKGROUND,
                 radius=8)
        picture = tile_picture(tile)
        if not left:
            picture = Tile(paths=picture.paths, stops=picture.stops, colour=pal.PANEL_ALT, track=SOLD_OUT)
        draw_hex(cv, Layout("flat", r, (x + 10 + r, top + row_h / 2)), MapHex(Hex(0, 0), tile=picture,
                                                                          outline=pal.LINE))
        tx = x + 18 + 2 * r
        ink = pal.TEXT if left else pal.MUTED
        cv.text((tx, top + row_h / 2 - 10), f"{tile.id}  {tile.name(lang)}", 15, fill=ink, bold=True,
                max_width=cell_w - 2 * r - 30)
        sub = f"{_w('copies', lang, n=left)}  ·  {_w('rotations', lang, n=tile.period)}"
        cv.text((tx, top + row_h / 2 + 12), sub, 13, fill=pal.MUTED, max_width=cell_w - 2 * r - 30)
    return y + row_h * math.ceil(len(tiles) / columns) + MARGIN


# ---- result ---------------------------------------------------------------------------------------------------
def result(outcome: Outcome, view: HexlayView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking with each player's points for links and own track, why the game ended, and the map."""
    shown = _names(names, lang)
    drawn = _map(view, lang, 30, labels=False)
    width = max(drawn.canvas.width, 900)

    def body(cv: Canvas) -> float:
        y = _result_rows(cv, outcome, view, lang, shown, width)
        cv.paste(drawn.canvas, ((width - drawn.canvas.width) // 2, round(y)))
        return y + drawn.canvas.height

    return Canvas.fitted(width, lang, body, scale=DIRECT).png()


def _result_rows(cv: Canvas, outcome: Outcome, view: HexlayView, lang: str, names: list[str], width: float) -> float:
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    cv.text((x0, y + 18), _w("results", lang), 30, bold=True)
    cv.text((x0, y + 50), META.name(lang), 16, fill=pal.MUTED)
    winners = [names[s] for s in outcome.winners]
    if winners:
        text = _w("winners" if len(winners) > 1 else "winner", lang, names=", ".join(winners))
        tw = min(cv.measure(text, 18, True) + 40, (x1 - x0) * 0.55)
        cv.pill((x1 - tw, y + 28), text, 18, fill=GOLD, height=40, max_width=tw)
    y += 76
    for key, params in outcome.reasons:
        y += cv.paragraph((x0, y), GAME.text(key, params, lang, names), 15, x1 - x0, fill=pal.TEXT) + 4
    y += 8
    row_h = 62
    for standing in outcome.standings:
        top = standing.rank == 1
        cv.panel((x0, y, x1, y + row_h), fill=pal.PANEL_HI if top else pal.PANEL, accent=GOLD if top else None,
                 accent_width=2, radius=10)
        medal = _MEDAL.get(standing.rank, pal.PANEL_ALT)
        cv.circle((x0 + 34, y + row_h / 2), 19, fill=medal, outline=pal.darken(medal, 0.3), width=2)
        cv.text((x0 + 34, y + row_h / 2), str(standing.rank), 18, bold=True, anchor="mm",
                fill=pal.TEXT_DARK if standing.rank <= 3 else pal.TEXT)
        cv.line([(x0 + 68, y + 16), (x0 + 68, y + row_h - 16)], fill=seat_colour(standing.seat), width=6)
        cv.text((x0 + 82, y + 22), names[standing.seat], 19, bold=True, max_width=x1 - x0 - 300)
        b = standing.breakdown
        parts = [_w("links", lang, n=b.get("links", 0)), _w("own", lang, n=b.get("extension", 0)),
                 _w("tiles", lang, n=b.get("tiles", 0))]
        cv.text((x0 + 82, y + 45), "  ·  ".join(parts), 14, fill=pal.MUTED, max_width=x1 - x0 - 300)
        cv.text((x1 - 16, y + row_h / 2), f"{standing.score} {_w('points', lang)}", 24, bold=True,
                fill=pal.ACCENT if top else pal.TEXT, anchor="rm")
        y += row_h + 8
    return y + 4


# ---- detail ---------------------------------------------------------------------------------------------------
def detail(view: HexlayView, focus: str, lang: str, names: Sequence[str] | None = None) -> bytes:
    """One hex zoomed in with its neighbours, then every tile the view offers there (``view.fits``, put by
    ``Game.focus_view`` beside a menu at ``lay <hex>``), each in its legal rotations labelled ``r0`` … ``r5`` (the
    last token of ``lay <hex> <tile> r<k>``)."""
    return draw_detail_canvas(view, focus, lang, names).png()


def draw_detail_canvas(view: HexlayView, focus: str, lang: str, names: Sequence[str] | None = None) -> Canvas:
    """:func:`detail` as a canvas. ``ValueError`` when ``focus`` is not a hex of the map."""
    b = board()
    where = try_hex_id(focus)
    if where is None or where not in b.index:
        raise ValueError(f"{focus!r} is not a hex of the Tile Lay map")
    laid: dict[str, PlacedView] = {p.hex: p for p in view.laid}
    cities = frozenset(view.cities)
    # the fitting tiles come with the view (HexlayGame.focus_view): the renderer runs no rules
    found = [(b.tile_by_id[tile], rotations) for tile, rotations in view.fits.get(where, [])]
    if where in cities:
        title = _w("detail_city", lang, hex=where, city=b.site_by_hex[where].name(lang))
    elif where in laid:
        title = _w("detail_laid", lang, hex=where, tile=b.tile_by_id[laid[where].tile].name(lang))
    else:
        title = _w("detail", lang, hex=where, n=sum(len(r) for _, r in found))
    zoom = draw_detail(_cells(view, lang), b.coords[b.index[where]], size=64, lang=lang, title=title,
                       margin=MARGIN).canvas
    small = 22.0
    slot = 2 * small + 8
    block_w = 6 * slot + 16
    columns = 1 if len(found) <= 6 else 2 if len(found) <= 16 else 3
    block_h = 24 + math.sqrt(3) * small + 24
    rows = math.ceil(len(found) / columns)
    width = max(zoom.width, math.ceil(2 * MARGIN + columns * block_w)) if found else zoom.width
    empty = where not in cities and where not in laid
    height = zoom.height + (math.ceil(rows * block_h) + MARGIN if found else 40 if empty else 0)
    track = seat_colour(view.viewer if view.viewer is not None else view.current)
    canvas = Canvas(width, height, lang, scale=DIRECT)
    canvas.paste(zoom, ((width - zoom.width) // 2, 0))
    y0 = zoom.height
    if not found and where not in cities and where not in laid:
        canvas.text((MARGIN, y0 + 16), _w("no_lay", lang), 16, fill=pal.MUTED)
    for n, (tile, rotations) in enumerate(found):
        x = MARGIN + block_w * (n % columns)
        y = y0 + block_h * (n // columns)
        left = view.supply.get(tile.id, 0)
        canvas.text((x, y + 10), f"{tile.id} {tile.name(lang)}  {_w('copies', lang, n=left)}", 14, bold=True,
                    max_width=block_w - 12)
        for j, k in enumerate(rotations):
            cx = x + small + j * slot
            cy = y + 24 + small * math.sqrt(3) / 2
            draw_hex(canvas, Layout("flat", small, (cx, cy)),
                     MapHex(Hex(0, 0), tile=tile_picture(tile, k, track), outline=pal.LINE))
            canvas.text((cx, cy + small + 8), f"r{k}", 12, bold=True, anchor="mm")
    return canvas


@dataclass(frozen=True)
class HexlayRenderer(TitleRenderer):
    """The three drawings every title has, plus :func:`detail` (one hex and the tiles that fit there)."""

    detail: Callable[..., bytes] = detail

    def focus(self, view: HexlayView, path: Sequence[str], lang: str,
              names: Sequence[str] | None = None) -> bytes | None:
        """The picture beside a move menu at ``path``: once a hex is chosen (``lay c4``), that
        hex with the tiles and rotations the view offers there (``Game.focus_view``); nothing before."""
        if len(path) >= 2 and path[0] == "lay":
            try:
                return detail(view, path[1].upper(), lang, names)
            except ValueError:
                return None
        return None


#: The renderer declared by ``games.examples.hexlay`` (``GameMeta.renderer``).
RENDERER = HexlayRenderer("hexlay", board_image, private, result, detail)


def forget_maps() -> None:
    """Forget every kept map and every map kept to patch from: the next map of any table is drawn whole, as the
    first of a process is (``python -m bench.render --boards --whole-maps``, issue 25 §2)."""
    with _BASES_LOCK:
        _BASES.clear()
    _MAPS.clear()
