"""The e2e fixtures fail a test whose bot logged a failure, even one the adapter survived (issue
"Platform for big games", 10): proof on a live bot, and the rules of the check on sample output."""

from __future__ import annotations

import pytest

from tests.support.discord_loopback import FakeUser, LoopbackDiscord

from .brittle import BUG
from .conftest import check_bot_output, failure_records, running_tabula
from .helpers import slash_ok
from .test_refusals import started

T = "2024-06-01 12:00:00,000"
INFO = f"{T} INFO    tabula.discord: synced 9 commands"
TRACEBACK = 'Traceback (most recent call last):\n  File "x.py", line 1, in f\nRuntimeError: boom'


async def test_a_crashing_summarize_fails_the_test(server: LoopbackDiscord, bot_env: dict[str, str],
                                                   alice: FakeUser, bob: FakeUser) -> None:
    """A title whose ``summarize`` raises: the player still gets a panel, and the ``tabula``
    fixture's check (the same context manager) fails the test."""
    env = {**bot_env, "TABULA_EXTRA_GAMES": f"{bot_env['TABULA_EXTRA_GAMES']},tests.e2e.brittle:BRITTLE"}
    with pytest.raises(AssertionError, match=r"^the bot's output shows failures") as failure:
        async with running_tabula(server, env) as bot:
            table = await started(server, alice, bob, "brittle")
            panel = await slash_ok(alice, "hand", table.thread)  # the private panel summarizes the view
            assert panel.message.ephemeral
            await server.wait_until(lambda: BUG in bot.output(), timeout=5, description="the adapter's log line")
    report = str(failure.value)
    assert BUG in report and "Traceback" in report and "brittle" in report


async def test_an_expected_failure_passes_the_check(server: LoopbackDiscord, bot_env: dict[str, str],
                                                    alice: FakeUser, bob: FakeUser) -> None:
    env = {**bot_env, "TABULA_EXTRA_GAMES": f"{bot_env['TABULA_EXTRA_GAMES']},tests.e2e.brittle:BRITTLE"}
    async with running_tabula(server, env, [rf"brittle(?s:.*){BUG}"]) as bot:
        table = await started(server, alice, bob, "brittle")
        await slash_ok(alice, "hand", table.thread)
        await server.wait_until(lambda: BUG in bot.output(), timeout=5, description="the adapter's log line")


@pytest.mark.parametrize("record", [
    f"{T} ERROR   tabula.discord: could not post the board of table 1 in 2",
    f"{T} CRITICAL asyncio: the loop died",
    f"{T} WARNING tabula.discord: summarize failed for pebbles\n{TRACEBACK}",
    f"{T} ERROR   tabula.discord.images: could not draw the board image of pebbles\n{TRACEBACK}",
    f"{T} INFO    tabula.discord: could not draw the board image of pebbles",
    f"{T} WARNING tabula.discord: could not tell user=1 about an error\n{TRACEBACK}",
    f"{TRACEBACK}",  # printed by Python itself (then part of the record before it)
    "ERROR:root:a record in logging's default format",
])
def test_failures_are_found(record: str) -> None:
    output = f"===== start #1: python -m bot.discord_app\n{INFO}\n{record}\n{INFO}\n"
    [failure] = failure_records(output)
    assert record in failure
    with pytest.raises(AssertionError, match="unexpected:"):
        check_bot_output(output)


def test_normal_output_passes() -> None:
    check_bot_output(f"===== start #1: python -m bot.discord_app\n{INFO}\n"
                     f"{T} WARNING tabula.discord: using the Discord emulator at http://127.0.0.1:1/api/v10\n"
                     f"{T} INFO    tabula.discord: refused (error.illegal): user=1 table=2\n")


def test_expected_failures() -> None:
    bug = f"{T} ERROR   tabula.discord: unexpected error: user=1 table=2\n{TRACEBACK}"
    other = f"{T} ERROR   tabula.discord: clock failed for table 2\n{TRACEBACK}"
    check_bot_output(f"{INFO}\n{bug}\n{INFO}", [r"unexpected error: (?s:.*)RuntimeError: boom"])
    with pytest.raises(AssertionError, match="clock failed"):  # an expected failure excuses no other
        check_bot_output(f"{bug}\n{other}", [r"unexpected error"])
    with pytest.raises(AssertionError, match="expected, never logged: 'unexpected error'"):
        check_bot_output(INFO, [r"unexpected error"])
