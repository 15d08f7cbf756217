"""Hex maps drawn from plain data: hex fills, ids, terrain and cost markers, 18xx-style track tiles, cities with
token slots, towns, revenue bubbles, and a zoomed detail of one hex with candidate tiles in each rotation.

Nothing here knows a title. A caller describes each hex as a :class:`MapHex` (and its laid tile as a :class:`Tile`)
and gets a :class:`~render.kit.Canvas` back. Track follows 18xx.games' tile notation: a path joins two endpoints, each
an edge number 0-5 (flat-top: 0 = S, 1 = SW, … clockwise; see :mod:`games.core.hexgrid`) or ``"_i"`` for the tile's
stop ``i`` (a :class:`City` or :class:`Town`). A tile's ``rotation`` k turns it k × 60° clockwise: edge ``e`` is
drawn at edge ``e + k``.

Track is a white casing under a coloured core: opposite edges join with a straight, edges two apart with a gentle
arc (radius 1.5 × the hex's corner radius), adjacent edges with a sharp arc around their shared corner.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal, NamedTuple

from games.core.hexgrid import (
    DIRECTIONS,
    Hex,
    Layout,
    LetterNumberIds,
    Orientation,
    edge_direction,
    rotate_edge,
)

from . import palette as pal
from .kit import DIRECT, MARGIN_DEFAULT, Canvas, DrawnText, recording
from .palette import RGB

__all__ = [
    "TILE_COLOURS",
    "Candidate",
    "City",
    "End",
    "MapHex",
    "MapImage",
    "Tile",
    "Token",
    "Town",
    "draw_detail",
    "draw_hex",
    "draw_map",
    "map_layout",
    "patch_map",
]

Point = tuple[float, float]

TILE_COLOURS: dict[str, RGB] = {
    "white": (232, 226, 206),
    "yellow": (247, 215, 72),
    "green": (92, 172, 94),
    "brown": (172, 118, 72),
    "gray": (176, 176, 180),
    "red": (206, 72, 60),
    "blue": (86, 146, 212),
}
"""The usual 18xx tile and hex colours (``white`` is a bare map hex)."""

TRACK: RGB = (30, 30, 34)
CASING: RGB = (252, 252, 250)
HEX_LINE: RGB = (70, 72, 80)
SLOT_LINE: RGB = (40, 40, 44)
MOUNTAIN: RGB = (132, 96, 60)
WATER: RGB = (46, 110, 196)

End = int | str
"""A path endpoint: an edge number 0-5 (before rotation) or ``"_i"``, the tile's stop ``i``."""


@dataclass(frozen=True)
class Token:
    """A station token in a city slot: a coloured disc with a short text (a company's abbreviation)."""

    colour: RGB
    text: str = ""


@dataclass(frozen=True)
class City:
    """A city with ``slots`` token circles; ``tokens[i]`` fills slot ``i`` (``None`` or missing: empty).

    ``edge`` pulls the city towards that edge (before rotation) instead of the automatic placement.
    """

    slots: int = 1
    tokens: tuple[Token | None, ...] = ()
    revenue: int | str | None = None
    edge: int | None = None


@dataclass(frozen=True)
class Town:
    """A town: a bar across its track (``style="bar"``) or a dot."""

    style: Literal["bar", "dot"] = "bar"
    revenue: int | str | None = None
    edge: int | None = None


Stop = City | Town


@dataclass(frozen=True)
class Tile:
    """Track laid on a hex: ``paths`` between endpoints (see :data:`End`), its ``stops``, and the ``rotation`` k.

    ``colour`` replaces the hex's fill (a yellow tile on a white hex); ``name`` is the tile number drawn small.
    """

    paths: tuple[tuple[End, End], ...] = ()
    stops: tuple[Stop, ...] = ()
    rotation: int = 0
    colour: RGB | None = None
    name: str = ""
    track: RGB = TRACK

    def rotated(self, k: int) -> Tile:
        """The same tile laid with rotation ``k`` (0-5)."""
        return replace(self, rotation=k % 6)


@dataclass(frozen=True)
class MapHex:
    """One hex of a map: where it is, how it is filled, and what is on it.

    ``label`` is a short id drawn inside (``"L14"``); ``name`` a place name; ``terrain`` is ``"mountain"``,
    ``"water"`` or any short word, with its ``cost``; ``revenue`` a hex-level revenue (an off-board's ``"30/50"``);
    ``highlight`` draws a thick coloured border (a hex to act on).
    """

    hex: Hex
    fill: RGB = TILE_COLOURS["white"]
    label: str = ""
    name: str = ""
    tile: Tile | None = None
    terrain: str | None = None
    cost: int | str | None = None
    revenue: int | str | None = None
    outline: RGB | None = HEX_LINE
    highlight: RGB | None = None


@dataclass(frozen=True)
class Candidate:
    """A tile offered for the detail view, shown once per rotation in ``rotations`` (labelled ``r0``…``r5``)."""

    tile: Tile
    rotations: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
    name: str = ""


