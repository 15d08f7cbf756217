"""Issue 13 §2: the reply never waits for drawing. With a slow renderer and one drawing process,
a move's text is posted at once and its board follows by an edit; a board of the table still
waiting for the drawing process gives way to a newer one (never drawn at all); and the post ends
up with the board as of its latest text (issue 10 §2), checked through the image text log."""

from __future__ import annotations

import asyncio
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord, Message

from .helpers import Table, lobby_click, move, open_table, public_bot_messages, slash_ok

DELAY = 6.0  # seconds per image: several moves are made while one board is drawn
TIMEOUT = DELAY * 5


@pytest.fixture
def bot_env(bot_env: dict[str, str]) -> dict[str, str]:
    return {**bot_env, "TABULA_TEST_RENDER_DELAY": str(DELAY), "TABULA_RENDER_WORKERS": "1"}


def drawn(image_log: Path) -> dict[str, dict[str, Any]]:
    """What the bot logged for each image it drew, by the PNG's SHA-256."""
    if not image_log.exists():
        return {}
    rows = map(json.loads, image_log.read_text(encoding="utf-8").splitlines())
    return {row["sha256"]: row for row in rows}


def first_attachments(message: Message) -> list[int]:
    """The attachments of ``message`` as it was first posted."""
    return message.revisions[0].attachment_ids if message.revisions else [a.id for a in message.attachments]


async def board_name(service: TableService, table: Table) -> str:
    """The file name of the board of the table as it is now (named after its last action)."""
    loaded = await asyncio.to_thread(service.load, table.id)
    return f"board-t{table.id}-s{loaded.last_seq}.png"


async def shows(server: LoopbackDiscord, message: Message, *names: str) -> None:
    await server.wait_until(lambda: sorted(a.filename for a in message.attachments) == sorted(names),
                            timeout=TIMEOUT, description=f"the post to show {names}")


async def test_moves_are_posted_before_their_boards_and_a_newer_board_wins(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        image_log: Path) -> None:
    table = await open_table(server, alice, "pebbles", seats=2, options={"options": "pile=20"})
    await lobby_click(table, bob, "join")
    mark = server.checkpoint()
    await slash_ok(alice, "table start", table.thread)
    opening = await server.wait_for_message(table.thread, lambda m: "Now:" in m.text, after=mark, timeout=TIMEOUT)
    first_board = await board_name(service, table)

    # three moves while the opening board is drawn: each text is posted at once (pebbles: a new
    # post per turn); the boards of the first two wait, and each gives way to the next
    posts = []
    for user, count in ((alice, 1), (bob, 2), (alice, 3)):
        mark = server.checkpoint()
        await move(user, table, f"take {count}")
        posts.append(await server.wait_for_message(table.thread, lambda m: "takes" in m.text, after=mark,
                                                   timeout=TIMEOUT))
    assert not opening.attachments, "the opening board was drawn before three moves were made"
    last_board = await board_name(service, table)
    await shows(server, posts[-1], last_board)
    await shows(server, opening, first_board)  # drawn before the moves; its post kept its version

    for post in [opening, *posts]:  # every text went out without its image, which came by an edit
        assert first_attachments(post) == []
    superseded = posts[:-1]
    assert all(not p.attachments for p in superseded), "a board that a newer one replaced was posted"
    boards = [row for row in drawn(image_log).values() if row["kind"] == "board"]
    piles = [{"19", "17"} & set(row["texts"]) for row in boards]
    assert not any(piles), "a board that a newer one replaced was drawn"  # not drawn at all
    final = drawn(image_log)[hashlib.sha256(posts[-1].attachments[0].data).hexdigest()]
    assert "14" in final["texts"]  # the pile as of the last move: 20 - 1 - 2 - 3


@pytest.mark.slow  # tests/support/schedule.py: started first by make test
async def test_an_edited_status_post_ends_with_the_board_of_its_latest_text(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, image_log: Path) -> None:
    table = await open_table(server, alice, "snap", seats=3)
    for user in (bob, carol):
        await lobby_click(table, user, "join")
    mark = server.checkpoint()
    await slash_ok(alice, "table start", table.thread)
    status = await server.wait_for_message(table.thread, lambda m: "Now:" in m.text, after=mark, timeout=TIMEOUT)
    count = len(public_bot_messages(server, table.thread))

    # everyone snaps once while the opening board is drawn: the one status post is edited each
    # time (snap: everyone may act all along), its text at once
    for user in (alice, bob, carol):
        await move(user, table, "snap")
    await server.wait_until(lambda: status.text.count("snaps first") == 3, timeout=TIMEOUT,
                            description="the status post to tell all three snaps")
    assert not status.attachments, "the opening board was drawn before three snaps were made"
    assert len(public_bot_messages(server, table.thread)) == count
    latest = await board_name(service, table)
    await shows(server, status, latest)  # the board of its latest text, not the opening one
    assert status.text.count("snaps first") == 3
    row = drawn(image_log)[hashlib.sha256(status.attachments[0].data).hexdigest()]
    assert row["kind"] == "board" and "1, 1, 1" in row["texts"]  # the points after all three snaps

    # the game ends: the ranking is posted at once, and the board and the ranking image follow
    mark = server.checkpoint()
    await move(alice, table, "snap")
    final = await server.wait_for_message(table.thread, lambda m: "Final ranking" in m.text, after=mark,
                                          timeout=TIMEOUT)
    assert first_attachments(final) == []
    await shows(server, final, await board_name(service, table), f"result-t{table.id}.png")
    kinds = {drawn(image_log)[hashlib.sha256(a.data).hexdigest()]["kind"] for a in final.attachments}
    assert kinds == {"board", "result"}
