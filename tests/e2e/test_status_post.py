"""A stage where everyone acts at once (It's a Wonderful World's draft: seven picks) does not
flood the table's thread: the stage's status post is edited as players pick (events accumulate,
the "still to act" list shrinks, then "Now: …" for the next pick, no pings, buttons move to the
new version); a new post with the board and mentions comes when the next stage begins (planning),
and the post it replaces stops asking anyone. A deleted status post is replaced by a new one,
and a restarted bot goes on editing the current one. Each text goes out at once and its board
follows by an edit (issue 13 §2): the checks wait for the board of the table's latest action."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from games.core import Rng
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord, Message

from .helpers import Table, done, lobby_click, move, open_table, public_bot_messages, slash_ok
from .test_whole_game import LeakWatch, is_panel

PICKED = "has picked a card"


def board_posts(server: LoopbackDiscord, table: Table) -> list[Message]:
    return [m for m in public_bot_messages(server, table.thread)
            if any(a.filename.startswith(f"board-t{table.id}-") for a in m.attachments)]


async def pick(server: LoopbackDiscord, service: TableService, table: Table, watch: LeakWatch,
               user: FakeUser, seat: int, *, wait_post: bool = True) -> int:
    """``seat`` (played by ``user``) picks a card with /move; returns the table's new version (after
    the move's public post, unless ``wait_post`` is false)."""
    loaded = await asyncio.to_thread(service.load, table.id)
    watch.check(loaded.state)
    notation = str(loaded.game.bot_move(loaded.state, seat, Rng.from_seed(f"status:{seat}:{loaded.table.version}")))
    assert notation.startswith("pick "), notation
    await move(user, table, notation, wait_post=wait_post)
    loaded = await asyncio.to_thread(service.load, table.id)
    watch.check(loaded.state)
    return loaded.table.version


async def wait_board(server: LoopbackDiscord, service: TableService, table: Table, post: Message) -> None:
    """Wait until ``post`` shows the board of the table as it is now: its text goes out first and
    the board follows by an edit (issue 13 §2), named after the table's last action."""
    loaded = await asyncio.to_thread(service.load, table.id)
    name = f"board-t{table.id}-s{loaded.last_seq}.png"
    await server.wait_until(lambda: [a.filename for a in post.attachments] == [name], timeout=15,
                            description=f"the status post to show {name}")


async def started_draft(server: LoopbackDiscord, alice: FakeUser, bob: FakeUser, carol: FakeUser,
                        image_log: Path) -> tuple[Table, LeakWatch, Message]:
    """A 3-player It's a Wonderful World table opened, joined and started: the table, a leak watch
    on it and its first status post (the draft's)."""
    table = await open_table(server, alice, "wonderful-world", seats=3)
    await lobby_click(table, bob, "join")
    await lobby_click(table, carol, "join")
    await slash_ok(alice, "table start", table.thread)
    await server.wait_until(lambda: len(board_posts(server, table)) == 1, timeout=15, description="the first board")
    return table, LeakWatch(server, table, image_log), board_posts(server, table)[0]