class MapImage(NamedTuple):
    """A drawn map and the layout that placed it (to draw more on top, or to find a hex's pixels)."""

    canvas: Canvas
    layout: Layout


# ---- geometry of one hex ------------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _corner_offsets(orientation: Orientation, size: float | tuple[float, float]) -> tuple[Point, ...]:
    """Every corner relative to a hex centre (the same numbers as :meth:`Layout.corner_offset`, computed once)."""
    layout = Layout(orientation, size)
    return tuple(layout.corner_offset(i) for i in range(6))


@dataclass
class _HexGeometry:
    layout: Layout
    hex: Hex
    centre: Point = field(init=False)
    radius: float = field(init=False)
    offsets: tuple[Point, ...] = field(init=False)
    corners: list[Point] = field(init=False)

    def __post_init__(self) -> None:
        self.centre = cx, cy = self.layout.centre(self.hex)
        self.offsets = _corner_offsets(self.layout.orientation, self.layout.size)
        self.corners = [(cx + dx, cy + dy) for dx, dy in self.offsets]
        self.radius = math.dist(self.centre, self.corners[0])
        self._edges: dict[int, Point] = {}

    @property
    def apothem(self) -> float:
        return self.radius * math.sqrt(3) / 2

    def edge_point(self, edge: int) -> Point:
        """Midpoint of (already rotated) edge ``edge``."""
        point = self._edges.get(edge)
        if point is None:
            direction = edge_direction(edge, self.layout.orientation)
            point = self._edges[edge] = self.layout.edge_midpoint(self.hex, direction)
        return point

    def towards(self, point: Point, fraction: float) -> Point:
        cx, cy = self.centre
        return cx + (point[0] - cx) * fraction, cy + (point[1] - cy) * fraction

    def corner_spot(self, i: int, fraction: float = 0.6) -> Point:
        dx, dy = self.offsets[i]
        return self.centre[0] + dx * fraction, self.centre[1] + dy * fraction


@dataclass(frozen=True)
class _Stroke:
    """One drawn piece of track: a straight line or an arc, with sample points along it."""

    samples: tuple[Point, ...]
    arc: tuple[Point, float, float, float] | None = None   # centre, radius, start, end (degrees, clockwise)


def _parse_end(end: End, stops: int) -> tuple[str, int]:
    if isinstance(end, bool):
        raise ValueError(f"a path endpoint is an edge 0-5 or '_i' for stop i, not {end!r}")
    if isinstance(end, int):
        if 0 <= end <= 5:
            return "edge", end
    elif isinstance(end, str):
        text = end.strip()
        if text.isdigit() and 0 <= int(text) <= 5:
            return "edge", int(text)
        if text.startswith("_") and text[1:].isdigit():
            index = int(text[1:])
            if index < stops:
                return "stop", index
            raise ValueError(f"path endpoint {end!r} names stop {index}, but the tile has {stops} stop(s)")
    raise ValueError(f"a path endpoint is an edge 0-5 or '_i' for stop i, not {end!r}")


def _stop_positions(tile: Tile, geo: _HexGeometry) -> list[Point]:
    """Where each stop sits: the centre when alone, else pulled towards its edges (or its ``edge``)."""
    count = len(tile.stops)
    edges_of: list[list[int]] = [[] for _ in range(count)]
    for a, b in tile.paths:
        ends = [_parse_end(a, count), _parse_end(b, count)]
        for (kind, value), (other_kind, other) in (ends, ends[::-1]):
            if kind == "stop" and other_kind == "edge":
                edges_of[value].append(rotate_edge(other, tile.rotation))
    positions: list[Point] = []
    for i, stop in enumerate(tile.stops):
        if stop.edge is not None:
            positions.append(geo.towards(geo.edge_point(rotate_edge(stop.edge, tile.rotation)), 0.5))
            continue
        if count == 1:
            positions.append(geo.centre)
            continue
        cx, cy = geo.centre
        if edges_of[i]:
            points = [geo.edge_point(e) for e in edges_of[i]]
            vx = sum(p[0] - cx for p in points) / len(points)
            vy = sum(p[1] - cy for p in points) / len(points)
        else:
            angle = math.radians(90 + 360 * i / count)
            vx, vy = math.cos(angle), math.sin(angle)
        length = math.hypot(vx, vy)
        if length < 1e-6:
            positions.append(geo.centre)
        else:
            reach = geo.apothem * 0.48
            positions.append((cx + vx / length * reach, cy + vy / length * reach))
    return positions


def _arc_between(a: Point, b: Point, centre: Point) -> _Stroke:
    radius = (math.dist(a, centre) + math.dist(b, centre)) / 2
    start = math.degrees(math.atan2(a[1] - centre[1], a[0] - centre[0])) % 360
    end = math.degrees(math.atan2(b[1] - centre[1], b[0] - centre[0])) % 360
    if (end - start) % 360 > 180:
        start, end = end, start
    sweep = (end - start) % 360
    samples = tuple((centre[0] + radius * math.cos(math.radians(start + sweep * i / 12)),
                     centre[1] + radius * math.sin(math.radians(start + sweep * i / 12))) for i in range(13))
    return _Stroke(samples, (centre, radius, start, start + sweep))


