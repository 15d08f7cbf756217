"""``/table …``: open a table with its own channel, join, leave, start, status, resign, rematch, invite,
follow, hand one's seat over, and the creator's kick, replace and abandon; ``/mod …``: kick, sub, abandon
for the server's moderators."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from games.registry import all_games, get_game
from service import MoveResult, TableRow
from service.ratings import change_line as rating_changes

from .. import seating
from ..boards import QUIET, publish
from ..components import Click, TableButton, make_view, on_action
from ..edits import edits_of
from ..errors import BotError
from ..i18n import answer_lang, guild_lang, interaction_lang, t
from ..interactions import acknowledge_privately, confirmed, runtime_of
from ..lobby import add_to_thread, announce, open_lobby, parse_options, refresh_lobby
from ..present import clip, game_name, lobby_embed, pings, public_lang, ranking_lines, safe, seat_names, who

if TYPE_CHECKING:
    from ..client import TabulaBot
    from ..runtime import Runtime

log = logging.getLogger("tabula.discord")

#: ``/table list`` shows the newest this many live tables.
LIST_LIMIT = 40



async def game_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    lang = interaction_lang(interaction)
    typed = current.strip().lower()
    out = []
    for game in all_games():
        meta = game.meta
        label = f"{meta.name(lang)} ({meta.id}, {meta.min_players}–{meta.max_players})"
        haystack = " ".join([meta.id, *meta.names.values(), *meta.aliases]).lower()
        if not typed or typed in haystack:
            out.append(app_commands.Choice(name=label[:100], value=meta.id))
    return out[:25]


def title_id(game: str) -> str:
    """The title a member named (id or alias); refused in their language when there is none."""
    try:
        return get_game(game).meta.id
    except KeyError:
        raise BotError("table.unknown_game", game=game[:50], games=", ".join(g.meta.id for g in all_games())) \
            from None


async def options_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    lang = interaction_lang(interaction)
    try:
        game = get_game(str(getattr(interaction.namespace, "game", "") or ""))
    except KeyError:
        return []
    out = [app_commands.Choice(name=current[:100], value=current[:100])] if current else []
    for spec in game.meta.options:
        text = f"{spec.key}={spec.default}"
        hint = f"{text} — {spec.names.get(lang) or spec.names.get('en', '')}"
        out.append(app_commands.Choice(name=hint[:100], value=text))
    return out[:25]


async def after_start(rt: Runtime, table_id: int, result: MoveResult) -> int | None:
    """The deal is announced with the title's standing orders, so players find the ones that save
    them a ping a turn and know which ones every seat starts with (``auto-roll``: issue 10 §6).
    Returns the announcement's post (see :func:`.boards.publish`), for a reply to follow it."""
    await refresh_lobby(rt, table_id)
    lang = public_lang(result.loaded.table)
    notes = [t("table.started", lang)]
    loaded = result.loaded
    if loaded.state is not None and not loaded.game.is_over(loaded.state):
        orders = loaded.game.standing_orders(loaded.state, 0, lang)
        given = loaded.game.default_orders(loaded.table.options)

        def listed(token: str, label: str) -> str:
            on = f" ({t('bot.order.by_default', lang, token=token)})" if token in given else ""
            return f"`{token}` — {label}{on}"
        if orders:
            notes.append(t("bot.order.hint", lang, orders="; ".join(listed(o.token, o.label) for o in orders)))
    return await publish(rt, result, None, notes=notes)


async def notice(rt: Runtime, channel_id: str | None, text: str) -> None:
    """A short public line in the table's channel."""
    if channel_id:
        await rt.bot.get_partial_messageable(int(channel_id)).send(clip(text), allowed_mentions=pings(text))


