"""Discord's limits as the loopback enforces them: rate limits (429 and the headers discord.py
reads; discord.py waits and retries), components, autocomplete choices and command names."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from tests.support.discord_loopback import FakeUser, LoopbackDiscord, patch_discord

MESSAGES = "/channels/{channel_id}/messages"


@pytest.fixture
async def http(server: LoopbackDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {server.token}"}
    async with aiohttp.ClientSession(base_url=server.root_url, headers=headers) as session:
        yield session


async def _call(http: aiohttp.ClientSession, method: str, path: str,
                **kwargs: Any) -> tuple[int, Any, Any]:
    async with http.request(method, f"/api/v10{path}", **kwargs) as response:
        text = await response.text()
        return response.status, (json.loads(text) if text else None), response.headers


def _refused(result: tuple[int, Any, Any], field: str) -> bool:
    status, body, _ = result
    return status == 400 and body["code"] == 50035 and any(field in key for key in body["errors"])


async def test_sends_are_limited_per_channel(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    general, games = server.channel("general"), server.channel("games")
    answers = [await _call(http, "POST", f"/channels/{general.id}/messages", json={"content": f"m{i}"})
               for i in range(6)]
    assert [a[0] for a in answers] == [200] * 5 + [429]
    first, last = answers[0][2], answers[4][2]
    assert first["X-RateLimit-Limit"] == "5" and first["X-RateLimit-Remaining"] == "4"
    assert last["X-RateLimit-Remaining"] == "0" and float(last["X-RateLimit-Reset-After"]) > 0
    assert first["X-RateLimit-Bucket"] == last["X-RateLimit-Bucket"]
    _, body, headers = answers[5]
    assert body["retry_after"] > 0 and body["global"] is False and body["message"]
    assert headers["Via"] and headers["X-RateLimit-Scope"] == "user" and int(headers["Retry-After"]) >= 1
    assert [h.template for h in server.rate_limited] == [MESSAGES]
    assert len(server.messages_in(general)) == 5 and not server.error_responses  # a 429 is no refusal
    # another channel has its own bucket
    assert (await _call(http, "POST", f"/channels/{games.id}/messages", json={"content": "x"}))[0] == 200
    await asyncio.sleep(body["retry_after"])
    assert (await _call(http, "POST", f"/channels/{general.id}/messages", json={"content": "later"}))[0] == 200


async def test_quickened_windows_keep_their_limits(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    """``limiter.quicken`` shortens the windows, not the limits: the sixth send is still refused,
    and told to wait a tenth of Discord's five seconds at most."""
    server.limiter.quicken(10)
    general = server.channel("general")
    answers = [await _call(http, "POST", f"/channels/{general.id}/messages", json={"content": f"m{i}"})
               for i in range(6)]
    assert [a[0] for a in answers] == [200] * 5 + [429]
    assert answers[0][2]["X-RateLimit-Limit"] == "5"
    assert 0 < float(answers[4][2]["X-RateLimit-Reset-After"]) <= 0.5
    assert 0 < answers[5][1]["retry_after"] <= 0.5
    with pytest.raises(ValueError):
        server.limiter.quicken(0)


