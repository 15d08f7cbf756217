"""Issue 19 §7: an admin's early end of It's a Wonderful World (``/mod end``) ranks the players by
their running score (ruling R19), not everyone first with 0 points, in the thread with the result
image; ``/table status`` shows that ranking."""

from __future__ import annotations

import asyncio

from bot.discord_app.i18n import t
from games.wonderful_world import GAME
from games.wonderful_world.scoring import score
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import confirmed, draft_and_slate, lobby_click, open_table, reply_text, slash_ok
from .test_abuse_proof import dave  # noqa: F401  (the fixture: a server moderator)


async def test_an_early_end_ranks_by_the_running_score(server: LoopbackDiscord, tabula: BotProcess,
                                                       service: TableService, alice: FakeUser,
                                                       dave: FakeUser) -> None:  # noqa: F811
    table = await open_table(server, alice, "wonderful-world", seats=2)
    await lobby_click(table, alice, "addbot")
    await lobby_click(table, alice, "start")
    # alice drafts and slates all seven cards: each unfinished one costs 1 (R14)
    await draft_and_slate(service, alice, table, 0, lambda drafted: f"build {drafted[0]}")

    # the creator may not end it early (a leader could end a game in their favour); a moderator can,
    # with /mod end, after confirming
    refused = await slash_ok(alice, "mod end", table.thread)
    assert "Only the server's moderators" in reply_text(refused)
    mark = server.checkpoint()
    await confirmed(dave, "mod end", table.thread, "endyes")
    ranking = await server.wait_for_message(table.thread, lambda m: "ended the game early" in m.text, after=mark)
    assert not ranking.pinged or dave.id not in ranking.pinged
    await server.wait_until(lambda: any(a.filename.startswith("result") for a in ranking.attachments),
                            description="the result image")
    loaded = await asyncio.to_thread(service.load, table.id)
    assert loaded.table.status == "finished"
    totals = {seat: score(loaded.state, e)["total"] for seat, e in enumerate(loaded.state.empires)}
    assert totals[0] == -7, totals                          # rules §5 on the empires as they stand
    names = {s.seat: s.name for s in loaded.seats}

    text = reply_text(await slash_ok(alice, "table status", table.thread))
    assert t("bot.result.title", "en") in text, text
    for seat, total in totals.items():
        assert f"{names[seat]} — {total}" in text, (seat, total, text)
    assert GAME.text("outcome.force_ended", None, "en") in text and "nobody won" not in text, text
    if totals[0] != totals[1]:                              # the higher running score ranks first
        first = max(totals, key=lambda s: totals[s])
        assert f"1. {names[first]} — {totals[first]}" in text and f"2. {names[1 - first]}" in text, text
