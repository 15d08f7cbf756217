"""Issue 13 §5: a bot process stopped with SIGTERM (``docker compose stop``, a rolling restart)
turns new commands away, finishes the work under way (here: a board still being drawn for a move
that committed, attached to its post by an edit) and exits by itself."""

from __future__ import annotations

import os
import signal

import pytest

from bot.discord_app.i18n import t
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import TIMEOUT, done, lobby_click, move, open_table, reply_text

DELAY = 2.0  # seconds per image: the board of the last move is still being drawn at SIGTERM


@pytest.fixture
def bot_env(bot_env: dict[str, str]) -> dict[str, str]:
    return {**bot_env, "TABULA_TEST_RENDER_DELAY": str(DELAY), "TABULA_RENDER_WORKERS": "0",
            "TABULA_SHUTDOWN_SECONDS": "6"}


def board_files(server: LoopbackDiscord, channel: object) -> set[str]:
    return {a.filename for m in server.public_messages(channel)  # type: ignore[arg-type]
            if m.author.id == server.bot_user.id for a in m.attachments}


async def test_sigterm_finishes_committed_work_and_turns_new_commands_away(
        server: LoopbackDiscord, tabula: BotProcess, alice: FakeUser, bob: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=2)
    await lobby_click(table, bob, "join")
    await done(await alice.click(table.lobby, table.custom_id("start")))  # answered before the deal is made
    await server.wait_for_message(table.thread, lambda m: m.author.id == server.bot_user.id
                                  and "has started" in m.text)  # a person reads the deal's post, then moves
    await move(alice, table, "take 1")  # committed; its board follows by an edit, DELAY later
    drawn = f"board-t{table.id}-s1.png"
    assert drawn not in board_files(server, table.thread)
    assert tabula.pid is not None
    os.kill(tabula.pid, signal.SIGTERM)

    await server.wait_until(lambda: tabula.output().count("shutting down") > 0, timeout=TIMEOUT,
                            description="the bot to begin shutting down")
    late = await done(await bob.slash("move", channel=table.thread, move="take 1"))
    assert reply_text(late) == t("bot.restarting", "zh")  # bob reads Chinese; privately
    assert all(m.ephemeral for m in late.messages)

    assert await tabula.stop(timeout=TIMEOUT) == 0  # it exits by itself, not killed
    assert "still under way" not in tabula.output(), tabula.output()[-3000:]  # all done within its grace
    assert drawn in board_files(server, table.thread)  # the committed move's board went out
    assert not [m for m in server.public_messages(table.thread) if "take 1" in m.text and "Bob" in m.text]
