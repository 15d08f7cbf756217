"""Campaigns' storage (issue 23 §3, storage.campaigns) on SQLite and PostgreSQL: what must happen once does."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, func, select

from storage.campaigns import CampaignExists, Campaigns
from storage.db import make_engine
from storage.leagues import NewSeat, NewTable
from storage.models import CampaignRow, TableRow
from storage.repository import Repository
from storage.types import utcnow

from .test_concurrency import race


def _campaign(store: Campaigns, name: str = "Pentathlon", guild: str = "g1") -> CampaignRow:
    return store.create(CampaignRow(guild_id=guild, name=name, members=[{"user": "u1", "name": "Ann"}],
                                    stages=[{"game": "landlords", "options": {}}], language="en", settings={}))


def _table(seed: str) -> NewTable:
    return NewTable("landlords", seed, "1", {}, "g1", "en", {"campaign": {"id": 1}},
                    [NewSeat("u1", "Ann"), NewSeat("u2", "Ben"), NewSeat(None, "Bot 3")])


def _count_tables(repo: Repository) -> int:
    with repo._read() as session:
        return int(session.scalar(select(func.count()).select_from(TableRow)) or 0)


def test_a_campaign_name_is_unique_per_server(repo: Repository) -> None:
    store = Campaigns(repo)
    row = _campaign(store)
    assert store.named("g1", "Pentathlon") is not None and store.get(row.id) is not None
    with pytest.raises(CampaignExists):
        _campaign(store)
    _campaign(store, guild="g2")
    assert [r.name for r in store.of_guild("g1")] == ["Pentathlon"] and len(store.running()) == 2


def test_a_stage_table_is_created_once_and_scored_once(repo: Repository) -> None:
    store = Campaigns(repo)
    row = _campaign(store)
    link, created = store.open_table(row.id, 0, _table("s1"))
    again, created_again = store.open_table(row.id, 0, _table("s1-other"))
    assert created and not created_again and again.table_id == link.table_id
    assert link.players == ["u1", "u2", None] and link.game_id == "landlords"
    assert [(s.user_id, s.is_bot) for s in repo.seats(link.table_id)] == [("u1", False), ("u2", False), (None, True)]
    assert _count_tables(repo) == 1 and store.of_table(link.table_id) is not None
    assert store.end_table(link.id, [{"user": "u1", "points": 3}])
    assert not store.end_table(link.id, [{"user": "u1", "points": 9}])  # another process wrote it already
    assert store.tables(row.id)[0].results == [{"user": "u1", "points": 3}]
    assert store.end(row.id, [{"user": "u1"}], utcnow()) and not store.end(row.id, [], utcnow())
    assert store.running() == [] and store.get(row.id).scoreboard == [{"user": "u1"}]  # type: ignore[union-attr]


def test_two_processes_opening_one_stage_create_its_table_once(db_url: str, repo: Repository) -> None:
    store = Campaigns(repo)
    row = _campaign(store)
    engines: list[Engine] = [make_engine(db_url) for _ in range(4)]
    try:
        stores = [Campaigns(Repository(engine)) for engine in engines]
        results, errors = race([(lambda s=s, i=i: s.open_table(row.id, 0, _table(f"seed{i}")))
                                for i, s in enumerate(stores)])
    finally:
        for engine in engines:
            engine.dispose()
    assert errors == []
    assert sum(created for _, created in results) == 1
    assert len({link.table_id for link, _ in results}) == 1
    assert _count_tables(repo) == 1
    assert len(repo.seats(results[0][0].table_id)) == 3
