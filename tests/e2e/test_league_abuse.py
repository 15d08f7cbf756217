"""Issue 23 §7 through the loopback Discord: a role the server names in ``/settings server`` runs
leagues besides moderators (create, start, pause, end); a member without it is refused in their
language; league commands answer a flood with the bot's throttle message, not silence; ``/turns``
lists a league table (docs/leagues.md "Creating a league", "Abuse")."""

from __future__ import annotations

import asyncio

import pytest

from service import TableService
from storage.leagues import Leagues
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord, Role
from tests.support.discord_loopback._util import MEMBER_PERMISSIONS

from .helpers import done, reply_text, slash_ok
from .test_abuse_proof import dave  # noqa: F401  (the fixture: a server moderator)

#: Each member's burst of interactions in this test: a flood of league commands past it is refused.
BURST = 8


@pytest.fixture
def bot_env(bot_env: dict[str, str]) -> dict[str, str]:
    return {**bot_env, "TABULA_RATE_ACTIONS": str(BURST), "TABULA_RATE_SECONDS": "600"}


@pytest.fixture
def hosts(server: LoopbackDiscord, carol: FakeUser) -> Role:
    """A role with no moderator's permission, carol's; made before the bot connects, so it knows it."""
    role = Role(id=server.ids.next(), name="league hosts", permissions=MEMBER_PERMISSIONS, position=1)
    server.guild.roles[role.id] = role
    carol.record.role_ids.append(role.id)
    return role


async def test_a_league_role_runs_leagues_a_flood_is_answered_and_turns_lists_league_tables(
        server: LoopbackDiscord, hosts: Role, tabula: BotProcess, service: TableService, alice: FakeUser,
        bob: FakeUser, carol: FakeUser, dave: FakeUser) -> None:  # noqa: F811

    refused = reply_text(await slash_ok(carol, "league create", "general", name="Hosted", game="pebbles"))
    assert refused.startswith("Only server managers"), refused  # no role named yet
    shown = reply_text(await slash_ok(dave, "settings server", "general", league_role=hosts))
    assert f"moderators and members with <@&{hosts.id}>" in shown, shown
    assert "only" not in reply_text(await slash_ok(alice, "settings server", "general")).split("\n")[-1]
    refused = reply_text(await slash_ok(alice, "settings server", "general", league_role=hosts))
    assert "managers" in refused, refused  # only moderators name the role

    made = reply_text(await slash_ok(carol, "league create", "general", name="Hosted", game="pebbles", seats=2,
                                     rounds=1, round_hours=24))
    assert made.startswith("League “Hosted” created"), made
    refused_zh = reply_text(await slash_ok(bob, "league pause", "general", name="Hosted"))  # bob reads Chinese
    assert refused_zh.startswith("只有服务器管理员"), refused_zh
    for user in (alice, bob):
        await slash_ok(user, "league join", "general", name="Hosted")
    assert "Season 1" in reply_text(await slash_ok(carol, "league start", "general", name="Hosted"))

    # the table opens from the clock; /turns lists it for whoever must move, with its thread
    store = Leagues(service.repo)
    league = store.named(str(server.guild.id), "Hosted")
    assert league is not None
    season = store.season(league.id, 1)
    assert season is not None
    [link] = store.round_tables(store.rounds(season.id)[0].id)
    await server.wait_until(lambda: service.repo.require_table(link.table_id).channel_id is not None,
                            description="the league table's thread recorded")
    loaded = await asyncio.to_thread(service.load, link.table_id)
    [seat] = loaded.game.to_act(loaded.state)
    mover = alice if loaded.seats[seat].user_id == str(alice.id) else bob
    turns = reply_text(await slash_ok(mover, "turns", "general"))
    assert f"#{link.table_id}" in turns and f"<#{loaded.table.channel_id}>" in turns, turns

    assert "is paused" in reply_text(await slash_ok(carol, "league pause", "general", name="Hosted"))
    assert "has ended" in reply_text(await slash_ok(carol, "league end", "general", name="Hosted"))
    # the role stands for a moderator with campaigns too (docs/campaigns.md)
    made = reply_text(await slash_ok(carol, "campaign create", "general", name="Pair", games="pebbles",
                                     member1=alice, member2=bob))
    assert made.startswith("Campaign “Pair” created"), made
    assert "ended; its scoreboard is archived" in reply_text(await slash_ok(carol, "campaign end", "general",
                                                                         name="Pair"))

    # a flood of league commands from one member: every one answered, those past the burst politely refused
    mallory = server.add_user("mallory")
    sent = [await mallory.slash("league standings", channel="general", name="Hosted") for _ in range(BURST + 4)]
    texts = [reply_text(await done(result)) for result in sent]
    slowed = sum("going faster than I can follow" in text for text in texts)
    print(f"league flood: {len(sent)} /league standings from one member; answered {len(sent) - slowed}, "
          f"refused {slowed} politely")
    assert all(texts) and all(r.acknowledged for r in sent) and all(m.ephemeral for r in sent for m in r.messages)
    assert slowed >= 4 and "Hosted (Pebbles) — season 1, ended:" in texts[0], texts[0]
