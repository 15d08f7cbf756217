"""Leagues (issue 23 §2, docs/leagues.md): ``/league create|start|pause|resume|end`` for the server's
managers, ``/league join|leave`` and ``/league standings`` (text) for members. Rounds open and end
from the clock (``ext.admin``: :func:`service.leagues.tick`, a lease per season); each table of an
opened round gets a thread under the channel the league was created in, with one post that pings
its members (:func:`open_league_table`). Private answers in the reader's language."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from service import leagues as rules
from service.tables import MoveResult

from ..i18n import guild_lang, t
from ..interactions import acknowledge_privately, runtime_of
from ..lobby import THREAD_ARCHIVE_MINUTES, add_to_thread
from ..present import clip, game_name, safe
from .tables import after_start, game_autocomplete, title_id

if TYPE_CHECKING:
    from ..client import TabulaBot
    from ..runtime import Runtime

log = logging.getLogger("tabula.discord.leagues")


async def open_league_table(rt: Runtime, opened: rules.OpenedTable) -> None:
    """Open the thread of a league table the clock dealt (once: the job is claimed, and a table that
    has a channel already is left alone): a post in the league's channel naming the round and
    pinging the table's members once, a thread from it, then the table's first status post there."""
    league = opened.league
    async with rt.lock(opened.table_id):
        table = await rt.call(rt.service.table, opened.table_id)
        home_id = league.settings.get("channel_id")
        if table.channel_id is not None or not home_id:
            return
        home = rt.bot.get_channel(int(home_id))
        if not isinstance(home, discord.TextChannel):
            log.warning("league %s: its channel %s is gone; table %s waits", league.id, home_id, table.id)
            return
        lang = league.language
        members = [user for user in opened.players if user]
        text = t("bot.league.table", lang, league=league.name, round=opened.round, rounds=league.rounds,
                 table=opened.index + 1, game=game_name(league.game_id, lang),
                 members=" ".join(f"<@{user}>" for user in members))
        post = await home.send(clip(text), allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(int(user)) for user in members]))
        name = f"{league.name} · {opened.season}.{opened.round}.{opened.index + 1}"[:100]
        thread = await post.create_thread(name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                                          reason=f"Tabula league {league.id} table {table.id}")
        await rt.call(rt.service.set_channel, table.id, league.guild_id, str(thread.id))
        for user in members:
            await add_to_thread(rt, str(thread.id), discord.Object(int(user)))
        loaded = await rt.call(rt.service.load, table.id)
        if loaded.state is None:
            return
        result = MoveResult(table.id, loaded.table.version, [], sorted(loaded.game.to_act(loaded.state)),
                            loaded.game.is_over(loaded.state), loaded, [])
        await after_start(rt, table.id, result)


class Leagues(commands.Cog):
    """A server's leagues."""

    league = app_commands.Group(name=_("league"), description=_("Leagues: seasons of rounds with standings"),
                                guild_only=True)

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot

    @league.command(name=_("create"), description=_("Create a league of one game (moderators)"))
    @app_commands.rename(name=_("name"), game=_("game"), seats=_("seats"), min_seats=_("min_seats"),
                         rounds=_("rounds"), round_hours=_("round_hours"), fill=_("fill"), points=_("points"))
    @app_commands.describe(name=_("The league's name"), game=_("Which game"),
                           seats=_("Most players at a table (default: the game's most)"),
                           min_seats=_("Fewest players at a table (default: the most)"),
                           rounds=_("Rounds per season"), round_hours=_("How long a round lasts, in hours"),
                           fill=_("When members do not divide into tables"),
                           points=_("Points per place, first to last, e.g. 4,3,2,1"))
    @app_commands.choices(fill=[app_commands.Choice(name=_("bot seats"), value="bots"),
                                app_commands.Choice(name=_("byes"), value="byes")])
    @app_commands.autocomplete(game=game_autocomplete)
    async def create(self, interaction: discord.Interaction[Any], name: str, game: str,
                     seats: app_commands.Range[int, 1, 10] | None = None,
                     min_seats: app_commands.Range[int, 1, 10] | None = None,
                     rounds: app_commands.Range[int, 1, 30] = 3,
                     round_hours: app_commands.Range[float, 1, 2160] = 72.0,
                     fill: str = "bots", points: str | None = None) -> None:
        """Create a league in this channel (its tables' threads open here)."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        try:
            chosen = [int(p) for p in points.split(",")] if points else None
        except ValueError:
            raise rules.LeagueError("league.bad_points", seats=seats or 0) from None
        defaults = await rt.call(rt.service.server_defaults, str(interaction.guild_id))
        public = defaults.language or guild_lang(interaction, rt.config.language)  # as the server's new tables
        row = await rt.call(rules.create, rt.service, str(interaction.guild_id), name, title_id(game), seats=seats,
                            min_seats=min_seats, rounds=rounds, round_hours=round_hours, fill=fill, points=chosen,
                            language=public, creator=str(interaction.user.id), manager=rt.is_manager(interaction),
                            channel_id=str(interaction.channel_id))
        await interaction.followup.send(t("league.created", lang, name=safe(row.name),
                                          game=game_name(row.game_id, lang), low=row.min_seats, high=row.seats,
                                          rounds=row.rounds, hours=f"{row.round_hours:g}"), ephemeral=True)

    @league.command(name=_("start"), description=_("Start the league's next season (moderators)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    async def start(self, interaction: discord.Interaction[Any], name: str) -> None:
        """Start a season: round 1 is seated now, its threads open with the clock's next round."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        season = await rt.call(rules.start_season, rt.service, row.id, by_user=str(interaction.user.id),
                               manager=rt.is_manager(interaction))
        await interaction.followup.send(t("league.season_started", lang, league=safe(row.name), season=season.number),
                                        ephemeral=True)

    async def _status(self, interaction: discord.Interaction[Any], name: str, status: str) -> None:
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        await rt.call(rules.set_status, rt.service, row.id, status, by_user=str(interaction.user.id),
                      manager=rt.is_manager(interaction))
        await interaction.followup.send(t(f"bot.league.{status}", lang, name=safe(row.name)), ephemeral=True)

    @league.command(name=_("pause"), description=_("Pause a league: no round opens or ends (moderators)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    async def pause(self, interaction: discord.Interaction[Any], name: str) -> None:
        """Pause: rounds neither open nor end until resumed."""
        await self._status(interaction, name, "paused")

    @league.command(name=_("resume"), description=_("Resume a paused league (moderators)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    async def resume(self, interaction: discord.Interaction[Any], name: str) -> None:
        """Resume a paused league."""
        await self._status(interaction, name, "open")

    @league.command(name=_("end"), description=_("End a league and its season now (moderators)"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    async def end(self, interaction: discord.Interaction[Any], name: str) -> None:
        """End the league: its running season ends with the standings so far."""
        await self._status(interaction, name, "ended")

    @league.command(name=_("join"), description=_("Join a league: you are seated from its next round"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    async def join(self, interaction: discord.Interaction[Any], name: str) -> None:
        """Join (the caps of tables apply)."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        who = getattr(interaction.user, "display_name", interaction.user.name)
        await rt.call(rules.join, rt.service, row.id, str(interaction.user.id), who, lang)
        await interaction.followup.send(t("league.joined", lang, name=safe(who), league=safe(row.name)), ephemeral=True)

    @league.command(name=_("leave"), description=_("Leave a league from its next round"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("The league's name"))
    async def leave(self, interaction: discord.Interaction[Any], name: str) -> None:
        """Leave (a table under way goes on)."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        member = await rt.call(rules.leave, rt.service, row.id, str(interaction.user.id))
        await interaction.followup.send(t("league.left", lang, name=safe(member.name), league=safe(row.name)),
                                        ephemeral=True)

    @league.command(name=_("standings"), description=_("A league's standings, as text"))
    @app_commands.rename(name=_("name"), season=_("season"))
    @app_commands.describe(name=_("The league's name"), season=_("Which season (default: the latest)"))
    async def standings(self, interaction: discord.Interaction[Any], name: str,
                        season: app_commands.Range[int, 1, 10_000] | None = None) -> None:
        """Places, points, tables, first places and ratings of a season."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        found = await rt.call(rules.season_of, rt.service, row, season)
        if found is None:
            await interaction.followup.send(t("league.standings_none", lang), ephemeral=True)
            return
        lines = await rt.call(rules.standings, rt.service, row, found)
        shown = [replace(line, name=safe(line.name)) for line in lines]
        text = rules.standings_lines(shown, row, found, lang, game_name(row.game_id, lang), name=safe(row.name))
        await interaction.followup.send(clip("\n".join(text)), ephemeral=True)


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Leagues(bot))
