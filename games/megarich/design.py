"""巨富豪∞'s design board (设计盘): its area, expansion slots, block placement and the geometry relations.

Everything here is pure geometry on :mod:`games.core.polyomino` cells ``(x, y)``, ``y`` growing downwards. Rules
and rulings named below are those of ``docs/rules/megarich-design.md``. The standard board covers ``x`` 0–7 and
``y`` 0–3 (8 columns by 4 rows, rule 1 and R1); expansion slots may grow the area on any side, so coordinates
may turn negative. Cell *names* are read on the area's bounding box (``a1`` is its top-left cell) for placements,
and on that box grown by 4 on every side for slots, whose cells lie outside the area (R11); stored placements keep
absolute coordinates, so a slot attached above or to the left renames cells but moves no block.

The layers, from the bottom:

- :class:`DesignArea`: the cells blocks may use, and :meth:`DesignArea.attach` for a slot (rules 2–3, R2–R4).
- :class:`Design`: an area with placed blocks; :meth:`Design.place` checks a placement (rules 4–7), and the counting
  methods answer a placement menu level by level without listing its moves (R12): :meth:`Design.count`,
  :meth:`Design.cells_for`, :meth:`Design.orientations_at`, :meth:`Design.rotations_at`, :meth:`Design.mirrors_at`,
  :meth:`Design.nth` (the ``i``-th legal placement, for a uniform random move).
- The relations of the text (相邻, 连锁相邻, 最X侧, 内部) as functions of ``{key: solid cells}`` (rules 9–12, R7–R9).
- Notation helpers: ``place b7 c3 r1 m`` and ``slot t k2 r1`` (R10).

Faults are keys (``design.outside`` …) for :class:`DesignError`; the title's catalog says them.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Literal, NamedTuple

from games.core.errors import IllegalMove, MalformedMove
from games.core.hexgrid import index_letters, letters_index
from games.core.polyomino import (
    Box,
    Cell,
    Orientation,
    Polyomino,
    Region,
    anchor,
    bounding_box,
    cavities,
    edge_neighbours,
    from_rows,
    place,
    touching,
)

__all__ = [
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "GENERIC_BONUS",
    "GENERIC_SHAPE",
    "SLOTS",
    "SLOT_KINDS",
    "BlockKind",
    "Design",
    "DesignArea",
    "DesignError",
    "Direction",
    "PlaceText",
    "PlacedBlock",
    "ShapeSpec",
    "Slot",
    "SlotText",
    "adjacent",
    "block_fault",
    "both",
    "chain",
    "chain_adjacent",
    "inside",
    "neighbours",
    "orientation_tokens",
    "outermost",
    "place_notation",
    "read_place",
    "read_slot",
    "shape_library",
    "shape_of",
    "slot_notation",
]

#: The standard board: "标准设计盘的初始尺寸为4×8", read as 4 rows of 8 columns (R1).
BOARD_WIDTH = 8
BOARD_HEIGHT = 4
#: Cells an expansion slot adds ("每一个扩展设计插槽都会为玩家的设计盘提供4个单位的额外空间").
SLOT_SIZE = 4
#: How far outside the area a slot's cells may reach: a tetromino touching the area lies within 4 cells of it.
SLOT_MARGIN = 4

#: Ordinary blocks: "灵感块的面积一般为2~6格，单方向尺寸不超过3格" (rule 4).
MIN_CELLS = 2
MAX_CELLS = 6
MAX_SIDE = 3


BlockKind = Literal["ordinary", "special", "generic"]
Direction = Literal["up", "down", "left", "right"]
DIRECTIONS: dict[Direction, Cell] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def shape_of(rows: str | Iterable[str]) -> Polyomino:
    """A block shape drawn with ``#`` (as in ``data/shapes.toml``)."""
    return Polyomino.of(from_rows(rows if isinstance(rows, str) else list(rows)))


class DesignError(IllegalMove):
    """A slot or placement the design rules forbid; ``key`` is ``design.<fault>`` (see :func:`block_fault` …)."""

    default_key = "design.illegal"


# --------------------------------------------------------------------------------------------- blocks' shapes