class Tables(commands.Cog):
    """Lobby and seats."""

    table = app_commands.Group(name=_("table"), description=_("Open, join and manage game tables"),
                               guild_only=True)

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot

    # ---- /table new -----------------------------------------------------------------------------
    @table.command(name=_("new"), description=_("Open a new table (a lobby in its own thread)"))
    @app_commands.describe(game=_("The game to play"), seats=_("How many seats (default: the most the game allows)"),
                           options=_("Table options, e.g. side=b"),
                           random_order=_("Draw the seat order when the game starts (default: as players join)"))
    @app_commands.rename(game=_("game"), seats=_("seats"), options=_("options"), random_order=_("random_order"))
    @app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
    async def new(self, interaction: discord.Interaction[Any], game: str,
                  seats: app_commands.Range[int, 1, 25] | None = None, options: str | None = None,
                  random_order: bool = False) -> None:
        """Open a lobby and its channel, with the server's defaults (``/settings server``: language,
        deadline and policy, channel, private threads). A member waits ``TABULA_NEW_TABLE_COOLDOWN`` between two
        tables, and the service refuses past the caps on live tables; when Discord refuses the
        channel, the lobby is discarded and the person reads why (nothing half-made stays)."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        if interaction.guild is None:
            raise BotError("bot.guild_only")
        try:
            title = get_game(game.strip())
        except KeyError:
            raise BotError("table.unknown_game", game=game[:50],
                           games=", ".join(g.meta.id for g in all_games())) from None
        interaction.extras["game"] = title
        user = str(interaction.user.id)
        cooldown = (interaction.guild_id, user)
        wait = rt.new_tables.start(cooldown)
        if wait:
            raise BotError("bot.cooldown.new_table", seconds=math.ceil(wait))
        try:
            # what the server's managers chose (/settings server) comes first, the configuration after
            defaults = await rt.call(rt.service.server_defaults, str(interaction.guild_id))
            row = await rt.call(rt.service.create, title.meta.id, seats=seats, options=parse_options(options),
                                seed=rt.config.test_seed, creator=user, guild_id=str(interaction.guild_id),
                                language=defaults.language or guild_lang(interaction, rt.config.language))
        except BaseException:
            rt.new_tables.cancel(cooldown)  # nothing was opened: no reason to wait
            raise
        interaction.extras["table"] = row.id
        try:
            await rt.call(rt.service.join, row.id, user, interaction.user.display_name)
            if random_order:
                await rt.call(rt.service.configure, row.id, user, seat_order="random")
            channel_id = await open_lobby(rt, interaction, row, defaults)
        except BaseException:
            rt.new_tables.cancel(cooldown)
            await rt.call(rt.service.discard, row.id)
            raise
        await interaction.followup.send(t("bot.table.opened", lang, table=row.id, game=title.meta.name(lang),
                                          channel=f"<#{channel_id}>"), ephemeral=True)

    # ---- seats ------------------------------------------------------------------------------------
    @table.command(name=_("join"), description=_("Take a free seat at this channel's table"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledge_privately(interaction)
        row = await runtime_of(interaction).table_here(interaction)
        await self.seat_change(interaction, row.id, "join")

    @table.command(name=_("leave"), description=_("Give up your seat before the game starts"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledge_privately(interaction)
        row = await runtime_of(interaction).table_here(interaction)
        await self.seat_change(interaction, row.id, "leave")

    @table.command(name=_("bot"), description=_("Seat a bot at this channel's table (creator or server managers)"))
    async def add_bot(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledge_privately(interaction)
        row = await runtime_of(interaction).table_here(interaction)
        await self.seat_change(interaction, row.id, "addbot")

    @table.command(name=_("start"),
                   description=_("Deal the game with the players seated now (creator or server managers)"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledge_privately(interaction)
        row = await runtime_of(interaction).table_here(interaction)
        await self.seat_change(interaction, row.id, "start")

    async def seat_change(self, interaction: discord.Interaction[Any], table_id: int, action: str) -> None:
        """Join / leave / add a bot / start, from a command or a lobby button. Adding a bot and
        starting are for the table's creator or a manager (the service checks); another seated
        player's Start is a vote, answered privately and noted in the thread."""
        rt = runtime_of(interaction)
        lang = str(interaction.extras.get("lang") or interaction_lang(interaction))
        user = str(interaction.user.id)
        manager = rt.is_manager(interaction)
        answer = interaction.type == discord.InteractionType.application_command
        posted = None
        async with rt.lock(table_id):
            row = await rt.call(rt.service.table, table_id)
            if action == "join":
                seat = await rt.call(rt.service.join, table_id, user, interaction.user.display_name)
                done = t("table.joined", lang, name=safe(seat.name), seat=seat.seat + 1)
                await add_to_thread(rt, row.channel_id, interaction.user)
            elif action == "leave":
                await rt.call(rt.service.leave, table_id, user)
                done = t("table.left", lang, name=safe(interaction.user.display_name))
            elif action == "addbot":
                seat = await rt.call(rt.service.add_bot, table_id, user, manager=manager)
                name = t("bot.bot_name", public_lang(row), n=seat.seat + 1)
                if name != seat.name:
                    seat = await rt.call(rt.service.rename_seat, table_id, seat.seat, name)
                done = t("table.bot_added", lang, seat=seat.seat + 1)
            else:
                vote = await rt.call(rt.service.vote_start, table_id, user, manager=manager)
                if vote.result is not None:
                    posted = await after_start(rt, table_id, vote.result)
                    done = t("table.started", lang)
                else:
                    seats = await rt.call(rt.service.seats, table_id)
                    waiting = who(seats, vote.waiting, ping=set())
                    done = t("bot.start.voted", lang, who=waiting)
                    announce(rt, row.channel_id, t("bot.start.vote", public_lang(row), who=waiting,
                                                         user=safe(interaction.user.display_name)))
                    answer = True
            if action != "start":
                await refresh_lobby(rt, table_id)
        if posted is not None:  # the reply follows the deal's post, made outside the lock (issue 19 §5)
            await edits_of(rt).wait_posted(posted)
        if answer:
            await interaction.followup.send(done, ephemeral=True)

    # ---- reading ------------------------------------------------------------------------------------
    @table.command(name=_("status"), description=_("Seats, status and who must act at this channel's table"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction, ended_ok=True)
        lang = answer_lang(interaction)  # the table's language unless the reader chose theirs (issue 19 §6)
        loaded = await rt.call(rt.service.load, row.id)
        embed = lobby_embed(loaded.table, loaded.seats, lang)
        if loaded.state is not None and not loaded.game.is_over(loaded.state):
            acting = loaded.game.to_act(loaded.state)
            embed.add_field(name=t("bot.status.to_act", lang), value=who(loaded.seats, acting, ping=set()) or "-",
                            inline=False)
        outcome = loaded.outcome  # an ended game's ranking, an admin's early end included (issue 19 §7)
        if outcome is not None:
            ranking = ranking_lines(loaded.game, outcome, seat_names(loaded.seats), lang)[1:]
            # and what it did to the ratings (issue 23 §1; nothing for a table that rated nobody)
            changed = rating_changes(await rt.call(rt.service.rating_result, row.id), lang, name=safe)
            lines = [*ranking, changed] if changed else ranking
            embed.add_field(name=t("bot.result.title", lang), value=clip("\n".join(lines), 1024), inline=False)
        if loaded.table.deadline_at is not None:
            stamp = discord.utils.format_dt(loaded.table.deadline_at, "R")
            embed.add_field(name=t("bot.status.deadline", lang), value=stamp, inline=True)
        embed.add_field(name=t("bot.status.version", lang), value=str(loaded.table.version), inline=True)
        await interaction.followup.send(embed=embed, ephemeral=True)

    @table.command(name=_("list"), description=_("The tables being played on this server"))
    async def list_tables(self, interaction: discord.Interaction[Any]) -> None:
        """The server's newest live tables (only as many as one answer shows are read)."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        rows = await rt.call(rt.service.tables, str(interaction.guild_id), ("lobby", "active"), limit=LIST_LIMIT,
                             newest=True)
        lines = [t("bot.list.line", lang, table=r.id, game=game_name(r.game_id, lang),
                   status=t(f"bot.status.{r.status}", lang), channel=f"<#{r.channel_id}>" if r.channel_id else "-")
                 for r in rows]
        await interaction.followup.send(clip("\n".join(lines) or t("bot.list.none", lang)), ephemeral=True)

    # ---- leaving a game, playing again, bringing people (issue 10 §10) --------------------------------------
    @table.command(name=_("resign"), description=_("Give up this game: a bot plays your seat (asks to confirm)"))
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await seating.ask_resign(interaction)

    @table.command(name=_("rematch"), description=_("Play this ended game again: same game, settings and players"))
    async def rematch(self, interaction: discord.Interaction[Any]) -> None:
        await seating.rematch(interaction)

    @table.command(name=_("invite"), description=_("Invite a member to this table: it pings them once"))
    @app_commands.rename(member=_("member"))
    @app_commands.describe(member=_("Who to invite"))
    async def invite(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        await seating.invite(interaction, member)

    @table.command(name=_("follow"), description=_("Watch this table: it shows in your thread list, without a seat"))
    async def follow(self, interaction: discord.Interaction[Any]) -> None:
        await seating.follow(interaction)

    # ---- running one's own table (issue 19 §4) ----------------------------------------------------------
    # A creator runs their table without /mod: kick or replace a player (during the game only one
    # who missed a deadline), abandon (a running game by a vote of its seated players). A seat's
    # holder hands it to a member of their choice. The service decides who may do what.
    @table.command(name=_("abandon"),
                   description=_("Stop this table for good: the creator's lobby, or a game by the players' vote"))
    async def abandon_table(self, interaction: discord.Interaction[Any]) -> None:
        await self.ask_abandon(interaction)

    @table.command(name=_("kick"),
                   description=_("Creator: remove a player from the lobby, or give a late player's seat to a bot"))
    @app_commands.rename(seat=_("seat"))
    @app_commands.describe(seat=_("Seat number (1, 2, ...)"))
    async def kick_player(self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 25]) -> None:
        await self.kick_seat(interaction, seat)

    @table.command(name=_("replace"),
                   description=_("Creator: offer a resigned or late player's seat to a member, or give it to a bot"))
    @app_commands.rename(seat=_("seat"), member=_("member"))
    @app_commands.describe(seat=_("Seat number (1, 2, ...)"), member=_("Who takes the seat (empty: a bot)"))
    async def replace(self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 25],
                      member: discord.Member | None = None) -> None:
        await self.sub_seat(interaction, seat, member)

    @table.command(name=_("handover"), description=_("Hand your seat to another member (they accept it)"))
    @app_commands.rename(member=_("member"))
    @app_commands.describe(member=_("Who takes your seat"))
    async def handover(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction)
        seats = await rt.call(rt.service.seats, row.id)
        mine = [s.seat for s in seats if s.user_id == str(interaction.user.id) and not s.is_bot]
        if not mine:
            raise BotError("table.not_seated")
        await self.offer_seat(interaction, row, mine[0] + 1, member, lang)

    # ---- moderation -------------------------------------------------------------------------------------
    # Kick, sub and abandon are a group of their own, visible by default to members who may manage
    # threads, so a server's admins can open or close them in Server Settings → Integrations; the
    # service gives managers their power over every table (recorded as a moderator's in the log)
    # and creators theirs (above). Every change of seat is announced in the table's thread and
    # recorded in the log (/log) with who made it. A member only ever gets a seat by accepting it.
    mod = app_commands.Group(name=_("mod"), description=_("Moderate this channel's table: kick, substitute, abandon"),
                             guild_only=True, default_permissions=discord.Permissions(manage_threads=True))

    @mod.command(name=_("abandon"), description=_("Stop this table for good (asks to confirm)"))
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        await self.ask_abandon(interaction)

    async def ask_abandon(self, interaction: discord.Interaction[Any]) -> None:
        """Asks first: abandoning cannot be undone. The buttons answer only the member who asked.
        Whoever may not abandon or vote (``service.check_abandon``) is refused before asking."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction)
        await rt.call(rt.service.check_abandon, row.id, str(interaction.user.id),
                      manager=rt.is_manager(interaction))
        view = make_view([
            TableButton(row.id, row.version, "abandonyes", str(interaction.user.id),
                        label=t("bot.abandon.confirm", lang), style=discord.ButtonStyle.danger),
            TableButton(row.id, row.version, "abandonno", str(interaction.user.id),
                        label=t("bot.abandon.keep", lang), style=discord.ButtonStyle.secondary)])
        await interaction.followup.send(t("bot.abandon.ask", lang, table=row.id), view=view, ephemeral=True)

    @mod.command(name=_("end"), description=_("End this game now, ranking the players by their score so far"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        """An admin's early end (issue 19 §7): asks first; the players are ranked by the title's rule
        for an early end (``Game.force_end``: the running score). Moderators only — a creator who
        leads could otherwise end a game in their favour; the players may abandon it together."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction)
        if not rt.is_manager(interaction):
            raise BotError("bot.end.managers_only")
        if row.status != "active":
            raise BotError("table.not_active", status=t(f"table.status_{row.status}", lang))
        user = str(interaction.user.id)
        view = make_view([
            TableButton(row.id, row.version, "endyes", user, label=t("bot.end.confirm", lang),
                        style=discord.ButtonStyle.danger),
            TableButton(row.id, row.version, "endno", user, label=t("bot.end.keep", lang))])
        await interaction.followup.send(t("bot.end.ask", lang, table=row.id), view=view, ephemeral=True)

    @mod.command(name=_("ratings-recompute"), description=_("Recompute this server's ratings from the stored results"))
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("Which game (default: every game)"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def ratings_recompute(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """Server managers only (docs/ratings.md "Recompute"): a fix to the rating rules never
        leaves wrong numbers behind; tables whose rating was missed are rated first."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        if not rt.is_manager(interaction):
            raise BotError("bot.ratings.managers_only")
        chosen = title_id(game) if game else None
        count = await rt.call(rt.service.recompute_ratings, str(interaction.guild_id), chosen)
        await interaction.followup.send(t("ratings.recomputed", lang, count=count), ephemeral=True)

    @mod.command(name=_("kick"), description=_("Remove a player (in the lobby) or hand their seat to a bot"))
    @app_commands.rename(seat=_("seat"))
    @app_commands.describe(seat=_("Seat number (1, 2, ...)"))
    async def kick(self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 25]) -> None:
        await self.kick_seat(interaction, seat)

    async def kick_seat(self, interaction: discord.Interaction[Any], seat: int) -> None:
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction)
        if row.status != "lobby":
            await self.hand_to_bot(interaction, row.id, seat, lang)
            return
        async with rt.lock(row.id):
            kicked = await rt.call(rt.service.kick, row.id, str(interaction.user.id), seat - 1,
                                   manager=rt.is_manager(interaction))
            await refresh_lobby(rt, row.id)
        announce(rt, row.channel_id, t("bot.sub.kicked", public_lang(row), name=safe(kicked.name), seat=seat,
                                             by=interaction.user.mention))
        await interaction.followup.send(t("bot.kicked", lang, seat=seat), ephemeral=True)

    @mod.command(name=_("sub"), description=_("Offer a seat to another member (they accept it), or give it to a bot"))
    @app_commands.rename(seat=_("seat"), member=_("member"))
    @app_commands.describe(seat=_("Seat number (1, 2, ...)"), member=_("Who takes the seat (empty: a bot)"))
    async def sub(self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 25],
                  member: discord.Member | None = None) -> None:
        await self.sub_seat(interaction, seat, member)

    async def sub_seat(self, interaction: discord.Interaction[Any], seat: int, member: discord.Member | None) -> None:
        lang = await acknowledge_privately(interaction)
        row = await runtime_of(interaction).table_here(interaction)
        if member is None:
            await self.hand_to_bot(interaction, row.id, seat, lang)
        else:
            await self.offer_seat(interaction, row, seat, member, lang)

    async def hand_to_bot(self, interaction: discord.Interaction[Any], table_id: int, seat: int, lang: str) -> None:
        """A bot takes seat ``seat`` (numbered from 1) at once, announced in the thread; it moves
        straight away if the seat must act."""
        rt = runtime_of(interaction)
        async with rt.lock(table_id):
            row = await rt.call(rt.service.table, table_id)
            name = t("bot.bot_name", public_lang(row), n=seat)
            await rt.call(rt.service.substitute, table_id, str(interaction.user.id), seat - 1, name,
                          manager=rt.is_manager(interaction))
            announce(rt, row.channel_id, t("bot.sub.to_bot", public_lang(row), name=safe(name), seat=seat,
                                                 by=interaction.user.mention))
            result = await rt.call(rt.service.run_bots, table_id)
            if result is not None:
                await publish(rt, result, None)
            if row.status == "lobby":
                await refresh_lobby(rt, table_id)
        await interaction.followup.send(t("table.substituted", lang, name=safe(name), seat=seat), ephemeral=True)

    async def offer_seat(self, interaction: discord.Interaction[Any], row: TableRow, seat: int,
                         member: discord.Member, lang: str) -> None:
        """Offer seat ``seat`` (numbered from 1) to ``member``: a public post in the thread that
        pings only them, with Accept / Decline buttons only they may press. The seat changes hands
        when they accept (:func:`offer_click`)."""
        rt = runtime_of(interaction)
        if member.bot:
            raise BotError("bot.no_bot_members")
        async with rt.lock(row.id):
            offer = await rt.call(rt.service.offer_seat, row.id, str(interaction.user.id), seat - 1, str(member.id),
                                  member.display_name, manager=rt.is_manager(interaction))
        table_lang = public_lang(row)
        text = clip(t("bot.sub.offer", table_lang, member=member.mention, by=interaction.user.mention, seat=seat,
                      holder=safe(offer.holder_name)))
        view = make_view([
            TableButton(row.id, 0, "seatyes", str(offer.seat), label=t("bot.button.accept", table_lang),
                        style=discord.ButtonStyle.success),
            TableButton(row.id, 0, "seatno", str(offer.seat), label=t("bot.button.decline", table_lang)),
        ])
        channel = rt.bot.get_partial_messageable(int(row.channel_id or interaction.channel_id or 0))
        await channel.send(text, view=view, allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(member.id)], replied_user=False))
        await interaction.followup.send(t("bot.sub.offered", lang, member=member.mention, seat=seat), ephemeral=True,
                                        allowed_mentions=QUIET)


