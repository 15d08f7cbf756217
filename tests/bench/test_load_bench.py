"""``tabula bench load`` (issue 13 §1) runs a short load through the Discord adapter's ``/move`` on SQLite and
PostgreSQL, stores the moves it reports, and refuses what it must refuse.

Only the report's shape and counts are checked, never a time: tests do not assert on wall-clock time."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import make_url
from typer.testing import CliRunner

from bench.load import MAX_TABLES, LoadReport, LoadSettings, Spread, run_load
from bench.process_usage import Usage, descendants
from bench.scratch_database import NotLocal, check_local
from bot.cli import app

LABELS = ("commands", "acknowledge", "command → text", "command → image", "throughput", "CPU per command",
          "peak RSS")


def _check_report(report: LoadReport, printed: list[str]) -> None:
    assert report.commands > 0
    assert report.errors == {}
    assert report.offered >= report.commands
    # every move the commands led to (the human's and the bots' replies) is stored in the database
    assert report.moves_stored >= report.moves >= report.commands
    assert report.acknowledge.count == report.offered
    assert report.text.count == report.commands
    assert report.image.count + report.without_image == report.commands
    for spread in (report.acknowledge, report.text, report.image):
        assert spread.p50 <= spread.p95 <= spread.p99
    assert report.cpu_per_command > 0
    assert report.peak_rss > 0
    assert printed == report.lines()
    assert printed[0].startswith("== load (bare): 2 tables (landlords, wonderful-world)")
    for label in LABELS:
        assert any(line.strip().startswith(label) for line in printed[1:]), label


def test_a_saturated_run_plays_and_stores_moves(db_url: str) -> None:
    printed: list[str] = []
    report = run_load(LoadSettings(tables=2, duration=2.0, database=db_url, saturate=True, seed=3),
                      echo=printed.append)
    _check_report(report, printed)
    assert report.backend == db_url.split(":", 1)[0].split("+", 1)[0]
    assert "saturated" in printed[0]
    assert report.every_table_busy == 0
    if db_url.startswith("sqlite"):  # the benchmark's database is thrown away
        assert not Path(str(make_url(db_url).database)).exists()


def test_the_command_runs_poisson_arrivals_on_a_temporary_sqlite_file() -> None:
    result = CliRunner().invoke(app, ["bench", "load", "--tables", "2", "--rate", "3", "--duration", "2",
                                      "--seed", "5"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "== load (bare): 2 tables (landlords, wonderful-world), Poisson 3 commands/s, 2 s, sqlite"
    for label in LABELS:
        assert any(line.strip().startswith(label) for line in lines[1:]), label


@pytest.mark.parametrize("url", ["postgresql://postgres@db.example.com/test", "postgresql://u@10.0.0.5:5432/x",
                                 "postgresql://u@/test?host=db.example.com", "mysql://u@127.0.0.1/x",
                                 "sqlite://"])
def test_a_database_elsewhere_is_refused(url: str) -> None:
    with pytest.raises(NotLocal):
        check_local(url)
    with pytest.raises(ValueError):
        LoadSettings(database=url).check()


@pytest.mark.parametrize("url", ["postgresql://postgres@127.0.0.1:5432/test", "postgresql://u@localhost/test",
                                 "postgresql://u@[::1]/test", "postgresql://u@/test?host=/var/run/postgresql",
                                 "sqlite:///tmp/x.db"])
def test_a_local_database_is_accepted(url: str) -> None:
    assert check_local(url) in {"postgresql", "sqlite"}


def test_the_command_refuses_a_remote_database_and_runs_nothing() -> None:
    result = CliRunner().invoke(app, ["bench", "load", "--database", "postgresql://u@db.example.com/x"])
    assert result.exit_code == 2
    assert "on this machine" in result.output


@pytest.mark.parametrize("changes", [{"tables": 0}, {"tables": MAX_TABLES + 1}, {"duration": 0},
                                     {"duration": 100_000}, {"rate": 0}, {"stored": -1}, {"stored": 10**7},
                                     {"titles": ("chess",)}, {"titles": ()}, {"max_commands": 0}])
def test_runs_outside_the_bounds_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        LoadSettings(**changes).check()  # type: ignore[arg-type]


def test_saturation_needs_no_rate() -> None:
    LoadSettings(rate=0, saturate=True).check()


def test_spread_takes_percentiles_by_rank() -> None:
    spread = Spread.of([i / 1000 for i in range(1, 101)])
    assert (spread.count, spread.p50, spread.p95, spread.p99) == (100, 0.051, 0.096, 0.1)


def test_usage_sees_a_child_process_and_its_memory() -> None:
    usage = Usage()
    usage.start()
    child = subprocess.Popen([sys.executable, "-c", "import time; b = bytearray(30 << 20); time.sleep(3)"])
    try:
        for _ in range(50):
            usage.sample()
            if usage.children_peak.get(child.pid, 0.0) >= 30:
                break
            time.sleep(0.1)  # let the child allocate meanwhile
        assert child.pid in descendants()
        assert usage.children_peak[child.pid] >= 30
    finally:
        child.kill()
        child.wait()
