"""Issue 12, "Abuse-proof tables", through the loopback Discord, as a hostile member (Mallory), the
table's creator (Alice) and a server manager (Dave):

1. nobody takes a seat they are not offered, and a seat offered changes hands only when its
   member accepts; nobody holds two seats; every change is announced and in /log with who made it;
4. adding bots and starting are for the creator or a manager (or every seated player together
   when the creator left);
5. seat numbers the table does not have are refused clearly, never an unexpected error;
6. a move racing an abandon made by another process never lands on the abandoned table.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from games.registry import register, unregister
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord, Message
from tests.support.discord_loopback._util import MEMBER_PERMISSIONS
from tests.support.discord_loopback.model import Role

from .conftest import running_tabula
from .gated import ENTERED, GATE_ENV, GATED, OPEN
from .helpers import Table, done, lobby_click, open_table, public_bot_messages, reply_text, slash_ok
from .test_refusals import started

MANAGE_THREADS = 1 << 34
NOT_ALLOWED = "Only the table's creator or a server manager"


@pytest.fixture
def mallory(server: LoopbackDiscord) -> FakeUser:
    """A member with no seat and no say."""
    return server.add_user("mallory")


@pytest.fixture
def dave(server: LoopbackDiscord) -> FakeUser:
    """A server manager (Manage Threads), not seated anywhere."""
    user = server.add_user("dave")
    role = Role(id=server.ids.next(), name="moderators", permissions=MEMBER_PERMISSIONS | MANAGE_THREADS, position=1)
    server.guild.roles[role.id] = role
    user.record.role_ids.append(role.id)
    return user


def private_to(result_text: str, user: FakeUser, messages: list[Message]) -> bool:
    return bool(messages) and all(m.ephemeral and m.visible_to == user.id for m in messages) and bool(result_text)


async def offer_post(server: LoopbackDiscord, table: Table, after: int) -> Message:
    """The newest seat offer (a public post with Accept / Decline) after checkpoint ``after``."""
    return await server.wait_for_message(table.thread, lambda m: any(":seatyes:" in c for c in m.custom_ids),
                                         after=after)


def button(message: Message, action: str) -> str:
    return next(c for c in message.custom_ids if f":{action}:" in c)


async def test_a_seat_changes_hands_only_when_its_member_accepts(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, mallory: FakeUser, dave: FakeUser) -> None:
    table = await started(server, alice, bob, "pebbles")
    posts = len(public_bot_messages(server, table.thread))

    # the creator cannot sub anyone into the opponent's seat without his consent (issue 19 §3), nor
    # herself (she would read both seats' secrets)
    for member in (alice, carol):
        res = await slash_ok(alice, "mod sub", table.thread, seat=2, member=member)
        assert "Seat 2 is Bob's: only they can hand it over" in reply_text(res) and res.message.ephemeral
    res = await slash_ok(bob, "table handover", table.thread, member=alice)       # Bob reads Chinese
    assert "已经坐在这张桌的座位 1" in reply_text(res) and res.message.ephemeral
    # a hostile member and a seated non-creator offer nothing
    res = await slash_ok(mallory, "mod sub", table.thread, seat=2, member=mallory)
    assert NOT_ALLOWED in reply_text(res)
    res = await slash_ok(bob, "mod sub", table.thread, seat=1, member=carol)
    assert "开桌人" in reply_text(res)
    assert len(public_bot_messages(server, table.thread)) == posts  # no offer went out

    # Bob hands his seat to Carol: public, pinging her; only she can answer
    mark = server.checkpoint()
    res = await slash_ok(bob, "table handover", table.thread, member=carol)
    assert carol.mention in reply_text(res) and res.message.ephemeral
    offer = await offer_post(server, table, mark)
    assert not offer.ephemeral and carol.mention in offer.content and bob.mention in offer.content
    for stranger in (mallory, alice, bob):
        click = await done(await stranger.click(offer, button(offer, "seatyes")))
        await click.wait_followups(1)
        assert private_to(reply_text(click), stranger, click.followups)
    assert "offered to someone else" in reply_text(click) or "让给别人" in reply_text(click)
    assert [s.user_id for s in service.seats(table.id)] == [str(alice.id), str(bob.id)]

    # Carol declines: nothing changes; asked again, she accepts
    await done(await carol.click(offer, button(offer, "seatno")))
    await server.wait_until(lambda: not offer.custom_ids, description="the declined offer without buttons")
    assert "declined seat 2" in offer.content
    assert service.seats(table.id)[1].user_id == str(bob.id)
    mark = server.checkpoint()
    await slash_ok(bob, "table handover", table.thread, member=carol)
    offer = await offer_post(server, table, mark)
    await done(await carol.click(offer, button(offer, "seatyes")))
    announced = await server.wait_for_message(table.thread, lambda m: "now plays seat 2" in m.content
                                              and not m.custom_ids and m.id != offer.id)
    assert carol.mention in announced.content and bob.mention in announced.content
    assert service.seats(table.id)[1].user_id == str(carol.id)
    assert not offer.custom_ids

    # a manager hands the seat to a bot without asking anyone
    mark = server.checkpoint()
    res = await slash_ok(dave, "mod sub", table.thread, seat=2)
    await server.wait_for_message(table.thread, lambda m: "A bot (Bot 2) now plays seat 2" in m.content, after=mark)
    assert service.seats(table.id)[1].is_bot

    # everyone reads who changed the seats in /log (Bob, in Chinese, is no longer seated)
    history = reply_text(await slash_ok(bob, "log", table.thread))
    assert f"座位 2（Bob）由 <@{bob.id}> 交给了 Carol" in history
    assert f"座位 2（Carol）由 <@{dave.id}> 交给了 Bot 2" in history
    rows = [r for r in service.log(table.id) if r.kind == "system"]
    assert [(r.notation, r.user_id) for r in rows] == [
        (f"sub 2 {carol.id} by {bob.id}", str(bob.id)), (f"sub 2 bot by {dave.id}", str(dave.id))]
    assert '"mod": true' in (rows[1].move or "")  # the moderator's power, on record


async def test_bots_and_the_start_are_for_the_creator_or_a_manager(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, mallory: FakeUser, dave: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=4)
    await lobby_click(table, bob, "join")

    # a stranger and a seated player cannot fill the table with bots, nor start it
    for who, refusal in ((mallory, NOT_ALLOWED), (bob, "开桌人")):
        res = await lobby_click(table, who, "addbot")
        assert refusal in reply_text(res) and private_to(reply_text(res), who, res.followups)
    res = await lobby_click(table, mallory, "start")
    assert NOT_ALLOWED in reply_text(res)
    assert len(service.seats(table.id)) == 2

    # Bob's Start is only his vote: the creator is seated and decides
    res = await lobby_click(table, bob, "start")
    assert "你的开始投票已记录" in reply_text(res) and "Alice" in reply_text(res)
    await server.wait_for_message(table.thread, lambda m: "Bob is ready to start" in m.content)
    assert service.table(table.id).status == "lobby"

    # the manager and the creator add bots; the creator starts
    await lobby_click(table, dave, "addbot")
    await lobby_click(table, alice, "addbot")
    assert [s.is_bot for s in service.seats(table.id)] == [False, False, True, True]
    await lobby_click(table, alice, "start")
    await server.wait_until(lambda: not table.lobby.custom_ids, description="the lobby started")
    assert service.table(table.id).status == "active"

    # a lobby whose creator left starts when every seated player pressed Start
    other = await open_table(server, alice, "pebbles", seats=3)
    await lobby_click(other, bob, "join")
    await lobby_click(other, carol, "join")
    await slash_ok(alice, "table leave", other.thread)
    res = await lobby_click(other, bob, "start")
    assert "Carol" in reply_text(res) and service.table(other.id).status == "lobby"
    await lobby_click(other, carol, "start")
    await server.wait_until(lambda: not other.lobby.custom_ids, description="the players started it together")
    assert service.table(other.id).status == "active"


async def test_seat_numbers_the_table_does_not_have_are_refused_clearly(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser) -> None:
    """The fixture fails the test on any unexpected error the bot logs."""
    table = await open_table(server, alice, "pebbles", seats=2)
    await lobby_click(table, bob, "join")
    res = await slash_ok(alice, "mod kick", table.thread, seat=7)
    assert "There is no seat 7 at this table (seats 1–2)" in reply_text(res)
    await slash_ok(alice, "table start", table.thread)
    for command, options in (("mod sub", {"seat": 9, "member": carol}), ("mod sub", {"seat": 9}),
                             ("mod kick", {"seat": 7})):
        res = await slash_ok(alice, command, table.thread, **options)
        assert f"There is no seat {options['seat']} at this table" in reply_text(res), reply_text(res)
        assert "something went wrong" not in reply_text(res)
    assert [s.user_id for s in service.seats(table.id)] == [str(alice.id), str(bob.id)]
    assert not [r for r in service.log(table.id) if r.kind == "system"]


async def wait_for_file(path: Path, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        await asyncio.sleep(0.02)


async def test_a_move_racing_an_abandon_from_another_process_is_refused(
        server: LoopbackDiscord, bot_env: dict[str, str], service: TableService, alice: FakeUser, bob: FakeUser,
        tmp_path: Path) -> None:
    """Alice's move is loaded and being applied when the table is abandoned by another process
    (here the test's own service, as a second bot process on the same database would). The move
    must not be committed onto the abandoned table: the bot refuses it once it sees the new state."""
    gate = tmp_path / "gate"
    gate.mkdir()
    env = {**bot_env, "TABULA_EXTRA_GAMES": f"{bot_env['TABULA_EXTRA_GAMES']},tests.e2e.gated:GATED",
           GATE_ENV: str(gate)}
    register(GATED)
    try:
        async with running_tabula(server, env):
            table = await started(server, alice, bob, "gated")
            pending = await alice.slash("move", channel=table.thread, move="take 1")
            await wait_for_file(gate / ENTERED)                          # the bot loaded the table, mid-move
            await asyncio.to_thread(service.abandon, table.id, str(alice.id))
            (gate / OPEN).touch()
            res = await done(pending)
            assert "not being played (it is abandoned)" in reply_text(res), reply_text(res)
            assert service.table(table.id).status == "abandoned"
            assert [r.kind for r in service.log(table.id)] == ["system"]  # the abandon, and no move
    finally:
        unregister(GATED.meta.id)
