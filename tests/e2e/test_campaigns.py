"""Issue 23 §3 through the loopback Discord: a moderator creates a campaign of two pebbles tables for
a group of three; the first table's thread opens under the campaign's channel with one post pinging
the group, the members play, the clock scores it and opens the second, and ``/campaign status``
prints the archived cumulative scoreboard (docs/campaigns.md). Members cannot create campaigns;
refusals come in the reader's language."""

from __future__ import annotations

from service import TableService
from storage.campaigns import Campaigns
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import reply_text, slash_ok
from .test_abuse_proof import dave  # noqa: F401  (the fixture: a server moderator)
from .test_leagues import play_out


async def test_a_campaign_runs_through_discord(server: LoopbackDiscord, tabula: BotProcess, service: TableService,
                                               alice: FakeUser, bob: FakeUser, carol: FakeUser,
                                               dave: FakeUser) -> None:  # noqa: F811
    group = {"member1": alice, "member2": bob, "member3": carol}
    refused = reply_text(await slash_ok(alice, "campaign create", "general", name="Duo", games="pebbles,pebbles",
                                        **group))
    assert refused.startswith("Only server managers (Manage Server"), refused
    five = reply_text(await slash_ok(dave, "campaign create", "general", name="Five", member1=alice, member2=bob,
                                     member3=carol, member4=dave, member5=server.add_user("erin")))
    assert "landlords seats 1–4 players: a group of 5 cannot play it" in five, five
    made = reply_text(await slash_ok(dave, "campaign create", "general", name="Duo", games="pebbles,pebbles",
                                     **group))
    assert made == "Campaign “Duo” created: Pebbles, Pebbles. The first table is open.", made
    users = {str(u.id): u for u in group.values()}
    store = Campaigns(service.repo)
    campaign = store.named(str(server.guild.id), "Duo")
    assert campaign is not None
    for number in (1, 2):
        post = await server.wait_for_message(
            "general", lambda m, n=number: f"table {n}/2, Pebbles" in m.text and not m.ephemeral)
        assert all(f"<@{user}>" in post.text for user in users), post.text
        await server.wait_until(lambda n=number: len(store.tables(campaign.id)) >= n and service.repo.require_table(
            store.tables(campaign.id)[n - 1].table_id).channel_id is not None,
            description=f"table {number}'s thread recorded")
        link = store.tables(campaign.id)[number - 1]
        thread = next(t for t in server.threads("general") if t.name == f"Duo · {number}/2")
        assert service.repo.require_table(link.table_id).channel_id == str(thread.id)
        await server.wait_for_message(thread, lambda m: not m.ephemeral)  # the table's first status post
        if number == 1:
            early = reply_text(await slash_ok(carol, "campaign status", "general", name="Duo"))
            assert early.startswith("Duo — 0 of 2 tables played, running:") and len(early.splitlines()) == 4, early
        await play_out(server, service, link.table_id, thread, users)

    await server.wait_until(lambda: (c := store.get(campaign.id)) is not None and c.status == "ended",
                            description="the campaign ended")
    assert len([t for t in server.threads("general") if t.name.startswith("Duo")]) == 2  # each opened once
    final = reply_text(await slash_ok(carol, "campaign status", "general", name="Duo"))
    assert final.startswith("Duo — 2 of 2 tables played, ended:"), final
    assert len(final.splitlines()) == 4 and "(2 tables" in final, final
    zh = reply_text(await slash_ok(bob, "campaign status", "general", name="Duo"))  # bob reads Chinese
    assert "已完成 2/2 桌，已结束" in zh, zh
    assert "只有服务器管理员" in reply_text(await slash_ok(bob, "campaign end", "general", name="Duo"))
