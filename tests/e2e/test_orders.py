"""Standing orders through Discord: /order offers what the title has, sets and cancels it; the
service plays it (tests/service/test_table_rules.py)."""

from __future__ import annotations

import asyncio

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import reply_text, slash_ok
from .test_refusals import started


async def test_order_sets_lists_and_cancels_a_standing_order(server: LoopbackDiscord, tabula: BotProcess,
                                                            service: TableService, alice: FakeUser,
                                                            bob: FakeUser) -> None:
    table = await started(server, alice, bob, "landlords")
    offered = await alice.autocomplete("order", option="order", value="", channel=table.thread)
    assert [c.value for c in offered] == ["pass-bids"]
    res = await slash_ok(alice, "order", table.thread, order="pass-bids")
    assert "Standing order set" in reply_text(res) and res.message.ephemeral
    seats = await asyncio.to_thread(service.repo.seats, table.id)
    assert seats[0].orders == ["pass-bids"] and seats[1].orders == []
    marked = await alice.autocomplete("order", option="order", value="pass", channel=table.thread)
    assert marked[0].name.startswith("✓")
    refused = await slash_ok(alice, "order", table.thread, order="win-the-game")
    assert "not a standing order" in reply_text(refused)
    res = await slash_ok(alice, "order", table.thread, order="pass-bids", on=False)
    assert "cancelled" in reply_text(res)
    seats = await asyncio.to_thread(service.repo.seats, table.id)
    assert seats[0].orders == []
