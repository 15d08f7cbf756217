"""The track of 18 Royal Gorge as a graph, and the tile-lay rules — pure functions over plain inputs.

A :class:`Board` is built from what the engine stores: the tiles laid (``hex → (tile id, rotation)``), the station
tokens (``hex → corporation per city slot``), the railroads drawn and the phase. Every other figure comes from
:func:`games.royal_gorge.content.content` (map, tiles, off-board revenue by phase).

**Geometry** (verified against the five 18xx.games records, see ``tests/royal_gorge/test_track.py``): flat-top
hexes named as 18xx.games names them, edges numbered clockwise 0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE
(:data:`games.core.hexgrid.FLAT_EDGES`); a tile laid at rotation ``k`` puts its printed edge ``e`` on the hex's
edge ``(e + k) % 6`` — exactly 18xx.games' ``rotation`` field (every recorded lay then connects the way the
recorded routes run over it). The neighbour across edge ``e`` sees this hex across ``(e + 3) % 6``.

**The graph.** Each hex holds at most one stop (city, town or off-board), so a stop is named by its hex. A *path*
joins two ends of one hex: two edges (plain track) or an edge and :data:`STATION` (the stop). A *side* is the
boundary between two neighbouring hexes; every side a path reaches gets a number (:func:`side_index`), and two
trains of one railroad may not use the same side (18xx.games forbids reusing the track at an edge of a hex, which
is the same thing). A :class:`Connection` is one way along the track from a stop to the next stop, never through
another stop; routes are chains of connections.

Movement follows 18xx.games: along a path, then across a side into the neighbour's paths at the opposite edge —
never from one path to another path of the same hex at a shared edge (that would be reversing). A stop joins all
its paths. Off-boards end a route; a city whose slots are all filled by other railroads' tokens can be reached but
not passed through (``Board.blocks``); reserved but empty slots do not block.

**Tile lays** (:func:`legal_lays`, :func:`lay_problem`, :func:`reachable_hexes`) follow the 18xx.games track
rules this title inherits: the tile is in the supply and of a colour the phase allows; on an empty hex it matches
the printed stops (kinds and count; I13/L8 are cities only when FCC/NO is drawn) and label (Salida C11 takes only
the S tiles; Sulphur Springs E3 takes ordinary town tiles); an upgrade is in the tile's upgrade list and keeps
every path of the old tile (a stop keeps its place, each hex has one); every exit leads to a hex a track can
enter (not off the map, not a gray hex, not a red hex's side without track); at least one exit is where the
railroad's network reaches the hex (:func:`reachable_hexes`: the edges the network touches, all edges of hexes
holding its token); an upgrade must add track the railroad can use or change the value of a stop it reaches
("semi-restrictive"). The Royal Gorge (D12, E13, F12) takes no tile before the Treaty of Boston, which lays the
green set (:func:`treaty_lays`); after it, only the matching brown RG tile, and one brown lay upgrades all three
(:func:`lay_changes`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.royal_gorge.content import STATION, TILE_COLOURS, Content, End, Stop, Tile, content

__all__ = [
    "STATION",
    "Board",
    "Connection",
    "Lay",
    "Node",
    "TrackPath",
    "lay_changes",
    "lay_problem",
    "legal_lays",
    "mine_hexes",
    "reachable_hexes",
    "side_index",
    "treaty_lays",
]

Laid = Mapping[str, tuple[str, int]]
"""``hex → (tile id, rotation)``: the tiles on the map (tile ids as in tiles.toml: ``"57"``, ``"RG-A"``)."""
Tokens = Mapping[str, Sequence[str | None]]
"""``hex → corporation per city slot`` (``None`` = empty slot; a list shorter than the city's slots is padded)."""

#: The stop kinds a train counts as "cities" (N+ trains; towns are free).
COUNTED = frozenset({"city", "offboard"})


# --------------------------------------------------------------------------------------------------
# Geometry shared by every board of one content: neighbours, sides, hex numbers
# --------------------------------------------------------------------------------------------------


class _Geometry:
    """Tables that depend only on the map: who lies across each edge, the number of each side, hex numbers."""

    def __init__(self, c: Content) -> None:
        self.content = c
        self.hex_ids: tuple[str, ...] = tuple(h.id for h in c.hex_list)
        self.hex_index: dict[str, int] = {h: i for i, h in enumerate(self.hex_ids)}
        self.across: dict[str, tuple[str | None, ...]] = {
            h: tuple(c.neighbour(h, e) for e in range(6)) for h in self.hex_ids}
        # 18xx.games "neighbors": track may enter a hex across this edge (gray hexes never; red hexes only
        # across a side their printed track reaches).
        enter: dict[str, tuple[str | None, ...]] = {}
        for h in self.hex_ids:
            row: list[str | None] = []
            for e in range(6):
                n = self.across[h][e]
                if n is not None:
                    nh = c.hexes[n]
                    back = (e + 3) % 6
                    if nh.colour == "gray" or (nh.colour == "red" and back not in _exits(nh.paths)):
                        n = None
                row.append(n)
            enter[h] = tuple(row)
        self.enter = enter
        self.side: dict[tuple[str, int], int] = {}
        self.sides: list[tuple[str, int]] = []
        for h in self.hex_ids:
            for e in range(6):
                n = self.across[h][e]
                if n is None or (h, e) in self.side:
                    continue
                self.side[(h, e)] = self.side[(n, (e + 3) % 6)] = len(self.sides)
                self.sides.append((h, e))


_GEOMETRY: dict[int, _Geometry] = {}


def _geometry(c: Content) -> _Geometry:
    found = _GEOMETRY.get(id(c))
    if found is None or found.content is not c:
        found = _GEOMETRY[id(c)] = _Geometry(c)
    return found


def _exits(paths: Iterable[tuple[End, End]]) -> frozenset[int]:
    return frozenset(e for p in paths for e in p if isinstance(e, int))


def side_index(hex_id: str, edge: int, c: Content | None = None) -> int:
    """The number of the side across ``edge`` of ``hex_id`` (the same from both hexes); bit ``n`` of a track
    mask is side ``n``."""
    return _geometry(c or content()).side[(hex_id, edge)]


# --------------------------------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Node:
    """A stop: a city (with its token slots), a town or an off-board, with its revenue in the board's phase.

    ``area`` names an off-board area (a route may use one stop of each); ``mines`` the printed mine icons of the
    hex (gold cubes are the engine's state)."""

    hex: str
    kind: str
    revenue: int
    slots: int = 0
    tokens: tuple[str | None, ...] = ()
    area: str = ""
    mines: int = 0


@dataclass(frozen=True, slots=True)
class TrackPath:
    """One path of a hex at its laid rotation: ``a`` and ``b`` are edges 0-5 or :data:`STATION`."""

    hex: str
    a: End
    b: End


@dataclass(frozen=True, slots=True)
class Connection:
    """The track from stop ``a`` to stop ``b`` passing no other stop.

    ``hexes`` is the hex chain from ``a`` to ``b`` (both included; a hex shows twice where the track crosses
    itself on a two-track tile); ``sides`` the side numbers it uses as a bit mask; ``hex_mask`` the hexes it
    touches (bit = index in the map's hex order)."""

    id: int
    a: str
    b: str
    hexes: tuple[str, ...]
    sides: int
    hex_mask: int


class Board:
    """The map with its tiles and tokens in one phase: stops, track paths, sides and connections.

    ``laid``: ``hex → (tile id, rotation)``; ``tokens``: ``hex → corporation per city slot``; ``railroads``: the
    five drawn (decides whether I13 and L8 are cities); ``phase``: ``yellow`` … ``silver`` (off-board revenue and
    the tile colours allowed). A board is immutable; the engine builds a new one after a lay or a token.
    """

    def __init__(self, laid: Laid, tokens: Tokens | None = None, railroads: Iterable[str] = (),
                 phase: str = "yellow", *, c: Content | None = None) -> None:
        self.content = c = c or content()
        if phase not in c.phases:
            raise ValueError(f"unknown phase {phase!r}")
        self.geometry = g = _geometry(c)
        self.phase = phase
        self.railroads = frozenset(railroads)
        self.laid: dict[str, tuple[str, int]] = {}
        for hex_id, (tile_id, rotation) in laid.items():
            if hex_id not in c.hexes or tile_id not in c.tiles or not 0 <= rotation <= 5:
                raise ValueError(f"bad lay {tile_id!r} r{rotation} on {hex_id!r}")
            self.laid[hex_id] = (tile_id, rotation)
        self._paths: dict[str, tuple[tuple[End, End], ...]] = {}
        self._stop: dict[str, Stop] = {}
        for h in c.hex_list:
            placed = self.laid.get(h.id)
            if placed is not None:
                tile = c.tiles[placed[0]]
                self._paths[h.id] = tuple(_turn(p, placed[1]) for p in tile.paths)
                stops = tile.stops
            else:
                self._paths[h.id] = h.paths
                stops = c.stops_of(h.id, self.railroads)
            if stops:
                self._stop[h.id] = stops[0]
        self.tokens: dict[str, tuple[str | None, ...]] = {}
        for hex_id, slots in (tokens or {}).items():
            stop = self._stop.get(hex_id)
            placed_slots = tuple(slots)
            if not any(placed_slots):
                continue
            if stop is None or stop.kind != "city" or len(placed_slots) > stop.slots:
                raise ValueError(f"tokens {list(placed_slots)} do not fit the stop on {hex_id}")
            self.tokens[hex_id] = placed_slots + (None,) * (stop.slots - len(placed_slots))
        self.hex_mask_of = {h: 1 << i for h, i in g.hex_index.items()}
        self._connections: list[Connection] | None = None
        self._networks: dict[str, tuple[dict[str, frozenset[int]], frozenset[tuple[str, int]]]] = {}

    # ---- what is where
    def tile(self, hex_id: str) -> Tile | None:
        """The tile laid on the hex (``None``: the printed hex)."""
        placed = self.laid.get(hex_id)
        return self.content.tiles[placed[0]] if placed else None

    def paths(self, hex_id: str) -> tuple[tuple[End, End], ...]:
        """The hex's paths at their laid rotation (printed track on an unlaid hex)."""
        return self._paths[hex_id]

    def stop(self, hex_id: str) -> Stop | None:
        """The stop on the hex: the laid tile's, else the printed one (``None``: none)."""
        return self._stop.get(hex_id)

    def revenue(self, hex_id: str) -> int:
        """What the hex's stop pays in the board's phase (off-boards and red cities by phase); 0 without a stop."""
        stop = self._stop.get(hex_id)
        return self.content.stop_revenue(stop, self.phase) if stop else 0

    def tokens_in(self, hex_id: str) -> tuple[str | None, ...]:
        return self.tokens.get(hex_id, ())

    def has_token(self, hex_id: str, corporation: str) -> bool:
        return corporation in self.tokens.get(hex_id, ())

    def token_hexes(self, corporation: str) -> list[str]:
        """Hexes where the railroad has a station token, in map order."""
        return [h for h in self.geometry.hex_ids if corporation in self.tokens.get(h, ())]

    def blocks(self, hex_id: str, corporation: str) -> bool:
        """Whether the hex's stop stops ``corporation`` passing through: a city whose every slot holds another
        railroad's token (an empty or merely reserved slot never blocks)."""
        stop = self._stop.get(hex_id)
        if stop is None or stop.kind != "city":
            return False
        slots = self.tokens.get(hex_id, ())
        return corporation not in slots and len(slots) >= stop.slots and None not in slots

    def node(self, hex_id: str) -> Node | None:
        stop = self._stop.get(hex_id)
        if stop is None:
            return None
        return Node(hex_id, stop.kind, self.revenue(hex_id), stop.slots, self.tokens.get(hex_id, ()), stop.area,
                    self.content.hexes[hex_id].mines)

    def nodes(self) -> list[Node]:
        """Every stop on the map (printed ones without track included), in map order."""
        return [n for h in self.geometry.hex_ids if (n := self.node(h)) is not None]

    def track(self) -> list[TrackPath]:
        """Every path on the map at its rotation."""
        return [TrackPath(h, a, b) for h in self.geometry.hex_ids for a, b in self._paths[h]]

    def enter(self, hex_id: str, edge: int) -> str | None:
        """The hex track across ``edge`` leads into (``None``: off the map, a gray hex, a red side without
        track)."""
        return self.geometry.enter[hex_id][edge]

    def with_phase(self, phase: str) -> Board:
        """The same tiles and tokens in another phase."""
        return Board(self.laid, self.tokens, self.railroads, phase, c=self.content)

    # ---- connections between stops
    def connections(self) -> list[Connection]:
        """Every way along the track from one stop to the next (once per pair of ends and track), in a fixed
        order. Cached."""
        if self._connections is None:
            self._connections = self._find_connections()
        return self._connections

    def _find_connections(self) -> list[Connection]:
        g = self.geometry
        found: dict[tuple[str, str, int], tuple[str, ...]] = {}

        def walk(start: str, hex_id: str, edge: int, sides: int, chain: tuple[str, ...]) -> None:
            side = g.side.get((hex_id, edge))
            nxt = g.enter[hex_id][edge]
            if side is None or nxt is None or sides >> side & 1:
                return
            sides |= 1 << side
            back = (edge + 3) % 6
            chain = (*chain, nxt)
            for a, b in self._paths[nxt]:
                if back not in (a, b):
                    continue
                other = b if a == back else a
                if other == STATION:
                    if nxt != start:
                        key = (start, nxt, sides) if start < nxt else (nxt, start, sides)
                        if key not in found:
                            found[key] = chain if start < nxt else tuple(reversed(chain))
                else:
                    assert isinstance(other, int)
                    walk(start, nxt, other, sides, chain)

        for h in g.hex_ids:
            if h not in self._stop:
                continue
            for a, b in self._paths[h]:
                if STATION in (a, b):
                    edge = b if a == STATION else a
                    if isinstance(edge, int):
                        walk(h, h, edge, 0, (h,))
        out: list[Connection] = []
        for (a, b, sides), chain in sorted(found.items(), key=lambda kv: (g.hex_index[kv[0][0]],
                                                                            g.hex_index[kv[0][1]], kv[0][2])):
            mask = 0
            for h in chain:
                mask |= self.hex_mask_of[h]
            out.append(Connection(len(out), a, b, chain, sides, mask))
        return out

    # ---- the railroad's network (18xx.games "connected hexes")
    def network(self, corporation: str) -> tuple[dict[str, frozenset[int]], frozenset[tuple[str, int]]]:
        """What ``corporation`` reaches from its tokens: ``hex → edges`` its track touches or can be joined at
        (every edge of a hex holding its token; both sides of every path it reaches), and the paths reached as
        ``(hex, path index)``. Blocked cities are reached but not passed; off-boards end the walk. Cached."""
        found = self._networks.get(corporation)
        if found is None:
            found = self._networks[corporation] = self._walk_network(corporation)
        return found

    def _walk_network(self, corporation: str) -> tuple[dict[str, frozenset[int]], frozenset[tuple[str, int]]]:
        g = self.geometry
        edges: dict[str, set[int]] = {}
        reached: set[tuple[str, int]] = set()
        seen: set[tuple[str, int, End]] = set()
        entered: set[str] = set()
        queue: deque[tuple[str, int, End]] = deque()

        def enter_stop(hex_id: str) -> None:
            if hex_id in entered:
                return
            entered.add(hex_id)
            for index, (a, b) in enumerate(self._paths[hex_id]):
                if STATION in (a, b):
                    queue.append((hex_id, index, STATION))

        for h in self.token_hexes(corporation):
            edges.setdefault(h, set()).update(e for e in range(6) if g.enter[h][e] is not None)
            enter_stop(h)
        while queue:
            state = queue.popleft()
            if state in seen:
                continue
            seen.add(state)
            hex_id, index, came = state
            reached.add((hex_id, index))
            a, b = self._paths[hex_id][index]
            for end in (a, b):
                if isinstance(end, int):
                    edges.setdefault(hex_id, set()).add(end)
                    n = g.enter[hex_id][end]
                    if n is not None:
                        edges.setdefault(n, set()).add((end + 3) % 6)
            out = b if a == came else a
            if out == STATION:
                stop = self._stop.get(hex_id)
                if stop is not None and stop.kind != "offboard" and not self.blocks(hex_id, corporation):
                    enter_stop(hex_id)
                continue
            assert isinstance(out, int)
            n = g.enter[hex_id][out]
            if n is None:
                continue
            back = (out + 3) % 6
            for index2, (a2, b2) in enumerate(self._paths[n]):
                if back in (a2, b2):
                    queue.append((n, index2, back))
        return {h: frozenset(e) for h, e in edges.items()}, frozenset(reached)


def _turn(path: tuple[End, End], rotation: int) -> tuple[End, End]:
    a, b = path
    return ((a + rotation) % 6 if isinstance(a, int) else a, (b + rotation) % 6 if isinstance(b, int) else b)


# --------------------------------------------------------------------------------------------------
# Tile lays
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lay:
    """A tile lay: ``tile`` on ``hex`` at ``rotation``; ``upgrade`` when it replaces a laid (or preprinted yellow)
    tile."""

    hex: str
    tile: str
    rotation: int
    upgrade: bool = False


def reachable_hexes(board: Board, corporation: str) -> dict[str, frozenset[int]]:
    """Where ``corporation`` may lay track: hex → the edges at which its network reaches the hex (all edges of a
    hex holding its token). A lay there must put an exit on one of those edges."""
    return board.network(corporation)[0]


def treaty_lays(c: Content | None = None) -> dict[str, tuple[str, int]]:
    """The green Royal Gorge tiles the Treaty of Boston lays itself (``hex → (tile, 0)``)."""
    c = c or content()
    out: dict[str, tuple[str, int]] = {}
    for tile_id in c.rules.treaty.green_tiles:
        (hex_id,) = c.tiles[tile_id].hexes
        out[hex_id] = (tile_id, 0)
    return out


def lay_changes(board: Board, lay: Lay) -> dict[str, tuple[str, int]]:
    """What a lay puts on the map: ``{hex: (tile, rotation)}``, three hexes for the brown Royal Gorge lay (one
    brown lay upgrades the whole gorge, each tile at rotation 0)."""
    c = board.content
    tile = c.tiles[lay.tile]
    if c.hexes[lay.hex].gorge and tile.colour == "brown" and c.rules.gorge.brown_upgrades_all:
        out = {}
        for hex_id in c.rules.gorge.hexes:
            brown = next(t for t in c.hexes[hex_id].upgrades if c.tiles[t].colour == "brown")
            out[hex_id] = (brown, lay.rotation if hex_id == lay.hex else 0)
        return out
    return {lay.hex: (lay.tile, lay.rotation)}


def _candidates(board: Board, hex_id: str, special: str = "") -> list[Tile]:
    """Tiles that may go on the hex by colour, label, stops and supply, before rotation and connection."""
    c = board.content
    h = c.hexes[hex_id]
    if h.colour in ("gray", "red"):
        return []
    allowed = set(c.phases[board.phase].tiles)
    current = board.tile(hex_id)
    on_board: dict[str, int] = {}
    for tile_id, _ in board.laid.values():
        on_board[tile_id] = on_board.get(tile_id, 0) + 1
    out: list[Tile] = []
    if special == "sulphur_springs":
        # B2: the R city of the current tile's colour, in place of the town (fixed orientation)
        colour = current.colour if current else "yellow"
        for t in c.tile_list:
            if t.label == "R" and hex_id in t.hexes and t.colour == colour:
                out.append(t)
    elif h.gorge:
        # nothing before the Treaty; then the green set is laid for the players, and only brown is theirs
        if current is not None and current.colour == "green":
            out = [c.tiles[t] for t in current.upgrades]
    elif current is None:
        stop = board.stop(hex_id)
        printed = [stop.kind] if stop else []
        label = "" if (h.label == "R" and printed == ["town"]) else h.label
        for t in c.tile_list:
            if t.colour != "yellow" or t.label != label or (t.hexes and hex_id not in t.hexes):
                continue
            if sorted(s.kind for s in t.stops) != printed:
                continue
            out.append(t)
    else:
        out = [c.tiles[t] for t in current.upgrades if not c.tiles[t].hexes or hex_id in c.tiles[t].hexes]
    return [t for t in out if t.colour in allowed and on_board.get(t.id, 0) < t.count]


def _check_rotation(board: Board, corporation: str, hex_id: str, tile: Tile, rotation: int,
                    network: tuple[dict[str, frozenset[int]], frozenset[tuple[str, int]]],
                    special: str = "") -> str | None:
    new_paths = tile.rotated_paths(rotation)
    old = board.paths(hex_id)
    old_paths = frozenset(frozenset(p) for p in old)
    if not old_paths <= new_paths:
        return "the tile does not keep the track already there"
    exits = tile.exits(rotation)
    blocked_exit = [e for e in sorted(exits) if board.enter(hex_id, e) is None]
    if blocked_exit:
        return f"track would run off the map or into an impassable hex at edge {blocked_exit[0]}"
    if special == "sulphur_springs":
        return None
    edges = network[0].get(hex_id, frozenset())
    if not exits & edges:
        return f"{corporation} cannot reach this tile's track"
    if old_paths:
        # semi-restrictive: new track the railroad can use, or a stop it reaches changing value
        reached = {p for p in new_paths if any(isinstance(e, int) and e in edges for e in p)}
        if board.has_token(hex_id, corporation) or (
                any(STATION in p for p in reached) and not board.blocks(hex_id, corporation)):
            reached |= {p for p in new_paths if STATION in p}
        if any(p not in old_paths for p in reached):
            return None
        old_stop = board.stop(hex_id)
        old_revenue = old_stop.revenue if old_stop else None
        new_revenue = tile.stops[0].revenue if tile.stops else None
        if new_revenue != old_revenue and any(STATION in p for p in reached):
            return None
        return "the upgrade adds no track the railroad can use and changes no stop it reaches"
    return None


def lay_problem(board: Board, corporation: str, hex_id: str, tile_id: str, rotation: int, *,
                special: str = "") -> str | None:
    """Why ``corporation`` may not lay ``tile_id`` at ``rotation`` on ``hex_id`` (``None``: it may).

    ``special="sulphur_springs"``: private B2's conversion of E3 to the R city of the same colour (no connection
    needed; the sheet does not say, this is our reading)."""
    c = board.content
    if hex_id not in c.hexes:
        return f"no hex {hex_id}"
    if tile_id not in c.tiles:
        return f"no tile {tile_id}"
    if not 0 <= rotation <= 5:
        return f"rotation {rotation} is not 0-5"
    tile = c.tiles[tile_id]
    if tile not in _candidates(board, hex_id, special):
        current = board.tile(hex_id)
        if TILE_COLOURS.index(tile.colour) > 0 and tile.colour not in c.phases[board.phase].tiles:
            return f"{tile.colour} tiles are not available in the {board.phase} phase"
        return f"tile {tile_id} may not go on {hex_id}" + (f" (over {current.id})" if current else "")
    return _check_rotation(board, corporation, hex_id, tile, rotation, board.network(corporation), special)


def legal_lays(board: Board, corporation: str, hex_id: str, *, special: str = "") -> list[Lay]:
    """Every legal lay of ``corporation`` on the hex: one rotation per distinct result (the lowest), tiles in
    manifest order."""
    network = board.network(corporation)
    upgrade = bool(board.paths(hex_id)) or board.tile(hex_id) is not None
    out: list[Lay] = []
    for tile in _candidates(board, hex_id, special):
        seen: set[frozenset[frozenset[End]]] = set()
        for rotation in range(6):
            if special == "sulphur_springs" and rotation:
                break
            shape = tile.rotated_paths(rotation)
            if shape in seen:
                continue
            seen.add(shape)
            if _check_rotation(board, corporation, hex_id, tile, rotation, network, special) is None:
                out.append(Lay(hex_id, tile.id, rotation, upgrade))
    return out


def mine_hexes(c: Content | None = None) -> dict[str, int]:
    """Hexes whose first (yellow) lay puts gold cubes there: hex → printed mine icons (§2.2)."""
    c = c or content()
    return {h.id: h.mines for h in c.hex_list if h.mines}

