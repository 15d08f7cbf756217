"""Reading the action log: which rows still count once undos are taken into account."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.orm import Session

from .models import ACTION_KINDS, ActionRow


@dataclass(frozen=True, slots=True)
class NewAction:
    """An action to append with :meth:`storage.repository.Repository.commit_actions`.

    ``seat`` is ``None`` for system actions. For ``kind="undo"``, ``voids`` is the first seq
    the undo cancels: every earlier row with ``voids <= seq`` stops counting.
    """

    notation: str
    seat: int | None = None
    #: The move's tagged JSON (``Game.encode_move``), stored beside the notation.
    move: str | None = None
    kind: str = "move"
    voids: int | None = None
    user_id: str | None = None
    #: The events the move produced, as JSON (``ActionRow.events``).
    events: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ACTION_KINDS:
            raise ValueError(f"unknown action kind {self.kind!r}; expected one of {ACTION_KINDS}")
        if (self.kind == "undo") != (self.voids is not None):
            raise ValueError("an undo action needs `voids` (and only an undo may have it)")
        if self.voids is not None and self.voids < 1:
            raise ValueError("`voids` is a seq and seqs start at 1")


def effective_actions(rows: Sequence[ActionRow]) -> list[ActionRow]:
    """The rows of ``rows`` (ordered by seq) to replay: undo rows and what they voided removed.

    An undo row at seq ``u`` voiding from ``v`` removes every row with ``v <= seq < u``,
    earlier undo rows included. Rows outside ``rows`` are not looked at, so pass a log that
    starts at a snapshot :meth:`~storage.repository.Repository.load` chose (undos after it
    never reach back before it).
    """
    kept: list[ActionRow] = []
    cutoff: int | None = None  # rows with seq >= cutoff are voided by a later undo
    for row in reversed(rows):
        if cutoff is not None and row.seq >= cutoff:
            continue
        if row.kind == "undo":
            assert row.voids is not None
            cutoff = row.voids if cutoff is None else min(cutoff, row.voids)
            continue
        kept.append(row)
    kept.reverse()
    return kept


class Committed:
    """What :meth:`storage.repository.Repository.commit_actions` wrote: the table's new
    ``version`` and the rows appended (``actions``, built when first read: the commit inserts
    plain values, issue 25 §3)."""

    __slots__ = ("_rows", "_values", "version")

    def __init__(self, version: int, values: Sequence[dict[str, Any]]) -> None:
        self.version = version
        self._values = values
        self._rows: list[ActionRow] | None = None

    @property
    def actions(self) -> list[ActionRow]:
        """The rows appended, in seq order, with their ids."""
        if self._rows is None:
            self._rows = [ActionRow(**values) for values in self._values]
        return self._rows

    def __repr__(self) -> str:
        return f"Committed(version={self.version}, actions={self.actions!r})"


def append_rows(session: Session, table_id: int, actions: Sequence[NewAction], now: datetime,
                first: int) -> list[dict[str, Any]]:
    """Insert ``actions`` as log rows with seqs from ``first``, as one executemany of plain values
    (no model built and validated per row, no unit of work: half of a commit's time before,
    issue 25 §3); the values of each row come back with its id."""
    values: list[dict[str, Any]] = []
    for seq, action in enumerate(actions, start=first):
        if action.voids is not None and action.voids >= seq:
            raise ValueError(f"undo at seq {seq} cannot void seq {action.voids}")
        values.append({"table_id": table_id, "seq": seq, "seat": action.seat, "notation": action.notation,
                       "move": action.move, "kind": action.kind, "voids": action.voids,
                       "user_id": action.user_id, "created_at": now, "events": action.events})
    if not values:
        return values
    table = ActionRow.__table__  # type: ignore[attr-defined]
    ids = session.execute(insert(table).returning(table.c.id, sort_by_parameter_order=True), values).scalars()
    for row, id_ in zip(values, ids, strict=True):
        row["id"] = id_
    return values
