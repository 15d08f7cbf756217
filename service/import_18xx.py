"""A record of 18xx.games imported as a table, in one call: kept for callers that hold a service and a file
(tests/service/test_import_18xx_backends.py checks each database backend with it).

Nothing here is the title's or draws: the record is read, replayed and described by the title
(:func:`games.royal_gorge.importer.import_record`) and stored by the generic :meth:`TableService.import_game`;
the command, which prints and draws, is ``tabula import-18xx`` in ``bot/cli.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from games.royal_gorge.importer import REPLAYED, STOPPED, UNREADABLE, Replay, import_record, result_lines

from .tables import TableService

__all__ = ["REPLAYED", "STOPPED", "UNREADABLE", "ImportReport", "import_18xx"]


@dataclass
class ImportReport:
    """What an import did: ``lines`` to print, the exit ``code``, the ``table`` stored (``None`` when nothing
    was) and the ``replay``."""

    lines: list[str] = field(default_factory=list)
    code: int = REPLAYED
    table: int | None = None
    replay: Replay | None = None


def import_18xx(service: TableService, path: Path, *, oracle: Path | None = None,
                railroads: list[str] | None = None, privates: list[str] | None = None, strict: bool = False,
                until: int | None = None, user_id: str = "local", lang: str = "en") -> ImportReport:
    """Replay the record at ``path`` (:func:`~games.royal_gorge.importer.import_record`, the same options) and
    store what was taken as a table held by ``user_id``."""
    imported = import_record(path, oracle=oracle, railroads=railroads, privates=privates, strict=strict,
                             until=until, lang=lang)
    report = ImportReport(lines=imported.lines, code=imported.code, replay=imported.replay)
    if imported.setup is None or imported.replay is None:
        return report
    table = service.import_game(imported.game_id, imported.setup.names, imported.replay.moves,
                                options=imported.setup.options, seed=imported.seed, user_id=user_id,
                                language=lang, end=imported.end)
    report.table = table.table.id
    report.lines += result_lines(imported, table.outcome, lang)
    return report