def block_fault(shape: Polyomino, kind: BlockKind = "ordinary") -> str | None:
    """Why ``shape`` cannot be a block of ``kind``, or ``None``.

    ``disconnected``: the solid cells are not one piece; ``generic``: a generic block is not 1×1; ``size``: an
    ordinary block has not 2–6 cells; ``side``: an ordinary block spans more than 3 cells one way. Special blocks
    ("仅有少数特殊灵感块的尺寸参数不处在这一区间范围") need only be one piece.
    """
    if not shape.connected:
        return "disconnected"
    if kind == "generic":
        return None if shape.size == 1 else "generic"
    if kind == "ordinary":
        if not MIN_CELLS <= shape.size <= MAX_CELLS:
            return "size"
        if max(shape.width, shape.height) > MAX_SIDE:
            return "side"
    return None


DATA = Path(__file__).parent / "data"


class ShapeSpec(NamedTuple):
    """A named shape of ``data/shapes.toml``: its id, English and Chinese names, kind and cells."""

    id: str
    en: str
    zh: str
    kind: BlockKind
    shape: Polyomino


_RAW = tomllib.loads((DATA / "shapes.toml").read_text(encoding="utf-8"))


def _load(table: str) -> dict[str, ShapeSpec]:
    out = {}
    for key, entry in _RAW[table].items():
        kind = entry.get("kind", "ordinary")
        if kind not in ("ordinary", "special"):
            raise ValueError(f"shapes.toml: {table}.{key} has an unknown kind {kind!r}")
        out[key] = ShapeSpec(key, entry["en"], entry["zh"], kind, shape_of(entry["rows"]))
    return out


@cache
def shape_library() -> dict[str, ShapeSpec]:
    """The block shapes of ``data/shapes.toml`` by id, each checked by :func:`block_fault` (``ValueError``).

    Read once; treat the mapping as read-only."""
    shapes = _load("shapes")
    for spec in shapes.values():
        fault = block_fault(spec.shape, spec.kind)
        if fault:
            raise ValueError(f"shapes.toml: {spec.id} is no {spec.kind} block ({fault})")
    return shapes


#: The seven expansion slots (``data/shapes.toml``): the one-sided tetrominoes, turned but never flipped (R2).
SLOTS: dict[str, ShapeSpec] = _load("slots")
SLOT_KINDS: dict[str, Polyomino] = {key: spec.shape for key, spec in SLOTS.items()}
if any(s.size != SLOT_SIZE or not s.connected for s in SLOT_KINDS.values()):
    raise ValueError("shapes.toml: every slot is a tetromino")

#: A generic block (通用灵感块, ``[generic]`` in ``data/shapes.toml``) is always 1×1 (rule 8) …
GENERIC_SHAPE: Polyomino = shape_of(_RAW["generic"]["rows"])
#: … and gives one of these, the stat fixed when bought.
GENERIC_BONUS: dict[str, int] = {str(k): int(v) for k, v in _RAW["generic"]["bonus"].items()}
if GENERIC_SHAPE.size != 1:
    raise ValueError("shapes.toml: the generic block is 1×1")


# --------------------------------------------------------------------------------------------- cell names

_CELL = re.compile(r"^([a-z]+)([0-9]+)$")


def _name(cell: Cell, origin: Cell) -> str:
    x, y = cell[0] - origin[0], cell[1] - origin[1]
    if x < 0 or y < 0:
        raise ValueError(f"{cell} lies before the naming origin {origin}")
    return f"{index_letters(x).lower()}{y + 1}"


def _read(token: str, origin: Cell) -> Cell | None:
    found = _CELL.match(token.lower())
    if not found or int(found[2]) < 1:
        return None
    return origin[0] + letters_index(found[1].upper()), origin[1] + int(found[2]) - 1


# --------------------------------------------------------------------------------------------- the area


class Slot(NamedTuple):
    """An attached expansion slot: its kind, how it was turned, and the cells it added."""

    kind: str
    rotation: int
    cells: frozenset[Cell]


