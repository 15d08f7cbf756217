"""The load benchmark's Discord costs (issue 25 §1): REST calls counted by route and purpose, rate limits that
hold calls back, and the realistic profile's traffic around the moves. Counts and orderings only: no test
asserts on wall-clock time."""

from __future__ import annotations

import asyncio
import io
import itertools

import discord
import pytest
from typer.testing import CliRunner

from bench import network
from bench.load import PROFILES, LoadSettings, Traffic, _prefixes, run_load
from bench.network import DOING, NetworkModel, Rest, RestStats, uploaded
from bot.cli import app


def test_calls_are_counted_by_route_and_purpose_and_interactions_are_outside_the_global_limit() -> None:
    async def calls() -> RestStats:
        rest = Rest(NetworkModel.off())
        DOING.set("move")
        await rest.call("POST /channels/{channel}/messages", 1, 2048)
        await rest.call("POST /interactions/{interaction}/{token}/callback", 7)
        DOING.set("hand")
        await rest.call("POST /webhooks/{application}/{token}", 7)
        return rest.stats

    stats = asyncio.run(calls())
    assert stats.total == 3
    assert stats.by_doing == {"move": 2, "hand": 1}
    assert stats.bound_by_doing == {"move": 1}
    assert len(stats.global_stamps) == 1


def test_a_full_bucket_holds_the_next_call_back_and_the_busiest_second_counts_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(network.ROUTE_LIMITS, "POST /channels/{channel}/messages", (2, 0.05))

    async def calls() -> RestStats:
        rest = Rest(NetworkModel(latency=0.0, jitter=0.0, upload_ms_per_kib=0.0, limits=True))
        for _ in range(3):
            await rest.call("POST /channels/{channel}/messages", 1)
        await rest.call("POST /channels/{channel}/messages", 2)  # another channel's bucket
        return rest.stats

    stats = asyncio.run(calls())
    assert stats.waits == 1  # the third post in channel 1, not the first in channel 2
    assert stats.peak_per_second() == 4


def test_without_limits_nothing_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(network.ROUTE_LIMITS, "POST /channels/{channel}/messages", (1, 10.0))

    async def calls() -> RestStats:
        rest = Rest(NetworkModel.off())
        for _ in range(3):
            await rest.call("POST /channels/{channel}/messages", 1)
        return rest.stats

    assert asyncio.run(calls()).waits == 0


def test_the_busiest_second_is_a_sliding_window() -> None:
    stats = RestStats(global_stamps=[0.0, 0.5, 0.9, 1.2, 1.4, 3.0])
    assert stats.peak_per_second() == 4  # 0.5, 0.9, 1.2, 1.4


def test_uploads_are_the_files_bytes() -> None:
    files = [discord.File(io.BytesIO(b"x" * 1000), filename="board-1.png"),
             discord.File(io.BytesIO(b"y" * 24), filename="a.txt")]
    assert uploaded(files) == 1024
    assert uploaded(files[0]) == 1000
    assert uploaded(None) == 0


def test_keystrokes_type_growing_prefixes_of_the_move() -> None:
    assert _prefixes("roll", 4) == ["r", "ro", "ro", "rol"]
    assert _prefixes("", 2) == ["", ""]
    prefixes = _prefixes("build 3 market", 4)
    assert len(prefixes) == 4
    assert all(b.startswith(a) for a, b in itertools.pairwise(prefixes))
    assert prefixes[0] and "build 3 market".startswith(prefixes[-1]) and len(prefixes[-1]) < 14


def test_a_realistic_run_types_opens_panels_and_counts_every_call() -> None:
    model = NetworkModel(latency=0.002, jitter=0.001, upload_ms_per_kib=0.01, limits=True)
    traffic = Traffic(keystrokes=2, typing_gap=0.0, hand=1.0, board=1.0, clock=0.5)
    printed: list[str] = []
    report = run_load(LoadSettings(tables=2, duration=2.0, saturate=True, seed=4, network=model, traffic=traffic,
                                   titles=("landlords", "wonderful-world"), profile="realistic"),
                      echo=printed.append)
    assert report.errors == {}
    assert report.commands > 0
    doing = report.rest.by_doing
    assert doing["autocomplete"] >= 2 * report.commands - 2  # two keystrokes a command (the last may be cut)
    assert doing["hand"] > 0 and doing["board"] > 0
    assert report.panel.count > 0 and report.board.count > 0 and report.autocomplete.count > 0
    assert report.clock.count >= 1
    assert report.calls_per_move >= 2  # at least the acknowledgement and a post or an edit
    assert report.token_ceiling(60.0) > report.token_ceiling(10.0) > 0
    for label in ("network", "REST calls", "/move's calls", "autocomplete", "private panel", "/board", "clock round"):
        assert any(line.strip().startswith(label) for line in printed[1:]), label
    assert printed[0].startswith("== load (realistic): 2 tables")


def test_the_profiles_and_their_switches() -> None:
    assert PROFILES["bare"][0] == NetworkModel.off() and PROFILES["bare"][1] == Traffic()
    assert PROFILES["realistic"][0].limits and PROFILES["realistic"][0].timed
    assert set(PROFILES["realistic"][2]) == {"landlords", "wonderful-world", "three-kingdoms", "royal-gorge",
                                             "megarich"}
    result = CliRunner().invoke(app, ["bench", "load", "--profile", "loud"])
    assert result.exit_code != 0 and "--profile" in result.output
    result = CliRunner().invoke(app, ["bench", "load", "--profile", "realistic", "--no-network", "--no-traffic",
                                      "--titles", "landlords", "--tables", "1", "--rate", "2", "--duration", "1"])
    assert result.exit_code == 0, result.output
    assert "no time on the wire; rate limits on; traffic: /move only" in result.output
