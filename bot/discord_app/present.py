"""Text for Discord messages: events with player names, mentions, the lobby card, the ranking,
all kept inside Discord's limits (2,000 characters of content, 25 choices, 100-character ids)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from games.core import Event, Game, Outcome
from games.registry import get_game
from service import Loaded, MoveResult, SeatRow, TableRow
from service import text as words

from .i18n import t

CONTENT_LIMIT = 2000
#: A status post, edited all through a stage, stays short enough to read at a glance (issue 10 §6);
#: older lines give way to "… N earlier".
STATUS_LIMIT = 1000
LABEL_LIMIT = 100
BUTTON_LABEL_LIMIT = 80


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """``text`` cut to ``limit`` characters (with an ellipsis when cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_lines(lines: Sequence[str], limit: int) -> str:
    """Join ``lines``, dropping the oldest ones (marked with "…") when they do not fit."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = clip(line, limit)
        if size + len(line) + 1 > limit - 2:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))


def newest_lines(lines: Sequence[str], limit: int) -> tuple[list[str], int]:
    """The newest of ``lines`` that fit in ``limit`` characters (joined by newlines), and how
    many older ones were left out."""
    kept: list[str] = []
    size = -1
    for line in reversed(lines):
        line = clip(line, limit)
        if size + 1 + len(line) > limit:
            break
        kept.append(line)
        size += 1 + len(line)
    return kept[::-1], len(lines) - len(kept)


def status_text(lines: Sequence[str], earlier: int, tail: str, lang: str, limit: int = CONTENT_LIMIT) -> str:
    """A status post: event ``lines`` (the newest that fit, after a "… N earlier" note when some
    are left out; ``earlier`` were already left out before) and then ``tail``."""
    room = limit - len(tail) - 1
    if not earlier and sum(len(line) + 1 for line in lines) <= room:
        return clip("\n".join([*lines, tail]) if lines else tail, limit)
    note_room = len(t("bot.turn.earlier", lang, count=10**6)) + 1
    kept, dropped = newest_lines(lines, max(0, room - note_room))
    note = t("bot.turn.earlier", lang, count=earlier + dropped)
    return clip("\n".join([note, *kept, tail]), limit)


def seat_names(seats: Sequence[SeatRow]) -> list[str]:
    """Display names by seat number (what images and summaries call the players)."""
    return words.seat_names(seats)


def game_name(game_id: str, lang: str) -> str:
    from games.registry import get_game

    try:
        return get_game(game_id).meta.name(lang)
    except KeyError:
        return game_id


def safe(name: str) -> str:
    """A person's name as message text, made inert once, here: plain (no invisible or
    direction-changing characters, no zalgo, at most 32 characters) with markdown and mentions
    escaped, so a name can neither ping anyone nor post a link."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(words.plain_name(name)))


def pings(text: str) -> discord.AllowedMentions:
    """Allow exactly the user mentions the bot itself wrote into ``text`` (``<@id>``; names are
    escaped by :func:`safe`, so no user text can add one), never roles or everyone."""
    users = [discord.Object(int(found)) for found in dict.fromkeys(re.findall(r"<@!?(\d{15,21})>", text))]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def describe_event(game: Game[Any, Any], event: Event, lang: str, names: Sequence[str]) -> str:
    """One event as a sentence, with seats shown as (bold) player names."""
    shown = [f"**{safe(name)}**" for name in names]
    return str(game.describe(event, lang, shown))


def event_lines(game: Game[Any, Any], events: Iterable[Event], viewer: int | None, lang: str,
                names: Sequence[str]) -> list[str]:
    """What ``viewer`` (``None``: everyone) may read about ``events``."""
    shown = [f"**{safe(name)}**" for name in names]
    return words.event_lines(game, events, viewer, lang, shown)


def result_lines(result: MoveResult, viewer: int | None, lang: str) -> list[str]:
    """The events of every step of a move result as seen by ``viewer``."""
    names = seat_names(result.loaded.seats)
    return event_lines(result.loaded.game, result.events(), viewer, lang, names)


def mention(seat: SeatRow) -> str:
    """``<@user>`` for a person, the plain name for a bot seat."""
    return f"<@{seat.user_id}>" if seat.user_id and not seat.is_bot else safe(seat.name)


