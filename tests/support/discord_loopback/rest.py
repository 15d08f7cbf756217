"""The REST half of the loopback server (``/api/v10/...``).

Only routes a game bot needs are implemented; anything else is logged loudly, recorded in
``LoopbackDiscord.unknown_routes`` and answered with a 404 JSON error.
"""

from __future__ import annotations

import json
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import permissions
from ._limits import check_choices, check_localizations, check_name
from ._util import API_VERSION, ApiError, form_error
from .model import ChannelType
from .patch import PROCESS_HEADER
from .ratelimits import RateLimitHit, Verdict
from .server import Answer, InjectedError, RequestRecord, UploadedFile

if TYPE_CHECKING:
    from .server import LoopbackDiscord

log = logging.getLogger("discord_loopback.rest")

_PREFIX = f"/api/v{API_VERSION}"


@dataclass
class RestRequest:
    """A parsed REST request."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    headers: dict[str, str]
    body: Any = None
    files: dict[int, UploadedFile] = field(default_factory=dict)

    def json(self) -> dict[str, Any]:
        """The JSON body (``{}`` when absent)."""
        return self.body if isinstance(self.body, dict) else {}

    def int_param(self, name: str) -> int:
        """Path parameter ``name`` as an integer snowflake (404 when malformed)."""
        try:
            return int(self.params[name])
        except ValueError:
            raise ApiError(404, 10003, f"Unknown {name}") from None


Handler = Callable[[RestRequest], Awaitable[Any]]


@dataclass
class _Route:
    method: str
    template: str
    regex: re.Pattern[str]
    handler: Handler
    auth: bool


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON response with exactly ``Content-Type: application/json`` (discord.py compares it verbatim)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(body=body, status=status, headers={**(headers or {}), "Content-Type": "application/json"})


class _NoContent:
    """Marker result: answer 204."""


NO_CONTENT = _NoContent()


async def _parse_body(request: web.Request) -> tuple[Any, dict[int, UploadedFile]]:
    files: dict[int, UploadedFile] = {}
    ctype = request.content_type
    if ctype.startswith("multipart/"):
        body: Any = None
        reader = await request.multipart()
        extra_index = 0
        while True:
            part: Any = await reader.next()
            if part is None:
                break
            name = part.name or ""
            if name == "payload_json":
                body = json.loads(await part.text())
                continue
            data = bytes(await part.read())
            if part.filename is None:
                log.warning("multipart field %r without filename ignored", name)
                continue
            match = re.fullmatch(r"files\[(\d+)\]", name)
            if match:
                index = int(match.group(1))
            else:
                index = 1000 + extra_index
                extra_index += 1
            files[index] = UploadedFile(part.filename, data, part.headers.get("Content-Type"))
        return body, files
    raw = await request.read()
    if not raw:
        return None, files
    try:
        return json.loads(raw), files
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None


class RestApi:
    """Route table and handlers; every handler works on the shared ``LoopbackDiscord`` state."""

    def __init__(self, server: LoopbackDiscord) -> None:
        self.server = server
        self.routes: list[_Route] = []
        s = self
        # identity / gateway
        s.add("GET", "/users/@me", s.get_me)
        s.add("GET", "/users/{user_id}", s.get_user)
        s.add("POST", "/users/@me/channels", s.create_dm)
        s.add("GET", "/gateway", s.get_gateway, auth=False)
        s.add("GET", "/gateway/bot", s.get_gateway_bot)
        s.add("GET", "/oauth2/applications/@me", s.get_application)
        s.add("GET", "/applications/@me", s.get_application)
        # application commands
        s.add("GET", "/applications/{app_id}/commands", s.list_commands)
        s.add("PUT", "/applications/{app_id}/commands", s.overwrite_commands)
        s.add("POST", "/applications/{app_id}/commands", s.upsert_command)
        s.add("GET", "/applications/{app_id}/commands/{command_id}", s.get_command)
        s.add("PATCH", "/applications/{app_id}/commands/{command_id}", s.edit_command)
        s.add("DELETE", "/applications/{app_id}/commands/{command_id}", s.delete_command)
        s.add("GET", "/applications/{app_id}/guilds/{guild_id}/commands", s.list_commands)
        s.add("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", s.overwrite_commands)
        s.add("POST", "/applications/{app_id}/guilds/{guild_id}/commands", s.upsert_command)
        s.add("GET", "/applications/{app_id}/guilds/{guild_id}/commands/permissions", s.command_permissions)
        s.add("GET", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", s.get_command)
        s.add("PATCH", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", s.edit_command)
        s.add("DELETE", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}", s.delete_command)
        # interactions and their webhooks
        s.add("POST", "/interactions/{interaction_id}/{token}/callback", s.interaction_callback, auth=False)
        s.add("POST", "/webhooks/{app_id}/{token}", s.webhook_execute, auth=False)
        s.add("GET", "/webhooks/{app_id}/{token}/messages/{message}", s.webhook_get_message, auth=False)
        s.add("PATCH", "/webhooks/{app_id}/{token}/messages/{message}", s.webhook_edit_message, auth=False)
        s.add("DELETE", "/webhooks/{app_id}/{token}/messages/{message}", s.webhook_delete_message, auth=False)
        # channels and messages
        s.add("GET", "/channels/{channel_id}", s.get_channel)
        s.add("PATCH", "/channels/{channel_id}", s.edit_channel)
        s.add("DELETE", "/channels/{channel_id}", s.delete_channel)
        s.add("GET", "/channels/{channel_id}/messages", s.list_messages)
        s.add("POST", "/channels/{channel_id}/messages", s.create_message)
        s.add("GET", "/channels/{channel_id}/messages/{message_id}", s.get_message)
        s.add("PATCH", "/channels/{channel_id}/messages/{message_id}", s.edit_message)
        s.add("DELETE", "/channels/{channel_id}/messages/{message_id}", s.delete_message)
        s.add("POST", "/channels/{channel_id}/typing", s.typing)
        s.add("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", s.add_reaction)
        s.add(
            "DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", s.remove_reaction
        )
        s.add("PUT", "/channels/{channel_id}/pins/{message_id}", s.pin)
        s.add("DELETE", "/channels/{channel_id}/pins/{message_id}", s.unpin)
        s.add("PUT", "/channels/{channel_id}/messages/pins/{message_id}", s.pin)
        s.add("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", s.unpin)
        # threads
        s.add("POST", "/channels/{channel_id}/threads", s.create_thread)
        s.add("POST", "/channels/{channel_id}/messages/{message_id}/threads", s.create_thread_from_message)
        s.add("PUT", "/channels/{channel_id}/thread-members/{user_id}", s.add_thread_member)
        s.add("DELETE", "/channels/{channel_id}/thread-members/{user_id}", s.remove_thread_member)
        s.add("GET", "/channels/{channel_id}/thread-members", s.list_thread_members)
        s.add("GET", "/channels/{channel_id}/thread-members/{user_id}", s.get_thread_member)
        # guilds
        s.add("GET", "/guilds/{guild_id}", s.get_guild)
        s.add("GET", "/guilds/{guild_id}/channels", s.list_guild_channels)
        s.add("POST", "/guilds/{guild_id}/channels", s.create_guild_channel)
        s.add("GET", "/guilds/{guild_id}/members", s.list_members)
        s.add("GET", "/guilds/{guild_id}/members/{user_id}", s.get_member)
        s.add("GET", "/guilds/{guild_id}/roles", s.list_roles)
        s.add("GET", "/guilds/{guild_id}/threads/active", s.active_threads)

    # -- plumbing ------------------------------------------------------------------------------

    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        """Register ``handler`` for ``method template`` (``{name}`` matches one path segment)."""
        pattern = re.sub(
            r"\{(\w+)\}", r"(?P<\1>[^/]+)", re.escape(template).replace(r"\{", "{").replace(r"\}", "}")
        )
        self.routes.append(_Route(method, template, re.compile(f"^{pattern}$"), handler, auth))

    def _match(self, method: str, path: str) -> tuple[_Route, dict[str, str]] | None:
        for route in self.routes:
            if route.method != method:
                continue
            match = route.regex.match(path)
            if match:
                return route, match.groupdict()
        return None

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Catch-all aiohttp handler: dispatch to the route table."""
        server = self.server
        method = request.method
        full_path = request.path
        if not full_path.startswith(_PREFIX + "/"):
            return self._unknown(method, full_path)
        path = full_path[len(_PREFIX) :]
        found = self._match(method, path)
        if found is None:
            return self._unknown(method, full_path)
        route, params = found
        process = request.headers.get(PROCESS_HEADER)
        if process is not None:
            server.answers.append(Answer(process, server.guild_of_request(params), method, route.template))
        limit_headers: dict[str, str] = {}
        try:
            if route.auth and request.headers.get("Authorization") != f"Bot {server.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            if server.rate_limits:
                verdict = server.limiter.check(method, route.template, params)
                limit_headers = verdict.headers
                if verdict.retry_after > 0:
                    return self._too_many(method, route.template, verdict)
            injected = server.take_failure(method, route.template)
            if injected is not None:
                raise injected
            body, files = await _parse_body(request)
            if route.auth:
                self._check_permissions(method, route.template, params, body, bool(files))
            req = RestRequest(
                method=method,
                path=path,
                params=params,
                query=dict(request.query),
                headers=dict(request.headers),
                body=body,
                files=files,
            )
            result = await route.handler(req)
        except ApiError as exc:
            body_json = exc.to_json()
            if isinstance(exc, InjectedError):
                server.injected_responses.append((method, full_path, exc.status, body_json))
            else:
                server.error_responses.append((method, full_path, exc.status, body_json))
            server.requests.append(RequestRecord(method, route.template, exc.status))
            log.info("%s %s -> %s %s", method, full_path, exc.status, body_json)
            server.notify()
            return json_response(body_json, status=exc.status, headers=limit_headers)
        except Exception:
            log.exception("loopback: handler for %s %s crashed", method, full_path)
            server.error_responses.append((method, full_path, 500, {"message": "loopback handler crashed"}))
            server.protocol_errors.append(f"loopback server bug handling {method} {full_path}")
            server.notify()
            return json_response({"message": "500: Internal Server Error (loopback)", "code": 0}, status=500)
        if isinstance(result, _NoContent):
            server.requests.append(RequestRecord(method, route.template, 204))
            return web.Response(status=204, headers=limit_headers)
        server.requests.append(RequestRecord(method, route.template, 200))
        return json_response(result, headers=limit_headers)

    def _check_permissions(self, method: str, template: str, params: Mapping[str, str], body: Any,
                           has_files: bool) -> None:
        """403 ``50013`` when the bot lacks a permission the request needs in its guild
        (:mod:`.permissions`)."""
        server = self.server
        channel = None
        if params.get("channel_id", "").isdigit():
            channel = server.channels.get(int(params["channel_id"]))
        guild_id = channel.guild_id if channel is not None else None
        if guild_id is None and params.get("guild_id", "").isdigit():
            guild_id = int(params["guild_id"])
        if guild_id is None or guild_id not in server.guilds:
            return
        author = None
        if params.get("message_id", "").isdigit():
            message = server.messages.get(int(params["message_id"]))
            author = message.author.id if message is not None else None
        need = permissions.required(method, template, channel, body, has_files, author, server.bot_user.id)
        if need:
            permissions.check(server.bot_permissions(guild_id), need)

    def _too_many(self, method: str, template: str, verdict: Verdict) -> web.Response:
        """429 as Discord sends it (discord.py retries it after ``retry_after`` seconds)."""
        server = self.server
        retry_after = round(verdict.retry_after, 3)
        server.rate_limited.append(
            RateLimitHit(method, template, verdict.bucket, retry_after, verdict.is_global, time.monotonic())
        )
        server.requests.append(RequestRecord(method, template, 429))
        log.info("%s %s -> 429 (retry after %.3f s, bucket %s)", method, template, retry_after, verdict.bucket)
        server.notify()
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": verdict.is_global,
            "code": 0,
        }
        headers = {**verdict.headers, "Retry-After": str(max(1, math.ceil(retry_after))), "Via": "1.1 google"}
        return json_response(body, status=429, headers=headers)

    def _unknown(self, method: str, path: str) -> web.Response:
        entry = f"{method} {path}"
        log.error("loopback Discord: UNKNOWN ROUTE %s (not emulated) -> 404", entry)
        self.server.unknown_routes.append(entry)
        self.server.error_responses.append((method, path, 404, {"code": 0}))
        self.server.notify()
        return json_response(
            {"message": f"404: Not Found (loopback does not emulate {entry})", "code": 0}, status=404
        )

    async def serve_attachment(self, request: web.Request) -> web.StreamResponse:
        """GET /attachments/{channel}/{id}/{filename}: the stored bytes (like the CDN)."""
        try:
            att = self.server.attachments[int(request.match_info["attachment_id"])]
        except (KeyError, ValueError):
            return web.Response(status=404, text="attachment not found")
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")

    # -- identity ------------------------------------------------------------------------------

    async def get_me(self, req: RestRequest) -> Any:
        """GET /users/@me."""
        data = self.server.bot_user.to_payload()
        data.update(
            {
                "bot": True,
                "verified": True,
                "mfa_enabled": False,
                "flags": 0,
                "email": None,
                "locale": "en-US",
                "premium_type": 0,
            }
        )
        return data

    async def get_user(self, req: RestRequest) -> Any:
        """GET /users/{id}."""
        user = self.server.users.get(req.int_param("user_id"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user.to_payload()

    async def create_dm(self, req: RestRequest) -> Any:
        """POST /users/@me/channels {recipient_id}."""
        user = self.server.users.get(int(req.json().get("recipient_id") or 0))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        chan = self.server.dm_channel(user)
        return chan.to_payload(recipient=user)

    async def get_gateway(self, req: RestRequest) -> Any:
        """GET /gateway."""
        return {"url": self.server.gateway_url}

    async def get_gateway_bot(self, req: RestRequest) -> Any:
        """GET /gateway/bot."""
        return {
            "url": self.server.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000 - self.server.gateway.identify_count,
                "reset_after": 86_400_000,
                "max_concurrency": 1,
            },
        }

    async def get_application(self, req: RestRequest) -> Any:
        """GET /oauth2/applications/@me."""
        server = self.server
        return {
            "id": str(server.application_id),
            "name": server.application_name,
            "icon": None,
            "description": "Loopback test application",
            "summary": "",
            "type": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": server.owner.to_payload(),
            "team": None,
            "flags": 0,
            "bot": server.bot_user.to_payload(),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "tags": [],
            "approximate_guild_count": len(server.guilds),
            "integration_types_config": {"0": {}},
        }

    # -- commands ------------------------------------------------------------------------------

    def _command_store(self, req: RestRequest) -> tuple[int | None, dict[int, dict[str, Any]]]:
        if req.int_param("app_id") != self.server.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in req.params:
            gid = req.int_param("guild_id")
            if gid not in self.server.guilds:
                raise ApiError(404, 10004, "Unknown Guild")
            return gid, self.server.guild_commands.setdefault(gid, {})
        return None, self.server.global_commands

    def _validate_command(self, cmd: dict[str, Any]) -> None:
        name = cmd.get("name")
        ctype = int(cmd.get("type") or 1)
        check_name(name, "name", chat_input=ctype == 1)
        check_localizations(cmd.get("name_localizations"), "name_localizations", ctype == 1)
        if ctype == 1:
            if not 1 <= len(cmd.get("description") or "") <= 100:
                raise form_error(
                    "description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
                )
            check_localizations(cmd.get("description_localizations"), "description_localizations", None)
            self._validate_options(cmd.get("options") or [], str(name))

    def _validate_options(self, options: list[dict[str, Any]], where: str) -> None:
        if len(options) > 25:
            raise form_error(f"{where}.options", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        seen_optional = False
        for opt in options:
            oname = str(opt.get("name"))
            check_name(opt.get("name"), f"{where}.options")
            check_localizations(opt.get("name_localizations"), f"{where}.{oname}.name_localizations", True)
            check_localizations(
                opt.get("description_localizations"), f"{where}.{oname}.description_localizations", None
            )
            check_choices(opt.get("choices") or [], f"{where}.{oname}.choices")
            if not 1 <= len(opt.get("description") or "") <= 100:
                raise form_error(
                    f"{where}.{oname}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100."
                )
            if len(opt.get("choices") or []) > 25:
                raise form_error(
                    f"{where}.{oname}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            if opt.get("choices") and opt.get("autocomplete"):
                raise form_error(f"{where}.{oname}", "AUTOCOMPLETE_AND_CHOICES", "Autocomplete with choices")
            if opt.get("type") in (1, 2):
                self._validate_options(opt.get("options") or [], f"{where}.{oname}")
                continue
            if opt.get("required"):
                if seen_optional:
                    raise form_error(
                        f"{where}.options",
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
            else:
                seen_optional = True

    def _store_command(
        self, guild_id: int | None, cmd: dict[str, Any], existing: dict[str, Any] | None
    ) -> dict[str, Any]:
        server = self.server
        self._validate_command(cmd)
        stored = dict(cmd)
        stored["id"] = existing["id"] if existing else str(server.ids.next())
        stored["application_id"] = str(server.application_id)
        stored["version"] = str(server.ids.next())
        stored.setdefault("type", 1)
        stored.setdefault("description", "")
        stored.setdefault("default_member_permissions", None)
        stored.setdefault("nsfw", False)
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    async def list_commands(self, req: RestRequest) -> Any:
        """GET application commands."""
        _, store = self._command_store(req)
        return list(store.values())

    async def overwrite_commands(self, req: RestRequest) -> Any:
        """PUT (bulk overwrite) application commands."""
        guild_id, store = self._command_store(req)
        commands = req.body if isinstance(req.body, list) else []
        if len(commands) > 100:
            raise ApiError(400, 30032, "Maximum number of application commands reached (100)")
        keys = [(c.get("name"), int(c.get("type") or 1)) for c in commands]
        if len(set(keys)) != len(keys):
            raise form_error(
                "name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
            )
        by_key = {(c["name"], int(c.get("type") or 1)): c for c in store.values()}
        new = [
            self._store_command(guild_id, c, by_key.get((c.get("name"), int(c.get("type") or 1))))
            for c in commands
        ]
        store.clear()
        for cmd in new:
            store[int(cmd["id"])] = cmd
        self.server.command_syncs.append((guild_id, [c["name"] for c in new]))
        self.server.notify()
        return new

    async def upsert_command(self, req: RestRequest) -> Any:
        """POST one application command (create or replace by name)."""
        guild_id, store = self._command_store(req)
        body = req.json()
        existing = next(
            (
                c
                for c in store.values()
                if c["name"] == body.get("name") and int(c.get("type", 1)) == int(body.get("type") or 1)
            ),
            None,
        )
        cmd = self._store_command(guild_id, body, existing)
        store[int(cmd["id"])] = cmd
        self.server.notify()
        return cmd

    def _find_command(self, req: RestRequest) -> tuple[dict[int, dict[str, Any]], int, int | None]:
        guild_id, store = self._command_store(req)
        cid = req.int_param("command_id")
        if cid not in store:
            raise ApiError(404, 10063, "Unknown application command")
        return store, cid, guild_id

    async def get_command(self, req: RestRequest) -> Any:
        """GET one application command."""
        store, cid, _ = self._find_command(req)
        return store[cid]

    async def edit_command(self, req: RestRequest) -> Any:
        """PATCH one application command."""
        store, cid, guild_id = self._find_command(req)
        merged = {**store[cid], **req.json()}
        store[cid] = self._store_command(guild_id, merged, store[cid])
        self.server.notify()
        return store[cid]

    async def delete_command(self, req: RestRequest) -> Any:
        """DELETE one application command."""
        store, cid, _ = self._find_command(req)
        del store[cid]
        self.server.notify()
        return NO_CONTENT

    async def command_permissions(self, req: RestRequest) -> Any:
        """GET guild command permissions (none configured)."""
        self._command_store(req)
        return []

    # -- interactions --------------------------------------------------------------------------

    async def interaction_callback(self, req: RestRequest) -> Any:
        """POST /interactions/{id}/{token}/callback."""
        result = self.server.interaction_callback(
            req.int_param("interaction_id"), req.params["token"], req.json(), req.files
        )
        if req.query.get("with_response") in ("1", "true", "True"):
            return result
        return NO_CONTENT

    async def webhook_execute(self, req: RestRequest) -> Any:
        """POST /webhooks/{app_id}/{token}: interaction follow-up."""
        result = self.server.interaction_for_token(req.int_param("app_id"), req.params["token"])
        message = self.server.followup(result, req.json(), req.files)
        if req.query.get("wait", "1") in ("0", "false", "False"):
            return NO_CONTENT
        return message.to_payload()

    async def webhook_get_message(self, req: RestRequest) -> Any:
        """GET /webhooks/{app_id}/{token}/messages/{id|@original}."""
        result = self.server.interaction_for_token(req.int_param("app_id"), req.params["token"])
        return self.server.interaction_message(result, req.params["message"]).to_payload()

    async def webhook_edit_message(self, req: RestRequest) -> Any:
        """PATCH /webhooks/{app_id}/{token}/messages/{id|@original}."""
        server = self.server
        result = server.interaction_for_token(req.int_param("app_id"), req.params["token"])
        message = server.interaction_message(result, req.params["message"])
        server.edit_message(message, req.json(), req.files)
        result.edits.append(message.id)
        server.notify()
        return message.to_payload()

    async def webhook_delete_message(self, req: RestRequest) -> Any:
        """DELETE /webhooks/{app_id}/{token}/messages/{id|@original}."""
        result = self.server.interaction_for_token(req.int_param("app_id"), req.params["token"])
        message = self.server.interaction_message(result, req.params["message"])
        self.server.delete_message(message)
        result.deleted_ids.append(message.id)
        self.server.notify()
        return NO_CONTENT

    # -- channels / messages -------------------------------------------------------------------

    async def get_channel(self, req: RestRequest) -> Any:
        """GET /channels/{id}."""
        chan = self.server.get_channel(req.int_param("channel_id"))
        recipient = self.server.users.get(chan.recipient_id or 0)
        return chan.to_payload(recipient=recipient)

    async def edit_channel(self, req: RestRequest) -> Any:
        """PATCH /channels/{id}."""
        chan = self.server.get_channel(req.int_param("channel_id"))
        return self.server.update_channel(chan, req.json()).to_payload()

    async def delete_channel(self, req: RestRequest) -> Any:
        """DELETE /channels/{id}."""
        chan = self.server.get_channel(req.int_param("channel_id"))
        self.server.delete_channel(chan)
        return chan.to_payload()

    async def list_messages(self, req: RestRequest) -> Any:
        """GET /channels/{id}/messages (limit/before/after/around), newest first."""
        chan = self.server.get_channel(req.int_param("channel_id"))
        msgs = [m for m in self.server.messages_in(chan) if not m.ephemeral]
        limit = max(1, min(100, int(req.query.get("limit") or 50)))
        if "before" in req.query:
            before = int(req.query["before"])
            msgs = [m for m in msgs if m.id < before][-limit:]
        elif "after" in req.query:
            after = int(req.query["after"])
            msgs = [m for m in msgs if m.id > after][:limit]
        elif "around" in req.query:
            around = int(req.query["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in msgs if m.id > around][: limit - len(older)]
            msgs = older + newer
        else:
            msgs = msgs[-limit:]
        return [m.to_payload() for m in reversed(msgs)]

    async def create_message(self, req: RestRequest) -> Any:
        """POST /channels/{id}/messages."""
        server = self.server
        chan = server.get_channel(req.int_param("channel_id"))
        body = req.json()
        if chan.type == ChannelType.DM:
            recipient = server.users.get(chan.recipient_id or 0)
            if recipient is None or not recipient.accepts_dms:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        ref = body.get("message_reference")
        if ref and ref.get("message_id") and ref.get("fail_if_not_exists", True):
            target = server.messages.get(int(ref["message_id"]))
            if target is None or target.deleted:
                raise form_error("message_reference", "REPLIES_UNKNOWN_MESSAGE", "Unknown message")
        message = server.create_message(chan, server.bot_user, body, req.files)
        return message.to_payload()

    async def get_message(self, req: RestRequest) -> Any:
        """GET /channels/{id}/messages/{id}."""
        return self.server.get_message(req.int_param("channel_id"), req.int_param("message_id")).to_payload()

    async def edit_message(self, req: RestRequest) -> Any:
        """PATCH /channels/{id}/messages/{id}."""
        server = self.server
        message = server.get_message(req.int_param("channel_id"), req.int_param("message_id"))
        if message.author.id != server.bot_user.id:
            body = req.json()
            if set(body) - {"flags"}:
                raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        return server.edit_message(message, req.json(), req.files).to_payload()

    async def delete_message(self, req: RestRequest) -> Any:
        """DELETE /channels/{id}/messages/{id}."""
        message = self.server.get_message(req.int_param("channel_id"), req.int_param("message_id"))
        self.server.delete_message(message)
        return NO_CONTENT

    async def typing(self, req: RestRequest) -> Any:
        """POST /channels/{id}/typing."""
        chan = self.server.get_channel(req.int_param("channel_id"))
        self.server.typing.append((chan.id, self.server.bot_user.id))
        self.server.notify()
        return NO_CONTENT

    async def add_reaction(self, req: RestRequest) -> Any:
        """PUT .../reactions/{emoji}/@me."""
        message = self.server.get_message(req.int_param("channel_id"), req.int_param("message_id"))
        message.reactions.setdefault(req.params["emoji"], set()).add(self.server.bot_user.id)
        self.server.notify()
        return NO_CONTENT

    async def remove_reaction(self, req: RestRequest) -> Any:
        """DELETE .../reactions/{emoji}/@me."""
        message = self.server.get_message(req.int_param("channel_id"), req.int_param("message_id"))
        message.reactions.get(req.params["emoji"], set()).discard(self.server.bot_user.id)
        self.server.notify()
        return NO_CONTENT

    async def pin(self, req: RestRequest) -> Any:
        """PUT pins/{message_id}."""
        self.server.get_message(req.int_param("channel_id"), req.int_param("message_id")).pinned = True
        self.server.notify()
        return NO_CONTENT

    async def unpin(self, req: RestRequest) -> Any:
        """DELETE pins/{message_id}."""
        self.server.get_message(req.int_param("channel_id"), req.int_param("message_id")).pinned = False
        self.server.notify()
        return NO_CONTENT

    # -- threads -------------------------------------------------------------------------------

    async def create_thread(self, req: RestRequest) -> Any:
        """POST /channels/{id}/threads (no starter message; forum posts carry one)."""
        server = self.server
        parent = server.get_channel(req.int_param("channel_id"))
        body = dict(req.json())
        if req.files:
            body["_files"] = req.files
        thread = server.create_thread(parent, server.bot_user, body)
        data = thread.to_payload()
        if parent.type == ChannelType.GUILD_FORUM:
            first = server.messages_in(thread)
            if first:
                data["message"] = first[0].to_payload()
        return data

    async def create_thread_from_message(self, req: RestRequest) -> Any:
        """POST /channels/{id}/messages/{id}/threads."""
        server = self.server
        parent = server.get_channel(req.int_param("channel_id"))
        starter = server.get_message(parent.id, req.int_param("message_id"))
        return server.create_thread(parent, server.bot_user, req.json(), starter=starter).to_payload()

    def _thread_and_user(self, req: RestRequest) -> tuple[Any, int]:
        server = self.server
        thread = server.get_channel(req.int_param("channel_id"))
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        raw = req.params["user_id"]
        user_id = server.bot_user.id if raw == "@me" else req.int_param("user_id")
        return thread, user_id

    async def add_thread_member(self, req: RestRequest) -> Any:
        """PUT /channels/{id}/thread-members/{user_id|@me}."""
        thread, user_id = self._thread_and_user(req)
        self.server.add_thread_member(thread, user_id)
        return NO_CONTENT

    async def remove_thread_member(self, req: RestRequest) -> Any:
        """DELETE /channels/{id}/thread-members/{user_id|@me}."""
        thread, user_id = self._thread_and_user(req)
        self.server.remove_thread_member(thread, user_id)
        return NO_CONTENT

    async def list_thread_members(self, req: RestRequest) -> Any:
        """GET /channels/{id}/thread-members."""
        thread = self.server.get_channel(req.int_param("channel_id"))
        return [
            {
                "id": str(thread.id),
                "user_id": str(uid),
                "join_timestamp": thread.created_at.isoformat(),
                "flags": 0,
            }
            for uid in sorted(thread.member_ids)
        ]

    async def get_thread_member(self, req: RestRequest) -> Any:
        """GET /channels/{id}/thread-members/{user_id}."""
        thread, user_id = self._thread_and_user(req)
        if user_id not in thread.member_ids:
            raise ApiError(404, 10068, "Unknown Member")
        return {
            "id": str(thread.id),
            "user_id": str(user_id),
            "join_timestamp": thread.created_at.isoformat(),
            "flags": 0,
        }

    # -- guilds --------------------------------------------------------------------------------

    def _guild(self, req: RestRequest) -> Any:
        guild = self.server.guilds.get(req.int_param("guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, req: RestRequest) -> Any:
        """GET /guilds/{id}."""
        guild = self._guild(req)
        data = self.server.guild_payload(guild)
        if req.query.get("with_counts") in ("1", "true"):
            data["approximate_member_count"] = len(guild.member_ids)
            data["approximate_presence_count"] = 0
        return data

    async def list_guild_channels(self, req: RestRequest) -> Any:
        """GET /guilds/{id}/channels."""
        guild = self._guild(req)
        return [
            self.server.channels[cid].to_payload()
            for cid in guild.channel_ids
            if not self.server.channels[cid].is_thread
        ]

    async def create_guild_channel(self, req: RestRequest) -> Any:
        """POST /guilds/{id}/channels."""
        guild = self._guild(req)
        return self.server.create_guild_channel(guild, req.json()).to_payload()

    async def list_members(self, req: RestRequest) -> Any:
        """GET /guilds/{id}/members."""
        guild = self._guild(req)
        limit = int(req.query.get("limit") or 1)
        after = int(req.query.get("after") or 0)
        ids = sorted(uid for uid in guild.member_ids if uid > after)[:limit]
        return [self.server.users[uid].member_payload() for uid in ids]

    async def get_member(self, req: RestRequest) -> Any:
        """GET /guilds/{id}/members/{user_id}."""
        guild = self._guild(req)
        uid = req.int_param("user_id")
        if uid not in guild.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return self.server.users[uid].member_payload()

    async def list_roles(self, req: RestRequest) -> Any:
        """GET /guilds/{id}/roles."""
        return [r.to_payload() for r in self._guild(req).roles.values()]

    async def active_threads(self, req: RestRequest) -> Any:
        """GET /guilds/{id}/threads/active."""
        guild = self._guild(req)
        threads = [
            self.server.channels[cid]
            for cid in guild.channel_ids
            if self.server.channels[cid].is_thread and not self.server.channels[cid].archived
        ]
        return {"threads": [t.to_payload() for t in threads], "members": []}
