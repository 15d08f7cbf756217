"""``/turns`` lists a member's games waiting for them, with links, and a player who takes a seat is
added to the table's thread (issue 10 §10)."""

from __future__ import annotations

import asyncio

from games.core import Rng
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import lobby_click, move, open_table, reply_text, slash_ok

NONE = ("No table is waiting for you.", "没有桌在等你行动。")  # bob's client is in Chinese
ASKED = ("pick a card to keep", "选一张牌留下")


async def test_turns_lists_the_games_waiting_for_me_and_joining_adds_me_to_the_thread(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser) -> None:
    table = await open_table(server, alice, "wonderful-world", seats=3)
    assert bob.id not in table.thread.member_ids
    await lobby_click(table, bob, "join")  # the lobby card sits in the parent channel
    await lobby_click(table, carol, "join")
    assert {bob.id, carol.id} <= table.thread.member_ids  # joined players see the thread in their list

    answer = reply_text(await slash_ok(bob, "turns", "general"))
    assert answer in NONE  # a lobby asks nothing yet
    await slash_ok(alice, "table start", table.thread)
    res = await slash_ok(bob, "turns", "general")
    answer = reply_text(res)
    assert res.message.ephemeral
    assert str(table.id) in answer and f"<#{table.thread.id}>" in answer and any(a in answer for a in ASKED)

    loaded = await asyncio.to_thread(service.load, table.id)
    await move(bob, table, str(loaded.game.bot_move(loaded.state, 1, Rng.from_seed("turns"))))
    assert reply_text(await slash_ok(bob, "turns", "general")) in NONE
    assert f"<#{table.thread.id}>" in reply_text(await slash_ok(carol, "turns", table.thread))
