"""The SQL the repository's hot reads are built from (issue 13 §4: one statement per load): the
newest snapshot an undo left usable, and the one ``UNION ALL`` that reads a table, its seats, that
snapshot and the log after it. Apart from :mod:`storage.repository` so that module stays about
the reads and writes themselves (issue 24: no file over 800 lines)."""

from __future__ import annotations

import functools
from typing import Any, Final

from sqlalchemy import (
    BindParameter,
    Integer,
    and_,
    bindparam,
    cast,
    exists,
    func,
    literal_column,
    null,
    select,
    union_all,
)
from sqlalchemy.orm import aliased
from sqlalchemy.sql.expression import ColumnClause
from sqlalchemy.sql.selectable import CompoundSelect, Select
from sqlmodel import col

from .models import ActionRow, Base, SeatRow, SnapshotRow, TableRow

#: What one :meth:`storage.repository.Repository.load` reads, in the order of the parts of its one statement.
LOAD_PARTS: Final[tuple[type[Base], ...]] = (TableRow, SeatRow, SnapshotRow, ActionRow)
#: An undo row's kind, written into the SQL rather than bound, so the planner can match the
#: partial index on undo rows (``ix_actions_undo``) whatever plan it caches.
_UNDO: Final[ColumnClause[str]] = literal_column("'undo'")


def usable_snapshot_query(table_id: int | BindParameter[int], before: int | None = None) -> Select[Any]:
    """The newest snapshot of the table (before action ``before``) that no undo voided;
    ``table_id`` may be a bound parameter (:func:`load_statement`)."""
    # A snapshot at s is unusable once a later undo voids a row it includes (voids <= s).
    undo = aliased(ActionRow)
    voided = exists().where(
        col(undo.table_id) == table_id,
        col(undo.kind) == _UNDO,
        col(undo.seq) > col(SnapshotRow.seq),
        col(undo.voids) <= col(SnapshotRow.seq),
    )
    query = select(SnapshotRow).where(col(SnapshotRow.table_id) == table_id, ~voided)
    if before is not None:
        query = query.where(col(SnapshotRow.seq) < before)
    return query.order_by(col(SnapshotRow.seq).desc()).limit(1)


def columns_of(model: type[Base]) -> Any:
    """The columns of a model's table."""
    return model.__table__.columns  # type: ignore[attr-defined]


@functools.cache
def load_statement() -> CompoundSelect[Any]:
    """The one statement of :meth:`storage.repository.Repository.load`: the table, its seats, its newest usable
    snapshot and the log rows after that snapshot, as one ``UNION ALL``.

    Each part is tagged (``part``: the index into :data:`LOAD_PARTS`) and ordered (``ord``: the
    seat or seq); its model's columns are labelled ``<table>_<column>``, the other parts'
    columns are typed NULLs, so one result holds rows of four tables and every value is read
    with its column's type. Built once; the table's id is the parameter ``table_id``.
    """
    table_id = bindparam("table_id", type_=Integer)
    snapshot = usable_snapshot_query(table_id).cte("usable_snapshot")
    after = func.coalesce(select(snapshot.c.seq).scalar_subquery(), 0)
    sources: list[tuple[Any, Any, Any]] = [
        (TableRow.__table__, literal_column("0"), col(TableRow.id) == table_id),  # type: ignore[attr-defined]
        (SeatRow.__table__, col(SeatRow.seat), col(SeatRow.table_id) == table_id),  # type: ignore[attr-defined]
        (snapshot, snapshot.c.seq, None),
        (ActionRow.__table__, col(ActionRow.seq),  # type: ignore[attr-defined]
         and_(col(ActionRow.table_id) == table_id, col(ActionRow.seq) > after)),
    ]
    selects = []
    for index, (source, order, where) in enumerate(sources):
        columns = [literal_column(str(index)).label("part"), order.label("ord")]
        for other, model in enumerate(LOAD_PARTS):
            for column in columns_of(model):
                label = f"{model.__tablename__}_{column.name}"
                columns.append(source.c[column.name].label(label) if other == index
                               else cast(null(), column.type).label(label))
        query = select(*columns).select_from(source)
        selects.append(query if where is None else query.where(where))
    return union_all(*selects).order_by(literal_column("part"), literal_column("ord"))
