"""Opening a table's channel and keeping its lobby card (seats, Join/Leave/Add bot/Start) current."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Final

import discord

from service import TableRow

from .boards import QUIET
from .components import TableButton, make_view
from .errors import BotError
from .i18n import t
from .present import game_name, lobby_embed, public_lang

if TYPE_CHECKING:
    from .runtime import Runtime

log = logging.getLogger("tabula.discord")

THREAD_ARCHIVE_MINUTES: Final = 10080  # a week: async games are slow
#: The table note listing every lobby card posted: ``[[channel id, message id], ...]``.
LOBBY_NOTE = "lobby_cards"


def lobby_controls(table: TableRow) -> discord.ui.View:
    """The lobby card's buttons for a new message (in the table's language)."""
    return lobby_view(table, public_lang(table)) or discord.utils.MISSING


def lobby_view(table: TableRow, lang: str) -> discord.ui.View | None:
    """Join / Leave / Add bot / Start while the table is in its lobby; nothing afterwards."""
    if table.status != "lobby":
        return None
    v = table.version
    return make_view([
        TableButton(table.id, v, "join", label=t("bot.button.join", lang), style=discord.ButtonStyle.success),
        TableButton(table.id, v, "leave", label=t("bot.button.leave", lang)),
        TableButton(table.id, v, "addbot", label=t("bot.button.addbot", lang), emoji="🤖"),
        TableButton(table.id, v, "start", label=t("bot.button.start", lang), style=discord.ButtonStyle.primary),
    ])


def parse_options(text: str | None) -> dict[str, str]:
    """``"side=b, unfinished_penalty=2"`` (commas or spaces) as a dict."""
    out: dict[str, str] = {}
    for token in filter(None, re.split(r"[,\s;]+", text or "")):
        key, sep, value = token.partition("=")
        if not sep or not key:
            raise BotError("bot.options_syntax", text=token[:50])
        out[key.strip().lower()] = value.strip()
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-") or "table"


def _find_channel(guild: discord.Guild, ref: str, kind: type[Any]) -> Any:
    for channel in guild.channels:
        if isinstance(channel, kind) and (str(channel.id) == ref or channel.name == ref.lstrip("#")):
            return channel
    return None


async def open_table_channel(rt: Runtime, interaction: discord.Interaction[Any],
                             table: TableRow) -> tuple[discord.abc.Messageable, list[list[str]]]:
    """Create the table's own channel and post its lobby card (see :func:`_open`); a missing
    permission becomes a refusal that says which permissions the bot needs."""
    try:
        return await _open(rt, interaction, table)
    except discord.Forbidden:
        log.warning("missing permissions to open table %s in guild %s", table.id, interaction.guild_id)
        raise BotError("bot.missing_permissions") from None


async def _open(rt: Runtime, interaction: discord.Interaction[Any],
                table: TableRow) -> tuple[discord.abc.Messageable, list[list[str]]]:
    """Create the table's own channel and post its lobby card.

    By default a thread under the channel where the table was asked (threads do not count
    against Discord's 500-channel cap); with ``TABULA_TABLE_CATEGORY`` a text channel in that
    category; with ``TABULA_TABLE_CHANNEL`` a thread under that channel. Returns the channel and
    the ``[channel id, message id]`` of every lobby card posted.
    """
    guild = interaction.guild
    if guild is None:
        raise BotError("bot.guild_only")
    name = f"{game_name(table.game_id, public_lang(table))} #{table.id}"[:100]
    embed = lobby_embed(table, await rt.call(rt.service.seats, table.id), public_lang(table))
    here = interaction.channel
    if rt.config.table_category:
        category = _find_channel(guild, rt.config.table_category, discord.CategoryChannel)
        if category is None:
            raise BotError("bot.no_category", category=rt.config.table_category)
        channel = await guild.create_text_channel(_slug(f"{table.game_id}-{table.id}"), category=category,
                                                  topic=name, reason=f"Tabula table {table.id}")
        lobby = await channel.send(embed=embed, view=lobby_controls(table), allowed_mentions=QUIET)
        posted = [[str(channel.id), str(lobby.id)]]
        if isinstance(here, discord.abc.Messageable) and getattr(here, "id", None) != channel.id:
            try:
                announce = await here.send(t("bot.table.announce", public_lang(table), channel=channel.mention),
                                           embed=embed, view=lobby_controls(table),
                                           allowed_mentions=QUIET)
                posted.append([str(announce.channel.id), str(announce.id)])
            except discord.HTTPException:
                log.warning("could not announce table %s where it was asked for", table.id, exc_info=True)
        return channel, posted
    home: Any = None
    if rt.config.table_channel:
        home = _find_channel(guild, rt.config.table_channel, discord.TextChannel)
    if home is None:
        home = here.parent if isinstance(here, discord.Thread) else here
    if not isinstance(home, discord.TextChannel):
        raise BotError("bot.cannot_open_here")
    lobby = await home.send(embed=embed, view=lobby_controls(table), allowed_mentions=QUIET)
    thread = await lobby.create_thread(name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                                       reason=f"Tabula table {table.id}")
    return thread, [[str(home.id), str(lobby.id)]]


async def refresh_lobby(rt: Runtime, table_id: int) -> None:
    """Redraw every lobby card of the table (seats, status; buttons only while in the lobby)."""
    table = await rt.call(rt.service.table, table_id)
    seats = await rt.call(rt.service.seats, table_id)
    embed = lobby_embed(table, seats, public_lang(table))
    view = lobby_view(table, public_lang(table))
    for channel_id, message_id in await rt.call(rt.service.note, table_id, LOBBY_NOTE) or []:
        message = rt.bot.get_partial_messageable(int(channel_id)).get_partial_message(int(message_id))
        try:
            await message.edit(embed=embed, view=view)
        except discord.HTTPException:
            log.warning("could not update the lobby card %s of table %s", message_id, table_id, exc_info=True)
