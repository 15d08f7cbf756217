"""Seating a league round (issue 23 §2; the rules: docs/leagues.md "Seating"): pure, no storage.

Swiss-style for tables of any size. The members are sorted by standing (league points, then
rating ordinal; equal ones in an order drawn from the seed), cut into tables in that order, and
the seating is then improved by swapping two members of different tables while a swap lowers

    cost = Σ over tables (highest rating − lowest rating) + ``repeat_weight`` × Σ over tables of
           the times each pair seated there met before (this season).

How many tables and of what sizes (:func:`table_sizes`): as few tables as the largest size
allows, their sizes as even as possible (larger tables first). When even sizes would fall below
the smallest size, the league either fills the short tables with bot seats (``fill="bots"``) or
gives byes (``fill="byes"``): the fewest members sit out so that the rest divide, chosen from the
bottom of the standings among those with the fewest byes so far.

Everything is deterministic from ``seed``: the same members, standings, history and seed give the
same seating (the round's opening can be redone after a crash and seat the same tables).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from games.core import Rng

#: How much one earlier meeting of two members at the same table costs, in rating points: a
#: repeat is worth a spread of 200 (five times the ordinal's scale of 40, ``service.ratings``).
REPEAT_WEIGHT: Final = 200.0
#: A guard on the improvement passes (each pass tries every swap once; few are ever needed).
MAX_PASSES: Final = 50
FILLS: Final = ("bots", "byes")


@dataclass(frozen=True)
class Entrant:
    """A member to seat: id, league points so far, rating ordinal, byes had this season."""

    user: str
    points: float = 0.0
    rating: float = 0.0
    byes: int = 0


@dataclass(frozen=True)
class Seating:
    """A round's seating: each table's members (best standing first) and how many bot seats
    it adds, and the members given a bye."""

    tables: list[list[str]]
    bots: list[int]
    byes: list[str] = field(default_factory=list)


def table_sizes(count: int, smallest: int, largest: int, fill: str = "bots") -> tuple[list[int], int, int]:
    """How ``count`` members are seated at tables of ``smallest``–``largest`` seats
    (docs/leagues.md "Tables and byes"): the sizes of the tables in members (largest first), the
    bot seats added in all, and the byes. With ``fill="bots"`` nobody sits out; each table
    short of ``smallest`` gets bot seats up to it. With ``fill="byes"`` the fewest members sit
    out so that the rest fill tables of ``smallest``–``largest``.

    >>> table_sizes(7, 3, 4)
    ([4, 3], 0, 0)
    >>> table_sizes(7, 4, 4, "bots")
    ([4, 3], 1, 0)
    >>> table_sizes(7, 4, 4, "byes")
    ([4], 0, 3)
    """
    if not 1 <= smallest <= largest:
        raise ValueError(f"table sizes {smallest}–{largest} make no sense")
    if fill not in FILLS:
        raise ValueError(f"fill must be one of {FILLS}, not {fill!r}")
    if count <= 0:
        return [], 0, 0
    if fill == "byes":
        for seated in range(count, 0, -1):
            tables = -(-seated // largest)
            if tables * smallest <= seated:
                return _even(seated, tables), 0, count - seated
        return [], 0, count
    tables = -(-count // largest)
    sizes = _even(count, tables)
    return sizes, sum(max(0, smallest - size) for size in sizes), 0


def _even(count: int, tables: int) -> list[int]:
    base, extra = divmod(count, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def met_key(a: str, b: str) -> tuple[str, str]:
    """The key of a pair of members in a history of meetings (order does not matter)."""
    return (a, b) if a < b else (b, a)


def meetings(tables: Sequence[Sequence[str]]) -> dict[tuple[str, str], int]:
    """How often each pair sat at the same table in these tables (a round's, or a season's)."""
    out: dict[tuple[str, str], int] = {}
    for table in tables:
        for a, b in combinations(table, 2):
            key = met_key(a, b)
            out[key] = out.get(key, 0) + 1
    return out


def table_cost(table: Sequence[str], ratings: Mapping[str, float], met: Mapping[tuple[str, str], int],
               repeat_weight: float = REPEAT_WEIGHT) -> float:
    """One table's cost: its rating spread plus ``repeat_weight`` per earlier meeting of a pair."""
    if not table:
        return 0.0
    values = [ratings[user] for user in table]
    repeats = sum(met.get(met_key(a, b), 0) for a, b in combinations(table, 2))
    return max(values) - min(values) + repeat_weight * repeats


