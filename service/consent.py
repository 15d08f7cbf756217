"""Undo with the other players' consent (DESIGN: undo is allowed before anything was revealed,
or with every other player's consent). The pending request is a table note, not a setting."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.core import StaleVersion

from .errors import CannotUndo, NotSeated, TableError

if TYPE_CHECKING:
    from .tables import MoveResult, TableService

#: The table note holding a pending undo request: ``{"user", "version", "yes": [users]}``.
UNDO_NOTE = "undo_request"


@dataclass
class UndoRequest:
    """What asking to undo led to: the move was taken back (``result``), or the users in ``ask``
    must consent first (the request is pending at table ``version``)."""

    result: MoveResult | None = None
    ask: list[str] = field(default_factory=list)
    version: int = 0


@dataclass
class UndoAnswer:
    """What a consent answer led to: ``denied``; still ``waiting`` for these seats; or undone."""

    denied: bool = False
    waiting: list[int] = field(default_factory=list)
    result: MoveResult | None = None
    requester: str = ""


def request_undo(service: TableService, table_id: int, user_id: str) -> UndoRequest:
    """Take back the user's last move; when that needs the others' consent (something was
    revealed or played since), record a request and say whom to ask."""
    try:
        return UndoRequest(result=service.undo(table_id, user_id))
    except CannotUndo:
        loaded = service.load(table_id)
        if not service.last_move_is_theirs(loaded, user_id):
            raise
    others = sorted({s.user_id for s in loaded.seats if s.user_id and not s.is_bot and s.user_id != user_id})
    if not others:  # nobody else to ask (bots only)
        return UndoRequest(result=service.undo(table_id, user_id, approved=True))
    service.repo.set_note(table_id, UNDO_NOTE, {"user": user_id, "version": loaded.table.version, "yes": []})
    return UndoRequest(ask=others, version=loaded.table.version)


def answer_undo(service: TableService, table_id: int, user_id: str, *, yes: bool, version: int) -> UndoAnswer:
    """A seated player approves or refuses the pending undo request made at ``version``."""
    loaded = service.load(table_id)
    request: dict[str, Any] | None = service.repo.note(table_id, UNDO_NOTE)
    if not request or request.get("version") != version or loaded.table.version != version:
        raise StaleVersion()
    if not loaded.seat_of(user_id):
        raise NotSeated()
    if user_id == request["user"]:
        raise TableError("table.undo_own_request")
    if not yes:
        service.repo.set_note(table_id, UNDO_NOTE, None)
        return UndoAnswer(denied=True, requester=request["user"])
    agreed = sorted(set(request.get("yes", [])) | {user_id})
    needed = {s.user_id for s in loaded.seats if s.user_id and not s.is_bot and s.user_id != request["user"]}
    if needed - set(agreed):
        service.repo.set_note(table_id, UNDO_NOTE, {**request, "yes": agreed})
        return UndoAnswer(waiting=[s.seat for s in loaded.seats if s.user_id in needed - set(agreed)],
                          requester=request["user"])
    result = service.undo(table_id, request["user"], approved=True)
    service.repo.set_note(table_id, UNDO_NOTE, None)
    return UndoAnswer(result=result, requester=request["user"])
