"""Running several bot processes (issue 13 §5): shard settings, the health and metrics endpoint,
JSON log lines. The endpoint is served for real on a free local port."""

from __future__ import annotations

import asyncio
import json
import logging
import sys

import aiohttp
import pytest
from discord.ext import commands

from bot.discord_app.client import make_bot, shard_options
from bot.discord_app.config import BotConfig
from bot.discord_app.health import Health
from bot.discord_app.logs import JsonFormatter
from bot.discord_app.metrics import Metrics
from service import TableService
from service.jobs import Shards


def test_shards_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert BotConfig().shards() is None
    assert shard_options(BotConfig()) == {}
    monkeypatch.setenv("TABULA_SHARD_IDS", "1")
    monkeypatch.setenv("TABULA_SHARD_COUNT", "2")
    config = BotConfig()
    assert config.shards() == Shards(frozenset({1}), 2)
    assert shard_options(config) == {"shard_id": 1, "shard_count": 2}
    monkeypatch.setenv("TABULA_SHARD_IDS", "0, 2")
    monkeypatch.setenv("TABULA_SHARD_COUNT", "3")
    assert shard_options(BotConfig()) == {"shard_ids": [0, 2], "shard_count": 3}
    monkeypatch.setenv("TABULA_SHARD_IDS", "")
    assert BotConfig().shards() == Shards(frozenset({0, 1, 2}), 3)  # a count alone: every shard
    monkeypatch.setenv("TABULA_SHARD_IDS", "3")
    with pytest.raises(ValueError, match=r"within 0\.\.2"):
        BotConfig().shards()


def test_a_guild_belongs_to_the_shard_discord_routes_it_to() -> None:
    shards = Shards.of([1], 4)
    assert not shards.owns(str((7 << 22) | 12345))  # 7 % 4 == 3
    assert not shards.owns(None)
    assert [guild >> 22 for guild in (1 << 22, 5 << 22, 9 << 22) if shards.owns(guild)] == [1, 5, 9]
    assert not shards.owns(2 << 22)


def test_metrics_are_exposed_in_prometheus_text_format() -> None:
    metrics = Metrics()
    metrics.watch(render_queue=lambda: 3, shards=lambda: 1, images=lambda: {"drawn": 7, "skipped": 1})
    metrics.commands.labels(kind="application_command", name="move").inc(2)
    metrics.moves.inc(5)
    metrics.latency.labels(name="move").observe(0.07)
    text = metrics.exposition().decode()
    assert 'tabula_commands_total{kind="application_command",name="move"} 2.0' in text
    assert "tabula_moves_total 5.0" in text
    assert 'tabula_command_seconds_bucket{le="0.1",name="move"} 1.0' in text
    assert 'tabula_command_seconds_bucket{le="0.05",name="move"} 0.0' in text
    assert "tabula_render_queue 3.0" in text and "tabula_shards_connected 1.0" in text
    assert 'tabula_images_total{outcome="drawn"} 7.0' in text and 'tabula_images_total{outcome="skipped"} 1.0' in text


async def test_health_says_which_shards_are_up_and_whether_the_database_answers() -> None:
    state = {"connected": [0], "database": True, "draining": False}
    metrics = Metrics()
    metrics.moves.inc()
    health = Health(metrics, lambda: (state["connected"], [0]), lambda: state["database"],
                    lambda: state["draining"])
    await health.start("127.0.0.1", 0)
    base = f"http://127.0.0.1:{health.port}"
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/healthz") as response:
                assert response.status == 200
                assert await response.json() == {"ok": True, "shards": {"connected": [0], "expected": [0]},
                                                 "database": True, "draining": False}
            for change in ({"connected": []}, {"database": False}, {"draining": True}):
                before = dict(state)
                state.update(change)
                async with session.get(f"{base}/healthz") as response:
                    assert response.status == 503 and not (await response.json())["ok"], change
                state.update(before)
            async with session.get(f"{base}/metrics") as response:
                assert response.status == 200 and response.content_type == "text/plain"
                assert "tabula_moves_total 1.0" in await response.text()
    finally:
        await health.stop()


def test_json_log_lines_carry_the_record_and_the_traceback() -> None:
    formatter = JsonFormatter(shards="1")
    record = logging.LogRecord("tabula.discord", logging.INFO, __file__, 1, "table %s moved", (12,), None)
    record.table = 12
    line = json.loads(formatter.format(record))
    assert line["message"] == "table 12 moved" and line["level"] == "INFO" and line["logger"] == "tabula.discord"
    assert line["shards"] == "1" and line["table"] == 12 and line["time"].endswith("+00:00")
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        failed = logging.LogRecord("tabula", logging.ERROR, __file__, 1, "failed: 中文", None, sys.exc_info())
    line = json.loads(formatter.format(failed))
    assert line["message"] == "failed: 中文" and "RuntimeError: boom" in line["exception"]


@pytest.mark.parametrize(("ids", "sharded"), [("1", False), ("0,1", True)])
async def test_the_bot_identifies_as_its_shards(monkeypatch: pytest.MonkeyPatch, ids: str, sharded: bool) -> None:
    monkeypatch.setenv("TABULA_SHARD_IDS", ids)
    monkeypatch.setenv("TABULA_SHARD_COUNT", "2")
    monkeypatch.setenv("TABULA_RENDER_WORKERS", "0")
    bot = make_bot(BotConfig(), TableService.open("sqlite://"))
    try:
        assert isinstance(bot, commands.AutoShardedBot) is sharded
        assert bot.shard_count == 2
        if sharded:
            assert isinstance(bot, commands.AutoShardedBot) and bot.shard_ids == [0, 1]
        else:
            assert bot.shard_id == 1
        assert bot.expected_shards() == [int(i) for i in ids.split(",")]
        assert bot.connected_shards() == []  # not connected yet
    finally:
        bot.runtime.close()


async def test_a_bot_closed_while_it_waits_for_its_guilds_does_not_dispatch_ready_after_closing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGTERM soon after start-up: discord.py's task waiting out the guilds before READY must not outlive the
    client (it dispatched 'ready' on a closed client, whose loop is gone: a traceback in a CI run under load)."""
    monkeypatch.setenv("TABULA_RENDER_WORKERS", "0")
    bot = make_bot(BotConfig(), TableService.open("sqlite://"))
    await bot._async_setup_hook()  # what login does first: the client's loop
    state = bot._connection
    state.guild_ready_timeout = 0.05
    state._ready_state = asyncio.Queue()
    waiting = asyncio.create_task(state._delay_ready())
    state._ready_task = waiting
    await bot.close()
    await asyncio.sleep(0.2)  # past the wait: the task would now dispatch 'ready'
    assert waiting.done()
    assert waiting.cancelled() or waiting.exception() is None
