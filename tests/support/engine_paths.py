"""A title's fast engine path against the slow one it replaces, on the seeded random games the engine
benchmark plays (``bench.engine.engine_playouts``): same draws, same moves, same final state (issue 25 §3)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import Game, Rng

MAX_MOVES = 20_000

#: The slow path a fast ``random_move`` replaces: (state, seat, rng) -> move, drawing from ``rng``.
Draw = Callable[[Any, int, Rng], Any]


@dataclass
class Compared:
    """A seeded random game played with the fast path, each draw checked against the slow one."""

    moves: list[tuple[int, Any]] = field(default_factory=list)
    final: Any = None
    positions: int = 0


def digest(game: Game[Any, Any], state: Any) -> str:
    """The canonical JSON of ``state``, hashed: equal states, equal digests."""
    return hashlib.sha256(game.dumps(state)).hexdigest()


def play_compared(game: Game[Any, Any], players: int, seed: int, slow: Draw,
                  check: Callable[[Any, int], None] | None = None) -> Compared:
    """The benchmark's seeded random game (seats drawn from ``sorted(to_act)``, then ``random_move``),
    where at every position ``slow`` draws from a copy of the generator and must give the move
    ``random_move`` gives and leave the generator where it leaves it; ``check(state, seat)`` asks
    more of each position (a fast count against the list it replaces)."""
    state = game.setup(players, {}, seed)
    rng = Rng.from_seed(seed)
    out = Compared()
    while (acting := sorted(game.to_act(state))) and len(out.moves) < MAX_MOVES:
        seat = acting[rng.below(len(acting))]
        if check is not None:
            check(state, seat)
        before = game.dumps(state)
        twin = Rng(rng.state)
        move = game.random_move(state, seat, rng)
        expected = slow(state, seat, twin)
        assert move == expected, f"seed {seed}, move {len(out.moves)}: fast {move}, slow {expected}"
        assert rng.state == twin.state, f"seed {seed}, move {len(out.moves)}: the draws differ"
        assert game.dumps(state) == before, "drawing a move changed the state"
        out.moves.append((seat, move))
        state = game.apply(state, seat, move).state
        out.positions += 1
    out.final = state
    return out


def replayed(game: Game[Any, Any], players: int, seed: int, moves: list[tuple[int, Any]]) -> Any:
    """The final state rebuilt on the engine's trusted path (``Game.replay``) from setup and the moves."""
    state = game.setup(players, {}, seed)
    for seat, move in moves:
        state = game.replay(state, seat, game.decode_move(game.encode_move(move)))
    return state
