"""Issue 23's done-when through the loopback Discord: a whole season of three rounds for seven
members at tables of 4 and 3 (the table of 3 gets a bot seat: tables seat 4 in this league;
docs/leagues.md). A moderator creates the league and starts the
season; each round the clock opens two tables in threads with one post per table pinging its
members; the members' moves are chosen by the title's bot and sent as their ``/move``; when both
tables ended, the standings and ratings have moved and the next round opens; after the third the
season closes with its standings image. The counts (posts, pings per member per round) are printed.
"""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

from games.core import Rng
from service import TableService
from service import leagues as rules
from storage.leagues import Leagues
from storage.models import RoundTableRow
from tests.support.discord_loopback import BotProcess, Channel, FakeUser, LoopbackDiscord

from .helpers import TIMEOUT, Table, move, public_bot_messages, reply_text, slash_ok
from .test_abuse_proof import dave  # noqa: F401  (the fixture: a server moderator)
from .test_render_after_text import drawn

MEMBERS = 7
ROUNDS = 3


async def bots_play(server: LoopbackDiscord, service: TableService, link: RoundTableRow, thread: Channel,
                    users: dict[str, FakeUser]) -> int:
    """Play a league table to its end: each member's move is the title's bot move (seeded by the table
    and the move's number, as ``service.league_run`` chooses it), sent as that member's ``/move``."""
    table = Table(server, link.table_id, thread, None)  # type: ignore[arg-type]  # no lobby card at a league table
    for moves in range(60):
        loaded = await asyncio.to_thread(service.load, link.table_id)
        if loaded.table.status != "active":
            return moves
        seat = min(loaded.game.to_act(loaded.state))
        chosen = loaded.game.bot_move(loaded.state, seat, Rng.from_seed(f"{loaded.table.seed}:{loaded.last_seq}"))
        await move(users[str(loaded.seats[seat].user_id)], table, str(chosen))
    raise AssertionError(f"table {link.table_id} did not end")


async def test_a_season_of_seven_members_runs_three_rounds_through_discord(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, dave: FakeUser,  # noqa: F811
        image_log: Path) -> None:
    users = {str(u.id): u for u in (server.add_user(f"member{n}") for n in range(1, MEMBERS + 1))}
    made = reply_text(await slash_ok(dave, "league create", "general", name="Autumn", game="pebbles", seats=4,
                                     min_seats=4, rounds=ROUNDS, round_hours=24, fill="bots"))
    assert made.startswith("League “Autumn” created: Pebbles, tables of 4, 3 rounds"), made
    for user in users.values():
        await slash_ok(user, "league join", "general", name="Autumn")
    assert "Season 1" in reply_text(await slash_ok(dave, "league start", "general", name="Autumn"))
    store = Leagues(service.repo)
    league = store.named(str(server.guild.id), "Autumn")
    assert league is not None
    season = store.season(league.id, 1)
    assert season is not None

    seen_threads: set[int] = set()
    for number in range(1, ROUNDS + 1):
        await server.wait_until(lambda n=number: len(store.rounds(season.id)) >= n
                                and store.rounds(season.id)[n - 1].status == "open", timeout=TIMEOUT,
                                description=f"round {number} open")
        round_ = store.rounds(season.id)[number - 1]
        links = store.round_tables(round_.id)
        # two tables of 4: every member seated once, and one bot seat (7 = 4 + 3 + a bot)
        assert sorted(len(link.players) for link in links) == [4, 4]
        assert sorted(sum(1 for u in link.players if u) for link in links) == [3, 4]
        assert sorted(u for link in links for u in link.players if u) == sorted(users)
        await server.wait_until(lambda ls=links: all(service.repo.require_table(link.table_id).channel_id
                                                     for link in ls), timeout=TIMEOUT,
                                description=f"round {number}'s threads recorded")
        threads = {link.table_id: server.channels[int(service.repo.require_table(link.table_id).channel_id or 0)]
                   for link in links}
        assert not seen_threads & {t.id for t in threads.values()}  # new threads each round
        seen_threads |= {t.id for t in threads.values()}
        before = {u: sum(r.games for r in service.member_ratings(str(server.guild.id), u, "pebbles")) for u in users}

        played = await asyncio.gather(*(bots_play(server, service, link, threads[link.table_id], users)
                                        for link in links))
        await server.wait_until(lambda n=number: store.rounds(season.id)[n - 1].status == "ended", timeout=TIMEOUT,
                                description=f"round {number} ended")
        # standings and ratings moved: every member has played `number` tables and one more rated table
        standings = rules.standings(service, league, store.season(league.id, 1) or season)
        assert sorted(line.user for line in standings) == sorted(users)
        assert all(line.games == number for line in standings), standings
        after = {u: sum(r.games for r in service.member_ratings(str(server.guild.id), u, "pebbles")) for u in users}
        assert all(after[u] == before[u] + 1 for u in users), (before, after)

        # the counts: the round's posts, and how often each member was pinged (the league's post: once)
        opening = [m for m in public_bot_messages(server, "general") if f"round {number}/{ROUNDS}," in m.text]
        assert len(opening) == len(links)
        assert sorted(u for m in opening for u in m.pinged) == sorted(int(u) for u in users)  # each pinged once
        posts = opening + [m for t in threads.values() for m in public_bot_messages(server, t)]
        pings = {u: sum(int(u) in m.pinged for m in posts) for u in users}
        print(f"round {number}: members at tables {sorted(sum(1 for u in link.players if u) for link in links)} "
              f"(+1 bot seat), {sum(played)} moves, "
              f"{len(posts)} public posts ({len(opening)} opening), pings per member "
              f"min {min(pings.values())} max {max(pings.values())} (the league's post: 1 each)")

    # the season closes with its standings image, the same standings as text beside it
    closing = await server.wait_for_message("general", lambda m: "season 1 has ended" in m.text and not m.ephemeral,
                                            timeout=TIMEOUT)
    [picture] = closing.attachments
    assert picture.filename == f"standings-{league.id}-1.png" and len(picture.data) <= 200 * 1024
    ended = store.season(league.id, 1)
    assert ended is not None and ended.status == "ended" and len(ended.standings) == MEMBERS
    lines = closing.text.splitlines()[1:]
    assert len(lines) == MEMBERS and all("(3 tables" in line and "in round 3)" in line for line in lines), lines
    shown = set(drawn(image_log)[hashlib.sha256(picture.data).hexdigest()]["texts"])
    assert {"Standings", *(line["name"] for line in ended.standings)} <= shown, shown
    print(f"season: {ROUNDS} rounds, {len(seen_threads)} threads, closing post {len(picture.data)} bytes of image")
