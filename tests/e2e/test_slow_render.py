"""Issue #3 (f): with a renderer slower than Discord's 3-second limit, every interaction is still
acknowledged in time (the bot defers first and draws off the event loop, in its drawing
processes), and the work completes: the board follows its post by an edit (issue 13 §2; see
test_render_after_text.py), and a private panel's image follows its text by an edit (issue 19 §5)."""

from __future__ import annotations

import pytest

from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord, Message

from .helpers import done, lobby_click, open_table, reply_text
from .test_refusals import latest_post_with

DELAY = 3.5  # seconds per image: longer than the acknowledgement deadline


@pytest.fixture
def bot_env(bot_env: dict[str, str]) -> dict[str, str]:
    return {**bot_env, "TABULA_TEST_RENDER_DELAY": str(DELAY)}


async def test_slow_images_do_not_miss_the_deadline(server: LoopbackDiscord, tabula: BotProcess,
                                                    alice: FakeUser, bob: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=2)
    await lobby_click(table, bob, "join")
    start = await alice.click(table.lobby, table.custom_id("start"))
    await start.wait_acknowledged(timeout=3)
    # (the drawing processes may still be starting: they import every renderer first)
    board = await server.wait_for_message(table.thread, lambda m: bool(m.attachments), timeout=DELAY * 4)
    assert board.attachments

    res = await alice.slash("move", channel=table.thread, move="take 1")  # a new step: a board is drawn
    await res.wait_acknowledged(timeout=3)
    assert res.ack_latency is not None and res.ack_latency < 3
    await done(res, timeout=DELAY * 3)
    assert reply_text(res).startswith("✓")

    view, post = latest_post_with(server, table, ":view")
    assert isinstance(post, Message)
    res = await bob.click(post, view)  # a private image is drawn
    await res.wait_acknowledged(timeout=3)
    await done(res, timeout=DELAY * 3)
    # issue 19 §5: the panel's text and buttons do not wait for its image, which follows by an edit
    panel = res.message
    first = panel.revisions[0].attachment_ids if panel.revisions else [a.id for a in panel.attachments]
    assert first == [] and panel.custom_ids, "the panel waited for its image"
    await server.wait_until(lambda: bool(panel.attachments), timeout=DELAY * 3, description="the panel's image")
    assert panel.attachments[0].filename == f"private-t{table.id}-seat2.png"
    assert not server.unacknowledged_interactions
