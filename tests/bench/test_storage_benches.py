"""``python -m bench.db`` and ``python -m bench.clock`` (issue 25 §3) run with tiny sizes and
print every line. Only the shape of the report is checked, never a time."""

from __future__ import annotations

import pytest

from bench import clock, db


def test_the_database_bench_prints_a_commit_alone(capsys: pytest.CaptureFixture[str]) -> None:
    db.main(["--database", "sqlite", "--moves", "3", "--samples", "2"])
    printed = capsys.readouterr().out
    assert "  load " in printed and "  act " in printed
    assert f"commit ({db.COMMIT_ROWS} rows, no snapshot) CPU p50" in printed


@pytest.mark.parametrize("backlog", [[], ["--backlog"]])
def test_the_clock_bench_prints_one_statement_per_tick(capsys: pytest.CaptureFixture[str], backlog: list[str]) -> None:
    clock.main(["--tables", "300", "--guilds", "20", "--ticks", "2", *backlog])
    printed = capsys.readouterr().out
    assert "300 active tables on 20 servers" in printed and "  wall median" in printed
    assert "statements 1; due:" in printed
