"""Edits of public posts, queued and coalesced per message.

Discord limits message edits (about 5 per 5 seconds per channel) and answers 429 beyond that;
discord.py then waits and retries. A table's status post is edited after every move, so a burst
of moves would queue edits that each wait their turn, and a move that waited for its edit while
holding the table's lock would make every other move of the table wait too.

So an edit is *submitted*, not awaited: one worker per message makes the edits one at a time,
and while an edit is waiting (for the rate limit, or simply in flight) a newer edit of the same
message replaces the one still to be made: the newest content, view and image win, and the
edits in between are never sent. When an edit is refused (the post was deleted, its thread
archived...), the edit's ``lost`` callback runs, which may post the same content anew and return
the new message's id: later edits of the old message go to the new one.
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

log = logging.getLogger("tabula.discord")

QUIET = discord.AllowedMentions.none()


@dataclass
class Edit:
    """One edit of a message: its text, its view (``discord.utils.MISSING``: keep the
    components) and, when not ``None``, the files that replace its attachments (name, bytes)."""

    content: str
    view: Any = discord.utils.MISSING
    files: list[tuple[str, bytes]] | None = None
    #: Called (in the worker) when Discord refuses the edit; returns the id of a message that
    #: replaces the lost one (later edits go there), or ``None``.
    lost: Callable[[Edit], Awaitable[int | None]] | None = None

    def discord_files(self) -> list[discord.File]:
        return [discord.File(io.BytesIO(data), filename=name) for name, data in self.files or ()]


@dataclass
class _Slot:
    channel: discord.abc.Messageable
    message_id: int
    pending: Edit | None = None
    task: asyncio.Task[None] | None = None
    done: list[asyncio.Future[None]] = field(default_factory=list)


class MessageEdits:
    """The edit queue of one bot: at most one edit in flight per message, newer ones coalesced."""

    def __init__(self) -> None:
        self._slots: dict[int, _Slot] = {}
        self._moved: dict[int, int] = {}
        #: How many edits were submitted and how many were made (sent to Discord), for the logs.
        self.submitted = 0
        self.sent = 0

    def current_id(self, message_id: int) -> int:
        """The message that now stands for ``message_id`` (after reposts of lost messages)."""
        seen = set()
        while message_id in self._moved and message_id not in seen:
            seen.add(message_id)
            message_id = self._moved[message_id]
        return message_id

    def submit(self, channel: discord.abc.Messageable, message_id: int, edit: Edit) -> None:
        """Queue ``edit`` of ``message_id``; it replaces an edit of that message not yet made."""
        self.submitted += 1
        key = self.current_id(message_id)
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = _Slot(channel, key)
        if slot.pending is not None:
            log.debug("edit of message %s coalesced with a newer one", key)
        slot.pending = edit
        if slot.task is None or slot.task.done():
            slot.task = asyncio.create_task(self._work(key, slot), name=f"edit-{key}")

    async def flush(self, message_id: int | None = None) -> None:
        """Wait until the edits of ``message_id`` (default: of every message) are made."""
        keys = [self.current_id(message_id)] if message_id is not None else list(self._slots)
        tasks = [s.task for k in keys if (s := self._slots.get(k)) is not None and s.task is not None]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    def busy(self) -> bool:
        return any(s.task is not None and not s.task.done() for s in self._slots.values())

    async def _work(self, key: int, slot: _Slot) -> None:
        try:
            while slot.pending is not None:
                edit, slot.pending = slot.pending, None
                await self._make(slot, edit)
        except Exception:  # never lose the worker silently
            log.exception("the edits of message %s failed", key)
        finally:
            if slot.pending is None and self._slots.get(key) is slot:
                del self._slots[key]

    async def _make(self, slot: _Slot, edit: Edit) -> None:
        target = slot.channel.get_partial_message(slot.message_id)  # type: ignore[attr-defined]
        self.sent += 1
        try:
            if edit.files is not None:
                await target.edit(content=edit.content, view=edit.view, attachments=edit.discord_files(),
                                  allowed_mentions=QUIET)
            else:
                await target.edit(content=edit.content, view=edit.view, allowed_mentions=QUIET)
        except discord.HTTPException as error:
            log.info("could not edit message %s (%s)", slot.message_id, error)
            if edit.lost is None:
                return
            newer = await edit.lost(edit)
            if newer is not None:
                self._moved[slot.message_id] = newer
                self._slots.pop(slot.message_id, None)
                slot.message_id = newer
                self._slots[newer] = slot


_QUEUES: weakref.WeakKeyDictionary[Any, MessageEdits] = weakref.WeakKeyDictionary()


def edits_of(owner: Any) -> MessageEdits:
    """The edit queue of ``owner`` (the bot's runtime): one per bot process."""
    found = _QUEUES.get(owner)
    if found is None:
        found = _QUEUES[owner] = MessageEdits()
    return found
