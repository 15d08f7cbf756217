"""Megarich∞'s budgets of issue 20 (bench/megarich_budgets.py): every budget gets a line, each saying whether it
was met; only the report's shape is checked, never a time."""

from __future__ import annotations

from bench.megarich_budgets import BUDGETS, budget_lines, verdict


def test_every_budget_is_printed_with_its_verdict() -> None:
    lines = budget_lines(games=1, lang="zh")
    for label in ("completion, design", "move applied", "4-bot game, engine", "battle + replay", "replay size",
                  "board, gathering", "board, design", "board, over", "own image, gathering", "own image, design",
                  "placement focus", "result", "board, gathering, 6 seats"):
        found = [line for line in lines if line.startswith(f"budget: {label}  ")]
        assert len(found) == 1, label
        assert "upload limit" in found[0] if label == "replay size" else ("within" in found[0] or "OVER" in found[0])


def test_a_missed_budget_says_by_how_much() -> None:
    assert verdict(0.010, BUDGETS["move"]) == "within 20 ms"
    assert verdict(0.025, BUDGETS["move"]) == "OVER 20 ms by 5 ms (25%)"
    assert verdict(4.5, BUDGETS["game"]) == "OVER 3 s by 1.5 s (50%)"