# ---- lobby buttons ----------------------------------------------------------------------------------
async def lobby_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """Join / Leave / Add bot / Start on a lobby card."""
    interaction.extras["lang"] = interaction_lang(interaction)
    await interaction.response.defer()
    rt = runtime_of(interaction)
    await rt.table_by_id(interaction, click.table)
    cog = rt.bot.get_cog("Tables")
    assert isinstance(cog, Tables)
    await cog.seat_change(interaction, click.table, click.action)


for _action in ("join", "leave", "addbot", "start"):
    on_action(_action)(lobby_click)


# ---- abandoning, confirmed ----------------------------------------------------------------------------
@on_action("abandonyes")
@on_action("abandonno")
async def abandon_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """The answer to "abandon this table?": only the member who asked may answer; Abandon stops the
    table for good (announced in its thread), Keep leaves it as it is."""
    answer = await confirmed(interaction, click, "bot.abandon.kept")
    if answer is None:
        return
    lang, rt, row = answer
    async with rt.lock(row.id):
        vote = await rt.call(rt.service.vote_abandon, row.id, str(interaction.user.id),
                             manager=rt.is_manager(interaction))
        if vote.done:
            await rt.call(rt.service.clear_deadline, row.id)
            await refresh_lobby(rt, row.id)
    if not vote.done:  # a running game's players decide together (issue 19 §4)
        await interaction.edit_original_response(
            content=t("table.abandon_voted", lang, votes=vote.votes, needed=vote.needed), view=None)
        seats = await rt.call(rt.service.seats, row.id)
        announce(rt, row.channel_id, t("bot.abandon.vote", public_lang(row), user=interaction.user.mention,
                                             votes=vote.votes, needed=vote.needed,
                                             who=who(seats, vote.waiting, ping=set())))
        return
    await interaction.edit_original_response(content=t("table.abandoned", lang), view=None)
    await notice(rt, row.channel_id, t("bot.table.abandoned_by", public_lang(row), user=interaction.user.mention))


