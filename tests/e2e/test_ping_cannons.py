"""Issue 19 §2: invitations and rematches are no ping cannons. A seated member pinged a non-player
12 times in 13 s with ``/table invite``; a creator looping rematch and abandon opened 7 threads and
pinged a former opponent 7 times in 24 s. Now one member invites another to a table once, a member
may refuse invitations, invitations and rematches go through the same cooldown and caps as new
tables, and a rematch pings each former player at most once an hour."""

from __future__ import annotations

import asyncio

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import confirmed, lobby_click, move, open_table, public_bot_messages, reply_text, slash_ok
from .test_abuse import bot_env, env, extra_env  # noqa: F401  (fixtures: the bot's settings per test)

COOLDOWN = 2.0


def pings_of(server: LoopbackDiscord, user: FakeUser) -> int:
    """Every public post, in every channel and thread, that pinged ``user``."""
    channels = ["general", *server.threads("general")]
    return sum(1 for channel in channels for m in public_bot_messages(server, channel) if user.id in m.pinged)


@env(invite_burst=2, new_table_cooldown=30)
async def test_a_member_is_invited_to_a_table_once_may_refuse_invitations_and_invites_come_a_few_at_a_time(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser) -> None:
    dave = server.add_user("dave")
    table = await open_table(server, alice, "pebbles", seats=4)
    sent = await slash_ok(alice, "table invite", table.thread, member=bob)
    assert sent.message.ephemeral and "is invited" in reply_text(sent)
    for _ in range(3):                                                   # the spam of the report
        again = await slash_ok(alice, "table invite", table.thread, member=bob)
        assert "invited that member to this table already" in reply_text(again)
    assert pings_of(server, bob) == 1

    # Carol refuses invitations: nobody can invite her (she is not even added to the thread)
    chosen = await slash_ok(carol, "settings invites", table.thread, on=False)
    assert "Nobody can invite you" in reply_text(chosen)
    refused = await slash_ok(alice, "table invite", table.thread, member=carol)
    assert "takes no invitations" in reply_text(refused)
    assert pings_of(server, carol) == 0 and carol.id not in table.thread.member_ids

    # refusals spent nothing; two invitations in a row are Alice's burst, and the third waits
    await slash_ok(alice, "table invite", table.thread, member=dave)
    erin = server.add_user("erin")
    wait = await slash_ok(alice, "table invite", table.thread, member=erin)
    assert "several invitations in a row" in reply_text(wait) and pings_of(server, erin) == 0
    assert pings_of(server, dave) == 1
    await slash_ok(carol, "settings invites", table.thread, on=True)
    print(f"\ninvitations: bob pinged {pings_of(server, bob)} time(s) by 4 invitations of one member; "
          f"carol (refusing) {pings_of(server, carol)}; the third invitation in a row refused")


@env(new_table_cooldown=COOLDOWN)
async def test_a_rematch_loop_pings_a_former_opponent_once_an_hour(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser,
        carol: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=2, options={"options": "pile=3"})
    await lobby_click(table, carol, "join")
    await slash_ok(alice, "table start", table.thread)
    await move(alice, table, "take 3")
    assert (await asyncio.to_thread(service.table, table.id)).status == "finished"
    before = pings_of(server, carol)
    await asyncio.sleep(COOLDOWN)

    opened = []
    for attempt in range(3):                                             # rematch, abandon, again
        answer = await slash_ok(alice, "table rematch", table.thread)
        if attempt == 0:
            refused = await slash_ok(alice, "table rematch", table.thread)  # at once: the cooldown
            assert "open another in" in reply_text(refused)
        new_id = max(r.id for r in await asyncio.to_thread(service.tables, None, ("lobby",)))
        assert f"#{new_id}" in reply_text(answer)
        opened.append(new_id)
        thread = next(t for t in server.threads("general") if str(new_id) in t.name)
        welcome = next(m for m in public_bot_messages(server, thread) if "Rematch of table" in m.text)
        assert carol.mention in welcome.content                          # she is always named...
        assert (carol.id in welcome.pinged) == (attempt == 0)            # ...and pinged the first time only
        await confirmed(alice, "table abandon", thread, "abandonyes")
        await asyncio.sleep(COOLDOWN)
    assert pings_of(server, carol) - before == 1
    assert len(set(opened)) == 3
    print(f"\nrematch loop: 3 rematches opened and abandoned, the former opponent pinged "
          f"{pings_of(server, carol) - before} time(s)")
