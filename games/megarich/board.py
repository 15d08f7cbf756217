"""The board of 巨富豪∞ (Megarich∞): its printed material, the seeded setup of the map and its geometry.

Everything here is public and pure (no I/O beyond reading the title's own data files once), so the engine and
the renderer both read it. Rule numbers refer to ``docs/rules/megarich.md``.

* :func:`atlas` reads ``data/places.toml`` (the 255 regular tiles, 3 key cities, 8 flow hubs) and
  ``data/map.toml`` (each continent's region on the map, each key city's hex) and checks them against the
  counts of the rules text.
* :func:`setup_board` deals one game's map from the game's seeded generator (rules 1.3-1.5, rulings R1-R2).
* The geometry (rule 1.1) is :class:`games.core.hexgrid.HexTorus` (16 × 16, wrapping on both axes) seen
  through *cells* ``(col, row)``: :func:`neighbours`, :func:`distance`, :func:`ring`, :func:`within`,
  :func:`reveal_rings` (rule 1.7) and the hexes next to a key city (rule 1.8).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from games.core.hexgrid import DIRECTIONS, Hex, HexTorus
from games.core.i18n import LANGS
from games.core.rng import Rng

DATA = Path(__file__).with_name("data")

Cell = tuple[int, int]
"""A hex of the map as ``(col, row)``: ``0 ≤ col, row < 16``, row 0 at the top, odd rows shifted right."""

CONTINENTS: tuple[str, ...] = ("asia", "europe", "ocean", "africa", "north_america", "south_america", "polar")
"""The seven continent groups, in the rules text's order of the region colours."""

TAGS: tuple[str, ...] = ("metropolis", "culture", "nature")
"""都市, 人文, 自然: the three kinds of regular tile (rule 1.6)."""

KEY_POSITIONS: tuple[str, ...] = ("centre", "bottom", "top")
"""Where the three key cities stand (rule 1.2): 实事市 at the centre, 义务市 at the bottom, 绘星城 at the top."""

TEXT_COUNTS: Mapping[str, int] = {
    "asia": 83, "europe": 44, "ocean": 30, "africa": 22, "north_america": 48, "south_america": 24, "polar": 4,
}
"""The regular tiles in the box per continent, as the rules text's component list gives them."""

KEY_CITIES = 3
FLOW_HUBS = 8
MAX_HUBS_PLACED = 5
"""The text: flow hubs replace *at most 5* random tiles of the map (rule 1.5)."""

MIN_HUBS_PLACED = 1
"""Ruling R2: at least one hub is placed (the text says the hubs *will* replace tiles)."""


class BoardDataError(ValueError):
    """The data files disagree with the rules text or with themselves."""


# ---- the printed material ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """A regular tile: a real-world place of one continent with one tag.

    ``extra`` keeps any further keys of its ``[[place]]`` table (later steps add the candidate inspiration
    blocks there) without this loader having to know them.
    """

    id: str
    names: Mapping[str, str]
    continent: str
    tag: str
    extra: Mapping[str, Any] = field(default_factory=dict)

    def name(self, lang: str) -> str:
        """The place's name in ``lang`` (``"en"`` or ``"zh"``)."""
        return self.names[lang]


@dataclass(frozen=True)
class KeyCity:
    """One of the three fixed key-city tiles (fictional cities) and the hex it always stands on."""

    id: str
    names: Mapping[str, str]
    position: str
    cell: Cell

    def name(self, lang: str) -> str:
        """The city's name in ``lang``."""
        return self.names[lang]


@dataclass(frozen=True)
class Hub:
    """A flow-hub tile (流动枢纽), an invented place that may replace a regular tile at setup."""

    id: str
    names: Mapping[str, str]

    def name(self, lang: str) -> str:
        """The hub's name in ``lang``."""
        return self.names[lang]


