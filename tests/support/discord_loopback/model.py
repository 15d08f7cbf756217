"""The data the loopback server keeps: users, guilds, channels, messages and attachments.

Every record knows how to render itself as the JSON payload Discord would send, so the
same objects feed the REST API, the gateway and the test assertions.
"""

from __future__ import annotations

import copy
import datetime as _dt
import enum
import mimetypes
import struct
from dataclasses import dataclass, field
from typing import Any

from ._util import (
    EPHEMERAL,
    LOADING,
    MEMBER_PERMISSIONS,
    iso,
    snowflake_time,
    utcnow,
    walk_components,
)


class ChannelType(enum.IntEnum):
    """Discord channel types used by the loopback server."""

    GUILD_TEXT = 0
    DM = 1
    GUILD_VOICE = 2
    GUILD_CATEGORY = 4
    GUILD_ANNOUNCEMENT = 5
    ANNOUNCEMENT_THREAD = 10
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12
    GUILD_FORUM = 15


THREAD_TYPES = frozenset(
    {ChannelType.ANNOUNCEMENT_THREAD, ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD}
)


@dataclass
class UserRecord:
    """A Discord user (human or bot)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    avatar: str | None = None
    joined_at: _dt.datetime = field(default_factory=utcnow)
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    accepts_dms: bool = True

    @property
    def display_name(self) -> str:
        """Name shown in the client (nick, then global name, then username)."""
        return self.nick or self.global_name or self.username

    def to_payload(self) -> dict[str, Any]:
        """User object payload."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": self.avatar,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def member_payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        """Guild member payload (optionally with the resolved ``permissions`` of interactions)."""
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.to_payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class Role:
    """A guild role."""

    id: int
    name: str
    permissions: int = MEMBER_PERMISSIONS
    position: int = 0
    managed: bool = False

    def to_payload(self) -> dict[str, Any]:
        """Role payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Channel:
    """A guild channel, category, thread or DM channel."""

    id: int
    name: str
    type: ChannelType
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    rate_limit_per_user: int = 0
    member_ids: set[int] = field(default_factory=set)
    recipient_id: int | None = None
    last_message_id: int | None = None
    message_count: int = 0
    created_at: _dt.datetime = field(default_factory=utcnow)

    @property
    def is_thread(self) -> bool:
        """Whether this channel is a thread."""
        return self.type in THREAD_TYPES

    @property
    def is_private_thread(self) -> bool:
        """Whether this channel is a private thread (only members can see it)."""
        return self.type == ChannelType.PRIVATE_THREAD

    @property
    def mention(self) -> str:
        """Channel mention markup."""
        return f"<#{self.id}>"

    def to_payload(
        self, *, permissions: int | None = None, recipient: UserRecord | None = None
    ) -> dict[str, Any]:
        """Channel payload; ``permissions`` is added for interaction/resolved contexts."""
        if self.type == ChannelType.DM:
            data: dict[str, Any] = {
                "id": str(self.id),
                "type": int(self.type),
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "recipients": [recipient.to_payload()] if recipient else [],
                "flags": 0,
            }
            if permissions is not None:
                data["permissions"] = str(permissions)
            return data
        data = {
            "id": str(self.id),
            "type": int(self.type),
            "guild_id": str(self.guild_id) if self.guild_id else None,
            "name": self.name,
            "position": self.position,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "permission_overwrites": [],
            "nsfw": False,
            "rate_limit_per_user": self.rate_limit_per_user,
            "flags": 0,
        }
        if self.type in (ChannelType.GUILD_TEXT, ChannelType.GUILD_ANNOUNCEMENT, ChannelType.GUILD_FORUM):
            data["topic"] = self.topic
            data["last_message_id"] = str(self.last_message_id) if self.last_message_id else None
            data["default_auto_archive_duration"] = 1440
        if self.is_thread:
            data.pop("permission_overwrites")
            data.pop("position")
            data["owner_id"] = str(self.owner_id) if self.owner_id else None
            data["last_message_id"] = str(self.last_message_id) if self.last_message_id else None
            data["message_count"] = self.message_count
            data["total_message_sent"] = self.message_count
            data["member_count"] = min(len(self.member_ids), 50)
            data["thread_metadata"] = {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": iso(self.created_at),
                "locked": self.locked,
                "invitable": self.invitable,
                "create_timestamp": iso(self.created_at),
            }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class Guild:
    """A guild (server) with its roles, channels and members."""

    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
    joined_at: _dt.datetime = field(default_factory=utcnow)

    @property
    def everyone_role_id(self) -> int:
        """The @everyone role shares the guild's id."""
        return self.id


