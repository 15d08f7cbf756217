"""Issue 23's done-when, the second half: the same season's round opening with two bot processes on
one PostgreSQL database, one of them killed (SIGKILL) in the middle of opening the round: each table
is opened exactly once (docs/leagues.md "Rounds advance from the clock").

Prepared state keeps it short: the league of seven members and its season are stored by the test,
the first round not opened yet (as after a crash). Both processes serve the server (shard 0 of 1)
and their clocks race for the round. To stop the opener *inside* the opening, deterministically, the
test holds ``LOCK TABLE league_round_tables IN EXCLUSIVE MODE``: reads go on, but the first table's
insert waits. The process holding the season's job is then killed; its claim lapses, the other
process claims it and waits on the lock too; the lock is released and the killed process restarted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from sqlalchemy import Connection, text

from service import TableService
from service import leagues as rules
from storage.db import make_engine, migrate
from storage.leagues import Leagues
from storage.leases import Leases
from tests.support.discord_loopback import BotProcess, LoopbackDiscord

from .conftest import BOT_MODULE, SEED, UNTHROTTLED, check_bot_output
from .helpers import TIMEOUT, public_bot_messages
from .test_shards import START_UP, connected, pg_url, reader  # noqa: F401  (fixtures: the shared database)

pytestmark = pytest.mark.postgres

MEMBERS = 7


def bot(server: LoopbackDiscord, url: str, name: str) -> BotProcess:
    """A bot process serving the whole server (shard 0 of 1), its clock ticking often, claims lapsing fast."""
    env = {"TABULA_DATABASE_URL": url, "TABULA_TEST_SEED": SEED, "TABULA_EXTRA_GAMES": "tests.e2e.titles:TITLES",
           "TABULA_SCHEDULER_SECONDS": "0.3", "TABULA_LANGUAGE": "en", "TABULA_RENDER_WORKERS": "0",
           "TABULA_SHARD_IDS": "0", "TABULA_SHARD_COUNT": "1", "TABULA_JOB_LEASE_SECONDS": "2",
           "TABULA_LOOPBACK_PROCESS": name, **UNTHROTTLED}
    return BotProcess.module(BOT_MODULE, server, env=env, name=f"tabula-{name}")


@pytest.fixture
def blocker(pg_url: str) -> Iterator[Connection]:  # noqa: F811
    engine = make_engine(pg_url)
    with engine.connect() as conn:
        yield conn
    engine.dispose()


async def test_a_round_opened_by_two_processes_one_killed_midway_opens_each_table_once(
        server: LoopbackDiscord, pg_url: str, reader: TableService, blocker: Connection) -> None:  # noqa: F811
    migrate(reader.repo.engine)  # the schema the bots would make, so the test can prepare the season first
    general = next(c for c in server.channels.values() if c.name == "general")
    users = [server.add_user(f"member{n}") for n in range(1, MEMBERS + 1)]
    league = rules.create(reader, str(server.guild.id), "Autumn", "pebbles", seats=4, min_seats=3, rounds=3,
                          round_hours=24, channel_id=str(general.id))
    for user in users:
        rules.join(reader, league.id, str(user.id), user.name)
    store = Leagues(reader.repo)
    season = store.start_season(league.id, 0)  # running, its first round not opened yet
    assert season is not None
    job = f"league:{season.id}"

    blocker.begin()
    blocker.execute(text("LOCK TABLE league_round_tables IN EXCLUSIVE MODE"))
    procs = {name: bot(server, pg_url, name) for name in ("a", "b")}
    try:
        await asyncio.gather(*(proc.start() for proc in procs.values()))
        await connected(server, {0})
        # the first process to claim the season's job is stuck inside the opening: its round stored, a table waiting
        await server.wait_until(lambda: Leases(reader.repo).holder(job) is not None and store.rounds(season.id) != [],
                                timeout=START_UP, description="a process opening the round")
        holder = Leases(reader.repo).holder(job)
        assert holder is not None and store.rounds(season.id)[0].status == "opening"
        victim = next(name for name, proc in procs.items() if f":{proc.pid}:" in holder.owner)
        other = next(name for name in procs if name != victim)
        await procs[victim].kill()
        # its claim lapses and the other process takes the job, waiting on the same lock
        await server.wait_until(lambda: (h := Leases(reader.repo).holder(job)) is not None
                                and f":{procs[other].pid}:" in h.owner, timeout=TIMEOUT,
                                description="the other process claiming the season's job")
        blocker.rollback()  # the lock goes; the killed process's transaction is gone with its connection
        await procs[victim].start()

        [round_] = store.rounds(season.id)
        await server.wait_until(lambda: store.rounds(season.id)[0].status == "open", timeout=TIMEOUT,
                                description="round 1 open")
        links = store.round_tables(round_.id)
        await server.wait_until(lambda: all(reader.repo.require_table(link.table_id).channel_id for link in links),
                                timeout=TIMEOUT, description="each table's thread recorded")
        await server.wait_until(lambda: sum(s.connected for s in server.gateway.live_sessions()) == 2,
                                timeout=START_UP, description="the restarted process connected")
        await asyncio.sleep(1.0)  # several more clock rounds of both processes: nothing opens twice

        # each table created, dealt and announced exactly once
        assert sorted(len(link.players) for link in links) == [3, 4]
        assert sorted(u for link in links for u in link.players if u) == sorted(str(u.id) for u in users)
        tables = reader.repo.list_tables(str(server.guild.id))
        assert sorted(t.id for t in tables) == sorted(link.table_id for link in links)  # none made twice, none left
        for link in links:
            assert reader.repo.require_table(link.table_id).status == "active"
            assert reader.repo.last_seq(link.table_id) == len(reader.repo.actions(link.table_id))  # none stored twice
        posts = [m for m in public_bot_messages(server, "general") if "round 1/3," in m.text]
        threads = [t for t in server.threads("general") if t.name.startswith("Autumn · 1.1.")]
        pinged = sorted(u for m in posts for u in m.pinged)
        print(f"two processes, {procs[victim].name} killed opening round 1: {len(links)} tables, "
              f"{len(tables)} stored, {len(threads)} threads, {len(posts)} opening posts, "
              f"pings per member {min(pinged.count(u.id) for u in users)}–{max(pinged.count(u.id) for u in users)}")
        assert len(posts) == len(links) == len(threads)
        assert pinged == sorted(u.id for u in users)  # each member pinged once
        for proc in procs.values():  # SIGTERM: each finishes its work and exits on its own
            assert await proc.stop(timeout=15) == 0
    finally:
        if blocker.in_transaction():
            blocker.rollback()
        outputs = []
        for proc in procs.values():
            await proc.stop()
            outputs.append(proc.output())
            print(proc.output()[-4000:])
            proc.close()
    for output in outputs:
        check_bot_output(output)
