"""Console parity for ratings (issue 23 §1, §6): ``tabula ratings`` prints a server's leaderboard,
``tabula ratings recompute`` rebuilds it from the stored results (docs/ratings.md)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from games.registry import register, unregister
from service import TableService
from service import ratings as rules
from tests.e2e.titles import Pebbles


@pytest.fixture
def db(tmp_path: Path) -> Iterator[str]:
    register(Pebbles())
    yield f"sqlite:///{tmp_path / 'tabula.db'}"
    unregister("pebbles")


def finish(service: TableService, users: list[str], takes: list[int], guild: str = "g1") -> None:
    table = service.create("pebbles", seats=len(users), options={"pile": 7}, seed="s", creator=users[0],
                           guild_id=guild)
    for user in users:
        service.join(table.id, user, user.title())
    service.start(table.id, users[0])
    for count in takes:
        loaded = service.load(table.id)
        seat = next(iter(loaded.game.to_act(loaded.state)))
        service.act(table.id, loaded.seats[seat].user_id, f"take {count}")


def tabula(*args: str) -> str:
    result = CliRunner().invoke(app, ["ratings", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_tabula_ratings_prints_the_leaderboard_and_recompute_rebuilds_it(db: str) -> None:
    service = TableService.open(db)
    finish(service, ["ann", "ben"], [3, 3, 1])  # ann wins
    finish(service, ["ben", "cid"], [3, 3, 1])  # ben wins
    board = rules.standings(service, "g1", "pebbles")
    expected = [f"{p.place}. {p.name} — {p.rating} ({p.games} {'table' if p.games == 1 else 'tables'})" for p in board]
    assert [p.name for p in board][-1] == "Cid" and board[0].rating > 1000

    shown = tabula("--server", "g1", "--game", "pebbles", "--database-url", db).splitlines()
    assert shown == ["Pebbles — ratings on this server:", *expected]
    assert tabula("--server", "g1", "--database-url", db).splitlines() == shown  # every title rated there
    assert "μ" in tabula("--server", "g1", "--details", "--lang", "zh", "--database-url", db)
    assert tabula("--database-url", db).startswith("Nobody has a rating here yet")  # none outside a server

    assert tabula("recompute", "--server", "g1", "--database-url", db).strip() == "Ratings recomputed from 2 results."
    assert rules.standings(service, "g1", "pebbles") == board


def test_an_unknown_game_is_refused(db: str) -> None:
    result = CliRunner().invoke(app, ["ratings", "--game", "chess", "--database-url", db])
    assert result.exit_code != 0 and "unknown game 'chess'" in result.output