@dataclass(frozen=True)
class Atlas:
    """Everything printed: the tiles in the box and the regions of the map (read once by :func:`atlas`)."""

    torus: HexTorus
    places: tuple[Place, ...]
    key_cities: tuple[KeyCity, ...]
    hubs: tuple[Hub, ...]
    regions: Mapping[str, tuple[Cell, ...]]
    """Each continent's hexes, in map order (row by row)."""
    continent_names: Mapping[str, Mapping[str, str]]
    tag_names: Mapping[str, Mapping[str, str]]
    by_id: Mapping[str, Place | KeyCity | Hub]
    cells: tuple[Cell, ...]
    """Every hex of the map, row by row."""
    key_cells: Mapping[Cell, KeyCity]
    """The key cities by the hex they stand on."""
    cell_region: Mapping[Cell, str]
    """The continent whose region holds each hex that is not a key city's."""

    def key_city(self, position: str) -> KeyCity:
        """The key city at ``position`` (``"centre"``, ``"bottom"`` or ``"top"``)."""
        return next(k for k in self.key_cities if k.position == position)

    @property
    def centre(self) -> Cell:
        """The hex of 实事市, the centre of the map."""
        return self.key_city("centre").cell

    def region_of(self, cell: Cell) -> str | None:
        """The continent whose region holds ``cell``; ``None`` for a key city's hex."""
        return self.cell_region.get(cell)

    def continent_places(self, continent: str) -> tuple[Place, ...]:
        """The regular tiles of ``continent``, in data order."""
        return tuple(p for p in self.places if p.continent == continent)


def _names(raw: Mapping[str, Any], where: str) -> dict[str, str]:
    names = {lang: str(raw.get(lang, "")).strip() for lang in LANGS}
    if not all(names.values()):
        raise BoardDataError(f"{where} needs a name in en and zh")
    return names


def _load() -> Atlas:
    raw_map = tomllib.loads((DATA / "map.toml").read_text(encoding="utf-8"))
    raw = tomllib.loads((DATA / "places.toml").read_text(encoding="utf-8"))
    torus = HexTorus(int(raw_map["width"]), int(raw_map["height"]))
    legend: dict[str, str] = dict(raw_map["legend"])
    grid = [line.split() for line in raw_map["rows"]]
    if len(grid) != torus.height or any(len(row) != torus.width for row in grid):
        raise BoardDataError(f"map.toml: the rows must be {torus.height} lines of {torus.width} letters")
    regions: dict[str, list[Cell]] = {c: [] for c in CONTINENTS}
    key_hexes: dict[str, Cell] = {}
    for row, letters in enumerate(grid):
        for col, letter in enumerate(letters):
            if letter not in legend:
                raise BoardDataError(f"map.toml: letter {letter!r} at {(col, row)} is not in the legend")
            name = legend[letter]
            if name in regions:
                regions[name].append((col, row))
            elif name in key_hexes:
                raise BoardDataError(f"map.toml: key city {name!r} has more than one hex")
            else:
                key_hexes[name] = (col, row)

    key_cities = tuple(
        KeyCity(str(k["id"]), _names(k, f"key city {k['id']}"), str(k["position"]), key_hexes[str(k["id"])])
        for k in raw["key_city"]
    )
    hubs = tuple(Hub(str(h["id"]), _names(h, f"hub {h['id']}")) for h in raw["hub"])
    places: list[Place] = []
    for p in raw["place"]:
        extra = {k: v for k, v in p.items() if k not in {"id", "en", "zh", "continent", "tag"}}
        places.append(Place(str(p["id"]), _names(p, f"place {p['id']}"), str(p["continent"]), str(p["tag"]), extra))
    by_id: dict[str, Place | KeyCity | Hub] = {}
    items: list[Place | KeyCity | Hub] = [*key_cities, *hubs, *places]
    for item in items:
        if item.id in by_id:
            raise BoardDataError(f"places.toml: id {item.id!r} is used twice")
        by_id[item.id] = item
    atlas = Atlas(
        torus=torus,
        places=tuple(places),
        key_cities=key_cities,
        hubs=hubs,
        regions={c: tuple(cells) for c, cells in regions.items()},
        continent_names={c: _names(raw["continents"][c], f"continent {c}") for c in CONTINENTS},
        tag_names={t: _names(raw["tags"][t], f"tag {t}") for t in TAGS},
        by_id=by_id,
        cells=tuple((col, row) for row in range(torus.height) for col in range(torus.width)),
        key_cells={k.cell: k for k in key_cities},
        cell_region={cell: c for c, cells in regions.items() for cell in cells},
    )
    _check(atlas, set(key_hexes))
    return atlas


