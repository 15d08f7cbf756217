"""Opening a table's channel, keeping its lobby card (seats, Join/Leave/Add bot/Start) current,
and archiving its thread once the table ended."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Final

import discord

from service import TableRow
from service.limits import ServerDefaults

from .boards import QUIET
from .components import TableButton, make_view
from .edits import Edit, Post, edits_of
from .errors import BotError
from .i18n import t
from .present import clip, game_name, lobby_embed, pings, public_lang

if TYPE_CHECKING:
    from .runtime import Runtime

log = logging.getLogger("tabula.discord")

THREAD_ARCHIVE_MINUTES: Final = 10080  # a week: async games are slow
#: An ended table's archived thread that someone posts in again archives itself after this.
ENDED_ARCHIVE_MINUTES: Final = 60
#: The table note listing every lobby card posted: ``[[channel id, message id], ...]``.
LOBBY_NOTE = "lobby_cards"

#: Discord's error codes when a server or category has as many channels as it may (30013; a full
#: category answers 50035 about ``parent_id``), and as many active threads (160006).
CHANNEL_LIMIT_CODES: Final = frozenset({30013})
THREAD_LIMIT_CODES: Final = frozenset({160006})
#: Discord's codes for "not in this kind of channel" (50024) and a starter message that already
#: has a thread (160004).
WRONG_PLACE_CODES: Final = frozenset({50024, 160004})


def lobby_controls(table: TableRow) -> discord.ui.View:
    """The lobby card's buttons for a new message (in the table's language)."""
    return lobby_view(table, public_lang(table)) or discord.utils.MISSING


def lobby_view(table: TableRow, lang: str) -> discord.ui.View | None:
    """Join / Leave / Add bot / Start while the table is in its lobby; nothing afterwards.

    The buttons act on the lobby as it is when clicked (the service checks who may do what), so
    their ids carry version 0 and stay the same while seats change the table's version."""
    if table.status != "lobby":
        return None
    v = 0
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


async def open_table_channel(rt: Runtime, interaction: discord.Interaction[Any], table: TableRow,
                             defaults: ServerDefaults | None = None) -> tuple[discord.abc.Messageable, list[list[str]]]:
    """Create the table's own channel and post its lobby card (see :func:`_open`). Whatever
    Discord refuses becomes a refusal that says why in the person's language (missing permissions,
    a limit on channels or threads, an invalid request), logged as a warning, not as a bug."""
    try:
        return await _open(rt, interaction, table, defaults or ServerDefaults())
    except discord.HTTPException as error:
        log.warning("Discord refused to open table %s in guild %s: %s %s (code %s)", table.id,
                    interaction.guild_id, error.status, error.text, error.code)
        raise open_refusal(error) from None


def open_refusal(error: discord.HTTPException) -> BotError:
    """What to tell the person when Discord refused to open a table's channel."""
    if isinstance(error, discord.Forbidden) or error.code in (50001, 50013):
        return BotError("bot.missing_permissions")
    if error.code in CHANNEL_LIMIT_CODES or (error.code == 50035 and "parent_id" in error.text):
        return BotError("bot.open.channel_limit")
    if error.code in THREAD_LIMIT_CODES:
        return BotError("bot.open.thread_limit")
    if error.code in WRONG_PLACE_CODES:
        return BotError("bot.cannot_open_here")
    if error.code == 50035:
        return BotError("bot.open.invalid")
    return BotError("bot.open.failed", code=error.code or error.status)


async def _discard_message(message: discord.Message, what: str) -> None:
    """Delete a message posted for a table that could not be opened (best effort)."""
    try:
        await message.delete()
    except discord.HTTPException:
        log.warning("could not delete the %s %s of a table that did not open", what, message.id, exc_info=True)


