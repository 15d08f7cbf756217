"""Issue 23 §2 through the loopback Discord: a moderator creates a league of pebbles, three members
join, a season of two rounds runs — the clock opens each round's table in a thread under the
league's channel with one post pinging its members, the members play, the round ends when its
table ends and the next opens — and ``/league standings`` prints the archived standings
(docs/leagues.md). Members cannot create leagues; refusals come in the reader's language."""

from __future__ import annotations

import asyncio
import csv
import hashlib
import io
from pathlib import Path

from service import TableService
from service import leagues as rules
from storage.leagues import Leagues
from tests.support.discord_loopback import BotProcess, Channel, FakeUser, LoopbackDiscord

from .helpers import Table, move, reply_text, slash_ok
from .test_abuse_proof import dave  # noqa: F401  (the fixture: a server moderator)
from .test_render_after_text import drawn


async def play_out(server: LoopbackDiscord, service: TableService, table_id: int, thread: Channel,
                   users: dict[str, FakeUser]) -> None:
    """Members take one pebble each turn until the table ends (each /move through the bot)."""
    table = Table(server, table_id, thread, None)  # type: ignore[arg-type]  # no lobby card at a league table
    for _ in range(30):
        loaded = await asyncio.to_thread(service.load, table_id)
        if loaded.table.status != "active":
            return
        seat = next(iter(loaded.game.to_act(loaded.state)))
        await move(users[str(loaded.seats[seat].user_id)], table, "take 1")
    raise AssertionError("the table did not end")


async def test_a_league_season_runs_through_discord(server: LoopbackDiscord, tabula: BotProcess,
                                                    service: TableService, alice: FakeUser, bob: FakeUser,
                                                    carol: FakeUser, dave: FakeUser, image_log: Path) -> None:  # noqa: F811
    refused = reply_text(await slash_ok(alice, "league create", "general", name="Weekly", game="pebbles"))
    assert refused.startswith("Only server managers (Manage Server"), refused
    made = reply_text(await slash_ok(dave, "league create", "general", name="Weekly", game="pebbles", seats=3,
                                     min_seats=2, rounds=2, round_hours=24))
    assert made.startswith("League “Weekly” created: Pebbles, tables of 2–3, 2 rounds of 24 h."), made
    users = {str(u.id): u for u in (alice, bob, carol)}
    for user in users.values():
        await slash_ok(user, "league join", "general", name="Weekly")
    assert "已经是" in reply_text(await slash_ok(bob, "league join", "general", name="Weekly"))  # bob reads Chinese
    early = reply_text(await slash_ok(alice, "league standings", "general", name="Weekly"))
    assert early == "No round has ended yet.", early

    started = reply_text(await slash_ok(dave, "league start", "general", name="Weekly"))
    assert "Season 1 of “Weekly” started" in started, started
    store = Leagues(service.repo)
    league = store.named(str(server.guild.id), "Weekly")
    assert league is not None
    for number in (1, 2):
        mention_post = await server.wait_for_message(
            "general", lambda m, n=number: f"round {n}/2, table 1" in m.text and not m.ephemeral)
        assert all(f"<@{user}>" in mention_post.text for user in users), mention_post.text
        season = store.season(league.id, 1)
        assert season is not None
        [link] = store.round_tables(store.rounds(season.id)[number - 1].id)
        await server.wait_until(lambda t=link.table_id: service.repo.require_table(t).channel_id is not None,
                                description=f"round {number}'s thread recorded")
        thread = next(t for t in server.threads("general") if t.name.startswith(f"Weekly · 1.{number}."))
        assert service.repo.require_table(link.table_id).channel_id == str(thread.id)
        await server.wait_for_message(thread, lambda m: not m.ephemeral)  # the table's first status post
        await play_out(server, service, link.table_id, thread, users)

    await server.wait_until(lambda: (s := store.season(league.id, 1)) is not None and s.status == "ended",
                            description="the season ended")
    threads = [t for t in server.threads("general") if t.name.startswith("Weekly")]
    assert len(threads) == 2  # one table a round, each opened once
    # the season's closing post: the final standings as an image, the same as text beside it (issue 23 §4)
    closing = await server.wait_for_message("general", lambda m: "season 1 has ended" in m.text and not m.ephemeral)
    assert [a.filename for a in closing.attachments] == [f"standings-{league.id}-1.png"], closing.attachments
    assert len(closing.text.splitlines()) == 4 and "in round 2)" in closing.text, closing.text
    [picture] = closing.attachments
    shown = set(drawn(image_log)[hashlib.sha256(picture.data).hexdigest()]["texts"])
    names = {line.split(" — ")[0].split(". ", 1)[1] for line in closing.text.splitlines()[1:]}
    assert {"Standings", "Points", "This round", *names} <= shown, shown
    final_reply = await slash_ok(carol, "league standings", "general", name="Weekly")
    final = reply_text(final_reply)
    assert final.startswith("Weekly (Pebbles) — season 1, ended:"), final
    assert len(final.splitlines()) == 4 and "(2 tables" in final, final
    assert final_reply.message.ephemeral and len(final_reply.message.attachments) == 1
    zh = reply_text(await slash_ok(bob, "league standings", "general", name="Weekly"))
    assert "第 1 赛季，已结束" in zh, zh
    # a member's history: each round's table thread, place and points
    history = reply_text(await slash_ok(alice, "league history", "general", name="Weekly", member=carol))
    assert len(history.splitlines()) == 3 and all(f"<#{t.id}>" in history for t in threads), history
    exported = await slash_ok(alice, "league export", "general", name="Weekly")
    [sheet] = exported.message.attachments
    rows = list(csv.reader(io.StringIO(sheet.data.decode("utf-8-sig"))))
    assert [r[1] for r in rows[1:]] == [line.user for line in
                                        rules.standings(service, league, store.season(league.id, 1))]  # type: ignore[arg-type]
    assert sorted(r[1] for r in rows[1:]) == sorted(users), rows
    assert len([m for m in server.messages_in("general") if "season 1 has ended" in m.text]) == 1  # posted once
    # shared for everyone, in the league's language (bob, who reads Chinese, is told privately in his)
    mark = server.checkpoint()
    shared = reply_text(await slash_ok(bob, "league standings", "general", name="Weekly", share=True))
    assert shared == "积分榜已发到频道中。", shared
    post = await server.wait_for_message("general", lambda m: m.text.startswith("Weekly (Pebbles) — season 1")
                                         and not m.ephemeral, after=mark)
    assert [a.filename for a in post.attachments] == [f"standings-{league.id}-1.png"]


