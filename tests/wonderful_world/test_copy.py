"""``WonderfulWorld.copy`` (field by field) gives what the canonical JSON round trip gives, and shares
nothing mutable with the original."""

from __future__ import annotations

from typing import Any

import msgspec

from games.registry import get_game
from tests.support.playout import play


def _mutables(value: Any) -> list[Any]:
    """Every list, dict and non-frozen Struct inside ``value`` (itself included)."""
    out: list[Any] = []
    if isinstance(value, list | dict):
        out.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            out += _mutables(item)
    elif isinstance(value, msgspec.Struct):
        if not value.__struct_config__.frozen:
            out.append(value)
        for name in value.__struct_fields__:
            out += _mutables(getattr(value, name))
    return out


def test_the_copy_is_the_json_round_trip_and_shares_nothing() -> None:
    game = get_game("wonderful-world")
    for players in (1, 2, 5):
        states = play(game, players, players, check=False, keep_states=True).states
        for state in states[:: max(1, len(states) // 60)]:
            copied, canonical = game.copy(state), game.loads(game.dumps(state))
            assert copied == canonical
            # the same value, and the same dict key order (the order iteration meets them in)
            assert msgspec.json.encode(copied) == msgspec.json.encode(canonical)
            originals = {id(m) for m in _mutables(state)}
            assert not [m for m in _mutables(copied) if id(m) in originals]
