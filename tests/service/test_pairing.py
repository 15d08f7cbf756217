"""Seating a league round (service.pairing, docs/leagues.md "Seating")."""

from __future__ import annotations

from itertools import combinations

import pytest

from service.pairing import Entrant, cost, meetings, met_key, random_seating, seat, table_sizes


@pytest.mark.parametrize(("count", "smallest", "largest", "fill", "expected"), [
    (7, 3, 4, "bots", ([4, 3], 0, 0)),
    (7, 4, 4, "bots", ([4, 3], 1, 0)),
    (7, 4, 4, "byes", ([4], 0, 3)),
    (10, 3, 4, "bots", ([4, 3, 3], 0, 0)),
    (5, 3, 4, "bots", ([3, 2], 1, 0)),
    (5, 3, 4, "byes", ([4], 0, 1)),
    (2, 3, 4, "byes", ([], 0, 2)),
    (0, 3, 4, "bots", ([], 0, 0)),
])
def test_table_sizes_follow_the_documented_rule(count: int, smallest: int, largest: int, fill: str,
                                                expected: tuple[list[int], int, int]) -> None:
    assert table_sizes(count, smallest, largest, fill) == expected


def test_table_sizes_refuse_nonsense() -> None:
    with pytest.raises(ValueError):
        table_sizes(7, 5, 4)
    with pytest.raises(ValueError):
        table_sizes(7, 3, 4, "coins")


CLOSE = [Entrant("a", rating=1000), Entrant("b", rating=1010), Entrant("c", rating=1020),
         Entrant("d", rating=1050), Entrant("e", rating=1060), Entrant("f", rating=1070)]


def test_without_history_the_closest_ratings_share_a_table() -> None:
    seating = seat(CLOSE, 3, 3, seed=1)
    assert sorted(map(sorted, seating.tables)) == [["a", "b", "c"], ["d", "e", "f"]]


def test_a_repeated_pairing_is_avoided_when_an_alternative_exists() -> None:
    met = {met_key("a", "b"): 1}
    seating = seat(CLOSE, 3, 3, seed=1, met=met)
    together = {met_key(x, y) for table in seating.tables for x, y in combinations(table, 2)}
    assert met_key("a", "b") not in together
    assert cost(seating.tables, {e.user: e.rating for e in CLOSE}, met) < \
        cost([["a", "b", "c"], ["d", "e", "f"]], {e.user: e.rating for e in CLOSE}, met)


def test_swaps_lower_the_spread_below_a_bad_seating() -> None:
    # standings alone would seat far ratings together: points order is the reverse of ratings by pairs
    entrants = [Entrant(f"p{n}", points=float(12 - n), rating=1000 + 100 * ((n * 5) % 12)) for n in range(12)]
    ratings = {e.user: e.rating for e in entrants}
    sliced = [[f"p{n}" for n in range(k, k + 4)] for k in (0, 4, 8)]  # the standings' order, cut in fours
    seating = seat(entrants, 4, 4, seed=3)
    assert cost(seating.tables, ratings, {}) < cost(sliced, ratings, {})
    assert cost(seating.tables, ratings, {}) <= 3 * 300  # the best possible: each table spans 4 neighbours


def test_seating_is_deterministic_from_the_seed_and_seats_everyone_once() -> None:
    entrants = [Entrant(f"m{n}", rating=float(n % 3)) for n in range(7)]
    first = seat(entrants, 3, 4, seed="s")
    assert first == seat(entrants, 3, 4, seed="s")
    seated = [user for table in first.tables for user in table]
    assert sorted(seated) == sorted(e.user for e in entrants)
    assert [len(t) for t in first.tables] == [4, 3] and first.bots == [0, 0] and first.byes == []


def test_byes_go_to_the_bottom_among_those_with_fewest_byes() -> None:
    entrants = [Entrant("top", points=9), Entrant("mid", points=5), Entrant("low", points=1, byes=1),
                Entrant("lower", points=0, byes=1), Entrant("x", points=4)]
    seating = seat(entrants, 4, 4, seed=0, fill="byes")
    assert seating.byes == ["x"]  # the two lowest already had a bye
    assert sorted(seating.tables[0]) == ["low", "lower", "mid", "top"]


def test_bot_seats_fill_a_short_table() -> None:
    entrants = [Entrant(f"m{n}") for n in range(7)]
    seating = seat(entrants, 4, 4, seed=0)
    assert [len(t) + b for t, b in zip(seating.tables, seating.bots, strict=True)] == [4, 4]


def test_random_seating_uses_the_same_sizes() -> None:
    entrants = [Entrant(f"m{n}") for n in range(7)]
    assert [len(t) for t in random_seating(entrants, 3, 4, seed=2).tables] == [4, 3]
    assert meetings([["a", "b", "c"]]) == {("a", "b"): 1, ("a", "c"): 1, ("b", "c"): 1}