async def test_a_changed_limit_holds_at_once(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    """``limiter.set_limit`` applies to the route's window already open too (it used to keep the
    limit and length it was opened with until it reset)."""
    url = f"/channels/{server.channel('general').id}/messages"
    assert (await _call(http, "POST", url, json={"content": "first"}))[0] == 200  # opens a 5-per-5-s window
    server.limiter.set_limit("POST", MESSAGES, limit=1, per=10.0, major="channel_id")
    assert (await _call(http, "POST", url, json={"content": "second"}))[0] == 200
    status, body, headers = await _call(http, "POST", url, json={"content": "third"})
    assert status == 429 and body["retry_after"] > 5 and headers["X-RateLimit-Scope"] == "user"


async def test_limits_can_be_off() -> None:
    async with LoopbackDiscord(rate_limits=False) as server:
        headers = {"Authorization": f"Bot {server.token}"}
        async with aiohttp.ClientSession(base_url=server.root_url, headers=headers) as http:
            general = server.channel("general")
            for i in range(8):
                status, _, response_headers = await _call(
                    http, "POST", f"/channels/{general.id}/messages", json={"content": f"m{i}"})
                assert status == 200 and "X-RateLimit-Limit" not in response_headers


async def test_discord_py_waits_and_retries(server: LoopbackDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py reads the headers and waits before it would be refused; a 429 it could not
    foresee (another process spent the bucket) is retried after ``retry_after``."""
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    patch_discord(server.api_base)
    server.limiter.set_limit("POST", MESSAGES, limit=2, per=1.0, major="channel_id")
    general = server.channel("general")
    client = discord.http.HTTPClient(asyncio.get_running_loop())
    await client.static_login(server.token)
    try:
        started = time.monotonic()
        for i in range(4):
            route = discord.http.Route("POST", MESSAGES, channel_id=general.id)
            await client.request(route, json={"content": f"m{i}"})
        assert time.monotonic() - started >= 0.9  # it waited for the next window
        assert not server.rate_limited  # and so was never refused
        server.limiter.exhaust("POST", MESSAGES, general.id)
        await client.request(discord.http.Route("POST", MESSAGES, channel_id=general.id), json={"content": "late"})
        assert len(server.rate_limited) == 1
        assert [m.content for m in server.messages_in(general)][-1] == "late"
    finally:
        await client.close()


async def test_component_limits(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    server.rate_limits = False  # (refused requests count too)
    url = f"/channels/{server.channel('general').id}/messages"

    def select(options: int = 3, text: str = "o", placeholder: str = "p") -> dict[str, Any]:
        opts = [{"label": f"{text}{i}", "value": f"{text}{i}"} for i in range(options)]
        return {"content": "s", "components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": opts, "placeholder": placeholder}]}]}

    def button(label: str) -> dict[str, Any]:
        return {"content": "b", "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "custom_id": "b", "label": label}]}]}

    assert (await _call(http, "POST", url, json=select(25, "x" * 98, "p" * 150)))[0] == 200
    assert (await _call(http, "POST", url, json=button("b" * 80)))[0] == 200
    assert _refused(await _call(http, "POST", url, json=select(26)), "options")
    assert _refused(await _call(http, "POST", url, json=select(0)), "options")
    assert _refused(await _call(http, "POST", url, json=select(2, "x" * 100)), "label")
    assert _refused(await _call(http, "POST", url, json=select(placeholder="p" * 151)), "placeholder")
    assert _refused(await _call(http, "POST", url, json=button("b" * 81)), "label")
    described = select()
    described["components"][0]["components"][0]["options"][0]["description"] = "d" * 101
    assert _refused(await _call(http, "POST", url, json=described), "description")
    server.error_responses.clear()


async def test_command_names_and_localizations(server: LoopbackDiscord, http: aiohttp.ClientSession) -> None:
    url = f"/applications/{server.application_id}/commands"

    def command(name: str = "table", **extra: Any) -> dict[str, Any]:
        return {"name": name, "description": "d", "type": 1, **extra}

    ok = command(name_localizations={"zh-CN": "牌桌", "zh-TW": "牌桌", "hi": "मेज़", "fr": "table-d'hôte"},
                 description_localizations={"fr": "Une table"})
    assert (await _call(http, "POST", url, json=ok))[0] == 200
    assert _refused(await _call(http, "POST", url, json=command("Table")), "name")
    assert _refused(await _call(http, "POST", url, json=command("two words")), "name")
    assert _refused(await _call(http, "POST", url, json=command("x" * 33)), "name")
    assert _refused(await _call(http, "POST", url, json=command(name_localizations={"fr": "Table"})), "fr")
    assert _refused(await _call(http, "POST", url, json=command(name_localizations={"xx": "table"})), "xx")
    assert _refused(await _call(http, "POST", url, json=command(name_localizations={"de": ""})), "de")
    assert _refused(await _call(http, "POST", url, json=command(description_localizations={"de": "d" * 101})),
                    "de")
    option = {"type": 3, "name": "game", "description": "d", "name_localizations": {"ja": "ゲーム A"}}
    assert _refused(await _call(http, "POST", url, json=command(options=[option])), "ja")
    choice = {"type": 3, "name": "game", "description": "d", "choices": [{"name": "n" * 101, "value": "v"}]}
    assert _refused(await _call(http, "POST", url, json=command(options=[choice])), "choices")
    server.error_responses.clear()


async def test_autocomplete_choices_are_checked(server: LoopbackDiscord, bot: Any, alice: FakeUser) -> None:
    """The example bot's suggestions pass; too long a name is refused like Discord does."""
    choices = await alice.autocomplete("move", option="move", value="", channel="general")
    assert all(1 <= len(c.name) <= 100 for c in choices)
    from tests.support.discord_loopback._limits import check_choices
    from tests.support.discord_loopback._util import ApiError

    for bad in ([{"name": "n" * 101, "value": "v"}], [{"name": "n", "value": "v" * 101}], [{"name": "", "value": "v"}],
                [{"name": "n", "value": str(i)} for i in range(26)]):
        with pytest.raises(ApiError) as refused:
            check_choices(bad)
        assert refused.value.code == 50035
