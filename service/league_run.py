"""A whole league season played by bots for its members (issue 23 §6: ``tabula league run``), so a
league can be tried without Discord. Every member's moves are the title's bot moves, played through
:meth:`TableService.act` as that member (so tables are rated for them as any table), and the season
advances through the same clock job the bot runs (:func:`service.leagues.tick`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Final

from games.core import Rng
from storage.leagues import Leagues

from . import leagues

if TYPE_CHECKING:
    from storage.models import SeasonRow

    from .tables import TableService

#: A guard on one table's moves (a title whose bots never end a game), and on a season's ticks.
MAX_TABLE_MOVES: Final = 20_000
MAX_TICKS: Final = 1_000


def play_for_members(service: TableService, table_id: int, *, limit: int = MAX_TABLE_MOVES) -> int:
    """Play a table to its end, each member's move chosen by the title's bot (seeded by the table's
    seed and the move's number). Returns the moves played for members."""
    played = 0
    for _ in range(limit):
        loaded = service.load(table_id)
        if loaded.table.status != "active" or loaded.state is None:
            break
        members = sorted(loaded.game.to_act(loaded.state) - loaded.bot_seats)
        if not members:
            if service.run_bots(table_id) is None:
                break
            continue
        seat = members[0]
        user = loaded.seats[seat].user_id
        if user is None:
            break
        move = loaded.game.bot_move(loaded.state, seat, Rng.from_seed(f"{loaded.table.seed}:member:{loaded.last_seq}"))
        service.act(table_id, user, str(move), seat=seat)
        played += 1
    return played


def run_season(service: TableService, league_id: int, now: Callable[[], datetime], *,
               on_round: Callable[[int], None] | None = None) -> SeasonRow:
    """Start the league's next season (unless one runs) and play it to its end: each open round's
    tables are played by bots for their members, then the clock job ends the round and opens the
    next. ``on_round`` is told each round number as it opens. Returns the ended season."""
    store = Leagues(service.repo)
    league = store.get(league_id)
    assert league is not None
    season = store.season(league.id, league.season)
    if season is None or season.status != "running":
        season = leagues.start_season(service, league.id, now())
    seen = 0
    for _ in range(MAX_TICKS):
        rounds = store.rounds(season.id)
        if rounds and rounds[-1].number != seen and rounds[-1].status == "open":
            seen = rounds[-1].number
            if on_round is not None:
                on_round(seen)
        for round_ in rounds:
            if round_.status == "open":
                for link in store.round_tables(round_.id):
                    play_for_members(service, link.table_id)
        leagues.tick(service, now(), guild_ids=[league.guild_id])
        current = store.season(league.id, season.number)
        if current is None or current.status == "ended":
            break
    ended = store.season(league.id, season.number)
    assert ended is not None
    return ended