def cost(tables: Sequence[Sequence[str]], ratings: Mapping[str, float], met: Mapping[tuple[str, str], int],
         repeat_weight: float = REPEAT_WEIGHT) -> float:
    """A seating's cost (the module's docstring): the sum of its tables' costs."""
    return sum(table_cost(table, ratings, met, repeat_weight) for table in tables)


def standing_order(entrants: Sequence[Entrant], seed: str | int) -> list[Entrant]:
    """The entrants best first: more league points, then higher rating; equal ones in an order
    drawn from ``seed`` (not by id, so nobody is always first among equals)."""
    shuffled = sorted(entrants, key=lambda e: e.user)
    Rng.from_seed(f"{seed}:order").shuffle(shuffled)
    return sorted(shuffled, key=lambda e: (-e.points, -e.rating))  # stable: the draw breaks ties


def seat(entrants: Sequence[Entrant], smallest: int, largest: int, *, seed: str | int,
         met: Mapping[tuple[str, str], int] | None = None, fill: str = "bots",
         repeat_weight: float = REPEAT_WEIGHT) -> Seating:
    """Seat a round (the module's docstring). ``met``: how often each pair met before this
    season (:func:`meetings` of the earlier rounds' tables)."""
    if len({e.user for e in entrants}) != len(entrants):
        raise ValueError("an entrant is listed twice")
    met = met or {}
    order = standing_order(entrants, seed)
    sizes, _bots, bye_count = table_sizes(len(order), smallest, largest, fill)
    byes: list[str] = []
    if bye_count:
        # the bottom of the standings among those with the fewest byes so far sit out
        bottom_first = list(reversed(order))
        chosen = sorted(bottom_first, key=lambda e: e.byes)[:bye_count]  # stable: bottom first among equals
        byes = [e.user for e in chosen]
        order = [e for e in order if e.user not in byes]
    tables: list[list[str]] = []
    start = 0
    for size in sizes:
        tables.append([e.user for e in order[start:start + size]])
        start += size
    ratings = {e.user: e.rating for e in entrants}
    _improve(tables, ratings, met, repeat_weight)
    rank = {e.user: index for index, e in enumerate(order)}
    tables = [sorted(table, key=rank.__getitem__) for table in tables]
    return Seating(tables, [max(0, smallest - len(table)) if fill == "bots" else 0 for table in tables], byes)


def _improve(tables: list[list[str]], ratings: Mapping[str, float], met: Mapping[tuple[str, str], int],
             repeat_weight: float) -> None:
    """Swap members between tables while a swap lowers the cost: each pass takes the best swap
    of all (ties: the first found), so the result depends only on the starting seating."""
    costs = [table_cost(t, ratings, met, repeat_weight) for t in tables]
    for _ in range(MAX_PASSES):
        best: tuple[float, int, int, int, int] | None = None
        for a, b in combinations(range(len(tables)), 2):
            for i, x in enumerate(tables[a]):
                for j, y in enumerate(tables[b]):
                    new_a = [*tables[a][:i], y, *tables[a][i + 1:]]
                    new_b = [*tables[b][:j], x, *tables[b][j + 1:]]
                    gain = costs[a] + costs[b] - table_cost(new_a, ratings, met, repeat_weight) \
                        - table_cost(new_b, ratings, met, repeat_weight)
                    if gain > 1e-9 and (best is None or gain > best[0]):
                        best = (gain, a, i, b, j)
        if best is None:
            return
        _, a, i, b, j = best
        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
        costs[a] = table_cost(tables[a], ratings, met, repeat_weight)
        costs[b] = table_cost(tables[b], ratings, met, repeat_weight)


def random_seating(entrants: Sequence[Entrant], smallest: int, largest: int, *, seed: str | int,
                   fill: str = "bots") -> Seating:
    """The baseline the bench compares with: the same table sizes, members seated at random."""
    users = sorted(e.user for e in entrants)
    Rng.from_seed(f"{seed}:random").shuffle(users)
    sizes, _, bye_count = table_sizes(len(users), smallest, largest, fill)
    byes, users = users[:bye_count], users[bye_count:]
    tables, start = [], 0
    for size in sizes:
        tables.append(users[start:start + size])
        start += size
    return Seating(tables, [max(0, smallest - len(t)) if fill == "bots" else 0 for t in tables], byes)
