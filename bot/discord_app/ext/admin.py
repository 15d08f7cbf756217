"""Table settings (``/settings``), the server's limits and the defaults of its new tables
(``/settings server``), vacation (``/away``)
and the clock: reminders, after a deadline the table's policy (a bot moves for the late seat, or
takes the seat over), and archiving the threads of tables that ended."""

from __future__ import annotations

import logging
from collections.abc import Coroutine
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from service import TableRow
from service.jobs import Jobs, Reminder
from service.limits import DEFAULT_KEYS, LIMIT_RANGES, ManagersOnly, ServerDefaults

from ..boards import publish
from ..direct import remind_by_dm
from ..edits import Edit, Post, edits_of
from ..errors import BotError
from ..i18n import answer_lang, t
from ..interactions import acknowledge_privately
from ..lobby import close_table_channel
from ..present import clip, pings, public_lang, safe, who
from ..runtime import Runtime

if TYPE_CHECKING:
    from ..client import TabulaBot

log = logging.getLogger("tabula.discord.clock")

#: The table note marking an ended table whose thread was archived (or needed nothing).
CLOSED_NOTE = "channel_closed"



def settings_text(table: TableRow, lang: str) -> str:
    s = table.settings
    off = t("bot.settings.off", lang)
    return t("bot.settings.show", lang, language=public_lang(table),
             remind=f"{float(s['remind_hours']):g} h" if s.get("remind_hours") else off,
             deadline=f"{float(s['deadline_hours']):g} h" if s.get("deadline_hours") else off,
             policy=t(f"bot.policy.{s.get('policy', 'move')}", lang))


def mine_text(dm: bool, invites: bool, lang: str) -> str:
    """A member's own settings, as ``/settings show`` answers them in a direct message."""
    def said(on: bool) -> str:
        return t("bot.settings_dm.on" if on else "bot.settings.off", lang)
    return t("bot.settings_dm.mine", lang, dm=said(dm), invites=said(invites))


async def table_setting_here(rt: Runtime, interaction: discord.Interaction[Any]) -> TableRow:
    """The live table a table setting is about; in a direct message there is none, and the member
    reads where to use it (issue 19 §6)."""
    if interaction.guild_id is None:
        raise BotError("bot.settings_dm.table_only")
    return await rt.table_here(interaction)


def server_text(limits: dict[str, int], defaults: ServerDefaults, lang: str) -> str:
    """A server's settings: its limits, then what its new tables start with."""
    off = t("bot.settings.off", lang)
    deadline = f"{defaults.deadline_hours:g} h" if defaults.deadline_hours else off
    channel = f"<#{defaults.channel_id}>" if defaults.channel_id else t("bot.settings.channel_here", lang)
    return "\n".join([
        t("bot.settings.server", lang, **limits),
        t("bot.settings.defaults", lang, language=t(f"bot.settings.lang.{defaults.language or 'auto'}", lang),
          deadline=deadline, policy=t(f"bot.policy.{defaults.policy or 'move'}", lang), channel=channel,
          threads=t(f"bot.settings.threads.{defaults.threads or 'public'}", lang)),
        t("bot.settings.league_role", lang, role=f"<@&{defaults.league_role}>") if defaults.league_role
        else t("bot.settings.league_role_none", lang)])


def check_table_channel(guild: discord.Guild, channel: Any, *, private: bool) -> None:
    """Refuse a channel for new tables where the bot could not open them (a channel of another
    kind, or one where it lacks a permission it needs), before anything is stored."""
    found = guild.get_channel(int(channel.id))
    if not isinstance(found, discord.TextChannel):
        raise BotError("bot.settings.bad_channel", channel=f"<#{channel.id}>")
    perms = found.permissions_for(guild.me)
    needed = [perms.view_channel, perms.send_messages, perms.send_messages_in_threads, perms.embed_links,
              perms.create_private_threads if private else perms.create_public_threads]
    if not all(needed):
        raise BotError("bot.settings.channel_permissions", channel=found.mention)


