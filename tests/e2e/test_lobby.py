"""Opening a table: its own thread, the lobby card and its buttons, starting the game."""

from __future__ import annotations

import asyncio

import discord

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import done, lobby_click, move, open_table, public_bot_messages, reply_text, slash_ok


async def test_table_new_opens_a_thread_with_a_lobby(server: LoopbackDiscord, tabula: BotProcess,
                                                      alice: FakeUser, bob: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=2)
    assert table.thread.parent_id == server.channel("general").id
    assert "Pebbles" in table.lobby.text and "alice" in table.lobby.text.lower()

    await lobby_click(table, bob, "join")
    assert "bob" in table.lobby.text.lower()
    await lobby_click(table, alice, "start")
    await server.wait_until(lambda: not table.lobby.custom_ids, description="lobby buttons removed")
    board = await server.wait_for_message(table.thread, lambda m: bool(m.attachments))
    assert f"<@{alice.id}>" in board.content  # seat 1 must act: mentioned
    assert board.attachments[0].filename.startswith(f"board-t{table.id}-")

    status = await slash_ok(alice, "table status", table.thread)
    assert status.message.ephemeral and "Pebbles" in status.message.text
    assert all(not m.ephemeral for m in public_bot_messages(server, table.thread))


async def test_commands_are_localised(server: LoopbackDiscord, tabula: BotProcess) -> None:
    commands = {c["name"]: c for c in server.all_commands()}
    assert commands["move"]["name_localizations"]["zh-CN"] == "行动"
    assert commands["table"]["description_localizations"]["zh-CN"]
    new = next(o for o in commands["table"]["options"] if o["name"] == "new")
    assert new["name_localizations"]["zh-CN"] == "新建"


async def test_lobby_seats_bots_and_substitutes(server: LoopbackDiscord, tabula: BotProcess, service: TableService,
                                                alice: FakeUser, bob: FakeUser, carol: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=3)
    await lobby_click(table, bob, "join")
    await lobby_click(table, bob, "leave")
    assert "bob" not in table.lobby.text.lower()
    await lobby_click(table, carol, "join")
    res = await slash_ok(carol, "mod kick", table.thread, seat=2)  # only the creator may
    assert "creator" in reply_text(res)
    await slash_ok(alice, "mod kick", table.thread, seat=2)
    assert "carol" not in table.lobby.text.lower()
    await lobby_click(table, bob, "join")
    await lobby_click(table, alice, "addbot")
    assert "🤖" in table.lobby.text
    await lobby_click(table, alice, "start")

    await move(alice, table, "take 1")   # seat 1; seat 2 is bob, seat 3 the bot
    await move(bob, table, "take 1")     # the bot answers at once
    loaded = await asyncio.to_thread(service.load, table.id)
    assert loaded.game.to_act(loaded.state) == {0}

    # carol takes over bob's seat once she accepts it: she plays it from now on, with its history
    res = await slash_ok(bob, "table handover", table.thread, member=carol)
    assert carol.mention in reply_text(res)
    offer = await server.wait_for_message(table.thread, lambda m: ":seatyes:" in " ".join(m.custom_ids))
    await done(await carol.click(offer, next(c for c in offer.custom_ids if ":seatyes:" in c)))
    await server.wait_until(lambda: not offer.custom_ids, description="the offer answered")
    await move(alice, table, "take 1")
    refused = await done(await bob.slash("move", channel=table.thread, move="take 1"))
    assert "不在这张桌" in reply_text(refused)
    await move(carol, table, "take 1")
    history = await slash_ok(carol, "log", table.thread)
    assert history.message.text.count("`take 1`") == 2  # bob's earlier move is now carol's seat's history


async def test_abandon_asks_first(server: LoopbackDiscord, tabula: BotProcess, service: TableService,
                                  alice: FakeUser) -> None:
    """``/mod abandon`` (issue 10 §9) asks to confirm, privately; "Keep playing" changes nothing, and
    "Abandon the table" stops it for good."""
    table = await open_table(server, alice, "pebbles", seats=2)
    asked = await slash_ok(alice, "mod abandon", table.thread)
    assert asked.message.ephemeral and "for good" in reply_text(asked)
    keep = next(c for c in asked.message.custom_ids if ":abandonno:" in c)
    await done(await alice.click(asked.message, keep))
    await server.wait_until(lambda: "goes on" in asked.message.text, timeout=15, description="the answer")
    assert not asked.message.custom_ids  # the question's buttons are gone
    assert (await asyncio.to_thread(service.table, table.id)).status == "lobby"
    again = await slash_ok(alice, "mod abandon", table.thread)
    yes = next(c for c in again.message.custom_ids if ":abandonyes:" in c)
    await done(await alice.click(again.message, yes))
    await server.wait_until(lambda: not again.message.custom_ids, timeout=15, description="the table abandoned")
    assert "was abandoned" in again.message.text
    assert (await asyncio.to_thread(service.table, table.id)).status == "abandoned"


async def test_moderation_commands_are_a_group_for_members_who_manage_threads(
        server: LoopbackDiscord, tabula: BotProcess) -> None:
    """kick, sub, abandon, end (and ratings-recompute, issue 23 §1) sit in ``/mod`` with Manage Threads
    as default permission, so a server's admins can restrict them in Server Settings (issue 10 §9);
    a creator's own powers over their table (kick, replace, abandon: issue 19 §4) and a holder's
    handover are in ``/table``, which every member sees."""
    commands = {c["name"]: c for c in server.all_commands()}
    assert "mod" in commands
    assert int(commands["mod"]["default_member_permissions"]) == discord.Permissions(manage_threads=True).value
    assert {o["name"] for o in commands["mod"]["options"]} == {"abandon", "end", "kick", "sub", "ratings-recompute"}
    assert {"abandon", "kick", "replace", "handover"} <= {o["name"] for o in commands["table"]["options"]}
    assert commands["table"].get("default_member_permissions") is None
