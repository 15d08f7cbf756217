"""``python -m bench.render`` runs and reports every image kind at every stage; only the report's shape is
checked, never a time (tests do not assert on wall-clock time)."""

from __future__ import annotations

import pytest

from bench.render import KINDS, STAGES, main, play, report
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
