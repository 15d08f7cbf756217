"""An imported 18xx.games record is an ordinary table on each database backend (SQLite and PostgreSQL):
read and replayed by the title (``games.royal_gorge.importer``), stored by the generic
``TableService.import_game``, loaded back to the same state, exported and replayed alike."""

from __future__ import annotations

from pathlib import Path

from games.royal_gorge.importer import REPLAYED, import_record
from service import TableService
from storage.repository import Repository
from tests.royal_gorge.fixtures import RECORDS, needs_records


@needs_records
def test_an_imported_record_is_stored_loaded_and_exported_alike_on_each_backend(repo: Repository) -> None:
    service = TableService(repo)
    imported = import_record(Path(RECORDS / "post_boston.json"))
    assert imported.code == REPLAYED and imported.setup is not None and imported.replay is not None
    stored = service.import_game(imported.game_id, imported.setup.names, imported.replay.moves,
                                 options=imported.setup.options, seed=imported.seed, end=imported.end)
    loaded = service.load(stored.table.id)
    assert loaded.table.status == "finished"  # the record ends with an admin's end
    assert loaded.game.dumps(loaded.state) == loaded.game.dumps(imported.replay.state)
    exported = service.export(stored.table.id)
    assert loaded.game.dumps(service.replay_export(exported)) == loaded.game.dumps(loaded.state)
