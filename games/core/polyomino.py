"""Polyominoes on a square grid, and bitmask regions to place them fast.

A cell is ``(x, y)`` with ``y`` growing downwards (as on screen and in :mod:`render.grid`): "up" is ``y - 1``.
A shape is a ``frozenset`` of cells; :func:`normalise` moves it so that its smallest ``x`` and ``y`` are 0.

Orientations are numbered the same way everywhere: ``mirror`` flips the shape left to right (``x → -x``) first,
then ``rotation`` turns it ``rotation`` quarter turns clockwise on screen (``(x, y) → (-y, x)``). Of the eight
``(rotation, mirror)`` pairs, :func:`orientations` keeps the first of each group that gives the same shape, in the
order ``r0 r1 r2 r3`` unmirrored then mirrored: 1 for the square tetromino, 2 for the straight one, 4 for T and
(with mirror) S, 8 for L.

A shape's *cavities* are the empty cells it encloses (not reachable from outside its bounding box through edges of
empty cells); the smallest polyomino with one has 7 cells. Its *anchor* is its first solid cell in reading order
(top row, then leftmost): a placement names the cell the anchor goes on, so the named cell is always covered.

:class:`Region` indexes the cells of a bounding box as bits, so "where does this shape fit in these free cells" is
a handful of shifts and ANDs on Python integers rather than a loop over every position.

Pure and generic: no title imports this module's callers; renderers may import it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import NamedTuple

__all__ = [
    "Box",
    "Cell",
    "Orientation",
    "Polyomino",
    "Region",
    "anchor",
    "bounding_box",
    "cavities",
    "edge_neighbours",
    "from_rows",
    "is_connected",
    "normalise",
    "orientations",
    "place",
    "to_rows",
    "touching",
    "transform",
    "translate",
]

Cell = tuple[int, int]

#: The four edge neighbours' offsets: right, down, left, up.
STEPS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))


class Box(NamedTuple):
    """A bounding rectangle: its top-left cell and its size in cells."""

    x: int
    y: int
    width: int
    height: int

    def holds(self, cell: Cell) -> bool:
        """Whether ``cell`` lies in the rectangle (a method, not ``in``: a box is a tuple of ints)."""
        cx, cy = cell
        return self.x <= cx < self.x + self.width and self.y <= cy < self.y + self.height

    def cells(self) -> Iterator[Cell]:
        """Every cell of the rectangle in reading order."""
        for y in range(self.y, self.y + self.height):
            for x in range(self.x, self.x + self.width):
                yield x, y


def bounding_box(cells: Iterable[Cell]) -> Box:
    """The smallest rectangle holding ``cells`` (``ValueError`` when there are none)."""
    cells = list(cells)
    if not cells:
        raise ValueError("an empty shape has no bounding box")
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return Box(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def translate(cells: Iterable[Cell], dx: int, dy: int) -> frozenset[Cell]:
    """``cells`` moved by ``(dx, dy)``."""
    return frozenset((x + dx, y + dy) for x, y in cells)


def normalise(cells: Iterable[Cell]) -> frozenset[Cell]:
    """``cells`` moved so that the smallest ``x`` and ``y`` are 0 (the shape, wherever it was)."""
    cells = frozenset(cells)
    if not cells:
        return cells
    return translate(cells, -min(x for x, _ in cells), -min(y for _, y in cells))


def transform(cells: Iterable[Cell], rotation: int, mirror: bool = False) -> frozenset[Cell]:
    """``cells`` flipped left to right if ``mirror``, then turned ``rotation`` quarter turns clockwise, normalised."""
    current = [(-x, y) for x, y in cells] if mirror else list(cells)
    for _ in range(rotation % 4):
        current = [(-y, x) for x, y in current]
    return normalise(current)


class Orientation(NamedTuple):
    """One distinct way to lay a shape: how it was turned and the normalised cells it covers then."""

    rotation: int
    mirror: bool
    cells: frozenset[Cell]


def orientations(cells: Iterable[Cell], *, mirror: bool = True) -> list[Orientation]:
    """The distinct orientations of a shape, each the first ``(rotation, mirror)`` giving it (see the module doc).

    With ``mirror=False`` only the turns count (one-sided pieces: 4 for S, 4 for L, and S and Z stay apart).
    """
    return list(_orientations(frozenset(cells), mirror))


@lru_cache(maxsize=1024)
def _orientations(cells: frozenset[Cell], mirror: bool) -> tuple[Orientation, ...]:
    """:func:`orientations` worked out once per shape (a shape is its set of cells; the designs' menus and views
    ask for the same few dozen shapes again and again)."""
    seen: set[frozenset[Cell]] = set()
    out: list[Orientation] = []
    for flip in (False, True) if mirror else (False,):
        for rotation in range(4):
            turned = transform(cells, rotation, flip)
            if turned not in seen:
                seen.add(turned)
                out.append(Orientation(rotation, flip, turned))
    return tuple(out)


def anchor(cells: Iterable[Cell]) -> Cell:
    """The first cell in reading order: the smallest ``y``, then the smallest ``x``."""
    found = min(((y, x) for x, y in cells), default=None)
    if found is None:
        raise ValueError("an empty shape has no anchor")
    return found[1], found[0]


def place(shape: Iterable[Cell], at: Cell) -> frozenset[Cell]:
    """The cells ``shape`` covers when its :func:`anchor` is laid on the cell ``at``."""
    shape = frozenset(shape)
    ax, ay = anchor(shape)
    return translate(shape, at[0] - ax, at[1] - ay)


def edge_neighbours(cell: Cell) -> Iterator[Cell]:
    """The four cells sharing an edge with ``cell`` (not the diagonal ones)."""
    x, y = cell
    for dx, dy in STEPS:
        yield x + dx, y + dy


def touching(a: Iterable[Cell], b: Iterable[Cell]) -> bool:
    """Whether some cell of ``a`` shares an edge with some cell of ``b`` (a corner is not enough)."""
    other = frozenset(b)
    return any(n in other for cell in a for n in edge_neighbours(cell))


def is_connected(cells: Iterable[Cell]) -> bool:
    """Whether ``cells`` form one piece through shared edges (an empty set is not a piece)."""
    cells = frozenset(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        for n in edge_neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def cavities(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The empty cells the shape encloses: those no path of edge-sharing empty cells joins to the outside."""
    cells = frozenset(cells)
    if not cells:
        return frozenset()
    box = bounding_box(cells)
    around = Box(box.x - 1, box.y - 1, box.width + 2, box.height + 2)
    outside = {(around.x, around.y)}
    todo = [(around.x, around.y)]
    while todo:
        for n in edge_neighbours(todo.pop()):
            if around.holds(n) and n not in cells and n not in outside:
                outside.add(n)
                todo.append(n)
    return frozenset(c for c in box.cells() if c not in cells and c not in outside)


