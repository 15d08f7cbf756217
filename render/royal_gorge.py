"""Images for 18 Royal Gorge: the board (the map, the stock market, the charters, the players, steel, gold and
the depot), a seat's private panel, the result, and a zoomed detail of one hex with the tiles that may be laid
there in each offered rotation (``r0`` … ``r5``).

Drawn from a :class:`~games.royal_gorge.view.RGView` and the public data (:func:`games.royal_gorge.content.content`)
with the hex-map kit :mod:`render.hexes`; never from the game state. 18xx hides nothing, so every image may show
everything in the view.

The map fields (``laid``, ``tokens``, ``gold_cubes``, ``steel``) and the operating-round figures (``depot``, a
company's ``trains`` and ``debt``, ``gold_shipped``, ``debt_col``, ``treaty``, ``last``) are read with
:func:`getattr` and a default, so a view without them draws the opening position: no tiles, station tokens from
each company's ``tokens`` list, the full steel market and depot.
"""

from __future__ import annotations

import math
import threading
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from games.core import Outcome
from games.core.hexgrid import Hex, Layout
from games.royal_gorge.content import IDS, PHASES, Content, content
from games.royal_gorge.content import Stop as StopData
from games.royal_gorge.content import Tile as TileData
from games.royal_gorge.game import GAME, META
from games.royal_gorge.records import tabula_id

from . import palette as pal
from .hexes import TILE_COLOURS, City, MapHex, MapImage, Tile, Token, Town, draw_detail, draw_map, patch_map
from .hexes import Candidate as _Candidate
from .kit import DIRECT, MARGIN_DEFAULT, Canvas, DrawnText, TitleRenderer, recording, replay, seat_label
from .palette import RGB
from .static_layer import Reused, Sprites

__all__ = [
    "RENDERER",
    "BoardImage",
    "board_image",
    "corp_colour",
    "detail",
    "draw_board",
    "draw_detail_canvas",
    "private",
    "result",
]

MARGIN = MARGIN_DEFAULT
WIDTH = 1600             # the board: a chat preview shows it whole
HEX = 46                 # the map's hex radius: 15 columns come out about 1130 px wide
GAP = 16
DETAIL_HEX = 84

_DATA: dict[str, Any] = tomllib.loads(Path(__file__).with_name("royal_gorge.toml").read_text(encoding="utf-8"))
_WORDS: dict[str, dict[str, str]] = {"en": _DATA["en"], "zh": _DATA["zh"]}
_COLOURS: dict[str, RGB] = {k: (v[0], v[1], v[2]) for k, v in _DATA["colours"].items()}
_TOKEN_TEXT: dict[str, str] = dict(_DATA.get("token_text", {}))

GOLD: RGB = (236, 186, 44)
STEEL: RGB = (150, 164, 184)
WALL: RGB = (40, 36, 34)
NAME_INK: RGB = (34, 34, 40)
DIM: RGB = (92, 98, 114)
_MEDAL: dict[int, RGB] = {1: (230, 182, 60), 2: (190, 196, 206), 3: (198, 128, 74)}
PHASE_COLOUR: dict[str, RGB] = {"yellow": TILE_COLOURS["yellow"], "green": TILE_COLOURS["green"],
                                "brown": TILE_COLOURS["brown"], "silver": (196, 200, 208),
                                "gray": (196, 200, 208), "red": TILE_COLOURS["red"]}
ZONE_COLOUR: dict[str, RGB] = {"": (70, 76, 94), "par": (176, 150, 52), "par_1": (62, 130, 70),
                               "par_2": (132, 92, 58), "endgame": (160, 54, 48)}


def _w(key: str, lang: str, **params: Any) -> str:
    table = _WORDS["zh"] if lang.startswith("zh") else _WORDS["en"]
    text = table.get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def _names(names: Sequence[str] | None, lang: str) -> list[str]:
    return [seat_label(s, lang, names) for s in range(max(META.max_players, len(names or ())))]


def _money(n: int) -> str:
    return f"−${-n:,}" if n < 0 else f"${n:,}"


def corp_colour(corp: str) -> RGB:
    """The charter and token colour of a railroad, a metal company or ``DEBT``."""
    return _COLOURS.get(corp, pal.MUTED)


def _corp_name(corp: str, lang: str) -> str:
    c = content()
    found = c.railroads.get(corp) or c.metals.get(corp)
    return found.name(lang) if found else corp


def _private_name(private: str, lang: str) -> str:
    found = content().privates.get(private)
    return found.name(lang) if found else private


def _phase_name(phase: str, lang: str) -> str:
    found = content().phases.get(phase)
    return found.name(lang) if found else phase


# ---- the view, including fields the engine is adding ----------------------------------------------------------
def _laid(view: Any) -> dict[str, tuple[str, int]]:
    """``hex → (tile id, rotation)``; empty before the view carries the map."""
    raw = getattr(view, "laid", None) or {}
    c = content()
    out: dict[str, tuple[str, int]] = {}
    for hex_id, placed in dict(raw).items():
        tile, rotation = placed[0], int(placed[1])
        if hex_id in c.hexes and tile in c.tiles:
            out[hex_id] = (tile, rotation % 6)
    return out


def _rail_ids(view: Any) -> list[str]:
    return [corp.id for corp in view.corps if corp.kind == "rail"]


def _map_tokens(view: Any) -> dict[str, list[str | None]]:
    """``hex → corporation per city slot``: the view's map tokens, else each company's ``tokens`` hexes."""
    raw = getattr(view, "tokens", None)
    if raw is not None:
        return {h: list(slots) for h, slots in dict(raw).items()}
    out: dict[str, list[str | None]] = {}
    for corp in view.corps:
        for hex_id in corp.tokens:
            out.setdefault(hex_id, []).append(corp.id)
    return out


def _gold_cubes(view: Any) -> dict[str, int]:
    return {h: int(n) for h, n in dict(getattr(view, "gold_cubes", None) or {}).items() if n}


def _steel(view: Any) -> dict[str, list[int]]:
    """Column id → the cube prices it still holds (``view.steel`` as colour → column → prices, or column →
    prices); the full market when the view has none."""
    raw = getattr(view, "steel", None)
    c = content()
    if not raw:
        return {col.id: sorted(col.cubes) for col in c.steel.column}
    out: dict[str, list[int]] = {}
    for key, value in dict(raw).items():
        if isinstance(value, Mapping):
            for col, prices in value.items():
                out[str(col)] = sorted(int(p) for p in prices)
        else:
            out[str(key)] = sorted(int(p) for p in value)
    return out


def _depot(view: Any) -> dict[str, int]:
    """Train → copies left in the depot (a train missing from ``view.depot`` is sold out); the full depot when
    the view has none."""
    raw = getattr(view, "depot", None)
    if raw is not None:
        return {str(k): int(v) for k, v in dict(raw).items()}
    return {t.id: (1 if t.unlimited else t.count) for t in content().train_list}


def _trains(corp: Any) -> list[str]:
    return [str(t) for t in getattr(corp, "trains", None) or []]


def _last(view: Any) -> tuple[list[str], str]:
    """The hexes the last move touched and a line about it, from ``view.last`` (``hex``/``hexes`` and ``text``
    or ``move``) or ``view.last_hex``; nothing when the view has neither."""
    last = getattr(view, "last", None)
    hexes: list[str] = []
    text = ""
    if last is not None:
        if isinstance(last, str):
            text = last
        else:
            found = getattr(last, "hexes", None) or ([getattr(last, "hex", None)] if getattr(last, "hex", None) else [])
            hexes = [str(h) for h in found]
            text = str(getattr(last, "text", "") or getattr(last, "move", "") or "")
    single = getattr(view, "last_hex", None)
    if single:
        hexes.append(str(single))
    return [h.upper() for h in hexes], text


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
    for h in c.hex_list:
        coord = h.coord
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


