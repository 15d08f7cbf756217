"""The gateway half of the loopback server: a Discord v10 gateway over aiohttp websockets.

Supports HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME (replaying missed events),
INVALID_SESSION, RECONNECT, REQUEST_GUILD_MEMBERS and ``zlib-stream`` / ``zstd-stream`` transport
compression (what discord.py asks for), or plain text frames when no compression is requested.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from ._util import API_VERSION

if TYPE_CHECKING:
    from .server import LoopbackDiscord

log = logging.getLogger("discord_loopback.gateway")


class Op:
    """Gateway opcodes."""

    DISPATCH = 0
    HEARTBEAT = 1
    IDENTIFY = 2
    PRESENCE_UPDATE = 3
    VOICE_STATE_UPDATE = 4
    RESUME = 6
    RECONNECT = 7
    REQUEST_GUILD_MEMBERS = 8
    INVALID_SESSION = 9
    HELLO = 10
    HEARTBEAT_ACK = 11


class Intent:
    """Gateway intent bits used to filter dispatches."""

    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_MESSAGES = 1 << 9
    GUILD_MESSAGE_REACTIONS = 1 << 10
    GUILD_MESSAGE_TYPING = 1 << 11
    DIRECT_MESSAGES = 1 << 12
    DIRECT_MESSAGE_REACTIONS = 1 << 13
    DIRECT_MESSAGE_TYPING = 1 << 14
    MESSAGE_CONTENT = 1 << 15


_CLOSE = object()


class _Compressor:
    """Per-connection transport compression context."""

    def __init__(self, kind: str | None) -> None:
        self.kind = kind
        self._zlib: Any = None
        self._zstd: Any = None
        self._zstd_flush: Any = None
        if kind == "zlib-stream":
            self._zlib = zlib.compressobj()
        elif kind == "zstd-stream":
            self._init_zstd()

    def _init_zstd(self) -> None:
        try:
            from compression import zstd  # type: ignore[import-not-found]  # Python >= 3.14

            self._zstd = zstd.ZstdCompressor()
            self._zstd_flush = lambda data: self._zstd.compress(data, mode=zstd.ZstdCompressor.FLUSH_BLOCK)
            return
        except ImportError:
            pass
        try:
            import zstandard  # type: ignore[import-not-found]
        except ImportError:
            log.error("client asked for zstd-stream but no zstd implementation is available; sending text")
            self.kind = None
            return
        obj = zstandard.ZstdCompressor().compressobj()
        self._zstd = obj
        self._zstd_flush = lambda data: obj.compress(data) + obj.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)

    def encode(self, text: str) -> str | bytes:
        """Encode one gateway message for the wire."""
        raw = text.encode("utf-8")
        if self._zlib is not None:
            return self._zlib.compress(raw) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
        if self._zstd_flush is not None:
            return bytes(self._zstd_flush(raw))
        return text


class GatewayConnection:
    """One websocket connection; outgoing payloads go through a queue so order is preserved."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None, number: int) -> None:
        self.ws = ws
        self.number = number
        self.compressor = _Compressor(compress)
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.session: GatewaySession | None = None
        self.last_heartbeat: float = time.monotonic()
        self.closing_code: int | None = None
        """Close code when the server initiated the close."""
        self.writer = asyncio.get_running_loop().create_task(self._write_loop())

    def send(self, payload: dict[str, Any]) -> None:
        """Queue ``payload`` for sending."""
        self.queue.put_nowait(payload)

    def close(self, code: int = 4000, message: str = "") -> None:
        """Close the connection after everything queued so far was sent."""
        if self.closing_code is None:
            self.closing_code = code
        self.queue.put_nowait((_CLOSE, code, message))

    async def _write_loop(self) -> None:
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple) and item and item[0] is _CLOSE:
                _, code, message = item
                with contextlib.suppress(Exception):
                    await self.ws.close(code=code, message=message.encode())
                return
            try:
                wire = self.compressor.encode(json.dumps(item, separators=(",", ":")))
                if isinstance(wire, bytes):
                    await self.ws.send_bytes(wire)
                else:
                    await self.ws.send_str(wire)
            except Exception as exc:  # connection went away
                log.debug("gateway connection %s: send failed: %r", self.number, exc)
                return

    async def stop(self) -> None:
        """Stop the writer task."""
        if not self.writer.done():
            self.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.writer


