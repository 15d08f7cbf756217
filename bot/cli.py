"""The ``tabula`` command: run the bot or a local table, list games, play, benchmark."""

from __future__ import annotations

import os
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from service import TableService
    from service.tables import Loaded

from games.core import normalise_lang
from games.registry import all_games, get_game

from . import campaign_cli, league_cli

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Tabula: board games played asynchronously in chat.")


def _service(database_url: str | None = None) -> TableService:
    """The table service on the configured database (imports stay lazy for `tabula games`).

    Bots move one commit at a time so the console can show a game as it unfolds."""
    from service import TableService

    return TableService.open(database_url, bot_moves_per_commit=1)


@app.command()
def games() -> None:
    """List the titles Tabula can run."""
    for game in all_games():
        meta = game.meta
        typer.echo(f"{meta.id:18} {meta.names['en']} / {meta.names['zh']}  "
                   f"({meta.min_players}–{meta.max_players} players)")
        for option in meta.options:
            typer.echo(f"{'':20}--option {option.key}=<{option.kind}> (default {option.default}): "
                       f"{option.names['en']}")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Title id, see `tabula games`.")],
    players: Annotated[int, typer.Option(help="Seats at the table.")] = 3,
    bots: Annotated[int, typer.Option(help="How many seats bots play (all: watch a whole game).")] = 2,
    seed: Annotated[str | None, typer.Option(help="Seed for a reproducible game.")] = None,
    out: Annotated[Path | None, typer.Option(envvar="TABULA_OUT_DIR",
                                             help="Folder for board images (none: no images).")] = None,
    lang: Annotated[str, typer.Option(help="zh or en.")] = "en",
    option: Annotated[list[str] | None, typer.Option(help="Table option key=value (repeatable).")] = None,
    database_url: Annotated[str | None, typer.Option(envvar="TABULA_DATABASE_URL",
                                                     help="Where tables are stored.")] = None,
) -> None:
    """Play a table in the terminal against bots (or let bots play it all)."""
    from bot.console import start_local_table

    try:
        get_game(game)
    except KeyError:
        raise typer.BadParameter(f"unknown game {game!r}; try `tabula games`") from None
    if not 0 <= bots <= players or players - bots > 1:
        raise typer.BadParameter("the console seats one human at most: use --bots players-1 or --bots players")
    options = dict(item.split("=", 1) for item in option or [])
    code = start_local_table(_service(database_url), game, players=players, bots=bots, seed=seed,
                             lang=normalise_lang(lang), out=writable_folder(out) if out else None, options=options)
    raise typer.Exit(code)


@app.command()
def resume(
    table: Annotated[int, typer.Argument(help="Table number printed when the table was opened.")],
    out: Annotated[Path | None, typer.Option(envvar="TABULA_OUT_DIR",
                                             help="Folder for board images (none: no images).")] = None,
    lang: Annotated[str | None, typer.Option(help="zh or en (default: the table's language).")] = None,
    database_url: Annotated[str | None, typer.Option(envvar="TABULA_DATABASE_URL",
                                                     help="Where tables are stored.")] = None,
) -> None:
    """Continue a console table where it was left."""
    from bot.console import resume_local_table

    raise typer.Exit(resume_local_table(_service(database_url), table, lang=normalise_lang(lang) if lang else None,
                                        out=writable_folder(out) if out else None))


@app.command("import-18xx")
def import_18xx(
    file: Annotated[Path, typer.Argument(help="An 18 Royal Gorge game exported from 18xx.games (JSON).")],
    oracle: Annotated[Path | None, typer.Option(help="18xx.games' state after every action: compare with it "
                                                     "after each one and stop at the first difference.")] = None,
    out: Annotated[Path | None, typer.Option(help="Folder for the final board image.")] = None,
    railroads: Annotated[str | None, typer.Option(help="The five railroads in play (rg,sf,…), when the record "
                                                       "cannot tell.")] = None,
    privates: Annotated[str | None, typer.Option(help="The five privates in play (y3,y2,…), when the record "
                                                      "cannot tell.")] = None,
    until: Annotated[int | None, typer.Option(help="Stop before the record's action with this index and play "
                                                   "on from there (`tabula resume`).")] = None,
    strict: Annotated[bool, typer.Option(help="Refuse what only 18xx.games' loading accepts (a run or gold "
                                              "choice our rules refuse, a sale paid for less).")] = False,
    lang: Annotated[str, typer.Option(help="zh or en (the table's language).")] = "en",
    database_url: Annotated[str | None, typer.Option(envvar="TABULA_DATABASE_URL",
                                                     help="Where tables are stored.")] = None,
) -> None:
    """Replay an 18xx.games record of 18 Royal Gorge and store it as a table; print each player's final net
    worth and the end reason, or the first action that could not be taken and why; ``--out``: draw the board.

    The title reads, replays and describes the record (games.royal_gorge.importer); the service stores it as
    any table (TableService.import_game); this command prints and draws."""
    from bot.console import LOCAL_USER
    from games.royal_gorge.importer import import_record, result_lines

    def ids(text: str | None) -> list[str] | None:
        return [part.strip() for part in text.split(",") if part.strip()] if text else None

    language = normalise_lang(lang)
    imported = import_record(file, oracle=oracle, railroads=ids(railroads), privates=ids(privates), strict=strict,
                             until=until, lang=language)
    lines = imported.lines
    if imported.setup is not None and imported.replay is not None:
        table = _service(database_url).import_game(
            imported.game_id, imported.setup.names, imported.replay.moves, options=imported.setup.options,
            seed=imported.seed, user_id=LOCAL_USER, language=language, end=imported.end)
        lines += result_lines(imported, table.outcome, language)
        if table.table.status == "active":
            lines.append(f"Stored as table {table.table.id}: play on with `tabula resume {table.table.id}`.")
        else:
            lines.append(f"Stored as table {table.table.id} ({table.table.status}).")
        if out is not None:
            lines.append(f"Board image: {_draw_table(table, out, language)}")
    for line in lines:
        typer.echo(line)
    raise typer.Exit(imported.code)