def who(seats: Sequence[SeatRow], numbers: Iterable[int], *, ping: set[int] | None = None,
        acting: Mapping[int, str] | None = None) -> str:
    """Seats as a list: mentions for those in ``ping`` (all if ``None``), names for the rest; a
    seat acting for an entity (``acting``: ``Game.acting_label``) reads "Rio Grande (@Alice)"."""
    by_number = {s.seat: s for s in seats}
    parts = []
    for n in sorted(numbers):
        seat = by_number.get(n)
        if seat is None:
            shown = f"#{n + 1}"
        elif (ping is None or n in ping) and not seat.away:
            shown = mention(seat)
        else:
            shown = safe(seat.name) + (" 🏖" if seat.away else "")
        label = (acting or {}).get(n)
        parts.append(f"{label} ({shown})" if label else shown)
    return ", ".join(parts)


def acting_labels(loaded: Loaded, numbers: Iterable[int], lang: str) -> dict[int, str]:
    """``Game.acting_label`` of each seat that has one (the entity it acts for now)."""
    if loaded.state is None:
        return {}
    found = {n: loaded.game.acting_label(loaded.state, n, lang) for n in numbers}
    return {n: label for n, label in found.items() if label}


def ranking_lines(game: Game[Any, Any], outcome: Outcome, names: Sequence[str], lang: str) -> list[str]:
    """The final ranking with tie-break notes."""
    lines = ["**" + t("bot.result.title", lang) + "**"]
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    for place in words.standings(game, outcome, names, lang):
        lines.append(t("bot.result.line", lang, medal=medals.get(place.rank, "▫️"), rank=place.rank,
                       name=safe(place.name), score=place.score))
    lines += ["_" + line + "_" for line in words.reasons(game, outcome, names, lang)]
    return lines


def options_text(table: TableRow) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(table.options.items())) or "-"


def lobby_embed(table: TableRow, seats: Sequence[SeatRow], lang: str) -> discord.Embed:
    """The lobby card: title, seats taken and free, options, status."""
    total = int(table.settings.get("seats") or len(seats))
    by_number = {s.seat: s for s in seats}
    lines = []
    for n in range(max(total, len(seats))):
        seat = by_number.get(n)
        if seat is None:
            lines.append(f"{n + 1}. —")
        else:
            lines.append(f"{n + 1}. " + ("🤖 " + safe(seat.name) if seat.is_bot else
                                         f"{safe(seat.name)} (<@{seat.user_id}>)"))
    embed = discord.Embed(title=clip(t("bot.lobby.title", lang, game=game_name(table.game_id, lang), table=table.id),
                                     256),
                          description=clip("\n".join(lines), 4000),
                          colour=discord.Colour.blurple() if table.status == "lobby" else discord.Colour.green())
    embed.add_field(name=t("bot.lobby.options", lang), value=clip(options_text(table), 1024), inline=False)
    given = get_game(table.game_id).default_orders(table.options) if table.status == "lobby" else ()
    if given:  # players hear before the deal what plays for them, and may cancel it (ruling R34)
        embed.add_field(name=t("bot.lobby.orders", lang), inline=False, value=clip("\n".join(
            f"`{token}` — {t('bot.order.by_default', lang, token=token)}" for token in given), 1024))
    embed.add_field(name=t("bot.lobby.status", lang), value=t(f"bot.status.{table.status}", lang), inline=True)
    if table.creator:
        embed.add_field(name=t("bot.lobby.creator", lang), value=f"<@{table.creator}>", inline=True)
    embed.set_footer(text=clip(t("bot.lobby.footer" if table.status == "lobby" else "bot.lobby.footer_started",
                                 lang), 2048))
    return embed


def table_heading(loaded: Loaded, lang: str) -> str:
    return t("bot.board.caption", lang, table=loaded.table.id, game=loaded.game.meta.name(lang))


def public_lang(table: TableRow) -> str:
    """The language of a table's public messages (``/settings language`` can change it)."""
    from games.core import normalise_lang

    return normalise_lang(str(table.settings.get("language") or table.language))
