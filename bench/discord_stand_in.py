"""Stand-ins for the few Discord objects the adapter's ``/move`` touches, for the load benchmark (issue 13 §1).

The benchmark runs the adapter's own code (``Play.move``, ``publish``, ``Runtime``, ``Images``); only what
would cross the network is replaced: the interaction (its acknowledgement and follow-up are clocked), the
bot (it hands out channels) and each table's channel (its posts and edits are clocked, with whether they
carry a board image). Nothing is sent anywhere.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from .network import NetworkModel, Rest, uploaded

#: Ids of the stand-in messages (any large number will do: Discord's are snowflakes).
_MESSAGE_IDS = itertools.count(900_000_000_000)

#: What an image attachment's file name starts with, as ``bot.discord_app.boards`` names them.
IMAGE_PREFIXES = ("board-", "result-")


@dataclass
class Post:
    """One post or edit in a table's channel: when, which message, whether it was an edit, whether it
    carried the step's text (a new post, or an edit of the status post; not the edit that retires an old
    post) and whether it carried a board or result image."""

    at: float
    message_id: int
    edit: bool
    text: bool
    image: bool


def _has_image(files: Any) -> bool:
    return any(str(getattr(f, "filename", "") or "").startswith(IMAGE_PREFIXES) for f in files or ())


class StandInMessage:
    """A message of a :class:`StandInChannel`: only its id and ``edit`` (clocked)."""

    def __init__(self, channel: StandInChannel, message_id: int) -> None:
        self.channel = channel
        self.id = message_id

    async def edit(self, *, content: Any = None, view: Any = None, attachments: Any = None,
                   **_: Any) -> StandInMessage:
        import discord

        await self.channel.rest.call("PATCH /channels/{channel}/messages/{message}", self.channel.id,
                                     uploaded(attachments))
        # the status post's edit carries the step's view; the edit that retires a post keeps its view
        text = content is not None and view is not None and view is not discord.utils.MISSING
        self.channel.record(self.id, edit=True, text=text, image=_has_image(attachments))
        return self


class StandInChannel:
    """A table's channel: every post and edit is recorded as a :class:`Post`; ``on_post`` is told of each."""

    def __init__(self, channel_id: int, on_post: Callable[[int, Post], None], rest: Rest) -> None:
        self.id = channel_id
        self.posts: list[Post] = []
        self.rest = rest
        self._on_post = on_post

    def record(self, message_id: int, *, edit: bool, text: bool, image: bool) -> None:
        post = Post(time.perf_counter(), message_id, edit, text, image)
        self.posts.append(post)
        self._on_post(self.id, post)

    async def send(self, content: Any = None, *, files: Any = None, file: Any = None, view: Any = None,
                   allowed_mentions: Any = None, **_: Any) -> StandInMessage:
        await self.rest.call("POST /channels/{channel}/messages", self.id, uploaded([*(files or ()), file]))
        message = StandInMessage(self, next(_MESSAGE_IDS))
        self.record(message.id, edit=False, text=content is not None, image=_has_image([*(files or ()), file]))
        return message

    def get_partial_message(self, message_id: int) -> StandInMessage:
        return StandInMessage(self, message_id)

    async def history(self, **_: Any) -> AsyncIterator[Any]:
        """No earlier posts (a status post is never lost here); the call is made all the same."""
        await self.rest.call("GET /channels/{channel}/messages", self.id)
        return
        yield  # an async generator that yields nothing


class StandInBot:
    """The bot as the runtime and ``publish`` see it: channels by id, no user, and the runtime."""

    def __init__(self, on_post: Callable[[int, Post], None], rest: Rest | None = None) -> None:
        self.channels: dict[int, StandInChannel] = {}
        self.user = None
        self.runtime: Any = None
        self.guilds: list[Any] = []
        #: Discord's REST side: every call of the run is counted (and, under a network model, timed) here.
        self.rest = rest or Rest(NetworkModel.off())
        self._on_post = on_post

    def get_channel(self, channel_id: int) -> StandInChannel:
        found = self.channels.get(channel_id)
        if found is None:
            found = self.channels[channel_id] = StandInChannel(channel_id, self._on_post, self.rest)
        return found

    def get_partial_messageable(self, channel_id: int) -> StandInChannel:
        return self.get_channel(channel_id)


