"""Issue #3 (5): reminders, vacation, and the deadline policy (a bot moves for a late seat)."""

from __future__ import annotations

import asyncio

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import slash_ok
from .test_refusals import started

SECONDS = 1 / 3600


async def test_reminder_vacation_and_deadline(server: LoopbackDiscord, tabula: BotProcess, service: TableService,
                                              alice: FakeUser, bob: FakeUser) -> None:
    table = await started(server, alice, bob, "pebbles")
    await slash_ok(alice, "settings reminders", table.thread, hours=1.5 * SECONDS)
    reminder = await server.wait_for_message(table.thread, lambda m: "Reminder" in m.text, timeout=10)
    assert alice.mention in reminder.content and bob.mention not in reminder.content

    # on vacation: no more reminders for alice's seat
    await slash_ok(alice, "away", table.thread, away=True)
    mark = server.checkpoint()
    await asyncio.sleep(2.5)
    assert not [m for m in server.public_messages(table.thread) if m.id > mark and alice.mention in m.content]
    await slash_ok(alice, "away", table.thread, away=False)
    await slash_ok(alice, "settings reminders", table.thread, hours=0)

    # a deadline: when it passes, a bot moves for the late player and the game goes on
    await slash_ok(alice, "settings deadline", table.thread, hours=1 * SECONDS, policy="move")
    passed = await server.wait_for_message(table.thread, lambda m: "deadline passed" in m.text, timeout=10)
    assert "Alice" in passed.text
    log = await asyncio.to_thread(service.log, table.id)
    assert log and log[0].seat == 0 and log[0].user_id is None
    shown = await slash_ok(bob, "settings show", table.thread)
    assert "机器人代为行动" in shown.message.text


async def test_deadline_hands_a_late_seat_to_a_bot(server: LoopbackDiscord, tabula: BotProcess,
                                                   service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    table = await started(server, alice, bob, "pebbles")
    await slash_ok(alice, "settings deadline", table.thread, hours=1 * SECONDS, policy="bot")
    await server.wait_for_message(table.thread, lambda m: "takes over" in m.text, timeout=10)
    seats = await asyncio.to_thread(service.repo.seats, table.id)
    assert seats[0].is_bot and seats[0].user_id is None and not seats[1].is_bot