def _draw_table(table: Loaded, out: Path, lang: str) -> Path:
    """The table's board now as ``out/table-<id>-board.png`` (and the result image once it is over)."""
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


@app.command()
def run(
    game: Annotated[str, typer.Option(help="Title for the local table.")] = "wonderful-world",
    lang: Annotated[str | None, typer.Option(help="zh or en (default: TABULA_LANGUAGE or LANG).")] = None,
) -> None:
    """Start the Discord bot when DISCORD_TOKEN is set, otherwise a local table in the terminal."""
    from bot.settings import Settings

    settings = Settings.load()
    if settings.discord_token:
        try:
            from bot.discord_app import run_bot
        except ImportError:
            typer.echo("The Discord adapter is not part of this build yet (issue: Discord adapter).",
                       err=True)
            raise typer.Exit(2) from None
        run_bot()
        return
    chosen = normalise_lang(lang or os.environ.get("TABULA_LANGUAGE") or os.environ.get("LANG") or settings.language)
    typer.echo("DISCORD_TOKEN is not set: opening a local table in the terminal "
               "(one human against two bots). Type `help` for commands.")
    from bot.console import start_local_table

    out = writable_folder(Path(settings.out_dir))
    code = start_local_table(_service(), game, players=3, bots=2, seed=None, lang=chosen, out=out)
    typer.echo(f"Board images are in {out.resolve()}" if out is not None else "No board images were saved.")
    raise typer.Exit(code)


ratings_app = typer.Typer(add_completion=False, help="Ratings (docs/ratings.md): a server's leaderboards; "
                                                    "`tabula ratings recompute` rebuilds them.")
app.add_typer(ratings_app, name="ratings")
app.add_typer(league_cli.app, name="league")
app.add_typer(campaign_cli.app, name="campaign")

ServerOption = Annotated[str, typer.Option("--server", help="The server (guild id); default: tables played "
                                                            "outside any server (the console).")]
GameOption = Annotated[str | None, typer.Option("--game", help="Title id (default: every title rated there).")]
DatabaseOption = Annotated[str | None, typer.Option(envvar="TABULA_DATABASE_URL", help="Where tables are stored.")]


def _title(game: str | None) -> str | None:
    if game is None:
        return None
    try:
        return get_game(game).meta.id
    except KeyError:
        raise typer.BadParameter(f"unknown game {game!r}; try `tabula games`") from None


@ratings_app.callback(invoke_without_command=True)
def ratings(
    ctx: typer.Context,
    game: GameOption = None,
    server: ServerOption = "",
    details: Annotated[bool, typer.Option(help="Show μ and σ too.")] = False,
    limit: Annotated[int, typer.Option(min=1, help="Members shown per title.")] = 20,
    lang: Annotated[str, typer.Option(help="zh or en.")] = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Print a server's leaderboard of a title (or of every title rated there)."""
    if ctx.invoked_subcommand is not None:
        return
    from service import SERVICE_CATALOG
    from service import ratings as rules
    from service.text import plain_name

    language, chosen = normalise_lang(lang), _title(game)
    service = _service(database_url)
    titles = [chosen] if chosen else rules.rated_games(service, server)
    if not titles:
        typer.echo(SERVICE_CATALOG.text("ratings.none_here", {}, language))
    for index, title in enumerate(titles):
        board = rules.standings(service, server, title, limit)
        try:
            name = get_game(title).meta.name(language)
        except KeyError:  # a title no longer installed keeps its ratings
            name = title
        lines = rules.leaderboard_lines(board, name, language, details=details, name=lambda p: plain_name(p.name))
        typer.echo(("\n" if index else "") + "\n".join(lines))


@ratings_app.command("recompute")
def ratings_recompute(
    game: GameOption = None,
    server: ServerOption = "",
    lang: Annotated[str, typer.Option(help="zh or en.")] = "en",
    database_url: DatabaseOption = None,
) -> None:
    """Recompute a server's ratings (of one title, or all) from the stored results, after rating any
    ended table that was missed."""
    from service import SERVICE_CATALOG

    count = _service(database_url).recompute_ratings(server, _title(game))
    typer.echo(SERVICE_CATALOG.text("ratings.recomputed", {"count": count}, normalise_lang(lang)))


def writable_folder(out: Path) -> Path | None:
    """``out``, created if need be, when images can be written there; otherwise say why and play on
    without images (a read-only folder must not end a game before it starts)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".tabula-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        typer.echo(f"Cannot write board images to {out} ({error.strerror or error}); set TABULA_OUT_DIR to a "
                   "writable folder. Playing on without images.", err=True)
        return None
    return out


def _add_commands() -> None:
    """Commands other packages add to ``tabula`` (entry points of the group ``tabula.commands``:
    ``tabula bench`` is :mod:`bench.cli`'s). The CLI imports none of them itself, so the adapters
    never depend on the benchmarks that drive them (issue 24 §4)."""
    for entry in sorted(entry_points(group="tabula.commands"), key=lambda e: e.name):
        app.add_typer(entry.load(), name=entry.name)


_add_commands()


def main() -> None:
    """Console-script entry point."""
    sys.exit(app())


if __name__ == "__main__":
    main()
