"""Hex-grid geometry: axial coordinates, distances, rings, lines, rotation, offset and 18xx ids, pixel layouts, tori.

Pure maths with no I/O, usable by engines and renderers alike. Conventions (after Red Blob Games' hex guide):

* A :class:`Hex` is an axial coordinate ``(q, r)``; the implied cube coordinate is ``s = -q - r``.
* Screen space has ``y`` pointing **down**, so "clockwise" always means clockwise as seen on an image.
* :data:`DIRECTIONS` lists the six neighbour steps in a fixed order, **counter-clockwise on screen**:
  ``(+1, 0), (+1, -1), (0, -1), (-1, 0), (-1, +1), (0, +1)`` — on a pointy-top map that is E, NE, NW, W, SW, SE;
  on a flat-top map SE, NE, N, NW, SW, S.
* :func:`rotate` turns by ``k`` × 60° **clockwise** on screen, the sense in which 18xx tile rotations and edge numbers
  increase (:data:`FLAT_EDGES`: 0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE).
* 18xx.games names hexes by a letter and a number on a "doubled" grid (:class:`LetterNumberIds`): on flat-top maps
  the letter is the column and the number the row, on pointy-top maps the other way round.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "DIRECTIONS",
    "FLAT_EDGES",
    "ORIGIN",
    "POINTY_EDGES",
    "Hex",
    "HexIdError",
    "HexTorus",
    "Layout",
    "LetterNumberIds",
    "OffsetKind",
    "Orientation",
    "distance",
    "edge_direction",
    "edge_neighbour",
    "edge_towards",
    "from_offset",
    "hex_round",
    "index_letters",
    "letters_index",
    "line",
    "neighbours",
    "opposite_edge",
    "ring",
    "rotate",
    "rotate_edge",
    "spiral",
    "to_offset",
]

Orientation = Literal["flat", "pointy"]
"""``flat``: hexes with a flat top edge (columns of hexes); ``pointy``: a corner at the top (rows of hexes)."""

OffsetKind = Literal["odd-q", "even-q", "odd-r", "even-r"]
"""Offset (column, row) schemes: ``-q`` for flat-top maps (odd/even columns shoved down), ``-r`` for pointy-top
maps (odd/even rows shoved right)."""


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """An axial hex coordinate. Hexes add and subtract like vectors; ``s`` is the third cube coordinate."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The cube coordinate ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        """This vector times ``k``."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Steps from the origin to this hex."""
        return (abs(self.q) + abs(self.r) + abs(self.q + self.r)) // 2

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in :data:`DIRECTIONS` ``[direction % 6]``."""
        return self + DIRECTIONS[direction % 6]

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
"""Neighbour steps, counter-clockwise on screen (pointy: E NE NW W SW SE; flat: SE NE N NW SW S)."""


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes."""
    return (a - b).length()


