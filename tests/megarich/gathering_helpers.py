"""Helpers shared by the gathering phase's scenario tests."""

from __future__ import annotations

from games.core.events import Event
from games.megarich.gathering import invariants, play
from games.megarich.moves import read
from games.megarich.state import GatherState


def play_all(state: GatherState, seat: int, *moves: str, checked: bool = True) -> tuple[GatherState, list[Event]]:
    """Play ``moves`` (notation) for ``seat`` one after another; with ``checked`` the invariants hold after each
    (a scenario built by hand, with cards dealt outside the pool, may leave them unchecked). Returns the state and
    every event."""
    log: list[Event] = []
    for text in moves:
        move = read(text)
        assert move is not None, text
        state, events = play(state, seat, move)
        log += events
        assert not checked or invariants(state) == [], invariants(state)
    return state, log


def do(state: GatherState, seat: int, *moves: str) -> tuple[GatherState, list[Event]]:
    """:func:`play_all`, the invariants checked after every move."""
    return play_all(state, seat, *moves)


def do_unchecked(state: GatherState, seat: int, *moves: str) -> tuple[GatherState, list[Event]]:
    """:func:`play_all` on a scenario built by hand, its invariants not checked."""
    return play_all(state, seat, *moves, checked=False)