async def _discard_channel(channel: discord.abc.GuildChannel | discord.Thread, table_id: int) -> None:
    """Delete the channel made for a table that could not be opened (best effort)."""
    try:
        await channel.delete(reason=f"Tabula table {table_id} could not be opened")
    except discord.HTTPException:
        log.warning("could not delete channel %s of table %s that did not open", channel.id, table_id,
                    exc_info=True)


async def _open(rt: Runtime, interaction: discord.Interaction[Any], table: TableRow,
                defaults: ServerDefaults) -> tuple[discord.abc.Messageable, list[list[str]]]:
    """Create the table's own channel and post its lobby card.

    By default a thread under the channel where the table was asked (threads do not count
    against Discord's 500-channel cap). A server's managers may choose the channel that holds its
    tables' threads and make them private (``/settings server``); else, with
    ``TABULA_TABLE_CATEGORY`` a text channel in that category, with ``TABULA_TABLE_CHANNEL`` a
    thread under that channel. A private thread is not started from the lobby card: the card stays
    in the channel (players join there and are added to the thread) and the creator is added to
    the thread at once. Returns the channel and
    the ``[channel id, message id]`` of every lobby card posted. When a step fails, what was made
    before it goes again (the channel; the lobby card whose thread could not be created), and
    the error is raised on.
    """
    guild = interaction.guild
    if guild is None:
        raise BotError("bot.guild_only")
    name = f"{game_name(table.game_id, public_lang(table))} #{table.id}"[:100]
    embed = lobby_embed(table, await rt.call(rt.service.seats, table.id), public_lang(table))
    here = interaction.channel
    home: Any = None
    if defaults.channel_id:
        home = guild.get_channel(int(defaults.channel_id))
        if home is None:  # deleted since: the configuration decides, as if the server chose nothing
            log.info("the channel %s for new tables of guild %s is gone", defaults.channel_id, guild.id)
    if home is None and rt.config.table_category:
        category = _find_channel(guild, rt.config.table_category, discord.CategoryChannel)
        if category is None:
            raise BotError("bot.no_category", category=rt.config.table_category)
        channel = await guild.create_text_channel(_slug(f"{table.game_id}-{table.id}"), category=category,
                                                  topic=name, reason=f"Tabula table {table.id}")
        try:
            lobby = await channel.send(embed=embed, view=lobby_controls(table), allowed_mentions=QUIET)
        except discord.HTTPException:
            await _discard_channel(channel, table.id)
            raise
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
    if home is None and rt.config.table_channel:
        home = _find_channel(guild, rt.config.table_channel, discord.TextChannel)
    if home is None:
        home = here.parent if isinstance(here, discord.Thread) else here
    if not isinstance(home, discord.TextChannel):
        raise BotError("bot.cannot_open_here")
    lobby = await home.send(embed=embed, view=lobby_controls(table), allowed_mentions=QUIET)
    if defaults.private_threads:
        return await _open_private(interaction, table, home, lobby, name)
    try:
        thread = await lobby.create_thread(name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                                           reason=f"Tabula table {table.id}")
    except discord.HTTPException:
        await _discard_message(lobby, "lobby card")  # its buttons would lead nowhere
        raise
    return thread, [[str(home.id), str(lobby.id)]]


async def _open_private(interaction: discord.Interaction[Any], table: TableRow, home: discord.TextChannel,
                        lobby: discord.Message, name: str) -> tuple[discord.abc.Messageable, list[list[str]]]:
    """A private thread under ``home`` for the table, its creator added; the lobby card stays in
    ``home``, where players join (and are added to the thread)."""
    thread: discord.Thread | None = None
    try:
        thread = await home.create_thread(name=name, type=discord.ChannelType.private_thread, invitable=False,
                                          auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                                          reason=f"Tabula table {table.id}")
        await thread.add_user(interaction.user)
    except discord.HTTPException:
        if thread is not None:
            await _discard_channel(thread, table.id)
        await _discard_message(lobby, "lobby card")
        raise
    return thread, [[str(home.id), str(lobby.id)]]


