"""Hex geometry: conversions round-trip, distances are a metric, directions point where documented, 18xx ids and
edges match 18xx.games' map of 18 Royal Gorge, and the torus wraps like breadth-first search says it should."""

from __future__ import annotations

import math
from collections import deque
from itertools import pairwise, product

import pytest

from games.core.hexgrid import (
    DIRECTIONS,
    FLAT_EDGES,
    ORIGIN,
    POINTY_EDGES,
    Hex,
    HexIdError,
    HexTorus,
    Layout,
    LetterNumberIds,
    distance,
    edge_direction,
    edge_neighbour,
    edge_towards,
    from_offset,
    index_letters,
    letters_index,
    line,
    neighbours,
    opposite_edge,
    ring,
    rotate,
    rotate_edge,
    spiral,
    to_offset,
)

AREA = spiral(ORIGIN, 4)          # 61 hexes around the origin
FLAT_IDS = LetterNumberIds("flat")


def angle(layout: Layout, a: Hex, b: Hex) -> float:
    """Screen angle (degrees, clockwise from +x because y points down) from ``a``'s centre to ``b``'s."""
    (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
    return math.degrees(math.atan2(by - ay, bx - ax)) % 360


# ---- axial basics --------------------------------------------------------------------------------------------------
def test_neighbours_of_known_hexes() -> None:
    assert neighbours(ORIGIN) == [Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)]
    assert neighbours(Hex(2, -3))[0] == Hex(3, -3)
    assert Hex(2, -3).neighbour(9) == Hex(2, -3).neighbour(3) == Hex(1, -3)
    assert all(distance(Hex(5, 7), n) == 1 for n in neighbours(Hex(5, 7)))
    assert Hex(1, 2).s == -3


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_directions_turn_counter_clockwise_on_screen(orientation: str) -> None:
    layout = Layout(orientation, 10)  # type: ignore[arg-type]
    angles = [angle(layout, ORIGIN, d) for d in DIRECTIONS]
    steps = [round((angles[i] - angles[i + 1]) % 360) for i in range(5)]
    assert steps == [60] * 5           # each next direction is 60° further counter-clockwise
    expected_first = 30 if orientation == "flat" else 0   # flat: SE; pointy: E
    assert round(angles[0]) == expected_first


def test_distance_is_a_metric() -> None:
    for a, b in product(AREA, repeat=2):
        assert distance(a, b) == distance(b, a)
        assert (distance(a, b) == 0) == (a == b)
    sample = AREA[::3]
    for a, b, c in product(sample, repeat=3):
        assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_distance_matches_breadth_first_search() -> None:
    steps = {ORIGIN: 0}
    queue = deque([ORIGIN])
    while queue:
        h = queue.popleft()
        if steps[h] == 5:
            continue
        for n in neighbours(h):
            if n not in steps:
                steps[n] = steps[h] + 1
                queue.append(n)
    assert all(distance(ORIGIN, h) == d for h, d in steps.items())
    assert len(steps) == 3 * 5 * 6 + 1


@pytest.mark.parametrize("k", range(0, 7))
def test_rings_have_6k_hexes_at_distance_k(k: int) -> None:
    centre = Hex(3, -2)
    hexes = ring(centre, k)
    assert len(hexes) == (6 * k if k else 1)
    assert len(set(hexes)) == len(hexes)
    assert all(distance(centre, h) == k for h in hexes)
    if k:
        assert hexes[0] == centre + DIRECTIONS[4].scale(k)
        assert all(distance(a, b) == 1 for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True))


def test_spiral_is_the_filled_hexagon_centre_first() -> None:
    hexes = spiral(Hex(1, 1), 3)
    assert len(hexes) == len(set(hexes)) == 3 * 3 * 4 + 1
    assert hexes[0] == Hex(1, 1)
    assert [distance(Hex(1, 1), h) for h in hexes] == sorted(distance(Hex(1, 1), h) for h in hexes)
    with pytest.raises(ValueError, match="negative"):
        ring(ORIGIN, -1)