def _check(atlas: Atlas, key_ids_on_map: set[str]) -> None:
    """The data files against the rules text (counts) and against each other (ids, names, regions)."""
    if len(atlas.key_cities) != KEY_CITIES or {k.position for k in atlas.key_cities} != set(KEY_POSITIONS):
        raise BoardDataError("places.toml: three key cities, one each at the centre, the bottom and the top")
    if key_ids_on_map != {k.id for k in atlas.key_cities}:
        raise BoardDataError("map.toml: the legend's key cities must be places.toml's")
    if len(atlas.hubs) != FLOW_HUBS:
        raise BoardDataError(f"places.toml: {FLOW_HUBS} flow hubs, not {len(atlas.hubs)}")
    for p in atlas.places:
        if p.continent not in CONTINENTS or p.tag not in TAGS:
            raise BoardDataError(f"place {p.id}: unknown continent {p.continent!r} or tag {p.tag!r}")
    for continent, wanted in TEXT_COUNTS.items():
        have = len(atlas.continent_places(continent))
        if have != wanted:
            raise BoardDataError(f"places.toml: {continent} has {have} tiles, the rules text {wanted}")
        if len(atlas.regions[continent]) > have:
            raise BoardDataError(f"map.toml: {continent}'s region has more hexes than tiles")
    for lang in LANGS:
        names = [item.names[lang] for item in atlas.by_id.values()]
        if len(set(names)) != len(names):
            raise BoardDataError(f"places.toml: a {lang} name is used twice")
    if sum(len(c) for c in atlas.regions.values()) + KEY_CITIES != len(atlas.cells):
        raise BoardDataError("map.toml: every hex belongs to one region or is a key city's")


@cache
def atlas() -> Atlas:
    """The printed material of Megarich∞ (read and checked once)."""
    return _load()


# ---- geometry (rule 1.1) ----------------------------------------------------------------------------------------
def hex_of(cell: Cell) -> Hex:
    """The canonical axial hex of ``cell``."""
    return atlas().torus.hex_at(*cell)


def cell_of(h: Hex) -> Cell:
    """The cell an axial hex lands on after wrapping."""
    return atlas().torus.cell(h)


@cache
def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six cells next to ``cell`` across the wrap, in :data:`games.core.hexgrid.DIRECTIONS` order
    (E, NE, NW, W, SW, SE on the pointy-top map)."""
    torus = atlas().torus
    return tuple(torus.cell(h) for h in torus.neighbours(torus.hex_at(*cell)))


def step(cell: Cell, direction: int, distance: int = 1) -> Cell:
    """The cell ``distance`` steps from ``cell`` in ``DIRECTIONS[direction]``, wrapping at the edges."""
    torus = atlas().torus
    return torus.cell(torus.hex_at(*cell) + DIRECTIONS[direction % 6].scale(distance))


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells, going round the wrap where shorter."""
    torus = atlas().torus
    return torus.distance(torus.hex_at(*a), torus.hex_at(*b))


def within(centre: Cell, radius: int) -> tuple[Cell, ...]:
    """The distinct cells at most ``radius`` steps from ``centre``: ``centre`` first, then ring by ring."""
    torus = atlas().torus
    return tuple(torus.cell(h) for h in torus.within(torus.hex_at(*centre), radius))


def ring(centre: Cell, radius: int) -> tuple[Cell, ...]:
    """The distinct cells exactly ``radius`` steps from ``centre`` across the wrap (walked as
    :func:`games.core.hexgrid.ring` walks: from the south-west corner, counter-clockwise)."""
    return tuple(c for c in within(centre, radius) if distance(centre, c) == radius)


@cache
def reveal_rings() -> tuple[tuple[Cell, ...], ...]:
    """Rule 1.7: the map revealed outward from 实事市, ring by ring: ``reveal_rings()[k]`` holds the cells ``k``
    steps from the centre (ring 0 is 实事市 itself), each ring in :func:`ring`'s order. Every cell is in exactly
    one ring; the last ring is the diameter of the map away."""
    world = atlas()
    rings: list[list[Cell]] = []
    for cell in within(world.centre, world.torus.width + world.torus.height):
        k = distance(world.centre, cell)
        while len(rings) <= k:
            rings.append([])
        rings[k].append(cell)
    return tuple(tuple(r) for r in rings)


def reveal_order() -> tuple[Cell, ...]:
    """Every cell in the order it is revealed (rule 1.7): :func:`reveal_rings` flattened."""
    return tuple(c for r in reveal_rings() for c in r)