def _line(a: Point, b: Point) -> _Stroke:
    return _Stroke(tuple((a[0] + (b[0] - a[0]) * i / 8, a[1] + (b[1] - a[1]) * i / 8) for i in range(9)))


def _strokes(tile: Tile, geo: _HexGeometry, stops: Sequence[Point]) -> list[_Stroke]:
    """The pieces of track of ``tile`` on the hex ``geo``."""
    strokes: list[_Stroke] = []
    for a, b in tile.paths:
        (ka, va), (kb, vb) = _parse_end(a, len(stops)), _parse_end(b, len(stops))
        if ka == "edge" and kb == "edge":
            ea, eb = rotate_edge(va, tile.rotation), rotate_edge(vb, tile.rotation)
            pa, pb = geo.edge_point(ea), geo.edge_point(eb)
            apart = (eb - ea) % 6
            if apart == 0:
                raise ValueError(f"a path cannot join edge {va} to itself")
            if apart == 3:
                strokes.append(_line(pa, pb))
            elif apart in (1, 5):                                        # sharp: around the shared corner
                mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                strokes.append(_arc_between(pa, pb, geo.towards(mid, 4 / 3)))
            else:                                                        # gentle: around a point beyond the middle edge
                middle = geo.edge_point((ea + 1) % 6 if apart == 2 else (eb + 1) % 6)
                strokes.append(_arc_between(pa, pb, geo.towards(middle, 2.0)))
            continue
        pa = geo.edge_point(rotate_edge(va, tile.rotation)) if ka == "edge" else stops[va]
        pb = geo.edge_point(rotate_edge(vb, tile.rotation)) if kb == "edge" else stops[vb]
        strokes.append(_line(pa, pb))
    return strokes


def _draw_stroke(canvas: Canvas, stroke: _Stroke, colour: RGB, width: float) -> None:
    if stroke.arc is None:
        canvas.line([stroke.samples[0], stroke.samples[-1]], fill=colour, width=width)
    else:
        centre, radius, start, end = stroke.arc
        canvas.arc(centre, radius, start, end, width=width, fill=colour)


# ---- stops and markers --------------------------------------------------------------------------------------------
def _slot_centres(centre: Point, slots: int, r: float) -> list[Point]:
    cx, cy = centre
    if slots <= 1:
        return [centre]
    if slots == 2:
        return [(cx - r, cy), (cx + r, cy)]
    if slots == 4:
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    ring = r / math.sin(math.pi / slots)
    return [(cx + ring * math.cos(math.radians(-90 + 360 * i / slots)),
             cy + ring * math.sin(math.radians(-90 + 360 * i / slots))) for i in range(slots)]


def _draw_city(canvas: Canvas, city: City, at: Point, geo: _HexGeometry) -> None:
    r = geo.radius * (0.25 if city.slots <= 1 else 0.21)
    centres = _slot_centres(at, city.slots, r)
    if len(centres) > 1:                                   # a white body joining the slots
        canvas.line([*centres, centres[0]], fill=CASING, width=2 * r)
        canvas.polygon(centres, fill=CASING)
    for i, centre in enumerate(centres):
        token = city.tokens[i] if i < len(city.tokens) else None
        canvas.circle(centre, r, fill=CASING, outline=SLOT_LINE, width=max(1.0, r * 0.1))
        if token is None:
            continue
        canvas.circle(centre, r * 0.86, fill=token.colour, outline=pal.darken(token.colour, 0.35),
                      width=max(0.75, r * 0.06))
        if token.text:
            size = r * (0.78 if len(token.text) <= 2 else 0.6)
            canvas.text(centre, token.text, size, fill=pal.on_colour(token.colour), bold=True, anchor="mm",
                        max_width=r * 1.7)


def _draw_town(canvas: Canvas, town: Town, at: Point, towards: Point | None, geo: _HexGeometry,
               colour: RGB) -> None:
    if town.style == "dot":
        canvas.circle(at, geo.radius * 0.12, fill=colour, outline=CASING, width=geo.radius * 0.03)
        return
    # a bar lies across its track; a town without track gets a horizontal bar
    dx, dy = (0.0, 1.0) if towards is None else (towards[0] - at[0], towards[1] - at[1])
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length             # along the track
    px, py = -uy, ux                              # across it
    half_long, half_thick = geo.radius * 0.26, geo.radius * 0.07
    x, y = at
    canvas.polygon([(x + px * half_long + ux * half_thick, y + py * half_long + uy * half_thick),
                    (x - px * half_long + ux * half_thick, y - py * half_long + uy * half_thick),
                    (x - px * half_long - ux * half_thick, y - py * half_long - uy * half_thick),
                    (x + px * half_long - ux * half_thick, y + py * half_long - uy * half_thick)],
                   fill=colour, outline=CASING, width=geo.radius * 0.025)


