"""The printed material of Tile Lay: the map (rule 1), the city sites (rule 2) and the tile supply (rule 3),
read once from ``data/*.toml``, plus the one geometric test every lay goes through (rules 4-6).

Everything here is public and pure, so the renderer reads it too (a hex's candidate tiles in the detail view).
Hexes are named by their 18xx-style ids (``"C4"``) and kept in map order; each hex knows its neighbour across
each flat-top edge (0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE; ``-1`` off the map).

A tile at rotation ``k`` is summed up by a 6-bit *mask* of the sides its track reaches. Whether it may be laid
on a hex depends only on the hex's *constraints*: the sides that must carry track (a laid neighbour's track
ends there, rule 6) and the sides that must stay blank (the map edge, rule 5, or a laid neighbour's blank side,
rule 6). There are at most 3**6 such pairs, so the tiles fitting each pair are computed once and cached: no
step of the game ever walks the full list of lays.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from games.core.hexgrid import FLAT_EDGES, Hex, HexIdError, LetterNumberIds

DATA = Path(__file__).with_name("data")
IDS = LetterNumberIds("flat", parity=1)
SIDES = 6
OFF_MAP = -1

End = int | str
"""A path endpoint: an edge 0-5 at rotation r0, or ``"_0"``, the tile's station."""


def opposite(side: int) -> int:
    """The side of the neighbour that faces ``side``."""
    return (side + 3) % SIDES


@dataclass(frozen=True)
class TileType:
    """One tile of the supply (rule 3): its track at r0 and what each of its distinct rotations looks like.

    ``period`` is the number of distinct rotations (a straight looks the same turned 180°, so it has 3): only
    ``r0`` … ``r{period - 1}`` are lays (rule 4). ``masks[k]`` has bit ``e`` set when rotation ``k`` puts track
    on side ``e``; ``groups[k][e]`` is the piece of track (rule 8: paths sharing an endpoint are one piece)
    reaching side ``e``, or ``-1``.
    """

    index: int
    id: str
    kind: str
    names: dict[str, str]
    paths: tuple[tuple[End, End], ...]
    count: int
    period: int
    masks: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    pieces: int

    @property
    def station(self) -> bool:
        """Whether the tile carries a town station (rule 8: a station joins every exit)."""
        return self.kind == "town"

    def name(self, lang: str) -> str:
        """The tile's name in ``lang`` (English when there is none)."""
        return self.names.get(lang) or self.names["en"]


@dataclass(frozen=True)
class Site:
    """A city site printed on the map (rule 2)."""

    hex: str
    names: dict[str, str]

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names["en"]