@cache
def key_city_neighbours() -> Mapping[str, tuple[Cell, ...]]:
    """Rule 1.8: each key city's id with the six cells next to it (where 城际列车 may be taken and lead)."""
    return {k.id: neighbours(k.cell) for k in atlas().key_cities}


def next_to_key_city(cell: Cell) -> str | None:
    """The id of the key city ``cell`` is next to, or ``None`` (no hex is next to two key cities)."""
    for key_id, cells in key_city_neighbours().items():
        if cell in cells:
            return key_id
    return None


def train_destinations(cell: Cell) -> tuple[Cell, ...]:
    """Where 城际列车 goes from ``cell`` (rule 1.8): from a hex next to a key city, to that key city; from a key
    city, to any hex next to a key city; from anywhere else, nowhere (the option is not offered)."""
    world = atlas()
    key_id = next_to_key_city(cell)
    if key_id is not None:
        return tuple(k.cell for k in world.key_cities if k.id == key_id)
    if cell in world.key_cells:
        return tuple(c for cells in key_city_neighbours().values() for c in cells)
    return ()


# ---- one game's map (rules 1.3-1.5, rulings R1-R2) --------------------------------------------------------------
class BoardLayout(msgspec.Struct, frozen=True):
    """One game's map, fixed at setup: what lies on every hex. Serialisable (the state keeps it as it is).

    ``tiles[row * width + col]`` is the id of the tile on cell ``(col, row)`` (a place, a key city or a hub).
    ``hub_cells`` are the cells a flow hub took, in the order they were dealt. ``left_in_box`` are the regular
    tiles not on the map this game: the surplus of ruling R1 first, then the tiles the hubs replaced.
    """

    width: int
    tiles: tuple[str, ...]
    hub_cells: tuple[Cell, ...] = ()
    left_in_box: tuple[str, ...] = ()

    def tile_at(self, cell: Cell) -> str:
        """The id of the tile on ``cell``."""
        col, row = cell
        return self.tiles[row * self.width + col]

    def cell_of(self, tile_id: str) -> Cell | None:
        """Where the tile ``tile_id`` lies, or ``None`` if it is not on the map this game."""
        try:
            index = self.tiles.index(tile_id)
        except ValueError:
            return None
        return index % self.width, index // self.width

    def cells(self) -> list[Cell]:
        """Every cell, row by row (the order of :attr:`tiles`)."""
        return [(i % self.width, i // self.width) for i in range(len(self.tiles))]


def setup_board(rng: Rng) -> BoardLayout:
    """Deal one game's map from the game's seeded generator (all randomness goes through ``rng``).

    1. The key cities stand on their fixed hexes (rule 1.2).
    2. Each continent's tiles are shuffled and dealt onto the hexes of its region in map order; a continent
       with more tiles than hexes leaves the last of its shuffled tiles in the box (ruling R1: one of Asia's,
       one of North America's), so any place can appear in a game (rule 1.3).
    3. Between 1 and 5 flow hubs (uniformly, ruling R2), drawn from the eight, each replace the tile on a
       different random hex that is not a key city's; the tiles they replace leave the game (rule 1.5).
    """
    world = atlas()
    width = world.torus.width
    tiles: list[str] = [""] * len(world.cells)
    for key in world.key_cities:
        col, row = key.cell
        tiles[row * width + col] = key.id
    left: list[str] = []
    for continent in CONTINENTS:
        deck = [p.id for p in world.continent_places(continent)]
        rng.shuffle(deck)
        region = world.regions[continent]
        for (col, row), tile_id in zip(region, deck, strict=False):
            tiles[row * width + col] = tile_id
        left.extend(deck[len(region):])
    count = rng.between(MIN_HUBS_PLACED, MAX_HUBS_PLACED)
    hubs = [h.id for h in world.hubs]
    rng.shuffle(hubs)
    open_cells = [c for c in world.cells if c not in world.key_cells]
    rng.shuffle(open_cells)
    hub_cells = tuple(open_cells[:count])
    for hub_id, (col, row) in zip(hubs, hub_cells, strict=False):
        left.append(tiles[row * width + col])
        tiles[row * width + col] = hub_id
    return BoardLayout(width=width, tiles=tuple(tiles), hub_cells=hub_cells, left_in_box=tuple(left))