def _name_lines(cv: Canvas, name: str, size: float, width: float) -> list[str]:
    """A place name on one line, or two when it is wider than ``width`` (split at the space nearest the
    middle; Chinese in half)."""
    if cv.measure(name, size, True) <= width:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
        return [name[:cut], name[cut + 1:]]
    half = math.ceil(len(name) / 2)
    return [name[:half], name[half:]]


def _place_name(cv: Canvas, centre: tuple[float, float], name: str, size: float, below: bool, *,
                ink: RGB, back: RGB | None) -> None:
    """A place name near the bottom (``below``) or the top of a hex, on a patch of ``back`` when given."""
    text_size = size * 0.235
    lines = _name_lines(cv, name, text_size, size * 1.5)
    step = text_size * 1.12
    cx, cy = centre
    spread = step * (len(lines) - 1)
    first = cy + size * 0.6 - spread * 0.55 if below else cy - size * 0.6 - spread * 0.45
    if back is not None:
        width = max(min(cv.measure(line, text_size, True), size * 1.6) for line in lines)
        cv.box((cx - width / 2 - 3, first - text_size * 0.68, cx + width / 2 + 3,
                first + step * (len(lines) - 1) + text_size * 0.68), fill=back, radius=text_size * 0.4)
    for i, line in enumerate(lines):
        cv.text((cx, first + step * i), line, text_size, fill=ink, bold=True, anchor="mm", max_width=size * 1.6,
                source=name)


def _overlay(cv: Canvas, layout: Layout, view: Any, lang: str, size: float, only: Iterable[str] | None = None) -> None:
    """What :mod:`render.hexes` does not draw: the gorge walls and area borders, off-board revenue by phase,
    terrain costs on unbuilt hexes, mines and gold cubes, and place names large enough to read."""
    c = content()
    laid = _laid(view)
    gold = _gold_cubes(view)
    wanted = set(only) if only is not None else None
    for h in c.hex_list:
        if wanted is not None and h.id not in wanted:
            continue
        coord = h.coord
        cx, cy = layout.centre(coord)
        for edge in h.borders:
            a, b = _edge_ends(layout, coord, edge)
            cv.line([a, b], fill=WALL, width=max(2.0, size * 0.08))
        exits = _exits(c, h.id, laid)
        below = 0 not in exits or 3 in exits          # names go to the bottom unless only the top is free
        crowded = 0 in exits and 3 in exits
        area = next((s.area for s in h.stops if s.area and not s.hidden), "")
        if area:
            _area_strip(cv, (cx, cy + size * (-0.47 if below else 0.47)), c.areas[area].revenue, view.phase, size)
        built = h.id in laid
        if h.terrain and not built:
            spot = (cx - size * 0.5, cy - size * 0.42)
            icon = size * 0.2
            (_mountain if h.terrain == "mountain" else _water)(cv, spot, icon)
            cv.text((spot[0], spot[1] + icon * 1.5), f"${h.cost}", size * 0.25, fill=NAME_INK, bold=True,
                    anchor="mm")
        cubes = gold.get(h.id, 0)
        s = size * 0.24
        if cubes:
            for i in range(cubes):
                cv.cube((cx + size * 0.56 - s / 2, cy - size * 0.4 + i * s * 0.95), s, GOLD)
        elif h.mines and not built:
            for i in range(h.mines):
                _mine(cv, (cx + size * 0.52, cy - size * 0.36 + i * s * 1.1), s)
        name = c.areas[area].name(lang) if h.colour == "red" and area else (h.name(lang) if (h.en or h.zh) else "")
        if not name:
            continue
        if h.colour == "red":
            _place_name(cv, (cx, cy), name, size, below, ink=(255, 255, 255),
                        back=pal.darken(TILE_COLOURS["red"], 0.25))
        else:
            _place_name(cv, (cx, cy), name, size, below, ink=NAME_INK,
                        back=(250, 248, 240) if (crowded or built or h.paths) else None)


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
            base = _BASES.get(near)
        changed = [h for h, seen in shown.items() if base.shown.get(h) != seen] if base is not None else []
        if base is not None and len(changed) <= _PATCH_MOST:
            def overlay(cv: Canvas, layout: Layout, where: frozenset[Hex]) -> None:
                _overlay(cv, layout, view, lang, size, only=[coords[h] for h in where])

            drawn, texts = patch_map(base.image, cells, changed, lang=lang, ids=IDS if ids else None,
                                     texts=base.texts, overlay=overlay,
                                     pad=size * _SPILL)
        else:
            with recording() as found:
                drawn = draw_map(cells, size=size, lang=lang, ids=IDS if ids else None, margin=MARGIN)
                _overlay(drawn.canvas, drawn.layout, view, lang, size)
            texts = found
        replay(texts)
        with _BASES_LOCK:
            _BASES.pop(near, None)
            _BASES[near] = _Base(drawn, shown, tuple(texts))
            while len(_BASES) > _MAPS.kept:
                del _BASES[next(iter(_BASES))]
        return drawn

    return _MAPS.get(key, draw)


@dataclass(frozen=True)
class _Base:
    """The last map drawn for a language and size, what each hex showed on it (its cell, the tile laid, the gold
    on it and, on an off-board area, the phase) and its strings: the next map is this one with the hexes that
    changed drawn again."""

    image: MapImage
    shown: dict[Hex, tuple[MapHex, tuple[str, int] | None, int, str]]
    texts: tuple[DrawnText, ...]


#: How far, in hex radii, anything drawn for a hex reaches beyond its corners: a revenue bubble pushed out from
#: a city near the edge (render.hexes places it 1.55 × the city's offset from the centre).
_SPILL = 0.3
#: A map with more hexes changed than this is drawn whole (patching costs about a tenth of the map per hex).
_PATCH_MOST = 6
_BASES: dict[tuple[str, float, bool], _Base] = {}
_BASES_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _hex_ids() -> dict[Hex, str]:
    return {h.coord: h.id for h in content().hex_list}


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


# ---- the board -------------------------------------------------------------------------------------------------
@dataclass
class BoardImage:
    """A drawn board and where things landed on it (tests read pixels there)."""

    canvas: Canvas
    layout: Layout                                      # the map's hexes on the canvas
    cells: dict[int, tuple[float, float, float, float]] = field(default_factory=dict)   # market column → box
    markers: dict[str, tuple[float, float]] = field(default_factory=dict)              # company → marker centre
    marker_radius: float = 0.0

    def png(self) -> bytes:
        return self.canvas.png()


