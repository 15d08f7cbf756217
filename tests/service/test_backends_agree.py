"""The same seed and moves give the same game, bit for bit, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from games.registry import game_ids
from service import TableService
from storage.db import make_engine, migrate
from storage.repository import Repository
from tests.storage.conftest import PG_ENV, _pg_schema_url, postgres_url


def play_bot_table(url: str, game_id: str, seed: str) -> tuple[list[tuple[int | None, str]], str]:
    engine = make_engine(url)
    migrate(engine)
    service = TableService(Repository(engine))
    game = service.create(game_id, seed=seed).id
    seats = service.repo.get_table(game).settings["seats"]
    for _ in range(seats):
        service.add_bot(game)
    service.start(game)
    loaded = service.load(game)
    log = [(r.seat, r.notation) for r in service.log(game)]
    digest = hashlib.sha256(loaded.game.dumps(loaded.state)).hexdigest()
    engine.dispose()
    return log, digest


@pytest.mark.postgres
@pytest.mark.parametrize("game_id", game_ids())
def test_sqlite_and_postgresql_play_identical_games(tmp_path: Path, game_id: str) -> None:
    base = postgres_url()
    if not base:
        pytest.skip(f"{PG_ENV} is not set")
    on_sqlite = play_bot_table(f"sqlite:///{tmp_path / 'a.db'}", game_id, "same-seed")
    for url in _pg_schema_url(base):
        on_postgres = play_bot_table(url, game_id, "same-seed")
    assert on_sqlite[0] and on_sqlite == on_postgres
