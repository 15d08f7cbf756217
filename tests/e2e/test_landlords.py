"""The Landlord's Game through Discord with no adapter changes: a person against a bot, by /move."""

from __future__ import annotations

import asyncio

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import lobby_click, move, open_table, public_bot_messages, slash_ok

MAX_MOVES = 400


async def test_a_landlords_game_plays_to_the_ranking_through_slash_commands(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser) -> None:
    table = await open_table(server, alice, "landlords", seats=2, options={"options": "round_limit=10"})
    await lobby_click(table, alice, "addbot")
    await lobby_click(table, alice, "start")
    moves = 0
    for _ in range(MAX_MOVES):
        loaded = await asyncio.to_thread(service.load, table.id)
        if loaded.game.is_over(loaded.state):
            break
        if 0 not in loaded.game.to_act(loaded.state):
            await asyncio.sleep(0.05)  # the bot seat answers inside the same commit; just re-read
            continue
        choices = await alice.autocomplete("move", option="move", value="", channel=table.thread)
        assert 0 < len(choices) <= 25
        legal = {str(m) for m in loaded.game.legal_moves(loaded.state, 0)}
        assert {c.value for c in choices} <= legal
        wanted = next((c.value for c in choices if not c.value.startswith("offer")), choices[0].value)
        await move(alice, table, wanted)
        moves += 1
    else:
        raise AssertionError("the game did not end")
    log = await asyncio.to_thread(service.log, table.id)
    # ten rounds of rolling (her rolls made by the default order auto-roll, R34), buying, paying
    assert len([r for r in log if r.seat == 0 and r.notation == "roll"]) >= 10 and moves >= 1
    outcome = loaded.game.outcome(loaded.state)
    assert outcome is not None and {s.seat for s in outcome.standings} == {0, 1}
    final = await server.wait_for_message(table.thread, lambda m: "result" in " ".join(
        a.filename for a in m.attachments))
    assert "1." in final.text
    own = await slash_ok(alice, "hand", table.thread)
    assert own.message.ephemeral
    for message in public_bot_messages(server, table.thread):
        assert "cash $" not in message.text.lower()  # a seat's cash never shows in public
