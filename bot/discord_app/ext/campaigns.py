"""Campaigns (issue 23 §3, docs/campaigns.md): ``/campaign create|end`` for the server's managers,
``/campaign status`` (the cumulative scoreboard, text) for anyone. The first table opens when the
campaign is created; each next one from the clock (``ext.admin``: :func:`service.campaigns.tick`, a
lease per campaign). Each table gets a thread under the channel the campaign was created in, with
one post that pings the group (:func:`open_campaign_table`, as league tables do). Private answers
in the reader's language."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from service import campaigns as rules

from ..i18n import guild_lang, t
from ..interactions import acknowledge_privately, runtime_of
from ..present import clip, game_name, safe
from ..series import SeriesTable, open_series_table
from .leagues import league_manager

if TYPE_CHECKING:
    from ..client import TabulaBot
    from ..runtime import Runtime

log = logging.getLogger("tabula.discord.campaigns")


async def open_campaign_table(rt: Runtime, opened: rules.OpenedStage) -> None:
    """Open the thread of a campaign table (:func:`..series.open_series_table`): a post in the campaign's
    channel naming the table and pinging the group once, a thread from it, then the table's first status
    post there."""
    campaign = opened.campaign
    lang = campaign.language
    await open_series_table(rt, SeriesTable(
        table_id=opened.table_id, guild_id=campaign.guild_id, home_id=campaign.settings.get("channel_id"),
        thread_name=f"{campaign.name} · {opened.index + 1}/{len(campaign.stages)}",
        reason=f"Tabula campaign {campaign.id} table {opened.table_id}", players=opened.players,
        announce=lambda game_id, mentions: t("bot.campaign.table", lang, campaign=campaign.name,
                                             table=opened.index + 1, tables=len(campaign.stages),
                                             game=game_name(game_id, lang), members=mentions)))


class Campaigns(commands.Cog):
    """A server's campaigns."""

    campaign = app_commands.Group(name=_("campaign"),
                                  description=_("Campaigns: a fixed group plays a series of games"), guild_only=True)

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot

    @campaign.command(name=_("create"), description=_("Create a campaign for a group (moderators)"))
    @app_commands.rename(name=_("name"), games=_("games"), member1=_("member1"), member2=_("member2"),
                         member3=_("member3"), member4=_("member4"), member5=_("member5"), member6=_("member6"),
                         points=_("points"))
    @app_commands.describe(name=_("The campaign's name"),
                           games=_("Games in playing order, by comma, or pentathlon (all five)"),
                           member1=_("A member of the group"), member2=_("A member of the group"),
                           member3=_("A member of the group"), member4=_("A member of the group"),
                           member5=_("A member of the group"), member6=_("A member of the group"),
                           points=_("Points per place, first to last, e.g. 3,2,1"))
    async def create(self, interaction: discord.Interaction[Any], name: str, member1: discord.Member,
                     member2: discord.Member, games: str = "pentathlon", member3: discord.Member | None = None,
                     member4: discord.Member | None = None, member5: discord.Member | None = None,
                     member6: discord.Member | None = None, points: str | None = None) -> None:
        """Create a campaign in this channel (its tables' threads open here); its first table opens now."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        group = [m for m in (member1, member2, member3, member4, member5, member6) if m is not None]
        try:
            chosen = [int(p) for p in points.split(",")] if points else None
        except ValueError:
            raise rules.CampaignError("campaign.bad_points", seats=len(group)) from None
        defaults = await rt.call(rt.service.server_defaults, str(interaction.guild_id))
        public = defaults.language or guild_lang(interaction, rt.config.language)  # as the server's new tables
        members = [rules.Member(str(m.id), getattr(m, "display_name", m.name)) for m in group]
        row = await rt.call(rules.create, rt.service, str(interaction.guild_id), name,
                            [g for g in games.split(",") if g.strip()], members, language=public, points=chosen,
                            creator=str(interaction.user.id), manager=await league_manager(rt, interaction),
                            channel_id=str(interaction.channel_id))
        titles = ", ".join(game_name(stage["game"], lang) for stage in row.stages)
        await interaction.followup.send(t("campaign.created", lang, name=safe(row.name), games=titles), ephemeral=True)

    @campaign.command(name=_("status"), description=_("A campaign's scoreboard, as text"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The campaign's name"))
    async def status(self, interaction: discord.Interaction[Any], name: str) -> None:
        """The cumulative scoreboard: places, points, tables and first places."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        links = await rt.call(rules.tables, rt.service, row.id)
        lines = await rt.call(rules.scoreboard, rt.service, row)
        shown = [replace(line, name=safe(line.name)) for line in lines]
        played = sum(link.status == "ended" for link in links)
        text = rules.scoreboard_lines(shown, row, played, lang, name=safe(row.name))
        await interaction.followup.send(clip("\n".join(text)), ephemeral=True)

    @campaign.command(name=_("end"), description=_("End a campaign now, archiving its scoreboard (moderators)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The campaign's name"))
    async def end(self, interaction: discord.Interaction[Any], name: str) -> None:
        """End the campaign: no further table opens; its scoreboard so far is archived."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        await rt.call(rules.end, rt.service, row.id, by_user=str(interaction.user.id),
                      manager=await league_manager(rt, interaction))
        await interaction.followup.send(t("campaign.ended_now", lang, name=safe(row.name)), ephemeral=True)


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Campaigns(bot))