@dataclass(frozen=True)
class DesignArea:
    """The cells blocks may be placed on: the standard board and the slots attached to it, in order."""

    cells: frozenset[Cell]
    slots: tuple[Slot, ...] = ()
    _cache: dict[str, list[tuple[Orientation, int]]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def standard(cls) -> DesignArea:
        """The standard 4×8 board (rule 1)."""
        return cls(frozenset((x, y) for y in range(BOARD_HEIGHT) for x in range(BOARD_WIDTH)))

    @cached_property
    def box(self) -> Box:
        """The bounding box of the area."""
        return bounding_box(self.cells)

    @property
    def origin(self) -> Cell:
        """The cell named ``a1`` in placements: the top-left of the bounding box."""
        return self.box.x, self.box.y

    @property
    def slot_origin(self) -> Cell:
        """The cell named ``a1`` when attaching a slot: :attr:`SLOT_MARGIN` up and left of :attr:`origin`."""
        return self.box.x - SLOT_MARGIN, self.box.y - SLOT_MARGIN

    def name(self, cell: Cell) -> str:
        """A cell's name in placements (``c3``)."""
        return _name(cell, self.origin)

    def read_cell(self, token: str) -> Cell | None:
        """The cell a placement name stands for, or ``None`` when ``token`` is no cell name."""
        return _read(token, self.origin)

    def slot_name(self, cell: Cell) -> str:
        """A cell's name when attaching a slot."""
        return _name(cell, self.slot_origin)

    def read_slot_cell(self, token: str) -> Cell | None:
        """The cell a slot name stands for, or ``None``."""
        return _read(token, self.slot_origin)

    @cached_property
    def _slot_region(self) -> Region:
        return Region.around(self.cells, SLOT_MARGIN)

    def slot_cells_at(self, kind: str, rotation: int, at: Cell) -> frozenset[Cell]:
        """The cells slot ``kind`` covers turned ``rotation`` with its anchor on ``at``."""
        if kind not in SLOT_KINDS:
            raise DesignError("design.slot_kind", kind=kind)
        return place(SLOT_KINDS[kind].turned(rotation).cells, at)

    def slot_fault(self, kind: str, rotation: int, at: Cell) -> str | None:
        """Why slot ``kind`` cannot go there, or ``None``: ``slot_kind`` (no such slot), ``slot_overlap`` (a cell
        already in the area, R3), ``slot_detached`` (no edge shared with the area, rule 3)."""
        if kind not in SLOT_KINDS:
            return "slot_kind"
        cells = self.slot_cells_at(kind, rotation, at)
        if cells & self.cells:
            return "slot_overlap"
        if not touching(cells, self.cells):
            return "slot_detached"
        return None

    def attach(self, kind: str, rotation: int, at: Cell) -> DesignArea:
        """The area with slot ``kind`` attached (``DesignError`` when it may not be)."""
        fault = self.slot_fault(kind, rotation, at)
        if fault:
            raise DesignError(f"design.{fault}", kind=kind)
        rotation = self.fold_slot(kind, rotation)
        cells = self.slot_cells_at(kind, rotation, at)
        return DesignArea(self.cells | cells, (*self.slots, Slot(kind, rotation, cells)))

    @staticmethod
    def fold_slot(kind: str, rotation: int) -> int:
        """The first rotation of slot ``kind`` that looks like ``rotation`` (an I turned ``r2`` is ``r0``)."""
        turned = SLOT_KINDS[kind].turned(rotation).cells
        return next(o.rotation for o in SLOT_KINDS[kind].orientations(mirror=False) if o.cells == turned)

    def _slot_fits(self, kind: str) -> list[tuple[Orientation, int]]:
        """Per distinct rotation of ``kind``: the mask of offsets where it fits outside the area touching it."""
        if kind in self._cache:
            return self._cache[kind]
        region = self._slot_region
        area = region.mask(self.cells)
        free = region.full & ~area
        w = region.box.width
        # Cells next to the area (not in it): a slot touches the area iff it covers one of them.
        rim = 0
        for cell in self.cells:
            for n in edge_neighbours(cell):
                if n not in self.cells:
                    rim |= 1 << region.bit(n)
        out = []
        for o in SLOT_KINDS[kind].orientations(mirror=False):
            fits = region.fits(o.cells, free)
            touches = 0
            for x, y in o.cells:
                touches |= rim >> (y * w + x)
            out.append((o, fits & touches))
        self._cache[kind] = out
        return out

    def count_slots(self, kind: str) -> int:
        """How many ways slot ``kind`` may be attached (distinct rotations × positions)."""
        return sum(mask.bit_count() for _, mask in self._slot_fits(kind))

    def slot_cells(self, kind: str) -> list[Cell]:
        """The cells where the anchor of slot ``kind`` may go, in reading order."""
        region = self._slot_region
        found = 0
        for o, mask in self._slot_fits(kind):
            found |= mask << anchor(o.cells)[0]
        return region.cells(found)

    def slot_rotations_at(self, kind: str, at: Cell) -> list[int]:
        """The distinct rotations of slot ``kind`` that may be attached with the anchor on ``at``."""
        return [o.rotation for o in SLOT_KINDS[kind].orientations(mirror=False)
                if self.slot_fault(kind, o.rotation, at) is None]

    def __contains__(self, cell: object) -> bool:
        return cell in self.cells


# --------------------------------------------------------------------------------------------- placed blocks


@dataclass(frozen=True)
class PlacedBlock:
    """A block on the design: its key (the title's block id), how it was laid, and its solid cells."""

    key: str
    rotation: int
    mirror: bool
    cells: frozenset[Cell]

    @cached_property
    def box(self) -> Box:
        """The bounding rectangle (外接矩形)."""
        return bounding_box(self.cells)

    @cached_property
    def cavities(self) -> frozenset[Cell]:
        """The enclosed empty cells, where they lie on the design."""
        return cavities(self.cells)


def fold(shape: Polyomino, rotation: int, mirror: bool) -> tuple[int, bool]:
    """The first ``(rotation, mirror)`` that lays ``shape`` the same way (a straight turned ``r3`` is ``r1``)."""
    turned = shape.turned(rotation, mirror).cells
    first = next(o for o in shape.orientations() if o.cells == turned)
    return first.rotation, first.mirror


@dataclass(frozen=True)
class Design:
    """An area with its placed blocks, in the order they were placed."""

    area: DesignArea = field(default_factory=DesignArea.standard)
    blocks: tuple[PlacedBlock, ...] = ()
    _cache: dict[frozenset[Cell], list[tuple[Orientation, int]]] = field(
        default_factory=dict, compare=False, repr=False)

    # ----------------------------------------------------------------------------------------- reading

    @cached_property
    def solids(self) -> dict[str, frozenset[Cell]]:
        """Each placed block's solid cells by key: what the relations read."""
        return {b.key: b.cells for b in self.blocks}

    def block(self, key: str) -> PlacedBlock:
        """The placed block ``key`` (``KeyError`` when it is not placed)."""
        for b in self.blocks:
            if b.key == key:
                return b
        raise KeyError(key)

    @cached_property
    def occupied(self) -> frozenset[Cell]:
        """Every cell some block's solid area covers."""
        return frozenset[Cell]().union(*(b.cells for b in self.blocks))

    @cached_property
    def region(self) -> Region:
        """The area's bounding box as bits."""
        return Region.around(self.area.cells)

    @cached_property
    def free(self) -> int:
        """The mask of area cells no solid cell covers."""
        return self.region.mask(self.area.cells) & ~self.region.mask(self.occupied)

    # ----------------------------------------------------------------------------------------- placing

    def fault(self, shape: Polyomino, rotation: int, mirror: bool, at: Cell,
              kind: BlockKind = "ordinary") -> str | None:
        """Why ``shape`` may not be laid turned ``(rotation, mirror)`` with its anchor on ``at``, or ``None``.

        ``size``/``side``/``generic``/``disconnected`` (see :func:`block_fault`), ``outside`` (a solid cell off the
        area, rule 6), ``overlap`` (a solid cell on another block's, rule 7). Cavities are free to lie anywhere.
        """
        shape_fault = block_fault(shape, kind)
        if shape_fault:
            return shape_fault
        cells = place(shape.turned(rotation, mirror).cells, at)
        if not cells <= self.area.cells:
            return "outside"
        if cells & self.occupied:
            return "overlap"
        return None

    def place(self, key: str, shape: Polyomino, rotation: int, mirror: bool, at: Cell,
              kind: BlockKind = "ordinary") -> Design:
        """The design with block ``key`` laid (``DesignError`` when it may not be; the orientation is folded)."""
        if any(b.key == key for b in self.blocks):
            raise DesignError("design.placed", block=key)
        problem = self.fault(shape, rotation, mirror, at, kind)
        if problem:
            raise DesignError(f"design.{problem}", block=key)
        rotation, mirror = fold(shape, rotation, mirror)
        cells = place(shape.turned(rotation, mirror).cells, at)
        return Design(self.area, (*self.blocks, PlacedBlock(key, rotation, mirror, cells)))

    def remove(self, key: str) -> Design:
        """The design without block ``key``."""
        self.block(key)
        return Design(self.area, tuple(b for b in self.blocks if b.key != key))

    def attach(self, kind: str, rotation: int, at: Cell) -> Design:
        """The design with slot ``kind`` attached to its area (see :meth:`DesignArea.attach`); blocks stay put."""
        return Design(self.area.attach(kind, rotation, at), self.blocks)

    # ----------------------------------------------------------------------------------------- counting

    def _fits(self, shape: Polyomino) -> list[tuple[Orientation, int]]:
        """Per distinct orientation of ``shape``: the mask of offsets where it lies on free cells."""
        found = self._cache.get(shape.cells)
        if found is None:
            found = [(o, self.region.fits(o.cells, self.free)) for o in shape.orientations()]
            self._cache[shape.cells] = found
        return found

    def count(self, shape: Polyomino) -> int:
        """How many legal placements ``shape`` has (distinct orientations × cells), without listing them."""
        return sum(mask.bit_count() for _, mask in self._fits(shape))

    def cells_for(self, shape: Polyomino) -> list[Cell]:
        """The cells where ``shape``'s anchor may go in some orientation, in reading order."""
        found = 0
        for o, mask in self._fits(shape):
            found |= mask << anchor(o.cells)[0]
        return self.region.cells(found)

    def orientations_at(self, shape: Polyomino, at: Cell) -> list[tuple[int, bool]]:
        """The distinct ``(rotation, mirror)`` that fit with the anchor on ``at``, in the order r0…r3, then m."""
        if not self.region.box.holds(at):
            return []
        out = []
        for o, mask in self._fits(shape):
            ax, _ = anchor(o.cells)
            offset = (at[0] - ax, at[1])
            if self.region.box.holds(offset) and mask >> self.region.bit(offset) & 1:
                out.append((o.rotation, o.mirror))
        return out

    def rotations_at(self, shape: Polyomino, at: Cell) -> list[int]:
        """The rotations with some fitting orientation at ``at`` (a menu's rotation level)."""
        return sorted({r for r, _ in self.orientations_at(shape, at)})

    def mirrors_at(self, shape: Polyomino, at: Cell, rotation: int) -> list[bool]:
        """Whether unmirrored and/or mirrored fit at ``at`` turned ``rotation`` (a menu's last level)."""
        return [m for r, m in self.orientations_at(shape, at) if r == rotation]

    def nth(self, shape: Polyomino, index: int) -> tuple[int, bool, Cell]:
        """The ``index``-th legal placement ``(rotation, mirror, anchor cell)`` in a fixed order: orientation by
        orientation, cells in reading order. With ``index`` drawn below :meth:`count`, a uniform random placement."""
        if index < 0:
            raise IndexError(index)
        for o, mask in self._fits(shape):
            n = mask.bit_count()
            if index < n:
                for _ in range(index):
                    mask &= mask - 1
                x, y = self.region.cell((mask & -mask).bit_length() - 1)
                return o.rotation, o.mirror, (x + anchor(o.cells)[0], y)
            index -= n
        raise IndexError(index)

    def placements(self, shape: Polyomino) -> Iterator[tuple[int, bool, Cell]]:
        """Every legal placement in :meth:`nth`'s order, lazily (for tests and small cases)."""
        for o, mask in self._fits(shape):
            ax, _ = anchor(o.cells)
            for x, y in self.region.cells(mask):
                yield o.rotation, o.mirror, (x + ax, y)

    # ----------------------------------------------------------------------------------------- drawings

    @classmethod
    def parse(cls, rows: str | Sequence[str]) -> Design:
        """A design drawn as text, for tests and examples: ``.`` a free area cell, a letter or digit a cell of the
        block with that key, anything else (blank, ``-``) no area. Blocks are stored unturned."""
        lines = rows.splitlines() if isinstance(rows, str) else list(rows)
        area = frozenset((x, y) for y, line in enumerate(lines) for x, ch in enumerate(line)
                         if ch == "." or ch.isalnum())
        by_key: dict[str, set[Cell]] = {}
        for y, line in enumerate(lines):
            for x, ch in enumerate(line):
                if ch.isalnum():
                    by_key.setdefault(ch, set()).add((x, y))
        blocks = tuple(PlacedBlock(k, 0, False, frozenset(v)) for k, v in sorted(by_key.items()))
        return cls(DesignArea(area), blocks)


# --------------------------------------------------------------------------------------------- relations

Solids = Mapping[str, frozenset[Cell]]
Link = Callable[[str, str], bool]


def adjacent(solids: Solids, a: str, b: str) -> bool:
    """相邻: ``a`` and ``b`` share an edge of length at least 1; a corner is not enough, and no block is its own
    neighbour (rule 9)."""
    return a != b and touching(solids[a], solids[b])


def neighbours(solids: Solids, a: str) -> list[str]:
    """The blocks adjacent to ``a``, in key order."""
    return sorted(k for k in solids if adjacent(solids, a, k))


def both(condition: Callable[[str], bool]) -> Link:
    """A link condition from a block condition: both blocks of the link must meet it (a chain *through* such
    blocks, ends included)."""
    return lambda a, b: condition(a) and condition(b)


def chain(solids: Solids, a: str, link: Link | None = None) -> set[str]:
    """Every block chain-adjacent to ``a`` under ``link`` (see :func:`chain_adjacent`), ``a`` itself left out."""
    seen = {a}
    todo = [a]
    while todo:
        here = todo.pop()
        for there in neighbours(solids, here):
            if there not in seen and (link is None or link(here, there)):
                seen.add(there)
                todo.append(there)
    seen.discard(a)
    return seen


def chain_adjacent(solids: Solids, a: str, b: str, link: Link | None = None) -> bool:
    """连锁相邻: ``a`` and ``b`` are joined by a run of adjacencies, each of which meets ``link`` (called with the
    link's two blocks, from the ``a`` side); no condition means any adjacency (rule 10, R7). Adjacent blocks whose link
    meets the condition are chain-adjacent."""
    return a != b and b in chain(solids, a, link)


def outermost(solids: Solids, a: str, direction: Direction) -> bool:
    """最X侧: every cell of ``a`` nearest ``direction`` — in each row or column ``a`` spans, its last cell that way —
    has no other block's solid cell anywhere beyond it in that row or column (rule 11, R8)."""
    dx, dy = DIRECTIONS[direction]
    own = solids[a]
    front: dict[int, int] = {}          # line (x for up/down, y for left/right) → the cell's depth that way
    for x, y in own:
        line, depth = (x, dx * x + dy * y) if dx == 0 else (y, dx * x + dy * y)
        if line not in front or depth > front[line]:
            front[line] = depth
    for key, cells in solids.items():
        if key == a:
            continue
        for x, y in cells:
            line, depth = (x, dx * x + dy * y) if dx == 0 else (y, dx * x + dy * y)
            if line in front and depth > front[line]:
                return False
    return True


def inside(solids: Solids, a: str, b: str) -> bool:
    """内部: part of ``a``'s solid area lies within ``b``'s bounding rectangle (rule 12, R9); a block is not inside
    itself."""
    if a == b:
        return False
    box = bounding_box(solids[b])
    return any(box.holds(cell) for cell in solids[a])


# --------------------------------------------------------------------------------------------- notation

PLACE_WORDS = frozenset({"place", "放置", "放"})
SLOT_WORDS = frozenset({"slot", "插槽", "扩展"})
MIRROR_WORDS = frozenset({"m", "镜像", "镜"})
_ROTATION = re.compile(r"^(?:r|转)([0-9]+)$")


class PlaceText(NamedTuple):
    """A placement as typed: the block token, the cell token, and the orientation (not yet checked)."""

    block: str
    cell: str
    rotation: int
    mirror: bool


class SlotText(NamedTuple):
    """A slot attachment as typed: the kind, the cell token and the rotation (not yet checked)."""

    kind: str
    cell: str
    rotation: int


def orientation_tokens(rotation: int, mirror: bool) -> list[str]:
    """``["r1", "m"]``: the orientation as notation words (``m`` only when mirrored)."""
    return [f"r{rotation % 4}", *(["m"] if mirror else [])]


def place_notation(block: str, cell: str, rotation: int, mirror: bool) -> str:
    """``place b7 c3 r1 m``: the stored form, in the menu's order (block, cell, rotation, mirror)."""
    return " ".join(["place", block, cell, *orientation_tokens(rotation, mirror)])


def slot_notation(kind: str, cell: str, rotation: int) -> str:
    """``slot t k2 r1``: attach slot ``kind`` with its anchor on ``cell`` (a slot name), turned ``rotation``."""
    return f"slot {kind.lower()} {cell} r{rotation % 4}"


def _orientation(words: Sequence[str]) -> tuple[int, bool] | None:
    """``r1 m``, ``m r1``, ``r2``, ``m`` or nothing (``r0``), or ``None`` when the words are something else."""
    rotation: int | None = None
    mirror = False
    for word in words:
        found = _ROTATION.match(word)
        if found and rotation is None:
            rotation = int(found[1]) % 4
        elif word in MIRROR_WORDS and not mirror:
            mirror = True
        else:
            return None
    return rotation or 0, mirror


def _is_cell(word: str) -> bool:
    return bool(_CELL.match(word)) and not _ROTATION.match(word) and word not in MIRROR_WORDS


def read_place(text: str) -> PlaceText | None:
    """A placement from normalised ``text`` (lower case, single blanks), or ``None`` when it is not one.

    ``place <block> <cell> [r<k>] [m]`` (the stored order) or ``place <block> [r<k>] [m] <cell>`` (the issue's
    ``place b7 r1 m c3``); ``r0`` and no ``m`` may be left out. A placement with a bad part raises
    :class:`MalformedMove`. Whether the block and cell exist and the placement fits is for the title to say.
    """
    words = text.split()
    if len(words) < 3 or words[0] not in PLACE_WORDS:
        return None
    block, rest = words[1], words[2:]
    if _is_cell(rest[0]):
        orientation = _orientation(rest[1:])
        if orientation is not None:
            return PlaceText(block, rest[0], *orientation)
    if _is_cell(rest[-1]):
        orientation = _orientation(rest[:-1])
        if orientation is not None:
            return PlaceText(block, rest[-1], *orientation)
    if _CELL.match(rest[0]):            # a cell in column r (``r1 r2``): only when nothing else reads
        orientation = _orientation(rest[1:])
        if orientation is not None:
            return PlaceText(block, rest[0], *orientation)
    raise MalformedMove("design.notation", text=text)


def read_slot(text: str) -> SlotText | None:
    """A slot attachment from normalised ``text``: ``slot <kind> <cell> [r<k>]`` (or the rotation before the cell),
    or ``None`` when it is not one; a bad part raises :class:`MalformedMove`."""
    words = text.split()
    if len(words) < 3 or words[0] not in SLOT_WORDS:
        return None
    kind = words[1].upper()
    if kind not in SLOT_KINDS:
        raise MalformedMove("design.slot_kind", kind=words[1])
    rest = words[2:]
    for cell, others in ((rest[0], rest[1:]), (rest[-1], rest[:-1])):
        orientation = _orientation(others) if _is_cell(cell) else None
        if orientation is not None and not orientation[1]:
            return SlotText(kind, cell, orientation[0])
    if _CELL.match(rest[0]):            # a slot cell in column r (``slot j r3 r1``): only when nothing else reads
        orientation = _orientation(rest[1:])
        if orientation is not None and not orientation[1]:
            return SlotText(kind, rest[0], orientation[0])
    raise MalformedMove("design.notation", text=text)
