"""Hooks a real table needs: defaults every title inherits, and option kinds for text and lists."""

from __future__ import annotations

import pytest

from games.core import BadOptions, OptionSpec, Rng
from games.registry import get_game


def test_default_hooks_keep_existing_titles_playing() -> None:
    game = get_game("wonderful-world")
    state = game.setup(3, {}, "hooks")
    seat = min(game.to_act(state))
    assert game.acting_label(state, seat, "en") is None
    assert game.standing_orders(state, seat, "en") == []
    assert game.auto_move(state, seat, "pass-round") is None
    move = game.timeout_move(state, seat, Rng.from_seed("late"))
    assert move in game.legal_moves(state, seat)
    forced = game.force_end(state)
    assert sorted(s.seat for s in forced.standings) == [0, 1, 2]
    assert {s.rank for s in forced.standings} == {1}
    assert game.text(*forced.reasons[0], "zh") != forced.reasons[0][0]  # translated


def test_text_options_are_trimmed_and_bounded() -> None:
    spec = OptionSpec("map", "text", "base", {"en": "Map", "zh": "地图"})
    assert spec.coerce("  Royal   Gorge ") == "Royal Gorge"
    with pytest.raises(BadOptions):
        spec.coerce("   ")
    with pytest.raises(BadOptions):
        spec.coerce("x" * 101)


def test_list_options_take_known_items_once_each() -> None:
    spec = OptionSpec("privates", "list", [], {"en": "Privates", "zh": "私人公司"}, choices=("a", "b", "c"))
    assert spec.coerce("a, c,a") == ["a", "c"]
    assert spec.coerce("b，c") == ["b", "c"]           # a Chinese comma
    assert spec.coerce(["C"]) == ["c"]
    with pytest.raises(BadOptions):
        spec.coerce("a,z")