@dataclass
class GatewaySession:
    """A gateway session (survives reconnects; RESUME replays from ``buffer``)."""

    session_id: str
    shard_id: int
    shard_count: int
    intents: int
    token: str
    identified_at: float = field(default_factory=time.monotonic)
    seq: int = 0
    buffer: collections.deque[dict[str, Any]] = field(default_factory=lambda: collections.deque(maxlen=10000))
    connection: GatewayConnection | None = None
    invalidated: bool = False
    presence: dict[str, Any] | None = None
    dispatched: list[str] = field(default_factory=list)
    """Names of every event dispatched on this session, in order."""

    @property
    def connected(self) -> bool:
        """Whether a live websocket is attached."""
        return self.connection is not None and not self.invalidated

    def handles_guild(self, guild_id: int | None) -> bool:
        """Whether events of ``guild_id`` go to this session's shard (DMs go to shard 0)."""
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send (or buffer, when disconnected) one DISPATCH; returns its sequence number."""
        self.seq += 1
        payload = {"op": Op.DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(payload)
        self.dispatched.append(event)
        if self.connection is not None:
            self.connection.send(payload)
        return self.seq


EventData = dict[str, Any] | Callable[[GatewaySession], dict[str, Any] | None]


class Gateway:
    """Accepts gateway websockets and routes events to sessions."""

    def __init__(self, server: LoopbackDiscord, heartbeat_interval_ms: int = 41250) -> None:
        self.server = server
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: set[GatewayConnection] = set()
        self.identify_count = 0
        """Number of successful IDENTIFYs (each one creates a session)."""
        self.resume_count = 0
        """Number of successful RESUMEs."""
        self.handshake_count = 0
        """Successful IDENTIFY + RESUME handshakes; see ``LoopbackDiscord.wait_for_connection``."""
        self.invalid_session_count = 0
        self._connection_numbers = 0

    # -- websocket handler -------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp handler for ``/gateway``."""
        version = request.query.get("v")
        encoding = request.query.get("encoding", "json")
        compress = request.query.get("compress")
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self._connection_numbers += 1
        conn = GatewayConnection(ws, compress, self._connection_numbers)
        self.connections.add(conn)
        log.info(
            "gateway connection %s opened (v=%s encoding=%s compress=%s)",
            conn.number,
            version,
            encoding,
            compress,
        )
        if version is not None and version != str(API_VERSION):
            log.error("gateway: client asked for API v%s, only v%s is emulated", version, API_VERSION)
        if encoding != "json":
            log.error("gateway: encoding %r is not supported (only json)", encoding)
            conn.close(4002, "unsupported encoding")
        else:
            conn.send(
                {
                    "op": Op.HELLO,
                    "d": {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ["loopback"]},
                }
            )
        client_close_code: int | None = None
        try:
            while True:
                msg = await ws.receive()
                if msg.type == WSMsgType.CLOSE:
                    client_close_code = msg.data
                    break
                if msg.type in (WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
                if msg.type == WSMsgType.TEXT:
                    text = msg.data
                elif msg.type == WSMsgType.BINARY:
                    text = msg.data.decode("utf-8")
                else:
                    continue
                try:
                    payload = json.loads(text)
                except ValueError:
                    log.error("gateway: undecodable payload %r", text[:200])
                    conn.close(4002, "decode error")
                    continue
                self._on_payload(conn, payload)
        finally:
            close_code = client_close_code if client_close_code is not None else ws.close_code
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                # A clean close *by the client* ends the session (Discord: 1000/1001 are not resumable).
                if client_close_code in (1000, 1001) and conn.closing_code is None:
                    session.invalidated = True
            self.connections.discard(conn)
            await conn.stop()
            log.info("gateway connection %s closed (code=%s)", conn.number, close_code)
            self.server.notify()
        return ws

    def _on_payload(self, conn: GatewayConnection, payload: dict[str, Any]) -> None:
        op = payload.get("op")
        data = payload.get("d")
        if op == Op.HEARTBEAT:
            conn.last_heartbeat = time.monotonic()
            conn.send({"op": Op.HEARTBEAT_ACK})
        elif op == Op.IDENTIFY:
            self._identify(conn, data or {})
        elif op == Op.RESUME:
            self._resume(conn, data or {})
        elif op == Op.PRESENCE_UPDATE:
            if conn.session is not None:
                conn.session.presence = data
        elif op == Op.REQUEST_GUILD_MEMBERS:
            self._request_members(conn, data or {})
        elif op == Op.VOICE_STATE_UPDATE:
            log.warning("gateway: voice state update ignored: %r", data)
        else:
            log.error("gateway: unknown opcode %r: %r", op, payload)
            conn.close(4001, "unknown opcode")

    def _identify(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        if conn.session is not None:
            conn.close(4005, "already authenticated")
            return
        if data.get("token") != self.server.token:
            log.error("gateway: IDENTIFY with a wrong token")
            conn.close(4004, "authentication failed")
            return
        if "intents" not in data:
            conn.close(4013, "invalid intents")
            return
        shard_id, shard_count = data.get("shard") or [0, 1]
        if not 0 <= shard_id < shard_count:
            conn.close(4010, "invalid shard")
            return
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            shard_id=shard_id,
            shard_count=shard_count,
            intents=int(data["intents"]),
            token=data["token"],
            presence=data.get("presence"),
        )
        self.sessions[session.session_id] = session
        session.connection = conn
        conn.session = session
        self.identify_count += 1
        guilds = [g for g in self.server.guilds.values() if session.handles_guild(g.id)]
        session.dispatch("READY", self.server.ready_payload(session, guilds))
        for guild in guilds:
            session.dispatch("GUILD_CREATE", self.server.guild_create_payload(guild))
        self.handshake_count += 1
        log.info(
            "gateway: session %s identified (shard %s/%s, intents=%s)",
            session.session_id,
            shard_id,
            shard_count,
            session.intents,
        )
        self.server.notify()

    def _resume(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        seq = data.get("seq") or 0
        if session is None or session.invalidated or data.get("token") != session.token:
            log.info(
                "gateway: RESUME of unknown/invalid session %r -> INVALID_SESSION", data.get("session_id")
            )
            self.invalid_session_count += 1
            conn.send({"op": Op.INVALID_SESSION, "d": False})
            self.server.notify()
            return
        if session.buffer and session.buffer[0]["s"] > seq + 1:
            log.info(
                "gateway: RESUME of session %s from seq %s is too old -> INVALID_SESSION",
                session.session_id,
                seq,
            )
            session.invalidated = True
            self.invalid_session_count += 1
            conn.send({"op": Op.INVALID_SESSION, "d": False})
            self.server.notify()
            return
        old = session.connection
        if old is not None and old is not conn:
            old.session = None
            old.close(4000, "session resumed elsewhere")
        session.connection = conn
        conn.session = session
        replay = [p for p in session.buffer if p["s"] > seq]
        for payload in replay:
            conn.send(payload)
        session.dispatch("RESUMED", {"_trace": ["loopback"]})
        self.resume_count += 1
        self.handshake_count += 1
        log.info(
            "gateway: session %s resumed from seq %s (%s replayed)", session.session_id, seq, len(replay)
        )
        self.server.notify()

    def _request_members(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            conn.close(4003, "not authenticated")
            return
        guild_ids = data.get("guild_id")
        if not isinstance(guild_ids, list):
            guild_ids = [guild_ids]
        for gid in guild_ids:
            guild = self.server.guilds.get(int(gid))
            if guild is None:
                continue
            members = [self.server.users[uid].member_payload() for uid in guild.member_ids]
            wanted = data.get("user_ids")
            if wanted:
                wanted_ids = {str(u) for u in (wanted if isinstance(wanted, list) else [wanted])}
                members = [m for m in members if m["user"]["id"] in wanted_ids]
            query = data.get("query")
            if query:
                members = [m for m in members if m["user"]["username"].lower().startswith(str(query).lower())]
            limit = data.get("limit") or 0
            if limit:
                members = members[:limit]
            chunk: dict[str, Any] = {
                "guild_id": str(guild.id),
                "members": members,
                "chunk_index": 0,
                "chunk_count": 1,
            }
            if data.get("nonce") is not None:
                chunk["nonce"] = data["nonce"]
            if data.get("presences"):
                chunk["presences"] = []
            session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # -- routing -------------------------------------------------------------------------------

    def live_sessions(self) -> list[GatewaySession]:
        """Sessions that are not invalidated (connected or resumable), oldest first."""
        return [s for s in self.sessions.values() if not s.invalidated]

    def dispatch(
        self, event: str, data: EventData, *, guild_id: int | None, intent: int | None = None
    ) -> int:
        """Dispatch to every live session that handles ``guild_id`` and has ``intent``.

        ``data`` may be a callable returning per-session data (or ``None`` to skip the session).
        Returns how many sessions received it.
        """
        count = 0
        for session in self.live_sessions():
            if not session.handles_guild(guild_id):
                continue
            if intent is not None and not session.intents & intent:
                continue
            payload = data(session) if callable(data) else data
            if payload is None:
                continue
            session.dispatch(event, payload)
            count += 1
        return count

    def dispatch_one(
        self, event: str, data: dict[str, Any], *, guild_id: int | None
    ) -> GatewaySession | None:
        """Dispatch to a single session (the newest connected one, else the newest resumable)."""
        candidates = [s for s in self.live_sessions() if s.handles_guild(guild_id)]
        if not candidates:
            return None
        connected = [s for s in candidates if s.connected]
        session = (connected or candidates)[-1]
        session.dispatch(event, data)
        return session

    # -- fault injection -----------------------------------------------------------------------

    def drop_connections(self, code: int = 4000) -> int:
        """Close every gateway websocket with ``code`` (4000 lets clients RESUME)."""
        conns = list(self.connections)
        for conn in conns:
            conn.close(code, "loopback: dropped by test")
        return len(conns)

    def request_reconnect(self) -> int:
        """Send op 7 RECONNECT on every connection (clients reconnect and RESUME)."""
        conns = [c for c in self.connections if c.session is not None]
        for conn in conns:
            conn.send({"op": Op.RECONNECT, "d": None})
        return len(conns)

    def invalidate_sessions(self) -> int:
        """Send op 9 INVALID_SESSION (not resumable) everywhere; clients must IDENTIFY again."""
        count = 0
        for session in self.live_sessions():
            session.invalidated = True
            if session.connection is not None:
                session.connection.send({"op": Op.INVALID_SESSION, "d": False})
                count += 1
        return count

    async def close_all(self) -> None:
        """Close every connection (server shutdown)."""
        for conn in list(self.connections):
            conn.close(1001, "server shutting down")
        for conn in list(self.connections):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(conn.writer), 1.0)
