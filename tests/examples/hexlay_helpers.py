"""Positions of Tile Lay built by hand for the rules tests (docs/rules/hexlay.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.core import Applied, Event
from games.examples.hexlay import GAME
from games.examples.hexlay.board import board
from games.examples.hexlay.state import HexlayState, Placed


def position(laid: Mapping[str, tuple[str, int, int]] | None = None, *, cities: Iterable[str] = ("C4", "A8"),
             players: int = 2, current: int = 0, options: Mapping[str, Any] | None = None,
             seed: int = 0) -> HexlayState:
    """A game with ``cities`` in play and ``laid`` tiles (hex → (tile, rotation, owner)) taken from the supply."""
    state = GAME.setup(players, options or {}, seed)
    state.cities = sorted(cities, key=board().index.__getitem__)
    for h, (tile, rotation, owner) in (laid or {}).items():
        state.laid[h] = Placed(tile, rotation, owner)
        state.supply[tile] -= 1
        state.scores[owner].tiles += 1
    state.current = current
    return state


def play(state: HexlayState, text: str, seat: int | None = None) -> Applied[HexlayState]:
    """``text`` played by ``seat`` (default: whoever is to act)."""
    return GAME.apply(state, state.current if seat is None else seat, text)


def kinds(events: list[Event]) -> dict[str, dict[str, Any]]:
    """Events by kind (each kind at most once per move in this title)."""
    return {e.kind: e.params for e in events}


def neighbour(h: str, side: int) -> str | None:
    """The hex across ``side`` of ``h`` (0 = S, 1 = SW, 2 = NW, 3 = N, 4 = NE, 5 = SE), ``None`` off the map."""
    b = board()
    n = b.neighbours[b.index[h]][side]
    return b.hexes[n] if n >= 0 else None
