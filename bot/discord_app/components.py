"""Buttons and selects whose ``custom_id`` carries the table id, its version and an action.

They are :class:`discord.ui.DynamicItem` s registered once at start-up, so every button ever
posted keeps working after a restart: the id alone says what to do. Handlers are registered by
the extensions with :func:`on_action`; a click is acknowledged by its handler (within Discord's
3 seconds), and any failure ends as a private answer via :func:`errors.report`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from .errors import report

#: ``tb:<table>:<version>:<action>[:<arg>]`` for buttons, ``ts:...`` for selects.
BUTTON_TEMPLATE = r"tb:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z]+)(?::(?P<arg>.+))?"
SELECT_TEMPLATE = r"ts:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z]+)(?::(?P<arg>.+))?"
CUSTOM_ID_LIMIT = 100


@dataclass(frozen=True)
class Click:
    """A parsed button or select interaction."""

    table: int
    version: int
    action: str
    arg: str | None = None
    values: Sequence[str] = field(default_factory=tuple)


Handler = Callable[[discord.Interaction[Any], Click], Awaitable[None]]
_HANDLERS: dict[str, Handler] = {}


def on_action(name: str) -> Callable[[Handler], Handler]:
    """Register the handler of the component action ``name`` (one handler per action)."""
    def register(fn: Handler) -> Handler:
        _HANDLERS[name] = fn
        return fn
    return register


def custom_id(prefix: str, table: int, version: int, action: str, arg: str | None = None) -> str | None:
    """The id for a component, or ``None`` when it would be longer than Discord allows."""
    text = f"{prefix}:{table}:{version}:{action}" + (f":{arg}" if arg else "")
    return text if len(text) <= CUSTOM_ID_LIMIT else None


async def dispatch(interaction: discord.Interaction[Any], click: Click) -> None:
    """Run the handler for ``click`` (once the member's rate limit lets it through); anything that
    goes wrong becomes a private answer."""
    runtime = getattr(interaction.client, "runtime", None)
    if runtime is not None and not await runtime.admit(interaction):
        return
    interaction.extras["table"] = click.table
    handler = _HANDLERS.get(click.action)
    try:
        if handler is None:
            from .errors import BotError

            raise BotError("bot.unknown_button")
        await handler(interaction, click)
    except Exception as error:  # every failure ends as a private answer
        await report(interaction, error)


def _match(match: re.Match[str]) -> tuple[int, int, str, str | None]:
    return int(match["table"]), int(match["version"]), match["action"], match["arg"]


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """A button bound to a table action (join, start, play a move, show my view, ...)."""

    def __init__(self, table: int, version: int, action: str, arg: str | None = None, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji: str | None = None,
                 row: int | None = None, disabled: bool = False) -> None:
        ident = custom_id("tb", table, version, action, arg)
        if ident is None:
            raise ValueError(f"custom id too long for {action}:{arg}")
        super().__init__(discord.ui.Button(label=label[:80], style=style, emoji=emoji, row=row,
                                           custom_id=ident, disabled=disabled))
        self.click = Click(table, version, action, arg)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TableButton:
        table, version, action, arg = _match(match)
        label = getattr(item, "label", None) or "?"
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(table, version, action, arg, label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await dispatch(interaction, self.click)


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """A select menu bound to a table action; the chosen values travel with the click."""

    def __init__(self, table: int, version: int, action: str, arg: str | None = None, *,
                 options: Sequence[discord.SelectOption] = (), placeholder: str | None = None,
                 row: int | None = None) -> None:
        ident = custom_id("ts", table, version, action, arg)
        if ident is None:
            raise ValueError(f"custom id too long for {action}:{arg}")
        super().__init__(discord.ui.Select(custom_id=ident, options=list(options)[:25],
                                           placeholder=placeholder[:150] if placeholder else None, row=row))
        self.click = Click(table, version, action, arg)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TableSelect:
        table, version, action, arg = _match(match)
        return cls(table, version, action, arg, options=getattr(item, "options", []) or [],
                   placeholder=getattr(item, "placeholder", None))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = tuple(data.get("values") or ())
        c = self.click
        await dispatch(interaction, Click(c.table, c.version, c.action, c.arg, values))


def make_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A fresh view that never times out (its items are dynamic, so it needs no memory)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (TableButton, TableSelect)
