"""``tabula league``: leagues in the console (issue 23 §6; the rules: docs/leagues.md).

``create`` a league, ``join`` members to it (console members, named), ``run`` a whole season of bot
tables (every member's moves are the title's bot moves; rounds advance through the same clock job
the Discord bot runs) and print the standings, ``standings`` of a season (``--csv``: as CSV, issue 23
§4), a member's ``history``. Leagues made here belong to no server (``--server`` names one, as
``tabula ratings`` does).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from games.core import GameError, normalise_lang
from games.registry import get_game

from .series_cli import CONSOLE_MEMBER, DatabaseOption, LangOption, ServerOption, open_service, refused, words_of

if TYPE_CHECKING:
    from service import TableService

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Leagues (docs/leagues.md): create one, join members, run a season of bot tables, "
                       "print standings.")


_words = words_of("league")


@app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="The league's name (unique on its server).")],
    game: Annotated[str, typer.Option("--game", help="Title id (`tabula games`).")],
    seats: Annotated[int | None, typer.Option(help="Largest table (default: the title's most players).")] = None,
    min_seats: Annotated[int | None, typer.Option(help="Smallest table (default: --seats).")] = None,
    rounds: Annotated[int, typer.Option(help="Rounds per season.")] = 3,
    round_hours: Annotated[float, typer.Option(help="How long a round lasts, in hours.")] = 72.0,
    fill: Annotated[str, typer.Option(help="When members do not divide: bots (bot seats) or byes.")] = "bots",
    points: Annotated[str | None, typer.Option(help="Points per place, first to last: 4,3,2,1 "
                                                    "(default: 1st = seats at the table … last = 1).")] = None,
    bye: Annotated[int | None, typer.Option(help="A bye's points (default: those of the middle place).")] = None,
    server: ServerOption = "",
    lang: LangOption = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Create a league of one title."""
    from service import leagues

    language = normalise_lang(lang)
    try:
        chosen = [int(p) for p in points.split(",")] if points else None
    except ValueError:
        raise typer.BadParameter(f"points must be whole numbers separated by commas, not {points!r}") from None
    try:
        row = leagues.create(open_service(database_url), server, name, game, seats=seats, min_seats=min_seats,
                             rounds=rounds, round_hours=round_hours, fill=fill, points=chosen, bye=bye,
                             language=language)
    except GameError as error:
        raise refused(error, language) from None
    typer.echo(_words("created", language, name=row.name, game=get_game(row.game_id).meta.name(language),
                      sizes=leagues.table_sizes(row), rounds=row.rounds, hours=f"{row.round_hours:g}"))


@app.command("join")
def join(
    name: Annotated[str, typer.Argument(help="The league.")],
    members: Annotated[list[str], typer.Argument(help="Console members' names.")],
    server: ServerOption = "",
    lang: LangOption = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Add members to a league (seated from the next round)."""
    from service import leagues

    language, service = normalise_lang(lang), open_service(database_url)
    try:
        row = leagues.find(service, server, name)
        for member in members:
            leagues.join(service, row.id, CONSOLE_MEMBER.format(name=member), member, language)
            typer.echo(_words("joined", language, name=member, league=row.name))
    except GameError as error:
        raise refused(error, language) from None


@app.command("run")
def run(
    name: Annotated[str, typer.Argument(help="The league.")],
    server: ServerOption = "",
    lang: LangOption = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Play the league's next season (or the running one) to its end with bots playing every member's
    moves, then print its standings."""
    from service import leagues
    from service.league_run import run_season

    language, service = normalise_lang(lang), open_service(database_url)
    try:
        row = leagues.find(service, server, name)
        season = run_season(service, row.id, lambda: datetime.now(UTC),
                            on_round=lambda number: typer.echo(f"round {number}/{row.rounds} …"))
    except GameError as error:
        raise refused(error, language) from None
    _print_standings(service, row.id, season.number, language)


@app.command("standings")
def standings(
    name: Annotated[str, typer.Argument(help="The league.")],
    season: Annotated[int | None, typer.Option(help="Season number (default: the latest).")] = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (docs/leagues.md \"CSV export\") instead.")] = False,
    server: ServerOption = "",
    lang: LangOption = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Print a season's standings (archived once it ended, else as they stand), or them as CSV."""
    from service import league_standings, leagues

    language, service = normalise_lang(lang), open_service(database_url)
    try:
        row = leagues.find(service, server, name)
    except GameError as error:
        raise refused(error, language) from None
    if not as_csv:
        _print_standings(service, row.id, season, language)
        return
    found = leagues.season_of(service, row, season)
    if found is None:
        typer.echo(_words("standings_none", language), err=True)
        raise typer.Exit(1)
    typer.echo(league_standings.standings_csv(league_standings.season_standings(service, row, found)), nl=False)


@app.command("history")
def history(
    name: Annotated[str, typer.Argument(help="The league.")],
    member: Annotated[str, typer.Argument(help="A console member's name.")],
    server: ServerOption = "",
    lang: LangOption = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Print a member's rounds in the league: table, place, points, rating change."""
    from service import league_standings, leagues
    from service.text import plain_name

    language, service = normalise_lang(lang), open_service(database_url)
    try:
        row = leagues.find(service, server, name)
    except GameError as error:
        raise refused(error, language) from None
    entries = league_standings.history(service, row, CONSOLE_MEMBER.format(name=member))
    links = {e.table_id: f"table {e.table_id}" for e in entries if e.table_id is not None}
    typer.echo("\n".join(league_standings.history_lines(entries, row.name, plain_name(member), language, links)))


def _print_standings(service: TableService, league_id: int, number: int | None, lang: str) -> None:
    from service import leagues
    from service.text import plain_name

    row = leagues.get(service, league_id)
    season = leagues.season_of(service, row, number)
    if season is None:
        typer.echo(_words("standings_none", lang))
        return
    lines = [replace(line, name=plain_name(line.name)) for line in leagues.standings(service, row, season)]
    typer.echo("\n".join(leagues.standings_lines(lines, row, season, lang, get_game(row.game_id).meta.name(lang))))
