"""Reading a table: ``/board``, ``/log``, ``/rules``, ``/export``, ``/games``."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from games.registry import all_games, get_game
from service import text as words

from ..boards import QUIET, make_view, post_board, public_items, public_moves
from ..errors import BotError
from ..i18n import answer_lang, t
from ..interactions import acknowledge_privately, runtime_of
from ..present import clip, clip_lines, describe_event, public_lang, safe, seat_names
from .tables import game_autocomplete

if TYPE_CHECKING:
    from games.core.meta import GameMeta

    from ..client import TabulaBot
    from ..runtime import Runtime

ROOT = Path(__file__).resolve().parents[3]


def reference_filename(meta: GameMeta, lang: str) -> str:
    """The name the rules reference is attached under: ``landlords.md``, or ``landlords.zh.md`` when
    the reader gets the reference of their language (issue 10 §8)."""
    path = Path(meta.reference(lang))
    return path.name if str(path) == meta.rules_reference else f"{path.stem}.{lang}{path.suffix}"


def log_lines(rt: Runtime, table_id: int, user: str, lang: str) -> list[str]:
    """The table's history as the person may read it (the service filters it: their own moves
    with notation, everyone else's as the events they were allowed to see), with every change of
    seat and who made it."""
    loaded = rt.service.load(table_id)
    names = seat_names(loaded.seats)
    out = []
    for entry in rt.service.history(table_id, user):
        if entry.kind != "move":
            out.append(f"`{entry.seq:>4}` " + words.seat_change_line(
                entry, lang, by=f"<@{entry.by}>" if entry.by else "-", name=safe(entry.name or "?"),
                previous=safe(entry.previous or "?")))
            continue
        seen = [describe_event(loaded.game, e, lang, names) for e in entry.events]
        own = f" `{entry.notation}`" if entry.notation is not None else ""
        out.append(f"`{entry.seq:>4}` **{safe(names[entry.seat])}**{own}: "
                   + ("; ".join(seen) or "…"))
    return out


class Info(commands.Cog):
    """Boards, history, rules, export."""

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("board"), description=_("The current board of this channel's table"))
    @app_commands.rename(share=_("share"))
    @app_commands.describe(share=_("Post it in the channel for everyone (default: only you see it)"))
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction[Any], share: bool = False) -> None:
        """The board for the person; with ``share``, posted in the channel: by a seated player
        only, and once per ``TABULA_SHARE_COOLDOWN`` per channel (a public post costs everyone)."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction, ended_ok=True)
        lang = answer_lang(interaction)  # the table's language unless the reader chose theirs
        loaded = await rt.call(rt.service.load, row.id)
        if loaded.state is None:
            raise BotError("table.not_active", status=row.status)
        if share:
            if not rt.seated_from(interaction, loaded).seats:
                raise BotError("bot.board.players_only")
            channel_id = int(row.channel_id or interaction.channel_id or 0)
            wait = rt.shares.start(channel_id)
            if wait:
                raise BotError("bot.cooldown.share", seconds=math.ceil(wait))
            try:
                table_lang = public_lang(loaded.table)
                kwargs = await post_board(rt, loaded, table_lang)
                view = None
                if not loaded.game.is_over(loaded.state):
                    moves = await rt.call(public_moves, loaded, table_lang)
                    view = make_view(public_items(loaded, table_lang, moves))
                channel = rt.bot.get_partial_messageable(channel_id)
                await channel.send(view=view or discord.utils.MISSING, allowed_mentions=QUIET, **kwargs)
            except BaseException:
                rt.shares.cancel(channel_id)  # nothing was shared
                raise
            await interaction.followup.send(t("bot.board.shared", lang), ephemeral=True)
        else:
            await interaction.followup.send(ephemeral=True, **await post_board(rt, loaded, lang))

    @app_commands.command(name=_("log"), description=_("What happened so far at this channel's table"))
    @app_commands.rename(full=_("full"))
    @app_commands.describe(full=_("Attach the whole history as a file"))
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction[Any], full: bool = False) -> None:
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction, ended_ok=True)
        lang = answer_lang(interaction)  # the table's language unless the reader chose theirs
        lines = await rt.call(log_lines, rt, row.id, str(interaction.user.id), lang)
        if not lines:
            await interaction.followup.send(t("bot.log.empty", lang), ephemeral=True)
            return
        files = [discord.File(io.BytesIO("\n".join(lines).encode()), filename=f"log-t{row.id}.txt")] if full else []
        await interaction.followup.send(clip_lines(lines, 1900), files=files, ephemeral=True, allowed_mentions=QUIET)

    @app_commands.command(name=_("rules"), description=_("How a game is played and how moves are written"))
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("Which game (default: this channel's)"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        example = ""
        if game is None:
            row = await rt.table_here(interaction, ended_ok=True)
            lang = answer_lang(interaction)  # the table's language unless the reader chose theirs
            game = row.game_id
            seated = await rt.seated(interaction, row.id)
            if seated.seat is not None and seated.loaded.state is not None:
                example = await rt.call(seated.loaded.game.hint, seated.loaded.state, seated.seat)
        try:
            title = get_game(game)
        except KeyError:
            raise BotError("table.unknown_game", game=game[:50], games=", ".join(g.meta.id for g in all_games())) \
                from None
        meta = title.meta
        lines = [f"**{meta.name(lang)}** (`{meta.id}`) — " + t("bot.rules.players", lang, low=meta.min_players,
                                                               high=meta.max_players)]
        for spec in meta.options:
            choices = f" [{', '.join(spec.choices)}]" if spec.choices else ""
            lines.append(f"• `{spec.key}={spec.default}`{choices} — {spec.names.get(lang) or spec.names['en']}")
        lines.append(t("bot.rules.notation", lang))
        if example:
            lines.append(t("bot.rules.example", lang, moves=example))
        files = []
        reference = ROOT / meta.reference(lang)  # the reader's language (issue 10 §8), else English
        if reference.is_file() and reference.stat().st_size < 8 * 1024 * 1024:
            files.append(discord.File(reference, filename=reference_filename(meta, lang)))
        await interaction.followup.send(clip("\n".join(lines)), files=files, ephemeral=True)

    @app_commands.command(name=_("export"), description=_("The table's seed and every move, as a file"))
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction, ended_ok=True)
        lang = answer_lang(interaction)  # the table's language unless the reader chose theirs
        if row.status in ("lobby", "active"):
            raise BotError("bot.export.not_finished")
        data = await rt.call(rt.service.export, row.id)
        blob = json.dumps(data, ensure_ascii=False, indent=1).encode()
        await interaction.followup.send(t("bot.export.done", lang, table=row.id),
                                        file=discord.File(io.BytesIO(blob), filename=f"tabula-table-{row.id}.json"),
                                        ephemeral=True)

    @app_commands.command(name=_("games"), description=_("The games Tabula can run"))
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        lang = await acknowledge_privately(interaction)
        lines = [f"• **{g.meta.name(lang)}** (`{g.meta.id}`) — "
                 + t("bot.rules.players", lang, low=g.meta.min_players, high=g.meta.max_players)
                 for g in all_games()]
        await interaction.followup.send(clip("\n".join(lines) + "\n" + t("bot.games.hint", lang)), ephemeral=True)


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Info(bot))
