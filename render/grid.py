"""Square grids and polyominoes: cells to rectangles, the outline of a union of cells, a piece's orientations, and a
board drawn with placed pieces and coordinates in its margins (Megarich's design board, expansion slots).

A cell is ``(col, row)`` with rows growing downwards. Outlines run along grid lines: the point ``(c, r)`` is the
top-left corner of cell ``(c, r)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from games.core.hexgrid import index_letters

from . import palette as pal
from .kit import DIRECT, MARGIN_DEFAULT, Canvas
from .palette import RGB

__all__ = [
    "BoardImage",
    "Cell",
    "Piece",
    "cell_rect",
    "draw_board",
    "draw_piece",
    "normalise",
    "orientations",
    "outline",
]

Cell = tuple[int, int]
GridPoint = tuple[int, int]
Point = tuple[float, float]


def cell_rect(cell: Cell, size: float, origin: Point = (0.0, 0.0)) -> tuple[float, float, float, float]:
    """The pixel rectangle ``(x0, y0, x1, y1)`` of ``cell`` on a grid of ``size``-pixel squares from ``origin``."""
    x, y = origin[0] + cell[0] * size, origin[1] + cell[1] * size
    return x, y, x + size, y + size


def normalise(cells: Iterable[Cell]) -> frozenset[Cell]:
    """``cells`` moved so that the smallest column and row are 0 (the shape, wherever it was)."""
    cells = list(cells)
    if not cells:
        return frozenset()
    c0 = min(c for c, _ in cells)
    r0 = min(r for _, r in cells)
    return frozenset((c - c0, r - r0) for c, r in cells)


def orientations(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The distinct shapes a piece takes when turned (4 ways) and flipped: 1 for the square tetromino, 2 for the
    straight one, 8 for the L. Each is :func:`normalise`-d; the list is in a fixed order (sorted cell lists)."""
    shape = list(normalise(cells))
    found: set[frozenset[Cell]] = set()
    for flip in (False, True):
        current = [(-c, r) for c, r in shape] if flip else shape
        for _ in range(4):
            current = [(-r, c) for c, r in current]         # a quarter turn clockwise on screen
            found.add(normalise(current))
    return sorted(found, key=sorted)


_RIGHT_OF: dict[GridPoint, GridPoint] = {(1, 0): (0, 1), (0, 1): (-1, 0), (-1, 0): (0, -1), (0, -1): (1, 0)}


