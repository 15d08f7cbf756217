"""Issue 23 §1: two members finish a table of pebbles; the final post tells the rating changes,
``/rating`` and ``/leaderboard`` answer with their new ratings (the leaderboard as an image and as
text), in each reader's language, and a moderator's ``/mod ratings-recompute`` gives the same
numbers back (docs/ratings.md)."""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

from openskill.models import PlackettLuce

from service import TableService
from service import ratings as rules
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .conftest import running_tabula
from .helpers import lobby_click, move, open_table, public_bot_messages, reply_text, slash_ok
from .test_abuse_proof import dave  # noqa: F401  (the fixture: a server moderator)
from .test_render_after_text import drawn


async def test_a_finished_table_rates_its_two_members(server: LoopbackDiscord, tabula: BotProcess,
                                                      service: TableService, alice: FakeUser, bob: FakeUser,
                                                      dave: FakeUser, image_log: Path) -> None:  # noqa: F811
    table = await open_table(server, alice, "pebbles", seats=2)
    await lobby_click(table, bob, "join")
    await lobby_click(table, alice, "start")
    await move(alice, table, "take 3")
    await move(bob, table, "take 3")
    await move(alice, table, "take 1")  # alice takes the last pebble and wins
    loaded = await asyncio.to_thread(service.load, table.id)
    assert loaded.table.status == "finished"
    names = {s.user_id: s.name for s in loaded.seats}

    model = PlackettLuce()  # openskill's own update for the same ranking
    won, lost = (team[0] for team in model.rate([[model.rating()], [model.rating()]], ranks=[1, 2]))
    first, second = rules.ordinal(won.mu, won.sigma), rules.ordinal(lost.mu, lost.sigma)
    assert first > 1000 > second
    # the final post tells what the table did to the ratings
    changes = (f"Ratings: {names[str(alice.id)]} 1000 → {first} (+{first - 1000}), "
               f"{names[str(bob.id)]} 1000 → {second} (−{1000 - second})")
    await server.wait_for_message(table.thread, lambda m: changes in m.text)
    status = await slash_ok(alice, "table status", table.thread)  # and the table's status keeps saying it
    assert changes in status.message.text, status.message.text

    mine = await slash_ok(alice, "rating", "general", details=True)
    text = reply_text(mine)
    assert mine.message.ephemeral and f"Pebbles: {first} (1 table)" in text, text
    assert f"μ {won.mu:.2f}, σ {won.sigma:.2f}" in text, text
    theirs = reply_text(await slash_ok(bob, "rating", "general", member=alice, game="pebbles"))
    assert f"捡石子：{first}（1 局）" in theirs and "μ" not in theirs, theirs  # bob reads Chinese

    board = await slash_ok(alice, "leaderboard", "general", game="pebbles")
    text = reply_text(board)
    assert f"1. {names[str(alice.id)]} — {first} (1 table)" in text, text
    assert f"2. {names[str(bob.id)]} — {second} (1 table)" in text, text
    [image] = board.message.attachments
    assert image.filename == "leaderboard-pebbles.png"
    shown = set(drawn(image_log)[hashlib.sha256(image.data).hexdigest()]["texts"])
    assert {"Leaderboard", names[str(alice.id)], names[str(bob.id)], str(first), str(second)} <= shown, shown

    refused = reply_text(await slash_ok(alice, "mod ratings-recompute", "general"))
    assert "Only server managers" in refused, refused
    again = reply_text(await slash_ok(dave, "mod ratings-recompute", "general", game="pebbles"))
    assert "Ratings recomputed from 1 result." in again, again
    assert f"1. {names[str(alice.id)]} — {first}" in reply_text(
        await slash_ok(alice, "leaderboard", "general", game="pebbles"))

    detailed = reply_text(await slash_ok(bob, "leaderboard", "general", game="pebbles", details=True))
    assert f"{first}（1 局） · μ {won.mu:.2f}，σ {won.sigma:.2f}" in detailed, detailed

    mark = server.checkpoint()  # bob (Chinese client) shares it: posted for everyone in the server's language
    shared = await slash_ok(bob, "leaderboard", "general", game="pebbles", share=True)
    assert reply_text(shared) == "排行榜已发到频道中。"
    post = await server.wait_for_message("general", lambda m: "Pebbles — ratings on this server:" in m.text,
                                         after=mark)
    assert not post.ephemeral and [a.filename for a in post.attachments] == ["leaderboard-pebbles.png"]

    nothing = await slash_ok(alice, "leaderboard", "general", game="snap")  # a title nobody finished here
    assert reply_text(nothing).startswith("Nobody has a Snap rating here yet") and not nothing.message.attachments
    assert "has no rating here yet" in reply_text(await slash_ok(alice, "rating", "general", member=dave))

    unknown = reply_text(await slash_ok(alice, "leaderboard", "general", game="chess"))
    assert "There is no game called “chess”" in unknown, unknown


async def test_a_shared_leaderboard_waits_its_cooldown_per_channel(server: LoopbackDiscord, bot_env: dict[str, str],
                                                                   alice: FakeUser, bob: FakeUser) -> None:
    """A leaderboard posted for everyone costs the whole channel: once per ``TABULA_SHARE_COOLDOWN``
    per channel, refused in the reader's language; another channel, or a private answer, is free."""
    async with running_tabula(server, {**bot_env, "TABULA_SHARE_COOLDOWN": "600"}):
        assert "posted in the channel" in reply_text(await slash_ok(alice, "leaderboard", "general", game="pebbles",
                                                                    share=True))
        refused = reply_text(await slash_ok(bob, "leaderboard", "general", game="pebbles", share=True))
        assert refused.startswith("刚才已有人在这个频道分享过排行榜") and "秒后可再分享" in refused, refused
        assert "posted in the channel" in reply_text(await slash_ok(alice, "leaderboard", "games", game="pebbles",
                                                                    share=True))
        assert reply_text(await slash_ok(alice, "leaderboard", "general", game="pebbles")).startswith("Nobody")
    assert len([m for m in public_bot_messages(server, "general") if "Pebbles" in m.text]) == 1