def neighbours(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in :data:`DIRECTIONS` order."""
    return [h + d for d in DIRECTIONS]


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``centre`` (6·radius of them; just ``centre`` for 0).

    The ring starts at ``centre + DIRECTIONS[4] * radius`` and walks counter-clockwise on screen.
    """
    if radius < 0:
        raise ValueError(f"a ring's radius cannot be negative (got {radius})")
    if radius == 0:
        return [centre]
    found: list[Hex] = []
    h = centre + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            found.append(h)
            h = h + DIRECTIONS[side]
    return found


def spiral(centre: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` steps of ``centre``: the centre first, then ring 1, ring 2, … (3r(r+1)+1 hexes)."""
    found: list[Hex] = []
    for k in range(radius + 1):
        found.extend(ring(centre, k))
    return found


def hex_round(q: float, r: float) -> Hex:
    """The hex containing the fractional axial point ``(q, r)`` (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included (``distance + 1`` hexes).

    Points are sampled by linear interpolation in cube space and rounded; a tiny nudge makes lines that run exactly
    along hex edges choose consistently.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r + 2e-6
    bq, br = b.q + 1e-6, b.r + 2e-6
    return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def rotate(h: Hex, k: int, centre: Hex = ORIGIN) -> Hex:
    """``h`` turned around ``centre`` by ``k`` × 60° clockwise on screen (negative ``k``: counter-clockwise).

    A step in ``DIRECTIONS[i]`` becomes a step in ``DIRECTIONS[i - k]``, and a flat-top 18xx edge ``e`` becomes
    edge ``e + k``.
    """
    v = h - centre
    q, r, s = v.q, v.r, v.s
    for _ in range(k % 6):
        q, r, s = -r, -s, -q
    return centre + Hex(q, r)


# ---- offset coordinates ---------------------------------------------------------------------------------------------
def to_offset(h: Hex, kind: OffsetKind) -> tuple[int, int]:
    """``(column, row)`` of ``h`` in an offset scheme (see :data:`OffsetKind`)."""
    if kind == "odd-r":
        return h.q + (h.r - (h.r & 1)) // 2, h.r
    if kind == "even-r":
        return h.q + (h.r + (h.r & 1)) // 2, h.r
    if kind == "odd-q":
        return h.q, h.r + (h.q - (h.q & 1)) // 2
    if kind == "even-q":
        return h.q, h.r + (h.q + (h.q & 1)) // 2
    raise ValueError(f"unknown offset scheme {kind!r}")


def from_offset(col: int, row: int, kind: OffsetKind) -> Hex:
    """The hex at ``(col, row)`` of an offset scheme; the inverse of :func:`to_offset`."""
    if kind == "odd-r":
        return Hex(col - (row - (row & 1)) // 2, row)
    if kind == "even-r":
        return Hex(col - (row + (row & 1)) // 2, row)
    if kind == "odd-q":
        return Hex(col, row - (col - (col & 1)) // 2)
    if kind == "even-q":
        return Hex(col, row - (col + (col & 1)) // 2)
    raise ValueError(f"unknown offset scheme {kind!r}")


# ---- 18xx edges -----------------------------------------------------------------------------------------------------
FLAT_EDGES: tuple[Hex, ...] = (Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1), Hex(1, 0))
"""Flat-top edge numbers as 18xx.games uses them, clockwise: 0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE."""

POINTY_EDGES: tuple[Hex, ...] = (Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1))
"""Pointy-top edge numbers as current 18xx.games code numbers them, clockwise: 0 = SW, 1 = W, 2 = NW, 3 = NE, 4 = E,
5 = SE."""


def _edges(orientation: Orientation) -> tuple[Hex, ...]:
    if orientation == "flat":
        return FLAT_EDGES
    if orientation == "pointy":
        return POINTY_EDGES
    raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")


def _check_edge(edge: int) -> int:
    if not isinstance(edge, int) or isinstance(edge, bool) or not 0 <= edge <= 5:
        raise ValueError(f"an edge number is 0-5, not {edge!r}")
    return edge


def edge_direction(edge: int, orientation: Orientation = "flat") -> Hex:
    """The neighbour step across 18xx edge number ``edge`` (0-5)."""
    return _edges(orientation)[_check_edge(edge)]


def edge_neighbour(h: Hex, edge: int, orientation: Orientation = "flat") -> Hex:
    """The hex on the other side of ``h``'s edge number ``edge``."""
    return h + edge_direction(edge, orientation)


def edge_towards(a: Hex, b: Hex, orientation: Orientation = "flat") -> int:
    """The edge number of ``a`` that faces the adjacent hex ``b``; ``ValueError`` if they are not adjacent."""
    try:
        return _edges(orientation).index(b - a)
    except ValueError:
        raise ValueError(f"{b!r} is not adjacent to {a!r}") from None


def opposite_edge(edge: int) -> int:
    """The edge number on the far side: the neighbour across ``edge`` sees this hex across ``opposite_edge(edge)``."""
    return (_check_edge(edge) + 3) % 6


def rotate_edge(edge: int, k: int) -> int:
    """Edge ``edge`` of a tile laid with rotation ``k`` (18xx: rotations turn clockwise, edge numbers too)."""
    return (_check_edge(edge) + k) % 6


# ---- letter + number ids --------------------------------------------------------------------------------------------
class HexIdError(ValueError):
    """A hex id that does not name a hex (bad format, or a letter-number pair off the map's grid)."""


_ID = re.compile(r"^([A-Za-z]+)([0-9]+)$")


def letters_index(letters: str) -> int:
    """0 for ``A``, 25 for ``Z``, 26 for ``AA``, … (bijective base 26, as 18xx.games extends past Z)."""
    if not letters or not letters.isascii() or not letters.isalpha():
        raise ValueError(f"{letters!r} is not a run of letters A-Z")
    value = 0
    for char in letters.upper():
        value = value * 26 + (ord(char) - ord("A") + 1)
    return value - 1


def index_letters(index: int) -> str:
    """The inverse of :func:`letters_index`: ``A`` for 0, ``AA`` for 26."""
    if index < 0:
        raise ValueError(f"no letters for a negative index ({index})")
    out = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


@dataclass(frozen=True)
class LetterNumberIds:
    """18xx.games-style hex ids such as ``L14``, for maps drawn on a "doubled" coordinate grid.

    With ``orientation="flat"`` the letter is the column ``x`` (A = 0) and the number the doubled row ``y + 1``; with
    ``"pointy"`` the letter is the row and the number the doubled column. Only every other letter-number pair names a
    hex: those with ``(x + y) % 2 == parity``. 18 Royal Gorge (flat, parity 0) has A3, B2, B4, C3, …; some pointy maps
    (1889) use parity 1.

    Axial coordinates follow directly: flat ``q = x, r = (y - x - parity) / 2``; pointy ``r = y, q = (x - y -
    parity) / 2``. So on a flat map ``L14`` → ``L16`` is one step south (edge 0).
    """

    orientation: Orientation = "flat"
    parity: int = 0

    def __post_init__(self) -> None:
        _edges(self.orientation)
        if self.parity not in (0, 1):
            raise ValueError(f"parity is 0 or 1, not {self.parity!r}")

    def parse(self, text: str) -> Hex:
        """The hex named ``text`` (letters are case-insensitive, spaces around are ignored).

        Raises :class:`HexIdError` saying what is wrong: not letters then digits, number 0, or a pair that misses
        the grid (with the nearest ids that exist).
        """
        cleaned = text.strip() if isinstance(text, str) else ""
        match = _ID.match(cleaned)
        if match is None:
            raise HexIdError(f"{text!r} is not a hex id: expected letters then a number, like A1 or L14")
        letters, digits = match.group(1).upper(), match.group(2)
        number = int(digits)
        if number < 1:
            raise HexIdError(f"{text!r} is not a hex id: numbers start at 1")
        x, y = letters_index(letters), number - 1
        if self.orientation == "pointy":
            x, y = y, x
        if (x + y) % 2 != self.parity:
            near = [f"{letters}{n}" for n in (number - 1, number + 1) if n >= 1]
            raise HexIdError(f"{letters}{number} is not on this map's grid: next to it are {' and '.join(near)}")
        if self.orientation == "flat":
            return Hex(x, (y - x - self.parity) // 2)
        return Hex((x - y - self.parity) // 2, y)

    def format(self, h: Hex) -> str:
        """The id of ``h``; :class:`HexIdError` if it lies above or left of the id grid's first row or column."""
        if self.orientation == "flat":
            x, y = h.q, 2 * h.r + h.q + self.parity
            letter_axis, number_axis = x, y
        else:
            x, y = 2 * h.q + h.r + self.parity, h.r
            letter_axis, number_axis = y, x
        if letter_axis < 0 or number_axis < 0:
            raise HexIdError(f"{h!r} has no letter-number id: it lies outside the grid that starts at A1")
        return f"{index_letters(letter_axis)}{number_axis + 1}"

    def try_parse(self, text: str) -> Hex | None:
        """Like :meth:`parse`, but ``None`` instead of an error."""
        try:
            return self.parse(text)
        except HexIdError:
            return None


# ---- pixel layout ---------------------------------------------------------------------------------------------------
_SQRT3 = math.sqrt(3.0)
Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    """How hexes sit on an image: ``orientation``, ``size`` (centre-to-corner radius, or ``(sx, sy)`` to stretch) and
    the pixel ``origin`` of ``Hex(0, 0)``'s centre. Pixel ``y`` points down.

    Corners are numbered clockwise on screen from the right: corner ``i`` is at 60°·i (flat) or 60°·i − 30° (pointy)
    measured clockwise from +x.
    """

    orientation: Orientation = "flat"
    size: float | tuple[float, float] = 1.0
    origin: Point = (0.0, 0.0)
    _sx: float = field(init=False, repr=False, compare=False, default=1.0)
    _sy: float = field(init=False, repr=False, compare=False, default=1.0)
    _offsets: tuple[Point, ...] = field(init=False, repr=False, compare=False, default=())

    def __post_init__(self) -> None:
        _edges(self.orientation)
        sx, sy = self.size if isinstance(self.size, tuple) else (self.size, self.size)
        if sx <= 0 or sy <= 0:
            raise ValueError(f"a hex size must be positive (got {self.size!r})")
        object.__setattr__(self, "_sx", float(sx))
        object.__setattr__(self, "_sy", float(sy))
        # the corners' offsets, worked out once: a board asks for the corners of hundreds of hexes
        object.__setattr__(self, "_offsets", tuple(self.corner_offset(i) for i in range(6)))

    def moved(self, origin: Point) -> Layout:
        """The same layout with another origin."""
        return Layout(self.orientation, self.size, origin)

    @property
    def hex_width(self) -> float:
        """Width of one hex, corner to corner (flat) or flat side to flat side (pointy)."""
        return 2 * self._sx if self.orientation == "flat" else _SQRT3 * self._sx

    @property
    def hex_height(self) -> float:
        """Height of one hex, flat side to flat side (flat) or corner to corner (pointy)."""
        return _SQRT3 * self._sy if self.orientation == "flat" else 2 * self._sy

    def centre(self, h: Hex) -> Point:
        """Pixel centre of ``h``."""
        if self.orientation == "flat":
            x = 1.5 * h.q
            y = _SQRT3 / 2 * h.q + _SQRT3 * h.r
        else:
            x = _SQRT3 * h.q + _SQRT3 / 2 * h.r
            y = 1.5 * h.r
        return self.origin[0] + x * self._sx, self.origin[1] + y * self._sy

    def corner_offset(self, i: int) -> Point:
        """Corner ``i`` relative to a hex centre."""
        angle = math.radians(60 * i - (0 if self.orientation == "flat" else 30))
        return self._sx * math.cos(angle), self._sy * math.sin(angle)

    def corners(self, h: Hex) -> list[Point]:
        """The six corners of ``h``, clockwise on screen (see the class docstring for the numbering)."""
        cx, cy = self.centre(h)
        return [(cx + dx, cy + dy) for dx, dy in self._offsets]

    def edge_midpoint(self, h: Hex, direction: Hex) -> Point:
        """The middle of the edge ``h`` shares with ``h + direction`` (a step from :data:`DIRECTIONS`)."""
        ax, ay = self.centre(h)
        bx, by = self.centre(h + direction)
        return (ax + bx) / 2, (ay + by) / 2

    def edge_midpoints(self, h: Hex) -> list[Point]:
        """The six edge midpoints of ``h`` in :data:`DIRECTIONS` order."""
        return [self.edge_midpoint(h, d) for d in DIRECTIONS]

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex whose area contains pixel ``(x, y)``."""
        px = (x - self.origin[0]) / self._sx
        py = (y - self.origin[1]) / self._sy
        if self.orientation == "flat":
            q = 2 / 3 * px
            r = -1 / 3 * px + _SQRT3 / 3 * py
        else:
            q = _SQRT3 / 3 * px - 1 / 3 * py
            r = 2 / 3 * py
        return hex_round(q, r)

    def bounding_box(self, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` enclosing every corner of ``hexes``; ``ValueError`` for none."""
        xs: list[float] = []
        ys: list[float] = []
        offsets = [self.corner_offset(i) for i in range(6)]
        for h in hexes:
            cx, cy = self.centre(h)
            xs.extend(cx + dx for dx, _ in offsets)
            ys.extend(cy + dy for _, dy in offsets)
        if not xs:
            raise ValueError("no hexes to bound")
        return min(xs), min(ys), max(xs), max(ys)


# ---- torus ----------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HexTorus:
    """A ``width`` × ``height`` odd-r offset rectangle (pointy-top) whose edges wrap on both axes.

    Tile ids are offset cells ``(col, row)`` with ``0 ≤ col < width`` and ``0 ≤ row < height``; maths runs on axial
    hexes. Axial hexes that differ by ``(width, 0)`` or ``(-height / 2, height)`` are the same tile, which needs an
    even ``height``. Every tile has 6 distinct neighbours when ``width ≥ 3`` and ``height ≥ 4``. Megarich's board is
    ``HexTorus(16, 16)``.
    """

    width: int
    height: int

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 2 or self.height % 2:
            raise ValueError(f"a hex torus needs width ≥ 1 and an even height ≥ 2 (got {self.width}×{self.height})")

    def cell(self, h: Hex) -> tuple[int, int]:
        """The tile ``(col, row)`` that ``h`` lands on after wrapping."""
        col, row = to_offset(h, "odd-r")
        return col % self.width, row % self.height

    def hex_at(self, col: int, row: int) -> Hex:
        """The canonical axial hex of tile ``(col, row)`` (any integers; they wrap)."""
        return from_offset(col % self.width, row % self.height, "odd-r")

    def wrap(self, h: Hex) -> Hex:
        """The canonical hex of the tile ``h`` lands on."""
        return self.hex_at(*self.cell(h))

    def tiles(self) -> list[Hex]:
        """Every tile's canonical hex, row by row."""
        return [self.hex_at(col, row) for row in range(self.height) for col in range(self.width)]

    def neighbours(self, h: Hex) -> list[Hex]:
        """The six wrapped neighbours of ``h`` (canonical hexes), in :data:`DIRECTIONS` order."""
        return [self.wrap(h + d) for d in DIRECTIONS]

    def displacement(self, a: Hex, b: Hex) -> Hex:
        """The shortest axial step vector from tile ``a`` to tile ``b`` (a viewport can draw ``b`` at ``a`` + it)."""
        d = self.wrap(b) - self.wrap(a)
        half = self.height // 2
        best: Hex | None = None
        for k2 in (-1, 0, 1):
            for k1 in (-2, -1, 0, 1, 2):
                candidate = Hex(d.q + k1 * self.width - k2 * half, d.r + k2 * self.height)
                if best is None or (candidate.length(), candidate) < (best.length(), best):
                    best = candidate
        assert best is not None
        return best

    def distance(self, a: Hex, b: Hex) -> int:
        """Steps between two tiles, going round the wrap where shorter."""
        return self.displacement(a, b).length()

    def within(self, centre: Hex, radius: int) -> list[Hex]:
        """Distinct tiles at most ``radius`` steps from ``centre`` (canonical hexes, nearest first)."""
        seen: dict[Hex, None] = {}
        for h in spiral(centre, radius):
            seen.setdefault(self.wrap(h), None)
        return list(seen)

