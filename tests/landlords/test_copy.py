"""``LandlordsGame.copy`` (field by field, issue 25 §3) gives what the canonical JSON round trip gives,
and shares nothing mutable with the original."""

from __future__ import annotations

import msgspec

from games.landlords import GAME
from tests.support.playout import play
from tests.wonderful_world.test_copy import _mutables


def test_the_copy_is_the_json_round_trip_and_shares_nothing() -> None:
    kinds: set[type] = set()
    for players in (2, 3, 4):
        for seed in range(3):
            states = play(GAME, players, seed, check=False, keep_states=True).states
            for state in states[:: max(1, len(states) // 80)] + [s for s in states if s.stack and len(s.stack) > 1]:
                copied, canonical = GAME.copy(state), GAME.loads(GAME.dumps(state))
                assert copied == canonical
                # the same value, and the same dict key order (the order iteration meets them in)
                assert msgspec.json.encode(copied) == msgspec.json.encode(canonical)
                originals = {id(m) for m in _mutables(state)}
                assert not [m for m in _mutables(copied) if id(m) in originals]
                kinds |= {type(frame) for frame in state.stack}
    assert len(kinds) >= 8, kinds  # the copy met most kinds of frame, those holding lists among them
