"""Leagues' storage (issue 23 §2, storage.leagues) on SQLite and PostgreSQL: what must happen once does."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Engine, func, select

from storage.db import make_engine
from storage.leagues import LeagueExists, Leagues, NewSeat, NewTable
from storage.models import LeagueRow, TableRow
from storage.repository import Repository
from storage.types import utcnow

from .test_concurrency import race


def _league(store: Leagues, name: str = "Monday") -> LeagueRow:
    return store.create(LeagueRow(guild_id="g1", name=name, game_id="landlords", seats=4, min_seats=3, rounds=3,
                                  round_hours=48.0, options={}, language="en", settings={}, creator="mod"))


def _table(seed: str) -> NewTable:
    return NewTable("landlords", seed, "1", {}, "g1", "en", {"league": 1},
                    [NewSeat("u1", "Ann"), NewSeat("u2", "Ben"), NewSeat(None, "Bot 3")])


def _count_tables(repo: Repository) -> int:
    with repo._read() as session:
        return int(session.scalar(select(func.count()).select_from(TableRow)) or 0)


def test_a_league_name_is_unique_per_server(repo: Repository) -> None:
    store = Leagues(repo)
    league = _league(store)
    assert store.named("g1", "Monday") is not None and store.get(league.id) is not None
    with pytest.raises(LeagueExists):
        _league(store)
    store.create(LeagueRow(guild_id="g2", name="Monday", game_id="landlords", seats=4, min_seats=4, rounds=1,
                           round_hours=1.0))
    assert [row.name for row in store.of_guild("g1")] == ["Monday"]


def test_a_season_starts_once_and_a_round_keeps_its_first_seating(repo: Repository) -> None:
    store = Leagues(repo)
    league = _league(store)
    season = store.start_season(league.id, 0)
    assert season is not None and season.number == 1
    assert store.start_season(league.id, 0) is None  # another process started it already
    now = utcnow()
    first = store.put_round(season.id, 1, {"tables": [["u1", "u2"]]}, now, now + timedelta(hours=1))
    again = store.put_round(season.id, 1, {"tables": [["u2", "u1"]]}, now, now + timedelta(hours=1))
    assert again.id == first.id and again.seating == {"tables": [["u1", "u2"]]}
    assert store.move_round(first.id, "opening", "open")
    assert not store.move_round(first.id, "opening", "open")
    assert store.move_round(first.id, "open", "ended", results=[{"user": "u1", "points": 4}])
    assert store.rounds(season.id)[0].results == [{"user": "u1", "points": 4}]
    assert store.end_season(season.id, [{"user": "u1"}], now) and not store.end_season(season.id, [], now)
    assert store.running() == []


def test_a_round_table_is_created_once(repo: Repository) -> None:
    store = Leagues(repo)
    season = store.start_season(_league(store).id, 0)
    assert season is not None
    now = utcnow()
    round_ = store.put_round(season.id, 1, {}, now, now)
    link, created = store.open_table(round_.id, 0, _table("s1"))
    again, created_again = store.open_table(round_.id, 0, _table("s1-other"))
    assert created and not created_again and again.table_id == link.table_id
    assert link.players == ["u1", "u2", None]
    assert [(s.user_id, s.is_bot) for s in repo.seats(link.table_id)] == [("u1", False), ("u2", False), (None, True)]
    assert _count_tables(repo) == 1
    assert store.round_of_table(link.table_id) is not None


def test_two_processes_opening_one_round_create_each_table_once(db_url: str, repo: Repository) -> None:
    store = Leagues(repo)
    season = store.start_season(_league(store).id, 0)
    assert season is not None
    now = utcnow()
    round_ = store.put_round(season.id, 1, {}, now, now)
    engines: list[Engine] = [make_engine(db_url) for _ in range(4)]
    try:
        stores = [Leagues(Repository(engine)) for engine in engines]
        results, errors = race([(lambda s=s, i=i: s.open_table(round_.id, 0, _table(f"seed{i}")))
                                for i, s in enumerate(stores)])
    finally:
        for engine in engines:
            engine.dispose()
    assert errors == []
    assert sum(created for _, created in results) == 1
    assert len({link.table_id for link, _ in results}) == 1
    assert _count_tables(repo) == 1
    assert len(repo.seats(results[0][0].table_id)) == 3


def test_seasons_that_ended_lately_are_found_per_server(repo: Repository) -> None:
    """The clock's closing posts (issue 23 §4) read the seasons of its servers that ended since a time."""
    store = Leagues(repo)
    league, other = _league(store), _league(store, "Tuesday")
    first, running = store.start_season(league.id, 0), store.start_season(other.id, 0)
    assert first is not None and running is not None
    now = utcnow()
    assert store.end_season(first.id, [], now)
    assert [(lg.name, s.number) for lg, s in store.ended_since(["g1"], now - timedelta(hours=1))] == [("Monday", 1)]
    assert store.ended_since(["g1"], now + timedelta(seconds=1)) == []  # ended before that
    assert store.ended_since(["g2"], now - timedelta(hours=1)) == []  # another server's
