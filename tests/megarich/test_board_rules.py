"""Scenario tests of the board's rules and rulings (``docs/rules/megarich.md``: rules 1.1-1.8, rulings
R1-R5), each named after its entry, plus the map's geometry on the wrap."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from games.core.hexgrid import DIRECTIONS
from games.core.rng import Rng
from games.megarich.board import (
    CONTINENTS,
    TAGS,
    BoardLayout,
    Place,
    atlas,
    distance,
    key_city_neighbours,
    neighbours,
    next_to_key_city,
    reveal_order,
    reveal_rings,
    ring,
    setup_board,
    step,
    train_destinations,
    within,
)

SEEDS = range(40)


def layout(seed: int | str) -> BoardLayout:
    return setup_board(Rng.from_seed(seed))


def places_on(board: BoardLayout) -> dict[tuple[int, int], Place]:
    world = atlas()
    return {c: p for c in board.cells() if isinstance(p := world.by_id[board.tile_at(c)], Place)}


# ---- rules of the text ------------------------------------------------------------------------------------------
def test_rule_1_1_the_map_wraps_at_its_edges() -> None:
    world = atlas()
    assert (world.torus.width, world.torus.height) == (16, 16)
    for cell in world.cells:
        around = neighbours(cell)
        assert len(set(around)) == 6 and cell not in around
        for other in around:
            assert cell in neighbours(other), (cell, other)  # symmetric on the wrap
            assert distance(cell, other) == 1
    # A tram rolling off an edge comes in on the far side: east off column 15, south off row 15.
    assert step((15, 4), 0) == (0, 4)
    assert step((0, 4), 3) == (15, 4)
    assert step((3, 15), 5)[1] == 0 and step((3, 0), 2)[1] == 15
    assert distance((0, 8), (15, 8)) == 1
    assert distance((8, 0), (8, 15)) == 1
    # Three steps in any direction from any hex reach 37 distinct hexes: a tram's reach never overlaps itself.
    assert all(len(within(c, 3)) == 37 for c in world.cells)
    assert max(distance((0, 0), c) for c in world.cells) == 12


def test_rule_1_2_key_cities_stand_at_the_centre_top_and_bottom() -> None:
    world = atlas()
    cities = {k.names["zh"]: k.cell for k in world.key_cities}
    assert cities == {"实事市": (8, 8), "义务市": (8, 13), "绘星城": (8, 3)}
    assert world.centre == (8, 8)
    for seed in SEEDS:
        board = layout(seed)
        assert [board.tile_at(k.cell) for k in world.key_cities] == ["shishi", "yiwu", "huixing"]
        assert not set(board.hub_cells) & set(world.key_cells)


def test_rule_1_3_each_continent_is_dealt_inside_its_region() -> None:
    world = atlas()
    for seed in SEEDS:
        board = layout(seed)
        for cell, place in places_on(board).items():
            assert cell in world.regions[place.continent], (seed, place.id, cell)
        for continent, cells in world.regions.items():
            for cell in cells:
                tile = world.by_id[board.tile_at(cell)]
                assert cell in board.hub_cells or (isinstance(tile, Place) and tile.continent == continent)
    # Within its region a tile goes anywhere: over many games Beijing visits many hexes of Asia's region.
    seen = {layout(seed).cell_of("beijing") for seed in range(300)}
    assert len(seen - {None}) > 60


def test_rule_1_4_the_same_seed_gives_the_same_map_and_another_seed_another() -> None:
    assert layout(7) == layout(7)
    assert layout("game-42") == layout("game-42")
    assert len({layout(seed).tiles for seed in SEEDS}) == len(SEEDS)
    # The map round-trips through the state's serialisation unchanged.
    board = layout(3)
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(board), type=BoardLayout) == board
    # Dealing draws only from the generator it is given.
    a, b = Rng.from_seed(5), Rng.from_seed(5)
    setup_board(a)
    setup_board(b)
    assert a.state == b.state


def test_rule_1_5_flow_hubs_replace_at_most_five_non_key_tiles() -> None:
    world = atlas()
    hub_ids = {h.id for h in world.hubs}
    for seed in range(200):
        board = layout(seed)
        on_map = [c for c in board.cells() if board.tile_at(c) in hub_ids]
        assert sorted(on_map) == sorted(board.hub_cells)
        assert 1 <= len(board.hub_cells) <= 5
        assert len(set(board.hub_cells)) == len(board.hub_cells)
        assert not set(board.hub_cells) & set(world.key_cells)


def test_rule_1_6_every_regular_tile_is_metropolis_culture_or_nature() -> None:
    assert {p.tag for p in atlas().places} == set(TAGS)
    assert {t: atlas().tag_names[t]["zh"] for t in TAGS} == {"metropolis": "都市", "culture": "人文",
                                                             "nature": "自然"}
    board = layout(1)
    assert all(p.tag in TAGS for p in places_on(board).values())


def test_rule_1_7_tiles_are_revealed_ring_by_ring_outward_from_the_centre() -> None:
    world = atlas()
    rings = reveal_rings()
    assert rings[0] == (world.centre,)
    assert [len(r) for r in rings] == [1, 6, 12, 18, 24, 30, 36, 42, 38, 24, 16, 8, 1]
    order = reveal_order()
    assert len(order) == len(set(order)) == 256
    assert [distance(world.centre, c) for c in order] == sorted(distance(world.centre, c) for c in order)
    for k, cells in enumerate(rings):
        assert cells == ring(world.centre, k)
    # The other key cities are revealed on ring 5.
    assert {order.index(k.cell) for k in world.key_cities} == {0, order.index((8, 3)), order.index((8, 13))}
    assert distance(world.centre, (8, 3)) == distance(world.centre, (8, 13)) == 5


def test_rule_1_8_the_intercity_train_runs_between_key_city_neighbours() -> None:
    world = atlas()
    around = key_city_neighbours()
    assert set(around) == {"shishi", "yiwu", "huixing"}
    stops = [c for cells in around.values() for c in cells]
    assert len(stops) == len(set(stops)) == 18, "no hex is next to two key cities"
    assert not set(stops) & set(world.key_cells)
    for key in world.key_cities:
        for cell in around[key.id]:
            assert key.cell in neighbours(cell)
            assert next_to_key_city(cell) == key.id
            assert train_destinations(cell) == (key.cell,)
        assert sorted(train_destinations(key.cell)) == sorted(stops)
    far = (0, 0)
    assert next_to_key_city(far) is None and train_destinations(far) == ()
    assert around["shishi"] == tuple(step((8, 8), d) for d in range(len(DIRECTIONS)))


# ---- rulings ----------------------------------------------------------------------------------------------------
def test_ruling_1_the_map_holds_256_hexes_and_two_regular_tiles_stay_in_the_box() -> None:
    world = atlas()
    assert len(world.places) + len(world.key_cities) + len(world.hubs) == 266
    assert {c: len(cells) for c, cells in world.regions.items()} == {
        "asia": 82, "europe": 44, "ocean": 30, "africa": 22, "north_america": 47, "south_america": 24, "polar": 4,
    }
    for seed in SEEDS:
        board = layout(seed)
        assert len(board.tiles) == 256 and all(board.tiles)
        assert len(set(board.tiles)) == 256, "every hex holds a different tile"
        surplus = board.left_in_box[:2]
        assert [world.by_id[t].continent for t in surplus] == ["asia", "north_america"]  # type: ignore[union-attr]
        on_map = set(board.tiles)
        assert on_map.isdisjoint(board.left_in_box)
        assert len(on_map) - 3 - len(board.hub_cells) + len(board.left_in_box) == 255
    # Which Asian and North American tile stays out varies: every place can be dealt.
    assert len({layout(seed).left_in_box[0] for seed in range(200)}) > 40


def test_ruling_2_one_to_five_hubs_each_replace_a_different_regular_tile() -> None:
    world = atlas()
    counts = Counter(len(layout(seed).hub_cells) for seed in range(1000))
    assert set(counts) == {1, 2, 3, 4, 5}
    assert all(150 <= n <= 250 for n in counts.values()), counts
    regions_hit: set[str | None] = set()
    hubs_used: Counter[str] = Counter()
    for seed in range(300):
        board = layout(seed)
        replaced = board.left_in_box[2:]
        assert len(replaced) == len(board.hub_cells)
        assert all(isinstance(world.by_id[t], Place) for t in replaced)
        regions_hit.update(world.region_of(c) for c in board.hub_cells)
        hubs_used.update(board.tile_at(c) for c in board.hub_cells)
    assert regions_hit == set(CONTINENTS), "a hub may land in any region"
    assert set(hubs_used) == {h.id for h in world.hubs}, "any of the eight hubs may be drawn"


def _connected(cells: tuple[tuple[int, int], ...]) -> bool:
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def test_ruling_3_the_regions_read_like_a_world_map() -> None:
    world = atlas()
    assert all(_connected(cells) for cells in world.regions.values())

    def mean(continent: str, axis: int) -> float:
        cells = world.regions[continent]
        return sum(c[axis] for c in cells) / len(cells)

    # West to east: the Americas, then Europe and Africa, then Asia.
    assert mean("north_america", 0) < mean("europe", 0) < mean("asia", 0)
    assert mean("south_america", 0) < mean("africa", 0) < mean("asia", 0)
    # North to south: North America over South America, Europe over Africa.
    assert mean("north_america", 1) < mean("south_america", 1)
    assert mean("europe", 1) < mean("africa", 1)
    # 绘星城 stands in Europe, 义务市 by Africa and the sea, 实事市 where Europe, Africa and Asia meet.
    def around(key: str) -> set[str | None]:
        return {world.region_of(c) for c in key_city_neighbours()[key]}

    assert around("huixing") == {"europe"}
    assert around("shishi") == {"europe", "africa", "asia"}
    assert around("yiwu") == {"africa", "ocean"}
    # The poles: two hexes on the top edge, two on the bottom edge, neighbours across the wrap.
    assert sorted(world.regions["polar"]) == [(7, 0), (7, 15), (8, 0), (8, 15)]
    # Footnote 5: Japan and the Malay archipelago are Ocean tiles; so are places at sea.
    ocean = {p.id for p in world.continent_places("ocean")}
    assert {"tokyo", "kyoto", "mount_fuji", "singapore", "jakarta", "manila", "mariana_trench"} <= ocean


def test_ruling_4_the_places_are_balanced_by_tag_within_each_continent() -> None:
    table = {c: Counter(p.tag for p in atlas().continent_places(c)) for c in CONTINENTS}
    assert {c: [t[tag] for tag in TAGS] for c, t in table.items()} == {
        "asia": [28, 28, 27],
        "europe": [15, 15, 14],
        "ocean": [10, 10, 10],
        "africa": [8, 7, 7],
        "north_america": [16, 16, 16],
        "south_america": [8, 8, 8],
        "polar": [1, 1, 2],
    }


def test_ruling_5_the_whole_map_is_fixed_and_public_at_setup() -> None:
    """The layout is dealt once, at setup, and holds every tile face up: nothing of it is drawn later."""
    rng = Rng.from_seed(11)
    board = setup_board(rng)
    assert all(board.tiles)
    assert BoardLayout.__struct_config__.frozen
    # The reveal order is geometry, the same every game, and needs nothing from the seed.
    assert reveal_order() == reveal_order() and reveal_order()[0] == atlas().centre


@pytest.mark.parametrize("centre", [(0, 0), (8, 8), (15, 15), (3, 12)])
def test_rings_on_the_wrap_have_the_sizes_of_the_map(centre: tuple[int, int]) -> None:
    sizes = [len(ring(centre, k)) for k in range(13)]
    assert sizes == [1, 6, 12, 18, 24, 30, 36, 42, 38, 24, 16, 8, 1]
    assert ring(centre, 13) == ()