def _bubble(canvas: Canvas, at: Point, value: int | str, radius: float) -> None:
    text = str(value)
    if len(text) <= 3:
        canvas.circle(at, radius, fill=CASING, outline=SLOT_LINE, width=max(0.75, radius * 0.1))
        canvas.text(at, text, radius * (1.05 if len(text) <= 2 else 0.8), fill=pal.TEXT_DARK, bold=True,
                    anchor="mm")
        return
    size = radius * 0.9
    width = canvas.measure(text, size, True) + radius
    canvas.box((at[0] - width / 2, at[1] - radius, at[0] + width / 2, at[1] + radius), fill=CASING,
               outline=SLOT_LINE, radius=radius, width=max(0.75, radius * 0.1))
    canvas.text(at, text, size, fill=pal.TEXT_DARK, bold=True, anchor="mm")


def _terrain(canvas: Canvas, at: Point, terrain: str, cost: int | str | None, r: float, ink: RGB) -> None:
    x, y = at
    label = "" if cost is None else (f"${cost}" if isinstance(cost, int) else str(cost))
    if terrain == "mountain":
        canvas.polygon([(x - r, y + r * 0.55), (x, y - r * 0.75), (x + r, y + r * 0.55)], fill=MOUNTAIN,
                       outline=pal.darken(MOUNTAIN, 0.4), width=max(0.75, r * 0.08))
    elif terrain == "water":
        for dy in (-r * 0.35, r * 0.25):
            canvas.arc((x - r * 0.45, y + dy + r * 0.3), r * 0.45, 200, 340, width=max(1.0, r * 0.16), fill=WATER)
            canvas.arc((x + r * 0.45, y + dy - r * 0.3), r * 0.45, 20, 160, width=max(1.0, r * 0.16), fill=WATER)
    elif terrain:
        label = f"{terrain} {label}".strip()
    if label:
        canvas.text((x, y + r * (1.3 if terrain in ("mountain", "water") else 0)), label, r * 0.9, fill=ink,
                    bold=True, anchor="mm")


# ---- free spots for labels ----------------------------------------------------------------------------------------
def _clearance(spot: Point, busy: Sequence[tuple[Point, float]]) -> float:
    if not busy:
        return 1e9
    return min([math.dist(spot, p) - pad for p, pad in busy])


#: Clearances are compared to this many decimals: a hex drawn elsewhere (moved on the image, or patched into a map
#: by :func:`patch_map`) must pick the same spots, and symmetric spots tie exactly but for rounding.
_CLEARANCE_DIGITS = 6


def _pick(spots: Sequence[Point], busy: Sequence[tuple[Point, float]], enough: float) -> Point:
    """The first spot with at least ``enough`` clearance, else the clearest one (the first of equals)."""
    need = round(enough, _CLEARANCE_DIGITS)
    for spot in spots:
        if round(_clearance(spot, busy), _CLEARANCE_DIGITS) >= need:
            return spot
    return max(spots, key=lambda s: round(_clearance(s, busy), _CLEARANCE_DIGITS))


# ---- drawing ------------------------------------------------------------------------------------------------------
def draw_hex(canvas: Canvas, layout: Layout, cell: MapHex, *, layer: str = "all", inner: bool = False) -> None:
    """Draw one hex on ``canvas`` where ``layout`` puts it.

    ``layer`` draws only part of it, so a map can stack layers over all hexes: ``"fill"`` (colour and outline),
    ``"content"`` (track, stops, markers, labels), ``"highlight"``; ``"all"`` draws everything. ``inner``: the
    hex has a neighbour on every side (:func:`_inner`), so its fill's edge lies under outlines only.
    """
    geo = _HexGeometry(layout, cell.hex)
    corners = geo.corners
    tile = cell.tile
    fill = tile.colour if tile is not None and tile.colour is not None else cell.fill
    r = geo.radius
    if layer in ("all", "fill"):
        outline = cell.outline or fill
        if inner and canvas.direct and outline != fill and not canvas.dry:
            # a plain fill, its edge under the anti-aliased outline (as Megarich∞'s window; a hex on the map's
            # rim keeps its anti-aliased fill against the background): half the blending of a masked fill, a
            # third of an 18 Royal Gorge map drawn whole (issue 25 §2)
            # on whole pixels: Pillow truncates a corner off the canvas's top or left towards 0, so a patch's
            # canvas (:func:`patch_map`) would fill other pixels than the whole map's
            canvas.draw.polygon([(math.floor(x + 0.5), math.floor(y + 0.5)) for x, y in corners], fill=fill)
            canvas.polygon(corners, outline=outline, width=max(1.0, r * 0.03))
        else:
            canvas.polygon(corners, fill=fill, outline=outline, width=max(1.0, r * 0.03))
    if layer in ("all", "content"):
        _draw_content(canvas, geo, cell, fill)
    if layer in ("all", "highlight") and cell.highlight is not None:
        inset = [geo.towards(c, 0.94) for c in corners]
        canvas.polygon(inset, outline=cell.highlight, width=max(2.0, r * 0.09))


