"""``tabula import-18xx``: a game of 18 Royal Gorge played on 18xx.games, replayed and stored as a table.

The record's setup is read from the record itself, its kept actions are replayed by the engine
(``games.royal_gorge.importer``: undo/redo and auto actions as 18xx.games has them, optionally checked against
that engine's state after every action), and what was taken is stored as an ordinary table whose seats carry
the record's player names, all held by the local user (:meth:`TableService.import_game`): ``tabula resume``
plays on from where the record stops (``until`` stops earlier), and ``/export`` exports it. The report says
every player's final net worth and why the game ended, or the first action that could not be taken and why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from games.royal_gorge import importer
from games.royal_gorge import records as R
from games.royal_gorge.game import GAME

from . import text as words
from .tables import Loaded, TableService

#: Exit codes: the record was replayed (to its end, or to ``until``); it stopped at an action it could not take
#: or at a divergence from the oracle; the record (or the oracle) could not be read or set up.
REPLAYED, STOPPED, UNREADABLE = 0, 1, 2


@dataclass
class ImportReport:
    """What an import did: ``lines`` to print, the exit ``code``, the ``table`` stored (``None`` when nothing
    was), the ``replay`` and the board ``image`` written."""

    lines: list[str] = field(default_factory=list)
    code: int = REPLAYED
    table: int | None = None
    replay: importer.Replay | None = None
    image: Path | None = None


def import_18xx(service: TableService, path: Path, *, oracle: Path | None = None, out: Path | None = None,
                railroads: list[str] | None = None, privates: list[str] | None = None, strict: bool = False,
                until: int | None = None, user_id: str = "local", lang: str = "en") -> ImportReport:
    """Replay the record at ``path`` (see the module notes); ``oracle``: compare with 18xx.games' states after
    every action; ``out``: write the final board image there; ``railroads``/``privates``: the draws, when the
    record cannot tell; ``strict``: take nothing as recorded that our rules refuse."""
    report = ImportReport()
    say = report.lines.append
    try:
        record = R.load_record(path)
        loaded_oracle = R.load_oracle(oracle) if oracle is not None else None
        setup = importer.read_setup(record, loaded_oracle, railroads, privates)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError, importer.SetupError) as error:
        say(f"! {path.name}: {error}")
        report.code = UNREADABLE
        return report
    done = importer.replay(record, setup, loaded_oracle, strict=strict, until=until, lang=lang)
    report.replay = done
    say(f"{path.name}: 18 Royal Gorge on 18xx.games (game {record.game_id}), {len(setup.ids)} players: "
        + ", ".join(setup.names))
    for index, note in done.notes:
        say(f"  {'' if index < 0 else f'i={index}: '}{note}")
    table = service.import_game(GAME.meta.id, setup.names, done.moves, options=setup.options, seed=str(record.seed),
                                user_id=user_id, language=lang, end=done.ended and done.failure is None)
    report.table = table.table.id
    checked = f", each checked against the oracle ({done.checked})" if loaded_oracle is not None else ""
    say(f"Replayed {done.taken} of the record's {done.kept} kept actions ({len(record.actions)} in all, "
        f"{len(done.moves)} moves){checked}.")
    if done.failure is not None:
        report.code = STOPPED
        report.lines += failure_lines(done.failure)
    elif until is not None and not done.finished:
        say(f"Stopped before action {until}, as asked.")
    report.lines += result_lines(table, done, record, lang)
    if table.table.status == "active":
        say(f"Stored as table {table.table.id}: play on with `tabula resume {table.table.id}`.")
    else:
        say(f"Stored as table {table.table.id} ({table.table.status}).")
    if out is not None:
        report.image = board_image(table, out, lang)
        say(f"Board image: {report.image}")
    return report


def failure_lines(failure: importer.Failure) -> list[str]:
    """The first action that could not be taken (or diverged): index, the action as recorded, our notation, why."""
    action = json.dumps(failure.action, ensure_ascii=False, sort_keys=True)
    where = "the record" if failure.index < 0 else f"action {failure.index}"
    if failure.diverged:
        return [f"! Diverged from 18xx.games after {where}: {failure.field}: ours {failure.ours!r}, "
                f"18xx.games {failure.theirs!r}",
                f"  action: {action}", f"  ours:   {failure.notation}"]
    lines = [f"! Could not take {where}: {failure.reason}"]
    if failure.action:
        lines += [f"  action: {action}", f"  ours:   {failure.notation}"]
    return lines


def result_lines(table: Loaded, done: importer.Replay, record: R.Record, lang: str) -> list[str]:
    """Every player's net worth (the final standings once the game is over) beside the record's result, and
    the end reason beside the record's."""
    worth = done.net_worth()
    outcome = table.outcome
    lines = ["Final net worth:" if outcome is not None else "Net worth so far:"]
    width = max(len(name) for name in done.setup.names)
    ranks = {st.seat: st.rank for st in outcome.standings} if outcome is not None else {}
    for seat, (pid, name) in enumerate(zip(done.setup.ids, done.setup.names, strict=True)):
        recorded = record.result.get(pid)
        tail = f"   (18xx.games: ${recorded})" if recorded is not None and outcome is not None else ""
        place = f"   place {ranks[seat]}" if seat in ranks else ""
        lines.append(f"  {name:<{width}}  ${worth[pid]}{tail}{place}")
    if outcome is not None:
        reasons = "; ".join(words.reasons(table.game, outcome, done.setup.names, lang))
        recorded_reason = f"   (18xx.games: {record.game_end_reason})" if record.game_end_reason else ""
        lines.append(f"End: {done.end_reason} — {reasons}{recorded_reason}")
    return lines


def board_image(table: Loaded, out: Path, lang: str) -> Path:
    """The table's board now as ``out/<record table>-board.png`` (and the result image once it is over)."""
    from render import renderer_for

    out.mkdir(parents=True, exist_ok=True)
    game, names = table.game, [s.name for s in sorted(table.seats, key=lambda s: s.seat)]
    renderer = renderer_for(game.meta.id)
    public: Any = game.view(table.state, None)
    image = out / f"table-{table.table.id}-board.png"
    image.write_bytes(renderer.board(public, lang, names))
    if table.outcome is not None:
        (out / f"table-{table.table.id}-result.png").write_bytes(renderer.result(table.outcome, public, lang, names))
    return image
