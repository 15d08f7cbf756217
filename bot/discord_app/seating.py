"""What game bots usually offer around a seat (issue 10 §10): resign (a bot plays on), rematch
(the same game, settings and players, in a new thread), invite a member, follow a table without a
seat. The ``/table`` commands in :mod:`.ext.tables` call these."""

from __future__ import annotations

import logging
import math
from typing import Any

import discord

from .boards import QUIET, publish
from .components import Click, TableButton, make_view, on_action
from .edits import edits_of
from .errors import BotError
from .i18n import t
from .interactions import acknowledge_privately, confirmed, runtime_of
from .lobby import add_to_thread, announce, open_lobby
from .present import clip, public_lang, safe

log = logging.getLogger("tabula.discord")


async def ask_resign(interaction: discord.Interaction[Any]) -> None:
    """Asks first: a resigned seat is a bot's for the rest of the game. Only the member who asked
    may answer, and only a seated player of a running game is asked at all."""
    lang = await acknowledge_privately(interaction)
    rt = runtime_of(interaction)
    row = await rt.table_here(interaction)
    seats = await rt.call(rt.service.seats, row.id)
    mine = [s for s in seats if s.user_id == str(interaction.user.id) and not s.is_bot]
    if not mine:
        raise BotError("table.not_seated")
    if row.status != "active":
        raise BotError("bot.resign.not_started")
    user = str(interaction.user.id)
    view = make_view([
        TableButton(row.id, 0, "resignyes", user, label=t("bot.resign.confirm", lang),
                    style=discord.ButtonStyle.danger),
        TableButton(row.id, 0, "resignno", user, label=t("bot.resign.keep", lang))])
    await interaction.followup.send(t("bot.resign.ask", lang, table=row.id, seat=mine[0].seat + 1), view=view,
                                    ephemeral=True)


@on_action("resignyes")
@on_action("resignno")
async def resign_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """The answer to "resign?": Resign hands the seat to a bot at once (announced in the thread,
    recorded in the log; the bot moves straight away if the seat must act), Keep playing changes
    nothing."""
    answer = await confirmed(interaction, click, "bot.resign.kept")
    if answer is None:
        return
    lang, rt, row = answer
    user = str(interaction.user.id)
    table_lang = public_lang(row)
    posted = None
    async with rt.lock(row.id):
        seats = await rt.call(rt.service.seats, row.id)
        mine = next((s for s in seats if s.user_id == user and not s.is_bot), None)
        if mine is None:
            raise BotError("table.not_seated")
        name = t("bot.bot_name", table_lang, n=mine.seat + 1)
        await rt.call(rt.service.resign, row.id, user, name)
        announce(rt, row.channel_id, t("bot.resign.announce", table_lang, user=interaction.user.mention,
                                              name=safe(name), seat=mine.seat + 1))
        result = await rt.call(rt.service.run_bots, row.id)
        if result is not None:
            posted = await publish(rt, result, None)
    if posted is not None:  # the reply follows the bot's post, made outside the lock (issue 19 §5)
        await edits_of(rt).wait_posted(posted)
    await interaction.edit_original_response(
        content=t("table.resigned", lang, name=safe(name), seat=mine.seat + 1), view=None)


async def rematch(interaction: discord.Interaction[Any]) -> None:
    """A new lobby in its own thread for the game of this channel's ended table: its players are
    pinged once there with the lobby's Join button; at the deal they sit as before."""
    lang = await acknowledge_privately(interaction)
    rt = runtime_of(interaction)
    old = await rt.table_here(interaction, ended_ok=True)
    if old.status not in ("finished", "abandoned"):
        raise BotError("bot.rematch.not_ended")
    user = str(interaction.user.id)
    # a rematch opens a table: the same cooldown as /table new, and the caps (issue 19 §2)
    cooldown = (interaction.guild_id, user)
    wait = rt.new_tables.start(cooldown)
    if wait:
        raise BotError("bot.cooldown.new_table", seconds=math.ceil(wait))
    try:
        made = await rt.call(rt.service.rematch, old.id, user, interaction.user.display_name)
    except BaseException:
        rt.new_tables.cancel(cooldown)
        raise
    row = made.table
    interaction.extras["table"] = row.id
    try:
        defaults = await rt.call(rt.service.server_defaults, str(interaction.guild_id))
        pinged = await rt.call(rt.service.rematch_pings, made.invited)
        channel_id = await open_lobby(rt, interaction, row, defaults, invited=made.invited,
                                      quiet=frozenset(made.invited) - set(pinged))
    except BaseException:
        rt.new_tables.cancel(cooldown)
        await rt.call(rt.service.discard, row.id)
        raise
    announce(rt, old.channel_id, t("bot.rematch.announce", public_lang(old), table=row.id,
                                          channel=f"<#{channel_id}>", user=interaction.user.mention))
    await interaction.followup.send(t("bot.table.opened", lang, table=row.id, game=row.game_id,
                                      channel=f"<#{channel_id}>"), ephemeral=True)


async def invite(interaction: discord.Interaction[Any], member: discord.Member) -> None:
    """Bring a member to this table: they are added to its thread and pinged once by a line that
    says who invites them (with the Join button while the lobby is open). Only the table's players
    (or a manager) invite, and never a bot member. One member invites another to a table once and
    pings them so at most once an hour, never one who refuses invitations
    (``service.invites``), and invites only a few members in a row (``Runtime.invites``: issue 19 §2)."""
    lang = await acknowledge_privately(interaction)
    rt = runtime_of(interaction)
    row = await rt.table_here(interaction)
    if member.bot:
        raise BotError("bot.no_bot_members")
    seats = await rt.call(rt.service.seats, row.id)
    user = str(interaction.user.id)
    if not any(s.user_id == user and not s.is_bot for s in seats) and not rt.is_manager(interaction):
        raise BotError("bot.invite.not_player")
    if any(s.user_id == str(member.id) and not s.is_bot for s in seats):
        raise BotError("bot.invite.seated", member=safe(member.display_name))
    burst = (interaction.guild_id, user)
    wait = rt.invites.take(burst)
    if wait:
        raise BotError("bot.invite.too_many", seconds=math.ceil(wait))
    try:
        await rt.call(rt.service.invite, row.id, user, str(member.id))
    except BaseException:
        rt.invites.refund(burst)  # a refused invitation pinged nobody
        raise
    table_lang = public_lang(row)
    await add_to_thread(rt, row.channel_id, member)
    text = clip(t("bot.invite.line" if row.status == "lobby" else "bot.invite.watch", table_lang,
                  member=member.mention, by=interaction.user.mention, table=row.id))
    view = make_view([TableButton(row.id, 0, "join", label=t("bot.button.join", table_lang),
                                  style=discord.ButtonStyle.success)]) if row.status == "lobby" else None
    channel = rt.bot.get_partial_messageable(int(row.channel_id or interaction.channel_id or 0))
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    await channel.send(text, allowed_mentions=discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(member.id)], replied_user=False), **kwargs)
    await interaction.followup.send(t("bot.invite.sent", lang, member=member.mention), ephemeral=True,
                                    allowed_mentions=QUIET)


async def follow(interaction: discord.Interaction[Any]) -> None:
    """Follow a table as a spectator: the member is added to its thread (it shows in their thread
    list and they read every post), and is never pinged, since no seat asks them anything."""
    lang = await acknowledge_privately(interaction)
    rt = runtime_of(interaction)
    row = await rt.table_here(interaction, ended_ok=True)
    await add_to_thread(rt, row.channel_id, interaction.user)
    await interaction.followup.send(t("bot.follow.done", lang, table=row.id), ephemeral=True)
