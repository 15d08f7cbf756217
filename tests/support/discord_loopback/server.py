"""``LoopbackDiscord``: a Discord REST API + gateway emulated on 127.0.0.1 for end-to-end tests.

An unmodified discord.py bot process connects to it (see ``patch_discord``); tests act as users
through :class:`~tests.support.discord_loopback.users.FakeUser` and read what each user can see.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Self

from aiohttp import web

from ._limits import check_choices, check_component
from ._util import (
    ALL_PERMISSIONS,
    API_VERSION,
    DEFAULT_UPLOAD_LIMIT,
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    MAX_CONTENT,
    MAX_EMBED_TOTAL,
    MAX_EMBEDS,
    MAX_FILES,
    MEMBER_PERMISSIONS,
    SUPPRESS_EMBEDS,
    ApiError,
    SnowflakeFactory,
    form_error,
    utcnow,
    walk_components,
)
from .gateway import Gateway, GatewaySession, Intent
from .interactions import CallbackType, InteractionResult, InteractionType, LoopbackTimeout
from .model import THREAD_TYPES, Attachment, Channel, ChannelType, Guild, Message, Role, UserRecord
from .ratelimits import RateLimiter, RateLimitHit

if TYPE_CHECKING:
    from .process import BotProcess
    from .users import FakeUser

log = logging.getLogger("discord_loopback")

ChannelRef = Channel | int | str

RATE_LIMITS_ENV = "LOOPBACK_RATE_LIMITS"


class UploadedFile(NamedTuple):
    """A file part of a multipart request."""

    filename: str
    data: bytes
    content_type: str | None = None


class Answer(NamedTuple):
    """A request of a named bot process (``X-Loopback-Process``) about ``guild_id`` (``None``: no
    guild, e.g. a command sync or a DM)."""

    process: str
    guild_id: int | None
    method: str
    path: str


class RequestRecord(NamedTuple):
    """One REST request the bot made."""

    method: str
    path: str
    status: int


class InjectedError(ApiError):
    """An error a test asked for (:meth:`LoopbackDiscord.fail_requests`), not a refusal of the
    emulator: it is recorded in ``injected_responses``, never in ``error_responses``."""


class InjectedFailure:
    """Answer the next ``times`` requests of ``method`` on the route ``template`` with an error."""

    def __init__(self, method: str, template: str, error: ApiError, times: int) -> None:
        self.method = method.upper()
        self.template = template
        self.error = error
        self.times = times


def pinged_users(content: str, allowed: Mapping[str, Any] | None) -> set[int]:
    """Who Discord notifies for a new message: the users mentioned in ``content`` that
    ``allowed_mentions`` lets through (absent: all of them; ``parse`` with ``users``: all; a
    ``users`` list: only those; otherwise none). Edits never notify (Discord pings on create)."""
    mentioned = {int(m) for m in re.findall(r"<@!?(\d+)>", content)}
    if allowed is None:
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {int(u) for u in allowed.get("users") or []}


class LoopbackDiscord:
    """A fake Discord (REST under ``/api/v10`` + gateway at ``/gateway``) on 127.0.0.1.

    Typical use::

        async with LoopbackDiscord() as server:
            alice = server.add_user("alice")
            bot = BotProcess.module("my.bot", server)
            await bot.start()
            await server.wait_for_connection()
            result = await alice.slash("table new", channel="general", game="x", seats=3)
            await result.wait_done()

    Everything runs on the test's event loop; state changes wake up ``wait_*`` helpers.
    """

    def __init__(
        self,
        *,
        token: str = "loopback-bot-token",
        bot_name: str = "Tabula",
        guild_name: str = "Loopback Guild",
        guild_locale: str = "en-US",
        channels: Iterable[str] = ("general",),
        ack_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        heartbeat_interval_ms: int = 41250,
        upload_limit: int = DEFAULT_UPLOAD_LIMIT,
        host: str = "127.0.0.1",
        rate_limits: bool | None = None,
    ) -> None:
        self.token = token
        self.host = host
        self.ack_deadline = ack_deadline
        """Seconds the bot has to acknowledge an interaction (Discord: 3)."""
        self.token_lifetime = token_lifetime
        self.upload_limit = upload_limit
        if rate_limits is None:
            rate_limits = os.environ.get(RATE_LIMITS_ENV, "1").strip().lower() not in ("0", "false", "no", "off")
        self.rate_limits = rate_limits
        """Whether REST routes are rate limited (429 with ``retry_after``; see ``ratelimits.py``).
        Default: on, unless the environment variable ``LOOPBACK_RATE_LIMITS`` is ``0``."""
        self.limiter = RateLimiter()
        """The route limits (``limiter.set_limit(...)`` changes one) and their windows."""
        self.rate_limited: list[RateLimitHit] = []
        """Every 429 answered."""
        self.ids = SnowflakeFactory()
        self.port: int = 0

        self.users: dict[int, UserRecord] = {}
        self.fake_users: dict[int, FakeUser] = {}
        self.guilds: dict[int, Guild] = {}
        #: The bot's permissions when a test narrowed them (``None``: its role grants everything).
        self.bot_only_permissions: int | None = None
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.channel_messages: dict[int, list[int]] = {}
        self.attachments: dict[int, Attachment] = {}
        self.dm_channels: dict[int, Channel] = {}

        self.global_commands: dict[int, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[int, dict[str, Any]]] = {}
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        """Every bulk overwrite: ``(guild_id or None, [command names])``."""

        self.interactions: dict[int, InteractionResult] = {}
        self._interactions_by_token: dict[str, InteractionResult] = {}
        self.unacknowledged_interactions: list[InteractionResult] = []
        """Interactions whose acknowledgement deadline passed without a callback."""
        self.protocol_errors: list[str] = []
        """Misuse of the API by the bot (double acknowledgement, invalid payloads, ...)."""
        self.unknown_routes: list[str] = []
        """REST routes the emulator does not implement (``"METHOD /path"``)."""
        self.error_responses: list[tuple[str, str, int, dict[str, Any]]] = []
        """Every 4xx/5xx returned: ``(method, path, status, body)``."""
        self.requests: list[RequestRecord] = []
        self.failures: list[InjectedFailure] = []
        """Errors tests asked for (:meth:`fail_requests`), still to be answered."""
        self.injected_responses: list[tuple[str, str, int, dict[str, Any]]] = []
        """Every injected error answered: ``(method, path, status, body)``."""
        self.answers: list[Answer] = []
        """Every REST request from a bot process that names itself (``X-Loopback-Process``, see
        :mod:`.patch`): which process touched which guild (through a channel, a message or an
        interaction's token). With several processes on shards, a test checks each answered only
        for its own guilds."""
        self.interaction_shards: dict[int, int] = {}
        """The shard whose gateway session each interaction was delivered to."""
        self.typing: list[tuple[int, int]] = []
        """``(channel_id, user_id)`` of every typing indicator."""

        self.bot_user = self._new_user(bot_name, bot=True)
        self.owner = self._new_user(f"{bot_name.lower()}-owner")
        self.application_id = self.bot_user.id
        """Application id (equal to the bot user id, as for most bots)."""
        self.application_name = bot_name

        self.gateway = Gateway(self, heartbeat_interval_ms=heartbeat_interval_ms)
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._processes: list[BotProcess] = []
        self._deadline_handles: list[asyncio.TimerHandle] = []

        self.guild = self._create_guild(guild_name, guild_locale)
        self.category = self.add_category("Text Channels")
        for name in channels:
            self.add_channel(name, category=self.category)

    # ------------------------------------------------------------------------------------------
    # fault injection

    def fail_requests(
        self,
        method: str,
        template: str,
        *,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` requests ``method template`` (a route as the emulator names
        it, e.g. ``"/channels/{channel_id}/messages/{message_id}/threads"``) with Discord's error
        ``status``/``code``/``message`` instead of serving them, as Discord does at a limit
        (``160006`` active threads, ``30013`` channels) or without a permission (403 ``50013``).
        They are recorded in ``injected_responses`` (not ``error_responses``)."""
        error = InjectedError(status, code, message, errors)
        self.failures.append(InjectedFailure(method, template, error, times))

    def take_failure(self, method: str, template: str) -> InjectedError | None:
        """The injected error for this request, if a test asked for one (it is used up)."""
        for failure in self.failures:
            if failure.method == method and failure.template == template and failure.times > 0:
                failure.times -= 1
                if failure.times == 0:
                    self.failures.remove(failure)
                assert isinstance(failure.error, InjectedError)
                return failure.error
        return None

    # ------------------------------------------------------------------------------------------
    # lifecycle

    async def start(self, port: int = 0) -> Self:
        """Start listening on ``host:port`` (0 = a free port); returns ``self``."""
        from .rest import RestApi

        app = web.Application(client_max_size=256 * 1024 * 1024)
        rest = RestApi(self)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", rest.serve_attachment)
        app.router.add_route("*", "/{tail:.*}", rest.handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, port))
        self.port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()
        log.info("loopback Discord listening on %s", self.root_url)
        return self

    async def stop(self) -> None:
        """Close gateway connections and the HTTP server."""
        for handle in self._deadline_handles:
            handle.cancel()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def root_url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """REST base, the value for ``discord.http.Route.BASE`` (``http://127.0.0.1:PORT/api/v10``)."""
        return f"{self.root_url}/api/v{API_VERSION}"

    @property
    def gateway_url(self) -> str:
        """Gateway websocket URL (``ws://127.0.0.1:PORT/gateway``)."""
        return f"ws://{self.host}:{self.port}/gateway"

    def bot_env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """Environment variables for a bot process pointed at this server.

        ``TABULA_DISCORD_API_BASE`` (read by the bot to call ``patch_discord``) and the token as
        ``TABULA_DISCORD_TOKEN`` and ``DISCORD_TOKEN``; ``extra`` is merged on top (e.g.
        ``{"TABULA_DISCORD_GUILD": str(server.guild.id)}`` to make Tabula sync to the guild).
        """
        env = {
            "TABULA_DISCORD_API_BASE": self.api_base,
            "TABULA_DISCORD_TOKEN": self.token,
            "DISCORD_TOKEN": self.token,
        }
        env.update(extra or {})
        return env

    # ------------------------------------------------------------------------------------------
    # waiting

    def notify(self) -> None:
        """Wake every waiter (called after each state change)."""
        self._changed.set()
        self._changed = asyncio.Event()

    def watch_process(self, process: BotProcess) -> None:
        """Make waits fail fast (with the bot's output) if ``process`` exits unexpectedly."""
        self._processes.append(process)

    async def wait_until(
        self,
        predicate: Callable[[], bool],
        *,
        timeout: float = 5.0,
        description: str | Callable[[], str] = "condition",
    ) -> None:
        """Wait until ``predicate()`` is true, re-checking after every server state change.

        Raises :class:`LoopbackTimeout` (an ``AssertionError``) on timeout, or immediately if a
        watched bot process died.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if predicate():
                return
            for proc in self._processes:
                if proc.crashed:
                    raise LoopbackTimeout(
                        f"bot process {proc.name!r} exited with {proc.returncode} while waiting for "
                        f"{_text(description)}\n--- bot output ---\n{proc.output()[-6000:]}"
                    )
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise LoopbackTimeout(
                    f"timed out after {timeout}s waiting for {_text(description)}\n{self.describe_problems()}"
                )
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.5))

    async def wait_for_connection(
        self, *, previous: int | None = None, timeout: float = 15.0
    ) -> GatewaySession:
        """Wait for a gateway handshake (IDENTIFY or RESUME) beyond ``previous`` handshakes.

        With ``previous=None`` any connected session will do. Returns the connected session
        (READY and GUILD_CREATE have been sent on it; it can receive interactions).
        """

        def ready() -> bool:
            if previous is not None and self.gateway.handshake_count <= previous:
                return False
            return any(s.connected for s in self.gateway.sessions.values())

        await self.wait_until(ready, timeout=timeout, description="a bot gateway connection")
        return [s for s in self.gateway.sessions.values() if s.connected][-1]

    async def wait_for_commands(self, *names: str, timeout: float = 10.0) -> None:
        """Wait until top-level commands ``names`` are registered (globally or in the guild)."""

        def registered() -> bool:
            known = {c["name"] for c in self.all_commands()}
            return all(n in known for n in names)

        await self.wait_until(registered, timeout=timeout, description=f"commands {names}")

    def checkpoint(self) -> int:
        """A snowflake smaller than any message created after this call (for ``after=``)."""
        return self.ids.next()

    async def wait_for_message(
        self,
        channel: ChannelRef,
        predicate: Callable[[Message], bool] | None = None,
        *,
        timeout: float = 5.0,
        after: int | None = None,
        author: UserRecord | None = None,
        include_ephemeral: bool = False,
    ) -> Message:
        """Wait for a (non-deleted) message in ``channel`` matching ``predicate``; return the oldest.

        ``after`` limits the search to messages newer than a :meth:`checkpoint`; ``author``
        defaults to the bot user. Ephemeral messages are skipped unless ``include_ephemeral``.
        """
        chan = self.resolve_channel(channel)
        author = author or self.bot_user
        found: list[Message] = []

        def check() -> bool:
            for mid in self.channel_messages.get(chan.id, []):
                if after is not None and mid <= after:
                    continue
                msg = self.messages[mid]
                if msg.deleted or msg.author.id != author.id or (msg.ephemeral and not include_ephemeral):
                    continue
                if predicate is None or predicate(msg):
                    found.append(msg)
                    return True
            return False

        await self.wait_until(check, timeout=timeout, description=f"a message in #{chan.name}")
        return found[0]

    def describe_problems(self) -> str:
        """Summary of unknown routes, API errors and protocol errors (for failure messages)."""
        lines = []
        if self.unknown_routes:
            lines.append(f"  unknown routes: {self.unknown_routes}")
        if self.error_responses:
            recent = [(m, p, s, b.get("code")) for m, p, s, b in self.error_responses[-10:]]
            lines.append(f"  error responses: {recent}")
        if self.protocol_errors:
            lines.append(f"  protocol errors: {self.protocol_errors[-10:]}")
        if self.unacknowledged_interactions:
            lines.append(f"  unacknowledged interactions: {[i.id for i in self.unacknowledged_interactions]}")
        sessions = [(s.session_id[:8], s.connected, s.invalidated) for s in self.gateway.sessions.values()]
        lines.append(f"  gateway sessions (id, connected, invalidated): {sessions}")
        return "\n".join(lines)

    # ------------------------------------------------------------------------------------------
    # world building

    def _new_user(self, name: str, *, bot: bool = False, locale: str = "en-US") -> UserRecord:
        user = UserRecord(
            id=self.ids.next(),
            username=name,
            global_name=None if bot else name.title(),
            bot=bot,
            locale=locale,
        )
        self.users[user.id] = user
        return user

    def _create_guild(self, name: str, locale: str, wanted: Callable[[int], bool] = lambda _gid: True) -> Guild:
        guild_id = self.ids.next()
        while not wanted(guild_id):
            guild_id = self.ids.after(guild_id)
        guild = Guild(id=guild_id, name=name, owner_id=self.owner.id, preferred_locale=locale)
        guild.roles[guild.id] = Role(id=guild.id, name="@everyone", permissions=MEMBER_PERMISSIONS)
        bot_role = Role(
            id=self.ids.next(),
            name=self.bot_user.username,
            permissions=ALL_PERMISSIONS,
            position=1,
            managed=True,
        )
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild.id] = guild
        for user in (self.owner, self.bot_user):
            guild.member_ids.append(user.id)
        self.bot_user.role_ids = [bot_role.id]
        return guild

    def add_user(self, name: str, locale: str = "en-US", *, global_name: str | None = None) -> FakeUser:
        """Add a human member to every guild and return a :class:`FakeUser` that acts as them."""
        from .users import FakeUser

        user = self._new_user(name, locale=locale)
        if global_name is not None:
            user.global_name = global_name
        fake = FakeUser(self, user)
        self.fake_users[user.id] = fake
        for guild in self.guilds.values():
            self._add_member(guild, user)
        self.notify()
        return fake

    def _add_member(self, guild: Guild, user: UserRecord) -> None:
        guild.member_ids.append(user.id)
        self.gateway.dispatch(
            "GUILD_MEMBER_ADD",
            {**user.member_payload(), "guild_id": str(guild.id)},
            guild_id=guild.id,
            intent=Intent.GUILD_MEMBERS,
        )

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None, locale: str = "en-US",
                  channels: Sequence[str] = ()) -> Guild:
        """Add another guild (the bot is a member; so is every fake user), with a category and
        text ``channels`` in it (names must differ from other guilds' to be found by name). With
        ``shard=(id, count)`` its id is chosen so Discord would route it to that shard
        (``(guild_id >> 22) % count == id``). Sessions of its shard get a GUILD_CREATE."""
        wanted: Callable[[int], bool] = (lambda _gid: True) if shard is None else \
            (lambda gid: (gid >> 22) % shard[1] == shard[0])
        guild = self._create_guild(name, locale, wanted)
        for uid in self.fake_users:
            self._add_member(guild, self.users[uid])
        for session in self.gateway.live_sessions():
            if session.handles_guild(guild.id):
                session.dispatch("GUILD_CREATE", self.guild_create_payload(guild))
        category = self.add_category("Text Channels", guild=guild)
        for channel in channels:
            self.add_channel(channel, category=category, guild=guild)
        self.notify()
        return guild

    def shard_of(self, guild_id: int, shard_count: int) -> int:
        """The shard Discord routes ``guild_id`` to when the bot runs ``shard_count`` shards."""
        return (guild_id >> 22) % shard_count

    def add_category(self, name: str, *, guild: Guild | None = None) -> Channel:
        """Add a category channel (in ``guild``, default the first guild)."""
        return self._add_guild_channel(guild or self.guild, name, ChannelType.GUILD_CATEGORY, parent=None)

    def add_channel(
        self,
        name: str,
        *,
        type: ChannelType = ChannelType.GUILD_TEXT,
        category: Channel | None = None,
        topic: str | None = None,
        guild: Guild | None = None,
    ) -> Channel:
        """Add a guild channel (dispatches CHANNEL_CREATE to connected bots); in ``guild``,
        default the first guild."""
        return self._add_guild_channel(guild or self.guild, name, type, parent=category, topic=topic)

    def guild_of_request(self, params: Mapping[str, str]) -> int | None:
        """The guild a REST request is about, from its route's parameters (a channel, a thread, a
        message's channel, or an interaction's token), if any."""
        for key in ("channel_id", "thread_id"):
            if key in params and params[key].isdigit():
                channel = self.channels.get(int(params[key]))
                if channel is not None:
                    return channel.guild_id
        for key in ("interaction_token", "token", "webhook_token"):
            found = self._interactions_by_token.get(params.get(key, ""))
            if found is not None:
                return found.channel.guild_id if found.channel is not None else None
        if "interaction_id" in params and params["interaction_id"].isdigit():
            by_id = self.interactions.get(int(params["interaction_id"]))
            if by_id is not None and by_id.channel is not None:
                return by_id.channel.guild_id
        if "guild_id" in params and params["guild_id"].isdigit():
            return int(params["guild_id"])
        return None

    def _add_guild_channel(
        self,
        guild: Guild,
        name: str,
        type: ChannelType,
        *,
        parent: Channel | None,
        topic: str | None = None,
    ) -> Channel:
        position = sum(1 for cid in guild.channel_ids if self.channels[cid].type == type)
        chan = Channel(
            id=self.ids.next(),
            name=name,
            type=type,
            guild_id=guild.id,
            parent_id=parent.id if parent else None,
            position=position,
            topic=topic,
        )
        self.channels[chan.id] = chan
        self.channel_messages[chan.id] = []
        guild.channel_ids.append(chan.id)
        self.gateway.dispatch("CHANNEL_CREATE", chan.to_payload(), guild_id=guild.id, intent=Intent.GUILDS)
        self.notify()
        return chan

    def resolve_channel(self, channel: ChannelRef) -> Channel:
        """Find a channel by object, id or name (``"general"``, ``"#general"``; threads too)."""
        if isinstance(channel, Channel):
            return self.channels[channel.id]
        if isinstance(channel, int):
            try:
                return self.channels[channel]
            except KeyError:
                raise KeyError(f"no channel with id {channel}") from None
        name = channel.lstrip("#")
        matches = [c for c in self.channels.values() if c.name == name and c.type != ChannelType.DM]
        if not matches:
            raise KeyError(
                f"no channel named {name!r}; have {sorted(c.name for c in self.channels.values())}"
            )
        return matches[-1]

    def channel(self, name: str) -> Channel:
        """Channel (or thread) called ``name``."""
        return self.resolve_channel(name)

    def threads(self, parent: ChannelRef | None = None) -> list[Channel]:
        """Threads (optionally only those under ``parent``), oldest first."""
        parent_id = self.resolve_channel(parent).id if parent is not None else None
        return [
            c
            for c in self.channels.values()
            if c.is_thread and (parent_id is None or c.parent_id == parent_id)
        ]

    def all_commands(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        """Registered commands: the guild's (default: the test guild) first, then global ones."""
        gid = self.guild.id if guild_id is None else guild_id
        return list(self.guild_commands.get(gid, {}).values()) + list(self.global_commands.values())

    @property
    def commands(self) -> list[dict[str, Any]]:
        """Registered global commands (raw payloads as stored)."""
        return list(self.global_commands.values())

    # ------------------------------------------------------------------------------------------
    # gateway payloads

    def ready_payload(self, session: GatewaySession, guilds: list[Guild]) -> dict[str, Any]:
        """READY event data."""
        user = self.bot_user.to_payload()
        user.update({"verified": True, "mfa_enabled": False, "flags": 0, "email": None, "bot": True})
        return {
            "v": API_VERSION,
            "user": user,
            "user_settings": {},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": [session.shard_id, session.shard_count],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "_trace": ["loopback"],
        }

    def guild_payload(self, guild: Guild) -> dict[str, Any]:
        """Guild object payload (without channels/members)."""
        system = next(
            (cid for cid in guild.channel_ids if self.channels[cid].type == ChannelType.GUILD_TEXT), None
        )
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.to_payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(system) if system else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }

    def guild_create_payload(self, guild: Guild) -> dict[str, Any]:
        """GUILD_CREATE event data (full guild, channels, active threads and all members)."""
        data = self.guild_payload(guild)
        chans = [self.channels[cid] for cid in guild.channel_ids]
        data.update(
            {
                "joined_at": guild.joined_at.isoformat(),
                "large": False,
                "unavailable": False,
                "member_count": len(guild.member_ids),
                "voice_states": [],
                "members": [self.users[uid].member_payload() for uid in guild.member_ids],
                "channels": [c.to_payload() for c in chans if not c.is_thread],
                "threads": [c.to_payload() for c in chans if c.is_thread and not c.archived],
                "presences": [],
                "stage_instances": [],
                "guild_scheduled_events": [],
                "soundboard_sounds": [],
                "embedded_activities": [],
            }
        )
        return data

    def _message_event(self, event: str, message: Message) -> None:
        channel = self.channels[message.channel_id]
        if message.ephemeral:
            return
        guild_id = channel.guild_id
        intent = Intent.GUILD_MESSAGES if guild_id is not None else Intent.DIRECT_MESSAGES
        member = (
            self.users[message.author.id].member_payload(with_user=False) if guild_id is not None else None
        )
        if message.webhook_id is not None:
            member = None

        def data(session: GatewaySession) -> dict[str, Any]:
            privileged = bool(session.intents & Intent.MESSAGE_CONTENT)
            visible = (
                privileged
                or message.author.id == self.bot_user.id
                or guild_id is None
                or (f"<@{self.bot_user.id}>" in message.content)
            )
            return message.to_payload(member=member, include_content=visible)

        self.gateway.dispatch(event, data, guild_id=guild_id, intent=intent)

    # ------------------------------------------------------------------------------------------
    # visibility

    def can_see(self, user_id: int, message: Message) -> bool:
        """Whether user ``user_id`` can see ``message`` in their client."""
        if message.deleted:
            return False
        if message.visible_to is not None and message.visible_to != user_id:
            return False
        channel = self.channels.get(message.channel_id)
        if channel is None:
            return False
        return self.can_see_channel(user_id, channel)

    def can_see_channel(self, user_id: int, channel: Channel) -> bool:
        """Whether user ``user_id`` can see ``channel`` (DM recipient, private-thread member)."""
        if channel.type == ChannelType.DM:
            return channel.recipient_id == user_id
        if channel.is_private_thread:
            return user_id in channel.member_ids
        return True

    def messages_in(self, channel: ChannelRef, *, include_deleted: bool = False) -> list[Message]:
        """All messages in ``channel`` (every user's ephemerals included), oldest first."""
        chan = self.resolve_channel(channel)
        msgs = [self.messages[mid] for mid in self.channel_messages.get(chan.id, [])]
        return msgs if include_deleted else [m for m in msgs if not m.deleted]

    def public_messages(self, channel: ChannelRef) -> list[Message]:
        """Non-ephemeral, non-deleted messages in ``channel``."""
        return [m for m in self.messages_in(channel) if not m.ephemeral]

    def visible_messages(self, user_id: int, channel: ChannelRef) -> list[Message]:
        """What ``user_id`` sees in ``channel``: public messages plus their own ephemerals."""
        chan = self.resolve_channel(channel)
        if not self.can_see_channel(user_id, chan):
            return []
        return [m for m in self.messages_in(chan) if self.can_see(user_id, m)]

    # ------------------------------------------------------------------------------------------
    # messages

    def _attachment_url(self, channel_id: int, attachment_id: int, filename: str) -> str:
        return f"{self.root_url}/attachments/{channel_id}/{attachment_id}/{filename}"

    def _new_attachments(
        self,
        channel: Channel,
        body: Mapping[str, Any],
        files: Mapping[int, UploadedFile],
        *,
        ephemeral: bool,
    ) -> list[Attachment]:
        meta = {}
        for entry in body.get("attachments") or []:
            with contextlib.suppress(KeyError, TypeError, ValueError):
                meta[int(entry["id"])] = entry
        result = []
        if len(files) > MAX_FILES:
            raise form_error("files", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_FILES} or fewer in length.")
        for index, upload in sorted(files.items()):
            if len(upload.data) > self.upload_limit:
                raise ApiError(413, 40005, "Request entity too large")
            info = meta.get(index, {})
            att_id = self.ids.next()
            filename = str(info.get("filename") or upload.filename)
            att = Attachment.create(
                att_id,
                filename,
                upload.data,
                self._attachment_url(channel.id, att_id, filename),
                content_type=upload.content_type,
                description=info.get("description"),
                ephemeral=ephemeral,
            )
            self.attachments[att_id] = att
            result.append(att)
        return result

    def _validate_message(self, message: Message) -> None:
        if len(message.content) > MAX_CONTENT:
            raise form_error("content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
        if len(message.embeds) > MAX_EMBEDS:
            raise form_error("embeds", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
        total = 0
        for i, embed in enumerate(message.embeds):
            limits = {"title": 256, "description": 4096}
            for key, limit in limits.items():
                value = str(embed.get(key) or "")
                total += len(value)
                if len(value) > limit:
                    raise form_error(
                        f"embeds.{i}.{key}", "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."
                    )
            fields = embed.get("fields") or []
            if len(fields) > 25:
                raise form_error(
                    f"embeds.{i}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            for j, fld in enumerate(fields):
                name, value = str(fld.get("name", "")), str(fld.get("value", ""))
                if not name or not value:
                    raise form_error(f"embeds.{i}.fields.{j}", "BASE_TYPE_REQUIRED", "This field is required")
                if len(name) > 256 or len(value) > 1024:
                    raise form_error(f"embeds.{i}.fields.{j}", "BASE_TYPE_MAX_LENGTH", "Field too long.")
                total += len(name) + len(value)
            footer = str((embed.get("footer") or {}).get("text") or "")
            author = str((embed.get("author") or {}).get("name") or "")
            if len(footer) > 2048 or len(author) > 256:
                raise form_error(f"embeds.{i}", "BASE_TYPE_MAX_LENGTH", "Footer/author too long.")
            total += len(footer) + len(author)
        if total > MAX_EMBED_TOTAL:
            raise form_error("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
        self._validate_components(message)
        if not (
            message.content or message.embeds or message.attachments or message.components or message.poll
        ):
            raise ApiError(400, 50006, "Cannot send an empty message")

    def _validate_components(self, message: Message) -> None:
        components = message.components
        seen: set[str] = set()
        for comp in walk_components(components):
            check_component(comp)
            cid = comp.get("custom_id")
            if cid is None:
                continue
            if not 1 <= len(cid) <= 100:
                raise form_error(
                    "components", "BASE_TYPE_BAD_LENGTH", "custom_id must be between 1 and 100 in length."
                )
            if cid in seen:
                raise form_error(
                    "components",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    f"Component custom id {cid!r} cannot be duplicated",
                )
            seen.add(cid)
        if message.flags & IS_COMPONENTS_V2:
            if message.content or message.embeds:
                raise form_error(
                    "content",
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "content and embeds cannot be used with components v2",
                )
            if sum(1 for _ in walk_components(components)) > 40:
                raise form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer components.")
            return
        if len(components) > 5:
            raise form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            if row.get("type") != 1:
                raise form_error(
                    f"components.{i}", "UNION_TYPE_CHOICES", "Top-level components must be action rows"
                )
            children = row.get("components") or []
            if not children:
                raise form_error(f"components.{i}.components", "BASE_TYPE_REQUIRED", "Action row is empty")
            selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
            if len(children) > 5 or (selects and len(children) > 1):
                raise form_error(
                    f"components.{i}.components",
                    "BASE_TYPE_MAX_LENGTH",
                    "An action row holds up to 5 buttons or a single select menu",
                )

    def create_message(
        self,
        channel: Channel,
        author: UserRecord,
        body: Mapping[str, Any],
        files: Mapping[int, UploadedFile] | None = None,
        *,
        visible_to: int | None = None,
        msg_type: int = 0,
        extra_flags: int = 0,
        interaction: InteractionResult | None = None,
        webhook_id: int | None = None,
    ) -> Message:
        """Create, validate, store and dispatch a message (raises :class:`ApiError` when invalid)."""
        if channel.type in (ChannelType.GUILD_CATEGORY, ChannelType.GUILD_FORUM):
            raise ApiError(400, 50008, "Cannot send messages in a non-text channel")
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise ApiError(400, 50083, "Operation cannot be performed on an archived thread")
            channel.archived = False  # posting in an archived (unlocked) thread unarchives it
        flags = int(body.get("flags") or 0) & (SUPPRESS_EMBEDS | EPHEMERAL | IS_COMPONENTS_V2 | (1 << 12))
        flags |= extra_flags
        if visible_to is None:
            flags &= ~EPHEMERAL
        else:
            flags |= EPHEMERAL
        embeds = list(body.get("embeds") or [])
        if body.get("embed"):
            embeds.append(body["embed"])
        message = Message(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            content=str(body.get("content") or ""),
            embeds=copy.deepcopy(embeds),
            components=copy.deepcopy(list(body.get("components") or [])),
            flags=flags,
            type=msg_type,
            visible_to=visible_to,
            tts=bool(body.get("tts")),
            poll=copy.deepcopy(body.get("poll")),
            webhook_id=webhook_id,
        )
        message.attachments = self._new_attachments(
            channel, body, files or {}, ephemeral=visible_to is not None
        )
        ref = body.get("message_reference")
        if ref and ref.get("message_id"):
            message.message_reference = {
                "type": ref.get("type", 0),
                "message_id": str(ref["message_id"]),
                "channel_id": str(ref.get("channel_id") or channel.id),
                "guild_id": str(channel.guild_id) if channel.guild_id else None,
            }
            if msg_type == 0:
                message.type = 19
        if interaction is not None:
            message.interaction_id = interaction.id
            message.application_id = self.application_id
            message.webhook_id = self.application_id
            message.interaction_metadata = {
                "id": str(interaction.id),
                "type": int(interaction.type),
                "user": interaction.user.record.to_payload(),
                "authorizing_integration_owners": {"0": str(channel.guild_id)}
                if channel.guild_id
                else {"1": str(interaction.user.id)},
            }
            if interaction.type == InteractionType.APPLICATION_COMMAND:
                message.interaction_metadata["name"] = interaction.data.get("name")
                message.interaction_metadata["command_type"] = interaction.data.get("type", 1)
            if interaction.source_message_id is not None:
                message.interaction_metadata["interacted_message_id"] = str(interaction.source_message_id)
        if not message.loading:
            self._validate_message(message)
        message.pinged = pinged_users(message.content, body.get("allowed_mentions"))
        self.messages[message.id] = message
        self.channel_messages.setdefault(channel.id, []).append(message.id)
        if visible_to is None:
            channel.last_message_id = message.id
            if channel.is_thread:
                channel.message_count += 1
        self._message_event("MESSAGE_CREATE", message)
        self.notify()
        return message

    def edit_message(
        self,
        message: Message,
        body: Mapping[str, Any],
        files: Mapping[int, UploadedFile] | None = None,
    ) -> Message:
        """Apply a PATCH to ``message`` (content/embeds/components/attachments/flags)."""
        if message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        files = files or {}
        before = message.snapshot()
        was_loading = message.loading
        updated = copy.copy(message)
        if "content" in body:
            updated.content = str(body.get("content") or "")
        if "embeds" in body:
            updated.embeds = copy.deepcopy(list(body.get("embeds") or []))
        if "components" in body:
            updated.components = copy.deepcopy(list(body.get("components") or []))
        if "flags" in body and body["flags"] is not None:
            new_flags = int(body["flags"])
            updated.flags = (message.flags & ~SUPPRESS_EMBEDS) | (new_flags & SUPPRESS_EMBEDS)
            if new_flags & IS_COMPONENTS_V2:
                updated.flags |= IS_COMPONENTS_V2
        if "poll" in body:
            raise form_error("poll", "CANNOT_EDIT_POLL", "Polls cannot be edited")
        channel = self.channels[message.channel_id]
        if "attachments" in body:
            keep_ids = set()
            for entry in body.get("attachments") or []:
                with contextlib.suppress(KeyError, TypeError, ValueError):
                    keep_ids.add(int(entry["id"]))
            kept = [a for a in message.attachments if a.id in keep_ids]
            updated.attachments = kept + self._new_attachments(
                channel, body, files, ephemeral=message.ephemeral
            )
        elif files:
            updated.attachments = message.attachments + self._new_attachments(
                channel, body, files, ephemeral=message.ephemeral
            )
        updated.flags &= ~LOADING
        self._validate_message(updated)
        message.content = updated.content
        message.embeds = updated.embeds
        message.components = updated.components
        message.attachments = updated.attachments
        message.flags = updated.flags
        if not was_loading:
            message.revisions.append(before)
            message.edited_at = utcnow()
        self._message_event("MESSAGE_UPDATE", message)
        self.notify()
        return message

    def delete_message(self, message: Message) -> None:
        """Delete ``message`` (kept in the store with ``deleted=True``)."""
        if message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        message.deleted = True
        channel = self.channels[message.channel_id]
        if not message.ephemeral:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(channel.id)}
            if channel.guild_id:
                data["guild_id"] = str(channel.guild_id)
            intent = Intent.GUILD_MESSAGES if channel.guild_id else Intent.DIRECT_MESSAGES
            self.gateway.dispatch("MESSAGE_DELETE", data, guild_id=channel.guild_id, intent=intent)
        self.notify()

    def get_message(self, channel_id: int, message_id: int) -> Message:
        """Message ``message_id`` in ``channel_id`` (``ApiError`` 10008 if unknown)."""
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel_id != channel_id or msg.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    def get_channel(self, channel_id: int) -> Channel:
        """Channel ``channel_id`` (``ApiError`` 10003 if unknown)."""
        chan = self.channels.get(channel_id)
        if chan is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return chan

    # ------------------------------------------------------------------------------------------
    # channels and threads

    def create_guild_channel(self, guild: Guild, body: Mapping[str, Any]) -> Channel:
        """POST /guilds/{id}/channels."""
        name = str(body.get("name") or "").strip()
        if not 1 <= len(name) <= 100:
            raise form_error("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        try:
            ctype = ChannelType(int(body.get("type") or 0))
        except ValueError:
            raise form_error("type", "BASE_TYPE_CHOICES", "Value must be one of the channel types.") from None
        if ctype == ChannelType.DM or ctype in THREAD_TYPES:
            raise form_error("type", "BASE_TYPE_CHOICES", "Value must be one of the guild channel types.")
        if ctype == ChannelType.GUILD_TEXT:
            name = re.sub(r"\s+", "-", name.lower())
        parent = None
        if body.get("parent_id"):
            parent = self.channels.get(int(body["parent_id"]))
            if (
                parent is None
                or parent.type != ChannelType.GUILD_CATEGORY
                or ctype == ChannelType.GUILD_CATEGORY
            ):
                raise form_error("parent_id", "CHANNEL_PARENT_INVALID", "Invalid parent channel")
            if sum(1 for c in self.channels.values() if c.parent_id == parent.id and not c.is_thread) >= 50:
                raise form_error(
                    "parent_id",
                    "CHANNEL_PARENT_MAX_CHANNELS",
                    "Maximum number of channels in category reached (50)",
                )
        if sum(1 for cid in guild.channel_ids if not self.channels[cid].is_thread) >= 500:
            raise ApiError(400, 30013, "Maximum number of guild channels reached (500)")
        chan = self._add_guild_channel(guild, name, ctype, parent=parent, topic=body.get("topic"))
        if body.get("position") is not None:
            chan.position = int(body["position"])
        return chan

    def create_thread(
        self,
        parent: Channel,
        owner: UserRecord,
        body: Mapping[str, Any],
        *,
        starter: Message | None = None,
    ) -> Channel:
        """Start a thread (from ``starter`` when given), dispatching THREAD_CREATE."""
        if parent.type not in (
            ChannelType.GUILD_TEXT,
            ChannelType.GUILD_ANNOUNCEMENT,
            ChannelType.GUILD_FORUM,
        ):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        name = str(body.get("name") or "").strip()
        if not 1 <= len(name) <= 100:
            raise form_error("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        if starter is not None:
            if starter.thread_id is not None:
                raise ApiError(400, 160004, "A thread has already been created for this message")
            ttype = (
                ChannelType.ANNOUNCEMENT_THREAD
                if parent.type == ChannelType.GUILD_ANNOUNCEMENT
                else ChannelType.PUBLIC_THREAD
            )
            thread_id = starter.id
        else:
            raw_type = body.get("type")
            ttype = ChannelType(int(raw_type)) if raw_type is not None else ChannelType.PRIVATE_THREAD
            if parent.type == ChannelType.GUILD_FORUM:
                ttype = ChannelType.PUBLIC_THREAD
            if ttype not in (
                ChannelType.PUBLIC_THREAD,
                ChannelType.PRIVATE_THREAD,
                ChannelType.ANNOUNCEMENT_THREAD,
            ):
                raise form_error("type", "BASE_TYPE_CHOICES", "Invalid thread type")
            if ttype == ChannelType.PRIVATE_THREAD and parent.type != ChannelType.GUILD_TEXT:
                raise ApiError(400, 50024, "Cannot execute action on this channel type")
            thread_id = self.ids.next()
        thread = Channel(
            id=thread_id,
            name=name,
            type=ttype,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
            rate_limit_per_user=int(body.get("rate_limit_per_user") or 0),
            member_ids={owner.id},
        )
        self.channels[thread.id] = thread
        self.channel_messages[thread.id] = []
        guild = self.guilds[parent.guild_id] if parent.guild_id else None
        if guild is not None:
            guild.channel_ids.append(thread.id)

        def thread_event(session: GatewaySession) -> dict[str, Any]:
            data = thread.to_payload()
            data["newly_created"] = True
            if owner.id == self.bot_user.id:
                data["member"] = {
                    "id": str(thread.id),
                    "user_id": str(owner.id),
                    "join_timestamp": thread.created_at.isoformat(),
                    "flags": 1,
                }
            return data

        self.gateway.dispatch("THREAD_CREATE", thread_event, guild_id=thread.guild_id, intent=Intent.GUILDS)
        if starter is not None:
            starter.thread_id = thread.id
            self._message_event("MESSAGE_UPDATE", starter)
        elif parent.type == ChannelType.GUILD_FORUM:
            message_body = body.get("message") or {}
            self.create_message(thread, owner, message_body, body.get("_files") or {})
        elif ttype == ChannelType.PUBLIC_THREAD:
            system = self.create_message(parent, owner, {"content": name}, msg_type=18)
            system.message_reference = {
                "type": 0,
                "channel_id": str(thread.id),
                "guild_id": str(thread.guild_id),
            }
        self.notify()
        return thread

    def add_thread_member(self, thread: Channel, user_id: int) -> None:
        """Add ``user_id`` to ``thread`` (THREAD_MEMBERS_UPDATE)."""
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if user_id not in self.users:
            raise ApiError(404, 10013, "Unknown User")
        if user_id in thread.member_ids:
            return
        thread.member_ids.add(user_id)
        self.gateway.dispatch(
            "THREAD_MEMBERS_UPDATE",
            {
                "id": str(thread.id),
                "guild_id": str(thread.guild_id),
                "member_count": len(thread.member_ids),
                "added_members": [
                    {
                        "id": str(thread.id),
                        "user_id": str(user_id),
                        "join_timestamp": utcnow().isoformat(),
                        "flags": 0,
                        "member": self.users[user_id].member_payload(),
                    }
                ],
            },
            guild_id=thread.guild_id,
            intent=Intent.GUILD_MEMBERS if user_id != self.bot_user.id else Intent.GUILDS,
        )
        self.notify()

    def remove_thread_member(self, thread: Channel, user_id: int) -> None:
        """Remove ``user_id`` from ``thread``."""
        thread.member_ids.discard(user_id)
        self.gateway.dispatch(
            "THREAD_MEMBERS_UPDATE",
            {
                "id": str(thread.id),
                "guild_id": str(thread.guild_id),
                "member_count": len(thread.member_ids),
                "removed_member_ids": [str(user_id)],
            },
            guild_id=thread.guild_id,
            intent=Intent.GUILD_MEMBERS if user_id != self.bot_user.id else Intent.GUILDS,
        )
        self.notify()

    def update_channel(self, channel: Channel, body: Mapping[str, Any]) -> Channel:
        """PATCH /channels/{id} (name, topic, archived, locked, ...)."""
        if body.get("name"):
            channel.name = str(body["name"])
        if "topic" in body:
            channel.topic = body["topic"]
        if "position" in body and body["position"] is not None:
            channel.position = int(body["position"])
        if "parent_id" in body:
            channel.parent_id = int(body["parent_id"]) if body["parent_id"] else None
        for key in ("archived", "locked", "invitable"):
            if key in body and body[key] is not None:
                setattr(channel, key, bool(body[key]))
        if body.get("auto_archive_duration"):
            channel.auto_archive_duration = int(body["auto_archive_duration"])
        if "rate_limit_per_user" in body and body["rate_limit_per_user"] is not None:
            channel.rate_limit_per_user = int(body["rate_limit_per_user"])
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.gateway.dispatch(event, channel.to_payload(), guild_id=channel.guild_id, intent=Intent.GUILDS)
        self.notify()
        return channel

    def delete_channel(self, channel: Channel) -> None:
        """DELETE /channels/{id}."""
        self.channels.pop(channel.id, None)
        if channel.guild_id:
            guild = self.guilds[channel.guild_id]
            if channel.id in guild.channel_ids:
                guild.channel_ids.remove(channel.id)
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        data = (
            channel.to_payload()
            if not channel.is_thread
            else {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": int(channel.type),
            }
        )
        self.gateway.dispatch(event, data, guild_id=channel.guild_id, intent=Intent.GUILDS)
        self.notify()

    def dm_channel(self, user: UserRecord) -> Channel:
        """The bot's DM channel with ``user`` (created on first use)."""
        chan = self.dm_channels.get(user.id)
        if chan is None:
            chan = Channel(
                id=self.ids.next(), name=f"dm-{user.username}", type=ChannelType.DM, recipient_id=user.id
            )
            self.channels[chan.id] = chan
            self.channel_messages[chan.id] = []
            self.dm_channels[user.id] = chan
        return chan

    # ------------------------------------------------------------------------------------------
    # interactions

    def bot_permissions(self, guild_id: int) -> int:
        """What the bot may do in guild ``guild_id``: everything, unless a test narrowed it with
        :meth:`set_bot_permissions`."""
        if self.bot_only_permissions is not None:
            return self.bot_only_permissions
        guild = self.guilds[guild_id]
        perms = 0
        for role in guild.roles.values():
            if role.managed or role.id == guild.id:
                perms |= role.permissions
        return perms

    def set_bot_permissions(self, permissions: int | None) -> None:
        """Give the bot exactly ``permissions`` in every guild (issue 10 §11: a test runs it with
        the permissions the docs ask server admins for); ``None``: back to everything."""
        self.bot_only_permissions = permissions
        for guild in self.guilds.values():
            for role in guild.roles.values():
                if role.managed:
                    role.permissions = ALL_PERMISSIONS if permissions is None else permissions

    def permissions_for(self, user: UserRecord) -> int:
        """Resolved guild permissions of ``user``."""
        perms = 0
        guild = self.guild
        for rid in [guild.id, *user.role_ids]:
            role = guild.roles.get(rid)
            if role is not None:
                perms |= role.permissions
        if user.id == guild.owner_id:
            perms = ALL_PERMISSIONS
        return perms

    def send_interaction(
        self,
        user: FakeUser,
        channel: Channel,
        itype: InteractionType,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        source_message_id: int | None = None,
    ) -> InteractionResult:
        """Create an interaction and dispatch INTERACTION_CREATE to the bot."""
        interaction_id = self.ids.next()
        token = f"aW50ZXJhY3Rpb24.{interaction_id}.{secrets.token_urlsafe(24)}"
        guild_id = channel.guild_id
        record = user.record
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": int(itype),
            "data": data,
            "channel_id": str(channel.id),
            "token": token,
            "version": 1,
            "locale": record.locale,
            "app_permissions": str(ALL_PERMISSIONS if self.bot_only_permissions is None
                                   else self.bot_only_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.upload_limit,
        }
        if guild_id is not None:
            guild = self.guilds[guild_id]
            perms = self.permissions_for(record)
            payload.update(
                {
                    "guild_id": str(guild_id),
                    "guild": {"id": str(guild_id), "locale": guild.preferred_locale, "features": []},
                    "guild_locale": guild.preferred_locale,
                    "member": record.member_payload(permissions=perms),
                    "channel": channel.to_payload(permissions=perms),
                    "authorizing_integration_owners": {"0": str(guild_id)},
                    "context": 0,
                }
            )
        else:
            payload.update(
                {
                    "user": record.to_payload(),
                    "channel": channel.to_payload(permissions=MEMBER_PERMISSIONS, recipient=record),
                    "authorizing_integration_owners": {"1": str(record.id)},
                    "context": 1,
                }
            )
        if message is not None:
            payload["message"] = message.to_payload()
        result = InteractionResult(
            self,
            interaction_id=interaction_id,
            token=token,
            type=itype,
            user=user,
            channel=channel,
            data=data,
            payload=payload,
            source_message_id=source_message_id,
        )
        self.interactions[interaction_id] = result
        self._interactions_by_token[token] = result
        session = self.gateway.dispatch_one("INTERACTION_CREATE", payload, guild_id=guild_id)
        result.delivered = session is not None
        if session is not None:
            self.interaction_shards[interaction_id] = session.shard_id
        if session is None:
            log.warning("interaction %s: no gateway session to deliver it to", interaction_id)
        result.ack_deadline = self.ack_deadline
        handle = asyncio.get_running_loop().call_later(result.ack_deadline, self._ack_deadline_passed, result)
        self._deadline_handles.append(handle)
        self.notify()
        return result

    def _ack_deadline_passed(self, result: InteractionResult) -> None:
        if result.acknowledged:
            return
        result.expired = True
        self.unacknowledged_interactions.append(result)
        log.warning(
            "interaction %s (%s) was not acknowledged within %.1fs",
            result.id,
            result.type.name,
            result.ack_deadline,
        )
        self.notify()

    def _protocol_error(self, result: InteractionResult | None, text: str) -> None:
        log.error("protocol error: %s", text)
        self.protocol_errors.append(text)
        if result is not None:
            result.errors.append(text)

    def interaction_callback(
        self,
        interaction_id: int,
        token: str,
        body: Mapping[str, Any],
        files: Mapping[int, UploadedFile],
    ) -> dict[str, Any] | None:
        """POST /interactions/{id}/{token}/callback; returns the callback response body."""
        result = self.interactions.get(interaction_id)
        if result is None:
            raise ApiError(404, 10062, "Unknown interaction")
        if result.token != token:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if result.acknowledged:
            self._protocol_error(result, f"interaction {interaction_id} acknowledged twice")
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if result.expired or time.monotonic() - result.dispatched_at > result.ack_deadline:
            result.late_callback_at = time.monotonic()
            if not result.expired:
                self._ack_deadline_passed(result)
            self._protocol_error(
                result,
                f"interaction {interaction_id} acknowledged after the {result.ack_deadline:.1f}s deadline",
            )
            raise ApiError(404, 10062, "Unknown interaction")
        try:
            ctype = CallbackType(int(body.get("type", 0)))
        except ValueError:
            self._protocol_error(result, f"unknown callback type {body.get('type')!r}")
            raise form_error(
                "type", "BASE_TYPE_CHOICES", "Value must be one of the callback types."
            ) from None
        allowed = {
            InteractionType.APPLICATION_COMMAND: {4, 5, 9},
            InteractionType.MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
            InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE: {8},
            InteractionType.MODAL_SUBMIT: {4, 5} | ({6, 7} if result.source_message_id else set()),
        }[result.type]
        if ctype not in allowed:
            self._protocol_error(result, f"callback type {ctype.name} is not valid for {result.type.name}")
            raise ApiError(400, 50035, f"Interaction callback type {int(ctype)} is not valid here")
        data = dict(body.get("data") or {})
        channel = result.channel
        message: Message | None = None
        if ctype == CallbackType.CHANNEL_MESSAGE_WITH_SOURCE:
            visible_to = result.user.id if int(data.get("flags") or 0) & EPHEMERAL else None
            message = self.create_message(
                channel,
                self.bot_user,
                data,
                files,
                visible_to=visible_to,
                msg_type=20 if result.type == InteractionType.APPLICATION_COMMAND else 0,
                interaction=result,
            )
            result.original_message_id = message.id
        elif ctype == CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE:
            visible_to = result.user.id if int(data.get("flags") or 0) & EPHEMERAL else None
            message = self.create_message(
                channel,
                self.bot_user,
                {},
                visible_to=visible_to,
                extra_flags=LOADING,
                msg_type=20 if result.type == InteractionType.APPLICATION_COMMAND else 0,
                interaction=result,
            )
            result.original_message_id = message.id
        elif ctype in (CallbackType.DEFERRED_UPDATE_MESSAGE, CallbackType.UPDATE_MESSAGE):
            source = self.messages.get(result.source_message_id or 0)
            if source is None or source.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            result.original_message_id = source.id
            if ctype == CallbackType.UPDATE_MESSAGE:
                message = self.edit_message(source, data, files)
                result.edits.append(source.id)
        elif ctype == CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            if len(choices) > 25:
                self._protocol_error(result, f"autocomplete returned {len(choices)} choices (max 25)")
                raise form_error("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            check_choices(choices)
            from .interactions import Choice

            result.choices = [Choice(str(c["name"]), c["value"]) for c in choices]
        elif ctype == CallbackType.MODAL:
            if not data.get("custom_id") or not data.get("title"):
                self._protocol_error(result, "modal without custom_id/title")
                raise form_error("data", "BASE_TYPE_REQUIRED", "custom_id and title are required")
            if len(str(data["title"])) > 45:
                raise form_error("data.title", "BASE_TYPE_MAX_LENGTH", "Must be 45 or fewer in length.")
            for comp in walk_components(data.get("components")):
                check_component(comp, "data.components")
            result.modal = copy.deepcopy(data)
        result.callback_type = ctype
        result.callback_data = copy.deepcopy(data)
        result.acked_at = time.monotonic()
        self.notify()
        response: dict[str, Any] = {
            "interaction": {
                "id": str(result.id),
                "type": int(result.type),
                "response_message_loading": ctype == CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
            "resource": {"type": int(ctype)},
        }
        if message is not None:
            response["interaction"]["response_message_id"] = str(message.id)
            response["resource"]["message"] = message.to_payload()
        return response

    def interaction_for_token(self, application_id: int, token: str) -> InteractionResult:
        """Interaction behind a follow-up webhook token (``ApiError`` if unknown/expired)."""
        result = self._interactions_by_token.get(token)
        if result is None or application_id != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        if time.monotonic() - result.dispatched_at > self.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if not result.acknowledged:
            self._protocol_error(
                result, f"webhook call for interaction {result.id} before it was acknowledged"
            )
            raise ApiError(404, 10015, "Unknown Webhook")
        return result

    def followup(
        self, result: InteractionResult, body: Mapping[str, Any], files: Mapping[int, UploadedFile]
    ) -> Message:
        """POST /webhooks/{app}/{token}: a follow-up (resolving a pending defer first)."""
        original = result.original
        if (
            result.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # Discord: the first follow-up after a deferred response edits the loading message and
            # keeps the defer's ephemerality (the follow-up's own flags are ignored).
            message = self.edit_message(original, {**body, "content": body.get("content")}, files)
        else:
            visible_to = result.user.id if int(body.get("flags") or 0) & EPHEMERAL else None
            message = self.create_message(
                result.channel, self.bot_user, body, files, visible_to=visible_to, interaction=result
            )
        result.followup_ids.append(message.id)
        self.notify()
        return message

    def interaction_message(self, result: InteractionResult, message_ref: str) -> Message:
        """Resolve ``@original`` or a message id in the webhook message routes."""
        if message_ref == "@original":
            if result.original_message_id is None:
                raise ApiError(404, 10008, "Unknown Message")
            message = self.messages[result.original_message_id]
        else:
            try:
                mid = int(message_ref)
            except ValueError:
                raise ApiError(404, 10008, "Unknown Message") from None
            if mid != result.original_message_id and mid not in result.followup_ids:
                raise ApiError(404, 10008, "Unknown Message")
            message = self.messages[mid]
        if message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message


def _text(description: str | Callable[[], str]) -> str:
    return description() if callable(description) else description
