"""Routes of 18 Royal Gorge: score a given run, and find the best one — pure functions over a :class:`Board`.

**What a route is** (18xx.games, the fact sheet §2.3, §6, §10 and the rules text 运营轮 步骤3): a chain of track
from a stop to a stop (:mod:`games.royal_gorge.track`); it visits every stop its track passes through; it holds
at least two stops, one of them a city with the railroad's token; no stop twice; at most one stop of each
off-board area (Leadville, Denver, Kit Carson, La Junta, Silverton); off-boards only at its ends; no city full of
other railroads' tokens in its middle (except the Royal Gorge cities for the railroad holding private G3, the
Hanging Bridge Lease). An ``N+`` train counts at most N cities and off-boards, towns free (they still pay); the
``6x2`` counts every stop (at most 6) and doubles their revenue. No two trains of a railroad use the same track:
the same side of a hex (see the track module), which is how 18xx.games reads "reuse track".

**Revenue** of a route: the stops' revenues in the phase (× 2 for the 6x2), plus the private bonuses of the
running railroad, not doubled (18xx.games adds them after the multiplier): Y2 Ghost Town Tour Co. +$10 per
ghost-town hex the route touches (stops and hexes passed alike), Y1 St. Cloud Hotel +$20 when it stops at the
hotel's hex (G17, in Brown Cañon City). The run's **total** adds one gold shipment (§10): +$50 (G2 Gold Nugget:
+$130 once) when some route touches a hex holding a gold cube and the OR set's shipping limit is not reached.
G3's 10 % lease fee to RG (``Run.lease_due``) is paid from the treasury, not taken from the run. Extensions (B5
Track Engineer +1, Y3/G6 coal cubes +1 each, ≤ 2 per run per source, each source on a different train) lengthen
one train for the run: ``TrainSpec(name, extra)``.

**The search** (:func:`best_routes`) lists every legal route of each train type as a chain of connections built
out from the railroad's tokens, then picks one route per train with disjoint track by branch and bound (best
revenue first, pruned by the best total still reachable). It is exact and deterministic (fixed orders, ties keep
the first found). Its work is bounded by ``budget``, a count of search steps (a connection tried while listing
routes, a route tried while combining them), never by wall time: when the budget runs out the routes listed so
far are combined (at least greedily: each train the best route still free) and the best total found is returned
with ``complete=False``. :data:`DEFAULT_BUDGET` is about 50 times what the five recorded games need (see
``bench/royal_gorge_routes.py``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from games.royal_gorge.content import (
    PHASES,
    CoalCreek,
    CoalDepot,
    Content,
    GhostTowns,
    GoldBonus,
    GorgeLease,
    RouteBonus,
    TrainBoost,
)
from games.royal_gorge.track import COUNTED, STATION, Board

__all__ = [
    "DEFAULT_BUDGET",
    "Extras",
    "RouteError",
    "RouteRun",
    "Run",
    "TrainSpec",
    "best_routes",
    "boosts_for",
    "check_run",
    "extras_for",
    "revenue",
]

#: Search steps :func:`best_routes` may take by default. The recorded games need at most ~2,100; a step costs
#: 0.3-1.4 µs on the 2-core reference machine, so even a search the budget cuts short stays under ~150 ms (only
#: the bench's synthetic every-hex-a-stop maps reach it).
DEFAULT_BUDGET = 100_000


class RouteError(ValueError):
    """A route or a run that breaks the rules; the message says which rule."""


@dataclass(frozen=True, slots=True)
class TrainSpec:
    """A train as it runs this turn: ``name`` (``"2+"`` … ``"6x2"``) and ``extra`` stops added by extensions."""

    name: str
    extra: int = 0

    def label(self) -> str:
        """``"2+"``, or ``"2+ (+2)"`` extended."""
        return self.name + (f" (+{self.extra})" if self.extra else "")


TrainLike = str | TrainSpec


def _spec(train: TrainLike) -> TrainSpec:
    return train if isinstance(train, TrainSpec) else TrainSpec(train)


@dataclass(frozen=True, slots=True)
class _Rules:
    distance: int
    counted_towns: bool
    multiplier: int


def _rules(board: Board, spec: TrainSpec) -> _Rules:
    t = board.content.trains.get(spec.name)
    if t is None:
        raise RouteError(f"unknown train {spec.name!r}")
    return _Rules(t.distance + spec.extra, t.towns == "counted", t.multiplier)


@dataclass(frozen=True)
class Extras:
    """What besides the map pays in this run (the engine's state, as plain values).

    ``gold``: hex → gold cubes on it. ``gold_bonus``: what a shipment adds (50; 130 using G2; 0 when the OR set's
    shipping limit is reached). ``ghost_towns``: ghost-town hexes that pay this railroad (it owns Y2), each
    ``ghost_bonus``. ``stop_bonus``: hex → bonus for a route stopping there (Y1). ``lease``: the railroad may run
    through the Royal Gorge despite RG's tokens (it owns G3), paying ``lease_percent`` of that route to RG."""

    gold: Mapping[str, int] = field(default_factory=dict)
    gold_bonus: int = 50
    ghost_towns: frozenset[str] = frozenset()
    ghost_bonus: int = 10
    stop_bonus: Mapping[str, int] = field(default_factory=dict)
    lease: bool = False
    lease_percent: int = 10


def extras_for(corporation: str, privates: Iterable[str], phase: str, *, gold: Mapping[str, int] | None = None,
               gold_shipped: int = 0, ghost_towns: Iterable[str] = (), use_nugget: bool = False,
               ruleset: str = "18xx", c: Content | None = None) -> Extras:
    """The :class:`Extras` of ``corporation`` owning the (open) ``privates`` in ``phase``: gold and its shipping
    limit under ``ruleset`` (``gold_shipped`` this OR set), ghost towns (Y2), the hotel (Y1, moving in Brown),
    the lease (G3, not for RG), the nugget (G2, when ``use_nugget``)."""
    from games.royal_gorge.content import content as load

    c = c or load()
    owned = set(privates)
    limit = c.ship_limit(phase, ruleset)
    gold_bonus = c.rules.gold.ship_revenue if limit is None or gold_shipped < limit else 0
    ghost: frozenset[str] = frozenset()
    ghost_bonus = 10
    stop_bonus: dict[str, int] = {}
    lease = False
    lease_percent = 10
    for pid in sorted(owned):
        p = c.privates.get(pid)
        if p is None:
            continue
        a = p.ability
        if isinstance(a, GhostTowns):
            ghost, ghost_bonus = frozenset(ghost_towns), a.bonus
        elif isinstance(a, RouteBonus):
            moved = bool(a.moves_at) and PHASES.index(phase) >= PHASES.index(a.moves_at)
            hex_id, bonus = (a.moves_to, a.moved_bonus) if moved else (a.hex, a.bonus)
            stop_bonus[hex_id] = stop_bonus.get(hex_id, 0) + bonus
        elif isinstance(a, GorgeLease):
            lease, lease_percent = corporation != a.payee, a.percent
        elif isinstance(a, GoldBonus) and use_nugget and gold_bonus:
            gold_bonus = a.bonus
    return Extras(dict(gold or {}), gold_bonus, ghost, ghost_bonus, stop_bonus, lease, lease_percent)


def boosts_for(privates: Iterable[str], cubes: Mapping[str, int] | None = None,
               c: Content | None = None) -> tuple[int, ...]:
    """The train extensions the (open) ``privates`` offer this run, one per source (each may go on a different
    train): B5 +1; Y3 and G6 +1 per coal cube, at most 2 (``cubes``: private → coal cubes the railroad holds)."""
    from games.royal_gorge.content import content as load

    c = c or load()
    out: list[int] = []
    for pid in sorted(set(privates)):
        p = c.privates.get(pid)
        if p is None:
            continue
        a = p.ability
        if isinstance(a, TrainBoost):
            out.append(a.stops)
        elif isinstance(a, CoalCreek | CoalDepot):
            n = min(a.per_run, (cubes or {}).get(pid, 0))
            if n > 0:
                out.append(n)
    return tuple(out)


@dataclass(frozen=True)
class RouteRun:
    """One train's route: ``stops`` in order, the ``hexes`` chain (stop to stop), its ``revenue`` (private
    bonuses included, gold not), ``bonus`` (the private-bonus part), ``sides`` (its track as a side mask)."""

    train: TrainSpec
    stops: tuple[str, ...]
    hexes: tuple[str, ...]
    revenue: int
    bonus: int = 0
    sides: int = 0

    def text(self) -> str:
        """``"2+ l14-m15-n14-o15"`` (the Tabula notation's run line for this train)."""
        return f"{self.train.name} {'-'.join(h.lower() for h in self.hexes)}"


@dataclass(frozen=True)
class Run:
    """A railroad's run: ``routes`` (one per train that runs), their ``revenue``, the gold shipped (``gold_hex``,
    ``gold``; ``gold_hexes``: where it could come from), the ``total``, G3's ``lease_due`` to RG, and for a search
    the ``nodes`` (steps) used and whether it finished (``complete``)."""

    routes: tuple[RouteRun, ...]
    revenue: int
    gold: int = 0
    gold_hex: str | None = None
    gold_hexes: tuple[str, ...] = ()
    lease_due: int = 0
    nodes: int = 0
    complete: bool = True

    @property
    def total(self) -> int:
        return self.revenue + self.gold


# --------------------------------------------------------------------------------------------------
# Scoring a given route
# --------------------------------------------------------------------------------------------------


def _trace(board: Board, path: Sequence[str]) -> tuple[list[str], int, set[str]]:
    """The stops, side mask and hexes of a hex chain; :class:`RouteError` where the track does not run so."""
    g = board.geometry
    if len(path) < 2:
        raise RouteError("a route joins at least two stops")
    for h in path:
        if h not in g.hex_index:
            raise RouteError(f"no hex {h!r}")
    edges: list[int] = []
    for a, b in itertools.pairwise(path):
        row = g.across[a]
        if b not in row:
            raise RouteError(f"{a} and {b} are not neighbours")
        edges.append(row.index(b))
    stops: list[str] = []
    sides = 0
    last = len(path) - 1
    for i, h in enumerate(path):
        ends = {frozenset(p) for p in board.paths(h)}
        came = None if i == 0 else (edges[i - 1] + 3) % 6
        out = None if i == last else edges[i]
        if came is None or out is None:
            edge = out if came is None else came
            if frozenset((edge, STATION)) not in ends:
                raise RouteError(f"no track from the stop on {h} toward edge {edge}")
            stops.append(h)
        elif frozenset((came, out)) in ends:
            pass
        elif frozenset((came, STATION)) in ends and frozenset((out, STATION)) in ends:
            stops.append(h)
        else:
            raise RouteError(f"no track through {h} from edge {came} to edge {out}")
        if out is not None:
            side = g.side[(h, out)]
            if sides >> side & 1:
                raise RouteError(f"the route uses the track between {h} and {path[i + 1]} twice")
            sides |= 1 << side
    return stops, sides, set(path)


def _passable(board: Board, hex_id: str, corporation: str, extras: Extras) -> bool:
    stop = board.stop(hex_id)
    if stop is None:
        return True
    if stop.kind == "offboard":
        return False
    if extras.lease and board.content.hexes[hex_id].gorge:
        return True
    return not board.blocks(hex_id, corporation)


def revenue(board: Board, corporation: str, train: TrainLike, path: Sequence[str], *,
            extras: Extras | None = None, used: int = 0) -> RouteRun:
    """Check and score one route: ``path`` is its hex chain from stop to stop (``["L14", "M15", "N14",
    "O15"]``); ``used`` the side mask of the railroad's other routes this run. :class:`RouteError` says which
    rule the route breaks."""
    extras = extras or Extras()
    spec = _spec(train)
    rules = _rules(board, spec)
    stops, sides, hexes = _trace(board, path)
    if len(set(stops)) != len(stops):
        twice = next(s for s in stops if stops.count(s) > 1)
        raise RouteError(f"the route visits {twice} twice")
    if len(stops) < 2:
        raise RouteError("a route needs at least two stops")
    for h in stops[1:-1]:
        if not _passable(board, h, corporation, extras):
            kind = board.stop(h).kind  # type: ignore[union-attr]
            raise RouteError(f"cannot run through {h}" + (" (an off-board)" if kind == "offboard"
                                                           else " (full of other railroads' tokens)"))
    if not any(board.has_token(h, corporation) for h in stops):
        raise RouteError(f"the route has no {corporation} station")
    areas = [board.stop(h).area for h in stops if board.stop(h).area]  # type: ignore[union-attr]
    if len(set(areas)) != len(areas):
        raise RouteError(f"the route uses {next(a for a in areas if areas.count(a) > 1)} twice")
    counted = len(stops) if rules.counted_towns else sum(board.stop(h).kind in COUNTED  # type: ignore[union-attr]
                                                           for h in stops)
    if counted > rules.distance:
        what = "stops" if rules.counted_towns else "cities and off-boards"
        raise RouteError(f"a {spec.label()} train runs at most {rules.distance} {what}, not {counted}")
    if sides & used:
        raise RouteError("the route reuses track another train of the railroad runs on")
    base = sum(board.revenue(h) for h in stops) * rules.multiplier
    bonus = sum(extras.stop_bonus.get(h, 0) for h in stops)
    bonus += extras.ghost_bonus * len(hexes & extras.ghost_towns)
    return RouteRun(spec, tuple(stops), tuple(path), base + bonus, bonus, sides)


def _finish(board: Board, routes: Sequence[RouteRun], extras: Extras, ship: str | bool,
            nodes: int = 0, complete: bool = True) -> Run:
    g = board.geometry
    touched = sorted({h for r in routes for h in r.hexes if extras.gold.get(h, 0) > 0}, key=g.hex_index.__getitem__)
    gold, gold_hex = 0, None
    if isinstance(ship, str):
        if ship not in touched:
            raise RouteError(f"no gold to ship from {ship} on these routes")
        if not extras.gold_bonus:
            raise RouteError("no gold shipment is left this OR set")
        gold, gold_hex = extras.gold_bonus, ship
    elif ship and touched and extras.gold_bonus:
        gold, gold_hex = extras.gold_bonus, touched[0]
    lease_due = 0
    if extras.lease:
        through = next((r for r in routes if "E13" in r.hexes), None)
        if through is not None:
            lease_due = through.revenue * extras.lease_percent // 100
    return Run(tuple(routes), sum(r.revenue for r in routes), gold, gold_hex, tuple(touched), lease_due,
               nodes, complete)


def check_run(board: Board, corporation: str, routes: Sequence[tuple[TrainLike, Sequence[str]]], *,
              extras: Extras | None = None, ship: str | bool = True) -> Run:
    """Check and score a whole run: ``(train, hex chain)`` per train. Trains may not share track. ``ship``: the hex
    to ship gold from, ``True`` to ship from the first hex that can (the default), ``False`` not to ship."""
    extras = extras or Extras()
    used = 0
    out: list[RouteRun] = []
    for train, path in routes:
        run = revenue(board, corporation, train, path, extras=extras, used=used)
        used |= run.sides
        out.append(run)
    return _finish(board, out, extras, ship)


# --------------------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------------------


class _OutOfBudget(Exception):
    pass


_Candidate = tuple[int, int, bool, tuple[int, ...], tuple[int, ...]]
"""A route found: (value, side mask, touches gold, tail, head); tail and head are the directed connections
(2 * id + direction) out from the token one way and the other (head empty when the token ends the route)."""
VALUE: Final = 0
SIDES: Final = 1
GOLD: Final = 2
TAIL: Final = 3
HEAD: Final = 4


class _Graph:
    """The stops and connections of a board as seen by one railroad, numbered for the search."""

    def __init__(self, board: Board, corporation: str, extras: Extras) -> None:
        self.board = board
        g = board.geometry
        conns = board.connections()
        self.conns = conns
        on_track = sorted({h for cn in conns for h in (cn.a, cn.b)}, key=g.hex_index.__getitem__)
        self.hexes = on_track
        index = {h: i for i, h in enumerate(on_track)}
        stops = [board.stop(h) for h in on_track]
        self.revenue = [board.revenue(h) for h in on_track]
        self.counted = [1 if s is not None and s.kind in COUNTED else 0 for s in stops]
        areas = sorted({s.area for s in stops if s is not None and s.area})
        self.area = [(1 << areas.index(s.area)) if s is not None and s.area else 0 for s in stops]
        self.passable = [_passable(board, h, corporation, extras) for h in on_track]
        self.bonus = [extras.stop_bonus.get(h, 0) for h in on_track]
        self.tokens = [i for i, h in enumerate(on_track) if board.has_token(h, corporation)]
        self.adj: list[list[tuple[int, int, int, int]]] = [[] for _ in on_track]
        for cn in conns:
            a, b = index[cn.a], index[cn.b]
            self.adj[a].append((b, cn.sides, cn.hex_mask, 2 * cn.id))
            self.adj[b].append((a, cn.sides, cn.hex_mask, 2 * cn.id + 1))
        self.gold_mask = 0
        for h, n in extras.gold.items():
            if n > 0 and h in board.hex_mask_of:
                self.gold_mask |= board.hex_mask_of[h]
        self.ghost_mask = 0
        for h in extras.ghost_towns:
            if h in board.hex_mask_of:
                self.ghost_mask |= board.hex_mask_of[h]
        self.ghost_bonus = extras.ghost_bonus
        self.steps = 0
        self.budget = 0

    def routes(self, rules: _Rules) -> tuple[list[_Candidate], bool]:
        """Every legal route for a train of these rules, best first; ``False`` when the budget ran out."""
        out: list[_Candidate] = []
        adj, revenue, counted, area = self.adj, self.revenue, self.counted, self.area
        passable, bonus = self.passable, self.bonus
        mult, limit, by_stops = rules.multiplier, rules.distance, rules.counted_towns
        ghost_mask, ghost_bonus, gold_mask = self.ghost_mask, self.ghost_bonus, self.gold_mask

        def emit(value: int, sides: int, hexes: int, tail: tuple[int, ...], head: tuple[int, ...]) -> None:
            if ghost_mask:
                value += ghost_bonus * (hexes & ghost_mask).bit_count()
            out.append((value, sides, bool(hexes & gold_mask), tail, head))

        def extend(at: int, token: int, banned: int, seen: int, sides: int, areas: int, size: int, value: int,
                   hexes: int, tail: tuple[int, ...], head: tuple[int, ...], first: int) -> None:
            # grow the tail (head == () and first < 0) or the head (first = id of the tail's first connection)
            for nxt, csides, chexes, dcid in adj[at]:
                if self.steps >= self.budget:
                    raise _OutOfBudget
                self.steps += 1
                if (seen | banned) >> nxt & 1 or sides & csides or areas & area[nxt]:
                    continue
                if first >= 0 and not head and dcid >> 1 <= first:
                    continue
                grown = size + (1 if by_stops else counted[nxt])
                if grown > limit:
                    continue
                v = value + revenue[nxt] * mult + bonus[nxt]
                s, hx, seen2, areas2 = sides | csides, hexes | chexes, seen | 1 << nxt, areas | area[nxt]
                if first < 0:
                    t2 = (*tail, dcid)
                    emit(v, s, hx, t2, ())
                    if passable[token]:
                        extend(token, token, banned, seen2, s, areas2, grown, v, hx, t2, (), t2[0] >> 1)
                    if passable[nxt]:
                        extend(nxt, token, banned, seen2, s, areas2, grown, v, hx, t2, (), -1)
                else:
                    h2 = (*head, dcid)
                    emit(v, s, hx, tail, h2)
                    if passable[nxt]:
                        extend(nxt, token, banned, seen2, s, areas2, grown, v, hx, tail, h2, first)

        complete = True
        try:
            for t in self.tokens:
                banned = sum(1 << u for u in self.tokens if u < t)
                start = (1 if by_stops else counted[t])
                if start > limit:
                    continue
                extend(t, t, banned, 1 << t, 0, area[t], start, revenue[t] * mult + bonus[t], 0, (), (), -1)
        except _OutOfBudget:
            complete = False
        out.sort(key=lambda c: -c[VALUE])
        return out, complete

    def route_run(self, spec: TrainSpec, cand: _Candidate, extras: Extras) -> RouteRun:
        """The candidate as stops and hex chain, scored again from the chain."""
        chain: list[str] = []
        for d in [d ^ 1 for d in reversed(cand[HEAD])] + list(cand[TAIL]):
            cn = self.conns[d >> 1]
            hexes = cn.hexes if d & 1 == 0 else tuple(reversed(cn.hexes))
            chain.extend(hexes if not chain else hexes[1:])
        return _score(self.board, spec, chain, extras)


def _score(board: Board, spec: TrainSpec, chain: Sequence[str], extras: Extras) -> RouteRun:
    rules = _rules(board, spec)
    stops, sides, hexes = _trace(board, chain)
    base = sum(board.revenue(h) for h in stops) * rules.multiplier
    bonus = sum(extras.stop_bonus.get(h, 0) for h in stops) + extras.ghost_bonus * len(hexes & extras.ghost_towns)
    return RouteRun(spec, tuple(stops), tuple(chain), base + bonus, bonus, sides)


def _combine(lists: Sequence[list[_Candidate]], same_as_next: Sequence[bool], gold_bonus: int, graph: _Graph
             ) -> tuple[int, list[_Candidate | None], bool]:
    """The best choice of one route (or none) per train with disjoint track, and whether the search finished
    (out of budget: the best found)."""
    k = len(lists)
    tops = [lst[0][VALUE] if lst else 0 for lst in lists]
    suffix = [sum(tops[i:]) for i in range(k + 1)]
    gb = gold_bonus if gold_bonus > 0 and any(c[GOLD] for lst in lists for c in lst) else 0
    # greedy start: each train the best route still free
    best_picks: list[_Candidate | None] = []
    used, gold, value = 0, False, 0
    for lst in lists:
        pick = next((c for c in lst if not c[SIDES] & used), None)
        best_picks.append(pick)
        if pick is not None:
            used, gold, value = used | pick[SIDES], gold or pick[GOLD], value + pick[VALUE]
    best_total = value + (gold_bonus if gold else 0)
    current: list[_Candidate | None] = [None] * k

    def rec(i: int, used: int, value: int, gold: bool, start: int) -> None:
        nonlocal best_total, best_picks
        if i == k:
            total = value + (gold_bonus if gold else 0)
            if total > best_total:
                best_total, best_picks = total, list(current)
            return
        lst = lists[i]
        rest = suffix[i + 1] + gb
        for idx in range(start, len(lst)):
            c = lst[idx]
            if graph.steps >= graph.budget:
                raise _OutOfBudget
            graph.steps += 1
            if value + c[VALUE] + rest <= best_total:
                break
            if c[SIDES] & used:
                continue
            current[i] = c
            rec(i + 1, used | c[SIDES], value + c[VALUE], gold or c[GOLD], idx + 1 if same_as_next[i] else 0)
            current[i] = None
        if value + rest > best_total:   # this train runs nothing (then neither do its identical successors)
            rec(i + 1, used, value, gold, len(lists[i + 1]) if same_as_next[i] else 0)

    try:
        rec(0, 0, 0, False, 0)
    except _OutOfBudget:
        return best_total, best_picks, False
    return best_total, best_picks, True


def best_routes(board: Board, corporation: str, trains: Sequence[TrainLike], phase: str | None = None, *,
                extras: Extras | None = None, boosts: Sequence[int] = (), budget: int = DEFAULT_BUDGET) -> Run:
    """The run earning the most for ``corporation`` with ``trains`` (names or :class:`TrainSpec`), gold shipment
    and private bonuses included (``extras``). ``boosts``: extensions on offer (:func:`boosts_for`), each put on at
    most one train, different trains for different sources; the run uses the placement earning most (fewest extra
    stops on ties; ``Run.routes[i].train.extra`` tells). ``phase`` overrides the board's. ``budget``: search steps
    (see the module); out of budget, the best run found so far comes back with ``complete=False``."""
    if phase is not None and phase != board.phase:
        board = board.with_phase(phase)
    extras = extras or Extras()
    specs = [_spec(t) for t in trains]
    graph = _Graph(board, corporation, extras)
    graph.budget = budget
    cache: dict[_Rules, tuple[list[_Candidate], bool]] = {}
    best: tuple[int, list[TrainSpec], list[_Candidate | None]] | None = None
    complete = True
    for placed in _placements(specs, boosts):
        order = sorted(range(len(placed)), key=lambda i: (placed[i].name, placed[i].extra))
        ordered = [placed[i] for i in order]
        lists: list[list[_Candidate]] = []
        for spec in ordered:
            rules = _rules(board, spec)
            if rules not in cache:
                cache[rules] = graph.routes(rules)
            found, done = cache[rules]
            complete = complete and done
            lists.append(found)
        same = [i + 1 < len(ordered) and ordered[i] == ordered[i + 1] for i in range(len(ordered))]
        total, picks, done = _combine(lists, same, extras.gold_bonus, graph)
        if best is None or total > best[0]:
            best = (total, ordered, picks)
        if not (done and complete):
            complete = False
            break
    assert best is not None
    _, ordered, picks = best
    routes = [graph.route_run(spec, c, extras) for spec, c in zip(ordered, picks, strict=True) if c is not None]
    return _finish(board, routes, extras, True, graph.steps, complete)


def _placements(specs: Sequence[TrainSpec], boosts: Sequence[int]) -> list[list[TrainSpec]]:
    """Every way to put the extensions on the trains (each source on one train or none, different trains), as
    train lists; fewest extra stops first, duplicates (same multiset of trains) dropped."""
    seen: set[tuple[tuple[str, int], ...]] = set()
    out: list[tuple[int, list[TrainSpec]]] = []
    k = len(specs)
    options: list[list[tuple[int, int] | None]] = []
    for amount in boosts:
        opts: list[tuple[int, int] | None] = [None]
        opts += [(t, n) for t in range(k) for n in range(1, amount + 1)]
        options.append(opts)
    for combo in itertools.product(*options) if options else [()]:
        targets = [c[0] for c in combo if c is not None]
        if len(set(targets)) != len(targets):
            continue
        extra = [s.extra for s in specs]
        for c in combo:
            if c is not None:
                extra[c[0]] += c[1]
        placed = [TrainSpec(s.name, e) for s, e in zip(specs, extra, strict=True)]
        key = tuple(sorted((p.name, p.extra) for p in placed))
        if key in seen:
            continue
        seen.add(key)
        out.append((sum(extra), placed))
    out.sort(key=lambda item: item[0])
    return [placed for _, placed in out]
