"""Small helpers every command module uses on an incoming interaction."""

from __future__ import annotations

from typing import Any

import discord

from .i18n import interaction_lang
from .runtime import Runtime


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
