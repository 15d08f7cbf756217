"""Fixtures: a loopback Discord, the real Tabula bot as a separate process, players, and a
read-only view of the bot's database for checking what the bot did."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from games.registry import register, unregister
from service import TableService
from storage.db import make_engine
from storage.repository import Repository
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import Table
from .titles import TITLES

BOT_MODULE = "bot.discord_app"
SEED = "20240601"


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tabula-e2e.db'}"


@pytest.fixture
def image_log(tmp_path: Path) -> Path:
    """Where the bot writes the strings drawn on every image (see ``images.TEXT_LOG_ENV``)."""
    return tmp_path / "image-text.jsonl"


@pytest.fixture
def bot_env(db_url: str, image_log: Path) -> dict[str, str]:
    """Environment of the bot process; tests may add to it before ``tabula`` starts."""
    return {
        "TABULA_DATABASE_URL": db_url,
        "TABULA_TEST_SEED": SEED,
        "TABULA_EXTRA_GAMES": "tests.e2e.titles:TITLES",
        "TABULA_SCHEDULER_SECONDS": "0.5",
        "TABULA_TEST_IMAGE_TEXT_LOG": str(image_log),
        "TABULA_LANGUAGE": "en",
    }


@pytest.fixture
async def server() -> AsyncIterator[LoopbackDiscord]:
    """The loopback Discord; a test fails if the bot used a missing route or broke the protocol,
    or left an interaction unacknowledged past 3 seconds."""
    async with LoopbackDiscord(channels=("general", "games")) as srv:
        yield srv
        assert not srv.unknown_routes, f"bot used routes the emulator lacks: {srv.unknown_routes}"
        assert not srv.protocol_errors, f"protocol errors: {srv.protocol_errors}"
        assert not srv.unacknowledged_interactions, "interactions were not acknowledged within 3 s"
        assert not srv.error_responses, f"Discord refused requests of the bot: {srv.error_responses[:5]}"


@pytest.fixture
def bot_may_log_errors() -> bool:
    """Whether the bot may log an unexpected error (only the test that provokes one says yes)."""
    return False


@pytest.fixture
async def tabula(server: LoopbackDiscord, bot_env: dict[str, str],
                 bot_may_log_errors: bool) -> AsyncIterator[BotProcess]:
    """The real bot (``python -m bot.discord_app``), connected, with its commands synced."""
    env = {**bot_env, "TABULA_DISCORD_GUILD": str(server.guild.id)}
    proc = BotProcess.module(BOT_MODULE, server, env=env, name="tabula")
    await proc.start()
    try:
        await server.wait_for_connection(timeout=30)
        await server.wait_for_commands("table", "move", timeout=30)
        yield proc
    finally:
        await proc.stop()
        output = proc.output()
        print(output[-20000:])  # shown by pytest when the test fails
        proc.close()
        if not bot_may_log_errors:
            assert "unexpected error" not in output, "the bot logged an unexpected error (see its output above)"


@pytest.fixture
def service(db_url: str) -> Iterator[TableService]:
    """The bot's database, read by the test (to know hands and legal moves, never to write).
    The test titles are registered in the test process too, to read their tables."""
    for game in TITLES:
        register(game)
    yield TableService(Repository(make_engine(db_url)))
    for game in TITLES:
        unregister(game.meta.id)


@pytest.fixture
def alice(server: LoopbackDiscord) -> FakeUser:
    return server.add_user("alice")


@pytest.fixture
def bob(server: LoopbackDiscord) -> FakeUser:
    return server.add_user("bob", locale="zh-CN")


@pytest.fixture
def carol(server: LoopbackDiscord) -> FakeUser:
    return server.add_user("carol", locale="en-GB")


__all__ = ["Table"]