def test_lines_are_connected_and_end_where_asked() -> None:
    for a, b in product(AREA[::4], AREA[::5]):
        path = line(a, b)
        assert path[0] == a and path[-1] == b
        assert len(path) == distance(a, b) + 1
        assert all(distance(p, n) == 1 for p, n in pairwise(path))
    assert line(Hex(2, 2), Hex(2, 2)) == [Hex(2, 2)]
    assert line(ORIGIN, Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    # exactly between two hexes the nudge picks one side, consistently
    assert line(ORIGIN, Hex(2, -1)) in ([ORIGIN, Hex(1, 0), Hex(2, -1)], [ORIGIN, Hex(1, -1), Hex(2, -1)])


def test_rotation_turns_clockwise_on_screen_and_keeps_distances() -> None:
    layout = Layout("flat", 10)
    centre = Hex(2, -1)
    for h in AREA:
        assert rotate(h, 6, centre) == h
        assert rotate(rotate(h, 2, centre), -2, centre) == h
        assert distance(rotate(h, 1, centre), centre) == distance(h, centre)
    for i, d in enumerate(DIRECTIONS):
        assert rotate(d, 1) == DIRECTIONS[(i - 1) % 6]
        turned = (angle(layout, ORIGIN, rotate(d, 1)) - angle(layout, ORIGIN, d)) % 360
        assert round(turned) == 60
    assert rotate(Hex(3, 0), 3) == Hex(-3, 0)


# ---- offsets -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["odd-q", "even-q", "odd-r", "even-r"])
def test_offset_round_trips_on_a_grid(kind: str) -> None:
    for col, row in product(range(-7, 9), range(-6, 10)):
        h = from_offset(col, row, kind)  # type: ignore[arg-type]
        assert to_offset(h, kind) == (col, row)  # type: ignore[arg-type]
    for h in AREA:
        assert from_offset(*to_offset(h, kind), kind) == h  # type: ignore[arg-type]


def test_offset_schemes_shove_the_documented_rows_and_columns() -> None:
    # odd-r: row 1 is shoved right, so (0, 1) touches (0, 0) and (1, 0) above it
    below = from_offset(0, 1, "odd-r")
    assert {distance(below, from_offset(c, 0, "odd-r")) for c in (0, 1)} == {1}
    assert distance(below, from_offset(-1, 0, "odd-r")) == 2
    # even-r: row 1 is shoved left, so it touches (-1, 0) and (0, 0)
    below = from_offset(0, 1, "even-r")
    assert {distance(below, from_offset(c, 0, "even-r")) for c in (-1, 0)} == {1}
    # odd-q: column 1 is shoved down, so (1, 0) touches (0, 0) and (0, 1)
    right = from_offset(1, 0, "odd-q")
    assert {distance(right, from_offset(0, r, "odd-q")) for r in (0, 1)} == {1}
    right = from_offset(1, 0, "even-q")
    assert {distance(right, from_offset(0, r, "even-q")) for r in (-1, 0)} == {1}
    # Megarich's formula: col = q + r // 2
    assert all(to_offset(h, "odd-r") == (h.q + h.r // 2, h.r) for h in AREA)
    with pytest.raises(ValueError, match="offset"):
        to_offset(ORIGIN, "odd-x")  # type: ignore[arg-type]


# ---- pixel layout --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("size", [30.0, (24.0, 18.0)])
def test_layout_pixel_round_trips(orientation: str, size: float | tuple[float, float]) -> None:
    layout = Layout(orientation, size, (400.5, -120.0))  # type: ignore[arg-type]
    for h in AREA:
        cx, cy = layout.centre(h)
        assert layout.hex_at(cx, cy) == h
        for x, y in layout.corners(h):        # just inside each corner
            assert layout.hex_at(cx + (x - cx) * 0.9, cy + (y - cy) * 0.9) == h
        for x, y in layout.edge_midpoints(h):
            assert layout.hex_at(cx + (x - cx) * 0.95, cy + (y - cy) * 0.95) == h


def test_layout_corners_edges_and_bounding_box() -> None:
    flat = Layout("flat", 20, (100, 100))
    corners = flat.corners(ORIGIN)
    assert len(corners) == 6
    assert corners[0] == pytest.approx((120, 100))           # flat-top: corner 0 points right
    assert all(math.dist(c, (100, 100)) == pytest.approx(20) for c in corners)
    mids = flat.edge_midpoints(ORIGIN)
    assert all(math.dist(m, (100, 100)) == pytest.approx(20 * math.sqrt(3) / 2) for m in mids)
    assert flat.edge_midpoint(ORIGIN, Hex(0, 1)) == pytest.approx((100, 100 + 10 * math.sqrt(3)))   # south
    x0, y0, x1, y1 = flat.bounding_box([ORIGIN])
    assert (x1 - x0, y1 - y0) == pytest.approx((flat.hex_width, flat.hex_height))
    pointy = Layout("pointy", 20)
    assert pointy.corners(ORIGIN)[5] == pytest.approx((0, -20))   # pointy-top: a corner at the top
    x0, y0, x1, y1 = pointy.bounding_box(spiral(ORIGIN, 2))
    assert all(x0 < pointy.centre(h)[0] < x1 and y0 < pointy.centre(h)[1] < y1 for h in spiral(ORIGIN, 2))
    assert (x1 - x0) == pytest.approx(5 * pointy.hex_width)
    with pytest.raises(ValueError, match="no hexes"):
        flat.bounding_box([])
    with pytest.raises(ValueError, match="orientation"):
        Layout("round", 10)  # type: ignore[arg-type]


# ---- 18xx edges and ids --------------------------------------------------------------------------------------------
def test_flat_edges_point_where_18xx_numbers_them() -> None:
    layout = Layout("flat", 10)
    compass = {0: 90, 1: 150, 2: 210, 3: 270, 4: 330, 5: 30}   # S SW NW N NE SE, screen degrees
    for edge, degrees in compass.items():
        assert round(angle(layout, ORIGIN, edge_direction(edge))) == degrees
    pointy = Layout("pointy", 10)
    for edge, degrees in {0: 120, 1: 180, 2: 240, 3: 300, 4: 0, 5: 60}.items():
        assert round(angle(pointy, ORIGIN, edge_direction(edge, "pointy"))) == degrees
    assert set(FLAT_EDGES) == set(POINTY_EDGES) == set(DIRECTIONS)


def test_edges_rotate_and_face_each_other() -> None:
    h = Hex(4, -1)
    for edge in range(6):
        other = edge_neighbour(h, edge)
        assert edge_towards(h, other) == edge
        assert edge_towards(other, h) == opposite_edge(edge)
        for k in range(6):
            assert rotate(other, k, h) == edge_neighbour(h, rotate_edge(edge, k))
    with pytest.raises(ValueError, match="not adjacent"):
        edge_towards(h, h)
    with pytest.raises(ValueError, match="0-5"):
        edge_direction(6)


def test_royal_gorge_ids_and_edges() -> None:
    """Facts from the 18 Royal Gorge map: A3 runs track to edge 5 towards B4; B2's edge 0 is B4."""
    a3, b2, b4 = FLAT_IDS.parse("A3"), FLAT_IDS.parse("B2"), FLAT_IDS.parse("B4")
    assert edge_neighbour(a3, 5) == b4
    assert edge_neighbour(b2, 0) == b4
    assert edge_towards(a3, b2) == 4          # NE
    l14 = FLAT_IDS.parse("L14")
    around = {FLAT_IDS.format(edge_neighbour(l14, e)) for e in range(6)}
    assert around == {"L16", "K15", "K13", "L12", "M13", "M15"}
    assert FLAT_IDS.format(edge_neighbour(l14, 0)) == "L16"   # south is the next number down the column


@pytest.mark.parametrize("ids", [LetterNumberIds("flat"), LetterNumberIds("flat", 1), LetterNumberIds("pointy"),
                                 LetterNumberIds("pointy", 1)])
def test_id_round_trip(ids: LetterNumberIds) -> None:
    seen = set()
    for a, b in product(range(60), range(40)):       # letters past Z and two-digit numbers
        if (a + b) % 2 != ids.parity:
            continue
        text = f"{index_letters(a)}{b + 1}"
        h = ids.parse(text)
        assert ids.format(h) == text
        assert ids.parse(text.lower()) == h
        seen.add(h)
    assert len(seen) == 60 * 40 // 2
    for h in seen:                                   # a neighbour's id is one letter and/or number step away
        for n in neighbours(h):
            try:
                text = ids.format(n)
            except HexIdError:
                continue
            assert ids.parse(text) == n
            own = ids.format(h)
            assert abs(letters_index(text.rstrip("0123456789")) - letters_index(own.rstrip("0123456789"))) <= 2


@pytest.mark.parametrize("text,message", [
    ("", "letters then a number"),
    ("14L", "letters then a number"),
    ("L", "letters then a number"),
    ("L-4", "letters then a number"),
    ("L1.5", "letters then a number"),
    ("Ł14", "letters then a number"),
    ("L0", "start at 1"),
    ("L13", "L12 and L14"),
    ("A2", "A1 and A3"),
])
def test_bad_ids_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(HexIdError, match=message):
        FLAT_IDS.parse(text)
    assert FLAT_IDS.try_parse(text) is None


def test_ids_refuse_hexes_off_the_grid() -> None:
    assert FLAT_IDS.parse(" a1 ") == ORIGIN
    with pytest.raises(HexIdError, match="outside"):
        FLAT_IDS.format(Hex(-1, 0))
    with pytest.raises(HexIdError, match="outside"):
        FLAT_IDS.format(Hex(0, -1))
    with pytest.raises(ValueError, match="parity"):
        LetterNumberIds("flat", 2)


def test_letters_count_like_18xx_columns() -> None:
    assert [index_letters(i) for i in (0, 25, 26, 51, 52)] == ["A", "Z", "AA", "AZ", "BA"]
    assert all(letters_index(index_letters(i)) == i for i in range(800))
    with pytest.raises(ValueError):
        letters_index("A1")


# ---- torus ---------------------------------------------------------------------------------------------------------
def bfs(torus: HexTorus, start: Hex) -> dict[Hex, int]:
    steps = {torus.wrap(start): 0}
    queue = deque(steps)
    while queue:
        h = queue.popleft()
        for n in torus.neighbours(h):
            if n not in steps:
                steps[n] = steps[h] + 1
                queue.append(n)
    return steps


def test_torus_wraps_at_the_corners() -> None:
    board = HexTorus(16, 16)
    corner = board.hex_at(0, 0)
    assert {board.cell(n) for n in board.neighbours(corner)} == {(1, 0), (15, 0), (15, 15), (0, 15), (15, 1), (0, 1)}
    far = board.hex_at(15, 15)          # an odd row: shoved right
    assert {board.cell(n) for n in board.neighbours(far)} == {(14, 15), (0, 15), (15, 14), (0, 14), (15, 0), (0, 0)}
    assert board.distance(corner, far) == 1
    assert board.wrap(Hex(16, 0)) == corner
    assert board.wrap(Hex(-8, 16)) == corner
    assert board.cell(Hex(-1, -1)) == (14, 15)


@pytest.mark.parametrize("width,height", [(16, 16), (3, 4), (5, 4), (7, 6), (6, 10), (12, 4)])
def test_torus_neighbours_are_symmetric_and_distance_matches_bfs(width: int, height: int) -> None:
    board = HexTorus(width, height)
    tiles = board.tiles()
    assert len(set(tiles)) == width * height
    for h in tiles:
        near = board.neighbours(h)
        assert len(set(near)) == 6
        assert all(h in board.neighbours(n) for n in near)
    starts = tiles if width * height <= 60 else tiles[:: max(1, len(tiles) // 12)]
    for start in starts:
        steps = bfs(board, start)
        assert len(steps) == width * height
        for h, d in steps.items():
            assert board.distance(start, h) == d == board.distance(h, start)
            assert board.wrap(start + board.displacement(start, h)) == h


def test_megarich_board_ring_sizes() -> None:
    """megarich-proposal.md §1.1: ring sizes 1, 6, 12, …, 42, 38, 24, 16, 8, 1 — diameter 12."""
    board = HexTorus(16, 16)
    counts: dict[int, int] = {}
    for h in board.tiles():
        d = board.distance(board.hex_at(5, 9), h)
        counts[d] = counts.get(d, 0) + 1
    assert [counts[d] for d in sorted(counts)] == [1, 6, 12, 18, 24, 30, 36, 42, 38, 24, 16, 8, 1]
    assert len(board.within(board.hex_at(0, 0), 3)) == 37


def test_torus_needs_an_even_height() -> None:
    with pytest.raises(ValueError, match="even height"):
        HexTorus(16, 15)
