"""Ratings (issue 23 §1, docs/ratings.md): ``/rating [member] [game]``, ``/leaderboard game`` (an
image, and the same as text for screen readers); ``/mod ratings-recompute`` lives in the ``/mod``
group (``ext.tables``). Private answers in the reader's language; a leaderboard shared in the
channel in the server's."""

from __future__ import annotations

import io
import math
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from render.leaderboard import Leaderboard, LeaderboardRow
from service import ratings as rules
from service.text import plain_name

from ..errors import BotError
from ..i18n import guild_lang, t
from ..interactions import acknowledge_privately, runtime_of
from ..present import clip, game_name, safe
from .tables import game_autocomplete, title_id

if TYPE_CHECKING:
    from ..client import TabulaBot

#: Members a leaderboard shows.
LEADERBOARD_SIZE = 20


def leaderboard_view(board: list[rules.Place], game: str, lang: str) -> Leaderboard:
    """The image's view: worded in ``lang``, names made plain (no invisible or bidi characters)."""
    return Leaderboard(title=t("ratings.title", lang), subtitle=game_name(game, lang),
                       labels=(t("ratings.rating", lang), t("ratings.games", lang), t("ratings.musigma", lang)),
                       rows=tuple(LeaderboardRow(p.place, plain_name(p.name), p.rating, p.games, p.mu, p.sigma)
                                  for p in board),
                       footnote=t("ratings.footnote", lang))


class Ratings(commands.Cog):
    """A member's ratings and a title's leaderboard on this server."""

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("rating"), description=_("A member's ratings on this server (default: yours)"))
    @app_commands.rename(member=_("member"), game=_("game"), details=_("details"))
    @app_commands.describe(member=_("Whose ratings (default: yours)"), game=_("Which game (default: every game)"),
                           details=_("Show μ and σ too"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def rating(self, interaction: discord.Interaction[Any], member: discord.Member | None = None,
                     game: str | None = None, details: bool = False) -> None:
        """A member's rating per title: the number shown, rated tables, and μ/σ on request."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        who = member or interaction.user
        chosen = title_id(game) if game else None
        rows = await rt.call(rt.service.member_ratings, str(interaction.guild_id), str(who.id), chosen)
        lines = rules.rating_lines(rows, safe(who.display_name), lang, lambda g: game_name(g, lang), details=details)
        await interaction.followup.send(clip("\n".join(lines)), ephemeral=True)

    @app_commands.command(name=_("leaderboard"), description=_("A game's best ratings on this server, as an image"))
    @app_commands.rename(game=_("game"), details=_("details"), share=_("share"))
    @app_commands.describe(game=_("Which game"), details=_("Show μ and σ in the text too"),
                           share=_("Post it in the channel for everyone (default: only you see it)"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str, details: bool = False,
                          share: bool = False) -> None:
        """The image, with the same ranking as text beside it (screen readers read the text); with
        ``share``, posted in the channel, once per ``TABULA_SHARE_COOLDOWN`` per channel (the
        cooldown of ``/board share``, counted apart)."""
        lang = await acknowledge_privately(interaction)
        rt = runtime_of(interaction)
        chosen = title_id(game)
        channel_id = int(interaction.channel_id or 0)
        key = ("leaderboard", channel_id)
        if share and (wait := rt.shares.start(key)):
            raise BotError("bot.ratings.share_cooldown", seconds=math.ceil(wait))
        try:
            await self.answer_leaderboard(interaction, chosen, lang, details, channel_id if share else None)
        except BaseException:
            if share:
                rt.shares.cancel(key)  # nothing was shared
            raise

    async def answer_leaderboard(self, interaction: discord.Interaction[Any], game: str, lang: str, details: bool,
                                 channel_id: int | None) -> None:
        """The leaderboard privately, or (``channel_id``) posted there in the server's language."""
        rt = runtime_of(interaction)
        board = await rt.call(rt.service.rating_standings, str(interaction.guild_id), game, LEADERBOARD_SIZE)
        shown_lang = lang
        if channel_id is not None:  # for everyone: the server's language, as its new tables get
            defaults = await rt.call(rt.service.server_defaults, str(interaction.guild_id))
            shown_lang = defaults.language or guild_lang(interaction, rt.config.language)
        lines = rules.leaderboard_lines(board, game_name(game, shown_lang), shown_lang, details=details,
                                        name=lambda p: safe(p.name))
        files = []
        if board:
            image = await rt.images.leaderboard(game, leaderboard_view(board, game, shown_lang), shown_lang)
            if image:
                files.append(discord.File(io.BytesIO(image), filename=f"leaderboard-{game}.png",
                                          description=clip(" ".join(lines), 1000)))
        if channel_id is None:
            await interaction.followup.send(clip("\n".join(lines)), files=files, ephemeral=True)
            return
        channel = rt.bot.get_partial_messageable(channel_id)
        await channel.send(clip("\n".join(lines)), files=files, allowed_mentions=discord.AllowedMentions.none())
        await interaction.followup.send(t("bot.ratings.shared", lang), ephemeral=True)


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Ratings(bot))
