"""What happened at a table, as each reader may read it, and as it leaves the table: the history
(``/log``), the export and its replay, and the log's records of changes of seat. Bound as
:class:`~service.tables.TableService` methods.

Each move's events are stored with it (``ActionRow.events``, issue 24 §2), so a history is read,
not replayed from setup; a log stored before that is replayed as before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from games.core import Event, visible_events
from games.registry import get_game
from storage.log import NewAction, effective_actions
from storage.models import ActionRow, SeatRow

if TYPE_CHECKING:
    from .tables import TableService


@dataclass(frozen=True)
class HistoryEntry:
    """One entry of a table's history as one reader may see it: a move, or a change of who
    holds a seat.

    For a move (``kind="move"``), ``notation`` is only set for the reader's own seats (a hidden
    pick of another seat stays hidden); ``events`` are the events that reader was allowed to see.
    A change of seat everyone may read: ``kind="sub"`` (seat ``seat``, held by ``previous``, went
    to the user ``user``, a bot when ``None``, named ``name``) or ``kind="kick"`` (``name`` was
    removed from the lobby's seat ``seat``); ``by`` is the user who did it (``None``: the table's
    own rules, e.g. a missed deadline)."""

    seq: int
    seat: int
    notation: str | None
    events: list[Event]
    kind: str = "move"
    by: str | None = None
    user: str | None = None
    name: str | None = None
    previous: str | None = None


_EVENTS = msgspec.json.Decoder(list[Event])


def encode_events(events: Sequence[Event]) -> str:
    """A move's events as the log stores them (``ActionRow.events``), redaction included."""
    return msgspec.json.encode(list(events)).decode()


def decode_events(data: str) -> list[Event]:
    """The events :func:`encode_events` stored."""
    return _EVENTS.decode(data)


def seat_change(op: str, row: SeatRow, by_user: str | None, *, user: str | None = None,
                name: str | None = None, started: bool = True, mod: bool = False) -> NewAction:
    """The system row of the log recording a change of who holds seat ``row`` and who made it:
    ``sub`` (the seat goes to ``user``, a bot when ``None``, named ``name``) or ``kick`` (the
    lobby seat is emptied). The details go in the row's JSON (``move``): with ``started``
    (during the game: the previous holder has seen the seat's secrets) and ``mod`` (a manager's
    power was needed); the notation reads ``sub 2 <user> by <user>``."""
    data = {"op": op, "seat": row.seat, "previous": row.name, "previous_user": None if row.is_bot else row.user_id,
            "by": by_user, "user": user, "name": name if op == "sub" else row.name, "started": started}
    if mod:
        data["mod"] = True
    if op == "resign":
        data["name"] = name
        notation = f"resign {row.seat + 1} {data['previous_user']} to bot"
    elif op == "sub":
        notation = f"sub {row.seat + 1} {user or 'bot'} by {by_user or 'table'}"
    else:
        notation = f"kick {row.seat + 1} {data['previous_user'] or 'bot'} by {by_user or 'table'}"
    return NewAction(notation=notation, kind="system", user_id=by_user, move=json.dumps(data, sort_keys=True))


def seat_change_entry(row: ActionRow) -> HistoryEntry | None:
    """The history entry of a log row recording a change of seat (see :func:`seat_change`), or
    ``None`` for any other row."""
    if row.kind != "system" or not row.move:
        return None
    try:
        data = json.loads(row.move)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("op") not in ("sub", "kick", "resign"):
        return None
    return HistoryEntry(row.seq, int(data["seat"]), None, [], kind=str(data["op"]), by=data.get("by"),
                        user=data.get("user"), name=data.get("name"), previous=data.get("previous"))


def history(service: TableService, table_id: int, user_id: str | None, *,
            seat: int | None = None) -> list[HistoryEntry]:
    """The moves so far as ``user_id`` may read them: their own seats' moves with notation,
    everyone's as the events their seat (a spectator if not seated) was allowed to see; and,
    for everyone, every change of who holds a seat (kicks, substitutions) with who made it,
    even one a later undo passed over.

    A trusted local caller (the console) passes ``user_id=None`` and the ``seat`` it plays."""
    loaded = service.load(table_id)
    rows = service.repo.actions(table_id)
    changes = [entry for entry in map(seat_change_entry, rows) if entry is not None]
    if loaded.state is None:
        return changes
    game, table = loaded.game, loaded.table
    mine = set(loaded.seat_of(user_id)) if user_id is not None else ({seat} if seat is not None else set())
    viewer = min(mine) if mine else None
    moves = [row for row in effective_actions(rows) if row.kind == "move" and row.seat is not None]
    # Each move's events are stored with it (issue 24 §2: /log read, not replayed from setup);
    # a log older than that is replayed as before.
    stored = all(row.events is not None for row in moves)
    state = None if stored else game.setup(len(loaded.seats), table.options, table.seed)
    out = []
    for row in moves:
        if row.events is not None and stored:
            events = decode_events(row.events)
        else:
            events = []
            state = service._replay_rows(game, state, [row], events)
        out.append(HistoryEntry(row.seq, int(row.seat or 0), row.notation if row.seat in mine else None,
                                visible_events(events, viewer)))
    return sorted(out + changes, key=lambda entry: entry.seq)


def export(service: TableService, table_id: int) -> dict[str, Any]:
    """Everything needed to replay the game elsewhere: title, options, seed, players, log."""
    table = service._table(table_id)
    seats = service.repo.seats(table_id)
    return {
        "format": "tabula-export/1",
        "game": table.game_id,
        "engine_version": table.engine_version,
        "options": table.options,
        "seed": table.seed,
        "status": table.status,
        "players": [{"seat": s.seat, "name": s.name, "bot": s.is_bot} for s in seats],
        "actions": [{"seq": r.seq, "seat": r.seat, "kind": r.kind, "move": r.notation, "typed": r.move,
                     "voids": r.voids, "at": r.created_at.isoformat()} for r in service.log(table_id)],
    }


def replay_export(service: TableService, data: Mapping[str, Any]) -> Any:
    """Rebuild the final state of an export (used to check exports in tests and tools)."""
    game = get_game(data["game"])
    rows = [ActionRow(table_id=0, seq=a["seq"], seat=a["seat"], notation=a["move"], move=a.get("typed"),
                      kind=a["kind"], voids=a["voids"]) for a in data["actions"]]
    return service._rebuild(game, None, effective_actions(rows), players=len(data["players"]),
                         options=data["options"], seed=data["seed"])
