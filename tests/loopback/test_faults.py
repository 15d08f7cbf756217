"""Discord's refusals on demand: ``LoopbackDiscord.fail_requests`` answers a route with an error."""

from __future__ import annotations

import aiohttp

from tests.support.discord_loopback import LoopbackDiscord


async def test_an_injected_error_answers_the_next_requests_only(server: LoopbackDiscord) -> None:
    general = server.channel("general")
    url = f"{server.api_base}/channels/{general.id}/messages"
    headers = {"Authorization": f"Bot {server.token}"}
    server.fail_requests("POST", "/channels/{channel_id}/messages", status=403, code=50013,
                         message="Missing Permissions", times=2)
    async with aiohttp.ClientSession() as http:
        for _ in range(2):
            async with http.post(url, json={"content": "hi"}, headers=headers) as response:
                assert response.status == 403
                assert (await response.json())["code"] == 50013
        async with http.post(url, json={"content": "hi"}, headers=headers) as response:
            assert response.status == 200
    assert [m.content for m in server.public_messages(general)] == ["hi"]
    assert [r[2] for r in server.injected_responses] == [403, 403]
    assert server.error_responses == [] and server.failures == []
