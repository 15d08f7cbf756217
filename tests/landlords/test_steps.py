"""The Landlord's Game on the flow kernel (games.core.flow): the step table is complete and
consistent with the rules it encodes."""

from __future__ import annotations

import typing

from games.core.flow import Window
from games.landlords import GAME
from games.landlords.deals import DEAL_STEPS, DEALS
from games.landlords.state import ChallengeF, Frame, SealedF, VoteF
from games.landlords.steps import FLOW, STEPS

from .helpers import table


def test_every_frame_has_a_step_and_every_step_blocks() -> None:
    assert set(typing.get_args(Frame)) == set(STEPS)
    assert all(step.blocks for step in STEPS.values())


def test_deals_are_open_exactly_at_the_current_players_own_steps() -> None:
    """Rules §10.1, ruling R12: the steps listing the deal aside are those where deals are open."""
    assert {frame for frame, step in STEPS.items() if DEALS in step.asides} == set(DEAL_STEPS)


def test_simultaneous_answers_are_reaction_windows_open_to_every_other_player() -> None:
    """Sealed bids (§5.2), challenges (§8.2) and votes (§11.1) ask every other player: a pass is
    always open, and whether one could bid depends on cash, which is secret (R22)."""
    for frame in (SealedF, ChallengeF, VoteF):
        assert isinstance(STEPS[frame], Window)
    t = table(3)
    assert FLOW.to_act(t.s) == {0} and FLOW.may_act(t.s) == GAME.may_act(t.s)
    assert FLOW.entity(t.s, 0) is None and GAME.acting_label(t.s, 0, "en") is None
