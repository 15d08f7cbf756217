"""The Landlord's Game's fast random playout (issue 25 §3) against the slow path it replaced: the same
seeds give the same moves and the same final state, which the trusted replay rebuilds."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Rng
from games.landlords import GAME
from games.landlords.deals import DEALS, deals_open, signs_open
from games.landlords.game import RANDOM_DEAL_ODDS
from games.landlords.moves import Offer, Sign, Unsign
from games.landlords.steps import FLOW
from tests.support.engine_paths import digest, play_compared, replayed


def listed_random_move(state: Any, seat: int, rng: Rng) -> Any:
    """``random_move`` as it was: the whole list built, the deals and signs filtered out of it."""
    legal = GAME._legal_moves(state, seat) if seat in GAME.may_act(state) else []
    own = sorted((m for m in legal if not isinstance(m, Offer | Sign | Unsign)), key=str)
    if own and len(own) < len(legal) and rng.below(RANDOM_DEAL_ODDS):
        return rng.choice(own)
    return rng.choice(sorted(legal, key=str))


def check_asides(state: Any, seat: int) -> None:
    """Who may deal or sign, asked once for all seats, is who may seat by seat (``DealAside.may``);
    an open aside is one with moves; ``to_act`` is within ``may_act`` (``Game._check_can_act``)."""
    assert GAME.to_act(state) <= GAME.may_act(state)
    for frame, step in FLOW.live(state):
        if DEALS in step.asides:
            one_by_one = (frozenset(s for s in state.active() if DEALS.may(state, frame, s))
                          if deals_open(state) or signs_open(state) else frozenset())
            assert DEALS.seats(state, frame) == one_by_one
    for other in range(state.players):
        assert FLOW.aside_open(state, other) == bool(FLOW.aside_legal(state, other))


@pytest.mark.parametrize(("players", "seed"), [(4, 0), (4, 1), (4, 2), (3, 3), (2, 4)])
def test_a_seeded_random_game_draws_as_the_listed_path_and_replays_to_the_same_state(
        players: int, seed: int) -> None:
    played = play_compared(GAME, players, seed, listed_random_move, check_asides)
    assert played.positions > 100 and GAME.outcome(played.final) is not None
    assert digest(GAME, replayed(GAME, players, seed, played.moves)) == digest(GAME, played.final)
