"""18 Royal Gorge's map: tiles and cells for :mod:`render.hexes`, the overlays (walls, off-board revenue, terrain,
mines and gold, names), and the map drawn once per position, patched when a move changes a few hexes."""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from games.core.hexgrid import Hex, Layout
from games.royal_gorge.content import IDS, PHASES, Content, content
from games.royal_gorge.content import Stop as StopData
from games.royal_gorge.content import Tile as TileData

from .. import palette as pal
from ..hexes import TILE_COLOURS, City, MapHex, MapImage, Tile, Token, Town, draw_map, patch_map
from ..kit import DIRECT, Canvas, DrawnText, is_cjk, recording, replay
from ..palette import RGB
from ..static_layer import Reused
from .common import (
    _TOKEN_TEXT,
    GOLD,
    MARGIN,
    NAME_INK,
    PHASE_COLOUR,
    WALL,
    _gold_cubes,
    _laid,
    _last,
    _map_tokens,
    _rail_ids,
    corp_colour,
)

#: Place names, in hex radii: large enough to read when chat previews the board at about 550 px wide (a third
#: of its 1600), where a name of 0.235 radii came out under 4 px; a name may spill into its neighbours on its patch.
NAME_SIZE = 0.42
#: Chinese names: a character needs more pixels than a Latin letter to stay legible at that width; up to six
#: characters stay on one line (a name split in two lines crowds its neighbours more than a wide one).
NAME_SIZE_CJK = 0.46
NAME_WIDTH_CJK = 2.8
NAME_WIDTH = 2.6
#: How far from a hex's centre a name's patch stays (a one-slot city's token reaches 0.25 radii).
CITY_CLEAR = 0.28
#: The margin coordinates (players type them: ``lay l14 …``), in hex radii, legible at the same preview width.
ID_SIZE = 0.45


# ---- tiles and cells -------------------------------------------------------------------------------------------
def _end(end: int | str) -> int | str:
    return end if isinstance(end, int) else "_0"


def token_text(corp: str) -> str:
    """What a station token says: the company's id, shortened where a token is too small for it."""
    return _TOKEN_TEXT.get(corp, corp)


def _token(corp: str | None) -> Token | None:
    return Token(corp_colour(corp), token_text(corp)) if corp else None


def _ghost(corp: str) -> Token:
    """A home or reserved slot before its token is placed: the company's colour, faded."""
    return Token(pal.mix(corp_colour(corp), (250, 250, 246), 0.62), token_text(corp))


def _stop_picture(stop: StopData, revenue: int | None, slots: Sequence[str | None],
                  ghost: str = "") -> City | Town:
    if stop.kind == "city":
        count = max(1, stop.slots, len(slots))
        tokens: list[Token | None] = [_token(slots[i] if i < len(slots) else None) for i in range(count)]
        if ghost and ghost not in slots and None in tokens:
            tokens[tokens.index(None)] = _ghost(ghost)         # the home or reserved slot, still empty
        return City(slots=count, tokens=tuple(tokens), revenue=revenue or None)
    if stop.kind == "town":
        return Town(style="bar", revenue=revenue or None)
    return Town(style="dot")


def tile_picture(tile: TileData, rotation: int = 0, slots: Sequence[str | None] = (), ghost: str = "") -> Tile:
    """A tile of the manifest as :mod:`render.hexes` draws it: its colour, track, stop, revenue and number."""
    stops = tuple(_stop_picture(s, s.revenue, slots, ghost) for s in tile.stops)
    paths = tuple((_end(a), _end(b)) for a, b in tile.paths)
    return Tile(paths=paths, stops=stops, rotation=rotation, colour=TILE_COLOURS[tile.colour], name=tile.id)


def _printed_picture(c: Content, hex_id: str, rails: set[str], slots: Sequence[str | None]) -> Tile | None:
    h = c.hexes[hex_id]
    stops = c.stops_of(hex_id, rails)
    if not stops and not h.paths:
        return None
    ghost = h.home if h.home in rails else (h.reserved if h.reserved in rails else "")
    pictures = tuple(_stop_picture(s, None, slots, ghost) for s in stops)
    paths = tuple((_end(a), _end(b)) for a, b in h.paths)
    return Tile(paths=paths, stops=pictures)


