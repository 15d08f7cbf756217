"""Standing orders through Discord: /order offers what the title has, sets and cancels it; the
service plays it (tests/service/test_table_rules.py). The Landlord's ``auto-roll`` (ruling R34),
every seat's default, spares a player the turns that ask nothing but the roll (issue 10 §6)."""

from __future__ import annotations

import asyncio

from games.landlords.state import TurnF
from games.landlords.turn import unseen_options
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import lobby_click, open_table, public_bot_messages, reply_text, slash_ok
from .test_refusals import started


async def test_order_sets_lists_and_cancels_a_standing_order(server: LoopbackDiscord, tabula: BotProcess,
                                                            service: TableService, alice: FakeUser,
                                                            bob: FakeUser) -> None:
    table = await started(server, alice, bob, "landlords")
    offered = await alice.autocomplete("order", option="order", value="", channel=table.thread)
    assert [c.value for c in offered] == ["auto-roll", "pass-bids"]
    res = await slash_ok(alice, "order", table.thread, order="pass-bids")
    assert "Standing order set" in reply_text(res) and res.message.ephemeral
    seats = await asyncio.to_thread(service.repo.seats, table.id)
    assert seats[0].orders == ["auto-roll", "pass-bids"] and seats[1].orders == ["auto-roll"]
    marked = await alice.autocomplete("order", option="order", value="pass", channel=table.thread)
    assert marked[0].name.startswith("✓")
    refused = await slash_ok(alice, "order", table.thread, order="win-the-game")
    assert "not a standing order" in reply_text(refused)
    res = await slash_ok(alice, "order", table.thread, order="pass-bids", on=False)
    assert "cancelled" in reply_text(res)
    seats = await asyncio.to_thread(service.repo.seats, table.id)
    assert seats[0].orders == ["auto-roll"]


async def test_auto_roll_is_every_players_default_and_a_turn_that_asks_nothing_pings_nobody(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    table = await open_table(server, alice, "landlords", seats=2)
    assert "Standing orders: `auto-roll` — on for every player" in table.lobby.text  # told before the deal
    await lobby_click(table, bob, "join")
    offered = await bob.autocomplete("order", option="order", value="", channel=table.thread)
    assert [c.value for c in offered] == ["auto-roll"] and offered[0].name.startswith("✓")  # set before the deal
    mark = server.checkpoint()
    await slash_ok(alice, "table start", table.thread)
    posts = [m for m in public_bot_messages(server, table.thread) if m.id > mark]
    assert any("`auto-roll`" in m.text and "on for every player" in m.text for m in posts)  # the start says so
    loaded = await asyncio.to_thread(service.load, table.id)
    rolls = [row for row in await asyncio.to_thread(service.log, table.id) if row.notation == "roll"]
    assert rolls and rolls[0].seat == 0  # nobody typed /move roll
    # the table stops only where someone must decide: never at a turn that asks nothing but the roll
    seat = sorted(loaded.game.to_act(loaded.state))[0]
    top = loaded.state.stack[-1]
    assert not isinstance(top, TurnF) or unseen_options(loaded.state, seat), top
    asked = [alice, bob][seat].id
    assert all(m.pinged <= {asked} for m in posts)
    await server.wait_until(lambda: any(a.filename == f"board-t{table.id}-s{loaded.last_seq}.png"
                                        for a in public_bot_messages(server, table.thread)[-1].attachments),
                            timeout=15, description="the board of the last roll")
    await slash_ok(bob, "order", table.thread, order="auto-roll", on=False)
    seats = await asyncio.to_thread(service.repo.seats, table.id)
    assert seats[0].orders == ["auto-roll"] and seats[1].orders == []
