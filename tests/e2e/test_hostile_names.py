"""Security review, finding 3: display names can neither ping anyone nor post a live link.
User text is made inert once (``present.safe``) and a post allows exactly the mentions the bot
wrote (``present.pings``); the loopback Discord records whom each message notified."""

from __future__ import annotations

import asyncio
import re

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import move, public_bot_messages, slash_ok
from .test_refusals import started

LINK = "**[x](https://e.vil)**"


async def test_a_name_with_a_mention_and_a_link_is_posted_inert(server: LoopbackDiscord, tabula: BotProcess,
                                                              service: TableService, carol: FakeUser) -> None:
    mallory = server.add_user("mallory", global_name=f"<@{carol.id}> @everyone")
    linker = server.add_user("linker", global_name=LINK)
    table = await started(server, mallory, linker, "pebbles")
    for _ in range(20):
        loaded = await asyncio.to_thread(service.load, table.id)
        if loaded.game.is_over(loaded.state):
            break
        seat = min(loaded.game.to_act(loaded.state))
        await move(mallory if seat == 0 else linker, table, "take 1")
    await slash_ok(mallory, "table status", table.thread)
    posts = public_bot_messages(server, table.thread)
    assert any("1." in m.text for m in posts), "no ranking was posted"
    for message in posts:
        assert carol.id not in message.pinged, f"a name pinged carol: {message.content!r}"
        for revision in [message.content, *(r.content for r in message.revisions)]:
            assert f"<@{carol.id}>" not in revision, revision
            assert not re.search(r"(?<!\\)\[x\]\(https://e\.vil\)", revision), revision
    assert any(mallory.id in m.pinged or linker.id in m.pinged for m in posts), "players were never pinged"