# ---- ending a game early, confirmed ---------------------------------------------------------------------
@on_action("endyes")
@on_action("endno")
async def end_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """The answer to "end this game now?": only the moderator who asked may answer; End scores the
    game as it stands and posts the ranking with the result image, Keep leaves it as it is."""
    answer = await confirmed(interaction, click, "bot.end.kept")
    if answer is None:
        return
    lang, rt, row = answer
    if not rt.is_manager(interaction):
        raise BotError("bot.end.managers_only")
    async with rt.lock(row.id):
        loaded = await rt.call(rt.service.end, row.id, str(interaction.user.id), manager=True)
        result = MoveResult(loaded.table.id, loaded.table.version, [], [], True, loaded)
        await publish(rt, result, None, notes=[t("bot.end.announce", public_lang(row),
                                                 user=interaction.user.mention)])
    await interaction.edit_original_response(content=t("bot.end.done", lang), view=None)


# ---- seat offers --------------------------------------------------------------------------------------
@on_action("seatyes")
@on_action("seatno")
async def offer_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """Accept / Decline on a seat offer. Only the member it was offered to may answer (the service
    refuses anyone else, privately); the answer replaces the buttons on the offer, and a seat that
    changed hands is announced in the thread."""
    interaction.extras["lang"] = interaction_lang(interaction)
    await interaction.response.defer()
    rt = runtime_of(interaction)
    row = await rt.table_by_id(interaction, click.table)
    if not (click.arg or "").isdigit():
        raise BotError("bot.unknown_button")
    seat, user = int(click.arg or 0), str(interaction.user.id)
    table_lang = public_lang(row)
    async with rt.lock(row.id):
        if click.action == "seatyes":
            _, offer = await rt.call(rt.service.accept_seat, row.id, seat, user)
            text = t("bot.sub.accepted", table_lang, member=interaction.user.mention, seat=seat + 1,
                     by=f"<@{offer.by}>")
            if row.status == "lobby":
                await refresh_lobby(rt, row.id)
            await add_to_thread(rt, row.channel_id, interaction.user)
        else:
            await rt.call(rt.service.decline_seat, row.id, seat, user)
            text = t("bot.sub.declined", table_lang, member=interaction.user.mention, seat=seat + 1)
    await interaction.edit_original_response(content=clip(text), view=None, allowed_mentions=QUIET)
    if click.action == "seatyes":
        announce(rt, row.channel_id, text)


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Tables(bot))

