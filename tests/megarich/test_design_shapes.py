"""巨富豪∞'s shape library (games/megarich/data/shapes.toml): valid blocks, every ordinary shape once, some with a
cavity, two names each; and the seven slots read from the same file."""

from __future__ import annotations

import itertools

from games.core.polyomino import Cell, is_connected, orientations
from games.megarich.design import SLOT_KINDS, SLOTS, Design, block_fault, shape_library


def _canonical(cells: frozenset[Cell]) -> frozenset[Cell]:
    return min((o.cells for o in orientations(cells)), key=sorted)


def test_d6_every_library_shape_is_a_valid_block_of_its_kind_with_both_names() -> None:
    library = shape_library()
    assert len(library) >= 28
    for spec in library.values():
        assert block_fault(spec.shape, spec.kind) is None, spec.id
        assert spec.en and spec.zh
    assert {spec.kind for spec in library.values()} == {"ordinary", "special"}
    assert len({spec.en for spec in library.values()}) == len({spec.zh for spec in library.values()}) == len(library)


def test_d6_the_ordinary_shapes_are_every_shape_of_2_to_6_cells_within_3x3_once() -> None:
    every = {_canonical(frozenset(c)) for n in range(2, 7)
             for c in itertools.combinations([(x, y) for y in range(3) for x in range(3)], n) if is_connected(c)}
    ordinary = [_canonical(s.shape.cells) for s in shape_library().values() if s.kind == "ordinary"]
    assert len(every) == 23
    assert sorted(ordinary, key=sorted) == sorted(every, key=sorted)


def test_d7_some_special_shapes_have_a_cavity_and_no_two_shapes_are_alike() -> None:
    library = shape_library()
    hollow = {k for k, s in library.items() if s.shape.cavities}
    assert hollow == {"cloister", "atrium", "arena"}
    assert all(library[k].kind == "special" for k in hollow)
    assert len({_canonical(s.shape.cells) for s in library.values()}) == len(library)


def test_d3_the_slots_come_from_the_data_file() -> None:
    assert sorted(SLOTS) == sorted(SLOT_KINDS) == ["I", "J", "L", "O", "S", "T", "Z"]
    assert all(spec.en.startswith(key) and spec.zh for key, spec in SLOTS.items())


def test_d11_every_library_shape_counts_on_the_standard_board() -> None:
    design = Design()
    counts = {k: design.count(s.shape) for k, s in shape_library().items()}
    assert counts["lintel"] == 52 and counts["crossroads"] == 6 * 2 and counts["skybridge"] == 4 * 4
    assert all(counts[k] > 0 for k in counts)
