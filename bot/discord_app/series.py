"""Tables that a league round or a campaign deals (issue 23 §2, §3): each gets its own thread under the
series' channel, from one post that pings its players once, then the table's first status post there.

A player who left the server since the table was dealt is resigned first (docs/leagues.md "Resignations",
docs/campaigns.md "Resignations"): the bot asks for no privileged intent, so Discord does not tell it when
a member leaves; it asks Discord instead, once per player, as each of their series tables opens (one
``GET /guilds/{id}/members/{user}`` each; "Unknown Member" means gone). Their seat goes to a bot, in every
league and campaign of the server, and the opening post does not ping them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from service import campaigns, leagues
from service.tables import MoveResult

from .ext.tables import after_start
from .lobby import THREAD_ARCHIVE_MINUTES, add_to_thread
from .present import clip

if TYPE_CHECKING:
    from .runtime import Runtime

log = logging.getLogger("tabula.discord.series")


@dataclass(frozen=True)
class SeriesTable:
    """A dealt table to open: where (the series' channel), what to call its thread, whom it seats, and the
    opening post's text given the table's title and the mentions of the players still on the server."""

    table_id: int
    guild_id: str
    home_id: str | None
    thread_name: str
    reason: str
    players: Sequence[str | None]
    announce: Callable[[str, str], str]


async def departed(guild: discord.Guild, users: Sequence[str]) -> list[str]:
    """The ``users`` Discord no longer knows as members of ``guild`` (any other answer keeps them)."""
    gone = []
    for user in users:
        try:
            await guild.fetch_member(int(user))
        except discord.NotFound:
            gone.append(user)
        except discord.HTTPException as error:  # unsure: better a ping too many than a seat taken
            log.info("could not check whether member %s is still on server %s: %s", user, guild.id, error)
    return gone


def resign_everywhere(rt: Runtime, guild_id: str, user: str) -> None:
    """A member left the server: resigned in its leagues and campaigns (synchronous: a worker thread)."""
    leagues.member_left_server(rt.service, guild_id, user)
    campaigns.member_left_server(rt.service, guild_id, user)


async def open_series_table(rt: Runtime, dealt: SeriesTable) -> None:
    """Open ``dealt``'s thread (once: the job is claimed, and a table that has a channel already is left
    alone): a post in the series' channel pinging the players still on the server, a thread from it,
    then the table's first status post there."""
    async with rt.lock(dealt.table_id):
        table = await rt.call(rt.service.table, dealt.table_id)
        if table.channel_id is not None or not dealt.home_id:
            return
        home = rt.bot.get_channel(int(dealt.home_id))
        if not isinstance(home, discord.TextChannel):
            log.warning("%s: the channel %s is gone; table %s waits", dealt.reason, dealt.home_id, table.id)
            return
        members = [user for user in dealt.players if user]
        for user in await departed(home.guild, members):
            log.info("%s: member %s left the server; resigned", dealt.reason, user)
            await rt.call(resign_everywhere, rt, dealt.guild_id, user)
            members.remove(user)
        text = dealt.announce(table.game_id, " ".join(f"<@{user}>" for user in members))
        post = await home.send(clip(text), allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(int(user)) for user in members]))
        thread = await post.create_thread(name=dealt.thread_name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                                          reason=dealt.reason)
        await rt.call(rt.service.set_channel, table.id, dealt.guild_id, str(thread.id))
        for user in members:
            await add_to_thread(rt, str(thread.id), discord.Object(int(user)))
        loaded = await rt.call(rt.service.load, table.id)
        if loaded.state is None:
            return
        result = MoveResult(table.id, loaded.table.version, [], sorted(loaded.game.to_act(loaded.state)),
                            loaded.game.is_over(loaded.state), loaded, [])
        await after_start(rt, table.id, result)