def _draw_content(canvas: Canvas, geo: _HexGeometry, cell: MapHex, fill: RGB) -> None:
    r = geo.radius
    ink = pal.on_colour(fill)
    busy: list[tuple[Point, float]] = []
    tile = cell.tile
    if tile is not None:
        stops = _stop_positions(tile, geo)
        strokes = _strokes(tile, geo, stops)
        core = r * 0.13
        for stroke in strokes:
            _draw_stroke(canvas, stroke, CASING, core + r * 0.09)
            _draw_stroke(canvas, stroke, tile.track, core)
            busy.extend((p, core) for p in stroke.samples)
        ends_at_stop: dict[int, Point] = {}
        for a, b in tile.paths:
            (ka, va), (kb, vb) = _parse_end(a, len(stops)), _parse_end(b, len(stops))
            if ka == "stop" and kb == "edge":
                ends_at_stop.setdefault(va, geo.edge_point(rotate_edge(vb, tile.rotation)))
            if kb == "stop" and ka == "edge":
                ends_at_stop.setdefault(vb, geo.edge_point(rotate_edge(va, tile.rotation)))
        for i, (stop, at) in enumerate(zip(tile.stops, stops, strict=True)):
            if isinstance(stop, City):
                _draw_city(canvas, stop, at, geo)
                busy.append((at, r * 0.5 if stop.slots > 1 else r * 0.28))
            else:
                canvas.circle(at, r * 0.065, fill=tile.track)      # joins the track ends under the town
                _draw_town(canvas, stop, at, ends_at_stop.get(i), geo, tile.track)
                busy.append((at, r * 0.28))
        revenues = [(s, at) for s, at in zip(tile.stops, stops, strict=True) if s.revenue is not None]
        corner_spots = [geo.corner_spot(i) for i in (4, 5, 3, 0, 2, 1)] if revenues else []
        for stop, at in revenues:
            assert stop.revenue is not None
            if len(revenues) == 1:
                spot = _pick(corner_spots, busy, r * 0.18)
            else:
                spot = geo.towards(at, 1.55) if at != geo.centre else _pick(corner_spots, busy, r * 0.18)
            _bubble(canvas, spot, stop.revenue, r * 0.17)
            busy.append((spot, r * 0.17))
    if cell.revenue is not None:
        spot = _pick([geo.centre, *(geo.corner_spot(i) for i in (4, 5, 3, 0, 2, 1))], busy, r * 0.2)
        _bubble(canvas, spot, cell.revenue, r * 0.17)
        busy.append((spot, r * 0.4))
    if cell.terrain or cell.cost is not None:
        spot = _pick([geo.corner_spot(i, 0.5) for i in (1, 2, 0, 3, 5, 4)], busy, r * 0.2)
        _terrain(canvas, spot, cell.terrain or "", cell.cost, r * 0.15, ink)
        busy.append(((spot[0], spot[1] + r * 0.1), r * 0.22))
    if cell.name:
        ax = geo.apothem * 0.66
        spots = [(geo.centre[0], geo.centre[1] + ax), (geo.centre[0], geo.centre[1] - ax)]
        _label(canvas, _pick(spots, busy, r * 0.1), cell.name, r * 0.2, ink, fill, r * 1.1, busy)
    if cell.label:
        spot = _pick([geo.corner_spot(i, 0.62) for i in (4, 3, 5, 2, 0, 1)], busy, r * 0.12)
        _label(canvas, spot, cell.label, r * 0.22, ink, fill, r * 0.7, busy, bold=True)
    if tile is not None and tile.name:
        spot = _pick([geo.corner_spot(i, 0.66) for i in (1, 0, 2, 5, 3, 4)], busy, r * 0.1)
        _label(canvas, spot, tile.name, r * 0.16, ink, fill, r * 0.5, busy)


def _label(canvas: Canvas, at: Point, text: str, size: float, ink: RGB, fill: RGB, max_width: float,
           busy: list[tuple[Point, float]], *, bold: bool = False) -> None:
    """Text centred on ``at``; on a patch of the hex colour when track runs under it, so it stays readable."""
    width = min(canvas.measure(text, size, bold), max_width)
    ends = [(at[0] + width * t, at[1]) for t in (-0.5, -0.25, 0.0, 0.25, 0.5)]
    if round(_clearance_any(ends, busy, size * 0.6), _CLEARANCE_DIGITS) < 0:
        pad = size * 0.25
        canvas.box((at[0] - width / 2 - pad, at[1] - size * 0.65, at[0] + width / 2 + pad, at[1] + size * 0.65),
                   fill=fill, radius=size * 0.3)
    canvas.text(at, text, size, fill=ink, bold=bold, anchor="mm", max_width=max_width)
    busy.extend((p, size * 0.6) for p in ends)


def _clearance_any(points: Sequence[Point], busy: Sequence[tuple[Point, float]], pad: float) -> float:
    return min((_clearance(p, busy) - pad for p in points), default=1e9)


def map_layout(hexes: Iterable[Hex], size: float, orientation: Orientation = "flat", *,
               margin: float = MARGIN_DEFAULT, top: float = 0, left: float = 0) -> tuple[Layout, int, int]:
    """A layout placing ``hexes`` inside ``margin`` (plus ``top``/``left`` extra room), and the image size."""
    hexes = list(hexes)
    x0, y0, x1, y1 = Layout(orientation, size).bounding_box(hexes)
    layout = Layout(orientation, size, (margin + left - x0, margin + top - y0))
    return layout, math.ceil(x1 - x0 + 2 * margin + left), math.ceil(y1 - y0 + 2 * margin + top)