async def close_table_channel(rt: Runtime, table: TableRow) -> bool:
    """Archive the thread of a table that ended, so it no longer counts against the server's
    active threads (and, with ``TABULA_LOCK_ENDED_THREADS``, lock it). Unlocked, it can still be
    read and used for ``/export`` or ``/log``, which unarchives it until it has been quiet for
    :data:`ENDED_ARCHIVE_MINUTES` again. A table channel in a category is left as it is. Returns
    whether a thread was archived; Discord's refusals are logged and not raised."""
    if not table.channel_id:
        return False
    channel: Any = rt.bot.get_channel(int(table.channel_id))
    try:
        if channel is None:
            channel = await rt.bot.fetch_channel(int(table.channel_id))
        if not isinstance(channel, discord.Thread):
            return False
        await channel.edit(archived=True, locked=rt.config.lock_ended_threads,
                           auto_archive_duration=ENDED_ARCHIVE_MINUTES, reason=f"Tabula table {table.id} ended")
    except discord.NotFound:
        log.info("the channel of table %s is gone; nothing to archive", table.id)
        return False
    except discord.HTTPException as error:
        log.warning("could not archive the thread of table %s: %s %s", table.id, error.status, error.text)
        return False
    log.info("archived the thread of table %s (%s)", table.id, table.status)
    return True


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


async def open_lobby(rt: Runtime, interaction: discord.Interaction[Any], row: TableRow,
                     defaults: Any = None, *, invited: list[str] | None = None,
                     quiet: frozenset[str] = frozenset()) -> str:
    """Open the lobby's own channel with its card, record it, and welcome the players there (a
    rematch's welcome names the players invited back, and pings those not in ``quiet``: pinged
    by a rematch within the hour, or taking no invitations). Returns the channel's id."""
    channel, posted = await open_table_channel(rt, interaction, row, defaults)
    channel_id = str(getattr(channel, "id", ""))
    await rt.call(rt.service.set_channel, row.id, str(interaction.guild_id), channel_id)
    await rt.call(rt.service.set_note, row.id, LOBBY_NOTE, posted)
    lang = public_lang(row)
    welcome = t("bot.table.welcome", lang, table=row.id, game=game_name(row.game_id, lang),
                creator=interaction.user.mention)
    if invited:
        welcome += "\n" + t("bot.rematch.invited", lang, who=" ".join(f"<@{u}>" for u in invited),
                            table=row.settings.get("rematch_of", "?"))
    welcome = clip(welcome)
    allowed = pings(welcome)
    if quiet and isinstance(allowed.users, list):
        allowed.users = [u for u in allowed.users if str(u.id) not in quiet]
    try:
        await channel.send(welcome, allowed_mentions=allowed)
    except discord.HTTPException as error:  # the table is open all the same
        log.warning("could not welcome players to table %s: %s %s", row.id, error.status, error.text)
    return channel_id


async def add_to_thread(rt: Any, channel_id: str | None, user: discord.abc.Snowflake) -> None:
    """A player who takes a seat is added to the table's thread, so it shows in their thread list
    and they hear of it (issue 10 §10); a table played in a plain channel needs nothing."""
    if channel_id is None:
        return
    channel = rt.bot.get_channel(int(channel_id))
    if not isinstance(channel, discord.Thread):
        return
    try:
        await channel.add_user(user)
    except discord.HTTPException as error:  # the seat is taken all the same
        log.info("could not add %s to thread %s: %s", user.id, channel_id, error)


def announce(rt: Any, channel_id: str | None, text: str) -> None:
    """A public line in a table's channel that pings nobody (mentions show as names), queued like
    every post (issue 19 §5): never sent while the table's lock is held, and in order with the
    posts queued after it."""
    if channel_id:
        edits_of(rt).post(rt.bot.get_partial_messageable(int(channel_id)), Post(Edit(clip(text))))
