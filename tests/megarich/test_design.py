"""巨富豪∞'s design board (docs/rules/megarich-design.md): the area, slots, placements and the geometry relations,
each on hand-drawn cases from the text's definitions, and the level-by-level counting against brute force."""

from __future__ import annotations

import random

import pytest

from games.core.errors import MalformedMove
from games.core.polyomino import Cell, Polyomino, is_connected, place
from games.megarich.design import (
    GENERIC_BONUS,
    GENERIC_SHAPE,
    SLOT_KINDS,
    Design,
    DesignArea,
    DesignError,
    adjacent,
    block_fault,
    both,
    chain,
    chain_adjacent,
    fold,
    inside,
    neighbours,
    outermost,
    place_notation,
    read_place,
    read_slot,
    shape_of,
    slot_notation,
)

T = shape_of([".#.", "###"])
L3 = shape_of(["#.", "#.", "##"])
RING = shape_of(["###", "#.#", "###"])


# --------------------------------------------------------------------------------------------- D1 the board


def test_d1_the_standard_board_is_8_columns_by_4_rows() -> None:
    area = DesignArea.standard()
    assert len(area.cells) == 32
    assert (area.box.width, area.box.height) == (8, 4)
    assert area.name((0, 0)) == "a1" and area.name((7, 3)) == "h4"
    assert area.read_cell("c3") == (2, 2) and area.read_cell("x") is None


# --------------------------------------------------------------------------------------------- D3–D5 slots


def test_d3_slots_are_the_seven_one_sided_tetrominoes() -> None:
    assert sorted(SLOT_KINDS) == ["I", "J", "L", "O", "S", "T", "Z"]
    assert all(s.size == 4 and s.connected for s in SLOT_KINDS.values())
    # Turned only: S and Z (and J and L) never look alike, so they are seven kinds.
    turned = {k: {o.cells for o in s.orientations(mirror=False)} for k, s in SLOT_KINDS.items()}
    assert not turned["S"] & turned["Z"] and not turned["J"] & turned["L"]
    assert [len(turned[k]) for k in "IOTSZJL"] == [2, 1, 4, 2, 2, 4, 4]
    with pytest.raises(MalformedMove):
        read_slot("slot s a1 r1 m")


def test_d4_a_slot_adds_four_new_cells_and_may_not_overlap_the_area() -> None:
    area = DesignArea.standard()
    assert area.slot_fault("O", 0, (7, 0)) == "slot_overlap"          # half on the board
    assert area.slot_fault("O", 0, (8, 0)) is None
    grown = area.attach("O", 0, (8, 0))
    assert len(grown.cells) == 36 and grown.slots[0].cells == {(8, 0), (9, 0), (8, 1), (9, 1)}
    with pytest.raises(DesignError) as caught:
        grown.attach("I", 0, (9, 1))
    assert caught.value.key == "design.slot_overlap"


def test_d5_a_slot_shares_an_edge_with_the_area_a_corner_or_a_gap_is_refused() -> None:
    area = DesignArea.standard()
    assert area.slot_fault("O", 0, (9, 0)) == "slot_detached"          # a column away
    assert area.slot_fault("O", 0, (8, 4)) == "slot_detached"          # touches (7, 3) at a corner only
    assert area.slot_fault("I", 1, (2, 4)) is None                     # hangs below c4
    with pytest.raises(DesignError) as caught:
        area.attach("T", 0, (20, 20))
    assert caught.value.key == "design.slot_detached"


def test_d5_a_slot_may_attach_to_an_earlier_slot_and_the_area_stays_one_piece() -> None:
    area = DesignArea.standard().attach("I", 0, (8, 0))                # a1 … row 1 grows right to l1
    assert area.slot_fault("I", 1, (13, 0)) == "slot_detached"         # a column beyond the I's end
    area = area.attach("I", 1, (11, 1))                                 # hangs from the I's last cell only
    assert is_connected(area.cells) and len(area.cells) == 40
    assert area.slot_fault("I", 1, (11, 5)) is None                     # and a third below the second