#: The margin coordinates' height, in hex radii (:func:`draw_map`).
ID_SIZE = 0.3


def _margin_ids(canvas: Canvas, layout: Layout, hexes: Sequence[Hex], ids: LetterNumberIds, gap: float,
                size: float) -> None:
    """Letters and numbers along the top and left margins, where 18xx maps print them."""
    letters: dict[str, list[float]] = {}
    numbers: dict[str, list[float]] = {}
    for h, letter, number in _id_parts(tuple(hexes), ids):
        x, y = layout.centre(h)
        along_letter, along_number = (x, y) if ids.orientation == "flat" else (y, x)
        letters.setdefault(letter, []).append(along_letter)
        numbers.setdefault(number, []).append(along_number)
    x0, y0, _x1, _y1 = layout.bounding_box(hexes)
    columns, rows = (letters, numbers) if ids.orientation == "flat" else (numbers, letters)
    # An id whose anchor lies farther off the canvas than a few of its heights draws no pixel on it (a patch's
    # small canvas shows a few of them).
    reach = 4 * size

    def shown(x: float, y: float) -> bool:
        return -reach < x < canvas.width + reach and -reach < y < canvas.height + reach

    for text, xs in columns.items():
        if shown(sum(xs) / len(xs), y0 - gap):
            canvas.text((sum(xs) / len(xs), y0 - gap), text, size, fill=pal.MUTED, bold=True, anchor="mb")
    for text, ys in rows.items():
        if shown(x0 - gap, sum(ys) / len(ys)):
            canvas.text((x0 - gap, sum(ys) / len(ys)), text, size, fill=pal.MUTED, bold=True, anchor="rm")


@lru_cache(maxsize=8)
def _id_parts(hexes: tuple[Hex, ...], ids: LetterNumberIds) -> tuple[tuple[Hex, str, str], ...]:
    """Each hex with an id, its letter and its number (worked out once per map: a patch draws the margin ids)."""
    parts = []
    for h in hexes:
        try:
            text = ids.format(h)
        except ValueError:
            continue
        letter = text.rstrip("0123456789")
        parts.append((h, letter, text[len(letter):]))
    return tuple(parts)


def draw_map(hexes: Sequence[MapHex], *, size: float = 40, orientation: Orientation = "flat", lang: str = "en",
             title: str | None = None, ids: LetterNumberIds | None = None, id_size: float = ID_SIZE,
             margin: float = MARGIN_DEFAULT, background: RGB = pal.BACKGROUND, scale: int = DIRECT) -> MapImage:
    """Draw a whole map: every hex's fill, then all content, then highlights (so nothing is painted over).

    ``size`` is the hex's corner radius in output pixels. ``title`` goes above the map; ``ids`` prints the
    letter-number coordinates in the margins as 18xx maps do, ``id_size`` hex radii high. ``scale`` is the
    canvas's (output size by default, issue 13 §3).
    """
    if not hexes:
        raise ValueError("a map needs at least one hex")
    title_h = size * 0.9 if title else 0.0
    axis = size * (0.25 + id_size) if ids is not None else 0.0
    layout, width, height = map_layout([c.hex for c in hexes], size, orientation, margin=margin,
                                       top=title_h + axis, left=axis)
    if title:                                   # a small map widens to show its whole title
        width = max(width, math.ceil(Canvas(1, 1, lang, dry=True, scale=scale).measure(title, size * 0.5, True)
                                     + 2 * margin))
    canvas = Canvas(width, height, lang, background=background, scale=scale)
    if title:
        canvas.text((margin, margin + title_h / 2 - size * 0.1), title, size * 0.5, bold=True,
                    max_width=width - 2 * margin)
    inner = _inner(hexes)
    for layer in ("fill", "content", "highlight"):
        for cell in hexes:
            draw_hex(canvas, layout, cell, layer=layer, inner=cell.hex in inner)
    if ids is not None:
        _margin_ids(canvas, layout, [c.hex for c in hexes], ids, size * 0.2, size * id_size)
    return MapImage(canvas, layout)


def _inner(hexes: Sequence[MapHex]) -> frozenset[Hex]:
    """The hexes of a map with a neighbour on every side."""
    return _inner_of(tuple(cell.hex for cell in hexes))


@lru_cache(maxsize=16)
def _inner_of(on_map: tuple[Hex, ...]) -> frozenset[Hex]:
    found = set(on_map)
    return frozenset(h for h in on_map if all(h + d in found for d in DIRECTIONS))


