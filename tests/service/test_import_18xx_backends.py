"""An imported 18xx.games record is an ordinary table on each database backend (SQLite and PostgreSQL):
stored typed, loaded back to the same state, exported and replayed alike."""

from __future__ import annotations

from pathlib import Path

from service import TableService
from service.import_18xx import REPLAYED, import_18xx
from storage.repository import Repository
from tests.royal_gorge.fixtures import RECORDS, needs_records


@needs_records
def test_an_imported_record_is_stored_loaded_and_exported_alike_on_each_backend(repo: Repository) -> None:
    service = TableService(repo)
    report = import_18xx(service, Path(RECORDS / "post_boston.json"))
    assert report.code == REPLAYED and report.table is not None and report.replay is not None
    loaded = service.load(report.table)
    assert loaded.table.status == "finished"  # the record ends with an admin's end
    assert loaded.game.dumps(loaded.state) == loaded.game.dumps(report.replay.state)
    exported = service.export(report.table)
    assert loaded.game.dumps(service.replay_export(exported)) == loaded.game.dumps(loaded.state)
