"""``Game.count_moves`` counts without sorting: the length of ``legal_moves`` for every seat."""

from __future__ import annotations

import pytest

from games.registry import get_game
from tests.support.playout import play


@pytest.mark.parametrize("game_id", ["wonderful-world", "landlords", "three-kingdoms"])
def test_count_moves_is_the_number_of_legal_moves(game_id: str) -> None:
    game = get_game(game_id)
    states = play(game, game.meta.max_players, 3, check=False, keep_states=True).states
    for state in states[:: max(1, len(states) // 30)]:
        for seat in range(state.players):
            count = len(game.legal_moves(state, seat))
            assert game.count_moves(state, seat) == count
            assert game.count_moves(state, seat, limit=2) == min(count, 2)