def test_d5_random_attachments_keep_the_area_connected_and_counting_matches_brute_force() -> None:
    rng = random.Random(20)
    for _ in range(6):
        area = DesignArea.standard()
        for _ in range(4):
            kind = rng.choice(sorted(SLOT_KINDS))
            box = area.box
            brute = {(r, (x, y)) for r in range(4) for x in range(box.x - 5, box.x + box.width + 5)
                     for y in range(box.y - 5, box.y + box.height + 5)
                     if r == DesignArea.fold_slot(kind, r) and area.slot_fault(kind, r, (x, y)) is None}
            assert area.count_slots(kind) == len(brute)
            assert area.slot_cells(kind) == sorted({c for _, c in brute}, key=lambda c: (c[1], c[0]))
            for cell in area.slot_cells(kind)[:5]:
                assert area.slot_rotations_at(kind, cell) == sorted(r for r, c in brute if c == cell)
            rotation, cell = sorted(brute)[rng.randrange(len(brute))]
            area = area.attach(kind, rotation, cell)
            assert is_connected(area.cells)
        assert len(area.cells) == 32 + 4 * 4


def test_d10_names_follow_the_area_box_and_slots_rename_but_never_move_blocks() -> None:
    design = Design().place("b1", T, 0, False, (1, 0))
    area = design.area
    assert area.slot_name((0, -1)) == "e4" and area.read_slot_cell("e4") == (0, -1)
    grown = design.attach("I", 0, (0, -1))                              # a row above a1–d1
    assert grown.block("b1").cells == design.block("b1").cells
    assert grown.area.name((0, 0)) == "a2" and grown.area.read_cell("a1") == (0, -1)


# --------------------------------------------------------------------------------------------- D6–D9 blocks


def test_d6_ordinary_blocks_have_2_to_6_cells_at_most_3_a_side_special_ones_may_not() -> None:
    assert block_fault(shape_of(["##"])) is None
    assert block_fault(shape_of(["###", "###"])) is None
    assert block_fault(GENERIC_SHAPE) == "size"
    assert block_fault(shape_of(["##", "##", "##", "#."])) == "size"   # 7 cells
    assert block_fault(shape_of(["####"])) == "side"                    # 4 cells but 4 long
    assert block_fault(RING) == "size" and block_fault(RING, "special") is None
    assert block_fault(Polyomino.of({(0, 0), (1, 1)}), "special") == "disconnected"
    design = Design()
    with pytest.raises(DesignError) as caught:
        design.place("b1", shape_of(["####"]), 0, False, (0, 0))
    assert caught.value.key == "design.side"


def test_d6_a_block_turns_and_flips_freely_and_needs_no_neighbour() -> None:
    design = Design()
    assert design.orientations_at(L3, (3, 1)) == [(o.rotation, o.mirror) for o in L3.orientations()]
    design = design.place("b1", L3, 1, True, (0, 0)).place("b2", L3, 3, False, (6, 2))
    assert not adjacent(design.solids, "b1", "b2")
    assert design.block("b1").cells == place(L3.turned(1, True).cells, (0, 0))


def test_d7_every_solid_cell_must_be_inside_the_area() -> None:
    design = Design()
    assert design.fault(T, 0, False, (7, 0)) == "outside"               # one cell off the right edge
    assert design.fault(T, 2, False, (0, 3)) == "outside"               # the stem below the board
    with pytest.raises(DesignError) as caught:
        design.place("b1", T, 0, False, (0, 0))                          # anchor a1: its left arm at x = -1
    assert caught.value.key == "design.outside"
    assert design.fault(T, 0, False, (1, 0)) is None


def test_d7_a_cavity_may_lie_outside_the_area_and_another_block_may_fill_it() -> None:
    hollow = Design.parse(["......",
                           ".. ...",
                           "......"])
    assert hollow.fault(RING, 0, False, (1, 0), "special") is None      # its hole over the missing cell
    full = Design.parse(["...", "...", "..."]).place("ring", RING, 0, False, (0, 0), "special")
    assert full.block("ring").cavities == {(1, 1)}
    assert full.fault(GENERIC_SHAPE, 0, False, (1, 1), "generic") is None


