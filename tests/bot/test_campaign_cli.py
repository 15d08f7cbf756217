"""Console parity for campaigns (issue 23 §3): ``tabula campaign create|run|standings`` plays a whole
campaign of bot tables across titles and prints the cumulative scoreboard (docs/campaigns.md)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from games.registry import register, unregister
from tests.e2e.titles import Pebbles, SnapGame


@pytest.fixture
def db(tmp_path: Path) -> Iterator[str]:
    register(Pebbles())
    register(SnapGame())
    yield f"sqlite:///{tmp_path / 'tabula.db'}"
    unregister("pebbles")
    unregister("snap")


def tabula(db: str, *args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, ["campaign", *args, "--database-url", db])
    assert result.exit_code == code, result.output
    return result.output


def test_a_console_campaign_runs_its_bot_tables_and_prints_the_scoreboard(db: str) -> None:
    made = tabula(db, "create", "Trio", "Ann", "Ben", "Cy", "--games", "pebbles,snap,pebbles")
    assert "Campaign “Trio” created: Pebbles, Snap, Pebbles. The first table is open." in made, made
    assert "0 of 3 tables played, running:" in tabula(db, "standings", "Trio")
    out = tabula(db, "run", "Trio")
    assert "table 1/3: Pebbles" in out and "table 2/3: Snap" in out and "table 3/3: Pebbles" in out
    assert "Trio — 3 of 3 tables played, ended:" in out
    places = re.findall(r"^(\d+)\. (Ann|Ben|Cy) — (\d+) points? \((\d) tables?", out, re.M)
    assert sorted(name for _, name, _, _ in places) == ["Ann", "Ben", "Cy"]
    assert all(games == "3" for *_, games in places)
    points = [int(p) for _, _, p, _ in places]
    assert points == sorted(points, reverse=True) and 3 * 6 <= sum(points) <= 3 * 9  # 3+2+1 a table, ties more
    again = tabula(db, "standings", "Trio", "--lang", "zh")
    assert "Trio — 已完成 3/3 桌，已结束：" in again and all(name in again for _, name, _, _ in places)
    assert "has ended" in tabula(db, "run", "Trio", code=1)


def test_a_pentathlon_refuses_a_group_a_title_cannot_seat_and_stores_nothing(db: str) -> None:
    five = ["A", "B", "C", "D", "E"]
    out = tabula(db, "create", "Five", *five, "--lang", "zh", code=1)
    assert "landlords 可坐 1–4 人：5 人的小组无法进行" in out, out
    assert "There is no campaign called “Five” here." in tabula(db, "standings", "Five", code=1)
    assert "2 to 10 members" in tabula(db, "create", "Solo", "A", "--games", "pebbles", code=1)
