"""Issue 12 (point 2), abuse-proof tables: caps on live tables and cooldowns with clear refusals, a
per-member rate limit on commands and buttons, only players sharing the board (and not too often),
threads archived when a table ends, and Discord's refusals turned into answers with nothing left
half-made. Each test plays a hostile member against creators and a manager through the loopback."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from service import TableService
from tests.support.discord_loopback import (
    BotProcess,
    Channel,
    FakeUser,
    InteractionResult,
    LoopbackDiscord,
    Message,
    Role,
)
from tests.support.discord_loopback._util import MEMBER_PERMISSIONS

from .helpers import TIMEOUT, abandon, done, public_bot_messages, reply_text, slash_ok

MANAGE_GUILD = 1 << 5
NEW_TABLE_COOLDOWN = 2.0
THREADS_ROUTE = "/channels/{channel_id}/messages/{message_id}/threads"


@pytest.fixture
def extra_env() -> dict[str, str]:
    """What a test adds to the bot's environment (tests parametrize it)."""
    return {}


@pytest.fixture
def bot_env(bot_env: dict[str, str], extra_env: dict[str, str]) -> dict[str, str]:
    return {**bot_env, **extra_env}


def env(**values: object) -> pytest.MarkDecorator:
    """Run the test with these ``TABULA_*`` settings (``rate_actions=10`` → ``TABULA_RATE_ACTIONS``)."""
    extra = {f"TABULA_{key.upper()}": str(value) for key, value in values.items()}
    return pytest.mark.parametrize("extra_env", [extra], ids=["-".join(values)])


