"""``Game.copy`` through MessagePack (``Game.msgpack_copy``) gives what the canonical JSON round trip gives."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.core import Game
from games.registry import get_game
from tests.support.playout import play

# States with text keys and typed fields, which the MessagePack path may copy. The titles themselves now
# copy field by field (their tests/<title>/test_copy.py), as It's a Wonderful World does: the path is
# checked here through a twin of each title that takes it.
TITLES = ("landlords", "three-kingdoms")


def through_msgpack(game: Game[Any, Any]) -> Game[Any, Any]:
    """A twin of ``game`` whose ``copy`` is :meth:`Game.copy` with ``msgpack_copy`` set."""
    twin: Game[Any, Any] = type(f"{type(game).__name__}Msgpack", (type(game),),
                                {"msgpack_copy": True, "copy": Game.copy})()
    return twin


@pytest.mark.parametrize("game_id", TITLES)
def test_msgpack_copy_is_the_json_round_trip(game_id: str) -> None:
    game = through_msgpack(get_game(game_id))
    assert game.msgpack_copy
    states = play(game, game.meta.max_players, 7, check=False, keep_states=True).states
    for state in states[:: max(1, len(states) // 40)]:
        copied, canonical = game.copy(state), game.loads(game.dumps(state))
        assert copied == canonical and copied is not state
        # the same value and the same dict key order (the order iteration meets them in)
        assert msgspec.json.encode(copied) == msgspec.json.encode(canonical)
        assert game.dumps(copied) == game.dumps(state)


def test_the_copy_shares_nothing_with_the_original() -> None:
    for game in (get_game("three-kingdoms"), through_msgpack(get_game("three-kingdoms"))):
        state = game.setup(4, {}, "copy")
        copied = game.copy(state)
        copied.seats[0].hand.append("extra")
        copied.markers.setdefault("x", []).append(0)
        assert game.dumps(state) == game.dumps(game.setup(4, {}, "copy"))
