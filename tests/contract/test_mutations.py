"""Every deliberate bug of ``tests/contract/mutants.py`` is caught by the contract suite, for every
registered and example title where it applies (issue 24; the list is in docs/testing.md)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Game
from games.registry import all_games

from .mutants import MUTATIONS, Mutation, verdict

GAMES = all_games(examples=True)
CASES = [(m, g) for m in MUTATIONS for g in GAMES]


@pytest.mark.parametrize(("mutation", "game"), CASES, ids=[f"{m.name}-{g.meta.id}" for m, g in CASES])
def test_the_contract_suite_catches_the_mutant(mutation: Mutation, game: Game[Any, Any]) -> None:
    result, why = verdict(mutation, game)
    print(f"{mutation.name} / {game.meta.id}: {result} — {why}")
    assert result != "missed", f"the contract suite let '{mutation.name}' through for {game.meta.id} ({why})"


def test_every_mutation_applies_to_some_title() -> None:
    """A mutation no title can have would test nothing."""
    for mutation in MUTATIONS:
        assert any(not isinstance(mutation.make(game), str) for game in GAMES), mutation.name
