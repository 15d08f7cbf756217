"""Table settings (``/settings``), vacation (``/away``) and the clock: reminders, and after a
deadline the table's policy (a bot moves for the late seat, or takes the seat over)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from service import MoveResult
from storage.models import TableRow
from storage.types import utcnow

from ..boards import MENTIONS, publish, start_turn_clock
from ..errors import BotError
from ..i18n import t
from ..interactions import acknowledge_privately
from ..present import clip, public_lang, who
from ..runtime import Runtime

if TYPE_CHECKING:
    from ..client import TabulaBot

log = logging.getLogger("tabula.discord.clock")

POLICIES = ("move", "bot")
MAX_DEADLINE_MOVES = 500  # a bot finishing a late seat's step never plays more than this




def _check_authority(rt: Runtime, interaction: discord.Interaction[Any], table: TableRow) -> None:
    if not rt.is_manager(interaction) and table.creator not in (None, str(interaction.user.id)):
        raise BotError("table.not_allowed")


def settings_text(table: TableRow, lang: str) -> str:
    s = table.settings
    off = t("bot.settings.off", lang)
    return t("bot.settings.show", lang, language=public_lang(table),
             remind=f"{float(s['remind_hours']):g} h" if s.get("remind_hours") else off,
             deadline=f"{float(s['deadline_hours']):g} h" if s.get("deadline_hours") else off,
             policy=t(f"bot.policy.{s.get('policy', 'move')}", lang))


class Admin(commands.Cog):
    """Settings, vacation, reminders and deadlines."""

    settings = app_commands.Group(name=_("settings"), description=_("Language, reminders and deadlines of this table"),
                                  guild_only=True)

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot
        self.rt: Runtime = bot.runtime
        self.clock.change_interval(seconds=max(0.2, bot.config.scheduler_seconds))

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Start the clock once connected (``on_ready`` fires again after reconnects)."""
        if not self.clock.is_running():
            self.clock.start()

    async def cog_unload(self) -> None:
        self.clock.cancel()

    # ---- /settings ---------------------------------------------------------------------------------
    @settings.command(name=_("show"), description=_("This table's settings"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        lang = await acknowledge_privately(interaction)
        row = await self.rt.table_here(interaction, ended_ok=True)
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
        row = await rt.table_here(interaction)
        if scope == "table":
            _check_authority(rt, interaction, row)
            await rt.call(rt.repo.update_settings, row.id, {"language": None if language == "auto" else language})
        else:
            seated = await rt.seated(interaction, row.id)
            if not seated.seats:
                raise BotError("table.not_seated")
            for seat in seated.seats:
                await rt.call(rt.repo.update_seat, row.id, seat, language=None if language == "auto" else language)
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
        row = await rt.table_here(interaction)
        _check_authority(rt, interaction, row)
        await rt.call(rt.repo.update_settings, row.id, {"remind_hours": hours or None})
        await interaction.followup.send(t("bot.settings.saved", lang), ephemeral=True)

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
        row = await rt.table_here(interaction)
        _check_authority(rt, interaction, row)
        settings = await rt.call(rt.repo.update_settings, row.id,
                                 {"deadline_hours": hours or None, "policy": policy})
        if row.status == "active":
            await start_turn_clock(rt, row.id, settings)
        await interaction.followup.send(t("bot.settings.saved", lang), ephemeral=True)

    # ---- /away ---------------------------------------------------------------------------------------
    @app_commands.command(name=_("away"), description=_("Vacation: no reminders or deadlines for your seat"))
    @app_commands.rename(away=_("away"))
    @app_commands.describe(away=_("True: you are away; false: you are back"))
    @app_commands.guild_only()
    async def away(self, interaction: discord.Interaction[Any], away: bool = True) -> None:
        lang = await acknowledge_privately(interaction)
        rt = self.rt
        row = await rt.table_here(interaction)
        seated = await rt.seated(interaction, row.id)
        if not seated.seats:
            raise BotError("table.not_seated")
        for seat in seated.seats:
            await rt.call(rt.repo.update_seat, row.id, seat, away=away)
        if row.channel_id:
            key = "bot.away.on" if away else "bot.away.off"
            await rt.bot.get_partial_messageable(int(row.channel_id)).send(
                t(key, public_lang(row), name=discord.utils.escape_markdown(interaction.user.display_name)),
                allowed_mentions=MENTIONS)
        await interaction.followup.send(t("bot.settings.saved", lang), ephemeral=True)

    # ---- the clock -----------------------------------------------------------------------------------
    @tasks.loop(seconds=60)
    async def clock(self) -> None:
        """Check every live table of this process's servers for reminders and deadlines."""
        rows = await self.rt.call(self.rt.repo.list_tables, None, "active")
        mine = {str(g.id) for g in self.bot.guilds}
        now = utcnow()
        for row in rows:
            if row.guild_id not in mine or not row.channel_id:
                continue
            try:
                if row.deadline_at is not None and now >= row.deadline_at:
                    await self.enforce(row.id, now)
                elif row.settings.get("remind_hours") and \
                        now - row.updated_at >= timedelta(hours=float(row.settings["remind_hours"])):
                    await self.remind(row.id, now)
            except Exception:
                log.exception("clock failed for table %s", row.id)

    async def remind(self, table_id: int, now: datetime) -> None:
        rt = self.rt
        async with rt.lock(table_id):
            loaded = await rt.call(rt.service.load, table_id)
            if loaded.table.status != "active" or loaded.state is None:
                return
            acting = [s for s in loaded.game.to_act(loaded.state) if s not in loaded.bot_seats]
            present = [s.seat for s in loaded.seats if s.seat in acting and not s.away]
            await rt.call(rt.repo.update_settings, table_id, {"reminded_at": now.isoformat()})
            if not present or not loaded.table.channel_id:
                return
            lang = public_lang(loaded.table)
            await rt.bot.get_partial_messageable(int(loaded.table.channel_id)).send(
                clip(t("bot.remind", lang, who=who(loaded.seats, present), table=table_id)), allowed_mentions=MENTIONS)

    async def enforce(self, table_id: int, now: datetime) -> None:
        """The deadline passed: apply the table's policy to every late seat not on vacation."""
        rt = self.rt
        async with rt.lock(table_id):
            table = await rt.call(rt.repo.require_table, table_id)
            if table.status != "active" or table.deadline_at is None or now < table.deadline_at:
                return
            await rt.call(rt.repo.set_deadline, table_id, None)
            result, late, before = await rt.call(self._late_moves, rt, table, table.settings.get("policy", "move"))
            if result is None:
                return
            lang = public_lang(table)
            key = "bot.deadline.replaced" if table.settings.get("policy") == "bot" else "bot.deadline.moved"
            await publish(rt, result, before, notes=[t(key, lang, who=who(result.loaded.seats, late, ping=set()))])

    @staticmethod
    def _late_moves(rt: Runtime, table: TableRow, policy: str) -> tuple[MoveResult | None, list[int], frozenset[int]]:
        loaded = rt.service.load(table.id)
        game = loaded.game
        before = frozenset(game.to_act(loaded.state))
        late = [s.seat for s in loaded.seats if s.seat in before and not s.is_bot and not s.away]
        if not late:
            return None, [], before
        if policy == "bot":
            for seat in late:
                rt.service.substitute(table.id, "tabula", seat, None, t("bot.bot_name", public_lang(table), n=seat + 1),
                                      manager=True)
            return rt.service.run_bots(table.id), late, before
        steps = []
        last: MoveResult | None = None
        for seat in late:
            played = rt.service.autoplay(table.id, seat, max_moves=MAX_DEADLINE_MOVES)
            if played is not None:
                last = played
                steps += played.steps
        if last is None:
            return None, late, before
        combined = MoveResult(last.table_id, last.version, steps, last.to_act, last.finished, last.loaded)
        return combined, late, before


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Admin(bot))