def test_d8_solid_cells_may_not_overlap() -> None:
    design = Design().place("b1", T, 0, False, (2, 0))
    assert design.fault(shape_of(["##"]), 0, False, (1, 1)) == "overlap"
    with pytest.raises(DesignError) as caught:
        design.place("b2", shape_of(["##"]), 1, False, (2, 0))
    assert caught.value.key == "design.overlap"
    with pytest.raises(DesignError) as caught:
        design.place("b1", shape_of(["##"]), 0, False, (5, 3))
    assert caught.value.key == "design.placed"
    assert design.remove("b1").place("b2", shape_of(["##"]), 1, False, (2, 0)).occupied == {(2, 0), (2, 1)}


def test_d9_generic_blocks_are_1x1_with_a_fixed_bonus() -> None:
    assert GENERIC_BONUS == {"S": 16, "A": 8, "D": 8, "F": 3}
    assert GENERIC_SHAPE.size == 1 and block_fault(GENERIC_SHAPE, "generic") is None
    assert block_fault(shape_of(["##"]), "generic") == "generic"
    assert Design().count(GENERIC_SHAPE) == 32


# --------------------------------------------------------------------------------------------- D12–D15 relations


def test_d12_adjacent_needs_a_shared_edge_not_a_corner() -> None:
    solids = Design.parse(["aab.",
                           "c.bd",
                           "c..d"]).solids
    assert adjacent(solids, "a", "b") and adjacent(solids, "a", "c")
    assert not adjacent(solids, "c", "b")
    assert adjacent(solids, "b", "d")
    assert not adjacent(solids, "a", "a")
    corner = Design.parse(["a.", ".b"]).solids
    assert not adjacent(corner, "a", "b")
    assert neighbours(solids, "a") == ["b", "c"]


def test_d13_chain_adjacent_follows_links_that_meet_the_condition() -> None:
    solids = Design.parse(["ab.e",
                           ".cde",
                           "f..."]).solids
    assert chain(solids, "a") == {"b", "c", "d", "e"}                   # f touches nothing
    assert chain_adjacent(solids, "a", "e") and not chain_adjacent(solids, "a", "f")
    nature = {"a", "b", "c", "e"}                                         # d is not
    through_nature = both(lambda k: k in nature)
    assert chain_adjacent(solids, "a", "c", through_nature)
    assert not chain_adjacent(solids, "a", "e", through_nature)          # the only way runs through d
    assert chain_adjacent(solids, "a", "d", lambda x, y: y == "d" or y in nature)
    assert not chain_adjacent(solids, "a", "a")


def test_d14_the_most_x_side_is_blocked_by_another_block_anywhere_beyond_any_front_cell() -> None:
    solids = Design.parse(["..c.....",
                           "aa......",
                           "ab.....d",
                           "bb.....d"]).solids
    assert outermost(solids, "a", "up") and outermost(solids, "a", "left")
    assert not outermost(solids, "a", "down")                            # b below a's column 0 and column 1
    assert not outermost(solids, "a", "right")                           # d far right in row 2
    assert outermost(solids, "b", "down") and not outermost(solids, "b", "up")
    assert outermost(solids, "c", "up") and outermost(solids, "d", "right")
    # A U whose notch holds another block: the U's notch cell faces up and is covered.
    u = Design.parse(["aba", "aaa"]).solids
    assert not outermost(u, "a", "up") and outermost(u, "b", "up")


def test_d15_inside_means_part_of_a_in_bs_bounding_rectangle() -> None:
    solids = Design.parse(["aaa.",
                           "abac",
                           "a..c"]).solids
    assert inside(solids, "b", "a")                                      # in a's 3×3 rectangle
    assert not inside(solids, "a", "b")                                  # b's rectangle is b's own cell
    assert not inside(solids, "c", "a")
    assert inside(Design.parse(["aa", "ab"]).solids, "b", "a")          # a notch counts
    assert not inside(solids, "a", "a")


# --------------------------------------------------------------------------------------------- D11 counting


def _brute(design: Design, shape: Polyomino) -> set[tuple[int, bool, Cell]]:
    box = design.area.box
    return {(*fold(shape, r, m), (x, y)) for r in range(4) for m in (False, True)
            for x in range(box.x - 3, box.x + box.width + 3) for y in range(box.y - 3, box.y + box.height + 3)
            if design.fault(shape, r, m, (x, y), "special") is None}


