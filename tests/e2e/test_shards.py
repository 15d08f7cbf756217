"""Issue 13 §7: two bot processes, one per Discord shard, on one PostgreSQL database.

The loopback Discord serves two guilds, one on each of two shards; each bot process identifies
as one shard (``TABULA_SHARD_IDS``/``TABULA_SHARD_COUNT``) and names itself in its requests
(``TABULA_LOOPBACK_PROCESS``). Tables are played in both guilds at once; the process of one
shard is killed with SIGKILL with a move in flight and a deadline passed, then restarted. Every
move is stored once, every deadline's moves are played once (the clock's claims and the table
version guard), and no process ever answered for a guild of the other shard.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta

import aiohttp
import pytest

from games.registry import register, unregister
from service import TableService
from storage.db import make_engine
from storage.leases import Leases
from storage.repository import Repository
from tests.storage.conftest import _pg_schema_url, postgres_url
from tests.support.discord_loopback import BotProcess, ChannelType, FakeUser, LoopbackDiscord

from .conftest import BOT_MODULE, SEED, UNTHROTTLED, check_bot_output
from .helpers import TIMEOUT, Table, done, lobby_click, open_table, reply_text, slash_ok
from .titles import TITLES

pytestmark = pytest.mark.postgres

SHARDS = 2
#: Pebbles to take: enough for moves before, during and after the kill.
PILE = 24
#: How long a bot process may take to connect and register its commands (issue 25 §4: 30 s failed
#: on a loaded machine). A ceiling, not a wait: the test goes on as soon as the process is ready,
#: and fails at once if it exits (``LoopbackDiscord.wait_until`` watches it).
START_UP = 180.0


@pytest.fixture
def pg_url() -> Iterator[str]:
    base = postgres_url()
    if not base:
        pytest.skip("PostgreSQL tests need a running server (TABULA_TEST_DATABASE_URL)")
    yield from _pg_schema_url(base)


@pytest.fixture
def reader(pg_url: str) -> Iterator[TableService]:
    """The shared database, read by the test (and written only to move a deadline back)."""
    for game in TITLES:
        register(game)
    engine = make_engine(pg_url)
    yield TableService(Repository(engine))
    engine.dispose()
    for game in TITLES:
        unregister(game.meta.id)


@pytest.fixture
async def two_guilds() -> AsyncIterator[LoopbackDiscord]:
    async with LoopbackDiscord(channels=("general",)) as server:
        first = server.shard_of(server.guild.id, SHARDS)
        server.add_guild("Second server", shard=(1 - first, SHARDS), channels=("lounge",))
        yield server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


def process(server: LoopbackDiscord, pg_url: str, shard: int, metrics_port: int) -> BotProcess:
    env = {"TABULA_METRICS_PORT": str(metrics_port), "TABULA_DATABASE_URL": pg_url,
           "TABULA_TEST_SEED": SEED, "TABULA_EXTRA_GAMES": "tests.e2e.titles:TITLES",
           "TABULA_SCHEDULER_SECONDS": "0.3", "TABULA_LANGUAGE": "en", "TABULA_RENDER_WORKERS": "0",
           "TABULA_SHARD_IDS": str(shard), "TABULA_SHARD_COUNT": str(SHARDS), "TABULA_JOB_LEASE_SECONDS": "2",
           "TABULA_LOOPBACK_PROCESS": f"shard-{shard}", **UNTHROTTLED}
    return BotProcess.module(BOT_MODULE, server, env=env, name=f"tabula-shard-{shard}")


async def connected(server: LoopbackDiscord, shards: set[int]) -> None:
    await server.wait_until(lambda: {s.shard_id for s in server.gateway.live_sessions() if s.connected} >= shards,
                            timeout=START_UP, description=f"shards {sorted(shards)} connected")


async def take(user: FakeUser, table: Table, count: int = 1) -> bool:
    """``/move take N``; whether it was accepted."""
    res = await done(await user.slash("move", channel=table.thread, move=f"take {count}"))
    return reply_text(res).startswith("✓")


def human_moves(service: TableService, table_id: int) -> list[tuple[int, str | None, str]]:
    return [(r.seat or 0, r.user_id, r.notation) for r in service.log(table_id) if r.kind == "move"]


def deadline_posts(server: LoopbackDiscord, table: Table) -> int:
    return sum("deadline passed" in m.text for m in server.public_messages(table.thread)
               if m.author.id == server.bot_user.id)


@pytest.mark.slow  # tests/support/schedule.py: started first by make test
async def test_two_shard_processes_on_one_database_survive_a_kill(two_guilds: LoopbackDiscord, pg_url: str,
                                                                  reader: TableService) -> None:
    server = two_guilds
    alice, bob = server.add_user("alice"), server.add_user("bob")
    channel_of = {server.shard_of(g.id, SHARDS): next(server.channels[c].name for c in g.channel_ids
                                                      if server.channels[c].type == ChannelType.GUILD_TEXT)
                  for g in server.guilds.values()}
    ports = {shard: free_port() for shard in range(SHARDS)}
    procs = {shard: process(server, pg_url, shard, ports[shard]) for shard in range(SHARDS)}
    try:
        for proc in procs.values():
            await proc.start()
        await connected(server, set(range(SHARDS)))
        await server.wait_for_commands("table", "move", timeout=START_UP)

        async def new_table(shard: int) -> Table:
            table = await open_table(server, alice, "pebbles", channel=channel_of[shard], seats=2,
                                     options={"options": f"pile={PILE}"})
            await lobby_click(table, bob, "join")
            await slash_ok(alice, "table start", table.thread)
            await slash_ok(alice, "settings deadline", table.thread, hours=1, policy="move")
            return table

        tables = dict(zip(range(SHARDS), await asyncio.gather(*(new_table(s) for s in range(SHARDS))), strict=True))
        accepted: dict[int, int] = dict.fromkeys(tables, 0)

        async def play(shard: int, rounds: int) -> None:
            for _ in range(rounds):
                for user in (alice, bob):
                    assert await take(user, tables[shard]), f"{user.name} could not move at table {shard}"
                    accepted[shard] += 1

        await asyncio.gather(*(play(s, 3) for s in tables))  # both guilds at once

        # the process of shard 0 dies with a move in flight and its table's deadline passed
        victim, survivor = 0, 1
        # as if the dying process had claimed that deadline's job: the claim must lapse first
        assert await asyncio.to_thread(Leases(reader.repo).claim, f"deadline:{tables[victim].id}", "killed",
                                       timedelta(seconds=2))
        await asyncio.to_thread(reader.repo.set_deadline, tables[victim].id, datetime.now(UTC) - timedelta(minutes=1))
        in_flight = await alice.slash("move", channel=tables[victim].thread, move="take 1")
        await procs[victim].kill()
        await asyncio.to_thread(reader.repo.set_deadline, tables[survivor].id,
                                datetime.now(UTC) - timedelta(minutes=1))
        await procs[victim].start()
        await connected(server, {victim})

        # each passed deadline played once: a timeout move (no user) by the seat that was late
        for shard, table in tables.items():
            await server.wait_until(lambda t=table: any(u is None for _, u, _ in human_moves(reader, t.id)),
                                    timeout=TIMEOUT, description=f"the deadline of table {shard} enforced")
        await server.wait_until(lambda: all(deadline_posts(server, t) == 1 for t in tables.values()),
                                timeout=TIMEOUT, description="both deadlines announced")
        await asyncio.sleep(1.5)  # several clock rounds of both processes, and a lapsed claim
        for table in tables.values():
            assert sum(u is None for _, u, _ in human_moves(reader, table.id)) == 1
            assert deadline_posts(server, table) == 1
        # the dead process's deadline was done by its successor, once the claim lapsed
        assert {a.process for a in server.answers if a.guild_id is not None and a.method == "POST"
                and server.shard_of(a.guild_id, SHARDS) == victim} == {f"shard-{victim}"}

        # play both tables to the end; whoever must act (the clock moved for one seat) takes
        async def finish(shard: int) -> None:
            table = tables[shard]
            while (loaded := await asyncio.to_thread(reader.load, table.id)).table.status == "active":
                seat = min(loaded.game.to_act(loaded.state))
                user = alice if seat == 0 else bob
                if await take(user, table, min(3, loaded.state.pile)):
                    accepted[shard] += 1

        await asyncio.gather(*(finish(s) for s in tables))

        flown = reply_text(in_flight) if in_flight.acknowledged else ""
        for shard, table in tables.items():
            log = human_moves(reader, table.id)
            players = [m for m in log if m[1] is not None]
            extra = 1 if shard == victim and len(players) == accepted[shard] + 1 else 0
            assert len(players) == accepted[shard] + extra, (shard, log, accepted, flown)
            assert sum(int(re.sub(r"\D", "", n)) for _, _, n in log) == PILE  # no move twice
            assert [seat for seat, _, _ in log] == [n % 2 for n in range(len(log))]  # turns alternate

        # no process ever answered for the other shard's guild; both did answer
        assert server.interaction_shards
        for interaction_id, shard in server.interaction_shards.items():
            channel = server.interactions[interaction_id].channel
            assert channel.guild_id is not None and server.shard_of(channel.guild_id, SHARDS) == shard
        answered = {(a.process, server.shard_of(a.guild_id, SHARDS)) for a in server.answers if a.guild_id}
        assert answered == {(f"shard-{s}", s) for s in range(SHARDS)}
        assert not server.protocol_errors and not server.unknown_routes
        assert all(r is in_flight for r in server.unacknowledged_interactions)

        # each process reports its own shard and the database as healthy, and counts its work
        for shard, port in ports.items():
            status, body = await get(f"http://127.0.0.1:{port}/healthz")
            health = json.loads(body)
            assert status == 200 and health["ok"] and health["database"], health
            assert health["shards"] == {"connected": [shard], "expected": [shard]}
            status, text = await get(f"http://127.0.0.1:{port}/metrics")
            assert status == 200
            moves = re.search(r"^tabula_moves_total (\S+)$", text, re.M)
            commands = re.findall(r'^tabula_commands_total\{kind="application_command",name="move"\} (\S+)$',
                                  text, re.M)
            assert moves is not None and float(moves[1]) > 0 and commands and float(commands[0]) > 0
            assert "tabula_command_seconds_bucket" in text and "tabula_render_queue" in text
        print("moves accepted per shard:", accepted, "in flight:", flown or "(never answered)")
        # SIGTERM: each process finishes its work and exits on its own (no SIGKILL needed)
        for proc in procs.values():
            assert await proc.stop(timeout=15) == 0
    finally:
        outputs = {}
        for shard, proc in procs.items():
            await proc.stop()
            outputs[shard] = proc.output()
            print(outputs[shard][-8000:])
            proc.close()
    for output in outputs.values():
        check_bot_output(output)
        assert "shutting down: finishing the work under way" in output


async def test_one_process_may_serve_both_shards(two_guilds: LoopbackDiscord, pg_url: str,
                                                 reader: TableService) -> None:
    """``TABULA_SHARD_IDS=0,1``: one auto-sharded process, a gateway connection per shard."""
    server = two_guilds
    alice, bob = server.add_user("alice"), server.add_user("bob")
    port = free_port()
    proc = process(server, pg_url, 0, port)
    proc.env.update({"TABULA_SHARD_IDS": "0,1", "TABULA_LOOPBACK_PROCESS": "both"})
    try:
        await proc.start()
        await connected(server, {0, 1})
        await server.wait_for_commands("table", "move", timeout=START_UP)
        for guild in server.guilds.values():
            channel = next(server.channels[c].name for c in guild.channel_ids
                           if server.channels[c].type == ChannelType.GUILD_TEXT)
            table = await open_table(server, alice, "pebbles", channel=channel, seats=2)
            await lobby_click(table, bob, "join")
            await slash_ok(alice, "table start", table.thread)
            assert await take(alice, table)
            assert [u for _, u, _ in human_moves(reader, table.id)] == [str(alice.id)]
        await server.wait_until(lambda: len(set(server.interaction_shards.values())) == SHARDS,
                                timeout=TIMEOUT, description="interactions on both shards")
        status, body = await get(f"http://127.0.0.1:{port}/healthz")
        assert status == 200 and json.loads(body)["shards"] == {"connected": [0, 1], "expected": [0, 1]}
        assert await proc.stop(timeout=15) == 0
    finally:
        await proc.stop()
        output = proc.output()
        print(output[-8000:])
        proc.close()
    check_bot_output(output)