def draw_board(view: Any, lang: str, names: Sequence[str] | None = None) -> BoardImage:
    """The public board as a canvas, with the map's layout and the market's cells and markers."""
    shown = _names(names, lang)
    drawn = _draw_map(view, lang, HEX)
    map_w, map_h = drawn.canvas.width, drawn.canvas.height
    side_x, side_w = map_w + 4, WIDTH - map_w - 4 - MARGIN
    image = BoardImage(drawn.canvas, drawn.layout)

    def body(cv: Canvas) -> float:
        cv.paste(drawn.canvas, (0, 0))
        side = _side(cv, view, lang, shown, side_x, MARGIN, side_w)
        y = max(map_h - MARGIN / 2, side) + GAP / 2
        y = _market(cv, view, lang, MARGIN, y, WIDTH - 2 * MARGIN, image) + GAP
        y = _charters(cv, view, lang, shown, MARGIN, y, WIDTH - 2 * MARGIN) + GAP
        y = _bottom(cv, view, lang, shown, MARGIN, y, WIDTH - 2 * MARGIN)
        return y + MARGIN

    image.canvas = Canvas.fitted(WIDTH, lang, body, scale=DIRECT)
    return image


def board_image(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public board: the map, the market, the charters, the players, steel, gold and the depot."""
    return draw_board(view, lang, names).png()


def _round_line(view: Any, lang: str) -> str:
    if view.round == "auction":
        return _w("auction", lang)
    if view.round == "stock":
        return _w("stock", lang, turn=view.turn)
    line = _w("operating", lang, turn=view.turn, number=view.or_num)
    if view.operating_now:
        line += _w("sep", lang) + _w("operating_now", lang, corp=view.operating_now)
        step = f"step_{getattr(view, 'operating_step', None)}"
        if step in _WORDS["en"]:
            line += _w("sep", lang) + _w(step, lang)
    return line


def _prompt(view: Any, lang: str) -> str:
    """What is asked of whoever acts, in the catalog's words."""
    if view.auction is not None:
        a = view.auction
        key = "prompt.raise" if a.high is not None else "prompt.bid"
        return GAME.text(key, {"private": a.lot, "price": a.min_bid, "high": a.price}, lang)
    if view.stock is not None:
        return GAME.text("prompt.stock_first" if view.turn == 1 else "prompt.stock", {}, lang)
    if view.operating_now:
        return GAME.text("prompt.operate", {"corp": view.operating_now}, lang)
    return ""


def _acting_line(view: Any, lang: str, names: Sequence[str]) -> str:
    if getattr(view, "finished", False):
        reason = str(getattr(view, "end_reason", "") or "")
        if f"end_{reason}" in _WORDS["en"]:
            reason = _w(f"end_{reason}", lang)
        return _w("game_over", lang) + (_w("sep", lang) + reason if reason else "")
    if not view.to_act:
        return _w("nobody", lang)
    who = _w("comma", lang).join(names[s] for s in view.to_act)
    prompt = _prompt(view, lang)
    return _w("to_act", lang, name=who, prompt=prompt) if prompt else _w("to_act_bare", lang, name=who)


def _side(cv: Canvas, view: Any, lang: str, names: Sequence[str], x0: float, y: float, w: float) -> float:
    """The column right of the map: round and phase, who acts, the auction lot, the players, the privates."""
    cv.text((x0, y + 14), META.names.get(lang, META.names["en"]), 26, bold=True, max_width=w)
    y += 36
    y += cv.paragraph((x0, y), _round_line(view, lang), 17, w, bold=True, max_lines=2) + 4
    phase = content().phases[view.phase]
    chip = _phase_name(view.phase, lang)
    pw = cv.pill((x0, y + 12), _w("phase", lang, phase=chip), 14, fill=PHASE_COLOUR[phase.id], height=24)
    cv.text((x0 + pw + 8, y + 12), _w("phase_line", lang, limit=phase.train_limit, ors=phase.operating_rounds), 13,
            fill=pal.MUTED, max_width=w - pw - 8)
    y += 32
    acting = _acting_line(view, lang, names)
    y += _wrapped_pill(cv, x0, y, w, acting, 15, pal.ACCENT if view.to_act else pal.PANEL_ALT) + 8
    _hexes, last = _last(view)
    if last:
        y += cv.paragraph((x0, y), _w("last", lang, text=last), 14, w, fill=pal.TEXT, max_lines=2) + 6
    runs = [str(r) for r in getattr(view, "last_run", None) or []]
    if runs and view.operating_now:
        text = _w("runs", lang, corp=view.operating_now, runs="; ".join(runs))
        y += cv.paragraph((x0, y), text, 14, w, fill=pal.TEXT, max_lines=3) + 6
    if view.auction is not None:
        y = _auction_box(cv, view, lang, names, x0, y, w) + 8
    for seat in view.order:
        y = _player_panel(cv, view, seat, lang, names, x0, y, w, compact=True) + 6
    y += 4
    return _privates_list(cv, view, lang, names, x0, y, w)


def _wrapped_pill(cv: Canvas, x: float, y: float, w: float, text: str, size: float, fill: RGB) -> float:
    """A rounded panel holding ``text`` on one or two lines; returns its height."""
    lines = cv.wrap(text, size, w - 24, bold=True, max_lines=2)
    h = len(lines) * cv.line_height(size) + 12
    cv.box((x, y, x + w, y + h), fill=fill, radius=12)
    for i, line in enumerate(lines):
        cv.text((x + 12, y + 6 + cv.line_height(size) * (i + 0.5)), line, size, fill=pal.on_colour(fill), bold=True,
                source=text)
    return h


def _auction_box(cv: Canvas, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    a = view.auction
    p = content().privates.get(a.lot)
    h = 88
    cv.panel((x, y, x + w, y + h), fill=pal.PANEL_HI, accent=GOLD, accent_width=2, radius=10)
    cv.text((x + 12, y + 16), _w("lot", lang, private=f"{a.lot} {_private_name(a.lot, lang)}"), 16, bold=True,
            max_width=w - 24)
    parts = [_w("lot_face", lang, n=p.value) if p else "", _w("min_bid", lang, n=a.min_bid),
             _w("high_bid", lang, n=a.price, name=names[a.high]) if a.high is not None else _w("no_bid", lang)]
    cv.text((x + 12, y + 40), _w("sep", lang).join(t for t in parts if t), 14, fill=pal.TEXT, max_width=w - 24)
    still = _w("comma", lang).join(names[s] for s in a.active)
    cv.text((x + 12, y + 63), _w("in_bidding", lang, names=still), 13, fill=pal.MUTED, max_width=w - 24)
    return y + h


def _share_chip(cv: Canvas, x: float, y: float, corp: str, pct: int, president: bool, size: float = 12.0) -> float:
    colour = corp_colour(corp)
    text = f"{corp} {pct}%" + (" ★" if president else "")
    return cv.pill((x, y), text, size, fill=colour, text_fill=pal.on_colour(colour), height=size * 1.65,
                   pad=size * 0.5, outline=pal.darken(colour, 0.4) if pal.luminance(colour) > 0.8 else None) + 4


def _player_panel(cv: Canvas, view: Any, seat: int, lang: str, names: Sequence[str], x: float, y: float, w: float,
                  *, compact: bool) -> float:
    """A player's cash, certificates, worth, shares (★ president) and privates; returns the bottom."""
    p = view.seats[seat]
    big = 1.0 if compact else 1.3
    acting = seat in view.to_act
    chip = 12.0 * big
    rows = _chip_rows(cv, p, view, w - 24, chip)
    h = (30 + 20 + len(rows) * (chip * 1.65 + 5) + 8) * (1 if compact else 1.05)
    h = max(h, 72 * big)
    cv.panel((x, y, x + w, y + h), fill=pal.PANEL_HI if acting else pal.PANEL, accent=pal.ACCENT if acting else None,
             accent_width=2, radius=10)
    name = names[seat] + (f" ({_w('you', lang)})" if seat == view.viewer else "")
    nx = x + 12
    if view.order and view.order[0] == seat:
        nx += cv.pill((nx, y + 17 * big), _w("priority", lang), 11 * big, fill=GOLD, height=18 * big) + 6
    if view.stock is not None and seat in view.stock.passed:
        nx += cv.pill((nx, y + 17 * big), _w("passed", lang), 11 * big, fill=pal.PANEL_ALT, text_fill=pal.MUTED,
                      height=18 * big) + 6
    cash = _money(p.cash)
    cash_w = cv.measure(cash, 20 * big, True)
    cv.text((nx, y + 17 * big), name, 16 * big, bold=True, max_width=x + w - nx - cash_w - 24)
    cv.text((x + w - 12, y + 17 * big), cash, 20 * big, bold=True, fill=pal.ACCENT if acting else GOLD, anchor="rm")
    line = _w("sep", lang).join([_w("certs", lang, n=p.certificates, limit=view.cert_limit),
                                 _w("worth", lang, n=f"{p.net_worth:,}")])
    cv.text((x + 12, y + 40 * big), line, 13 * big, fill=pal.MUTED, max_width=w - 24)
    cy = y + (40 + 12) * big + chip * 0.83
    for row in rows:
        cx = x + 12
        for kind, key, pct in row:
            if kind == "share":
                cx += _share_chip(cv, cx, cy, key, pct, key in p.president_of, chip)
            else:
                cx += cv.pill((cx, cy), key, chip, fill=pal.PANEL_ALT, text_fill=pal.TEXT, height=chip * 1.65,
                              pad=chip * 0.5, outline=pal.LINE) + 4
        cy += chip * 1.65 + 5
    return y + h


def _chip_rows(cv: Canvas, p: Any, view: Any, w: float, size: float) -> list[list[tuple[str, str, int]]]:
    """The player's share and private chips, flowed into rows ``w`` wide."""
    order = {corp.id: i for i, corp in enumerate(view.corps)}
    items: list[tuple[str, str, int]] = [("share", corp, pct) for corp, pct in
                                         sorted(p.shares.items(), key=lambda kv: order.get(kv[0], 99))]
    items += [("private", pid, 0) for pid in p.privates]
    rows: list[list[tuple[str, str, int]]] = [[]]
    used = 0.0
    for item in items:
        kind, key, pct = item
        text = f"{key} {pct}% ★" if kind == "share" else key
        iw = cv.measure(text, size, True) + size + 4
        if rows[-1] and used + iw > w:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += iw
    return rows if rows[0] else []


def _owner_text(owner: int | str | None, names: Sequence[str], lang: str) -> str:
    if owner is None:
        return _w("private_unsold", lang)
    if isinstance(owner, int):
        return names[owner]
    return owner


def _privates_list(cv: Canvas, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    cv.text((x, y + 10), _w("privates", lang), 16, bold=True)
    y += 24
    c = content()
    for p in view.privates:
        data = c.privates.get(p.id)
        colour = PHASE_COLOUR.get(data.pool if data else "", pal.MUTED)
        cv.box((x, y + 3, x + 30, y + 21), fill=colour, radius=5)
        cv.text((x + 15, y + 12), p.id, 12, bold=True, fill=pal.on_colour(colour), anchor="mm")
        owner = _w("private_closed", lang) if p.closed else _owner_text(p.owner, names, lang)
        right = f"{owner}{_w('sep', lang)}{_w('per_or', lang, n=p.revenue)}"
        rw = cv.measure(right, 13)
        cv.text((x + w, y + 12), right, 13, fill=pal.MUTED, anchor="rm", max_width=w * 0.5)
        cv.text((x + 38, y + 12), _private_name(p.id, lang), 14, fill=pal.MUTED if p.closed else pal.TEXT,
                max_width=w - 46 - min(rw, w * 0.5))
        y += 24
    return y


# ---- the stock market ------------------------------------------------------------------------------------------
def _market_markers(view: Any) -> dict[int, list[str]]:
    """Market column → the companies there (railroads in operating order first, then metals), and DEBT."""
    at: dict[int, list[str]] = {}
    rails = [corp for corp in view.corps if corp.kind == "rail" and corp.column >= 0]
    metals = [corp for corp in view.corps if corp.kind != "rail" and corp.column >= 0]
    rank = {corp: i for i, corp in enumerate(view.operating)}
    for corp in sorted(rails, key=lambda k: rank.get(k.id, 99)) + metals:
        at.setdefault(corp.column, []).append(corp.id)
    if getattr(view, "treaty", False):
        prices = content().market.row[0].prices
        price = getattr(view, "debt_price", None)
        column = prices.index(price) if price in prices else getattr(view, "debt_col", None)
        if isinstance(column, int) and column >= 0:
            at.setdefault(column, []).append("DEBT")
    return at


def _marker(cv: Canvas, centre: tuple[float, float], corp: str, r: float) -> None:
    colour = corp_colour(corp)
    cv.circle(centre, r, fill=colour, outline=pal.lighten(colour, 0.5) if pal.luminance(colour) < 0.3
              else pal.darken(colour, 0.45), width=max(1.0, r * 0.12))
    text = "D" if corp == "DEBT" else corp
    cv.text(centre, text, r * (0.95 if len(text) <= 2 else 0.72 if len(text) == 3 else 0.56), bold=True,
            fill=pal.on_colour(colour), anchor="mm")


#: Stock market spaces drawn once and pasted (issue 13 §3): each is about 12 KB at output size.
_CELLS = Sprites(96)


def _market_cell(price: int, fill: RGB, cell_w: float, cell_h: float,
                 price_h: float) -> Callable[[Canvas, float, float], None]:
    """Draws a market space (its box's top-left corner at ``(x, y)``) with its price."""
    def draw(cv: Canvas, x: float, y: float) -> None:
        cv.box((x, y, x + cell_w - 2, y + cell_h), fill=fill, outline=pal.LINE, radius=6)
        cv.text((x - 1 + cell_w / 2, y + price_h / 2 + 2), str(price), 15 if price < 100 else 14, bold=True,
                fill=pal.TEXT, anchor="mm")
    return draw


def _market(cv: Canvas, view: Any, lang: str, x0: float, y: float, w: float, image: BoardImage | None) -> float:
    """The one-row market: 28 prices coloured by zone, each company's marker stacked on its space."""
    c = content()
    row = c.market.row[0]
    cols = len(row.prices)
    cell_w = w / cols
    at = _market_markers(view)
    r = min(cell_w * 0.3, 14)
    per_row = 2
    stack = max((math.ceil(len(v) / per_row) for v in at.values()), default=0)
    title_h = 24
    price_h = 26
    cell_h = price_h + max(1, stack) * (2 * r + 4) + 6
    cv.text((x0, y + 10), _w("market", lang), 16, bold=True)
    legend_x = x0 + cv.measure(_w("market", lang), 16, True) + 20
    par = {s.zone: s.phase for s in c.market.par}
    for zone in ("par", "par_1", "par_2", "endgame"):
        label = _w("endgame_zone", lang) if zone == "endgame" else \
            _w("par_zone", lang, phase=_phase_name(par.get(zone, ""), lang))
        legend_x += cv.pill((legend_x, y + 10), label, 12, fill=ZONE_COLOUR[zone], text_fill=pal.TEXT, height=20) + 6
    y += title_h
    par_open = set(c.phases[view.phase].par)
    for col in range(cols):
        x = x0 + col * cell_w
        zone = row.zones[col]
        fill = ZONE_COLOUR.get(zone, ZONE_COLOUR[""])
        if zone.startswith("par") and zone not in par_open:
            fill = pal.mix(fill, pal.PANEL, 0.55)
        box = (x + 1, y, x + cell_w - 1, y + cell_h)
        draw = _market_cell(row.prices[col], fill, cell_w, cell_h, price_h)
        if at.get(col - 1):     # a marker of the space before may reach under this one's corners: draw it here
            draw(cv, box[0], box[1])
        else:
            _CELLS.paste(cv, (row.prices[col], fill, cell_w, cell_h, price_h), box, draw)
        if image is not None:
            image.cells[col] = box
        for i, corp in enumerate(at.get(col, [])):
            k, j = divmod(i, per_row)
            count = min(per_row, len(at[col]) - k * per_row)
            mx = x + cell_w / 2 + (j - (count - 1) / 2) * (2 * r + 2)
            my = y + price_h + r + 2 + k * (2 * r + 4)
            _marker(cv, (mx, my), corp, r)
            if image is not None:
                image.markers[corp] = (mx, my)
                image.marker_radius = r
    return y + cell_h


# ---- charters --------------------------------------------------------------------------------------------------
def _opens_in(view: Any, corp_id: str) -> str:
    """The phase in which a not-yet-startable railroad's tranche opens."""
    c = content()
    rails = _rail_ids(view)
    ordered = sorted(rails, key=lambda r: c.railroads[r].founded if r in c.railroads else 0)
    position = ordered.index(corp_id) if corp_id in ordered else 0
    tranche, total = 0, 0
    for t, size in enumerate(c.draw.tranches):
        total += size
        if position < total:
            tranche = t
            break
    for phase in c.phase_list:
        if phase.tranches > tranche:
            return phase.id
    return PHASES[-1]


def _charter(cv: Canvas, corp: Any, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float,
             h: float) -> None:
    """A railroad's charter: colour band with its id and price, president, cash, treasury and market shares,
    station tokens (placed ones with their hex, the rest with their cost), trains and debt."""
    c = content()
    data = c.railroads.get(corp.id)
    colour = corp_colour(corp.id)
    ink = pal.on_colour(colour)
    started = corp.price is not None
    acting = corp.id == view.operating_now
    cv.panel((x, y, x + w, y + h), fill=pal.PANEL if started else pal.mix(pal.PANEL, pal.BACKGROUND, 0.5),
             accent=pal.ACCENT if acting else None, accent_width=3, radius=10)
    band = 32
    cv.box((x + 1, y + 1, x + w - 1, y + band), fill=colour, radius=9,
           outline=pal.darken(colour, 0.35) if pal.luminance(colour) > 0.8 else None)
    price = _money(corp.price) if started else ""
    pw = cv.measure(price, 18, True)
    idw = cv.text((x + 10, y + band / 2 + 1), corp.id, 19, bold=True, fill=ink)
    cv.text((x + 18 + idw, y + band / 2 + 1), _corp_name(corp.id, lang), 12, fill=ink,
            max_width=w - idw - pw - 40)
    if price:
        cv.text((x + w - 10, y + band / 2 + 1), price, 18, bold=True, fill=ink, anchor="rm")
    ty = y + band + 14
    if started:
        who = _w("president", lang, name=names[corp.president]) if corp.president is not None \
            else _w("no_president", lang)
        line = _w("sep", lang).join([who, _w("par", lang, n=corp.par)])
    elif corp.startable:
        line = _w("not_started", lang) + _w("sep", lang) + _w("startable", lang)
    else:
        line = _w("not_started", lang) + _w("sep", lang) + _w("not_yet", lang,
                                                                 phase=_phase_name(_opens_in(view, corp.id), lang))
    cv.text((x + 10, ty), line, 13, fill=pal.TEXT if started else pal.MUTED, max_width=w - 20)
    ty += 20
    parts = [_w("corp_cash", lang, n=f"{corp.cash:,}"), _w("treasury", lang, n=corp.treasury),
             _w("pool", lang, n=corp.market)]
    cv.text((x + 10, ty), _w("sep", lang).join(parts), 13, fill=pal.TEXT if started else pal.MUTED, max_width=w - 20)
    ty += 24
    # station tokens: placed (hex below), then unplaced with their cost
    placed = list(corp.tokens)
    if hasattr(corp, "tokens_left") and started:
        count = len(placed) + int(corp.tokens_left)
    else:
        count = max(data.tokens if data else 0, len(placed))
    following = getattr(corp, "next_token", None)
    if started and following is not None:
        costs: list[int | None] = [None] * count           # only the next station's price is known for sure
        if len(placed) < count:
            costs[len(placed)] = int(following)
    else:
        costs = list(c.railroad_rules.token_costs)
    r = 11.0
    step = min(2 * r + 14, (w - 20) / max(count, 1))
    for i in range(count):
        cx = x + 10 + r + i * step
        if i < len(placed):
            cv.circle((cx, ty), r, fill=colour, outline=pal.lighten(colour, 0.5) if pal.luminance(colour) < 0.3
                      else pal.darken(colour, 0.45), width=1.2)
            cv.text((cx, ty + r + 8), placed[i], 11, fill=pal.TEXT, anchor="mm", bold=True)
        else:
            cv.circle((cx, ty), r, fill=pal.PANEL_ALT, outline=pal.mix(colour, pal.PANEL_ALT, 0.3), width=1.6)
            cost = costs[i] if i < len(costs) else None
            if cost is not None:
                cv.text((cx, ty), str(cost), 10, fill=pal.TEXT if i == len(placed) else pal.MUTED, anchor="mm",
                        bold=True)
    ty += r + 26
    trains = _trains(corp)
    tx = x + 10
    if trains:
        for t in trains:
            tx += cv.pill((tx, ty), t, 13, fill=(232, 228, 214), text_fill=pal.TEXT_DARK, height=22, pad=8) + 5
    elif started:
        tx += cv.text((tx, ty), _w("no_trains", lang), 13, fill=pal.MUTED) + 8
    for pid in getattr(corp, "privates", None) or []:
        tx += cv.pill((tx, ty), pid, 12, fill=pal.PANEL_ALT, text_fill=pal.TEXT, height=22, pad=7,
                      outline=pal.LINE) + 5
    debt = int(getattr(corp, "debt", 0) or 0)
    if debt:                                                # on the stations row, right-aligned
        label = _w("debt", lang, n=debt)
        lw = cv.measure(label, 12, True) + 16
        cv.pill((x + w - 10 - lw, y + band + 58), label, 12, fill=pal.BAD, text_fill=(255, 255, 255), height=22,
                pad=8)


CHARTER_H = 168


def _charters(cv: Canvas, view: Any, lang: str, names: Sequence[str], x0: float, y: float, w: float) -> float:
    rails = [corp for corp in view.corps if corp.kind == "rail"]
    rank = {corp: i for i, corp in enumerate(view.operating)}
    c = content()
    rails.sort(key=lambda k: (k.id not in rank, rank.get(k.id, 0),
                              c.railroads[k.id].founded if k.id in c.railroads else 0))
    if not rails:
        return y
    cv.text((x0, y + 10), _w("railroads", lang), 16, bold=True)
    y += 24
    gap = 10
    per_row = min(len(rails), 5)
    cw = (w - gap * (per_row - 1)) / per_row
    for i, corp in enumerate(rails):
        k, j = divmod(i, per_row)
        _charter(cv, corp, view, lang, names, x0 + j * (cw + gap), y + k * (CHARTER_H + gap), cw, CHARTER_H)
    rows = math.ceil(len(rails) / per_row)
    return y + rows * CHARTER_H + (rows - 1) * gap


# ---- metals, steel, gold, depot, phases ---------------------------------------------------------------------------
def _metal_head(cv: Canvas, corp: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    colour = corp_colour(corp.id)
    cv.box((x, y, x + w, y + 30), fill=colour, radius=9)
    ink = pal.on_colour(colour)
    idw = cv.text((x + 10, y + 16), corp.id, 18, bold=True, fill=ink)
    price = _money(corp.price or 0)
    pw = cv.measure(price, 18, True)
    cv.text((x + 18 + idw, y + 16), _corp_name(corp.id, lang), 12, fill=ink, max_width=w - idw - pw - 40)
    cv.text((x + w - 10, y + 16), price, 18, bold=True, fill=ink, anchor="rm")
    who = _w("president", lang, name=names[corp.president]) if corp.president is not None else _w("no_president", lang)
    parts = [who, _w("corp_cash", lang, n=f"{corp.cash:,}"), _w("pool", lang, n=corp.market)]
    cv.text((x + 4, y + 44), _w("sep", lang).join(parts), 13, fill=pal.TEXT, max_width=w - 8)
    return y + 58


def _steel_panel(cv: Canvas, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    c = content()
    corp = next((k for k in view.corps if k.id == "CF&I"), None)
    top = y
    cv.text((x, y + 10), _w("steel", lang), 16, bold=True)
    y += 24
    if corp is not None:
        y = _metal_head(cv, corp, lang, names, x, y, w)
    left = _steel(view)
    cols = c.steel.column
    col_w = w / len(cols)
    cube = min(col_w * 0.42, 20)
    phase_tiles = set(c.phases[view.phase].tiles)
    tallest = max(max(len(col.cubes) for col in cols), 1)
    for i, col in enumerate(cols):
        cx = x + i * col_w
        fill = PHASE_COLOUR[col.colour]
        usable = col.colour in phase_tiles
        head = fill if usable else pal.mix(fill, pal.PANEL, 0.6)
        cv.box((cx + 2, y, cx + col_w - 2, y + 22), fill=head, radius=6)
        cv.text((cx + col_w / 2, y + 11), col.id, 13, bold=True, fill=pal.on_colour(head), anchor="mm")
        remaining = Counter(left.get(col.id, []))
        cy = y + 28
        if not col.cubes:
            cv.text((cx + col_w / 2, cy + cube / 2), f"${c.steel.fallback_price}", 13, bold=True,
                    fill=pal.TEXT if usable else pal.MUTED, anchor="mm")
        for price in sorted(col.cubes):
            there = remaining[price] > 0
            if there:
                remaining[price] -= 1
            cv.cube((cx + 4, cy), cube, STEEL, hollow=not there)
            cv.text((cx + 8 + cube, cy + cube / 2), f"{price}", 12, bold=there,
                    fill=pal.TEXT if there and usable else pal.MUTED)
            cy += cube + 4
    y += 28 + tallest * (cube + 4)
    cv.text((x, y + 10), _w("steel_note", lang, n=c.steel.fallback_price), 12, fill=pal.MUTED, max_width=w)
    return max(y + 22, top)


def _gold_panel(cv: Canvas, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    c = content()
    g = c.rules.gold
    corp = next((k for k in view.corps if k.id == "VGC"), None)
    cv.text((x, y + 10), _w("gold", lang), 16, bold=True)
    y += 24
    if corp is not None:
        y = _metal_head(cv, corp, lang, names, x, y, w)
    shipped = int(getattr(view, "gold_shipped", 0) or 0)
    limit = c.ship_limit(view.phase, getattr(view, "ruleset", "18xx"))
    slots = len(g.dividends)
    sw = w / slots
    for i, (amount, colour) in enumerate(zip(g.dividends, g.slot_colours, strict=True)):
        sx = x + i * sw
        fill = PHASE_COLOUR.get(colour, pal.MUTED)
        reachable = limit is None or i <= limit
        if not reachable:
            fill = pal.mix(fill, pal.PANEL, 0.6)
        cv.box((sx + 2, y, sx + sw - 2, y + 50), fill=fill, radius=7, outline=pal.LINE)
        cv.text((sx + sw / 2, y + 13), f"${amount}", 14, bold=True, fill=pal.on_colour(fill), anchor="mm")
        if i < shipped:
            cv.cube((sx + sw / 2 - 9, y + 24), 18, GOLD)
        elif i == shipped:
            _marker(cv, (sx + sw / 2, y + 35), "VGC", 11)
    y += 56
    now = int(getattr(view, "gold_dividend", 0) or g.dividends[min(shipped, slots - 1)])
    note = _w("gold_note_free", lang, n=shipped) if limit is None else _w("gold_note", lang, n=shipped, limit=limit)
    line = _w("sep", lang).join([note, _w("gold_pays", lang, n=now)])
    cv.text((x, y + 10), line, 13, fill=pal.TEXT, max_width=w)
    y += 24
    # legend for the map's gold symbols
    _mine(cv, (x + 8, y + 10), 14)
    lw = cv.text((x + 20, y + 10), _w("legend_mine", lang), 12, fill=pal.MUTED)
    cv.cube((x + 32 + lw, y + 2), 15, GOLD)
    cv.text((x + 52 + lw, y + 10), _w("legend_gold", lang), 12, fill=pal.MUTED, max_width=w - lw - 56)
    return y + 24


def _depot_panel(cv: Canvas, view: Any, lang: str, x: float, y: float, w: float) -> float:
    c = content()
    depot = _depot(view)
    cv.text((x, y + 10), _w("depot", lang), 16, bold=True)
    y += 24
    first = getattr(view, "next_train", None) or next((t.id for t in c.train_list if depot.get(t.id, 0) > 0), "")
    row_h = 30
    for t in c.train_list:
        n = depot.get(t.id, 0)
        available = n > 0
        fill = (232, 228, 214) if available else pal.PANEL_ALT
        outline = pal.ACCENT if t.id == first else None
        cv.box((x, y + 2, x + 64, y + row_h - 2), fill=fill, radius=6, outline=outline, width=2)
        cv.text((x + 32, y + row_h / 2), t.id, 15, bold=True, fill=pal.TEXT_DARK if available else pal.MUTED,
                anchor="mm")
        count = _w("unlimited", lang) if t.unlimited else f"×{n}"
        cv.text((x + 74, y + row_h / 2), f"${t.price}", 14, bold=True, fill=pal.TEXT if available else pal.MUTED)
        cv.text((x + 128, y + row_h / 2), count, 14, fill=pal.TEXT if available else pal.MUTED)
        notes = []
        if t.rusts_on:
            notes.append(_w("rusts", lang, train=t.rusts_on))
        for e in t.events:
            if e.event == "phase":
                notes.append(f"#{e.nth} → {_phase_name(e.phase, lang)}")
        cv.text((x + 168, y + row_h / 2), _w("sep", lang).join(notes), 12, fill=pal.MUTED, max_width=w - 170)
        y += row_h
    pool = [str(t) for t in getattr(view, "pool_trains", None) or []]
    if pool:
        cv.text((x, y + 12), _w("pool_trains", lang, trains=_w("comma", lang).join(pool)), 13, fill=pal.TEXT,
                max_width=w)
        y += 24
    y += 8
    cv.text((x, y + 10), _w("phases", lang), 16, bold=True)
    y += 24
    pw = w / len(c.phase_list)
    for i, phase in enumerate(c.phase_list):
        px = x + i * pw
        fill = PHASE_COLOUR[phase.id]
        now = phase.id == view.phase
        if not now:
            fill = pal.mix(fill, pal.PANEL, 0.45)
        cv.box((px + 2, y, px + pw - 2, y + 30), fill=fill, radius=7, outline=(255, 255, 255) if now else None,
               width=2)
        cv.text((px + pw / 2, y + 15), phase.name(lang), 13, bold=now, fill=pal.on_colour(fill), anchor="mm",
                max_width=pw - 8)
    return y + 32


def _bottom(cv: Canvas, view: Any, lang: str, names: Sequence[str], x0: float, y: float, w: float) -> float:
    gap = 24
    steel_w = w * 0.36
    gold_w = w * 0.3
    depot_w = w - steel_w - gold_w - 2 * gap
    a = _steel_panel(cv, view, lang, names, x0, y, steel_w)
    b = _gold_panel(cv, view, lang, names, x0 + steel_w + gap, y, gold_w)
    d = _depot_panel(cv, view, lang, x0 + steel_w + gold_w + 2 * gap, y, depot_w)
    return max(a, b, d)


# ---- private ---------------------------------------------------------------------------------------------------
PRIVATE_W = 1040


def _seat_of(view: Any) -> int:
    if view.viewer is not None:
        return int(view.viewer)
    if view.to_act:
        return int(view.to_act[0])
    return int(view.order[0]) if view.order else 0


def private(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """A seat's panel: its holdings in full (each share's value, each private's power), what it may do now, the
    charters it presides over and the stock market."""
    shown = _names(names, lang)
    return Canvas.fitted(PRIVATE_W, lang, lambda cv: _private_body(cv, view, lang, shown), scale=DIRECT).png()


def _private_body(cv: Canvas, view: Any, lang: str, names: Sequence[str]) -> float:
    x0, w = MARGIN, PRIVATE_W - 2 * MARGIN
    seat = _seat_of(view)
    y: float = MARGIN
    cv.text((x0, y + 16), f"{META.names.get(lang, META.names['en'])} · {names[seat]}", 26, bold=True, max_width=w)
    y += 40
    cv.text((x0, y + 10), _round_line(view, lang), 16, fill=pal.MUTED, max_width=w)
    y += 28
    if seat in view.to_act:
        prompt = _prompt(view, lang)
        text = _w("to_act", lang, name=names[seat], prompt=prompt) if prompt else _w("to_act_bare", lang,
                                                                                    name=names[seat])
        y += _wrapped_pill(cv, x0, y, w, text, 17, pal.ACCENT) + 10
    elif view.to_act:
        who = _w("comma", lang).join(names[s] for s in view.to_act)
        y += _wrapped_pill(cv, x0, y, w, _w("waiting", lang, name=who), 17, pal.PANEL_ALT) + 10
    if view.auction is not None:
        y = _auction_box(cv, view, lang, names, x0, y, w) + 10
    y = _player_panel(cv, view, seat, lang, names, x0, y, w, compact=False) + 12
    p = view.seats[seat]
    prices = {corp.id: corp.price or 0 for corp in view.corps}
    if p.shares:
        cv.text((x0, y + 10), _w("holdings", lang), 18, bold=True)
        y += 28
        for corp, pct in p.shares.items():
            price = prices.get(corp, 0)
            cx = x0 + _share_chip(cv, x0, y + 12, corp, pct, corp in p.president_of, 14)
            value = _w("share_value", lang, pct=pct, price=price, value=f"{pct // 10 * price:,}")
            cv.text((cx + 8, y + 12), f"{_corp_name(corp, lang)}{_w('sep', lang)}{value}", 15, max_width=x0 + w - cx)
            y += 30
        y += 6
    c = content()
    mine = [pv for pv in view.privates if pv.owner == seat and not pv.closed]
    if mine:
        cv.text((x0, y + 10), _w("privates", lang), 18, bold=True)
        y += 28
        for pv in mine:
            data = c.privates.get(pv.id)
            colour = PHASE_COLOUR.get(data.pool if data else "", pal.MUTED)
            cv.box((x0, y + 2, x0 + 40, y + 24), fill=colour, radius=6)
            cv.text((x0 + 20, y + 13), pv.id, 14, bold=True, fill=pal.on_colour(colour), anchor="mm")
            head = f"{_private_name(pv.id, lang)}{_w('sep', lang)}{_w('per_or', lang, n=pv.revenue)}"
            cv.text((x0 + 50, y + 13), head, 16, bold=True, max_width=w - 50)
            y += 28
            if data is not None:
                y += cv.paragraph((x0 + 50, y), data.description(lang), 14, w - 50, fill=pal.MUTED, max_lines=3) + 8
        y += 4
    presided = [corp for corp in view.corps if corp.kind == "rail" and corp.president == seat]
    if presided:
        cv.text((x0, y + 10), _w("presides", lang), 18, bold=True)
        y += 28
        cw = (w - 10) / 2
        for i, corp in enumerate(presided):
            k, j = divmod(i, 2)
            _charter(cv, corp, view, lang, names, x0 + j * (cw + 10), y + k * (CHARTER_H + 10), cw, CHARTER_H)
        y += math.ceil(len(presided) / 2) * (CHARTER_H + 10)
    y = _market(cv, view, lang, x0, y + 4, w, None)
    return y + MARGIN


# ---- result ----------------------------------------------------------------------------------------------------
RESULT_W = 1100


def result(outcome: Outcome, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking by net worth, each with cash, shares at market and privates, then the map."""
    shown = _names(names, lang)
    drawn = _draw_map(view, lang, 32, ids=False)
    width = max(drawn.canvas.width, RESULT_W)

    def body(cv: Canvas) -> float:
        y = _result_rows(cv, outcome, view, lang, shown, width)
        cv.paste(drawn.canvas, ((width - drawn.canvas.width) // 2, round(y)))
        return y + drawn.canvas.height

    return Canvas.fitted(width, lang, body, scale=DIRECT).png()


def _worth_parts(view: Any, seat: int) -> tuple[int, int, int]:
    p = view.seats[seat]
    prices = {corp.id: corp.price or 0 for corp in view.corps}
    shares = sum(pct // 10 * prices.get(corp, 0) for corp, pct in p.shares.items())
    privates = max(0, p.net_worth - p.cash - shares)
    return p.cash, shares, privates


def _result_rows(cv: Canvas, outcome: Outcome, view: Any, lang: str, names: Sequence[str], width: float) -> float:
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    cv.text((x0, y + 18), _w("results", lang), 30, bold=True)
    cv.text((x0, y + 50), META.names.get(lang, META.names["en"]), 16, fill=pal.MUTED)
    winners = [names[s] for s in outcome.winners]
    if winners:
        text = _w("winners" if len(winners) > 1 else "winner", lang, names=_w("comma", lang).join(winners))
        tw = min(cv.measure(text, 18, True) + 40, (x1 - x0) * 0.55)
        cv.pill((x1 - tw, y + 28), text, 18, fill=_MEDAL[1], height=40, max_width=tw)
    y += 76
    for key, params in outcome.reasons:
        y += cv.paragraph((x0, y), GAME.text(key, params, lang, names), 15, x1 - x0, fill=pal.TEXT) + 4
    y += 8
    row_h = 76
    for standing in outcome.standings:
        top = standing.rank == 1
        cv.panel((x0, y, x1, y + row_h), fill=pal.PANEL_HI if top else pal.PANEL, accent=_MEDAL[1] if top else None,
                 accent_width=2, radius=10)
        medal = _MEDAL.get(standing.rank, pal.PANEL_ALT)
        cv.circle((x0 + 34, y + row_h / 2), 20, fill=medal, outline=pal.darken(medal, 0.3), width=2)
        cv.text((x0 + 34, y + row_h / 2), str(standing.rank), 18, bold=True, anchor="mm",
                fill=pal.TEXT_DARK if standing.rank <= 3 else pal.TEXT)
        cv.text((x0 + 70, y + 22), names[standing.seat], 20, bold=True, max_width=(x1 - x0) * 0.45)
        if 0 <= standing.seat < len(view.seats):
            cash, shares, privates = _worth_parts(view, standing.seat)
            b = standing.breakdown
            cash, shares, privates = b.get("cash", cash), b.get("shares", shares), b.get("privates", privates)
            cv.text((x0 + 70, y + 50), _w("breakdown", lang, cash=f"{cash:,}", shares=f"{shares:,}",
                                          privates=f"{privates:,}"), 14, fill=pal.MUTED, max_width=(x1 - x0) * 0.5)
            cx = x0 + (x1 - x0) * 0.55
            for corp, pct in view.seats[standing.seat].shares.items():
                if cx > x1 - 260:
                    break
                cx += _share_chip(cv, cx, y + row_h / 2, corp, pct, corp in view.seats[standing.seat].president_of)
        cv.text((x1 - 16, y + row_h / 2 - 8), _money(standing.score), 26, bold=True,
                fill=pal.ACCENT if top else pal.TEXT, anchor="rm")
        cv.text((x1 - 16, y + row_h / 2 + 18), _w("net_worth", lang), 12, fill=pal.MUTED, anchor="rm")
        y += row_h + 8
    return y + 4


# ---- detail ----------------------------------------------------------------------------------------------------
def _option(option: Any) -> tuple[str, int]:
    """``(tile, rotation)`` from a pair or an object with ``tile`` and ``rotation`` (a track ``Lay``)."""
    if isinstance(option, tuple | list):
        tile, rotation = option[0], option[1]
    else:
        tile, rotation = option.tile, option.rotation
    tile_id = tile if isinstance(tile, str) else tile.id
    return str(tile_id), int(rotation) % 6


def _grouped(options: Iterable[Any]) -> list[tuple[str, list[int]]]:
    out: dict[str, list[int]] = {}
    for option in options:
        tile, rotation = _option(option)
        rotations = out.setdefault(tile, [])
        if rotation not in rotations:
            rotations.append(rotation)
    return list(out.items())


def _tiles_left(view: Any) -> dict[str, int]:
    c = content()
    on_board = Counter(tile for tile, _ in _laid(view).values())
    return {t.id: t.count - on_board.get(t.id, 0) for t in c.tile_list}


def detail(view: Any, hex_id: str, options: Sequence[Any], lang: str, names: Sequence[str] | None = None) -> bytes:
    """One hex zoomed in with its neighbours, then every offered tile in each offered rotation, labelled
    ``r0`` … ``r5`` (the last token of ``lay <hex> <tile> r<k>``)."""
    return draw_detail_canvas(view, hex_id, options, lang, names).png()


def draw_detail_canvas(view: Any, hex_id: str, options: Sequence[Any], lang: str,
                       names: Sequence[str] | None = None) -> Canvas:
    """:func:`detail` as a canvas. ``ValueError`` when ``hex_id`` is not a hex of the map."""
    c = content()
    where = hex_id.strip().upper()
    if where not in c.hexes:
        raise ValueError(f"{hex_id!r} is not a hex of the 18 Royal Gorge map")
    h = c.hexes[where]
    groups = [(t, r) for t, r in _grouped(options) if t in c.tiles]
    left = _tiles_left(view)
    slots = _map_tokens(view).get(where, [])
    rails = set(_rail_ids(view))
    ghost = h.home if h.home in rails else (h.reserved if h.reserved in rails else "")
    candidates = [_Candidate(tile_picture(c.tiles[t], 0, slots, ghost), tuple(r),
                             f"{t} {_w('left', lang, n=left.get(t, 0))}") for t, r in groups]
    place = f" {h.name(lang)}" if (h.en or h.zh) else ""
    count = sum(len(r) for _, r in groups)
    title = _w("detail", lang, hex=where, place=place, n=count) if groups else \
        _w("detail_none", lang, hex=where, place=place)
    hexes, _text = _last(view)
    drawn = draw_detail(_cells(view, hexes), h.coord, candidates=candidates, size=DETAIL_HEX, lang=lang,
                        title=title, margin=MARGIN)
    around = [where, *(x for e in range(6) if (x := c.neighbour(where, e)) is not None)]
    _overlay(drawn.canvas, drawn.layout, view, lang, DETAIL_HEX, only=around)
    if groups:
        return drawn.canvas
    canvas = Canvas(drawn.canvas.width, drawn.canvas.height + 36, lang, scale=DIRECT)
    canvas.paste(drawn.canvas, (0, 0))
    canvas.text((MARGIN, drawn.canvas.height + 10), _w("no_lay", lang), 16, fill=pal.MUTED)
    return canvas


def _lay_options(view: Any, hex_id: str) -> list[tuple[str, int]]:
    """The lays the view offers on ``hex_id`` (``view.lays`` or ``view.lay_options``), else those the track rules
    give the railroad operating now."""
    offered = getattr(view, "lays", None) or getattr(view, "lay_options", None)
    if offered is not None:
        if isinstance(offered, Mapping):
            return [_option(o) for o in offered.get(hex_id, [])]
        return [_option(o) for o in offered if str(getattr(o, "hex", hex_id)).upper() == hex_id]
    corp = view.operating_now
    if not corp:
        return []
    from games.royal_gorge.track import legal_lays

    board = _track_board(view)
    return [(lay.tile, lay.rotation) for lay in legal_lays(board, corp, hex_id)]


def _track_board(view: Any) -> Any:
    from games.royal_gorge.track import Board

    return Board(_laid(view), _map_tokens(view), _rail_ids(view), view.phase)


@dataclass(frozen=True)
class RoyalGorgeRenderer(TitleRenderer):
    """The three drawings every title has, plus :func:`detail` (one hex and the tiles offered there) and the
    menu's :meth:`focus`."""

    detail: Callable[..., bytes] = detail

    def focus(self, view: Any, path: Sequence[str], lang: str, names: Sequence[str] | None = None) -> bytes | None:
        """Beside a move menu at ``path``: once a hex is chosen (``lay l14``), that hex with the tiles and
        rotations that fit it (only the chosen tile's once ``lay l14 57`` is typed); nothing before."""
        if len(path) < 2 or path[0].lower() != "lay":
            return None
        hex_id = path[1].strip().upper()
        if hex_id not in content().hexes:
            return None
        options = _lay_options(view, hex_id)
        if len(path) >= 3:
            chosen = [o for o in options if tabula_id(o[0]) == tabula_id(path[2])]
            options = chosen or options
        return detail(view, hex_id, options, lang, names)


#: The renderer ``games.royal_gorge`` declares (``GameMeta.renderer = "render.royal_gorge:RENDERER"``).
RENDERER = RoyalGorgeRenderer("royal-gorge", board_image, private, result, detail)
