"""``tabula bench`` runs end to end with tiny sizes and reports every column for every title.

Only the shape of the report is checked, never a time: tests do not assert on wall-clock time."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from bench.engine import LegalMovesCounter, prefixes
from bench.run import COLUMNS, DEFAULT_TITLES, ENGINE_GOALS_MS, Sizes, against, run_all
from bot.cli import app
from games.registry import get_game

TINY = Sizes(rounds=1, games=1, positions=2, moves=5, renders=1, repeats=2)


def test_every_title_gets_every_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABULA_BENCH_DATABASE_URL", raising=False)
    printed: list[str] = []
    reports = run_all(list(DEFAULT_TITLES), TINY, echo=printed.append)
    assert [r.game_id for r in reports] == list(DEFAULT_TITLES)
    assert {"wonderful-world", "landlords", "hexlay"} <= set(DEFAULT_TITLES)
    for report in reports:
        assert tuple(report.columns) == COLUMNS, report.game_id
        assert all(text.strip() for text in report.columns.values()), report.game_id
        assert f"== {report.game_id}" in printed
        assert all(f"  {text}" in printed for text in report.columns.values())
    assert len(printed) == sum(1 + len(COLUMNS) + len(r.extra) for r in reports)
    for report in reports:  # issue 25's goals printed beside the figures they bound
        goal = ENGINE_GOALS_MS.get(report.game_id)
        shown = "goal ≤ " in report.columns["engine"]
        assert shown == (goal is not None) and (goal is None or f"goal ≤ {goal:g} ms: " in report.columns["engine"])
        assert "goal ≤ 200 KiB: " in report.columns["render"], report.game_id
    megarich = next(r for r in reports if r.game_id == "megarich")
    for budget in ("completion, design", "move applied", "4-bot game, engine", "battle + replay", "replay size",
                   "board, gathering", "board, design", "own image, design", "result"):
        assert any(line.startswith(f"budget: {budget}") for line in megarich.extra), budget


def test_a_figure_is_read_against_its_goal() -> None:
    assert against(12.0, 15.0, "ms") == " — goal ≤ 15 ms: met"
    assert against(15.5, 15.0, "ms") == " — goal ≤ 15 ms: OVER"
    assert against(99.0, None, "ms") == ""


def test_the_bench_command_prints_the_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABULA_BENCH_DATABASE_URL", raising=False)
    result = CliRunner().invoke(app, ["bench", "--game", "hexlay", "--rounds", "1", "--games", "1", "--positions",
                                      "1", "--moves", "3", "--renders", "1", "--repeats", "1"])
    assert result.exit_code == 0, result.output
    for label in ("completion (Game.complete)", "panel (view + menu level)", "move applied (parse + apply)",
                  "act with commit", "table load, 3 moves", "undo of the last move", "_legal_moves called"):
        assert label in result.output


def test_the_counter_counts_legal_move_lists_and_puts_the_method_back() -> None:
    game = get_game("landlords")
    state = game.setup(2, {}, 1)
    seat = min(game.to_act(state))
    with LegalMovesCounter(game) as counter:
        game.legal_moves(state, seat)
        game.legal_moves(state, seat)
    assert counter.calls == 2
    assert "_legal_moves" not in vars(game)
    game.legal_moves(state, seat)
    assert counter.calls == 2


def test_prefixes_run_from_one_character_to_the_whole_move() -> None:
    assert prefixes("lay c4 s3 r2") == ["l", "lay", "lay ", "lay c4", "lay c4 s3 r", "lay c4 s3 r2"]
    assert prefixes("roll") == ["r", "ro", "rol", "roll"]