@pytest.mark.slow  # tests/support/schedule.py: started first by make test
async def test_a_simultaneous_step_edits_one_status_post(server: LoopbackDiscord, tabula: BotProcess,
                                                         service: TableService, alice: FakeUser, bob: FakeUser,
                                                         carol: FakeUser, image_log: Path) -> None:
    table, watch, post = await started_draft(server, alice, bob, carol, image_log)
    for user in (alice, bob, carol):  # the draft begins: everyone must pick, everyone is pinged
        assert user.mention in post.content
    assert "— pick a card to keep" in post.content  # and is told what is asked (play experience §4)
    posts = len(public_bot_messages(server, table.thread))

    # alice picks: the same post is edited; bob and carol are still to act, without a ping
    first_image = [a.data for a in post.attachments]
    version = await pick(server, service, table, watch, alice, 0)
    await wait_board(server, service, table, post)
    # its board is the board as of this edit (alice's pick is marked), not the one of the first post
    assert post.attachments and [a.data for a in post.attachments] != first_image
    assert post.revisions[0].attachment_ids != [a.id for a in post.attachments]
    assert post.content.count(PICKED) == 1 and "Still to act" in post.content
    assert not any(u.mention in post.content for u in (alice, bob, carol))
    assert alice.mention in post.revisions[0].content  # the first version pinged everyone
    assert len(public_bot_messages(server, table.thread)) == posts
    assert len(board_posts(server, table)) == 1 and post.attachments  # the board stays on the post
    # its buttons now carry the table's new version, and work
    view = f"tb:{table.id}:{version}:view"
    assert view in post.custom_ids and not any(f":{version - 1}:" in c for c in post.custom_ids)
    panel = await done(await bob.click(post, view))
    assert panel.message.ephemeral and is_panel(panel.message.text)

    # bob picks: edited again
    await pick(server, service, table, watch, bob, 1)
    await wait_board(server, service, table, post)
    assert post.content.count(PICKED) == 2 and len(public_bot_messages(server, table.thread)) == posts

    # carol's pick ends the pick round: the draft goes on (one stage) and everyone was pinged in
    # it already, so the same post is edited with the cards drafted, who must act now and what is
    # asked: no new post, no ping (issue 10 §6: once per stage, the draft's picks in one message)
    await pick(server, service, table, watch, carol, 2)
    await wait_board(server, service, table, post)
    assert "picks are revealed" in post.content and "Now:" in post.content and "— pick a card to keep" in post.content
    assert not any(u.mention in post.content for u in (alice, bob, carol))
    assert len(public_bot_messages(server, table.thread)) == posts and len(board_posts(server, table)) == 1
    second = post

    # someone deletes the status post: the next pick posts a new one (with the board, no ping)
    server.delete_message(second)
    mark = server.checkpoint()
    await pick(server, service, table, watch, alice, 0)
    fresh = await server.wait_for_message(table.thread, lambda m: PICKED in m.text, after=mark, timeout=15)
    assert "Still to act" in fresh.content and not any(u.mention in fresh.content for u in (alice, bob, carol))
    await wait_board(server, service, table, fresh)  # the board follows the text there too
    refused = [e for e in server.error_responses if e[0] == "PATCH"]
    assert refused and all(e[2] == 404 for e in refused)
    server.error_responses[:] = [e for e in server.error_responses if e not in refused]

    # a restarted bot goes on editing the current status post
    picked = fresh.content.count(PICKED)
    handshakes = server.gateway.handshake_count
    await tabula.kill()
    await tabula.start()
    await server.wait_for_connection(previous=handshakes, timeout=30)
    await pick(server, service, table, watch, bob, 1)
    await wait_board(server, service, table, fresh)
    assert fresh.content.count(PICKED) == picked + 1 and fresh.content.endswith("Still to act: Carol")

    # the last pick of the pick round: the draft goes on, and everyone was pinged in this stage
    # already, so the same post is edited again ("Now: …", no new post, no pings: issue 10 §6)
    posts = len(public_bot_messages(server, table.thread))
    await pick(server, service, table, watch, carol, 2)
    await wait_board(server, service, table, fresh)
    assert "Now:" in fresh.content and "— pick a card to keep" in fresh.content
    assert not any(u.mention in fresh.content for u in (alice, bob, carol))
    assert len(public_bot_messages(server, table.thread)) == posts
    assert fresh.attachments  # the edited post shows the board as of its last edit

    # the draft ends (7 picks each): planning is a new stage, and its post carries the board
    for _ in range(5):  # two of the seven pick rounds are done
        for user, seat in ((alice, 0), (bob, 1), (carol, 2)):
            await pick(server, service, table, watch, user, seat)
    await server.wait_until(lambda: any("Planning" in m.content for m in board_posts(server, table)), timeout=15,
                            description="the planning board")
    loaded = await asyncio.to_thread(service.load, table.id)
    watch.check(loaded.state)
    assert watch.texts > watch.images  # the edits were checked for hidden cards too
    planning = next(m for m in board_posts(server, table) if "Planning" in m.content)
    assert all(u.mention in planning.content for u in (alice, bob, carol))  # a new stage pings again
    assert not fresh.content.rstrip().endswith(("Carol", "Bob", "Alice"))  # the old post no longer asks anyone
