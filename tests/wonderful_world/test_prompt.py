"""Play experience §4: each phase says what is asked of a player."""

from __future__ import annotations

from games.wonderful_world import GAME
from games.wonderful_world.state import Phase


def test_each_phase_says_what_it_asks() -> None:
    state = GAME.setup(2, {}, "prompt")
    assert GAME.prompt(state, 0, "en") == "pick a card to keep"
    assert GAME.prompt(state, 0, "zh") == "选一张牌留下"
    state.phase = Phase.PLANNING
    assert "build or recycle" in (GAME.prompt(state, 1, "en") or "")
    state.phase = Phase.PRODUCTION
    state.step = 1
    assert GAME.prompt(state, 0, "en") == "place your energy (or done)"
    assert GAME.prompt(state, 0, "zh") == "放置你的能源（或完成）"
