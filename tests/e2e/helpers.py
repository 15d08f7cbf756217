"""Acting as players in the loopback Discord: open a table, press lobby buttons, play moves."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.support.discord_loopback import Channel, FakeUser, InteractionResult, LoopbackDiscord, Message

TIMEOUT = 15.0


@dataclass
class Table:
    """A table the test opened: its id, thread and lobby card."""

    server: LoopbackDiscord
    id: int
    thread: Channel
    lobby: Message

    def custom_id(self, action: str, version: int = 0) -> str:
        return f"tb:{self.id}:{version}:{action}"


async def done(result: InteractionResult, timeout: float = TIMEOUT) -> InteractionResult:
    """Wait until the bot answered (acknowledged, and any "thinking" resolved)."""
    return await result.wait_done(timeout)


def reply_text(result: InteractionResult) -> str:
    return "\n".join(m.text for m in result.messages)


async def open_table(server: LoopbackDiscord, user: FakeUser, game: str, *, channel: str = "general",
                     **options: Any) -> Table:
    """``/table new`` in ``channel``; returns the table with its new thread and lobby card."""
    res = await done(await user.slash("table new", channel=channel, game=game, **options))
    text = reply_text(res)
    found = re.search(r"#(\d+)", text)
    assert found, f"no table id in the reply: {text!r}"
    table_id = int(found.group(1))
    join_id = f"tb:{table_id}:0:join"
    lobby = await server.wait_for_message(channel, lambda m: join_id in m.custom_ids, timeout=TIMEOUT)
    assert res.message.ephemeral, "the reply to /table new is private; the lobby card is public"
    thread = next(t for t in server.threads(channel) if t.id == lobby.id or str(table_id) in t.name)
    return Table(server, table_id, thread, lobby)


async def lobby_click(table: Table, user: FakeUser, action: str) -> InteractionResult:
    """Press Join / Leave / Add bot / Start on the lobby card; waits for the card to change."""
    before = len(table.lobby.revisions)
    res = await done(await user.click(table.lobby, table.custom_id(action)))
    await table.server.wait_until(lambda: len(table.lobby.revisions) > before or bool(res.followups),
                                  timeout=TIMEOUT, description=f"the lobby card to change after {action}")
    return res


async def slash_ok(user: FakeUser, command: str, channel: Channel | str, **options: Any) -> InteractionResult:
    """Run a slash command and wait for the answer."""
    return await done(await user.slash(command, channel=channel, **options))


async def confirmed(user: FakeUser, command: str, channel: Channel | str, yes: str,
                    **options: Any) -> InteractionResult:
    """Run ``command``, which asks privately to confirm, and press its button ``yes``; returns the
    private question, which the answer replaces (its buttons gone once answered)."""
    asked = await slash_ok(user, command, channel, **options)
    assert asked.message.ephemeral
    button = next((c for c in asked.message.custom_ids if f":{yes}:" in c), None)
    assert button is not None, f"{command}: no {yes} button in {reply_text(asked)!r}"
    await done(await user.click(asked.message, button))
    await user.server.wait_until(lambda: not asked.message.custom_ids, timeout=TIMEOUT,
                                 description=f"{command} answered (the question's buttons gone)")
    return asked


async def abandon(user: FakeUser, channel: Channel | str) -> InteractionResult:
    """``/mod abandon`` and press "Abandon the table" on the private question it answers with."""
    return await confirmed(user, "mod abandon", channel, "abandonyes")


def _component_ids(table: Table) -> tuple[str, str]:
    """The starts of the ids of the table's buttons and selects (``tb:<table>:<version>:<action>``, ``ts:…``)."""
    return f"tb:{table.id}:", f"ts:{table.id}:"


def shown_version(table: Table) -> int:
    """The newest table version a public post of the bot in the table's channel shows (by the
    version in its components' ids); -1: none."""
    prefixes = _component_ids(table)
    found = -1
    for message in public_bot_messages(table.server, table.thread):
        for custom_id in message.custom_ids:
            if custom_id.startswith(prefixes):
                found = max(found, int(custom_id.split(":")[2]))
    return found


async def published(table: Table, shown: int, mark: int, what: str = "the move") -> None:
    """Wait until the table's channel shows what a move led to: a post or status edit whose buttons
    are of a version newer than ``shown``, or a new post after ``mark`` without the table's buttons
    (the result). ``/move`` answers the mover once the move is applied, before its public post is out
    (issue 25 §1)."""
    prefixes = _component_ids(table)

    def out() -> bool:
        if shown_version(table) > shown:
            return True
        return any(m.id > mark and not any(c.startswith(prefixes) for c in m.custom_ids)
                   for m in public_bot_messages(table.server, table.thread))

    await table.server.wait_until(out, timeout=TIMEOUT, description=f"the public post of {what}")


async def move(user: FakeUser, table: Table, text: str, *, wait_post: bool = True) -> InteractionResult:
    """``/move`` in the table's thread; asserts it was accepted (private "✓" reply) and, unless
    ``wait_post`` is false, waits for its public post (or status edit)."""
    shown, mark = shown_version(table), table.server.checkpoint()
    res = await done(await user.slash("move", channel=table.thread, move=text))
    answer = reply_text(res)
    assert answer.startswith("✓"), f"{user.name}: /move {text!r} refused: {answer!r}"
    assert all(m.ephemeral for m in res.messages)
    if wait_post:
        await published(table, shown, mark, f"/move {text!r}")
    return res


def public_bot_messages(server: LoopbackDiscord, channel: Channel | str) -> list[Message]:
    return [m for m in server.public_messages(channel) if m.author.id == server.bot_user.id]


def versions(message: Message) -> list[Message]:
    """Every version of ``message``, oldest first: one per earlier revision, then the message
    itself (a status post is edited as players act, and each version was public for a while)."""
    return [*(dataclasses.replace(message, content=r.content, embeds=r.embeds, components=r.components,
                                  revisions=[]) for r in message.revisions), message]


async def draft_and_slate(service: Any, user: FakeUser, table: Table, seat: int,
                          slate: Callable[[list[int]], str]) -> None:
    """It's a Wonderful World through /move: ``user`` (seat ``seat``) picks the first card of each
    hand while the draft lasts, then plays ``slate(drafted)`` (e.g. ``build 37``) while cards are
    drafted, until the planning asks nothing more of them; waits while others act."""
    for _ in range(100):
        loaded = await asyncio.to_thread(service.load, table.id)
        state = loaded.state
        if seat not in loaded.game.to_act(state):
            await asyncio.sleep(0.05)
            continue
        empire = state.empires[seat]
        if state.phase.value == "draft":
            await move(user, table, f"pick {empire.hand[0]}")
        elif state.phase.value == "planning" and empire.drafted:
            await move(user, table, slate(list(empire.drafted)))
        else:
            return
    raise AssertionError(f"{user.name} never got through the draft and planning")
