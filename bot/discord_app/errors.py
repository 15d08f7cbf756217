"""Refusals and the one place that turns any failure into a short private answer.

Engine and table refusals (:class:`games.core.GameError`) are answered privately in the
reader's language. An interaction Discord no longer knows because its 3 seconds ran out before
the bot answered (the bot was behind: load, a pause) is load, not a bug: a warning that says how
late, counted in ``tabula_late_interactions_total``, and no answer (Discord takes none). Anything
else is a bug: it is logged with its context and the person gets a one-line apology, never a stack
trace.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import discord

from games.core import GameError

from .i18n import error_text, interaction_lang, t
from .present import safe

log = logging.getLogger("tabula.discord")


class BotError(GameError):
    """A refusal of the Discord adapter itself (no table here, not allowed, ...)."""

    default_key = "bot.refused"


async def reply(interaction: discord.Interaction[Any], content: str | None = None, *, ephemeral: bool = True,
                **kwargs: Any) -> None:
    """Answer ``interaction`` whether or not it was acknowledged already."""
    if interaction.response.is_done():
        await interaction.followup.send(content or discord.utils.MISSING, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)


def _lang(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.extras.get("lang") or interaction_lang(interaction))


def describe(interaction: discord.Interaction[Any]) -> str:
    """Who did what where, for log lines."""
    data: dict[str, Any] = dict(interaction.data or {})
    what = data.get("name") or data.get("custom_id") or interaction.type.name
    return (f"user={interaction.user.id} guild={interaction.guild_id} channel={interaction.channel_id} "
            f"interaction={interaction.id} what={what!r} table={interaction.extras.get('table')}")


async def _names(interaction: discord.Interaction[Any]) -> list[str] | None:
    """The players' names at the interaction's table (refusals name them: "waiting for Bob")."""
    table = interaction.extras.get("table")
    if table is None:
        return None
    try:
        rt = interaction.client.runtime  # the bot (client.TabulaBot) carries its runtime
        seats = await rt.call(rt.service.seats, int(table))
        names = [f"#{n + 1}" for n in range(max((s.seat for s in seats), default=-1) + 1)]
        for seat in seats:
            names[seat.seat] = safe(seat.name)
        return names
    except Exception:  # a refusal is still worth sending without names
        log.info("could not name the players of table %s", table, exc_info=True)
        return None


#: Discord's error code for an interaction it no longer knows: answered after its 3 seconds.
UNKNOWN_INTERACTION = 10062


def expired(error: BaseException) -> bool:
    """Whether ``error`` is Discord refusing an answer that came after the interaction's 3 seconds."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


def note_late(interaction: discord.Interaction[Any], what: str) -> None:
    """Log (a warning: load, not a bug) and count an interaction answered too late to be answered."""
    started = interaction.extras.get("started")
    behind = f"{time.monotonic() - started:.1f} s after it reached the bot, " if started is not None else ""
    created = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    log.warning("too late to %s (%s%.1f s after the member sent it; Discord waits 3 s): %s", what, behind, created,
                describe(interaction))
    metrics = getattr(interaction.client, "metrics", None)
    if metrics is not None:
        metrics.late.labels(kind=interaction.type.name).inc()


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Tell the person what went wrong (privately); log anything that is not a refusal."""
    if expired(error):
        note_late(interaction, "answer")
        return
    lang = _lang(interaction)
    if isinstance(error, GameError):
        text = error_text(error, lang, interaction.extras.get("game"), await _names(interaction))
        log.info("refused (%s): %s", error.key, describe(interaction))
    else:
        log.error("unexpected error: %s", describe(interaction), exc_info=error)
        text = t("bot.unexpected", lang)
        metrics = getattr(interaction.client, "metrics", None)  # /metrics (issue 13 §5)
        if metrics is not None:
            metrics.errors.labels(kind=interaction.type.name).inc()
    try:
        await reply(interaction, text[:2000], ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell %s about an error", describe(interaction), exc_info=True)