def _cells(view: Any, highlight: Iterable[str] = ()) -> list[MapHex]:
    """Every hex of the map: laid tiles, printed track and stops, home and reserved slots, station tokens."""
    c = content()
    laid = _laid(view)
    tokens = _map_tokens(view)
    rails = set(_rail_ids(view))
    marked = set(highlight)
    cells = []
    coords = _coords()
    for h in c.hex_list:
        coord = coords[h.id]
        slots = tokens.get(h.id, [])
        placed = laid.get(h.id)
        if placed is not None:
            tile = c.tiles[placed[0]]
            ghost = h.home if h.home in rails else (h.reserved if h.reserved in rails else "")
            picture: Tile | None = tile_picture(tile, placed[1], slots, ghost)
        else:
            picture = _printed_picture(c, h.id, rails, slots)
        fill = TILE_COLOURS["white" if h.colour == "white" else h.colour]
        cells.append(MapHex(coord, fill=fill, tile=picture, highlight=pal.ACCENT if h.id in marked else None))
    return cells


# ---- map overlays: walls, off-board revenue, terrain, mines and gold, names ---------------------------------------
def _edge_ends(layout: Layout, coord: Hex, edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
    corners = layout.corners(coord)          # flat: corner i at 60°·i clockwise from the right
    return corners[(edge + 1) % 6], corners[(edge + 2) % 6]


def _mountain(cv: Canvas, at: tuple[float, float], r: float) -> None:
    x, y = at
    cv.polygon([(x - r, y + r * 0.6), (x - r * 0.15, y - r * 0.7), (x + r * 0.2, y - r * 0.1),
                (x + r * 0.45, y - r * 0.45), (x + r, y + r * 0.6)], fill=(132, 96, 60),
               outline=(70, 50, 30), width=max(0.8, r * 0.1))
    cv.polygon([(x - r * 0.38, y - r * 0.18), (x - r * 0.15, y - r * 0.7), (x + r * 0.06, y - r * 0.3)],
               fill=(246, 246, 240))


def _water(cv: Canvas, at: tuple[float, float], r: float) -> None:
    x, y = at
    for dy in (-r * 0.35, r * 0.3):
        pts = [(x - r + i * r / 6, y + dy + math.sin(i * math.pi / 3) * r * 0.22) for i in range(13)]
        cv.line(pts, fill=(46, 110, 196), width=max(1.2, r * 0.22))


def _mine(cv: Canvas, at: tuple[float, float], s: float) -> None:
    """A printed mine icon: a dark pit with gold-crossed tools."""
    x, y = at
    cv.box((x - s / 2, y - s / 2, x + s / 2, y + s / 2), fill=(52, 44, 36), outline=GOLD, radius=s * 0.22,
           width=max(0.8, s * 0.1))
    cv.line([(x - s * 0.28, y + s * 0.28), (x + s * 0.28, y - s * 0.28)], fill=GOLD, width=max(1.0, s * 0.14))
    cv.line([(x - s * 0.28, y - s * 0.28), (x + s * 0.28, y + s * 0.28)], fill=GOLD, width=max(1.0, s * 0.14))


def _area_strip(cv: Canvas, centre: tuple[float, float], revenue: Mapping[str, int], phase: str, r: float) -> None:
    """Off-board revenue by phase: four little boxes, the current phase's outlined in white."""
    box_w, box_h = r * 0.36, r * 0.3
    x0 = centre[0] - box_w * 2
    y = centre[1]
    for i, p in enumerate(PHASES):
        x = x0 + box_w * i
        now = p == phase
        fill = PHASE_COLOUR[p]
        cv.box((x + 0.5, y - box_h / 2, x + box_w - 0.5, y + box_h / 2), fill=fill,
               outline=(255, 255, 255) if now else pal.darken(fill, 0.4), radius=box_h * 0.2,
               width=2 if now else 0.8)
        cv.text((x + box_w / 2, y), str(revenue.get(p, 0)), box_h * (0.8 if now else 0.7),
                fill=pal.on_colour(fill), bold=now, anchor="mm")


def _exits(c: Content, hex_id: str, laid: Mapping[str, tuple[str, int]]) -> set[int]:
    placed = laid.get(hex_id)
    if placed is not None:
        return {(e + placed[1]) % 6 for p in c.tiles[placed[0]].paths for e in p if isinstance(e, int)}
    return {e for p in c.hexes[hex_id].paths for e in p if isinstance(e, int)}


def _name_lines(cv: Canvas, name: str, size: float, width: float, most: float) -> list[str]:
    """A place name on one line, or two when it is wider than ``width`` (split at the space nearest the
    middle); a name without a space stays whole up to ``most`` wide, else Chinese splits in half."""
    if cv.measure(name, size, True) <= width:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if not spaces and cv.measure(name, size, True) <= most:
        return [name]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
        return [name[:cut], name[cut + 1:]]
    half = math.ceil(len(name) / 2)
    return [name[:half], name[half:]]


def _place_name(cv: Canvas, centre: tuple[float, float], name: str, size: float, below: bool, *,
                ink: RGB, back: RGB | None, city: bool = False) -> None:
    """A place name near the bottom (``below``) or the top of a hex, on a patch of ``back`` when given; a name of
    two lines that would cover the ``city`` in the hex's middle puts one line above it, one below."""
    cjk = any(is_cjk(ch) for ch in name)
    text_size, widest = size * (NAME_SIZE_CJK if cjk else NAME_SIZE), size * (NAME_WIDTH_CJK if cjk else NAME_WIDTH)
    lines = _name_lines(cv, name, text_size, size * 1.5, widest)
    step = text_size * 1.05
    cx, cy = centre
    spread = step * (len(lines) - 1)
    clear = size * CITY_CLEAR + text_size * 0.68        # the patch keeps off a city in the hex's middle
    first = cy + size * 0.6 - spread * 0.55 if below else cy - size * 0.6 - spread * 0.45
    if city and len(lines) == 2 and (first < cy + clear if below else first + spread > cy - clear):
        # two lines on one side would cover the city in the middle: one line above it, one below
        positions = [cy - clear, cy + clear]
    else:
        positions = [first + step * i for i in range(len(lines))]
    if back is not None and len(positions) == 2 and positions[1] - positions[0] > step * 1.5:
        boxes = [(line, y, y) for line, y in zip(lines, positions, strict=True)]  # a patch per line, apart
    else:
        boxes = [(max(lines, key=lambda t: cv.measure(t, text_size, True)), positions[0], positions[-1])]
    for longest, top, bottom in boxes if back is not None else []:
        width = min(cv.measure(longest, text_size, True), widest)
        cv.box((cx - width / 2 - 3, top - text_size * 0.68, cx + width / 2 + 3, bottom + text_size * 0.68),
               fill=back, radius=text_size * 0.4)
    for line, y in zip(lines, positions, strict=True):
        cv.text((cx, y), line, text_size, fill=ink, bold=True, anchor="mm", max_width=widest, source=name)


def _overlay(cv: Canvas, layout: Layout, view: Any, lang: str, size: float, only: Iterable[str] | None = None) -> None:
    """What :mod:`render.hexes` does not draw: the gorge walls and area borders, off-board revenue by phase,
    place names large enough to read in a chat preview, then over them terrain costs on unbuilt hexes, mines and
    gold cubes (a wide name spills into its neighbours and must not hide their costs)."""
    c = content()
    laid = _laid(view)
    wanted = set(only) if only is not None else None
    shown = [h for h in c.hex_list if wanted is None or h.id in wanted]
    coords = _coords()
    for h in shown:
        cx, cy = layout.centre(coords[h.id])
        for edge in h.borders:
            a, b = _edge_ends(layout, coords[h.id], edge)
            cv.line([a, b], fill=WALL, width=max(2.0, size * 0.08))
        exits = _exits(c, h.id, laid)
        below = 0 not in exits or 3 in exits          # names go to the bottom unless only the top is free
        area = next((s.area for s in h.stops if s.area and not s.hidden), "")
        if area:
            _area_strip(cv, (cx, cy + size * (-0.47 if below else 0.47)), c.areas[area].revenue, view.phase, size)
        name = c.areas[area].name(lang) if h.colour == "red" and area else (h.name(lang) if (h.en or h.zh) else "")
        if name and h.colour == "red":
            _place_name(cv, (cx, cy), name, size, below, ink=(255, 255, 255),
                        back=pal.darken(TILE_COLOURS["red"], 0.25))
        elif name:
            _place_name(cv, (cx, cy), name, size, below, ink=NAME_INK, back=(250, 248, 240),
                        city=any(stop.kind == "city" for stop in h.stops))
    gold = _gold_cubes(view)
    for h in shown:
        _markers(cv, layout.centre(coords[h.id]), h, h.id in laid, gold.get(h.id, 0), size)


def _markers(cv: Canvas, centre: tuple[float, float], h: Any, built: bool, cubes: int, size: float) -> None:
    """A hex's terrain cost (unbuilt), its gold cubes or, unbuilt, its mines."""
    cx, cy = centre
    if h.terrain and not built:
        spot = (cx - size * 0.5, cy - size * 0.42)
        icon = size * 0.2
        (_mountain if h.terrain == "mountain" else _water)(cv, spot, icon)
        cv.text((spot[0], spot[1] + icon * 1.5), f"${h.cost}", size * 0.25, fill=NAME_INK, bold=True, anchor="mm")
    s = size * 0.24
    if cubes:
        for i in range(cubes):
            cv.cube((cx + size * 0.56 - s / 2, cy - size * 0.4 + i * s * 0.95), s, GOLD)
    elif h.mines and not built:
        for i in range(h.mines):
            _mine(cv, (cx + size * 0.52, cy - size * 0.36 + i * s * 1.1), s)


def _draw_map(view: Any, lang: str, size: float, *, ids: bool = True) -> MapImage:
    """The map with its overlay. The same map (same tiles, tokens, gold, phase and highlight) is drawn once and
    then reused while it stays among the last few drawn (issue 13 §3): most moves of 18xx leave the map as it was.
    The canvas returned is shared: paste it, never draw on it."""
    hexes, _text = _last(view)
    key = _MapKey(tuple(sorted(_laid(view).items())),
                  tuple(sorted((h, tuple(slots)) for h, slots in _map_tokens(view).items())),
                  tuple(sorted(_rail_ids(view))), tuple(sorted(set(hexes))),
                  tuple(sorted(_gold_cubes(view).items())), view.phase, lang, size, ids, DIRECT)

    def draw() -> MapImage:
        cells = _cells(view, hexes)
        laid, gold, coords, phased = _laid(view), _gold_cubes(view), _hex_ids(), _phased()
        shown = {cell.hex: (cell, laid.get(coords[cell.hex]), gold.get(coords[cell.hex], 0),
                            view.phase if cell.hex in phased else "") for cell in cells}
        near = (lang, size, ids)
        with _BASES_LOCK:
            bases = list(_BASES.get(near, ()))
        base: _Base | None = None
        changed: list[Hex] = []
        for kept in bases:          # the kept map nearest to this one (of a table drawn before, or this table's)
            differ = [h for h, seen in shown.items() if kept.shown.get(h) != seen]
            if base is None or len(differ) < len(changed):
                base, changed = kept, differ
        if base is not None and len(changed) <= _PATCH_MOST:
            def overlay(cv: Canvas, layout: Layout, where: frozenset[Hex]) -> None:
                _overlay(cv, layout, view, lang, size, only=[coords[h] for h in where])

            spilling = _spilling()

            def reach(cell: MapHex, layer: str) -> float:
                if layer == "fill" or (layer == "highlight" and cell.highlight is None):
                    return size * _OUTLINE
                if layer == "content":
                    big = cell.tile is not None and bool(cell.tile.stops)    # a revenue bubble
                else:                                                        # names and off-board revenue
                    big = layer == "overlay" and cell.hex in spilling
                return size * (_SPILL if big else _REACH)

            drawn, texts = patch_map(base.image, cells, changed, lang=lang, ids=IDS if ids else None, id_size=ID_SIZE,
                                     texts=base.texts, overlay=overlay, pad=size * _SPILL, reach=reach)
        else:
            with recording() as found:
                drawn = draw_map(cells, size=size, lang=lang, ids=IDS if ids else None, id_size=ID_SIZE, margin=MARGIN)
                _overlay(drawn.canvas, drawn.layout, view, lang, size)
            texts = found
        replay(texts)
        with _BASES_LOCK:
            others = [b for b in _BASES.pop(near, []) if b is not base]
            _BASES[near] = [*others, _Base(drawn, shown, tuple(texts))][-_BASES_KEPT:]
            while len(_BASES) > _MAPS.kept:
                del _BASES[next(iter(_BASES))]
        return drawn

    return _MAPS.get(key, draw)


@dataclass(frozen=True)
class _Base:
    """A map drawn for a language and size, what each hex showed on it (its cell, the tile laid, the gold
    on it and, on an off-board area, the phase) and its strings: the next map is this one with the hexes that
    changed drawn again."""

    image: MapImage
    shown: dict[Hex, tuple[MapHex, tuple[str, int] | None, int, str]]
    texts: tuple[DrawnText, ...]


#: How far, in hex radii, anything drawn for a hex reaches beyond its corners: a place name's patch (NAME_WIDTH
#: wide, a little over the hex's 2 radii), a revenue bubble pushed out from a city near the edge (render.hexes
#: places it 1.55 × the city's offset from the centre).
_SPILL = 0.5
#: How far, in hex radii, a hex without a name, a stop or an off-board area draws beyond its corners: track's
#: casing at an edge (0.11), a wall across an edge (0.04), a highlight or an outline, with anti-aliasing.
_REACH = 0.15
#: How far a hex's fill and outline reach beyond its corners, in hex radii (the outline is 0.03 wide).
_OUTLINE = 0.06
#: A map with more hexes changed than this from every kept map is drawn whole (patching a hex costs about a tenth
#: of the map, less for neighbours drawn together).
_PATCH_MOST = 10
#: Maps kept to patch from per language and size (the last ones drawn, a patched map replacing the one it came
#: from), for two languages or sizes: up to six maps of about 4 MB.
_BASES_KEPT = 3
_BASES: dict[tuple[str, float, bool], list[_Base]] = {}
_BASES_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _coords() -> dict[str, Hex]:
    """Each hex id's coordinates (parsed once: a map asked for every hex's twice or three times)."""
    return {h.id: h.coord for h in content().hex_list}


@lru_cache(maxsize=1)
def _hex_ids() -> dict[Hex, str]:
    return {h.coord: h.id for h in content().hex_list}


@lru_cache(maxsize=1)
def _spilling() -> frozenset[Hex]:
    """The hexes whose overlay may reach up to :data:`_SPILL` beyond their corners: those with a place name (its
    patch is wider than the hex) or an off-board area (its revenue by phase)."""
    return frozenset(h.coord for h in content().hex_list if h.en or h.zh or h.stops)


@lru_cache(maxsize=1)
def _phased() -> frozenset[Hex]:
    """The hexes whose picture shows the phase: off-board areas with their revenue by phase (:func:`_area_strip`)."""
    return frozenset(h.coord for h in content().hex_list if any(s.area and not s.hidden for s in h.stops))


class _MapKey(NamedTuple):
    """Everything a drawn map depends on (besides the title's fixed data)."""

    laid: tuple[tuple[str, tuple[str, int]], ...]
    tokens: tuple[tuple[str, tuple[str | None, ...]], ...]
    rails: tuple[str, ...]
    highlight: tuple[str, ...]
    gold: tuple[tuple[str, int], ...]
    phase: str
    lang: str
    size: float
    ids: bool
    scale: int


#: Drawn maps kept per process (a board's map is about 4 MB at output size, the result's 2 MB).
_MAPS: Reused[_MapKey, MapImage] = Reused(2)


def forget_maps() -> None:
    """Forget every kept map and every map kept to patch from: the next map of any table is drawn whole, as the
    first of a process is (``python -m bench.render --boards --whole-maps``, issue 25 §2)."""
    with _BASES_LOCK:
        _BASES.clear()
    _MAPS.clear()
