"""Play experience §1: moves that reveal nothing (a roll) are buttons on the public post; the button
checks the clicker (anyone else is refused privately), and which buttons show never depends on a
secret (the contract suite checks Game.public_moves across scrambles)."""

from __future__ import annotations

import asyncio

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import done, lobby_click, open_table, public_bot_messages, reply_text, slash_ok


async def test_a_roll_is_one_click_on_the_public_post(server: LoopbackDiscord, tabula: BotProcess,
                                                      service: TableService, alice: FakeUser,
                                                      bob: FakeUser) -> None:
    table = await open_table(server, alice, "landlords", seats=2)
    await lobby_click(table, bob, "join")
    for user in (alice, bob):  # players who roll themselves (every seat starts with auto-roll, R34)
        await slash_ok(user, "order", table.thread, order="auto-roll", on=False)
    await slash_ok(alice, "table start", table.thread)
    await server.wait_for_message(table.thread, lambda m: bool(m.attachments))
    loaded = await asyncio.to_thread(service.load, table.id)
    first = min(loaded.game.to_act(loaded.state))
    mover, other = (alice, bob) if first == 0 else (bob, alice)
    roll = f"tb:{table.id}:{loaded.table.version}:play:roll"
    post = next(m for m in reversed(public_bot_messages(server, table.thread)) if roll in m.custom_ids)
    refused = await done(await other.click(post, roll))
    await refused.wait_followups(1)
    assert all(m.ephemeral and m.visible_to == other.id for m in refused.followups)
    assert reply_text(refused)  # "not your turn", privately
    assert (await asyncio.to_thread(service.load, table.id)).table.version == loaded.table.version
    await done(await mover.click(post, roll))
    await server.wait_until(lambda: service.repo.get_table(table.id).version > loaded.table.version, timeout=10,
                            description="the roll to be played")
    assert any(r.notation == "roll" and r.seat == first for r in await asyncio.to_thread(service.log, table.id))