def _random_design(rng: random.Random) -> Design:
    design = Design()
    for _ in range(rng.randrange(3)):
        kind = rng.choice(sorted(SLOT_KINDS))
        cells = design.area.slot_cells(kind)
        cell = rng.choice(cells)
        design = design.attach(kind, rng.choice(design.area.slot_rotations_at(kind, cell)), cell)
    for i in range(rng.randrange(6)):
        shape = shape_of(rng.choice([["##"], ["#.", "##"], ["###", ".#."], ["##", "##"], ["#"]]))
        count = design.count(shape)
        if count:
            rotation, mirror, cell = design.nth(shape, rng.randrange(count))
            design = design.place(f"b{i}", shape, rotation, mirror, cell, "special")
    return design


SHAPES = [shape_of(r) for r in (["##"], ["###", ".#."], ["#.", "#.", "##"], [".##", "##."], ["###", "#.#"],
                                ["##", "##", "#."], ["###", "###"], ["#"])] + [RING]


@pytest.mark.parametrize("seed", range(12))
def test_d11_counting_and_menus_equal_brute_force_enumeration(seed: int) -> None:
    rng = random.Random(seed)
    design = _random_design(rng)
    for shape in SHAPES:
        brute = _brute(design, shape)
        assert design.count(shape) == len(brute)
        assert set(design.placements(shape)) == brute
        assert [design.nth(shape, i) for i in range(len(brute))] == list(design.placements(shape))
        cells = sorted({c for _, _, c in brute}, key=lambda c: (c[1], c[0]))
        assert design.cells_for(shape) == cells
        for cell in cells[:4]:
            here = sorted(((r, m) for r, m, c in brute if c == cell), key=lambda o: (o[1], o[0]))
            assert design.orientations_at(shape, cell) == here
            assert design.rotations_at(shape, cell) == sorted({r for r, _ in here})
            for r in design.rotations_at(shape, cell):
                assert design.mirrors_at(shape, cell, r) == [m for rr, m in here if rr == r]
    with pytest.raises(IndexError):
        design.nth(SHAPES[0], design.count(SHAPES[0]))


def test_d11_the_empty_board_counts() -> None:
    design = Design()
    assert design.count(shape_of(["##"])) == 7 * 4 + 8 * 3               # across, then upright
    assert design.count(shape_of(["##", "##"])) == 7 * 3
    assert design.count(L3) == 4 * 7 * 2 + 4 * 6 * 3                    # 4 upright ways, 4 lying ways
    assert design.orientations_at(T, (0, 0)) == [(1, False), (2, False)]


# --------------------------------------------------------------------------------------------- D16 notation


def test_d16_place_notation_reads_in_either_order_and_stores_the_menu_order() -> None:
    assert place_notation("b7", "c3", 1, True) == "place b7 c3 r1 m"
    assert read_place("place b7 c3 r1 m") == ("b7", "c3", 1, True)
    assert read_place("place b7 r1 m c3") == ("b7", "c3", 1, True)      # the order
    assert read_place("place b7 m r5 c3") == ("b7", "c3", 1, True)
    assert read_place("place b7 c3") == ("b7", "c3", 0, False)
    assert read_place("放置 b7 c3 转2 镜像") == ("b7", "c3", 2, True)
    assert read_place("place b7 r1 r2") == ("b7", "r1", 2, False)       # a cell in column r, when nothing else
    assert read_place("gather") is None
    with pytest.raises(MalformedMove):
        read_place("place b7 c3 x9 q")
    assert slot_notation("T", "k2", 1) == "slot t k2 r1"
    assert read_slot("slot t k2 r1") == ("T", "k2", 1)
    assert read_slot("slot t r1 k2") == ("T", "k2", 1)
    with pytest.raises(MalformedMove):
        read_slot("slot q k2 r1")


def test_d16_symmetric_orientations_fold_onto_the_first_equal_one() -> None:
    design = Design().place("b1", shape_of(["###"]), 2, True, (0, 0))
    assert (design.block("b1").rotation, design.block("b1").mirror) == (0, False)
    assert fold(T, 0, True) == (0, False) and fold(L3, 2, True) == (2, True)
    assert DesignArea.fold_slot("I", 3) == 1
