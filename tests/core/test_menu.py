"""Menus instead of lists: the token-by-token helpers and the defaults every title inherits."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Game, Option, complete_by_tokens
from games.core.menu import group_by_next_token, split_typed
from games.registry import all_games
from tests.support.playout import play

PAIRS = [("lay a1 57 r0", "Lay 57 on A1"), ("lay a1 57 r1", "Lay 57 on A1 turned"), ("lay b2 8 r0", "Lay 8 on B2"),
         ("pass", "Pass"), ("token a1", "Token in A1")]


def test_grouping_offers_each_next_token_once_with_counts() -> None:
    root = group_by_next_token(PAIRS, [])
    assert [(o.token, o.final, o.count) for o in root] == [("lay", False, 3), ("pass", True, 1), ("token", False, 1)]
    assert root[1].label == "Pass"
    assert [o.token for o in group_by_next_token(PAIRS, ["lay"])] == ["a1", "b2"]
    last = group_by_next_token(PAIRS, ["lay", "a1", "57"])
    assert [(o.token, o.label, o.final) for o in last] == [("r0", "Lay 57 on A1", True),
                                                            ("r1", "Lay 57 on A1 turned", True)]
    assert group_by_next_token(PAIRS, ["nothing"]) == []


def test_split_typed_keeps_the_partial_token_apart() -> None:
    assert split_typed("") == ([], "")
    assert split_typed("lay A1") == (["lay"], "a1")
    assert split_typed("lay a1 ") == (["lay", "a1"], "")


def test_completion_by_tokens_returns_whole_notations() -> None:
    def menu(path: Any) -> list[Option]:
        return group_by_next_token(PAIRS, path)

    assert [o.token for o in complete_by_tokens(menu, "l")] == ["lay"]
    assert [o.token for o in complete_by_tokens(menu, "lay ")] == ["lay a1", "lay b2"]
    assert [o.token for o in complete_by_tokens(menu, "lay a1 57 r")] == ["lay a1 57 r0", "lay a1 57 r1"]
    assert [o.token for o in complete_by_tokens(menu, "", limit=2)] == ["lay", "pass"]


def _walk(game: Game[Any, Any], state: Any, seat: int, path: list[str]) -> list[str]:
    found = []
    for option in game.choices(state, seat, path, "en"):
        if option.final:
            found.append(" ".join([*path, option.token]))
        else:
            found += _walk(game, state, seat, [*path, option.token])
    return found


@pytest.mark.parametrize("game", all_games(), ids=[g.meta.id for g in all_games()])
def test_walking_the_menus_reaches_exactly_the_legal_moves(game: Game[Any, Any]) -> None:
    result = play(game, game.meta.max_players, 11, keep_states=True)
    for state in result.states[:: max(1, len(result.states) // 30)]:
        for seat in sorted(game.may_act(state)):
            legal = sorted(str(m) for m in game.legal_moves(state, seat))
            assert sorted(_walk(game, state, seat, [])) == legal
            assert game.count_moves(state, seat) == len(legal)
            assert game.has_moves(state, seat) == bool(legal)
            completions = game.complete(state, seat, "", "en")
            assert len(completions) <= 25
            assert all(game.parse(state, seat, o.token) is not None for o in completions if o.final)


def test_a_big_group_among_few_moves_folds_into_one_entry_opened_level_by_level() -> None:
    """Issue 22 §4: Three Kingdoms' 18 "any" moves are one entry of the panel's list beside its builds."""
    from games.core.menu import fold

    moves = [(f"any {r} {a}", f"Pay 1 {r} → {a}") for r in ("gold", "wood", "troops")
             for a in ("sell", "log", "recruit", "hire", "siege", "build")]
    moves += [("build yang barracks", "Build barracks in Yang"), ("skip any", "Decline any")]
    groups = group_by_next_token(moves, [])
    folded = fold(moves, [Option(o.token, f"group {o.token}", o.final, o.count) for o in groups])
    assert folded is not None
    assert [(o.token, o.final, o.count) for o in folded] == \
        [("any", False, 18), ("build yang barracks", True, 1), ("skip any", True, 1)]
    assert folded[0].label == "group any"
    assert fold(moves[:6] + moves[-2:], groups) is None          # no group above the limit: the list stands
    assert fold(moves[:18], group_by_next_token(moves[:18], [])) is None  # one group only: no click for nothing