@dataclass(frozen=True)
class Board:
    """The map and the supply, with lookups by id."""

    hexes: tuple[str, ...]
    coords: tuple[Hex, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    edge_masks: tuple[int, ...]
    sites: tuple[Site, ...]
    site_by_hex: dict[str, Site]
    tiles: tuple[TileType, ...]
    tile_by_id: dict[str, TileType]
    tile_by_name: dict[str, TileType]

    def tile(self, key: str) -> TileType | None:
        """The tile with this id (``s3``) or name (``sharp curve``, ``急弯``), case-insensitive."""
        text = " ".join(key.strip().lower().split())
        return self.tile_by_id.get(text) or self.tile_by_name.get(text)


def _rotated(paths: tuple[tuple[End, End], ...], k: int) -> frozenset[frozenset[End]]:
    return frozenset(frozenset((e + k) % SIDES if isinstance(e, int) else e for e in p) for p in paths)


def _tile(index: int, raw: dict[str, Any]) -> TileType:
    paths: tuple[tuple[End, End], ...] = tuple((a, b) for a, b in raw["paths"])
    base = _rotated(paths, 0)
    period = next(k for k in range(1, SIDES + 1) if _rotated(paths, k) == base)
    # rule 8: paths sharing an endpoint (an edge or the station) are one piece of track
    piece: dict[End, int] = {}
    for n, (a, b) in enumerate(paths):
        joined = {piece[e] for e in (a, b) if e in piece}
        target = min(joined) if joined else n
        for end, g in piece.items():
            if g in joined:
                piece[end] = target
        piece[a] = piece[b] = target
    numbering = {g: n for n, g in enumerate(sorted(set(piece.values())))}
    masks: list[int] = []
    groups: list[tuple[int, ...]] = []
    for k in range(period):
        mask = 0
        group = [-1] * SIDES
        for end, g in piece.items():
            if isinstance(end, int):
                side = (end + k) % SIDES
                mask |= 1 << side
                group[side] = numbering[g]
        masks.append(mask)
        groups.append(tuple(group))
    names = {"en": str(raw["en"]), "zh": str(raw["zh"])}
    return TileType(index, str(raw["id"]), str(raw["kind"]), names, paths, int(raw["count"]), period, tuple(masks),
                    tuple(groups), len(numbering))


@cache
def board() -> Board:
    """The map and supply of Tile Lay (read once)."""
    raw_map = tomllib.loads((DATA / "map.toml").read_text(encoding="utf-8"))
    raw_tiles = tomllib.loads((DATA / "tiles.toml").read_text(encoding="utf-8"))
    hexes = tuple(IDS.format(IDS.parse(h)) for line in raw_map["hexes"] for h in line.split())
    coords = tuple(IDS.parse(h) for h in hexes)
    where = {c: i for i, c in enumerate(coords)}
    neighbours = tuple(tuple(where.get(c + d, OFF_MAP) for d in FLAT_EDGES) for c in coords)
    edge_masks = tuple(sum(1 << e for e, n in enumerate(row) if n == OFF_MAP) for row in neighbours)
    sites = tuple(Site(IDS.format(IDS.parse(s["hex"])), {"en": s["en"], "zh": s["zh"]}) for s in raw_map["site"])
    tiles = tuple(_tile(i, t) for i, t in enumerate(raw_tiles["tile"]))
    by_name: dict[str, TileType] = {}
    for t in tiles:
        for name in t.names.values():
            by_name[" ".join(name.lower().split())] = t
    return Board(hexes, coords, {h: i for i, h in enumerate(hexes)}, neighbours, edge_masks, sites,
                 {s.hex: s for s in sites}, tiles, {t.id: t for t in tiles}, by_name)


def hex_id(text: str) -> str:
    """The canonical id (``"C4"``) of a typed hex id (``c4``, ``C04``); ``HexIdError`` if it names no hex of the
    letter-number grid. The hex may still lie off the map."""
    return IDS.format(IDS.parse(text))


def try_hex_id(text: str) -> str | None:
    """Like :func:`hex_id`, ``None`` instead of an error."""
    try:
        return hex_id(text)
    except HexIdError:
        return None


# ---- the fit test (rules 4-6) ---------------------------------------------------------------------------------
class Laid(Protocol):
    """A laid tile as the state and the view both hold it."""

    @property
    def tile(self) -> str: ...

    @property
    def rotation(self) -> int: ...

    @property
    def owner(self) -> int: ...


def mask_of(laid: Laid) -> int:
    """Sides on which a laid tile has track."""
    return board().tile_by_id[laid.tile].masks[laid.rotation]


def constraints(hex_index: int, laid: Mapping[str, Laid], cities: frozenset[str] | set[str]) -> tuple[int, int]:
    """``(required, forbidden)`` side masks of an empty hex: track must reach every required side (a laid
    neighbour's track ends there, rule 6) and no forbidden side (the map edge, rule 5, or a laid neighbour's
    blank side, rule 6). A side facing a city takes track or not, as the layer likes (rule 7)."""
    b = board()
    required = 0
    forbidden = b.edge_masks[hex_index]
    for side, n in enumerate(b.neighbours[hex_index]):
        if n == OFF_MAP:
            continue
        other = laid.get(b.hexes[n])
        if other is None:
            continue
        if mask_of(other) >> opposite(side) & 1:
            required |= 1 << side
        else:
            forbidden |= 1 << side
    return required, forbidden


@cache
def fitting(required: int, forbidden: int) -> tuple[tuple[TileType, tuple[int, ...]], ...]:
    """Every tile with the rotations of it that meet ``required`` / ``forbidden``, in supply order; the supply
    left is not looked at. Cached: at most 3**6 different pairs exist."""
    out = []
    for tile in board().tiles:
        rotations = tuple(k for k, mask in enumerate(tile.masks)
                          if mask & forbidden == 0 and mask & required == required)
        if rotations:
            out.append((tile, rotations))
    return tuple(out)


def open_hexes(laid: Mapping[str, Laid], cities: frozenset[str] | set[str]) -> list[int]:
    """Indices of the empty hexes (neither a city nor laid), in map order."""
    b = board()
    return [i for i, h in enumerate(b.hexes) if h not in laid and h not in cities]


def lays_at(hex_index: int, laid: Mapping[str, Laid], cities: frozenset[str] | set[str],
            supply: Mapping[str, int]) -> list[tuple[TileType, tuple[int, ...]]]:
    """The tiles still in the supply that may be laid on an empty hex, each with its legal rotations."""
    return [(t, rots) for t, rots in fitting(*constraints(hex_index, laid, cities)) if supply.get(t.id, 0) > 0]


def count_at(hex_index: int, laid: Mapping[str, Laid], cities: frozenset[str] | set[str],
             supply: Mapping[str, int]) -> int:
    """How many lays an empty hex offers (tiles × rotations), without building them."""
    return sum(len(rots) for t, rots in fitting(*constraints(hex_index, laid, cities)) if supply.get(t.id, 0) > 0)
