"""Three Kingdoms' faster engine (issue 25 §3) against the slower paths it replaced: whether an action
can be taken is what listing its ways says, the claim bonus is what the talents in front say, and the
seeded games the engine benchmark plays replay to the same final state on the trusted path."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Rng
from games.three_kingdoms import GAME
from games.three_kingdoms.content import ACTIONS, content
from games.three_kingdoms.rules import claim_bonus, held, held_regions
from games.three_kingdoms.steps import action_moves, front_nudges, may_take
from tests.support.engine_paths import digest, play_compared, replayed


def listed_random_move(state: Any, seat: int, rng: Rng) -> Any:
    """``random_move`` drawing from the whole sorted list (it does, and must keep doing so)."""
    legal = GAME.legal_moves(state, seat)
    eager = [m for m in legal if type(m).__name__ not in ("Skip", "Recall")]
    if eager and rng.below(2):
        return rng.choice(eager)
    return rng.choice(legal)


def check_shortcuts(state: Any, seat: int) -> None:
    """At every position, for every seat: each shortcut answers what the long way answers."""
    talents, zhou = content().talents, content().zhou
    for other in range(state.players):
        if not state.seats[other].lord:
            continue  # setup: lords not chosen yet, no action to take
        for action in ACTIONS:
            assert may_take(state, other, action) == bool(action_moves(state, other, action)), action
        front = state.seats[other].front
        assert claim_bonus(state, other) == sum(e.claim for card in front for e in talents[card].effects
                                                if e.when == "front")
        assert held_regions(state, other) == {zhou[z].region for z in held(state, other)}
        assert front_nudges(state, other) == any(e.nudge for card in front for e in talents[card].effects)


@pytest.mark.parametrize(("players", "seed"), [(4, 0), (4, 1), (3, 2), (2, 3)])
def test_a_seeded_random_game_takes_the_shortcuts_the_long_way_agrees_with_and_replays(
        players: int, seed: int) -> None:
    played = play_compared(GAME, players, seed, listed_random_move, check_shortcuts)
    assert played.positions > 100 and GAME.outcome(played.final) is not None
    assert digest(GAME, replayed(GAME, players, seed, played.moves)) == digest(GAME, played.final)
