"""Fixtures: a loopback Discord, the real Tabula bot as a separate process, players, and a
read-only view of the bot's database for checking what the bot did.

A test fails when the bot's output shows a failure, even one the adapter survived (an empty panel
instead of a crashed ``summarize``, a missing image instead of a crashed renderer): any ERROR or
CRITICAL log record, any traceback, and the adapter's "summarize failed" / "could not draw" lines.
A test that provokes such a failure on purpose says which records it expects with
``@pytest.mark.bot_errors(regex, ...)``."""

from __future__ import annotations

import re
import shutil
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from games.registry import register, unregister
from service import TableService
from storage.db import make_engine, migrate
from storage.repository import Repository
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import Table
from .titles import TITLES

BOT_MODULE = "bot.discord_app"
SEED = "20240601"


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with the newest schema, made once per test process: a bot started on a copy finds its
    schema up to date, as a deployed bot does on every start but its first, and skips Alembic (its import and
    eleven migrations: about 0.5 s of a bot's CPU with coverage on). tests/storage migrates new databases."""
    path = tmp_path_factory.mktemp("schema") / "tabula-e2e.db"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    engine.dispose()
    return path


@pytest.fixture
def db_url(tmp_path: Path, migrated_database: Path) -> str:
    database = tmp_path / "tabula-e2e.db"
    shutil.copyfile(migrated_database, database)
    return f"sqlite:///{database}"


@pytest.fixture
def image_log(tmp_path: Path) -> Path:
    """Where the bot writes the strings drawn on every image (see ``images.TEXT_LOG_ENV``)."""
    return tmp_path / "image-text.jsonl"


#: Tests play much faster than people: no cooldowns and a rate limit no test reaches, unless a test
#: (tests/e2e/test_abuse.py) sets its own. The caps on live tables keep their defaults.
UNTHROTTLED = {
    "TABULA_NEW_TABLE_COOLDOWN": "0",
    "TABULA_SHARE_COOLDOWN": "0",
    "TABULA_RATE_ACTIONS": "10000",
    "TABULA_RATE_SECONDS": "1",
}


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
        "TABULA_RENDER_WARMUP": "0",  # many short-lived bots: their workers need not warm their caches
        "TABULA_RENDER_WORKERS": "1",  # images still come from a drawing process, one start-up per bot
        **UNTHROTTLED,
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


#: The start of a log record of the bot (``%(asctime)s %(levelname)-7s %(name)s: %(message)s``; the
#: time is optional, for other formats), or of a run of the bot (the launcher's ``===== start`` line).
RECORD_START = re.compile(
    r"^(?:\d{4}-\d\d-\d\d[ T][\d:.,]+ )?(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)\b[ :]|^===== start #")
FAILURE_LEVELS = frozenset({"ERROR", "CRITICAL"})
#: Signs of a failure at any level: a traceback, and what the adapter logs when it survives a broken
#: ``summarize`` or renderer.
FAILURE_TEXTS = ("Traceback", "summarize failed", "could not draw")


def log_records(output: str) -> list[str]:
    """The bot's output cut into records: a log line with the lines that follow it (a traceback)."""
    records: list[str] = []
    for line in output.splitlines():
        if not records or RECORD_START.match(line):
            records.append(line)
        else:
            records[-1] += "\n" + line
    return records


def failure_records(output: str) -> list[str]:
    """The records of ``output`` that show a failure."""
    failures = []
    for record in log_records(output):
        start = RECORD_START.match(record)
        if (start is not None and start["level"] in FAILURE_LEVELS) or any(t in record for t in FAILURE_TEXTS):
            failures.append(record)
    return failures


def check_bot_output(output: str, expected: Sequence[str] = ()) -> None:
    """Fail if ``output`` shows a failure that matches none of the ``expected`` regexes, or if an
    expected failure never happened."""
    failures = failure_records(output)
    unexpected = [r for r in failures if not any(re.search(e, r) for e in expected)]
    missing = [e for e in expected if not any(re.search(e, r) for r in failures)]
    problems = [f"unexpected:\n{r}" for r in unexpected] + [f"expected, never logged: {e!r}" for e in missing]
    if problems:
        raise AssertionError("the bot's output shows failures (all of it is in the captured stdout):\n\n"
                             + "\n\n".join(p[:4000] for p in problems[:10]))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "bot_errors(*regexes): the failures the bot is expected to log in this test (e2e); "
                   "each regex must match one, and every failure must match a regex")


@pytest.fixture
def bot_errors(request: pytest.FixtureRequest) -> tuple[str, ...]:
    """The failures (regexes) this test expects in the bot's output; see the ``bot_errors`` marker."""
    return tuple(e for mark in request.node.iter_markers("bot_errors") for e in mark.args)


@asynccontextmanager
async def running_tabula(server: LoopbackDiscord, env: Mapping[str, str],
                         expected_errors: Sequence[str] = (), *,
                         global_commands: bool = False) -> AsyncIterator[BotProcess]:
    """The real bot (``python -m bot.discord_app``), connected, with its commands synced. On the way
    out it is stopped and its output printed; then, unless the block raised, :func:`check_bot_output`
    fails on any failure in that output that ``expected_errors`` does not name. The commands are
    synced in the test server, or with ``global_commands`` globally (as in production: the only
    way they reach direct messages)."""
    where = {} if global_commands else {"TABULA_DISCORD_GUILD": str(server.guild.id)}
    proc = BotProcess.module(BOT_MODULE, server, env={**{k: v for k, v in env.items() if k != "TABULA_DISCORD_GUILD"},
                                                      **where}, name="tabula")
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
    check_bot_output(output, expected_errors)


@pytest.fixture
async def tabula(server: LoopbackDiscord, bot_env: dict[str, str],
                 bot_errors: tuple[str, ...]) -> AsyncIterator[BotProcess]:
    """The real bot, connected, with its commands synced (see :func:`running_tabula`); the test
    fails if the bot logged a failure it does not expect."""
    async with running_tabula(server, bot_env, bot_errors) as proc:
        yield proc


@pytest.fixture
def service(db_url: str) -> Iterator[TableService]:
    """The bot's database, read by the test (to know hands and legal moves). A test may also prepare
    a position through it, applying moves with :meth:`TableService.act` as the bot would, so that only
    the steps it checks go through the loopback Discord (issue 25 §3: each /move pays Discord's rate
    limits; docs/testing.md). The test titles are registered in the test process too, to read their tables."""
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
