"""What ``tabula league`` and ``tabula campaign`` share: their options, the console members' ids, the
table service they open, and refusals and messages in the reader's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from games.core import GameError

if TYPE_CHECKING:
    from service import TableService

ServerOption = Annotated[str, typer.Option("--server", help="The server (guild id); default: the console.")]
DatabaseOption = Annotated[str | None, typer.Option(envvar="TABULA_DATABASE_URL", help="Where tables are stored.")]
LangOption = Annotated[str, typer.Option("--lang", help="zh or en.")]
#: Console members' ids: a name given on the command line, kept apart from Discord ids.
CONSOLE_MEMBER = "console:{name}"


def open_service(database_url: str | None) -> TableService:
    """The table service on ``database_url`` (default: the configured database)."""
    from service import TableService

    return TableService.open(database_url)


def refused(error: GameError, lang: str) -> typer.Exit:
    """Print the service's refusal in ``lang`` on stderr; the exit to raise."""
    from service.text import refusal

    typer.echo(refusal(error, lang), err=True)
    return typer.Exit(1)


def words_of(section: str) -> Callable[..., str]:
    """``words(key, lang, **params)``: the service's message ``section.key`` in ``lang``."""

    def words(key: str, lang: str, **params: object) -> str:
        from service import SERVICE_CATALOG

        return SERVICE_CATALOG.text(f"{section}.{key}", params, lang)

    return words
