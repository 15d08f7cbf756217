"""Issue 10 §8: Chinese readers get the Chinese rules reference. ``/rules`` answers each person
privately in their own language, so on a Chinese server a Chinese client gets the reference of
``docs/rules/zh/`` attached, an English client the English one, and a title with no Chinese
reference still gives a Chinese reader its English one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.registry import all_games
from tests.support.discord_loopback import BotProcess, Channel, FakeUser, LoopbackDiscord
from tests.support.discord_loopback.model import Attachment

from .conftest import running_tabula
from .helpers import open_table, reply_text, slash_ok

ROOT = Path(__file__).parents[2]


@pytest.fixture
async def zh_server() -> AsyncIterator[LoopbackDiscord]:
    """A loopback Discord whose server is Chinese (its locale is zh-CN); the same checks as ``server``."""
    async with LoopbackDiscord(channels=("general", "games"), guild_locale="zh-CN") as srv:
        yield srv
        assert not srv.unknown_routes, f"bot used routes the emulator lacks: {srv.unknown_routes}"
        assert not srv.protocol_errors, f"protocol errors: {srv.protocol_errors}"
        assert not srv.unacknowledged_interactions, "interactions were not acknowledged within 3 s"
        assert not srv.error_responses, f"Discord refused requests of the bot: {srv.error_responses[:5]}"


@pytest.fixture
async def zh_tabula(zh_server: LoopbackDiscord, bot_env: dict[str, str],
                    bot_errors: tuple[str, ...]) -> AsyncIterator[BotProcess]:
    async with running_tabula(zh_server, bot_env, bot_errors) as proc:
        yield proc


async def reference_of(user: FakeUser, where: Channel | str, **options: str) -> tuple[str, Attachment]:
    """``/rules`` as ``user``: the private answer's text and the one file attached to it."""
    res = await slash_ok(user, "rules", where, **options)
    assert res.message.ephemeral, "the answer to /rules is private"
    files = [a for m in res.messages for a in m.attachments]
    assert len(files) == 1, files
    return reply_text(res), files[0]


async def test_a_chinese_reader_gets_the_chinese_reference_and_an_english_one_the_english(
        zh_server: LoopbackDiscord, zh_tabula: BotProcess) -> None:
    wang = zh_server.add_user("wang", locale="zh-CN")
    jane = zh_server.add_user("jane", locale="en-US")
    for title in ("landlords", "wonderful-world", "three-kingdoms", "royal-gorge"):
        text, found = await reference_of(wang, "general", game=title)
        meta = next(g.meta for g in all_games() if g.meta.id == title)
        assert found.filename == f"{Path(meta.rules_reference).stem}.zh.md", found.filename
        assert found.data == (ROOT / meta.reference("zh")).read_bytes() != (ROOT / meta.rules_reference).read_bytes()
        assert found.data.decode().startswith("# ") and "规则参考" in found.data.decode().splitlines()[0]
        assert meta.name("zh") in text, text

        text, found = await reference_of(jane, "general", game=title)
        assert found.filename == Path(meta.rules_reference).name
        assert found.data == (ROOT / meta.rules_reference).read_bytes()
        assert meta.name("en") in text, text


async def test_a_title_without_a_chinese_reference_gives_the_english_one(
        server: LoopbackDiscord, tabula: BotProcess, alice: FakeUser, bob: FakeUser) -> None:
    """At a table of a title with no Chinese reference (the test title ``pebbles``), ``/rules``
    without a game reads the table's title and still attaches its (English) reference for bob."""
    table = await open_table(server, alice, "pebbles")
    for reader in (bob, alice):
        _, found = await reference_of(reader, table.thread)
        assert found.filename == "titles.py"
        assert found.data == (ROOT / "tests" / "e2e" / "titles.py").read_bytes()
