"""Issue #3 (6): an unexpected error (a bug) is logged with its context and the player gets a
short private apology — never a stack trace — and the table is unharmed."""

from __future__ import annotations

import pytest

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import done, move, reply_text
from .test_refusals import started
from .titles import BUGGY_COUNT


# the one failure the bot may log here: this bug, with its traceback
@pytest.mark.bot_errors(r"ERROR +tabula\.discord: unexpected error: (?s:.*)RuntimeError: a deliberate engine bug")
async def test_a_bug_gets_an_apology_and_a_log_line(server: LoopbackDiscord, tabula: BotProcess,
                                                    service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    table = await started(server, alice, bob, "pebbles")
    res = await done(await alice.slash("move", channel=table.thread, move=f"take {BUGGY_COUNT}"))
    text = reply_text(res)
    assert res.message.ephemeral and text.startswith("Sorry, something went wrong")
    assert "Traceback" not in text and "deliberate" not in text
    await server.wait_until(lambda: "unexpected error" in tabula.output(), timeout=5, description="the log line")
    logged = tabula.output()
    assert f"user={alice.id}" in logged and f"table={table.id}" in logged and "deliberate engine bug" in logged
    assert service.log(table.id) == []
    await move(alice, table, "take 1")  # the table still works
