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

A newer edit keeps what it leaves unset from the edit it replaces: an edit that only swaps the
image (:meth:`MessageEdits.attach`) and a text edit still waiting become one edit with both.

New posts go through the queue too (:meth:`MessageEdits.post`, issue 19 §5): a post is made by
its own worker, never while the table's lock is held, after the queued edits of the post it
replaces; until Discord answers, it has a provisional (negative) id, and edits and images
submitted for that id are made once it is posted, on the real message.

The reply never waits long for drawing (issue 13 §2): a status post goes out, or is edited, with
its text within a short grace (:attr:`MessageEdits.grace`, issue 25 §1) and its board with it if
drawn by then, else the board is attached by a later edit when drawn. Each text carries the
table's version; an image drawn for a version is attached only while the message's latest text
is of that version, so a post never ends up with a board older than its text (issue 10 §2: the
image of the newest text is on its way, and arrives last).
"""

from __future__ import annotations

import asyncio
import io
import itertools
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

import discord

log = logging.getLogger("tabula.discord")

QUIET = discord.AllowedMentions.none()

#: Messages whose latest text is remembered for :meth:`MessageEdits.attach` (the newest ones).
REMEMBERED = 4096

Files = list[tuple[str, bytes]]


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
    #: The table version the text is of (``None``: the same as the message's previous text).
    version: int | None = None
    #: Images of this text are being drawn: the edit waits for them a short while (see
    #: :attr:`MessageEdits.grace`) so that both go out in one call.
    images: bool = False

    def after(self, older: Edit) -> Edit:
        """This edit made in place of ``older`` (not yet made): what this one leaves unset (the
        components, the attachments) is kept from ``older``."""
        return replace(self, view=older.view if self.view is discord.utils.MISSING else self.view,
                       files=older.files if self.files is None else self.files)

    def discord_files(self) -> list[discord.File]:
        return [discord.File(io.BytesIO(data), filename=name) for name, data in self.files or ()]

    async def make(self, message: discord.Message | discord.PartialMessage) -> None:
        """Edit ``message`` to this (pinging nobody); its attachments are replaced only when this
        edit carries files."""
        if self.files is not None:
            await message.edit(content=self.content, view=self.view, attachments=self.discord_files(),
                               allowed_mentions=QUIET)
        else:
            await message.edit(content=self.content, view=self.view, allowed_mentions=QUIET)


@dataclass
class Post:
    """A new message to post through the queue: its first text (an :class:`Edit`), whom it may
    ping, the message whose queued edits are made first (the post it replaces), and what to do
    once it is posted (``posted``: the message) or refused (``failed``: the error)."""

    edit: Edit
    mentions: discord.AllowedMentions = QUIET
    after: int | None = None
    posted: Callable[[discord.Message], Awaitable[None]] | None = None
    failed: Callable[[discord.HTTPException], Awaitable[None]] | None = None


@dataclass
class _Slot:
    channel: discord.abc.Messageable
    message_id: int
    pending: Edit | None = None
    posting: Post | None = None
    task: asyncio.Task[None] | None = None
    done: list[asyncio.Future[None]] = field(default_factory=list)


class MessageEdits:
    """The edit queue of one bot: at most one edit in flight per message, newer ones coalesced."""

    def __init__(self, grace: float = 0.0) -> None:
        #: Seconds a post or edit whose images are being drawn (``Edit.images``) waits for them
        #: before going out with its text alone (0: never waits).
        self.grace = grace
        #: Per message: set once the images being drawn for it are attached (or failed).
        self._drawing: dict[int, asyncio.Event] = {}
        #: Per message: the table version whose images were last drawn for it (or failed), so that a
        #: post or edit of that version reaching its grace after the drawing ended does not wait.
        self._drawn: OrderedDict[int, int] = OrderedDict()
        self._slots: dict[int, _Slot] = {}
        self._moved: dict[int, int] = {}
        #: The latest text (and components, version, ``lost``) of each message, without files.
        self._last: OrderedDict[int, Edit] = OrderedDict()
        self._attaching: set[asyncio.Task[None]] = set()
        self._provisional = itertools.count(1)
        #: The table version of the images each message shows (attached by :meth:`attach`).
        self._shown: dict[int, int | None] = {}
        #: Queued posts not yet made (or refused), by provisional id.
        self._unposted: dict[int, asyncio.Event] = {}
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

    def posted(self, message_id: int, edit: Edit) -> None:
        """Note the text of a message just posted (not through this queue), for :meth:`attach`."""
        self._remember(message_id, edit)

    def _remember(self, message_id: int, edit: Edit) -> None:
        self._last[message_id] = replace(edit, files=None)
        self._last.move_to_end(message_id)
        while len(self._last) > REMEMBERED:
            forgotten, _ = self._last.popitem(last=False)
            self._shown.pop(forgotten, None)

    def provisional(self) -> int:
        """A new provisional id (negative) for a post to queue with :meth:`post`."""
        return -next(self._provisional)

    def post(self, channel: discord.abc.Messageable, post: Post, key: int | None = None) -> int:
        """Queue a new message and return its provisional id (``key``, else a new one), which
        stands for it in :meth:`submit`, :meth:`attach` and :meth:`current_id`, and for the
        real message once it is posted. The post is made after the queued edits of
        ``post.after``; edits submitted meanwhile are made after it (never folded into it, so its
        mentions ping as they were written)."""
        key = self.provisional() if key is None else key
        self._unposted[key] = asyncio.Event()
        self._remember(key, post.edit)
        slot = self._slots[key] = _Slot(channel, key, posting=post)
        slot.task = asyncio.create_task(self._work(key, slot), name=f"post-{key}")
        return key

    async def wait_posted(self, message_id: int) -> None:
        """Wait until the queued post ``message_id`` is made or refused (at once for any other
        message): a move's reply follows its post, outside the table's lock."""
        event = self._unposted.get(message_id)
        if event is not None:
            await event.wait()

    def known(self, message_id: int) -> bool:
        """Whether ``message_id`` is a real message id, or a provisional one of this process."""
        return message_id > 0 or message_id in self._moved or message_id in self._slots

    def submit(self, channel: discord.abc.Messageable, message_id: int, edit: Edit) -> None:
        """Queue ``edit`` of ``message_id``; it replaces an edit of that message not yet made."""
        self.submitted += 1
        key = self.current_id(message_id)
        last = self._last.get(key)
        if edit.version is None and last is not None:
            edit = replace(edit, version=last.version)
        self._remember(key, edit)
        if edit.files == []:
            self._shown.pop(key, None)
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = _Slot(channel, key)
        if slot.pending is not None:
            log.debug("edit of message %s coalesced with a newer one", key)
            edit = edit.after(slot.pending)
        slot.pending = edit
        if slot.task is None or slot.task.done():
            slot.task = asyncio.create_task(self._work(key, slot), name=f"edit-{key}")

    def attach(self, channel: discord.abc.Messageable, message_id: int, version: int, files: Files) -> bool:
        """Queue an edit that replaces the attachments of ``message_id`` with ``files`` (drawn for
        table ``version``), if the message's latest text is of that version; else the images are
        stale (a newer text's images are on their way) and dropped: ``False``."""
        key = self.current_id(message_id)
        last = self._last.get(key)
        if last is None or last.version != version:
            log.debug("images of version %s for message %s dropped: its text is of %s", version, key,
                      None if last is None else last.version)
            return False
        self.submit(channel, key, replace(last, files=files))
        self._shown[key] = version
        return True

    def stale_images(self, message_id: int) -> bool:
        """Whether ``message_id`` shows images of an older version than its latest text (the
        images of that text gave way to a newer post's before they were drawn)."""
        key = self.current_id(message_id)
        last = self._last.get(key)
        return key in self._shown and last is not None and self._shown[key] != last.version

    def attach_later(self, channel: discord.abc.Messageable, message_id: int, version: int,
                     files: Awaitable[Files]) -> None:
        """:meth:`attach` the ``files`` once drawn, in the background (nothing when none are)."""

        key = self.current_id(message_id)
        done = self._drawing_of(key)

        async def attach() -> None:
            try:
                drawn = await files
            except Exception:
                log.exception("could not draw the images of message %s", message_id)
                return
            finally:
                done.set()
                if self._drawing.get(key) is done:
                    del self._drawing[key]
                self._drawn[key] = version
                self._drawn.move_to_end(key)
                while len(self._drawn) > 4096:
                    self._drawn.popitem(last=False)
            if drawn:
                self.attach(channel, message_id, version, drawn)

        task = asyncio.create_task(attach(), name=f"attach-{message_id}")
        self._attaching.add(task)
        task.add_done_callback(self._attaching.discard)

    def _drawing_of(self, key: int) -> asyncio.Event:
        found = self._drawing.get(key)
        if found is None:
            found = self._drawing[key] = asyncio.Event()
        return found

    async def _grace(self, key: int, edit: Edit) -> None:
        """Give the images being drawn for ``edit``'s text a short while to join it."""
        if not edit.images or edit.files is not None or self.grace <= 0:
            return
        if key not in self._drawing and edit.version is not None and self._drawn.get(key) == edit.version:
            return  # drawn (and attached, or failed) while the post waited for the post it replaces
        try:
            await asyncio.wait_for(self._drawing_of(key).wait(), self.grace)
        except TimeoutError:
            log.debug("message %s goes out before its images", key)

    async def settle(self) -> None:
        """Wait until every image being drawn for a message is attached and every edit made."""
        while self._attaching or self.busy():
            await asyncio.gather(*self._attaching, return_exceptions=True)
            await self.flush()

    async def flush(self, message_id: int | None = None) -> None:
        """Wait until the edits of ``message_id`` (default: of every message) are made."""
        keys = [self.current_id(message_id)] if message_id is not None else list(self._slots)
        tasks = [s.task for k in keys if (s := self._slots.get(k)) is not None and s.task is not None]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def flush_channel(self, channel_id: int) -> None:
        """Wait until the queued posts and edits of the messages of ``channel_id`` are made."""
        while tasks := [s.task for s in self._slots.values() if s.task is not None and not s.task.done()
                        and getattr(s.channel, "id", None) == channel_id]:
            await asyncio.gather(*tasks, return_exceptions=True)

    def busy(self) -> bool:
        return any(s.task is not None and not s.task.done() for s in self._slots.values())

    async def _work(self, key: int, slot: _Slot) -> None:
        try:
            if slot.posting is not None:
                posting, slot.posting = slot.posting, None
                if not await self._post(slot, posting):
                    slot.pending = None  # nothing to edit: the post was refused
            while slot.pending is not None:
                await self._grace(slot.message_id, slot.pending)
                edit, slot.pending = slot.pending, None
                if edit is None:
                    break
                await self._make(slot, edit)
        except Exception:  # never lose the worker silently
            log.exception("the edits of message %s failed", key)
        finally:
            if slot.pending is None and self._slots.get(slot.message_id) is slot:
                del self._slots[slot.message_id]

    async def _post(self, slot: _Slot, post: Post) -> bool:
        """Make the queued ``post`` (after the edits of ``post.after``); its provisional id then
        stands for the new message."""
        key = slot.message_id
        try:
            return await self._send(slot, post)
        finally:
            event = self._unposted.pop(key, None)
            if event is not None:
                event.set()

    async def _send(self, slot: _Slot, post: Post) -> bool:
        if post.after is not None:
            await self.flush(post.after)
        edit = post.edit
        await self._grace(slot.message_id, edit)
        pending = slot.pending
        if (pending is not None and pending.files is not None and pending.content == edit.content
                and pending.version == edit.version and pending.view is edit.view):
            # the images of this very text were drawn in time: they go out with it (issue 25 §1)
            edit, slot.pending = replace(edit, files=pending.files), None
        self.sent += 1
        try:
            message = await slot.channel.send(edit.content, files=edit.discord_files(),
                                              view=edit.view or discord.utils.MISSING,
                                              allowed_mentions=post.mentions)
        except discord.HTTPException as error:
            self._last.pop(slot.message_id, None)  # nothing to attach images to
            if post.failed is not None:
                await post.failed(error)
            return False
        self._rekey(slot, message.id)
        if post.posted is not None:
            await post.posted(message)
        return True

    def _rekey(self, slot: _Slot, newer: int) -> None:
        """``newer`` stands for ``slot``'s message from now on (posted, or reposted when lost)."""
        self._moved[slot.message_id] = newer
        if slot.message_id in self._last:
            self._remember(newer, self._last.pop(slot.message_id))
        if slot.message_id in self._shown:
            self._shown[newer] = self._shown.pop(slot.message_id)
        self._slots.pop(slot.message_id, None)
        slot.message_id = newer
        self._slots[newer] = slot

    async def _make(self, slot: _Slot, edit: Edit) -> None:
        target = slot.channel.get_partial_message(slot.message_id)  # type: ignore[attr-defined]
        self.sent += 1
        try:
            await edit.make(target)
        except discord.HTTPException as error:
            log.info("could not edit message %s (%s)", slot.message_id, error)
            if edit.lost is None:
                return
            newer = await edit.lost(edit)
            if newer is not None:
                self._rekey(slot, newer)


_QUEUES: weakref.WeakKeyDictionary[Any, MessageEdits] = weakref.WeakKeyDictionary()


def edits_of(owner: Any) -> MessageEdits:
    """The edit queue of ``owner`` (the bot's runtime): one per bot process."""
    found = _QUEUES.get(owner)
    if found is None:
        config = getattr(owner, "config", None)
        grace = float(getattr(config, "image_grace_ms", 0.0) or 0.0) / 1000
        found = _QUEUES[owner] = MessageEdits(grace)
    return found
