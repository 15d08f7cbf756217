"""Issue #3 (c) and (d): the bot is SIGKILLed mid-game and restarted — the game goes on from the
last committed move and old buttons still work; two people press the same button at once — one
move applies, the other is told the board is out of date."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from service import TableService
from tests.storage.conftest import BACKENDS, PG_ENV, _pg_schema_url, postgres_url
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import done, move, reply_text
from .test_refusals import latest_post_with, started


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """These two run on SQLite and, when ``TABULA_TEST_DATABASE_URL`` is set, on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tabula-e2e.db'}"
        return
    base = postgres_url()
    if not base:
        pytest.skip(f"{PG_ENV} is not set")
    yield from _pg_schema_url(base)


async def test_restart_keeps_the_game_and_its_buttons(server: LoopbackDiscord, tabula: BotProcess,
                                                      service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    table = await started(server, alice, bob, "pebbles")
    await move(alice, table, "take 1")
    await move(bob, table, "take 2")
    button, post = latest_post_with(server, table, ":play:take 1")   # alice's buttons, version 3
    view_button, _ = latest_post_with(server, table, ":view")

    handshakes = server.gateway.handshake_count
    await tabula.kill()
    assert tabula.returncode is not None and tabula.returncode < 0  # killed, no clean-up on its side
    await tabula.start()
    await server.wait_for_connection(previous=handshakes, timeout=30)

    loaded = await asyncio.to_thread(service.load, table.id)
    assert loaded.state.pile == 4 and loaded.game.to_act(loaded.state) == {0}

    # a button posted before the restart still plays its move
    res = await done(await alice.click(post, button))  # type: ignore[arg-type]
    await server.wait_until(lambda: len(service.log(table.id)) == 3, timeout=15, description="the old button's move")
    assert not res.followups  # no error
    # ... and the "my view" button of an older post opens a fresh private panel
    res = await done(await bob.click(post, view_button))  # type: ignore[arg-type]
    assert res.message.ephemeral and "seat 2" in res.message.text.replace("座位 2", "seat 2")

    # that button's board is now out of date: a second click is refused, privately
    res = await done(await alice.click(post, button))  # type: ignore[arg-type]
    await res.wait_followups(1)
    assert "out of date" in reply_text(res) and all(m.ephemeral for m in res.followups)
    assert len(service.log(table.id)) == 3

    # the game goes on to the end
    await move(bob, table, "take 3")
    final = await server.wait_for_message(table.thread, lambda m: "Final ranking" in m.text, timeout=15)
    assert "Bob" in final.text


async def test_two_clicks_on_one_button_apply_one_move(server: LoopbackDiscord, tabula: BotProcess,
                                                       service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    table = await started(server, alice, bob, "snap")
    button, post = latest_post_with(server, table, ":play:snap")
    first = await alice.click(post, button)  # type: ignore[arg-type]
    second = await bob.click(post, button)   # type: ignore[arg-type]  (sent before the bot answered either)
    await done(first)
    await done(second)
    await server.wait_until(lambda: bool(first.followups or second.followups) and len(service.log(table.id)) == 1,
                            timeout=15, description="one move applied and one refusal")
    assert len(service.log(table.id)) == 1
    refused = first if first.followups else second
    assert not (first.followups and second.followups)
    text = reply_text(refused)
    assert "out of date" in text or "已过期" in text
    assert all(m.ephemeral for m in refused.followups)
