"""Small helpers every command module uses on an incoming interaction."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from .errors import BotError
from .i18n import interaction_lang, t
from .runtime import Runtime

if TYPE_CHECKING:
    from service import TableRow

    from .components import Click


def runtime_of(interaction: discord.Interaction[Any]) -> Runtime:
    """The bot's shared runtime (service, renderer pool, settings)."""
    return interaction.client.runtime


async def acknowledge_privately(interaction: discord.Interaction[Any]) -> str:
    """Acknowledge at once with a private "thinking…" (Discord's 3-second rule); return the
    person's language, also kept in ``interaction.extras`` for the error handler."""
    lang = interaction_lang(interaction)
    interaction.extras["lang"] = lang
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    return lang


async def confirmed(interaction: discord.Interaction[Any], click: Click,
                    kept: str) -> tuple[str, Runtime, TableRow] | None:
    """The answer to a private "are you sure?" (abandon, resign, end a game): only the member who
    asked may answer; the "keep" button (an action ending in ``no``) edits the question into the
    ``kept`` line and returns ``None``; the other returns the answerer's language, the runtime and
    the table, for the caller to go on."""
    lang = interaction_lang(interaction)
    interaction.extras["lang"] = lang
    await interaction.response.defer()
    rt = runtime_of(interaction)
    row = await rt.table_by_id(interaction, click.table)
    if click.arg != str(interaction.user.id):
        raise BotError("bot.abandon.not_yours")
    if click.action.endswith("no"):
        await interaction.edit_original_response(content=t(kept, lang), view=None)
        return None
    return lang, rt, row
