"""``tabula campaign``: campaigns in the console (issue 23 §3; the rules: docs/campaigns.md).

``create`` a campaign of console members (named) over titles in order (or the ``pentathlon``
preset; its first table opens at once), ``run`` it to its end with bots choosing every member's
moves (the next table opens through the same clock job the Discord bot runs) and print the
cumulative scoreboard, ``standings`` to print it again. Campaigns made here belong to no server
(``--server`` names one, as ``tabula league`` does).
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
                  help="Campaigns (docs/campaigns.md): a fixed group plays a series of tables across titles; "
                       "create one, run it with bots, print the cumulative scoreboard.")


_words = words_of("campaign")


@app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="The campaign's name (unique on its server).")],
    members: Annotated[list[str], typer.Argument(help="The group: console members' names, in seating order.")],
    games: Annotated[str, typer.Option("--games", help="Titles in playing order, by comma (`tabula games`), "
                                                       "or the preset pentathlon (all five).")] = "pentathlon",
    points: Annotated[str | None, typer.Option(help="Points per place, first to last: 3,2,1 "
                                                    "(default: 1st = seats at the table … last = 1).")] = None,
    server: ServerOption = "",
    lang: LangOption = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Create a campaign; its first table opens at once."""
    from service import campaigns

    language = normalise_lang(lang)
    try:
        chosen = [int(p) for p in points.split(",")] if points else None
    except ValueError:
        raise typer.BadParameter(f"points must be whole numbers separated by commas, not {points!r}") from None
    group = [campaigns.Member(CONSOLE_MEMBER.format(name=member), member, language) for member in members]
    try:
        row = campaigns.create(open_service(database_url), server, name, [g for g in games.split(",") if g.strip()],
                               group, points=chosen, language=language)
    except GameError as error:
        raise refused(error, language) from None
    titles = ", ".join(get_game(stage["game"]).meta.name(language) for stage in row.stages)
    typer.echo(_words("created", language, name=row.name, games=titles))


@app.command("run")
def run(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    server: ServerOption = "",
    lang: LangOption = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Play the campaign to its end with bots playing every member's moves, then print its scoreboard."""
    from service import campaigns

    language, service = normalise_lang(lang), open_service(database_url)
    try:
        row = campaigns.find(service, server, name)
        if row.status == "ended":
            raise campaigns.CampaignError("campaign.ended", name=row.name)
        campaigns.run_campaign(service, row.id, lambda: datetime.now(UTC), on_table=lambda number, game: typer.echo(
            f"table {number}/{len(row.stages)}: {get_game(game).meta.name(language)} …"))
    except GameError as error:
        raise refused(error, language) from None
    _print_board(service, row.id, language)


@app.command("standings")
def standings(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    server: ServerOption = "",
    lang: LangOption = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Print the cumulative scoreboard (archived once the campaign ended, else as it stands)."""
    from service import campaigns

    language, service = normalise_lang(lang), open_service(database_url)
    try:
        row = campaigns.find(service, server, name)
    except GameError as error:
        raise refused(error, language) from None
    _print_board(service, row.id, language)


def _print_board(service: TableService, campaign_id: int, lang: str) -> None:
    from service import campaigns
    from service.text import plain_name

    row = campaigns.get(service, campaign_id)
    played = sum(link.status == "ended" for link in campaigns.tables(service, row.id))
    lines = [replace(line, name=plain_name(line.name)) for line in campaigns.scoreboard(service, row)]
    typer.echo("\n".join(campaigns.scoreboard_lines(lines, row, played, lang)))