async def test_a_member_who_left_the_server_is_resigned_when_their_next_table_opens(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, dave: FakeUser) -> None:  # noqa: F811
    """docs/leagues.md "Resignations": the bot hears of no member leaving (no privileged intent); as a
    dealt table opens it asks Discord whether its players are still members, and one who left is
    resigned there: their seat goes to a bot, the opening post does not ping them, the league seats
    them no more."""
    await slash_ok(dave, "league create", "general", name="Monthly", game="pebbles", seats=3, min_seats=2,
                   rounds=2, round_hours=24)
    users = {str(u.id): u for u in (alice, bob, carol)}
    for user in users.values():
        await slash_ok(user, "league join", "general", name="Monthly")
    await slash_ok(dave, "league start", "general", name="Monthly")
    store = Leagues(service.repo)
    league = store.named(str(server.guild.id), "Monthly")
    assert league is not None
    await server.wait_for_message("general", lambda m: "round 1/2, table 1" in m.text and not m.ephemeral)
    season = store.season(league.id, 1)
    assert season is not None
    [first] = store.round_tables(store.rounds(season.id)[0].id)
    await server.wait_until(lambda: service.repo.require_table(first.table_id).channel_id is not None,
                            description="round 1's thread recorded")
    thread = next(t for t in server.threads("general") if t.name.startswith("Monthly · 1.1."))
    await slash_ok(dave, "league pause", "general", name="Monthly")  # round 2 waits while carol leaves
    await play_out(server, service, first.table_id, thread, users)
    server.guild.member_ids.remove(carol.id)
    await slash_ok(dave, "league resume", "general", name="Monthly")

    opening = await server.wait_for_message("general", lambda m: "round 2/2, table 1" in m.text and not m.ephemeral)
    assert f"<@{carol.id}>" not in opening.text, opening.text
    assert f"<@{alice.id}>" in opening.text and f"<@{bob.id}>" in opening.text, opening.text
    [second] = store.round_tables(store.rounds(season.id)[1].id)
    await server.wait_until(lambda: service.repo.require_table(second.table_id).channel_id is not None,
                            description="round 2's thread recorded")
    seats = service.load(second.table_id).seats
    assert str(carol.id) in second.players  # dealt before she was found gone...
    assert all(s.user_id != str(carol.id) for s in seats)  # ...and her seat went to a bot
    assert sum(1 for s in seats if s.is_bot) == 1, seats
    member = {m.user_id: m for m in store.members(league.id, None)}[str(carol.id)]
    assert member.status == rules.RESIGNED
    asked = [e for e in server.error_responses if e[2] == 404 and e[3].get("code") == 10007]
    assert len(asked) == len(server.error_responses) == 1  # "Unknown Member", once: carol
    server.error_responses.clear()  # the answer this test asked for
