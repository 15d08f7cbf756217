"""Issue #3 (e): non-players and the wrong seat are refused privately, in their language, and
nothing changes; plus undo (own move, and with the others' consent) and authority checks."""

from __future__ import annotations

import asyncio

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import Table, done, lobby_click, move, open_table, public_bot_messages, reply_text, slash_ok


async def started(server: LoopbackDiscord, creator: FakeUser, other: FakeUser, game: str) -> Table:
    table = await open_table(server, creator, game, seats=2)
    await lobby_click(table, other, "join")
    await slash_ok(creator, "table start", table.thread)
    await server.wait_for_message(table.thread, lambda m: bool(m.attachments))
    return table


def latest_post_with(server: LoopbackDiscord, table: Table, suffix: str) -> tuple[str, object]:
    for message in reversed(public_bot_messages(server, table.thread)):
        for cid in message.custom_ids:
            if cid.endswith(suffix):
                return cid, message
    raise AssertionError(f"no public post with a {suffix!r} button")


async def test_non_player_and_wrong_seat_are_refused(server: LoopbackDiscord, tabula: BotProcess,
                                                     service: TableService, alice: FakeUser, bob: FakeUser,
                                                     carol: FakeUser) -> None:
    table = await started(server, alice, bob, "pebbles")
    posts_before = len(public_bot_messages(server, table.thread))

    # a non-player: /move and the public move button
    res = await done(await carol.slash("move", channel=table.thread, move="take 1"))
    assert res.message.ephemeral and "not seated" in reply_text(res)
    button, post = latest_post_with(server, table, ":play:take 1")
    res = await done(await carol.click(post, button))  # type: ignore[arg-type]
    await res.wait_followups(1)
    assert all(m.ephemeral and m.visible_to == carol.id for m in res.followups)
    assert "not seated" in reply_text(res)

    # the wrong seat (bob, zh-CN, while alice must move): refused in Chinese
    res = await done(await bob.slash("move", channel=table.thread, move="take 1"))
    assert res.message.ephemeral and "还没轮到你" in reply_text(res)
    res = await done(await bob.click(post, button))  # type: ignore[arg-type]
    await res.wait_followups(1)
    assert "还没轮到你" in reply_text(res)

    # nonsense from the right seat: a clear private error, in English
    res = await done(await alice.slash("move", channel=table.thread, move="fly away"))
    assert res.message.ephemeral and "not a move you can make now" in reply_text(res)

    assert service.log(table.id) == []
    assert len(public_bot_messages(server, table.thread)) == posts_before

    # a running game is abandoned by its players' vote (issue 19 §4): a seated player is asked to
    # confirm his vote, a member without a seat is refused; /export waits for the end (it would reveal the seed)
    res = await done(await bob.slash("mod abandon", channel=table.thread))
    assert "确定要永久放弃" in reply_text(res) and any(":abandonyes:" in c for c in res.message.custom_ids)
    stranger = server.add_user("stranger")
    res = await done(await stranger.slash("mod abandon", channel=table.thread))
    assert "not seated" in reply_text(res)
    res = await done(await alice.slash("export", channel=table.thread))
    assert "once the game is over" in reply_text(res) and not res.message.attachments

    # a command outside any table's channel says so
    res = await done(await alice.slash("move", channel="games", move="take 1"))
    assert "no table in this channel" in reply_text(res)


async def test_undo_own_move_and_with_consent(server: LoopbackDiscord, tabula: BotProcess, service: TableService,
                                              alice: FakeUser, bob: FakeUser) -> None:
    # pebbles: nothing is hidden, so a player takes their own last move back at once
    table = await started(server, alice, bob, "pebbles")
    await move(alice, table, "take 2")
    res = await slash_ok(alice, "undo", table.thread)
    assert "taken back" in reply_text(res)
    loaded = await asyncio.to_thread(service.load, table.id)
    assert loaded.state.pile == 7 and loaded.game.to_act(loaded.state) == {0}

    # snap: every move counts as irreversible, so the other player must allow the undo
    snap = await started(server, alice, bob, "snap")
    await move(alice, snap, "snap")
    res = await slash_ok(alice, "undo", snap.thread)
    assert "asked the other players" in reply_text(res)
    allow, request = latest_post_with(server, snap, ":undoyes")
    res = await done(await alice.click(request, allow))  # type: ignore[arg-type]
    assert "own undo" in reply_text(res)
    res = await done(await bob.click(request, allow))  # type: ignore[arg-type]
    loaded = await asyncio.to_thread(service.load, snap.id)
    assert loaded.state.points == [0, 0]
    await server.wait_for_message(snap.thread, lambda m: "took back" in m.text)


async def test_refusals_name_players_not_seat_numbers(server: LoopbackDiscord, tabula: BotProcess,
                                                      alice: FakeUser, bob: FakeUser) -> None:
    """Play experience §3: "waiting for Alice", not "waiting for #1"."""
    table = await started(server, alice, bob, "pebbles")
    res = await done(await bob.slash("move", channel=table.thread, move="take 1"))
    text = reply_text(res)
    assert "等待 Alice" in text and "#1" not in text  # bob reads Chinese
