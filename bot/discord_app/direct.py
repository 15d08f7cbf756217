"""Reminders by direct message, for members who asked for them with ``/settings dm`` (issue 10
§10): whenever a table pings them for a new step, and with each idle reminder, they also get a
short DM naming the table, what is asked and a link to the post. Sent in the background, so no
table lock waits on Discord; a member whose DMs are closed is simply not messaged."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import discord

from .i18n import t
from .present import clip, game_name

if TYPE_CHECKING:
    from service import SeatRow, TableRow

    from .runtime import Runtime

log = logging.getLogger("tabula.discord.dm")

#: DMs under way (kept so they are not collected before they finish).
_SENDING: set[asyncio.Task[None]] = set()


def remind_by_dm(rt: Runtime, table: TableRow, seats: Sequence[SeatRow], asked_seats: Iterable[int], asked: str,
                 link: str | None) -> None:
    """DM the people in ``asked_seats`` (of ``seats``, the table's) who asked for it that
    ``table`` waits for them (``asked``: what is asked of them; ``link``: the post to jump to),
    each in their own language at the table, else the table's."""
    wanted = set(asked_seats)
    people = {s.user_id: s.language or table.language or "en" for s in seats
              if s.seat in wanted and s.user_id and not s.is_bot}
    if not people:
        return
    task = asyncio.get_running_loop().create_task(_send(rt, table, people, asked, link))
    _SENDING.add(task)
    task.add_done_callback(_SENDING.discard)


async def _send(rt: Runtime, table: TableRow, people: dict[str, str], asked: str, link: str | None) -> None:
    try:
        chosen = await rt.call(rt.service.wants_dm, list(people))
    except Exception:
        log.exception("could not read who wants reminders by DM (table %s)", table.id)
        return
    for user_id in sorted(chosen):
        lang = people[user_id]
        text = clip(t("bot.dm.turn", lang, table=table.id, game=game_name(table.game_id, lang), asked=asked,
                      link=link or (f"<#{table.channel_id}>" if table.channel_id else "")))
        try:
            user = rt.bot.get_user(int(user_id)) or await rt.bot.fetch_user(int(user_id))
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:  # DMs closed, or the member left Discord
            log.info("could not DM %s about table %s: %s", user_id, table.id, error)
