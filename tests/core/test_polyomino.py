"""games.core.polyomino: normalising, orientations, cavities, anchors and the bitmask region."""

from __future__ import annotations

import itertools

import pytest

from games.core.polyomino import (
    Box,
    Polyomino,
    Region,
    anchor,
    bounding_box,
    cavities,
    from_rows,
    is_connected,
    normalise,
    orientations,
    place,
    to_rows,
    touching,
    transform,
)

TETROMINOES = {"I": ("####",), "O": ("##", "##"), "T": ("###", ".#."), "S": (".##", "##."), "Z": ("##.", ".##"),
               "J": ("#..", "###"), "L": ("..#", "###")}
#: Distinct orientations with mirroring (free) and without (one-sided).
TETROMINO_COUNTS = {"I": (2, 2), "O": (1, 1), "T": (4, 4), "S": (4, 2), "Z": (4, 2), "J": (8, 4), "L": (8, 4)}

#: The twelve pentominoes with their free orientation counts (the known 2/4/4/8/… table).
PENTOMINOES = {
    "F": ((".##", "##.", ".#."), 8), "I": (("#####",), 2), "L": (("####", "#..."), 8), "N": (("##..", ".###"), 8),
    "P": (("##", "##", "#."), 8), "T": (("###", ".#.", ".#."), 4), "U": (("#.#", "###"), 4),
    "V": (("#..", "#..", "###"), 4), "W": (("#..", "##.", ".##"), 4), "X": ((".#.", "###", ".#."), 1),
    "Y": (("####", ".#.."), 8), "Z": (("##.", ".#.", ".##"), 4),
}


@pytest.mark.parametrize("name", sorted(TETROMINOES))
def test_tetromino_orientation_counts(name: str) -> None:
    shape = from_rows(TETROMINOES[name])
    free, one_sided = TETROMINO_COUNTS[name]
    assert len(orientations(shape)) == free
    assert len(orientations(shape, mirror=False)) == one_sided


@pytest.mark.parametrize("name", sorted(PENTOMINOES))
def test_pentomino_orientation_counts(name: str) -> None:
    rows, count = PENTOMINOES[name]
    assert len(Polyomino.parse(rows).orientations()) == count


def test_there_are_5_free_tetrominoes_and_12_free_pentominoes() -> None:
    def canonical(cells: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        return min((o.cells for o in orientations(cells)), key=sorted)

    assert len({canonical(from_rows(r)) for r in TETROMINOES.values()}) == 5
    assert len({canonical(from_rows(r)) for r, _ in PENTOMINOES.values()}) == 12


def test_orientations_are_numbered_first_rotation_then_mirror_and_deduplicated() -> None:
    i = orientations(from_rows(["####"]))
    assert [(o.rotation, o.mirror) for o in i] == [(0, False), (1, False)]
    s = orientations(from_rows([".##", "##."]))
    assert [(o.rotation, o.mirror) for o in s] == [(0, False), (1, False), (0, True), (1, True)]
    for o in orientations(from_rows(TETROMINOES["L"])):
        assert transform(from_rows(TETROMINOES["L"]), o.rotation, o.mirror) == o.cells


def test_transform_turns_clockwise_on_screen_after_mirroring() -> None:
    l_shape = from_rows(["#.", "#.", "##"])
    assert transform(l_shape, 1) == from_rows(["###", "#.."])      # a quarter turn clockwise (y grows down)
    assert transform(l_shape, 0, mirror=True) == from_rows([".#", ".#", "##"])
    assert transform(l_shape, 4) == l_shape
    assert transform(l_shape, 2, mirror=True) == from_rows(["##", "#.", "#."])


def test_normalise_and_bounding_box() -> None:
    cells = {(3, 5), (4, 5), (4, 6)}
    assert normalise(cells) == {(0, 0), (1, 0), (1, 1)}
    assert bounding_box(cells) == Box(3, 5, 2, 2)
    assert bounding_box(cells).holds((4, 6)) and not bounding_box(cells).holds((5, 6))
    assert normalise([]) == frozenset()
    with pytest.raises(ValueError):
        bounding_box([])
    with pytest.raises(ValueError):
        Polyomino(frozenset({(1, 1)}))


def test_cavities_are_enclosed_empty_cells_only() -> None:
    ring = Polyomino.parse(["###", "#.#", "###"])
    assert ring.cavities == {(1, 1)}
    # The 7-cell heptomino with a hole: the hole touches the outside only at a corner, so it is enclosed.
    assert cavities(from_rows(["##.", "#.#", "###"])) == {(1, 1)}
    # A notch open to the outside is no cavity.
    assert cavities(from_rows(["#.#", "###"])) == frozenset()
    assert cavities(from_rows(["####", "#..#", "####"])) == {(1, 1), (2, 1)}
    assert to_rows(ring.cells) == ["###", "#o#", "###"]
    # No polyomino of at most 6 cells has a cavity.
    assert all(not cavities(o.cells) for rows, _ in PENTOMINOES.values() for o in orientations(from_rows(rows)))


def test_anchor_is_the_first_solid_cell_in_reading_order_and_place_puts_it_on_the_cell() -> None:
    t = from_rows([".#.", "###"])
    assert anchor(t) == (1, 0)
    assert place(t, (5, 5)) == {(5, 5), (4, 6), (5, 6), (6, 6)}
    assert (5, 5) in Polyomino.of(t).at((5, 5))


def test_touching_needs_an_edge_not_a_corner() -> None:
    assert touching({(0, 0)}, {(1, 0)})
    assert not touching({(0, 0)}, {(1, 1)})
    assert is_connected(from_rows(["##", ".#"]))
    assert not is_connected({(0, 0), (1, 1)})


def test_region_fits_equals_brute_force() -> None:
    free_cells = from_rows(["######..", "#.######", "####.###", "..######"])
    region = Region.around(from_rows(["########"] * 4))
    free = region.mask(free_cells)
    for rows in list(TETROMINOES.values()) + [r for r, _ in PENTOMINOES.values()]:
        for o in orientations(from_rows(rows)):
            fits = set(region.cells(region.fits(o.cells, free)))
            brute = {(dx, dy) for dx, dy in itertools.product(range(8), range(4))
                     if all((x + dx, y + dy) in free_cells for x, y in o.cells)}
            assert fits == brute
            for dx, dy in fits:
                assert region.cells(region.shape_mask(o.cells, region.bit((dx, dy)))) == sorted(
                    ((x + dx, y + dy) for x, y in o.cells), key=lambda c: (c[1], c[0]))


def test_region_indexes_cells_row_by_row() -> None:
    region = Region(Box(-2, 3, 5, 2))
    assert region.bit((-2, 3)) == 0 and region.bit((2, 4)) == 9
    assert region.cell(9) == (2, 4)
    assert region.mask([(0, 3), (99, 99)]) == 1 << 2
    with pytest.raises(ValueError):
        region.bit((3, 3))
    assert region.full.bit_count() == 10