def from_rows(rows: str | Sequence[str], *, solid: str = "#") -> frozenset[Cell]:
    """A shape drawn as text, one row a line: ``solid`` characters are cells, anything else is empty.

    ``from_rows("##\\n.#")`` is ``{(0, 0), (1, 0), (1, 1)}``. Leading blank lines and common indentation are kept
    as drawn, so the result is normalised only if the drawing is.
    """
    lines = rows.splitlines() if isinstance(rows, str) else list(rows)
    return frozenset((x, y) for y, line in enumerate(lines) for x, ch in enumerate(line) if ch in solid)


def to_rows(cells: Iterable[Cell], *, solid: str = "#", cavity: str = "o", empty: str = ".") -> list[str]:
    """The shape drawn as text over its bounding box (cavities marked), the inverse of :func:`from_rows`."""
    cells = frozenset(cells)
    box = bounding_box(cells)
    holes = cavities(cells)
    return ["".join(solid if (x, y) in cells else cavity if (x, y) in holes else empty
                    for x in range(box.x, box.x + box.width)) for y in range(box.y, box.y + box.height)]


@dataclass(frozen=True)
class Polyomino:
    """A shape of solid cells, normalised to the origin, with what follows from it.

    Build one with :meth:`of` (any cells, normalised) or :meth:`parse` (drawn as text). The solid cells need not be
    connected; :attr:`connected` says whether they are.
    """

    cells: frozenset[Cell]

    def __post_init__(self) -> None:
        if not self.cells:
            raise ValueError("a polyomino has at least one cell")
        if normalise(self.cells) != self.cells:
            raise ValueError("a polyomino's cells are normalised: use Polyomino.of")

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> Polyomino:
        """The shape of ``cells``, wherever they lie."""
        return cls(normalise(cells))

    @classmethod
    def parse(cls, rows: str | Sequence[str]) -> Polyomino:
        """A shape drawn as text with ``#`` for solid cells (see :func:`from_rows`)."""
        return cls.of(from_rows(rows))

    @property
    def size(self) -> int:
        """The number of solid cells."""
        return len(self.cells)

    @cached_property
    def box(self) -> Box:
        """The bounding box (at the origin)."""
        return bounding_box(self.cells)

    @property
    def width(self) -> int:
        """Columns the shape spans."""
        return self.box.width

    @property
    def height(self) -> int:
        """Rows the shape spans."""
        return self.box.height

    @cached_property
    def cavities(self) -> frozenset[Cell]:
        """The enclosed empty cells (see :func:`cavities`)."""
        return cavities(self.cells)

    @cached_property
    def connected(self) -> bool:
        """Whether the solid cells are one piece through edges."""
        return is_connected(self.cells)

    def orientations(self, *, mirror: bool = True) -> list[Orientation]:
        """The distinct orientations (see :func:`orientations`)."""
        return orientations(self.cells, mirror=mirror)

    def turned(self, rotation: int, mirror: bool = False) -> Polyomino:
        """This shape flipped (if ``mirror``) then turned ``rotation`` quarter turns clockwise."""
        return Polyomino(transform(self.cells, rotation, mirror))

    def at(self, cell: Cell) -> frozenset[Cell]:
        """The cells covered with the anchor on ``cell`` (see :func:`place`)."""
        return place(self.cells, cell)

    def rows(self) -> list[str]:
        """The shape drawn as text (see :func:`to_rows`)."""
        return to_rows(self.cells)


