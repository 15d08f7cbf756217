"""With ``TABULA_TABLE_CATEGORY`` each table gets a text channel in that category (instead of a
thread), with the lobby card there and an announcement where the table was asked for."""

from __future__ import annotations

import pytest

from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import done, reply_text

CATEGORY = "Tabula tables"


@pytest.fixture
def bot_env(bot_env: dict[str, str]) -> dict[str, str]:
    return {**bot_env, "TABULA_TABLE_CATEGORY": CATEGORY}


async def test_a_table_gets_its_own_channel(server: LoopbackDiscord, tabula: BotProcess, alice: FakeUser,
                                            bob: FakeUser) -> None:
    category = server.add_category(CATEGORY)
    res = await done(await alice.slash("table new", channel="general", game="pebbles", seats=2))
    assert res.message.ephemeral and "#1" in reply_text(res)
    channel = server.channel("pebbles-1")
    assert channel.parent_id == category.id
    announce = await server.wait_for_message("general", lambda m: "tb:1:0:join" in m.custom_ids)
    lobby = await server.wait_for_message(channel, lambda m: "tb:1:0:join" in m.custom_ids)
    await done(await bob.click(announce, "tb:1:0:join"))
    await server.wait_until(lambda: "bob" in lobby.text.lower() and "bob" in announce.text.lower(),
                            description="both lobby cards updated")
    await done(await bob.click(lobby, "tb:1:0:start"))
    board = await server.wait_for_message(channel, lambda m: bool(m.attachments))
    assert alice.mention in board.content