class Admin(commands.Cog):
    """Settings, vacation, reminders and deadlines."""

    # Not guild_only (issue 19 §6): ``/settings dm`` and ``/settings show`` (one's own choices)
    # work in a direct message; the table's and the server's subcommands say where to use them.
    settings = app_commands.Group(name=_("settings"), description=_("Language, reminders and deadlines of this table"))

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot
        self.rt: Runtime = bot.runtime
        #: Claims on clock jobs, shared with the other processes on the database (issue 13 §5).
        self.jobs = Jobs(bot.runtime.service, ttl=timedelta(seconds=max(1.0, bot.config.job_lease_seconds)),
                         shards=bot.config.shards())
        #: Tables whose reminder this process claimed and queued, not yet posted, and when: the
        #: claim is this process's, so the clock's next rounds must not claim and send it again,
        #: until the claim's time is up (a post whose queue failed without a word is sent again).
        self.reminding: dict[int, datetime] = {}
        self.clock.change_interval(seconds=max(0.2, bot.config.scheduler_seconds))

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Start the clock once connected (``on_ready`` fires again after reconnects), unless the
        process is shutting down."""
        if not self.clock.is_running() and not self.rt.draining:
            self.clock.start()

    async def cog_unload(self) -> None:
        self.clock.cancel()

    # ---- /settings ---------------------------------------------------------------------------------
    @settings.command(name=_("show"), description=_("This table's settings (elsewhere: this server's)"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """The settings of the table played here; in a channel without a table, the server's
        (what its new tables start with)."""
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        if interaction.guild_id is None:  # a direct message: the member's own choices
            user = str(interaction.user.id)
            wants = await rt.call(rt.service.wants_dm, [user])
            invited = await rt.call(rt.service.takes_invitations, [user])
            await interaction.followup.send(mine_text(bool(wants), bool(invited), lang), ephemeral=True)
            return
        try:
            row = await rt.table_here(interaction, ended_ok=True)
            lang = answer_lang(interaction)
        except BotError as error:
            if error.key != "bot.no_table" or interaction.guild_id is None:
                raise
            guild = str(interaction.guild_id)
            limits = await rt.call(rt.service.server_limits, guild)
            defaults = await rt.call(rt.service.server_defaults, guild)
            await interaction.followup.send(server_text(limits.as_dict(), defaults, lang), ephemeral=True)
            return
        await interaction.followup.send(settings_text(row, lang), ephemeral=True)

    @settings.command(name=_("language"), description=_("Language of your private replies, or of the table"))
    @app_commands.rename(language=_("language"), scope=_("scope"))
    @app_commands.describe(language=_("zh, en, or auto (follow your Discord language)"),
                           scope=_("Only you (default), or the table's public messages"))
    @app_commands.choices(
        language=[app_commands.Choice(name=_("English"), value="en"), app_commands.Choice(name=_("中文"), value="zh"),
                  app_commands.Choice(name=_("auto"), value="auto")],
        scope=[app_commands.Choice(name=_("me"), value="me"), app_commands.Choice(name=_("table"), value="table")])
    async def language(self, interaction: discord.Interaction[Any], language: str, scope: str = "me") -> None:
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        row = await table_setting_here(rt, interaction)
        lang = answer_lang(interaction)
        chosen = None if language == "auto" else language
        if scope == "table":
            await rt.call(rt.service.configure, row.id, str(interaction.user.id), manager=rt.is_manager(interaction),
                          language=chosen)
        else:
            await rt.call(rt.service.set_seat_language, row.id, str(interaction.user.id), chosen)
            if language != "auto":
                lang = language
        await interaction.followup.send(t("bot.settings.saved", lang), ephemeral=True)

    @settings.command(name=_("reminders"), description=_("Remind whoever must act after this many idle hours"))
    @app_commands.rename(hours=_("hours"))
    @app_commands.describe(hours=_("Hours without a move before a reminder (0: no reminders)"))
    async def reminders(self, interaction: discord.Interaction[Any],
                        hours: app_commands.Range[float, 0, 720]) -> None:
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        row = await table_setting_here(rt, interaction)
        lang = answer_lang(interaction)
        await rt.call(rt.service.configure, row.id, str(interaction.user.id), manager=rt.is_manager(interaction),
                      remind_hours=hours)
        await interaction.followup.send(t("bot.settings.saved", lang), ephemeral=True)

    @settings.command(name=_("dm"), description=_("Also tell me by direct message when a table waits for me"))
    @app_commands.rename(on=_("on"))
    @app_commands.describe(on=_("True: a DM with each ping and reminder; false: pings in the thread only"))
    async def dm(self, interaction: discord.Interaction[Any], on: bool = True) -> None:
        """Reminders by direct message (issue 10 §10): a member's own choice, on every server."""
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        chosen = await rt.call(rt.service.set_dm_reminders, str(interaction.user.id), on)
        await interaction.followup.send(t("bot.dm.on" if chosen else "bot.dm.off", lang), ephemeral=True)

    @settings.command(name=_("invites"), description=_("Take invitations to tables from other members, or refuse them"))
    @app_commands.rename(on=_("on"))
    @app_commands.describe(on=_("True: members may invite you (pinging you once); false: nobody can"))
    async def invites(self, interaction: discord.Interaction[Any], on: bool = True) -> None:
        """Invitations (issue 19 §2): a member's own choice, on every server. Refusing them also
        keeps rematches of one's old tables from pinging one."""
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        chosen = await rt.call(rt.service.set_invitations, str(interaction.user.id), on)
        await interaction.followup.send(t("bot.invites.on" if chosen else "bot.invites.off", lang), ephemeral=True)

    @settings.command(name=_("deadline"), description=_("Time per step, and what happens to a late seat"))
    @app_commands.rename(hours=_("hours"), policy=_("policy"))
    @app_commands.describe(hours=_("Hours per step (0: no deadline)"),
                           policy=_("After the deadline: a bot moves for the late player, or takes the seat"))
    @app_commands.choices(policy=[app_commands.Choice(name=_("a bot moves for them"), value="move"),
                                  app_commands.Choice(name=_("a bot takes the seat"), value="bot")])
    async def deadline(self, interaction: discord.Interaction[Any], hours: app_commands.Range[float, 0, 2160],
                       policy: str = "move") -> None:
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        row = await table_setting_here(rt, interaction)
        lang = answer_lang(interaction)
        await rt.call(rt.service.configure, row.id, str(interaction.user.id), manager=rt.is_manager(interaction),
                      deadline_hours=hours, policy=policy)
        await interaction.followup.send(t("bot.settings.saved", lang), ephemeral=True)

    @settings.command(name=_("server"),
                      description=_("This server's limits and the defaults of its new tables (managers change them)"))
    @app_commands.rename(member_lobbies=_("member_lobbies"), member_tables=_("member_tables"),
                         guild_tables=_("guild_tables"), language=_("language"), deadline=_("deadline"),
                         policy=_("policy"), channel=_("channel"), threads=_("threads"), league_role=_("league_role"),
                         reset=_("reset"))
    @app_commands.describe(member_lobbies=_("Tables waiting for players, per member (0: the default)"),
                           member_tables=_("Unfinished tables, per member (0: the default)"),
                           guild_tables=_("Unfinished tables on the whole server (0: the default)"),
                           language=_("Language of new tables' public messages (auto: the server's)"),
                           deadline=_("New tables: hours per step (0: no deadline)"),
                           policy=_("New tables, after the deadline: a bot moves for the late player, or takes over"),
                           channel=_("The channel that holds new tables' threads, wherever /table new is used"),
                           threads=_("New tables' threads: public, or private (players are added)"),
                           league_role=_("A role that may create, start, pause and end leagues, besides moderators"),
                           reset=_("Back to the default: the channel for new tables, the league role, "
                                   "or every setting"))
    @app_commands.choices(
        language=[app_commands.Choice(name=_("English"), value="en"), app_commands.Choice(name=_("中文"), value="zh"),
                  app_commands.Choice(name=_("auto"), value="auto")],
        policy=[app_commands.Choice(name=_("a bot moves for them"), value="move"),
                app_commands.Choice(name=_("a bot takes the seat"), value="bot")],
        threads=[app_commands.Choice(name=_("public"), value="public"),
                 app_commands.Choice(name=_("private"), value="private")],
        reset=[app_commands.Choice(name=_("the channel for new tables"), value="channel"),
               app_commands.Choice(name=_("the league role"), value="league_role"),
               app_commands.Choice(name=_("every setting of this server"), value="everything")])
    async def server(self, interaction: discord.Interaction[Any],
                     member_lobbies: app_commands.Range[int, 0, 25] | None = None,
                     member_tables: app_commands.Range[int, 0, 100] | None = None,
                     guild_tables: app_commands.Range[int, 0, 1000] | None = None,
                     language: str | None = None,
                     deadline: app_commands.Range[float, 0, 2160] | None = None,
                     policy: str | None = None,
                     channel: discord.TextChannel | None = None,
                     threads: str | None = None,
                     league_role: discord.Role | None = None,
                     reset: str | None = None) -> None:
        """Show the server's settings: the caps on live tables and the defaults of new tables
        (language, deadline and policy, channel, public or private threads) and the role that runs
        leagues besides moderators (issue 23 §7); a manager changes them by giving values. Every
        value is checked before any is stored."""
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        if interaction.guild_id is None or interaction.guild is None:
            raise BotError("bot.settings_dm.table_only")
        guild = str(interaction.guild_id)
        changes: dict[str, Any] = {}
        if reset == "everything":
            changes.update(dict.fromkeys((*LIMIT_RANGES, *DEFAULT_KEYS)))
        elif reset == "channel":
            changes["channel_id"] = None
        elif reset == "league_role":
            changes["league_role"] = None
        given = {"member_lobbies": member_lobbies, "member_tables": member_tables, "guild_tables": guild_tables,
                 "language": language, "deadline_hours": deadline, "policy": policy, "threads": threads,
                 "channel_id": str(channel.id) if channel is not None else None,
                 "league_role": str(league_role.id) if league_role is not None else None}
        changes.update({key: value for key, value in given.items() if value is not None})
        if changes:
            if not rt.is_manager(interaction):
                raise ManagersOnly()
            if channel is not None:
                current = await rt.call(rt.service.server_defaults, guild)
                check_table_channel(interaction.guild, channel, private=(threads or current.threads) == "private")
            limits, defaults = await rt.call(rt.service.configure_server, guild, manager=True, **changes)
            log.info("server %s settings set by %s: %s", guild, interaction.user.id, changes)
        else:
            limits = await rt.call(rt.service.server_limits, guild)
            defaults = await rt.call(rt.service.server_defaults, guild)
        text = server_text(limits.as_dict(), defaults, lang)
        await interaction.followup.send((t("bot.settings.saved", lang) + " " if changes else "") + text, ephemeral=True)

    # ---- /away ---------------------------------------------------------------------------------------
    @app_commands.command(name=_("away"), description=_("Vacation: no reminders or deadlines for your seat"))
    @app_commands.rename(away=_("away"))
    @app_commands.describe(away=_("True: you are away; false: you are back"))
    @app_commands.guild_only()
    async def away(self, interaction: discord.Interaction[Any], away: bool = True) -> None:
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        row = await rt.table_here(interaction)
        lang = answer_lang(interaction)
        await rt.call(rt.service.set_away, row.id, str(interaction.user.id), away)
        if row.channel_id:
            key = "bot.away.on" if away else "bot.away.off"
            await rt.bot.get_partial_messageable(int(row.channel_id)).send(
                t(key, public_lang(row), name=safe(interaction.user.display_name)),
                allowed_mentions=discord.AllowedMentions.none())
        await interaction.followup.send(t("bot.settings.saved", lang), ephemeral=True)

    # ---- the clock -----------------------------------------------------------------------------------
    @tasks.loop(seconds=60)
    async def clock(self) -> None:
        """Reminders and deadlines of this process's servers (the rules: ``service.clock``). Each
        job is claimed from the database first, so that of several processes exactly one does it
        (``service.jobs``); the tables are those of the servers on this process's shards."""
        now = datetime.now(UTC)
        guilds = {str(g.id) for g in self.bot.guilds}
        due = await self.rt.call(self.jobs.due, now, guilds)
        for table_id in due.deadlines:
            await self.run_job(f"deadline:{table_id}", self.enforce(table_id, now))
        for table_id in due.reminders:
            await self.remind(table_id, now)
        try:
            await self.close_ended(now, guilds)
        except Exception:
            log.exception("clock failed to archive the threads of ended tables")
        try:  # a table whose rating a dead process missed (docs/ratings.md); rated once by any process
            await self.rt.call(self.rt.service.rate_recent, guilds, now)
        except Exception:
            log.exception("clock failed to rate the tables that ended")
        try:  # league rounds (docs/leagues.md): a lease per season, then a thread per table dealt
            await self.league_rounds(now, guilds)
        except Exception:
            log.exception("clock failed to advance the leagues")
        try:  # campaigns (docs/campaigns.md): a lease per campaign, then a thread per table opened
            await self.campaign_tables(now, guilds)
        except Exception:
            log.exception("clock failed to advance the campaigns")

    async def league_rounds(self, now: datetime, guilds: set[str]) -> None:
        """End the rounds whose tables all ended and open the next (``service.leagues.tick``, each
        season claimed as a job), then open the thread of every league table dealt without one,
        and post the final standings of each season that ended (issue 23 §4; a job per season)."""
        from service import league_standings, leagues

        from .leagues import open_league_table, post_closing

        rt, shards = self.rt, self.jobs.shards
        owned = sorted(g for g in guilds if shards is None or shards.owns(g))
        await rt.call(leagues.tick, rt.service, now, jobs=self.jobs, guild_ids=owned)
        for opened in await rt.call(leagues.unthreaded, rt.service, owned):
            await self.run_job(f"league-table:{opened.table_id}", open_league_table(rt, opened))
        for closing in await rt.call(league_standings.unannounced, rt.service, owned, now):
            await self.run_job(f"league-closing:{closing.season.id}", post_closing(rt, closing))

    async def campaign_tables(self, now: datetime, guilds: set[str]) -> None:
        """Score the campaign tables that ended and open the next title's (``service.campaigns.tick``,
        each campaign claimed as a job), then open the thread of every campaign table without one."""
        from service import campaigns

        from .campaigns import open_campaign_table

        rt, shards = self.rt, self.jobs.shards
        owned = sorted(g for g in guilds if shards is None or shards.owns(g))
        await rt.call(campaigns.tick, rt.service, now, jobs=self.jobs, guild_ids=owned)
        for opened in await rt.call(campaigns.unthreaded, rt.service, owned):
            await self.run_job(f"campaign-table:{opened.table_id}", open_campaign_table(rt, opened))

    async def run_job(self, key: str, work: Coroutine[Any, Any, None]) -> None:
        """Do ``work`` if this process wins the claim on ``key``; give the claim back after."""
        rt = self.rt
        try:
            claimed = await rt.call(self.jobs.claim, key)
        except Exception:
            work.close()
            log.exception("clock could not claim %s", key)
            return
        if not claimed:
            work.close()
            return
        try:
            await work
            self.bot.metrics.jobs.labels(job=key.partition(":")[0]).inc()
        except Exception:
            log.exception("clock failed: %s", key)
        finally:
            try:
                await rt.call(self.jobs.release, key)
            except Exception:
                log.warning("clock could not release %s (it lapses by itself)", key, exc_info=True)

    async def close_ended(self, now: datetime, guilds: set[str]) -> None:
        """Archive the threads of tables that ended (finished or abandoned) a few seconds ago, once
        their last posts went out, so that finished games stop counting against the server's
        active threads. Each table is noted when done, and handled once."""
        rt = self.rt
        shards = self.jobs.shards
        for table in await rt.call(rt.service.ended_tables, CLOSED_NOTE, now=now, guild_ids=guilds):
            if shards is None or shards.owns(table.guild_id):
                await self.run_job(f"close:{table.id}", self.close_one(table))

    async def close_one(self, table: TableRow) -> None:
        rt = self.rt
        async with rt.lock(table.id):
            if await rt.call(rt.service.note, table.id, CLOSED_NOTE):
                return  # another process archived it while this one looked
            await close_table_channel(rt, table)
            await rt.call(rt.service.set_note, table.id, CLOSED_NOTE, True)

    async def remind(self, table_id: int, now: datetime) -> None:
        """Remind the table's late seats, at least once (issue 25 §3): the claim on the job is
        held until the queued post went out or was refused, and the reminder noted only then
        (``Jobs.reminded``); if this process dies first, the reminder stays due and another
        process (or this one restarted) sends it once the claim lapses."""
        rt = self.rt
        queued = self.reminding.get(table_id)
        if queued is not None and now - queued < self.jobs.ttl:
            return  # queued by an earlier round, not posted yet
        try:
            reminder = await rt.call(self.jobs.remind, table_id, now)
        except Exception:
            log.exception("clock could not claim remind:%s", table_id)
            return
        if reminder is None:
            return
        self.reminding[table_id] = now
        try:
            posting = await self.post_reminder(reminder)
        except Exception:
            log.exception("clock failed: remind:%s", table_id)
            await self.give_back(reminder)
            return
        if not posting:  # nobody to remind (all away), or no thread: noted as done
            await self.reminded(reminder)

    async def post_reminder(self, reminder: Reminder) -> bool:
        """Queue the reminder's post; ``False`` when there is nothing to post."""
        rt = self.rt
        table_id, present = reminder.table_id, reminder.seats
        async with rt.lock(table_id):
            loaded = await rt.call(rt.service.load, table_id)
            if not present or not loaded.table.channel_id:
                return False
            lang = public_lang(loaded.table)
            text = clip(t("bot.remind", lang, who=who(loaded.seats, present), table=table_id))
            asked = clip(t("bot.turn.waiting", lang, who=who(loaded.seats, present, ping=set())), 900)

            async def posted(sent: discord.Message) -> None:
                remind_by_dm(rt, loaded.table, loaded.seats, present, asked, getattr(sent, "jump_url", None))
                await self.reminded(reminder)

            async def failed(error: discord.HTTPException) -> None:
                log.info("could not remind table %s: %s", table_id, error)
                await self.reminded(reminder)  # as when posted: tried again after remind_hours

            # queued like a move's post: not sent while the table's lock is held (issue 19 §5)
            edits_of(rt).post(rt.bot.get_partial_messageable(int(loaded.table.channel_id)),
                              Post(Edit(text), mentions=pings(text), posted=posted, failed=failed))
            return True

    async def reminded(self, reminder: Reminder) -> None:
        """Note the reminder done and give its claim back."""
        try:
            await self.rt.call(self.jobs.reminded, reminder)
            self.bot.metrics.jobs.labels(job="remind").inc()
        except Exception:
            log.warning("clock could not note remind:%s (it is sent again once the claim lapses)",
                        reminder.table_id, exc_info=True)
        finally:
            self.reminding.pop(reminder.table_id, None)

    async def give_back(self, reminder: Reminder) -> None:
        """Nothing was posted: give the claim back unnoted, so that the reminder stays due."""
        try:
            await self.rt.call(self.jobs.release, reminder.key)
        except Exception:
            log.warning("clock could not release %s (it lapses by itself)", reminder.key, exc_info=True)
        finally:
            self.reminding.pop(reminder.table_id, None)

    async def enforce(self, table_id: int, now: datetime) -> None:
        """The deadline passed: the service applies the table's policy to every late seat."""
        rt = self.rt
        async with rt.lock(table_id):
            table = await rt.call(rt.service.table, table_id)
            lang = public_lang(table)
            done = await rt.call(rt.service.enforce_deadline, table_id, now, bot_name=t("bot.bot_name", lang, n="{n}"))
            if done is None or done.result is None:
                return
            key = "bot.deadline.replaced" if done.policy == "bot" else "bot.deadline.moved"
            await publish(rt, done.result, done.before,
                          notes=[t(key, lang, who=who(done.result.loaded.seats, done.late, ping=set()))])


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Admin(bot))