@dataclass
class Attachment:
    """A stored file; the bytes are kept so tests can inspect exactly what was uploaded."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    ephemeral: bool = False
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)

    @classmethod
    def create(
        cls,
        attachment_id: int,
        filename: str,
        data: bytes,
        url: str,
        *,
        content_type: str | None = None,
        description: str | None = None,
        ephemeral: bool = False,
    ) -> Attachment:
        """Build an attachment, guessing the content type and image size when possible."""
        if not content_type or content_type == "application/octet-stream":
            content_type = mimetypes.guess_type(filename)[0] or content_type or "application/octet-stream"
        width = height = None
        if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
            width, height = struct.unpack(">II", data[16:24])
        return cls(
            id=attachment_id,
            filename=filename,
            data=data,
            url=url,
            content_type=content_type,
            description=description,
            ephemeral=ephemeral,
            width=width,
            height=height,
        )

    def to_payload(self) -> dict[str, Any]:
        """Attachment payload."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data["width"] = self.width
            data["height"] = self.height
        if self.ephemeral:
            data["ephemeral"] = True
        return data


@dataclass
class MessageRevision:
    """A previous version of an edited message."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachment_ids: list[int]
    flags: int
    edited_at: _dt.datetime


@dataclass
class Message:
    """A message as stored by the server, with who may see it.

    ``visible_to`` is ``None`` for public messages, or the id of the only user who can see an
    ephemeral interaction response.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: UserRecord
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    visible_to: int | None = None
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    message_reference: dict[str, Any] | None = None
    thread_id: int | None = None
    poll: dict[str, Any] | None = None
    tts: bool = False
    edited_at: _dt.datetime | None = None
    deleted: bool = False
    revisions: list[MessageRevision] = field(default_factory=list)
    reactions: dict[str, set[int]] = field(default_factory=dict)
    pinned: bool = False
    #: Users Discord notified when the message was created (see ``server.pinged_users``).
    pinged: set[int] = field(default_factory=set)

    @property
    def created_at(self) -> _dt.datetime:
        """Creation time (from the snowflake)."""
        return snowflake_time(self.id)

    @property
    def ephemeral(self) -> bool:
        """Whether only one user can see this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is an unresolved deferred response ("... is thinking")."""
        return bool(self.flags & LOADING)

    @property
    def custom_ids(self) -> list[str]:
        """Every ``custom_id`` present in the message's components."""
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        """Return the component with ``custom_id``, or ``None``."""
        for component in walk_components(self.components):
            if component.get("custom_id") == custom_id:
                return component
        return None

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """All button components (type 2)."""
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    @property
    def text(self) -> str:
        """Content plus the text of embeds and text-display components, for easy assertions."""
        parts = [self.content]
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for fld in embed.get("fields", []):
                parts.append(f"{fld.get('name', '')}: {fld.get('value', '')}")
            footer = embed.get("footer") or {}
            if footer.get("text"):
                parts.append(str(footer["text"]))
        for component in walk_components(self.components):
            if component.get("type") == 10 and component.get("content"):
                parts.append(str(component["content"]))
        return "\n".join(p for p in parts if p)

    def attachment(self, filename: str) -> Attachment:
        """Return the attachment called ``filename`` (raises ``KeyError`` when absent)."""
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise KeyError(
            f"message {self.id} has no attachment {filename!r}; has {[a.filename for a in self.attachments]}"
        )

    def snapshot(self) -> MessageRevision:
        """Capture the current version before an edit."""
        return MessageRevision(
            content=self.content,
            embeds=copy.deepcopy(self.embeds),
            components=copy.deepcopy(self.components),
            attachment_ids=[a.id for a in self.attachments],
            flags=self.flags,
            edited_at=self.edited_at or self.created_at,
        )

    def to_payload(
        self, *, member: dict[str, Any] | None = None, include_content: bool = True
    ) -> dict[str, Any]:
        """Message payload as returned by REST and sent in MESSAGE_CREATE."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_payload(),
            "content": self.content if include_content else "",
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at),
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_payload() for a in self.attachments] if include_content else [],
            "embeds": copy.deepcopy(self.embeds) if include_content else [],
            "components": copy.deepcopy(self.components) if include_content else [],
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if member is not None:
            data["member"] = member
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = copy.deepcopy(self.interaction_metadata)
        if self.message_reference is not None:
            data["message_reference"] = dict(self.message_reference)
        if self.poll is not None and include_content:
            data["poll"] = copy.deepcopy(self.poll)
        if self.reactions:
            data["reactions"] = [
                {
                    "emoji": {"id": None, "name": emoji},
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": self.author.id in users,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for emoji, users in self.reactions.items()
                if users
            ]
        return data

    def __repr__(self) -> str:
        flags = []
        if self.ephemeral:
            flags.append(f"ephemeral->{self.visible_to}")
        if self.loading:
            flags.append("loading")
        if self.deleted:
            flags.append("deleted")
        extra = f" [{', '.join(flags)}]" if flags else ""
        files = f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        return (
            f"<Message id={self.id} channel={self.channel_id} author={self.author.username!r}"
            f" content={self.content!r}{files}{extra}>"
        )
