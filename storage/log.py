"""Reading the action log: which rows still count once undos are taken into account."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