def manager(server: LoopbackDiscord, name: str) -> FakeUser:
    """A member with Manage Server."""
    user = server.add_user(name)
    role = Role(id=server.ids.next(), name="moderators", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    server.guild.roles[role.id] = role
    user.record.role_ids.append(role.id)
    return user


def lobby_cards(server: LoopbackDiscord, table_id: int, channel: str = "general") -> list[Message]:
    """The lobby cards of a table still standing in ``channel``."""
    pattern = re.compile(rf"tb:{table_id}:\d+:join")
    return [m for m in public_bot_messages(server, channel) if not m.deleted
            and any(pattern.fullmatch(c) for c in m.custom_ids)]


async def new_table(server: LoopbackDiscord, user: FakeUser, game: str = "pebbles", **options: object) -> int:
    """``/table new`` that must succeed; returns the table's id once its lobby card stands."""
    res = await slash_ok(user, "table new", "general", game=game, **options)
    found = re.search(r"(?:Table #|第 )(\d+)", reply_text(res))  # en, zh
    assert found, f"{user.name}: /table new refused: {reply_text(res)!r}"
    table_id = int(found.group(1))
    await server.wait_until(lambda: bool(lobby_cards(server, table_id)), timeout=TIMEOUT,
                            description=f"the lobby card of table {table_id}")
    return table_id


async def refused(user: FakeUser, command: str, channel: Channel | str, **options: object) -> str:
    """Run a command that must be refused privately; returns the refusal."""
    res = await slash_ok(user, command, channel, **options)
    assert res.message.ephemeral
    return reply_text(res)


def click_id(message: Message, action: str) -> str:
    return next(c for c in message.custom_ids if c.endswith(f":{action}"))


async def started(server: LoopbackDiscord, creator: FakeUser, other: FakeUser, pile: int = 7) -> int:
    """A pebbles game between two members, dealt; returns the table id."""
    table_id = await new_table(server, creator, seats=2, options={"options": f"pile={pile}"})  # (named "options")
    card = lobby_cards(server, table_id)[0]
    await done(await other.click(card, click_id(card, "join")))
    await server.wait_until(lambda: other.name in card.text.lower(), timeout=TIMEOUT, description="bob seated")
    thread = server.resolve_channel(card.thread_id or card.id)
    await slash_ok(creator, "table start", thread)
    await server.wait_for_message(thread, lambda m: bool(m.attachments), timeout=TIMEOUT)
    return table_id


@env(new_table_cooldown=NEW_TABLE_COOLDOWN)
async def test_caps_and_cooldowns_on_new_tables(server: LoopbackDiscord, tabula: BotProcess, service: TableService,
                                                alice: FakeUser, bob: FakeUser) -> None:
    mallory, mod = server.add_user("mallory"), manager(server, "mod")
    first = await new_table(server, mallory)

    # at once again: the cooldown, said clearly, and nothing is opened
    text = await refused(mallory, "table new", "general", game="pebbles")
    assert "open another in" in text, text
    assert len(service.tables(str(server.guild.id))) == 1

    # three lobbies waiting for players are the most one member may have
    for _ in range(2):
        await asyncio.sleep(NEW_TABLE_COOLDOWN)
        await new_table(server, mallory)
    await asyncio.sleep(NEW_TABLE_COOLDOWN)
    threads = len(server.threads("general"))
    text = await refused(mallory, "table new", "general", game="pebbles")
    assert "3 tables waiting for players" in text and "/mod abandon" in text, text
    assert len(server.threads("general")) == threads and len(service.tables(str(server.guild.id))) == 3

    # ... in their language (bob reads Chinese), and others still open tables
    bobs = await new_table(server, bob)
    assert bobs > first
    await asyncio.sleep(NEW_TABLE_COOLDOWN)
    await new_table(server, bob)
    await asyncio.sleep(NEW_TABLE_COOLDOWN)
    await new_table(server, bob)
    await asyncio.sleep(NEW_TABLE_COOLDOWN)
    assert "等待玩家的桌" in await refused(bob, "table new", "general", game="pebbles")

    # only a manager changes the server's limits; then mallory may open a fourth lobby
    assert "server managers" in await refused(mallory, "settings server", "general", member_lobbies=25)
    shown = reply_text(await slash_ok(mod, "settings server", "general", member_lobbies=4))
    assert "4 waiting for players" in shown, shown
    await new_table(server, mallory)

    # the server's own cap counts everyone's live tables (7 now): alice is refused, clearly
    await slash_ok(mod, "settings server", "general", guild_tables=7)
    text = await refused(alice, "table new", "general", game="pebbles")
    assert "This server already has 7 open tables" in text, text
    assert len(service.tables(str(server.guild.id))) == 7
    # abandoning a table frees its place
    loaded = await asyncio.to_thread(service.load, first)
    await abandon(mallory, server.resolve_channel(int(loaded.table.channel_id or 0)))
    await new_table(server, alice)


@env(share_cooldown=60)
async def test_only_players_share_the_board_and_not_too_often(server: LoopbackDiscord, tabula: BotProcess,
                                                             alice: FakeUser, bob: FakeUser,
                                                             carol: FakeUser) -> None:
    table_id = await started(server, alice, bob)
    thread = next(t for t in server.threads("general") if str(table_id) in t.name)
    posts = len(public_bot_messages(server, thread))

    assert "Only the table's players" in await refused(carol, "board", thread, share=True)
    assert "posted in the channel" in reply_text(await slash_ok(alice, "board", thread, share=True))
    await server.wait_until(lambda: len(public_bot_messages(server, thread)) == posts + 1, timeout=TIMEOUT,
                            description="the shared board")
    assert "秒后才能再次公开" in await refused(bob, "board", thread, share=True)
    mine = await slash_ok(bob, "board", thread)  # his own copy is always there
    assert mine.message.attachments and mine.message.ephemeral
    assert len(public_bot_messages(server, thread)) == posts + 1


FLOOD = 200
FLOOD_SECONDS = 2.0


@env(rate_actions=10, rate_seconds=10)
async def test_a_flood_from_one_member_leaves_the_others_answered(server: LoopbackDiscord, tabula: BotProcess,
                                                                  alice: FakeUser, bob: FakeUser) -> None:
    table_id = await started(server, alice, bob, pile=30)
    thread = next(t for t in server.threads("general") if str(table_id) in t.name)
    mallory = server.add_user("mallory")
    post = next(m for m in reversed(public_bot_messages(server, thread)) if any(c.endswith(":view")
                                                                                for c in m.custom_ids))

    async def flood() -> list[InteractionResult]:
        sent = []
        start = time.monotonic()
        for n in range(FLOOD):
            if n % 10 == 9:  # buttons too: "my view" renders an image
                sent.append(await mallory.click(post, click_id(post, "view")))
            else:  # each /board renders the board
                sent.append(await mallory.slash("board", channel=thread))
            await asyncio.sleep(max(0.0, start + FLOOD_SECONDS * (n + 1) / FLOOD - time.monotonic()))
        return sent

    async def alices_move() -> float:
        await asyncio.sleep(FLOOD_SECONDS / 2)  # in the middle of the flood
        start = time.monotonic()
        await played(alice, thread, "take 1")
        return time.monotonic() - start

    began = time.monotonic()
    sent, alice_seconds = await asyncio.gather(flood(), alices_move())
    flood_seconds = time.monotonic() - began
    for result in sent:
        await done(result, timeout=30)
    texts = [reply_text(r) for r in sent]
    slowed = sum("going faster than I can follow" in t for t in texts)
    answered = len(texts) - slowed
    await played(bob, thread, "take 2")  # bob's turn: he is answered too
    print(f"flood: {FLOOD} interactions from one member in {flood_seconds:.2f} s; served {answered}, "
          f"refused {slowed} politely; alice's /move answered in {alice_seconds:.2f} s; "
          f"acknowledged late: {len(server.unacknowledged_interactions)}")
    assert all(r.acknowledged for r in sent) and not server.unacknowledged_interactions
    assert all(m.ephemeral for r in sent for m in r.messages)
    assert slowed >= FLOOD - 40 and answered >= 10  # the burst, then about one per second
    assert alice_seconds < TIMEOUT  # answered at all (a generous bound, not a speed test)
    assert "rate limited" in tabula.output()


async def played(user: FakeUser, thread: Channel, text: str) -> None:
    """``/move`` in the table's thread, which must be accepted."""
    res = await slash_ok(user, "move", thread, move=text)
    assert reply_text(res).startswith("✓"), f"{user.name}: /move {text!r} refused: {reply_text(res)!r}"


async def test_a_thread_is_archived_when_its_table_ends(server: LoopbackDiscord, tabula: BotProcess,
                                                        service: TableService, alice: FakeUser,
                                                        bob: FakeUser) -> None:
    table_id = await started(server, alice, bob)
    thread = next(t for t in server.threads("general") if str(table_id) in t.name)
    for user, count in ((alice, 3), (bob, 3), (alice, 1)):  # 7 pebbles: alice takes the last
        await played(user, thread, f"take {count}")
    await server.wait_for_message(thread, lambda m: "Final ranking" in m.text, timeout=TIMEOUT)
    await server.wait_until(lambda: thread.archived, timeout=TIMEOUT, description="the thread archived")
    assert not thread.locked  # /export and /log still work there
    exported = await slash_ok(alice, "export", thread)
    assert exported.message.attachments

    # an abandoned lobby's thread is archived too
    lobby = await new_table(server, bob)
    lobby_thread = next(t for t in server.threads("general") if str(lobby) in t.name)
    await abandon(bob, lobby_thread)
    await server.wait_until(lambda: lobby_thread.archived, timeout=TIMEOUT, description="the lobby's thread archived")
    assert "archived the thread of table" in tabula.output()


async def test_discord_refusing_a_thread_leaves_nothing_behind(server: LoopbackDiscord, tabula: BotProcess,
                                                               service: TableService, alice: FakeUser,
                                                               bob: FakeUser) -> None:
    # the server has as many active threads as Discord allows
    server.fail_requests("POST", THREADS_ROUTE, status=400, code=160006,
                         message="Maximum number of active threads reached")
    text = await refused(alice, "table new", "general", game="pebbles")
    assert "as many active threads as Discord allows" in text, text
    assert server.injected_responses and not lobby_cards(server, 1)
    assert not any(m.custom_ids for m in server.public_messages("general"))  # the lobby card went
    assert service.table(1).status == "abandoned" and not service.tables(str(server.guild.id))

    # the bot may not post in this channel: said in bob's language, nothing opened
    server.fail_requests("POST", "/channels/{channel_id}/messages", status=403, code=50013,
                         message="Missing Permissions")
    assert "权限" in await refused(bob, "table new", "general", game="pebbles")
    assert not service.tables(str(server.guild.id))

    # an invalid form (50035) is a clear refusal too
    server.fail_requests("POST", THREADS_ROUTE, status=400, code=50035, message="Invalid Form Body",
                         errors={"name": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "Too long"}]}})
    assert "as invalid" in await refused(alice, "table new", "general", game="pebbles")

    # once Discord agrees again, the table opens at once (a refusal starts no cooldown)
    table_id = await new_table(server, alice)
    assert service.table(table_id).status == "lobby"
    assert len(server.injected_responses) == 3
