"""``tabula bench``: speed numbers per title, and ``tabula bench load`` for many tables at once.

Added to the ``tabula`` command through the entry point ``tabula.commands`` (pyproject.toml), so
the adapters' CLI never imports the benchmarks (issue 24 §4).
"""

from __future__ import annotations

from typing import Annotated

import typer

from games.registry import get_game

from .load import command as bench_load

app = typer.Typer(help="Speed numbers: per title (no subcommand), or `load` for many tables at once.")


@app.callback(invoke_without_command=True)
def bench(
    ctx: typer.Context,
    games_: Annotated[list[str] | None, typer.Option("--game", help="Only these titles (repeatable).")] = None,
    rounds: Annotated[int, typer.Option(help="Random full games per title, engine only.")] = 5,
    games_sampled: Annotated[int, typer.Option("--games", help="Seeded bot games positions are sampled from.")] = 2,
    positions: Annotated[int, typer.Option(help="Positions sampled per game (completion, parse + apply).")] = 15,
    moves: Annotated[int, typer.Option(help="Moves of the long table played through the service.")] = 1000,
    renders: Annotated[int, typer.Option(help="Acts of the long table whose board is rendered too.")] = 8,
    repeats: Annotated[int, typer.Option(help="Loads timed at the start and at the end; undos at the end.")] = 20,
) -> None:
    """Print speed numbers per title: engine, completion, parse + apply, act with commit (and with a board
    render), load at the start and at the end of a long table, undo.

    The defaults keep a run of all three titles near two minutes; raise the sizes for steadier numbers.
    `tabula bench load --help`: many tables at once through the Discord adapter (issue 13)."""
    if ctx.invoked_subcommand is not None:
        return
    from bench.run import DEFAULT_TITLES, Sizes, run_all

    for game_id in games_ or []:
        try:
            get_game(game_id)
        except KeyError:
            raise typer.BadParameter(f"unknown game {game_id!r}; try `tabula games`") from None
    sizes = Sizes(rounds=rounds, games=games_sampled, positions=positions, moves=moves, renders=renders,
                  repeats=repeats)
    run_all(games_ or list(DEFAULT_TITLES), sizes, echo=typer.echo)


app.command("load")(bench_load)


@app.command("boards")
def boards(
    games_: Annotated[list[str] | None, typer.Option("--game", help="Only these titles (repeatable).")] = None,
    langs: Annotated[list[str] | None, typer.Option("--lang", help="Languages (repeatable): en, zh.")] = None,
    rounds: Annotated[int, typer.Option(help="Sweeps per title and language; each board's least CPU is shown.")] = 3,
    whole_maps: Annotated[bool, typer.Option("--whole-maps", help="Forget the kept maps before each board.")] = False,
) -> None:
    """Every title's boards across a seeded bot game: CPU p50 / p90 / max and PNG sizes against issue 25 §2's
    budget (every board ≤ 40 ms CPU, ≤ 200 KiB)."""
    from bench.render import board_report
    from games.registry import game_ids

    for game_id in games_ or []:
        try:
            get_game(game_id)
        except KeyError:
            raise typer.BadParameter(f"unknown game {game_id!r}; try `tabula games`") from None
    for lang in langs or []:
        if lang not in ("en", "zh"):
            raise typer.BadParameter(f"unknown language {lang!r}; en or zh")
    board_report(games_ or game_ids(examples=True), langs or ["en", "zh"], echo=typer.echo, rounds=rounds,
                 whole_maps=whole_maps)

#: The balance studies (numbers only, each with its own ``--help``): title id → module under ``bench``.
STUDIES = {"megarich": "megarich", "three-kingdoms": "three_kingdoms", "landlords": "landlords"}


@app.command("balance", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def balance(ctx: typer.Context, title: Annotated[str, typer.Argument(help=f"One of {', '.join(STUDIES)}.")]) -> None:
    """A title's balance study of bot games, with intervals (the options after the title go to the study:
    `tabula bench balance megarich --games 1000 --players 2 3 4 5 6`)."""
    import importlib

    if title not in STUDIES:
        raise typer.BadParameter(f"no balance study of {title!r}; one of {', '.join(STUDIES)}")
    importlib.import_module(f"bench.{STUDIES[title]}").main(list(ctx.args))


@app.command("pairing", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def pairing(ctx: typer.Context) -> None:
    """League seating quality over simulated rounds, Swiss-style against random, with intervals
    (issue 23 §2; options go to the study: `tabula bench pairing --rounds 1000 --players 7`)."""
    from bench.pairing import main

    main(list(ctx.args))
