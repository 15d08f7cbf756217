"""``python -m bench.render`` runs and reports every image kind at every stage; only the report's shape is
checked, never a time (tests do not assert on wall-clock time)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.render import (
    BOARD_BUDGET,
    BOARD_PNG_BUDGET,
    KINDS,
    STAGES,
    SWEEP_POSITIONS,
    Sweep,
    board_report,
    board_sweep,
    main,
    play,
    report,
)
from games.registry import get_game


def test_the_render_bench_reports_every_kind_of_image() -> None:
    printed: list[str] = []
    measured = report(["landlords"], ["en"], reps=1, echo=printed.append)
    assert printed[0].startswith("== landlords (4 seats, ")
    seen = {(m.kind, m.stage) for m in measured}
    assert {kind for kind, _ in seen} == set(KINDS)
    assert {("board", stage) for stage, _ in STAGES} <= seen
    assert {("private", stage) for stage, _ in STAGES} <= seen
    assert ("result", "end") in seen
    for m in measured:
        assert len(m.cpu) == len(m.encode) == 1
        assert m.png_bytes > 0 and m.size[0] > 0 and m.measures > 0 and m.texts > 0
        assert m.line() in printed
        assert m.line().lstrip().startswith(m.kind)
    for kind in KINDS:
        assert any(line.lstrip().startswith(kind) for line in printed)
    assert printed[-1].startswith("worst board: landlords")


def test_the_bench_plays_to_the_end_at_the_most_seats() -> None:
    positions = play("landlords")
    assert positions.players == 4
    assert set(positions.states) == {stage for stage, _ in STAGES}
    assert get_game("landlords").outcome(positions.states["end"]) is not None
    assert get_game("landlords").outcome(positions.states["early"]) is None


def test_the_command_line_refuses_an_unknown_title(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--game", "no-such-title", "--reps", "1"])
    assert "unknown title 'no-such-title'" in capsys.readouterr().err


def test_the_board_sweep_draws_every_position_and_reports_against_the_budget() -> None:
    printed: list[str] = []
    sweeps = board_report(["landlords"], ["en"], echo=printed.append, rounds=2)
    assert printed[0].startswith("== boards: ") and "least CPU of 2 sweeps" in printed[0]
    (sweep,) = sweeps
    assert len(sweep.cpu) == len(sweep.encode) == len(sweep.png_bytes) == SWEEP_POSITIONS
    assert all(size > 0 for size in sweep.png_bytes)
    assert sweep.line() in printed
    assert "CPU p50" in sweep.line() and "KiB" in sweep.line()
    assert printed[-1].startswith("slowest board: landlords en")


def test_a_sweep_line_names_the_boards_over_budget() -> None:
    over = Sweep("landlords", "en", (0.010, BOARD_BUDGET + 0.001), (0.005, 0.005), (1000, BOARD_PNG_BUDGET + 1))
    assert "1 over 40 ms, 1 over 200 KiB" in over.line()
    within = Sweep("landlords", "en", (0.010, BOARD_BUDGET), (0.005, 0.005), (1000, BOARD_PNG_BUDGET))
    assert within.line().endswith("within budget")


def test_the_sweep_spreads_its_positions_over_the_whole_game() -> None:
    positions = play("landlords", sweep=4)
    game = get_game("landlords")
    assert len(positions.sweep) == 4
    assert positions.sweep[-1] is positions.states["end"]
    assert game.outcome(positions.sweep[0]) is None


def test_tabula_bench_boards_prints_the_sweep_and_refuses_an_unknown_title() -> None:
    from typer.testing import CliRunner

    from bot.cli import app

    result = CliRunner().invoke(app, ["bench", "boards", "--game", "hexlay", "--lang", "zh", "--rounds", "1"])
    assert result.exit_code == 0, result.output
    assert "  hexlay          zh   16 boards  CPU p50" in result.output
    refused = CliRunner().invoke(app, ["bench", "boards", "--game", "no-such-title"])
    assert refused.exit_code != 0 and "unknown game 'no-such-title'" in refused.output


def test_a_whole_maps_sweep_draws_every_map_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--whole-maps`` forgets the kept maps before each board: no board of 18 Royal Gorge patches or reuses one."""
    from render.royal_gorge import map as rg_map

    patched: list[int] = []
    whole: list[int] = []
    patch, draw = rg_map.patch_map, rg_map.draw_map

    def counted_patch(*args: Any, **kwargs: Any) -> Any:
        patched.append(1)
        return patch(*args, **kwargs)

    def counted_draw(*args: Any, **kwargs: Any) -> Any:
        whole.append(1)
        return draw(*args, **kwargs)

    monkeypatch.setattr(rg_map, "patch_map", counted_patch)
    monkeypatch.setattr(rg_map, "draw_map", counted_draw)
    positions = play("royal-gorge")
    board_sweep("royal-gorge", "en", positions, whole_maps=True)
    assert patched == [] and len(whole) == 1 + SWEEP_POSITIONS      # the warm-up, then every board
    whole.clear()
    board_sweep("royal-gorge", "en", positions)
    assert patched and len(whole) < SWEEP_POSITIONS                 # kept or patched maps otherwise
