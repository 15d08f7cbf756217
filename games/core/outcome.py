"""Final result of a game: scores, ranking and why ties were broken."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec


class Standing(msgspec.Struct, frozen=True):
    """One seat's final line. ``rank`` 1 is the winner; equal ranks share the place."""

    seat: int
    rank: int
    score: int
    breakdown: dict[str, int] = {}
    tiebreak: tuple[int, ...] = ()


class Outcome(msgspec.Struct, frozen=True):
    """Standings sorted by rank, and message keys explaining tie-breaks that decided places."""

    standings: tuple[Standing, ...]
    reasons: tuple[tuple[str, dict[str, Any]], ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.standings if s.rank == 1)


def rank_by_keys(keys: Mapping[int, tuple[int, ...]]) -> dict[int, int]:
    """Competition ranking ("1224") by descending key tuples; equal tuples share a rank."""
    order = sorted(keys, key=lambda seat: keys[seat], reverse=True)
    ranks: dict[int, int] = {}
    for index, seat in enumerate(order):
        if index and keys[seat] == keys[order[index - 1]]:
            ranks[seat] = ranks[order[index - 1]]
        else:
            ranks[seat] = index + 1
    return ranks
