"""Which stations the track links, and what a lay scores (rules 8-10).

The track network is a union-find over *pieces*: each laid tile's pieces of track (rule 8: paths sharing an
endpoint are one piece; a town's station joins all its exits) and each printed city. Two pieces are joined
where a tile's track meets a neighbour's track across their common side, or runs into a city's side.

A set of ``n`` linked stations with values ``v`` (a city 2, a town 1) is worth ``(n - 1) × sum(v)``: every pair
of them counts the sum of its two values (rule 9). A lay scores what the network's worth grows by, which needs
only the pieces next to the new tile: the network is built once per move, and each candidate lay is then
scored by looking at its six sides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .board import OFF_MAP, Laid, TileType, board, opposite

CITY_VALUE = 2
TOWN_VALUE = 1


def worth(stations: int, value: int) -> int:
    """Points of ``stations`` linked stations whose values add up to ``value``: each pair scores its two
    values (rule 9), and every station is in ``stations - 1`` pairs."""
    return (stations - 1) * value if stations > 1 else 0


@dataclass(frozen=True)
class Gain:
    """What one lay scores: station pairs newly linked and their points (rule 9), and track of the layer's
    own that the new tile joins (rule 10)."""

    links: int = 0
    pairs: int = 0
    extension: int = 0

    @property
    def points(self) -> int:
        return self.links + self.extension


class Network:
    """The linked pieces of track of a position (rule 8), built once from the laid tiles and the cities."""

    def __init__(self, laid: Mapping[str, Laid], cities: list[str] | frozenset[str] | set[str]) -> None:
        b = board()
        self.laid = laid
        self.cities = frozenset(cities)
        self.parent: list[int] = []
        self.stations: list[int] = []
        self.value: list[int] = []
        self.first: dict[str, int] = {}          # hex id -> node of its first piece (or of its city)
        for h in self.cities:
            self.first[h] = self._node(1, CITY_VALUE)
        for h, placed in laid.items():
            tile = b.tile_by_id[placed.tile]
            first = len(self.parent)
            for _ in range(tile.pieces):
                self._node(0, 0)
            if tile.station:                     # rule 8: the station sits on the tile's only piece
                self.stations[first] += 1
                self.value[first] += TOWN_VALUE
            self.first[h] = first
        for h, placed in laid.items():
            here = b.index[h]
            tile = b.tile_by_id[placed.tile]
            groups = tile.groups[placed.rotation]
            for side, n in enumerate(b.neighbours[here]):
                if groups[side] < 0 or n == OFF_MAP:
                    continue
                other = self.node_across(n, opposite(side))
                if other is not None:
                    self._union(self.first[h] + groups[side], other)

    # ---- union-find ----------------------------------------------------------------------------------------
    def _node(self, stations: int, value: int) -> int:
        self.parent.append(len(self.parent))
        self.stations.append(stations)
        self.value.append(value)
        return len(self.parent) - 1

    def find(self, node: int) -> int:
        """The root of ``node``'s linked set."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        self.parent[rb] = ra
        self.stations[ra] += self.stations[rb]
        self.value[ra] += self.value[rb]

    # ---- questions -----------------------------------------------------------------------------------------
    def node_across(self, hex_index: int, side: int) -> int | None:
        """The piece of the hex ``hex_index`` that reaches its ``side``: a city (every side), a laid tile's
        piece with track there, else ``None``."""
        h = board().hexes[hex_index]
        if h in self.cities:
            return self.first[h]
        placed = self.laid.get(h)
        if placed is None:
            return None
        group = board().tile_by_id[placed.tile].groups[placed.rotation][side]
        return None if group < 0 else self.first[h] + group

    def linked(self, a: str, b: str) -> bool:
        """Whether two cities (or towns, by their hex) are linked by track."""
        return self.find(self.first[a]) == self.find(self.first[b])

    def gain(self, hex_index: int, tile: TileType, rotation: int, seat: int) -> Gain:
        """What laying ``tile`` at ``rotation`` on the empty hex scores for ``seat`` (rules 9 and 10).

        Assumes the lay fits (rules 5-6); looks only at the hex's six sides."""
        b = board()
        groups = tile.groups[rotation]
        # the new pieces, then the existing sets they touch, merged in a small union-find of their own
        touched: dict[int, set[int]] = {g: set() for g in range(tile.pieces)}
        extension = 0
        for side, n in enumerate(b.neighbours[hex_index]):
            g = groups[side]
            if g < 0 or n == OFF_MAP:
                continue
            other = self.node_across(n, opposite(side))
            if other is None:
                continue
            touched[g].add(self.find(other))
            placed = self.laid.get(b.hexes[n])
            if placed is not None and placed.owner == seat:
                extension += 1                                # rule 10: one point per side joined
        links = pairs = 0
        merged: list[tuple[set[int], int, int]] = []          # (roots, own stations, own value)
        for piece_roots in touched.values():
            roots = set(piece_roots)
            stations, value = (1, TOWN_VALUE) if tile.station else (0, 0)   # a town tile has one piece
            for m in [m for m in merged if m[0] & roots]:
                merged.remove(m)
                roots |= m[0]
                stations += m[1]
                value += m[2]
            merged.append((roots, stations, value))
        for roots, own_stations, own_value in merged:
            stations = own_stations + sum(self.stations[r] for r in roots)
            value = own_value + sum(self.value[r] for r in roots)
            before = sum(worth(self.stations[r], self.value[r]) for r in roots)
            before_pairs = sum(self.stations[r] * (self.stations[r] - 1) // 2 for r in roots)
            links += worth(stations, value) - before
            pairs += stations * (stations - 1) // 2 - before_pairs
        return Gain(links, pairs, extension)

