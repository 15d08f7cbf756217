"""Drive any registered title with seeded random (or bot) moves, checking the contract as it goes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from games.core import Game, Rng

MAX_MOVES = 20_000
#: Above this many legal moves a position's full list is not built (huge move spaces): the driver
#: checks ``has_moves`` instead and draws with ``random_move``.
LIST_LIMIT = 500


@dataclass
class Playout:
    """A finished game: the seed, the (seat, notation) log and the final state."""

    game: Game[Any, Any]
    players: int
    seed: int
    options: dict[str, Any]
    log: list[tuple[int, str]] = field(default_factory=list)
    #: The typed moves, as the service stores them: (seat, the move's tagged JSON).
    stored: list[tuple[int, str]] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    final: Any = None


def play(game: Game[Any, Any], players: int, seed: int, *, bots: bool = False,
         options: dict[str, Any] | None = None, keep_states: bool = False,
         check: bool = True, list_moves: bool = True) -> Playout:
    """Play a whole game; every acting seat moves at random (``Game.random_move``) or as the bot
    does. ``list_moves=False`` never builds the full move list (titles with huge move spaces)."""
    options = options or {}
    state = game.setup(players, options, seed)
    rng = Rng.from_seed(f"driver-{seed}")
    out = Playout(game, players, seed, options)
    for _ in range(MAX_MOVES):
        if keep_states:
            out.states.append(state)
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[rng.below(len(acting))]
        listable = list_moves and game.count_moves(state, seat, limit=LIST_LIMIT + 1) <= LIST_LIMIT
        if check and listable:
            legal = game.legal_moves(state, seat)
            assert legal, f"seat {seat} must act but has no legal move"
            texts = [str(m) for m in legal]
            assert texts == sorted(texts), "legal moves are not sorted"
        elif check:
            assert game.has_moves(state, seat), f"seat {seat} must act but has no legal move"
        move = game.bot_move(state, seat, rng) if bots else game.random_move(state, seat, rng)
        stored = game.encode_move(move)
        if check:
            assert game.parse(state, seat, str(move)) == move, f"notation does not round-trip: {move}"
            # the log stores the typed move: every field must come back (issue 24, mutation 3)
            try:
                back = game.decode_move(stored)
            except msgspec.ValidationError as error:
                raise AssertionError(f"the stored move cannot be read back: {move} -> {stored}: {error}") from None
            assert back == move, f"the stored move loses something: {move} -> {stored}"
        applied = game.apply(state, seat, move)
        out.log.append((seat, str(move)))
        out.stored.append((seat, stored))
        state = applied.state
        if check:
            broken = game.invariants(state)
            assert not broken, f"after {move}: {broken}"
    else:
        raise AssertionError(f"game did not end within {MAX_MOVES} moves")
    out.final = state
    assert game.outcome(state) is not None, "no outcome although nobody is to act"
    return out


def replay(game: Game[Any, Any], playout: Playout) -> Any:
    """Rebuild the final state from seed + notation log alone."""
    state = game.setup(playout.players, playout.options, playout.seed)
    for seat, text in playout.log:
        state = game.apply(state, seat, text).state
    return state


def replay_stored(game: Game[Any, Any], playout: Playout) -> Any:
    """Rebuild the final state as loading a table does: seed + the stored typed moves, decoded
    and played on the trusted path (:meth:`Game.replay`: no parsing, no listing)."""
    state = game.setup(playout.players, playout.options, playout.seed)
    for seat, stored in playout.stored:
        state = game.replay(state, seat, game.decode_move(stored))
    return state


def to_json(value: Any) -> bytes:
    return msgspec.json.encode(value, order="sorted")
