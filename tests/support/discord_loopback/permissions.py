"""The bot's own permissions, enforced as Discord does (issue 10 §11): a request the bot makes
without a permission it needs is answered 403 ``50013 Missing Permissions``.

The bot's role in every guild grants everything unless a test narrows it with
:meth:`LoopbackDiscord.set_bot_permissions` (e.g. to exactly the list ``docs/discord.md`` asks
server admins for). Permissions are guild-wide here (no channel overwrites); a thread's are its
parent's. Which permission each route needs follows Discord's API reference."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ._util import ApiError

if TYPE_CHECKING:
    from .model import Channel

MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

#: Discord's names, for the error's message (what a log reader sees).
NAMES = {MANAGE_CHANNELS: "Manage Channels", ADD_REACTIONS: "Add Reactions", VIEW_CHANNEL: "View Channel",
         SEND_MESSAGES: "Send Messages", MANAGE_MESSAGES: "Manage Messages", EMBED_LINKS: "Embed Links",
         ATTACH_FILES: "Attach Files", READ_MESSAGE_HISTORY: "Read Message History",
         MANAGE_THREADS: "Manage Threads", CREATE_PUBLIC_THREADS: "Create Public Threads",
         CREATE_PRIVATE_THREADS: "Create Private Threads", SEND_MESSAGES_IN_THREADS: "Send Messages in Threads"}

PRIVATE_THREAD_TYPE = 12


def required(method: str, template: str, channel: Channel | None, body: Any, has_files: bool,
             message_author: int | None, bot_id: int) -> int:
    """The permissions the bot needs for ``method template`` on ``channel`` (0: none)."""
    body = body if isinstance(body, Mapping) else {}
    thread = channel is not None and channel.is_thread
    need = 0
    if template == "/channels/{channel_id}/messages" and method == "POST":
        need = VIEW_CHANNEL | (SEND_MESSAGES_IN_THREADS if thread else SEND_MESSAGES)
        need |= (EMBED_LINKS if body.get("embeds") else 0) | (ATTACH_FILES if has_files else 0)
    elif template == "/channels/{channel_id}/messages/{message_id}" and method == "PATCH":
        need = VIEW_CHANNEL | (EMBED_LINKS if body.get("embeds") else 0) | (ATTACH_FILES if has_files else 0)
    elif template in ("/channels/{channel_id}/messages", "/channels/{channel_id}/messages/{message_id}") \
            and method == "GET":
        need = VIEW_CHANNEL | READ_MESSAGE_HISTORY
    elif template == "/channels/{channel_id}/messages/{message_id}" and method == "DELETE":
        need = VIEW_CHANNEL | (0 if message_author == bot_id else MANAGE_MESSAGES)
    elif template == "/channels/{channel_id}/threads" and method == "POST":
        private = int(body.get("type") or 0) == PRIVATE_THREAD_TYPE
        need = VIEW_CHANNEL | (CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS)
    elif template == "/channels/{channel_id}/messages/{message_id}/threads" and method == "POST":
        need = VIEW_CHANNEL | CREATE_PUBLIC_THREADS
    elif template == "/channels/{channel_id}/thread-members/{user_id}" and method in ("PUT", "DELETE"):
        need = VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS
    elif template == "/channels/{channel_id}" and method in ("PATCH", "DELETE"):
        if thread and channel is not None and channel.owner_id == bot_id and method == "PATCH":
            need = VIEW_CHANNEL  # the thread's creator archives and renames it
        else:
            need = VIEW_CHANNEL | (MANAGE_THREADS if thread else MANAGE_CHANNELS)
    elif template == "/guilds/{guild_id}/channels" and method == "POST":
        need = MANAGE_CHANNELS
    elif "/reactions/" in template:
        need = VIEW_CHANNEL | READ_MESSAGE_HISTORY | ADD_REACTIONS
    elif "/pins/" in template:
        need = VIEW_CHANNEL | MANAGE_MESSAGES
    return need


def check(granted: int, need: int) -> None:
    """Refuse as Discord does when ``need`` is not all in ``granted``."""
    missing = need & ~granted
    if missing:
        names = ", ".join(name for bit, name in NAMES.items() if missing & bit)
        raise ApiError(403, 50013, f"Missing Permissions ({names})")
