"""Leagues (issue 23 §2, docs/leagues.md): ``/league create|start|pause|resume|end`` for the server's
managers, ``/league join|leave`` and ``/league standings`` (text) for members. Rounds open and end
from the clock (``ext.admin``: :func:`service.leagues.tick`, a lease per season); each table of an
opened round gets a thread under the channel the league was created in, with one post that pings
its members (:func:`open_league_table`). Private answers in the reader's language."""

from __future__ import annotations

import io
import logging
import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from render.league_standings import LeagueStandings, StandingsRow
from service import league_standings as views
from service import leagues as rules
from service.text import plain_name

from ..errors import BotError
from ..i18n import guild_lang, t
from ..interactions import acknowledge_privately, runtime_of
from ..present import clip, game_name, safe
from ..series import SeriesTable, open_series_table
from .tables import game_autocomplete, title_id

if TYPE_CHECKING:
    from ..client import TabulaBot
    from ..runtime import Runtime

log = logging.getLogger("tabula.discord.leagues")


def standings_view(rows: list[views.Standing], league: views.LeagueRow, season: views.SeasonRow, round_number: int,
                   lang: str) -> LeagueStandings:
    """The standings image's view (issue 23 §4): worded in ``lang``, names made plain."""
    subtitle = t("league.image_subtitle", lang, name=plain_name(league.name), game=game_name(league.game_id, lang),
                 season=season.number, state=t(f"league.state_{season.status}", lang), round=round_number,
                 rounds=league.rounds)
    return LeagueStandings(
        title=t("league.image_title", lang), subtitle=subtitle,
        labels=(t("league.image_points", lang), t("league.image_games", lang), t("league.image_rating", lang),
                t("league.image_change", lang)),
        rows=tuple(StandingsRow(r.line.place, plain_name(r.line.name), r.line.points, r.line.games, r.line.rating,
                                views.signed(r.change)) for r in rows),
        footnote=t("league.image_footnote", lang))


async def standings_post(rt: Runtime, league: views.LeagueRow, season: views.SeasonRow,
                         lang: str) -> tuple[list[str], list[discord.File]]:
    """A season's standings as text (for screen readers) and as an image with that text as its
    description (none while no round has ended)."""
    rows = await rt.call(views.season_standings, rt.service, league, season)
    number = await rt.call(views.latest_round, rt.service, season)
    shown = [replace(r, line=replace(r.line, name=safe(r.line.name))) for r in rows]
    lines = views.standings_text(shown, league, season, number, lang, game_name(league.game_id, lang),
                                 name=safe(league.name))
    files: list[discord.File] = []
    if rows:
        image = await rt.images.league_standings(league.game_id, standings_view(rows, league, season, number, lang),
                                                 lang)
        if image:
            files.append(discord.File(io.BytesIO(image), filename=f"standings-{league.id}-{season.number}.png",
                                      description=clip(" ".join(lines), 1000)))
    return lines, files


async def post_closing(rt: Runtime, closing: views.Closing) -> None:
    """The season's closing post in the league's channel (issue 23 §4): its final standings as an image
    with the text beside it, in the league's language; noted after it went out, so it goes out once
    (the job is claimed; a process that dies before noting it posts again: at least once)."""
    if await rt.call(views.announced, rt.service, closing):
        return
    league = closing.league
    home_id = league.settings.get("channel_id")
    if home_id:
        lang = league.language
        lines, files = await standings_post(rt, league, closing.season, lang)
        head = t("league.closing", lang, name=safe(league.name), game=game_name(league.game_id, lang),
                 season=closing.season.number)
        channel = rt.bot.get_partial_messageable(int(home_id))
        await channel.send(clip("\n".join([head, *lines[1:]])), files=files,
                           allowed_mentions=discord.AllowedMentions.none())
    await rt.call(views.mark_announced, rt.service, closing)


async def league_manager(rt: Runtime, interaction: discord.Interaction[Any]) -> bool:
    """Whether the member may create, start, pause or end leagues (issue 23 §7, docs/leagues.md
    "Creating a league"): a server moderator, or a member with the role the server named in
    ``/settings server`` (``league_role``)."""
    if rt.is_manager(interaction):
        return True
    defaults = await rt.call(rt.service.server_defaults, str(interaction.guild_id))
    roles = getattr(interaction.user, "roles", ())
    return defaults.league_role is not None and any(str(role.id) == defaults.league_role for role in roles)


