"""Square grids and polyominoes: outlines trace the union of cells, orientations collapse symmetric pieces, boards
draw pieces on the cells they cover with coordinates in the margins."""

from __future__ import annotations

import pytest

from render import palette as pal
from render.grid import Piece, cell_rect, draw_board, normalise, orientations, outline
from render.kit import recording

SQUARE = {(0, 0), (1, 0), (0, 1), (1, 1)}
L_SHAPE = {(0, 0), (0, 1), (0, 2), (1, 2)}
TETROMINOES = {"O": SQUARE, "I": {(0, 0), (1, 0), (2, 0), (3, 0)}, "T": {(0, 0), (1, 0), (2, 0), (1, 1)},
               "S": {(1, 0), (2, 0), (0, 1), (1, 1)}, "L": L_SHAPE}


def signed_area(loop: list[tuple[int, int]]) -> float:
    """Shoelace area; positive for loops clockwise on screen (y down)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1], strict=True)) / 2


def test_an_l_shape_has_one_six_cornered_outline() -> None:
    loops = outline(L_SHAPE)
    assert loops == [[(0, 0), (1, 0), (1, 2), (2, 2), (2, 3), (0, 3)]]
    assert signed_area(loops[0]) == len(L_SHAPE)


@pytest.mark.parametrize("cells,corners", [
    (SQUARE, [4]),
    ({(0, 0)}, [4]),
    (TETROMINOES["T"], [8]),
    (TETROMINOES["S"], [8]),
    ({(0, 0), (1, 1)}, [4, 4]),                                   # touching at a corner only: two pieces
    ({(c, r) for c in range(3) for r in range(3)} - {(1, 1)}, [4, 4]),   # a ring: outside and hole
])
def test_outline_corner_counts(cells: set[tuple[int, int]], corners: list[int]) -> None:
    loops = outline(cells)
    assert sorted(len(loop) for loop in loops) == corners
    assert sum(signed_area(loop) for loop in loops) == len(cells)   # holes run the other way and subtract


def test_orientations_collapse_symmetric_pieces() -> None:
    counts = {name: len(orientations(cells)) for name, cells in TETROMINOES.items()}
    assert counts == {"O": 1, "I": 2, "T": 4, "S": 4, "L": 8}
    for shape in orientations(L_SHAPE):
        assert min(c for c, _ in shape) == 0 and min(r for _, r in shape) == 0
        assert len(shape) == 4
    assert orientations({(5, 7), (6, 7), (5, 8), (6, 8)}) == [frozenset(SQUARE)]
    assert normalise([(3, 4), (4, 4)]) == {(0, 0), (1, 0)}
    assert normalise([]) == frozenset()


def test_cells_map_to_rectangles() -> None:
    assert cell_rect((2, 1), 10, (5, 7)) == (25, 17, 35, 27)


def test_a_board_draws_pieces_on_their_cells_with_coordinates() -> None:
    red, blue = (210, 60, 60), (60, 100, 220)
    pieces = [Piece(frozenset({(0, 0), (0, 1), (0, 2), (1, 2)}), red, "L"),
              Piece(frozenset({(3, 0), (3, 1)}), blue, "2")]
    with recording() as drawn:
        board = draw_board(4, 3, pieces, cell=40, title="Design board", blocked=[(3, 2)])
    canvas, origin, size = board
    assert canvas.image is not None

    def colour_at(cell: tuple[int, int]) -> tuple[int, ...]:
        x0, y0, _x1, _y1 = cell_rect(cell, size, origin)
        value = canvas.image.getpixel((int((x0 + size * 0.2) * canvas.scale), int((y0 + size * 0.2) * canvas.scale)))
        assert isinstance(value, tuple)
        return value

    assert colour_at((0, 1)) == red and colour_at((1, 2)) == red
    assert colour_at((3, 1)) == blue
    assert colour_at((2, 0)) == pal.PANEL_ALT
    assert colour_at((3, 2)) != pal.PANEL_ALT
    texts = [d.text for d in drawn]
    assert {"1", "2", "3", "4", "A", "B", "C", "L", "Design board"} <= set(texts)
    with pytest.raises(ValueError, match="off the 4×3 board"):
        draw_board(4, 3, [Piece(frozenset({(4, 0)}), red)])
