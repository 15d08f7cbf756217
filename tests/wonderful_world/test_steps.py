"""It's a Wonderful World on the flow kernel (games.core.flow): one frame per phase, read from the
state's phase; a move of another phase is refused as such (rules §3 轮次结构)."""

from __future__ import annotations

import pytest

from games.core import IllegalMove
from games.wonderful_world import GAME
from games.wonderful_world.state import Phase
from games.wonderful_world.steps import FLOW, PHASE_FRAMES, DraftStep, PlanningStep, ProductionStep

from .scenario import fresh, planning


def test_each_phase_but_the_end_is_a_frame_of_its_step() -> None:
    steps = {Phase.DRAFT: DraftStep, Phase.PLANNING: PlanningStep, Phase.PRODUCTION: ProductionStep}
    for phase, step in steps.items():
        assert isinstance(FLOW.step(PHASE_FRAMES[phase]), step)
    state = fresh(3)
    state.phase = Phase.OVER
    assert FLOW.frames(state) == () and FLOW.to_act(state) == frozenset()


def test_a_move_of_another_phase_is_refused_with_the_phase() -> None:
    state = planning(fresh(2))
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "pick 1")
    assert refused.value.key == "error.wrong_phase" and refused.value.params == {"phase": "planning"}
