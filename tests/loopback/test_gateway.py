"""Gateway lifecycle with a real bot process: READY, command sync, RESUME, restarts."""

from __future__ import annotations

from tests.support.discord_loopback import BotProcess, CallbackType, FakeUser, LoopbackDiscord


async def test_connect_ready_and_guild_create(server: LoopbackDiscord, bot: BotProcess) -> None:
    (session,) = server.gateway.sessions.values()
    assert session.connected
    assert session.dispatched[:2] == ["READY", "GUILD_CREATE"]
    assert session.intents & 1  # GUILDS
    assert server.gateway.identify_count == 1
    # The client asked for zlib-stream transport compression and decoded it.
    (conn,) = server.gateway.connections
    assert conn.compressor.kind == "zlib-stream"


async def test_command_sync_is_stored(server: LoopbackDiscord, bot: BotProcess) -> None:
    assert server.command_syncs[0][0] is None  # a global bulk overwrite
    names = {c["name"] for c in server.commands}
    assert {"table", "move", "thread", "pick", "slow"} <= names
    table = next(c for c in server.commands if c["name"] == "table")
    subs = {o["name"]: o for o in table["options"]}
    assert subs["new"]["type"] == 1 and subs["admin"]["type"] == 2
    seats = next(o for o in subs["new"]["options"] if o["name"] == "seats")
    assert (seats["type"], seats["min_value"], seats["max_value"], seats["required"]) == (4, 2, 6, True)
    move = next(c for c in server.commands if c["name"] == "move")
    assert move["options"][0]["autocomplete"] is True


async def test_resume_after_dropped_connection(
    server: LoopbackDiscord, bot: BotProcess, alice: FakeUser
) -> None:
    before = server.gateway.handshake_count
    assert server.gateway.drop_connections(code=4000) == 1
    # Interactions sent while the socket is down are buffered and replayed on RESUME.
    result = await alice.slash("move", channel="general", move="pass")
    await server.wait_for_connection(previous=before)
    await result.wait_done()

    assert server.gateway.resume_count == 1 and server.gateway.identify_count == 1
    assert result.message.content == "Alice plays pass"


async def test_reconnect_opcode_resumes(server: LoopbackDiscord, bot: BotProcess, alice: FakeUser) -> None:
    before = server.gateway.handshake_count
    assert server.gateway.request_reconnect() == 1
    await server.wait_for_connection(previous=before)
    assert server.gateway.resume_count == 1
    result = await alice.slash("table hand", channel="general")
    await result.wait_done()


async def test_invalid_session_forces_identify(
    server: LoopbackDiscord, bot: BotProcess, alice: FakeUser
) -> None:
    before = server.gateway.handshake_count
    server.gateway.invalidate_sessions()
    await server.wait_for_connection(previous=before)
    assert server.gateway.identify_count == 2
    result = await alice.slash("table hand", channel="general")
    await result.wait_done()


async def test_sigkill_restart_keeps_old_buttons_working(
    server: LoopbackDiscord, bot: BotProcess, alice: FakeUser, bob: FakeUser
) -> None:
    created = await alice.slash("table new", channel="general", game="wonderful-world", seats=3)
    await created.wait_done()
    table = created.message
    first_pid = bot.pid

    before = server.gateway.handshake_count
    assert await bot.kill() == -9
    await bot.start()
    session = await server.wait_for_connection(previous=before)
    assert session.dispatched[0] == "READY"  # new process: fresh IDENTIFY
    assert server.gateway.identify_count == 2

    click = await bob.click(table, table.custom_ids[0])
    await click.wait_done()
    assert click.callback_type == CallbackType.UPDATE_MESSAGE
    assert "1/3 seated, last Bob" in table.content
    assert f"[pid {bot.pid}]" in table.content and bot.pid != first_pid
