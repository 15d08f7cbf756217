"""Resign, rematch, random seat order, invite and follow through the real bot (issue 10 §10)."""

from __future__ import annotations

import asyncio

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import done, lobby_click, move, open_table, public_bot_messages, reply_text, slash_ok


async def test_a_player_resigns_after_confirming_and_a_bot_plays_their_seat_on(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=2, options={"options": "pile=20"})
    await lobby_click(table, bob, "join")
    await slash_ok(alice, "table start", table.thread)
    asked = await slash_ok(bob, "table resign", table.thread)
    assert asked.message.ephemeral and "认输" in reply_text(asked)   # bob's client is Chinese
    # the question is bob's alone (ephemeral); Keep playing changes nothing
    keep = next(c for c in asked.message.custom_ids if ":resignno:" in c)
    await done(await bob.click(asked.message, keep))
    await server.wait_until(lambda: not asked.message.custom_ids, timeout=15, description="the answer")
    assert not (await asyncio.to_thread(service.seats, table.id))[1].is_bot
    again = await slash_ok(bob, "table resign", table.thread)
    yes = next(c for c in again.message.custom_ids if ":resignyes:" in c)
    await done(await bob.click(again.message, yes))
    await server.wait_until(lambda: not again.message.custom_ids, timeout=15, description="bob resigned")
    seat = (await asyncio.to_thread(service.seats, table.id))[1]
    assert seat.is_bot and seat.user_id is None
    # announced in the thread without pinging anyone; the bot answers for the seat from now on
    line = next(m for m in public_bot_messages(server, table.thread) if "resigned" in m.text)
    assert not line.pinged
    await move(alice, table, "take 1")
    await server.wait_until(lambda: service.load(table.id).state.turn == 0, timeout=15,
                            description="the bot's answer for bob's old seat")
    refused = await slash_ok(bob, "table resign", table.thread)
    assert refused.message.ephemeral and "座位" in reply_text(refused)  # not seated any more


async def test_a_rematch_opens_a_new_lobby_that_pings_the_players_once_and_seats_them_as_before(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=3, options={"options": "pile=3"})
    await lobby_click(table, bob, "join")
    await lobby_click(table, carol, "join")
    early = await slash_ok(carol, "table rematch", table.thread)
    assert early.message.ephemeral and "still being played" in reply_text(early)
    await slash_ok(alice, "table start", table.thread)
    await move(alice, table, "take 3")                           # alice takes the last pebbles: over
    assert (await asyncio.to_thread(service.table, table.id)).status == "finished"
    answer = await slash_ok(carol, "table rematch", table.thread)
    new_id = max(r.id for r in await asyncio.to_thread(service.tables, None, ("lobby",)))
    assert f"#{new_id}" in reply_text(answer)
    new = await asyncio.to_thread(service.table, new_id)
    assert new.status == "lobby" and new.game_id == "pebbles" and new.options["pile"] == 3
    assert [s.user_id for s in await asyncio.to_thread(service.seats, new_id)] == [str(carol.id)]
    # the new thread's welcome pings the two other players, once
    thread = next(t for t in server.threads("general") if str(new_id) in t.name)
    posts = public_bot_messages(server, thread)
    pinged = [m for m in posts if m.pinged]
    assert len(pinged) == 1 and pinged[0].pinged == {alice.id, bob.id, carol.id}  # the welcome names its opener
    # the old thread says where the rematch is, pinging nobody
    assert any(f"#{new_id}" in m.text and not m.pinged for m in public_bot_messages(server, table.thread))
    card = next(m for m in public_bot_messages(server, "general") if f"tb:{new_id}:0:join" in m.custom_ids)
    await done(await bob.click(card, f"tb:{new_id}:0:join"))
    await done(await alice.click(card, f"tb:{new_id}:0:join"))
    await server.wait_until(lambda: len(service.seats(new_id)) == 3, timeout=15, description="both joined")
    await slash_ok(carol, "table start", thread)
    seats = await asyncio.to_thread(service.seats, new_id)
    assert [s.user_id for s in seats] == [str(alice.id), str(bob.id), str(carol.id)]  # as before