@dataclass(frozen=True)
class Region:
    """A rectangle of cells indexed as bits, row by row: cell ``(x, y)`` is bit ``(y - top) * width + (x - left)``.

    A shape translated by ``(dx, dy)`` inside the rectangle is its mask shifted left by ``dy * width + dx``; keeping
    shapes inside the rectangle (:meth:`offsets`) means no shift wraps from one row to the next.
    """

    box: Box
    _valid: dict[tuple[int, int], int] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def around(cls, cells: Iterable[Cell], margin: int = 0) -> Region:
        """The region of the bounding box of ``cells`` grown by ``margin`` cells on every side."""
        b = bounding_box(cells)
        return cls(Box(b.x - margin, b.y - margin, b.width + 2 * margin, b.height + 2 * margin))

    def bit(self, cell: Cell) -> int:
        """The bit index of ``cell`` (``ValueError`` outside the region)."""
        if not self.box.holds(cell):
            raise ValueError(f"{cell} is outside {self.box}")
        return (cell[1] - self.box.y) * self.box.width + cell[0] - self.box.x

    def cell(self, bit: int) -> Cell:
        """The cell of a bit index."""
        y, x = divmod(bit, self.box.width)
        return self.box.x + x, self.box.y + y

    def mask(self, cells: Iterable[Cell]) -> int:
        """The mask of ``cells``; cells outside the region are left out."""
        out = 0
        for c in cells:
            if self.box.holds(c):
                out |= 1 << self.bit(c)
        return out

    def cells(self, mask: int) -> list[Cell]:
        """The cells of a mask, in reading order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self.cell(low.bit_length() - 1))
            mask ^= low
        return out

    @property
    def full(self) -> int:
        """The mask of every cell of the region."""
        return (1 << (self.box.width * self.box.height)) - 1

    def offsets(self, width: int, height: int) -> int:
        """Bits ``(dx, dy)`` (as cells relative to the top-left) where a ``width`` × ``height`` box stays inside."""
        key = (width, height)
        found = self._valid.get(key)
        if found is None:
            w, h = self.box.width, self.box.height
            found = 0
            if width <= w and height <= h:
                row = (1 << (w - width + 1)) - 1
                for dy in range(h - height + 1):
                    found |= row << (dy * w)
            self._valid[key] = found
        return found

    def fits(self, shape: Iterable[Cell], free: int) -> int:
        """Every translation of the normalised ``shape`` that lies wholly on ``free`` cells, as a mask of offsets.

        Bit ``b`` set means the shape moved by the region cell ``cell(b)`` minus the region's top-left fits. A
        handful of shifts and ANDs, however large the region.
        """
        cells = list(shape)
        box = bounding_box(cells)
        out = self.offsets(box.width, box.height)
        w = self.box.width
        for x, y in cells:
            out &= free >> (y * w + x)
            if not out:
                break
        return out

    def shape_mask(self, shape: Iterable[Cell], offset_bit: int) -> int:
        """The mask of the normalised ``shape`` moved to the offset of bit ``offset_bit`` (see :meth:`fits`)."""
        w = self.box.width
        return sum(1 << (y * w + x) for x, y in shape) << offset_bit
