"""The contract suite's menu check (issue 24, mutation 5): a menu offers only legal moves.

:meth:`Game.choices` answers a move space level by level (``lay`` → hexes → tiles → rotations);
big titles answer each level directly, without the full list, so nothing else checks what they
offer. :func:`check_menu_walks` walks random paths down the menu of a sampled state and plays
every option that completes a move at each level it visits.
"""

from __future__ import annotations

from typing import Any

from games.core import Game, GameError, Rng

MAX_DEPTH = 12


def check_menu_walks(game: Game[Any, Any], state: Any, seat: int, rng: Rng, walks: int = 3) -> int:
    """Walk ``walks`` random paths down ``seat``'s menu. Fails unless the first level's counts add
    up to :meth:`Game.count_moves`, every level has options, and every option that completes a move
    is a legal move (its notation parses and applies). Returns how many moves were played."""
    first = game.choices(state, seat, (), "en")
    total = game.count_moves(state, seat)
    assert sum(o.count for o in first) == total, \
        f"the menu of seat {seat} counts {sum(o.count for o in first)} moves, count_moves {total}"
    played = 0
    for _ in range(walks):
        path: list[str] = []
        for _ in range(MAX_DEPTH):
            options = game.choices(state, seat, path, "en")
            assert options, f"the menu of seat {seat} offers an empty level after {path}"
            for option in options:
                if not option.final:
                    continue
                notation = " ".join([*path, option.token])
                try:
                    game.apply(state, seat, game.parse(state, seat, notation))
                except GameError as error:
                    raise AssertionError(f"the menu of seat {seat} offers {notation!r}, which is refused: "
                                         f"{error.key} {error.params}") from None
                played += 1
            deeper = [o for o in options if not o.final]
            if not deeper:
                break
            path.append(deeper[rng.below(len(deeper))].token)
    return played
