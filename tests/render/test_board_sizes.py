"""Every title's boards stay within issue 25 §2's 200 KiB, in the language whose boards are the largest (Chinese),
at the most seats, across a seeded bot game (sizes only: no test asserts on time)."""

from __future__ import annotations

import pytest

from bench.render import BOARD_PNG_BUDGET, play
from games.registry import game_ids, get_game
from render import renderer_for


@pytest.mark.parametrize("game_id", game_ids(examples=True))
def test_every_board_of_a_game_is_within_200_kib(game_id: str) -> None:
    game = get_game(game_id)
    positions = play(game_id, seed="board-sizes", sweep=4)
    sizes = [len(renderer_for(game_id).board(game.view(state, None), lang))
             for state in positions.sweep for lang in ("zh", "en")]
    assert all(0 < size <= BOARD_PNG_BUDGET for size in sizes), [round(size / 1024, 1) for size in sizes]
