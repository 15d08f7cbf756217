"""A step where everyone acts at once (It's a Wonderful World's draft) does not flood the
table's thread: the step's status post is edited as players pick (events accumulate, the "still
to act" list shrinks, no pings, buttons move to the new version); a new post with mentions comes
when the next step begins, and it carries the board image when the game's stage changes (the
draft is one stage, planning the next). A deleted status post is replaced by a new
one, and a restarted bot goes on editing the current one."""

from __future__ import annotations

import asyncio
from pathlib import Path

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
               user: FakeUser, seat: int) -> int:
    """``seat`` (played by ``user``) picks a card with /move; returns the table's new version."""
    loaded = await asyncio.to_thread(service.load, table.id)
    watch.check(loaded.state)
    notation = str(loaded.game.bot_move(loaded.state, seat, Rng.from_seed(f"status:{seat}:{loaded.table.version}")))
    assert notation.startswith("pick "), notation
    await move(user, table, notation)
    loaded = await asyncio.to_thread(service.load, table.id)
    watch.check(loaded.state)
    return loaded.table.version


async def wait_revisions(server: LoopbackDiscord, post: Message, count: int) -> None:
    await server.wait_until(lambda: len(post.revisions) >= count, timeout=15,
                            description=f"the status post to be edited {count} time(s)")


async def test_a_simultaneous_step_edits_one_status_post(server: LoopbackDiscord, tabula: BotProcess,
                                                         service: TableService, alice: FakeUser, bob: FakeUser,
                                                         carol: FakeUser, image_log: Path) -> None:
    table = await open_table(server, alice, "wonderful-world", seats=3)
    await lobby_click(table, bob, "join")
    await lobby_click(table, carol, "join")
    await slash_ok(alice, "table start", table.thread)
    await server.wait_until(lambda: len(board_posts(server, table)) == 1, timeout=15, description="the first board")
    watch = LeakWatch(server, table, image_log)
    post = board_posts(server, table)[0]
    for user in (alice, bob, carol):  # the draft begins: everyone must pick, everyone is pinged
        assert user.mention in post.content
    assert "— pick a card to keep" in post.content  # and is told what is asked (play experience §4)
    posts = len(public_bot_messages(server, table.thread))

    # alice picks: the same post is edited; bob and carol are still to act, without a ping
    first_image = [a.data for a in post.attachments]
    version = await pick(server, service, table, watch, alice, 0)
    await wait_revisions(server, post, 1)
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
    await wait_revisions(server, post, 2)
    assert post.content.count(PICKED) == 2 and len(public_bot_messages(server, table.thread)) == posts

    # carol's pick ends the step: a new post pings those who newly must act (carol just acted, so
    # she is named without a ping); the draft is one stage, so no new board image until planning
    await pick(server, service, table, watch, carol, 2)
    await server.wait_until(lambda: len(public_bot_messages(server, table.thread)) == posts + 1, timeout=15,
                            description="a new post for the next pick")
    second = public_bot_messages(server, table.thread)[-1]
    assert "drafted" in second.content and alice.mention in second.content and bob.mention in second.content
    assert carol.mention not in second.content
    assert not second.attachments and len(board_posts(server, table)) == 1
    assert len(post.revisions) == 2

    # someone deletes the status post: the next pick posts a new one (with the board, no ping)
    server.delete_message(second)
    mark = server.checkpoint()
    await pick(server, service, table, watch, alice, 0)
    fresh = await server.wait_for_message(table.thread, lambda m: PICKED in m.text, after=mark, timeout=15)
    assert "Still to act" in fresh.content and not any(u.mention in fresh.content for u in (alice, bob, carol))
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
    await wait_revisions(server, fresh, 1)
    assert fresh.content.count(PICKED) == picked + 1 and fresh.content.endswith("Still to act: Carol")

    # the last pick of the step: a new post again (still the draft: no board image)
    posts = len(public_bot_messages(server, table.thread))
    await pick(server, service, table, watch, carol, 2)
    await server.wait_until(lambda: len(public_bot_messages(server, table.thread)) == posts + 1, timeout=15,
                            description="the next pick's post")
    assert not public_bot_messages(server, table.thread)[-1].attachments  # a new post, the same stage
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
