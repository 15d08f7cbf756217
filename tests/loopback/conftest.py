"""Fixtures: a loopback Discord server and the example bot running as a separate process."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

EXAMPLE_BOT = "tests.support.discord_loopback.example_bot"


@pytest.fixture
async def server() -> AsyncIterator[LoopbackDiscord]:
    """A started server with channels #general and #games; fails the test on unknown routes."""
    async with LoopbackDiscord(channels=("general", "games")) as srv:
        yield srv
        assert not srv.unknown_routes, f"bot used routes the emulator lacks: {srv.unknown_routes}"
        assert not srv.protocol_errors, f"unexpected protocol errors: {srv.protocol_errors}"


@pytest.fixture
async def bot(server: LoopbackDiscord) -> AsyncIterator[BotProcess]:
    """The example bot, connected (READY + GUILD_CREATE sent) with its commands synced."""
    proc = BotProcess.module(EXAMPLE_BOT, server)
    await proc.start()
    try:
        await server.wait_for_connection(timeout=20)
        await server.wait_for_commands("table", "move")
        yield proc
    finally:
        await proc.stop()
        print(proc.output())  # shown by pytest when the test fails
        proc.close()


@pytest.fixture
def alice(server: LoopbackDiscord) -> FakeUser:
    """An English-speaking member."""
    return server.add_user("alice")


@pytest.fixture
def bob(server: LoopbackDiscord) -> FakeUser:
    """A French-speaking member."""
    return server.add_user("bob", locale="fr")