@lru_cache(maxsize=16)
def _patch_geometry(layout: Layout, on_map: tuple[Hex, ...], pad: float) -> tuple[
        dict[Hex, tuple[float, float, float, float]], dict[Hex, tuple[float, float, float, float]],
        tuple[float, float, float, float], frozenset[Hex]]:
    """What :func:`patch_map` needs of a map's hexes, worked out once per map (issue 25 §2: it was a third of a
    patch): each hex's box, its box widened by ``pad``, the hexes' bounding box and the inner hexes."""
    plain = {h: _hex_box(layout, h, 0) for h in on_map}
    return (plain, {h: _widened(box, pad) for h, box in plain.items()}, layout.bounding_box(on_map),
            _inner_of(on_map))


def draw_detail(hexes: Sequence[MapHex], focus: Hex, *, candidates: Sequence[Candidate] = (), size: float = 60,
                orientation: Orientation = "flat", lang: str = "en", title: str | None = None,
                margin: float = MARGIN_DEFAULT, background: RGB = pal.BACKGROUND, scale: int = DIRECT) -> MapImage:
    """A zoomed view of ``focus`` and its neighbours, then each candidate tile in each of its rotations.

    Neighbours missing from ``hexes`` are drawn as faint outlines. Each candidate shows as a row of small hexes
    labelled ``r0``…``r5`` (its rotation), drawn with the focus hex's terrain and id, so a player can pick one by its
    label. The returned layout is the zoomed map's; ``scale`` is the canvas's, as in :func:`draw_map`.
    """
    by_hex = {c.hex: c for c in hexes}
    if focus not in by_hex:
        raise ValueError(f"the focus hex {focus!r} is not among the map's hexes")
    around = [focus, *(focus + d for d in DIRECTIONS)]
    shown = [by_hex.get(h) or MapHex(h, fill=background, outline=pal.LINE) for h in around]
    shown[0] = replace(shown[0], highlight=shown[0].highlight or pal.ACCENT)
    title_h = size * 0.55 if title else 0.0
    layout, width, height = map_layout(around, size, orientation, margin=margin, top=title_h)
    small = size * 0.55
    probe = Layout(orientation, small)
    cell_w, cell_h = probe.hex_width, probe.hex_height
    label_h = small * 0.55
    row_h = cell_h + label_h + small * 0.35
    name_w = max((len(c.name) for c in candidates), default=0) * small * 0.32
    widest = max((len(c.rotations) for c in candidates), default=0)
    rows_w = margin * 2 + name_w + widest * (cell_w + small * 0.25)
    title_w = (Canvas(1, 1, lang, dry=True, scale=scale).measure(title, size * 0.3, True) + 2 * margin
               if title else 0.0)
    canvas_w = math.ceil(max(width, rows_w, title_w))
    canvas_h = math.ceil(height + len(candidates) * row_h)
    canvas = Canvas(canvas_w, canvas_h, lang, background=background, scale=scale)
    layout = layout.moved((layout.origin[0] + (canvas_w - width) / 2, layout.origin[1]))
    if title:
        canvas.text((margin, margin + title_h / 2), title, size * 0.3, bold=True, max_width=canvas_w - 2 * margin)
    for layer in ("fill", "content", "highlight"):
        for cell in shown:
            draw_hex(canvas, layout, cell, layer=layer)
    base = by_hex[focus]
    y: float = height
    for candidate in candidates:
        x = margin
        if candidate.name:
            canvas.text((x, y + cell_h / 2), candidate.name, small * 0.32, bold=True, max_width=name_w)
        x += name_w
        for k in candidate.rotations:
            centre = (x + cell_w / 2, y + cell_h / 2)
            spot = Layout(orientation, small, centre)
            tile = candidate.tile.rotated(k)
            draw_hex(canvas, spot, replace(base, hex=Hex(0, 0), tile=tile, highlight=None, name=""))
            canvas.text((centre[0], y + cell_h + label_h / 2), f"r{k % 6}", small * 0.34, fill=pal.TEXT, bold=True,
                        anchor="mm")
            x += cell_w + small * 0.25
        y += row_h
    return MapImage(canvas, layout)



def _hex_box(layout: Layout, h: Hex, pad: float) -> tuple[float, float, float, float]:
    corners = layout.corners(h)
    return (min(x for x, _ in corners) - pad, min(y for _, y in corners) - pad,
            max(x for x, _ in corners) + pad, max(y for _, y in corners) + pad)


def _touches(box: tuple[float, float, float, float], area: tuple[int, int, int, int]) -> bool:
    """Whether ``box`` overlaps the pixel rectangle ``area`` (left, top, right, bottom)."""
    return box[0] < area[2] and area[0] < box[2] and box[1] < area[3] and area[1] < box[3]


def _widened(box: tuple[float, float, float, float], pad: float) -> tuple[float, float, float, float]:
    return box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad


