"""Issue 10 §11: the bot under Discord's rate limits, through the loopback Discord that enforces
them (429 with ``retry_after`` and the ``X-RateLimit-*`` headers; see
``tests/support/discord_loopback/ratelimits.py``) along with its limits on components and
autocomplete choices (a refusal is a 400 the ``server`` fixture fails on).

The status post of a stage is edited after every move; its edits are queued per message and
coalesced (``bot/discord_app/edits.py``), so a burst of moves sends fewer edits than moves, the
post ends with the latest state, and no move's reply waits for an edit that Discord holds back."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord, Message

from .helpers import Table, done, public_bot_messages
from .test_status_post import PICKED, board_posts, pick, started_draft
from .test_whole_game import is_panel

EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
#: The window of the channel's edits in this test (two edits per window).
EDIT_WINDOW = 3.0
SEND = ("POST", "/channels/{channel_id}/messages")
RETRIED = re.compile(r"We are being rate limited\. (\w+) (\S+) responded with 429\. Retrying")


async def settled(server: LoopbackDiscord, post: Message, text: str) -> None:
    """Wait until the queued edits of ``post`` have brought it to show ``text``."""
    await server.wait_until(lambda: text in post.content, timeout=20,
                            description=f"the status post to show {text!r}")


@pytest.mark.slow  # tests/support/schedule.py: started first by make test
async def test_a_burst_of_moves_is_coalesced_under_the_rate_limits(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, image_log: Path) -> None:
    assert server.rate_limits  # the loopback enforces them by default
    # Discord allows 5 edits per 5 s per channel; fewer here, so that coalescing must happen
    server.limiter.set_limit(*EDIT, limit=2, per=EDIT_WINDOW, major="channel_id")
    table, watch, post = await started_draft(server, alice, bob, carol, image_log)
    posts = len(public_bot_messages(server, table.thread))
    players = ((alice, 0), (bob, 1), (carol, 2))

    # the limits on components and choices: the suggestions and the private panel with its select
    # are accepted by the loopback (the fixture fails on any refusal)
    choices = await alice.autocomplete("move", option="move", value="", channel=table.thread)
    assert choices and all(len(c.name) <= 100 and len(str(c.value)) <= 100 for c in choices)
    panel = await done(await bob.click(post, next(c for c in post.custom_ids if c.endswith(":view"))))
    assert is_panel(panel.message.text)

    # six pick rounds of the draft, each a burst of three simultaneous moves
    moves = 0
    started = time.monotonic()
    for _ in range(6):
        await asyncio.gather(*(pick(server, service, table, watch, user, seat) for user, seat in players))
        moves += 3
    burst = time.monotonic() - started
    # the post ends with the latest state: the sixth round's cards drafted, the seventh asked for
    await settled(server, post, "— pick a card to keep")
    noted = await asyncio.to_thread(service.note, table.id, "status_post")
    await server.wait_until(lambda: all(line in post.content for line in noted["lines"][-3:]), timeout=20,
                            description="the status post to show the last events")
    assert int(noted["message"]) == post.id and len(public_bot_messages(server, table.thread)) == posts
    edits = len(post.revisions)
    print(f"\nrate limits: {moves} moves in {burst:.1f}s, {edits} edits of the status post "
          f"({edits / moves:.2f} edits per move), {len(server.rate_limited)} answers 429")
    assert 0 < edits < moves  # coalesced
    watch.check((await asyncio.to_thread(service.load, table.id)).state)

    # another process of the bot spends the channel's edits: the bot's next edit is answered 429
    # (its last answer said it had edits left); discord.py waits and retries it, and the move's
    # reply does not wait for it
    hits = len(server.rate_limited)
    await asyncio.sleep(EDIT_WINDOW + 0.1)  # the burst's window is over: the bot's last answer left it edits
    wait = server.limiter.exhaust(*EDIT, table.thread.id)
    before = post.content.count(PICKED)
    started = time.monotonic()
    await pick(server, service, table, watch, alice, 0, wait_post=False)
    reply = time.monotonic() - started
    await settled(server, post, "Still to act: Bob, Carol")
    print(f"a move's reply took {reply:.2f}s while the channel's edits were held back {wait:.2f}s")
    assert post.content.count(PICKED) == before + 1
    assert reply < wait
    assert len(server.rate_limited) > hits

    # the draft ends: the planning stage gets a new post, and the draft's post asks no one
    for user, seat in players[1:]:
        await pick(server, service, table, watch, user, seat)
    await server.wait_until(lambda: any("Planning" in m.content for m in board_posts(server, table)), timeout=20,
                            description="the planning board")
    assert not post.content.rstrip().endswith(("Carol", "Bob", "Alice"))
    watch.check((await asyncio.to_thread(service.load, table.id)).state)

    # every 429 was retried (discord.py says so for each), and every request went through at last
    for _ in range(50):  # (the bot's log is a file: give it a moment)
        retried = RETRIED.findall(tabula.output())
        if len(retried) >= len(server.rate_limited):
            break
        await asyncio.sleep(0.1)
    assert len(retried) == len(server.rate_limited) > 0, (retried, server.rate_limited)
    last_status = {(r.method, r.path): r.status for r in server.requests}
    assert 429 not in last_status.values(), last_status


__all__ = ["Table"]
