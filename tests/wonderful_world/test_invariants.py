"""The conservation laws the contract suite checks after every move (``Game.invariants``) hold on a
fresh game and report each kind of breakage, so weakening them fails a test (the twin of
``tests/landlords/test_contract.py::test_invariants_hold_and_catch_breakage``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.wonderful_world import GAME
from games.wonderful_world.state import WorldState
from games.wonderful_world.steps import KRYSTALLIUM_RATE


def test_invariants_hold_and_catch_breakage() -> None:
    state = GAME.setup(3, {}, 2)
    assert GAME.invariants(state) == []
    state.deck.pop()
    state.empires[0].krystallium = -1
    assert len(GAME.invariants(state)) == 2


def _lose_a_card(s: WorldState) -> None:
    s.deck.pop()


def _copy_a_card(s: WorldState) -> None:
    s.discard.append(s.empires[1].hand[0])


def _move_a_card_twice(s: WorldState) -> None:
    s.empires[2].built.append(s.empires[2].hand[0])


def _negative_pool(s: WorldState) -> None:
    s.empires[0].pool["energy"] = -1


def _negative_character(s: WorldState) -> None:
    s.empires[1].general = -1


def _full_reserve(s: WorldState) -> None:
    s.empires[2].reserve = KRYSTALLIUM_RATE


@pytest.mark.parametrize("breakage", [_lose_a_card, _copy_a_card, _move_a_card_twice, _negative_pool,
                                      _negative_character, _full_reserve])
def test_each_breakage_is_reported(breakage: Callable[[WorldState], None]) -> None:
    state = GAME.setup(3, {}, 4)
    breakage(state)
    assert len(GAME.invariants(state)) == 1