def patch_map(base: MapImage, hexes: Sequence[MapHex], changed: Iterable[Hex], *, lang: str = "en",
              ids: LetterNumberIds | None = None, id_size: float = ID_SIZE, texts: Sequence[DrawnText] = (),
              overlay: Callable[[Canvas, Layout, frozenset[Hex]], object] | None = None,
              background: RGB = pal.BACKGROUND, pad: float = 4,
              reach: Callable[[MapHex, str], float] | None = None) -> tuple[MapImage, list[DrawnText]]:
    """``base`` (drawn by :func:`draw_map`, then ``overlay``) with the ``changed`` hexes drawn again from ``hexes``:
    a move of 18xx changes one or two hexes, and redrawing those costs a tenth of the map (issue 13 §3).

    Each changed hex is drawn again on a small canvas over its box (its corners, widened by ``pad``: whatever
    any hex draws beyond its corners must stay within ``pad``), with every hex whose box reaches into it, in the
    order and layers of :func:`draw_map` (with the margin ``ids`` and ``id_size`` it was drawn with), then
    ``overlay(canvas, layout, those hexes)`` (what the caller draws on
    top of the map, for those hexes only); the box is pasted over a copy of ``base``. The small canvas is moved by
    an even number of pixels, so shapes and strings land on the same pixels as in a whole drawing. ``base`` is not
    changed. Returns the new map and its strings: ``texts`` (those of ``base``) without the ones inside a changed
    hex, plus the ones drawn there now.

    ``reach(cell, layer)``, when given, is how far a hex's drawing in ``layer`` (``"fill"``, ``"content"``,
    ``"highlight"`` or ``"overlay"``: the caller's overlay for that hex) reaches beyond its corners, at most
    ``pad``: a layer of a hex is drawn again on a changed hex's canvas only when its reach touches it (issue 25
    §2: most hexes draw nothing outside their outline, and drawing every layer of every hex within ``pad`` of the
    box was most of a patch). A changed hex's own box is still widened by ``pad``, covering what it drew before
    and draws now.
    """
    layout = base.layout
    source = base.canvas
    assert source.image is not None, "a map to patch is drawn"
    scale = source.scale
    canvas = Canvas(source.width, source.height, lang, background=background, scale=scale)
    canvas.paste(source, (0, 0))
    assert canvas.image is not None
    plain, boxes, (bx0, by0, _bx1, _by1), inner = _patch_geometry(layout, tuple(cell.hex for cell in hexes), pad)
    layers = ("fill", "content", "highlight", "overlay")
    redrawn = set(changed)
    size = layout.size if isinstance(layout.size, float | int) else layout.size[0]
    # The margin ids lie left of and above the map's hexes, ``gap`` away (:func:`_margin_ids`): a small canvas
    # right of and below that line has none of them (issue 25 §2: drawing them for every changed hex was 7 % of an
    # 18 Royal Gorge board). Two pixels spare for anti-aliasing.
    id_edge = (bx0 - size * 0.2 + 2, by0 - size * 0.2 + 2)
    found_texts = [t for t in texts if layout.hex_at(*t.xy) not in redrawn]
    for group in _clusters([cell.hex for cell in hexes if cell.hex in redrawn], boxes):
        x0, y0 = min(boxes[h][0] for h in group), min(boxes[h][1] for h in group)
        x1, y1 = max(boxes[h][2] for h in group), max(boxes[h][3] for h in group)
        left, top = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
        right, bottom = math.ceil(x1), math.ceil(y1)
        area = (left, top, right, bottom)
        # a layer reaches at most ``pad``: only the hexes whose box widened by it touches the canvas are asked
        candidates = [cell for cell in hexes if _touches(boxes[cell.hex], area)]
        near = {layer: candidates if reach is None else
                [cell for cell in candidates if _touches(_widened(plain[cell.hex], min(pad, reach(cell, layer))), area)]
                for layer in layers}
        small = Canvas(right - left, bottom - top, lang, background=background, scale=scale)
        moved = layout.moved((layout.origin[0] - left, layout.origin[1] - top))
        with recording() as drawn:
            for layer in layers[:3]:
                for cell in near[layer]:
                    draw_hex(small, moved, cell, layer=layer, inner=cell.hex in inner)
            if ids is not None and (left < id_edge[0] or top < id_edge[1]):
                _margin_ids(small, moved, [cell.hex for cell in hexes], ids, size * 0.2, size * id_size)
            if overlay is not None:
                overlay(small, moved, frozenset(cell.hex for cell in near["overlay"]))
        assert small.image is not None
        canvas.image.paste(small.image, (left * scale, top * scale))
        found_texts.extend(DrawnText(t.text, t.source, (t.xy[0] + left, t.xy[1] + top), t.size) for t in drawn
                           if moved.hex_at(*t.xy) in group)
    return MapImage(canvas, layout), found_texts


def _clusters(changed: Sequence[Hex], boxes: dict[Hex, tuple[float, float, float, float]]) -> list[set[Hex]]:
    """The changed hexes in groups whose boxes overlap (neighbours): each group is drawn again on one canvas over
    its boxes' union, so the hexes around two neighbours are drawn once, not twice. In map order."""
    groups: list[set[Hex]] = []
    for h in changed:
        x0, y0, x1, y1 = boxes[h]
        touching = [g for g in groups if any(boxes[o][0] < x1 and x0 < boxes[o][2] and boxes[o][1] < y1
                                             and y0 < boxes[o][3] for o in g)]
        merged = {h}.union(*touching)
        groups = [g for g in groups if g not in touching] + [merged]
    return groups
