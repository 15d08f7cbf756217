"""Issue 10 §9, per-server settings: a server's managers choose, with ``/settings server``, the
language of new tables' public messages, their deadline per step and what happens to a late seat,
the channel that holds their threads and whether those threads are private. The choice is stored
in the database (it survives a restart), a table opened afterwards uses it, a member who is not a
manager is refused, a bad value changes nothing, and a server that chose nothing keeps the old
behaviour (the environment's defaults)."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime, timedelta

from service import TableService
from service.limits import ServerDefaults
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord, Message
from tests.support.discord_loopback.model import ChannelType

from .helpers import TIMEOUT, done, public_bot_messages, reply_text, slash_ok
from .test_abuse import manager, refused

GUILD_SETTINGS = {"language": "zh", "deadline": 24.0, "policy": "bot", "channel": "games", "threads": "private"}


async def opened(server: LoopbackDiscord, user: FakeUser, where: str) -> tuple[int, Message]:
    """``/table new`` (pebbles, two seats) used in ``where``; the table's id and its lobby card."""
    res = await slash_ok(user, "table new", where, game="pebbles", seats=2)
    found = re.search(r"(?:Table #|第 )(\d+)", reply_text(res))
    assert found, f"/table new refused: {reply_text(res)!r}"
    table_id = int(found.group(1))
    join = f"tb:{table_id}:0:join"
    cards = [m for name in ("general", "games") for m in public_bot_messages(server, name) if join in m.custom_ids]
    assert len(cards) == 1, cards
    return table_id, cards[0]


async def defaults_of(service: TableService, server: LoopbackDiscord) -> ServerDefaults:
    return await asyncio.to_thread(service.server_defaults, str(server.guild.id))


async def test_a_manager_sets_the_defaults_of_new_tables(server: LoopbackDiscord, tabula: BotProcess,
                                                         service: TableService, alice: FakeUser,
                                                         bob: FakeUser) -> None:
    mod = manager(server, "mod")
    games = server.resolve_channel("games")

    # a member who is not a manager is refused, and nothing is stored
    for option, value in GUILD_SETTINGS.items():
        text = await refused(alice, "settings server", "general", options={option: value})
        assert "server managers" in text, (option, text)
    assert await defaults_of(service, server) == ServerDefaults()
    # ... in their own language
    assert "服务器管理员" in await refused(bob, "settings server", "general", threads="private")

    # a bad value is refused clearly and changes nothing, not even the good values beside it
    text = await refused(mod, "settings server", "general", language="zh", deadline=0.05)
    assert "too often" in text and "10 minutes" in text, text
    assert await defaults_of(service, server) == ServerDefaults()

    # the manager sets each setting, one at a time, and reads them back
    for option, value in GUILD_SETTINGS.items():
        text = reply_text(await slash_ok(mod, "settings server", "general", options={option: value}))
        assert text.startswith("Saved."), (option, text)
    shown = reply_text(await slash_ok(alice, "settings server", "general"))
    assert "New tables: public messages in Chinese · deadline: 24 h · after the deadline: a bot takes the seat" \
        in shown and f"threads under <#{games.id}> · private threads" in shown, shown
    assert await defaults_of(service, server) == ServerDefaults("zh", 24.0, "bot", str(games.id), "private")
    # /settings show outside a table shows the server's settings, in the reader's language
    shown = reply_text(await slash_ok(bob, "settings show", "general"))
    assert "公开消息使用中文" in shown and "私密子区" in shown and "24 h" in shown, shown

    # they live in the database: a restarted bot still has them
    handshakes = server.gateway.handshake_count
    await tabula.kill()
    await tabula.start()
    await server.wait_for_connection(previous=handshakes, timeout=30)
    shown = reply_text(await slash_ok(alice, "settings server", "general"))
    assert f"<#{games.id}>" in shown and "private threads" in shown, shown

    # a table opened in #general afterwards: its thread is in #games, private, in Chinese
    table_id, card = await opened(server, alice, "general")
    assert card.channel_id == games.id, "the lobby card stands in the chosen channel"
    thread = next(t for t in server.threads("games") if str(table_id) in t.name)
    assert thread.type == ChannelType.PRIVATE_THREAD and thread.parent_id == games.id
    assert alice.id in thread.member_ids and bob.id not in thread.member_ids
    assert not [t for t in server.threads("general") if str(table_id) in t.name]
    welcome = await server.wait_for_message(thread, lambda m: f"第 {table_id} 桌" in m.text, timeout=TIMEOUT)
    assert "由" in welcome.text, welcome.text
    row = await asyncio.to_thread(service.table, table_id)
    assert row.language == "zh" and row.channel_id == str(thread.id)
    assert row.settings.get("deadline_hours") == 24.0 and row.settings.get("policy") == "bot"

    # bob joins from the card and is added to the private thread; the game starts with its deadline
    await done(await bob.click(card, f"tb:{table_id}:0:join"))
    await server.wait_until(lambda: bob.id in thread.member_ids, timeout=TIMEOUT, description="bob added")
    await slash_ok(alice, "table start", thread)
    await server.wait_for_message(thread, lambda m: bool(m.attachments), timeout=TIMEOUT)
    row = await asyncio.to_thread(service.table, table_id)
    assert row.deadline_at is not None
    due = row.deadline_at if row.deadline_at.tzinfo else row.deadline_at.replace(tzinfo=UTC)
    assert timedelta(hours=23) < due - datetime.now(UTC) <= timedelta(hours=24)
    assert "deadline: 24 h · after the deadline: a bot takes the seat" in reply_text(
        await slash_ok(alice, "settings show", thread))


async def test_a_server_without_settings_keeps_the_old_behaviour(server: LoopbackDiscord, tabula: BotProcess,
                                                                service: TableService, alice: FakeUser) -> None:
    mod = manager(server, "mod")
    shown = reply_text(await slash_ok(alice, "settings server", "general"))
    assert "public messages in the server's Discord language · deadline: off · after the deadline: a bot " \
           "moves for the late player · threads under the channel where /table new is used · public threads" \
        in shown, shown

    table_id, card = await opened(server, alice, "general")
    assert card.channel_id == server.resolve_channel("general").id
    thread = next(t for t in server.threads("general") if str(table_id) in t.name)
    assert thread.type == ChannelType.PUBLIC_THREAD
    row = await asyncio.to_thread(service.table, table_id)
    assert row.language == "en" and "deadline_hours" not in row.settings and "policy" not in row.settings

    # settings chosen, then reset: new tables are back to the old behaviour
    await slash_ok(mod, "settings server", "general",
                   options={"channel": "games", "threads": "private", "language": "zh", "deadline": 12})
    shown = reply_text(await slash_ok(mod, "settings server", "general", reset="everything"))
    assert shown.startswith("Saved.") and "public threads" in shown, shown
    assert await defaults_of(service, server) == ServerDefaults()
    second, card = await opened(server, alice, "general")
    assert card.channel_id == server.resolve_channel("general").id
    thread = next(t for t in server.threads("general") if str(second) in t.name)
    assert thread.type == ChannelType.PUBLIC_THREAD
    row = await asyncio.to_thread(service.table, second)
    assert row.language == "en" and "deadline_hours" not in row.settings

    # only the channel goes back to the default with reset=channel
    await slash_ok(mod, "settings server", "general", options={"channel": "games", "threads": "private"})
    await slash_ok(mod, "settings server", "general", reset="channel")
    assert await defaults_of(service, server) == ServerDefaults(threads="private")
