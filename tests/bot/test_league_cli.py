"""Console parity for leagues (issue 23 §6): ``tabula league create|join|run|standings`` runs a whole
season of bot tables and prints the standings (docs/leagues.md)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from games.registry import register, unregister
from tests.e2e.titles import Pebbles


@pytest.fixture
def db(tmp_path: Path) -> Iterator[str]:
    register(Pebbles())
    yield f"sqlite:///{tmp_path / 'tabula.db'}"
    unregister("pebbles")


def tabula(db: str, *args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, ["league", *args, "--database-url", db])
    assert result.exit_code == code, result.output
    return result.output


def test_a_console_league_runs_a_season_of_bot_tables_and_prints_standings(db: str) -> None:
    assert "created" in tabula(db, "create", "Monday", "--game", "pebbles", "--seats", "4", "--min-seats", "3",
                               "--rounds", "3")
    tabula(db, "join", "Monday", *[f"P{n}" for n in range(1, 8)])
    out = tabula(db, "run", "Monday")
    assert "round 1/3" in out and "round 3/3" in out and "season 1, ended:" in out
    places = re.findall(r"^(\d+)\. (P\d) — (\d+) points? \((\d) tables?", out, re.M)
    assert sorted(name for _, name, _, _ in places) == [f"P{n}" for n in range(1, 8)]
    assert all(games == "3" for *_, games in places)
    points = [int(p) for _, _, p, _ in places]
    assert points == sorted(points, reverse=True)
    # the archived standings are printed again, in Chinese too
    again = tabula(db, "standings", "Monday", "--lang", "zh")
    assert "第 1 赛季，已结束" in again and all(name in again for _, name, _, _ in places)
    # the same standings as CSV (issue 23 §4): a heading row, then one row a member in the same order
    rows = list(csv.reader(io.StringIO(tabula(db, "standings", "Monday", "--csv"))))
    assert rows[0][:4] == ["place", "member", "name", "points"]
    assert [(r[0], r[2], r[3], r[4]) for r in rows[1:]] == places
    history = tabula(db, "history", "Monday", places[0][1])
    assert history.startswith(f"{places[0][1]} in “Monday”:") and len(history.splitlines()) == 4, history
    assert all(f"Season 1, round {n}: table " in history for n in (1, 2, 3)), history


def test_bad_input_is_refused_with_a_message_and_changes_nothing(db: str) -> None:
    out = tabula(db, "create", "Monday", "--game", "pebbles", "--rounds", "0", code=1)
    assert "A season has 1 to 30 rounds." in out
    assert "There is no league called “Monday” here." in tabula(db, "standings", "Monday", code=1)
    assert "已创建联赛" in tabula(db, "create", "Monday", "--game", "pebbles", "--lang", "zh")
    assert "至少需要 2 名成员" in tabula(db, "run", "Monday", "--lang", "zh", code=1)