async def test_a_table_opened_with_a_random_order_draws_the_seats_at_the_start(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=3, random_order=True)
    assert (await asyncio.to_thread(service.table, table.id)).settings["seat_order"] == "random"
    await lobby_click(table, bob, "join")
    await lobby_click(table, carol, "join")
    joined = [s.user_id for s in await asyncio.to_thread(service.seats, table.id)]
    await slash_ok(alice, "table start", table.thread)
    dealt = [s.user_id for s in await asyncio.to_thread(service.seats, table.id)]
    assert sorted(dealt) == sorted(joined)
    row = await asyncio.to_thread(service.table, table.id)
    shuffled = [r for r in await asyncio.to_thread(service.log, table.id) if r.notation.startswith("seats ")]
    assert (dealt != joined) == bool(shuffled)  # a shuffle is recorded exactly when it moved someone
    assert row.status == "active"


async def test_a_player_invites_a_member_who_is_pinged_once_and_a_spectator_follows_quietly(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser) -> None:
    dave = server.add_user("dave")
    table = await open_table(server, alice, "pebbles", seats=3)
    stranger = await slash_ok(dave, "table invite", table.thread, member=carol)
    assert "Only the table's players" in reply_text(stranger)
    sent = await slash_ok(alice, "table invite", table.thread, member=bob)
    assert sent.message.ephemeral
    line = next(m for m in public_bot_messages(server, table.thread) if "invites you" in m.text)
    assert line.pinged == {bob.id} and f"tb:{table.id}:0:join" in line.custom_ids
    assert bob.id in table.thread.member_ids
    await done(await bob.click(line, f"tb:{table.id}:0:join"))
    await server.wait_until(lambda: len(service.seats(table.id)) == 2, timeout=15, description="bob joined")
    seated = await slash_ok(alice, "table invite", table.thread, member=bob)
    assert "already has a seat" in reply_text(seated)
    # dave follows the table: in its thread, no seat, never pinged
    follow = await slash_ok(dave, "table follow", table.thread)
    assert "follow" in reply_text(follow) and dave.id in table.thread.member_ids
    assert str(dave.id) not in {s.user_id for s in await asyncio.to_thread(service.seats, table.id)}
    await lobby_click(table, carol, "join")
    await slash_ok(alice, "table start", table.thread)
    assert not any(dave.id in m.pinged for m in public_bot_messages(server, table.thread))


async def test_a_member_who_asks_for_it_is_told_by_direct_message_when_a_table_waits_for_them(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    on = await slash_ok(alice, "settings dm", "general", on=True)
    assert on.message.ephemeral and "direct message" in reply_text(on)
    table = await open_table(server, alice, "pebbles", seats=2, options={"options": "pile=20"})
    await lobby_click(table, bob, "join")
    await slash_ok(alice, "table start", table.thread)   # alice acts first: pinged, and told by DM
    await server.wait_until(lambda: len(alice.dm_messages()) == 1, timeout=15, description="alice's DM")
    dm = alice.dm_messages()[0]
    assert f"#{table.id}" in dm.text and "Pebbles" in dm.text and not dm.pinged
    await move(alice, table, "take 1")                 # bob is pinged in the thread; he asked for no DM
    await move(bob, table, "take 1")
    await server.wait_until(lambda: len(alice.dm_messages()) == 2, timeout=15, description="alice's second DM")
    assert bob.dm_messages() == []
    await slash_ok(alice, "settings dm", "general", on=False)
    await move(alice, table, "take 1")
    await move(bob, table, "take 1")                   # alice is pinged in the thread, no DM any more
    await server.wait_until(lambda: sum(alice.id in m.pinged for m in public_bot_messages(server, table.thread)) >= 3,
                            timeout=15, description="alice's third ping")
    await asyncio.sleep(0.5)
    assert len(alice.dm_messages()) == 2