def outline(cells: Iterable[Cell]) -> list[list[GridPoint]]:
    """The boundary of the union of ``cells`` as closed polygons of grid points (the first point is not repeated).

    Outer boundaries run clockwise on screen, holes counter-clockwise; points only where the boundary turns. Cells
    that touch only at a corner give separate polygons.
    """
    cell_set = set(cells)
    edges: dict[GridPoint, list[GridPoint]] = {}          # boundary edges, each cell's walked clockwise
    for c, r in cell_set:
        corners = [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            if _across(c, r, (b[0] - a[0], b[1] - a[1])) not in cell_set:
                edges.setdefault(a, []).append(b)
    loops: list[list[GridPoint]] = []
    while edges:
        simple = [p for p, out in edges.items() if len(out) == 1]
        start = min(simple) if simple else min(edges)
        loop: list[GridPoint] = []
        point, heading = start, None
        while True:
            loop.append(point)
            options = edges[point]
            nxt = _choose(point, options, heading)
            options.remove(nxt)
            if not options:
                del edges[point]
            heading = (nxt[0] - point[0], nxt[1] - point[1])
            point = nxt
            if point == start:
                break
        loops.append(_corners_only(loop))
    return loops


def _across(c: int, r: int, step: GridPoint) -> Cell:
    """The cell on the other side of the clockwise edge of cell ``(c, r)`` that runs along ``step``."""
    return {(1, 0): (c, r - 1), (0, 1): (c + 1, r), (-1, 0): (c, r + 1), (0, -1): (c - 1, r)}[step]


def _choose(point: GridPoint, options: list[GridPoint], heading: GridPoint | None) -> GridPoint:
    """Of the boundary edges leaving ``point``, the sharpest right turn (keeps corner-touching cells apart)."""
    if len(options) == 1 or heading is None:
        return options[0]
    right = _RIGHT_OF[heading]
    for turn in (right, heading, (-right[0], -right[1])):
        target = (point[0] + turn[0], point[1] + turn[1])
        if target in options:
            return target
    return options[0]


def _corners_only(loop: list[GridPoint]) -> list[GridPoint]:
    """``loop`` without the points where the boundary runs straight on."""
    kept = []
    for i, point in enumerate(loop):
        prev, nxt = loop[i - 1], loop[(i + 1) % len(loop)]
        if (point[0] - prev[0], point[1] - prev[1]) != (nxt[0] - point[0], nxt[1] - point[1]):
            kept.append(point)
    return kept


# ---- drawing ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Piece:
    """A polyomino placed on a board: the board ``cells`` it covers, its ``colour`` and a short ``label``."""

    cells: frozenset[Cell]
    colour: RGB
    label: str = ""


class BoardImage(NamedTuple):
    """A drawn board, where its cell (0, 0) starts, and its cell size (to find a cell's pixels)."""

    canvas: Canvas
    origin: Point
    cell: float


def draw_piece(canvas: Canvas, cells: Iterable[Cell], origin: Point, size: float, colour: RGB, *,
               label: str = "", inset: float = 0.0) -> None:
    """Draw a polyomino: filled cells with faint seams and a bold outline, ``label`` on its most central cell."""
    cells = set(cells)
    if not cells:
        return
    seam = pal.darken(colour, 0.12)
    edge = pal.darken(colour, 0.45) if pal.luminance(colour) > 0.25 else pal.lighten(colour, 0.45)
    for cell in cells:
        x0, y0, x1, y1 = cell_rect(cell, size, origin)
        canvas.box((x0, y0, x1, y1), fill=colour, outline=seam, radius=0, width=max(0.75, size * 0.03))
    for loop in outline(cells):
        points = [(origin[0] + c * size, origin[1] + r * size) for c, r in loop]
        canvas.polygon(points, outline=edge, width=max(1.5, size * 0.08 + inset))
    if label:
        cx = sum(c + 0.5 for c, _ in cells) / len(cells)
        cy = sum(r + 0.5 for _, r in cells) / len(cells)
        c, r = min(cells, key=lambda cell: ((cell[0] + 0.5 - cx) ** 2 + (cell[1] + 0.5 - cy) ** 2, cell))
        x0, y0, x1, y1 = cell_rect((c, r), size, origin)
        canvas.text(((x0 + x1) / 2, (y0 + y1) / 2), label, size * 0.42, fill=pal.on_colour(colour), bold=True,
                    anchor="mm", max_width=size * 0.9)


def draw_board(cols: int, rows: int, pieces: Sequence[Piece] = (), *, cell: float = 40, lang: str = "en",
               title: str | None = None, blocked: Iterable[Cell] = (),
               column_label: Callable[[int], str] = lambda c: str(c + 1),
               row_label: Callable[[int], str] = index_letters, margin: float = MARGIN_DEFAULT,
               background: RGB = pal.BACKGROUND, scale: int = DIRECT) -> BoardImage:
    """A ``cols`` × ``rows`` board with ``pieces`` on it, columns numbered along the top and rows lettered down the
    left (change with ``column_label`` / ``row_label``). ``blocked`` cells are drawn dark (not yet available).

    Drawn at output size (``scale`` :data:`render.kit.DIRECT`) unless another ``scale`` is asked for.
    Raises ``ValueError`` for a piece that leaves the board.
    """
    for piece in pieces:
        outside = sorted(c for c in piece.cells if not (0 <= c[0] < cols and 0 <= c[1] < rows))
        if outside:
            raise ValueError(f"piece {piece.label or piece.colour} lies off the {cols}×{rows} board at {outside}")
    title_h = cell * 0.8 if title else 0.0
    axis = cell * 0.6
    origin = (margin + axis, margin + title_h + axis)
    width = round(origin[0] + cols * cell + margin)
    height = round(origin[1] + rows * cell + margin)
    canvas = Canvas(width, height, lang, background=background, scale=scale)
    if title:
        canvas.text((margin, margin + title_h / 2), title, cell * 0.4, bold=True, max_width=width - 2 * margin)
    blocked_set = set(blocked)
    for c in range(cols):
        for r in range(rows):
            fill = pal.darken(pal.PANEL, 0.35) if (c, r) in blocked_set else pal.PANEL_ALT
            canvas.box(cell_rect((c, r), cell, origin), fill=fill, outline=pal.LINE, radius=0, width=1)
    for c in range(cols):
        x0, _y0, x1, _y1 = cell_rect((c, 0), cell, origin)
        canvas.text(((x0 + x1) / 2, origin[1] - axis / 2), column_label(c), cell * 0.32, fill=pal.MUTED,
                    bold=True, anchor="mm")
    for r in range(rows):
        _x0, y0, _x1, y1 = cell_rect((0, r), cell, origin)
        canvas.text((origin[0] - axis / 2, (y0 + y1) / 2), row_label(r), cell * 0.32, fill=pal.MUTED, bold=True,
                    anchor="mm")
    for piece in pieces:
        draw_piece(canvas, piece.cells, origin, cell, piece.colour, label=piece.label)
    return BoardImage(canvas, origin, cell)
