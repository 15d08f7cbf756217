"""Issue #3 (5): reminders, vacation, and the deadline policy (a bot moves for a late seat).

Time is not waited for: the tests move the table's clock back in the database (as hours passing
would), and the bot's scheduler finds the table due. Settings have floors (security review,
finding 5), so nobody can be pinged every minute."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from sqlalchemy import text

from service import TableService
from storage.leases import Leases
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .conftest import running_tabula
from .helpers import reply_text, slash_ok
from .test_refusals import started


def hours_pass(service: TableService, table_id: int, hours: float) -> None:
    """As if ``hours`` went by with nobody moving: the idle clock and any reminder are older."""
    then = datetime.now(UTC) - timedelta(hours=hours)
    with service.repo.engine.begin() as connection:
        connection.execute(text("UPDATE tables SET updated_at = :then WHERE id = :id"),
                           {"then": then.replace(tzinfo=None) if service.repo.engine.dialect.name == "sqlite"
                            else then, "id": table_id})
    if service.note(table_id, "reminded_at"):
        service.set_note(table_id, "reminded_at", then.isoformat())


async def test_reminder_vacation_and_deadline(server: LoopbackDiscord, tabula: BotProcess, service: TableService,
                                              alice: FakeUser, bob: FakeUser) -> None:
    table = await started(server, alice, bob, "pebbles")
    refused = await slash_ok(alice, "settings reminders", table.thread, hours=0.01)
    assert "too often" in reply_text(refused)
    await slash_ok(alice, "settings reminders", table.thread, hours=1)
    await asyncio.to_thread(hours_pass, service, table.id, 2)
    reminder = await server.wait_for_message(table.thread, lambda m: "Reminder" in m.text, timeout=10)
    assert alice.mention in reminder.content and bob.mention not in reminder.content

    # on vacation: no more reminders for alice's seat, however long she is away
    await slash_ok(alice, "away", table.thread, away=True)
    mark = server.checkpoint()
    await asyncio.to_thread(hours_pass, service, table.id, 5)
    await asyncio.sleep(2.5)
    assert not [m for m in server.public_messages(table.thread) if m.id > mark and alice.mention in m.content]
    await slash_ok(alice, "away", table.thread, away=False)
    await slash_ok(alice, "settings reminders", table.thread, hours=0)

    # a deadline: when it passes, a bot moves for the late player and the game goes on
    refused = await slash_ok(alice, "settings deadline", table.thread, hours=0.05, policy="move")
    assert "too often" in reply_text(refused)
    await slash_ok(alice, "settings deadline", table.thread, hours=0.5, policy="move")
    await asyncio.to_thread(service.repo.set_deadline, table.id, datetime.now(UTC) - timedelta(minutes=1))
    passed = await server.wait_for_message(table.thread, lambda m: "deadline passed" in m.text, timeout=10)
    assert "Alice" in passed.text
    log = await asyncio.to_thread(service.log, table.id)
    assert log and log[0].seat == 0 and log[0].user_id is None
    shown = await slash_ok(bob, "settings show", table.thread)
    assert "机器人代为行动" in shown.message.text


def reminders(server: LoopbackDiscord, thread: object) -> int:
    return sum("Reminder" in m.text for m in server.public_messages(thread)
               if m.author.id == server.bot_user.id)


async def test_a_reminder_claimed_by_a_process_that_died_is_sent_once_the_claim_lapses(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    """Issue 25 §3: a process that claimed a reminder and died before posting it noted nothing,
    so the bot sends it once that claim lapses, notes it once posted, and sends it once."""
    table = await started(server, alice, bob, "pebbles")
    await slash_ok(alice, "settings reminders", table.thread, hours=1)
    key = f"remind:{table.id}"
    assert await asyncio.to_thread(Leases(service.repo).claim, key, "killed", timedelta(seconds=8))
    await asyncio.to_thread(hours_pass, service, table.id, 2)
    await asyncio.sleep(2)  # clock rounds of the bot (every 0.5 s) while the dead claim holds
    assert reminders(server, table.thread) == 0
    assert await asyncio.to_thread(service.note, table.id, "reminded_at") is None
    reminder = await server.wait_for_message(table.thread, lambda m: "Reminder" in m.text, timeout=30)
    assert alice.mention in reminder.content
    await server.wait_until(lambda: Leases(service.repo).holder(key) is None, timeout=10,
                            description="the reminder's claim given back")
    assert await asyncio.to_thread(service.note, table.id, "reminded_at")
    await asyncio.sleep(1.5)  # more clock rounds: the reminder is noted, nothing more is sent
    assert reminders(server, table.thread) == 1


#: Discord's route for a new message, which the loopback rate-limits per channel.
SEND = ("POST", "/channels/{channel_id}/messages")


async def test_a_bot_killed_while_its_reminder_was_held_back_leaves_it_to_the_next(
        server: LoopbackDiscord, bot_env: dict[str, str], service: TableService, alice: FakeUser,
        bob: FakeUser) -> None:
    """Issue 25 §3: the bot is killed while its reminder's post waits out a 429 (the thread's
    messages spent by another process of the bot). Nothing was noted, so the restarted bot sends
    the reminder once the dead process's claim lapses. (It used to be noted first, and was lost.)"""
    async with running_tabula(server, {**bot_env, "TABULA_JOB_LEASE_SECONDS": "2"}) as tabula:
        table = await started(server, alice, bob, "pebbles")
        await slash_ok(alice, "settings reminders", table.thread, hours=1)
        hits = len(server.rate_limited)
        server.limiter.exhaust(*SEND, table.thread.id)
        await asyncio.to_thread(hours_pass, service, table.id, 2)
        await server.wait_until(lambda: any(h.template == SEND[1] for h in server.rate_limited[hits:]),
                                timeout=20, description="the reminder's post answered 429")
        await tabula.kill()  # while discord.py waits to send it again
        assert reminders(server, table.thread) == 0
        assert await asyncio.to_thread(service.note, table.id, "reminded_at") is None
        handshakes = server.gateway.handshake_count
        await tabula.start()
        await server.wait_for_connection(previous=handshakes, timeout=120)
        reminder = await server.wait_for_message(table.thread, lambda m: "Reminder" in m.text, timeout=60)
        assert alice.mention in reminder.content
        await server.wait_until(lambda: service.note(table.id, "reminded_at") is not None, timeout=10,
                                description="the reminder noted")
        await asyncio.sleep(1.5)  # more clock rounds: nothing more is sent
        assert reminders(server, table.thread) == 1


async def test_deadline_hands_a_late_seat_to_a_bot(server: LoopbackDiscord, tabula: BotProcess,
                                                   service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    table = await started(server, alice, bob, "pebbles")
    await slash_ok(alice, "settings deadline", table.thread, hours=1, policy="bot")
    await asyncio.to_thread(service.repo.set_deadline, table.id, datetime.now(UTC) - timedelta(minutes=1))
    await server.wait_for_message(table.thread, lambda m: "takes over" in m.text, timeout=10)
    seats = await asyncio.to_thread(service.repo.seats, table.id)
    assert seats[0].is_bot and seats[0].user_id is None and not seats[1].is_bot