async def open_league_table(rt: Runtime, opened: rules.OpenedTable) -> None:
    """Open the thread of a league table the clock dealt (:func:`..series.open_series_table`): a post in
    the league's channel naming the round and pinging the table's members once, a thread from it, then
    the table's first status post there."""
    league = opened.league
    lang = league.language
    await open_series_table(rt, SeriesTable(
        table_id=opened.table_id, guild_id=league.guild_id, home_id=league.settings.get("channel_id"),
        thread_name=f"{league.name} · {opened.season}.{opened.round}.{opened.index + 1}",
        reason=f"Tabula league {league.id} table {opened.table_id}", players=opened.players,
        announce=lambda game_id, mentions: t("bot.league.table", lang, league=league.name, round=opened.round,
                                             rounds=league.rounds, table=opened.index + 1,
                                             game=game_name(game_id, lang), members=mentions)))


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
                            language=public, creator=str(interaction.user.id),
                            manager=await league_manager(rt, interaction), channel_id=str(interaction.channel_id))
        await interaction.followup.send(t("league.created", lang, name=safe(row.name),
                                          game=game_name(row.game_id, lang), sizes=rules.table_sizes(row),
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
                               manager=await league_manager(rt, interaction))
        await interaction.followup.send(t("league.season_started", lang, league=safe(row.name), season=season.number),
                                        ephemeral=True)

    async def _status(self, interaction: discord.Interaction[Any], name: str, status: str) -> None:
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        await rt.call(rules.set_status, rt.service, row.id, status, by_user=str(interaction.user.id),
                      manager=await league_manager(rt, interaction))
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

    @league.command(name=_("standings"), description=_("A league's standings, as an image and text"))
    @app_commands.rename(name=_("name"), season=_("season"), share=_("share"))
    @app_commands.describe(name=_("The league's name"), season=_("Which season (default: the latest)"),
                           share=_("Post it in the channel for everyone (default: only you see it)"))
    async def standings(self, interaction: discord.Interaction[Any], name: str,
                        season: app_commands.Range[int, 1, 10_000] | None = None, share: bool = False) -> None:
        """Places, points, tables, first places, ratings and their change in the latest round: an
        image, with the same as text beside it (screen readers read the text). With ``share``, posted
        in the channel in the league's language, once per ``TABULA_SHARE_COOLDOWN`` per channel (as
        ``/leaderboard share``, counted apart)."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        found = await rt.call(rules.season_of, rt.service, row, season)
        if found is None:
            await interaction.followup.send(t("league.standings_none", lang), ephemeral=True)
            return
        if not share:
            lines, files = await standings_post(rt, row, found, lang)
            await interaction.followup.send(clip("\n".join(lines)), files=files, ephemeral=True)
            return
        channel_id = int(interaction.channel_id or 0)
        key = ("league-standings", channel_id)
        if wait := rt.shares.start(key):
            raise BotError("bot.league.share_cooldown", seconds=math.ceil(wait))
        try:
            lines, files = await standings_post(rt, row, found, row.language)
            await rt.bot.get_partial_messageable(channel_id).send(clip("\n".join(lines)), files=files,
                                                                 allowed_mentions=discord.AllowedMentions.none())
        except BaseException:
            rt.shares.cancel(key)  # nothing was shared
            raise
        await interaction.followup.send(t("bot.league.shared", lang), ephemeral=True)

    @league.command(name=_("history"), description=_("A member's rounds in a league"))
    @app_commands.rename(name=_("name"), member=_("member"))
    @app_commands.describe(name=_("The league's name"), member=_("Whose rounds (default: yours)"))
    async def history(self, interaction: discord.Interaction[Any], name: str,
                      member: discord.Member | None = None) -> None:
        """Each round the member played: the table's thread, the place, the points, the rating change."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        who = member or interaction.user
        entries = await rt.call(views.history, rt.service, row, str(who.id))
        links: dict[int, str] = {}
        for entry in entries:
            if entry.table_id is not None and entry.table_id not in links:
                table = await rt.call(rt.service.table, entry.table_id)
                links[entry.table_id] = f"<#{table.channel_id}>" if table.channel_id else f"#{entry.table_id}"
        lines = views.history_lines(entries, safe(row.name), safe(who.display_name), lang, links)
        await interaction.followup.send(clip("\n".join(lines)), ephemeral=True)

    @league.command(name=_("export"), description=_("A season's standings as a CSV file"))
    @app_commands.rename(name=_("name"), season=_("season"))
    @app_commands.describe(name=_("The league's name"), season=_("Which season (default: the latest)"))
    async def export(self, interaction: discord.Interaction[Any], name: str,
                     season: app_commands.Range[int, 1, 10_000] | None = None) -> None:
        """The standings as CSV (docs/leagues.md "CSV export"), privately."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.call(rules.find, rt.service, str(interaction.guild_id), name)
        found = await rt.call(rules.season_of, rt.service, row, season)
        if found is None:
            await interaction.followup.send(t("league.standings_none", lang), ephemeral=True)
            return
        rows = await rt.call(views.season_standings, rt.service, row, found)
        data = views.standings_csv(rows).encode("utf-8-sig")  # a BOM: spreadsheets then read Chinese names right
        await interaction.followup.send(
            t("league.exported", lang, name=safe(row.name), season=found.number, count=len(rows)),
            file=discord.File(io.BytesIO(data), filename=f"standings-{row.id}-{found.number}.csv"), ephemeral=True)


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Leagues(bot))
