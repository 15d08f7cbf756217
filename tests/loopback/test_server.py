"""The loopback server on its own (no bot process): plumbing, validation, visibility."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from tests.support.discord_loopback import (
    BotProcess,
    LoopbackDiscord,
    LoopbackTimeout,
    patch_discord,
    split_base_url,
)


@pytest.fixture
async def http(server: LoopbackDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    """A client session authorised as the bot."""
    headers = {"Authorization": f"Bot {server.token}"}
    async with aiohttp.ClientSession(base_url=server.root_url, headers=headers) as session:
        yield session


async def _call(http: aiohttp.ClientSession, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
    async with http.request(method, f"/api/v10{path}", **kwargs) as response:
        text = await response.text()
        assert response.status == 204 or response.headers["Content-Type"] == "application/json"
        return response.status, (json.loads(text) if text else None)


def test_split_base_url() -> None:
    expected = ("http://127.0.0.1:5000/api/v10", "ws://127.0.0.1:5000/gateway")
    assert split_base_url("http://127.0.0.1:5000") == expected
    assert split_base_url("http://127.0.0.1:5000/api/v10/") == expected


def test_patch_discord_sets_rest_and_gateway(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    )
    patch_discord("http://127.0.0.1:5000")
    assert discord.http.Route("GET", "/users/@me").url == "http://127.0.0.1:5000/api/v10/users/@me"
    route = discord.http.Route(
        "POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=1, webhook_token="t"
    )
    assert route.url == "http://127.0.0.1:5000/api/v10/interactions/1/t/callback"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:5000/gateway"


async def test_identity_routes(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    status, me = await _call(http, "GET", "/users/@me")
    assert status == 200 and me["id"] == str(server.bot_user.id) and me["bot"] is True
    status, gateway = await _call(http, "GET", "/gateway/bot")
    assert gateway["url"] == server.gateway_url and gateway["shards"] == 1
    status, app = await _call(http, "GET", "/oauth2/applications/@me")
    assert app["id"] == str(server.application_id)


async def test_unauthorised_request(server: LoopbackDiscord) -> None:
    async with aiohttp.ClientSession() as session, session.get(f"{server.api_base}/users/@me") as response:
        assert response.status == 401
    server.error_responses.clear()


async def test_unknown_route_is_recorded(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    status, body = await _call(http, "GET", "/guilds/1/audit-logs")
    assert status == 404 and "does not emulate" in body["message"]
    assert server.unknown_routes == ["GET /api/v10/guilds/1/audit-logs"]
    server.unknown_routes.clear()


async def test_message_validation(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    general = server.channel("general")
    status, body = await _call(http, "POST", f"/channels/{general.id}/messages", json={"content": ""})
    assert (status, body["code"]) == (400, 50006)
    status, body = await _call(http, "POST", f"/channels/{general.id}/messages", json={"content": "x" * 2001})
    assert (status, body["code"]) == (400, 50035) and "content" in body["errors"]
    too_many_rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"}]}
        for i in range(6)
    ]
    status, body = await _call(
        http,
        "POST",
        f"/channels/{general.id}/messages",
        json={"content": "rows", "components": too_many_rows},
    )
    assert (status, body["code"]) == (400, 50035)
    status, body = await _call(http, "POST", "/channels/123/messages", json={"content": "hi"})
    assert (status, body["code"]) == (404, 10003)
    assert server.messages_in(general) == []


async def test_multipart_message_and_attachment_download(
    server: LoopbackDiscord, http: aiohttp.ClientSession
) -> None:
    general = server.channel("general")
    form = aiohttp.FormData(quote_fields=False)
    form.add_field(
        "payload_json", json.dumps({"content": "file", "attachments": [{"id": 0, "filename": "a.txt"}]})
    )
    form.add_field("files[0]", b"hello bytes", filename="a.txt", content_type="application/octet-stream")
    status, message = await _call(http, "POST", f"/channels/{general.id}/messages", data=form)
    assert status == 200
    (attachment,) = message["attachments"]
    assert attachment["filename"] == "a.txt" and attachment["size"] == 11
    async with http.get(attachment["url"]) as response:
        assert await response.read() == b"hello bytes"

    # Editing with "attachments": [] removes the file.
    status, edited = await _call(
        http,
        "PATCH",
        f"/channels/{general.id}/messages/{message['id']}",
        json={"content": "no file", "attachments": []},
    )
    assert edited["attachments"] == [] and edited["edited_timestamp"] is not None
    stored = server.messages[int(message["id"])]
    assert stored.revisions[0].content == "file"


async def test_visibility_of_private_threads(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    alice, bob = server.add_user("alice"), server.add_user("bob")
    general = server.channel("general")
    status, thread = await _call(
        http,
        "POST",
        f"/channels/{general.id}/threads",
        json={"name": "secret", "type": 12, "auto_archive_duration": 1440},
    )
    assert status == 200 and thread["type"] == 12
    await _call(http, "PUT", f"/channels/{thread['id']}/thread-members/{alice.id}")
    status, _ = await _call(http, "POST", f"/channels/{thread['id']}/messages", json={"content": "psst"})
    assert [m.content for m in alice.visible_messages("secret")] == ["psst"]
    assert bob.visible_messages("secret") == []
    # Private threads post no "thread created" notice in the parent channel.
    assert server.public_messages(general) == []


async def test_command_bulk_overwrite_keeps_ids(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    path = f"/applications/{server.application_id}/commands"
    cmd = {"name": "ping", "description": "Ping", "type": 1}
    _, first = await _call(http, "PUT", path, json=[cmd])
    _, second = await _call(http, "PUT", path, json=[cmd, {**cmd, "name": "pong"}])
    assert first[0]["id"] == second[0]["id"]
    assert [c["name"] for c in server.commands] == ["ping", "pong"]
    status, body = await _call(http, "PUT", path, json=[{"name": "Bad Name", "description": "x"}])
    assert (status, body["code"]) == (400, 50035)


async def test_waits_fail_fast_when_the_bot_dies(server: LoopbackDiscord) -> None:
    proc = BotProcess(
        [sys.executable, "-c", "print('boom'); raise SystemExit(3)"], server=server, name="dies"
    )
    await proc.start()
    with pytest.raises(LoopbackTimeout, match="exited with 3") as info:
        await server.wait_for_connection(timeout=20)
    assert "boom" in str(info.value)
    proc.close()
