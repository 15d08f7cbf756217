"""Issue 19 §3 and §4 through the real bot: a seat changes hands only with its holder's consent
(or a moderator's ``/mod``, logged), nobody who held a seat at a table with hidden information
takes another there, and a creator runs their own table without ``/mod``."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import confirmed, lobby_click, move, open_table, public_bot_messages, reply_text, slash_ok
from .test_abuse_proof import dave  # noqa: F401  (the fixture: a server manager)

CONSENT = "Seat 2 is Bob's: only they can hand it over"
HELD = "held seat 1 during this game"


async def test_a_creator_who_resigned_cannot_take_an_opponents_hand(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, dave: FakeUser) -> None:  # noqa: F811
    table = await open_table(server, alice, "wonderful-world", seats=2)
    await lobby_click(table, carol, "join")
    await slash_ok(alice, "table start", table.thread)
    await confirmed(alice, "table resign", table.thread, "resignyes")
    seats = await asyncio.to_thread(service.seats, table.id)
    assert seats[0].is_bot and seats[1].user_id == str(carol.id)
    posts = len(public_bot_messages(server, table.thread))
    # she offers herself Carol's seat, by either command: Carol was never asked
    for command in ("table replace", "mod sub"):
        res = await slash_ok(alice, command, table.thread, seat=2, member=alice)
        assert "Seat 2 is Carol's: only they can hand it over" in reply_text(res) and res.message.ephemeral
    # not even Carol's consent nor a moderator gives her a second hand
    res = await slash_ok(carol, "table handover", table.thread, member=alice)
    assert HELD in reply_text(res)
    res = await slash_ok(dave, "mod sub", table.thread, seat=2, member=alice)
    assert HELD in reply_text(res)
    assert len(public_bot_messages(server, table.thread)) == posts  # no offer went out, nobody pinged
    assert [s.user_id for s in await asyncio.to_thread(service.seats, table.id)] == [None, str(carol.id)]


async def test_a_creator_replaces_a_late_player_and_the_players_vote_to_abandon_without_mod(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=3, options={"options": "pile=30"})
    await lobby_click(table, bob, "join")
    await lobby_click(table, carol, "join")
    await slash_ok(alice, "table start", table.thread)
    # Bob is playing: the creator may not take his seat from him
    res = await slash_ok(alice, "table kick", table.thread, seat=2)
    assert CONSENT in reply_text(res)
    await slash_ok(alice, "settings deadline", table.thread, hours=0.5, policy="move")
    await move(alice, table, "take 1")
    # Bob's deadline passes: a bot moves for him, and now the creator may replace him
    await asyncio.to_thread(service.repo.set_deadline, table.id, datetime.now(UTC) - timedelta(minutes=1))
    await server.wait_for_message(table.thread, lambda m: "deadline passed" in m.text, timeout=15)
    mark = server.checkpoint()
    await slash_ok(alice, "table kick", table.thread, seat=2)
    await server.wait_for_message(table.thread, lambda m: "now plays seat 2" in m.text, after=mark)
    assert (await asyncio.to_thread(service.seats, table.id))[1].is_bot

    # abandoning a running game takes a vote: Alice's is one of the two needed (Alice, Carol)
    mark = server.checkpoint()
    answer = await confirmed(alice, "table abandon", table.thread, "abandonyes")
    assert (await asyncio.to_thread(service.table, table.id)).status == "active"
    vote = await server.wait_for_message(table.thread, lambda m: "votes to abandon" in m.text, after=mark)
    assert "1 of the 2" in vote.text and not vote.pinged
    assert "Your vote to abandon is counted: 1 of the 2 needed" in answer.message.text
    res = await slash_ok(bob, "table abandon", table.thread)             # Bob holds no seat any more
    assert res.message.ephemeral and "座位" in reply_text(res)
    await confirmed(carol, "table abandon", table.thread, "abandonyes")
    await server.wait_until(lambda: service.table(table.id).status == "abandoned", description="abandoned")
    rows = [r.notation for r in await asyncio.to_thread(service.log, table.id) if r.kind == "system"]
    assert rows[-1] == f"abandon by {carol.id} voted {min(alice.id, carol.id)},{max(alice.id, carol.id)}"