@dataclass
class Clocked:
    """When an interaction was acknowledged (deferred or answered) and when its private follow-up went out."""

    acknowledged: float | None = None
    followed_up: float | None = None
    #: When a private answer first carried an image (a panel's is attached by a later edit).
    imaged: float | None = None
    #: What the first answers said (a confirmation or a refusal, when not deferred).
    answered_text: list[str] = field(default_factory=list)


#: The interaction callback route (outside the global limit, like the follow-ups' webhook routes).
CALLBACK = "POST /interactions/{interaction}/{token}/callback"


class _Response:
    def __init__(self, clocked: Clocked, rest: Rest, interaction_id: int) -> None:
        self._clocked = clocked
        self._rest = rest
        self._id = interaction_id
        self._done = False
        #: The suggestions an autocomplete answered with.
        self.choices: list[Any] = []

    def is_done(self) -> bool:
        return self._done

    # An acknowledgement is clocked when it leaves the bot (Discord's 3 seconds are counted to its
    # arrival, half a round trip later); what people see is clocked when the call returns.
    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._done = True
        self._clocked.acknowledged = time.perf_counter()
        await self._rest.call(CALLBACK, self._id)

    async def send_message(self, content: Any = None, **_: Any) -> None:
        self._done = True
        self._clocked.acknowledged = self._clocked.acknowledged or time.perf_counter()
        self._clocked.answered_text.append(str(content))
        await self._rest.call(CALLBACK, self._id)

    async def autocomplete(self, choices: Any) -> None:
        self._done = True
        self._clocked.acknowledged = time.perf_counter()
        self.choices = list(choices)
        await self._rest.call(CALLBACK, self._id)


class _FollowupMessage:
    """A private follow-up (e.g. a panel): its id and ``edit`` (an interaction route)."""

    def __init__(self, followup: _Followup) -> None:
        self.id = next(_MESSAGE_IDS)
        self._followup = followup

    async def edit(self, *, attachments: Any = None, **_: Any) -> _FollowupMessage:
        await self._followup.rest.call("PATCH /webhooks/{application}/{token}/messages/{message}",
                                       self._followup.interaction_id, uploaded(attachments))
        self._followup.clocked.imaged = self._followup.clocked.imaged or (
            time.perf_counter() if _has_image(attachments) or attachments else None)
        return self


class _Followup:
    def __init__(self, clocked: Clocked, rest: Rest, interaction_id: int) -> None:
        self.clocked = clocked
        self.rest = rest
        self.interaction_id = interaction_id

    async def send(self, content: Any = None, *, file: Any = None, files: Any = None, **_: Any) -> _FollowupMessage:
        await self.rest.call("POST /webhooks/{application}/{token}", self.interaction_id,
                             uploaded([*(files or ()), *([file] if file is not None else [])]))
        self.clocked.followed_up = time.perf_counter()
        if file is not None or files:
            self.clocked.imaged = self.clocked.followed_up
        return _FollowupMessage(self)


@dataclass
class _User:
    id: int

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


_INTERACTION_IDS = itertools.count(800_000_000_000)


class StandInInteraction:
    """A command (``/move``, ``/hand``, ``/board``) or, with ``autocomplete``, a keystroke of ``/move``, in a
    table's channel by its one human member (locale ``None``: English)."""

    def __init__(self, bot: StandInBot, guild_id: int, channel_id: int, user_id: int, *,
                 autocomplete: bool = False) -> None:
        import discord

        self.id = next(_INTERACTION_IDS)
        self.client = bot
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.user = _User(user_id)
        self.locale = None
        self.guild_locale = None
        self.type = (discord.InteractionType.autocomplete if autocomplete
                     else discord.InteractionType.application_command)
        self.message = None
        self.extras: dict[str, Any] = {}
        #: discord.py's connection state: none here (the command tree's namespace reads it only to resolve
        #: members, channels and roles, which ``/move``'s one string option never names).
        self._state: Any = None
        self.guild: Any = None
        self.clocked = Clocked()
        self.response = _Response(self.clocked, bot.rest, self.id)
        self.followup = _Followup(self.clocked, bot.rest, self.id)

    async def edit_original_response(self, *, attachments: Any = None, **_: Any) -> _FollowupMessage:
        """Edit the answer (an interaction route)."""
        message = _FollowupMessage(self.followup)
        return await message.edit(attachments=attachments)
